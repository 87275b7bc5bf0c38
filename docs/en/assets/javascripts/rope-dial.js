/* The RoPE dial: one feature pair of a query and of a key, rotated to their positions.
 *
 * A <div class="rope-dial" data-theta="0.4" data-q="1.0 0.2" data-k="0.3 0.7"> holds what a reader
 * without JavaScript sees (the static figure above it says the same). This script replaces it with
 * three sliders (the query's position, the key's position, and a shift that moves both) and a
 * drawing of the two vectors, and shows the angle from q to k and the score q · k to 4 decimals
 * (each on a line of its own, in the sentence the page's language gives it),
 * computed as snippets/rope/rope_dial.py computes them: tests/browser/test_rope_dial.py sets the
 * sliders to that snippet's inputs and compares the numbers, in every language. Its words and
 * helpers: interactive-figures.js.
 */
(() => {
  "use strict";

  const {SVG, words, element, number, slider} = window.guideFigures;  // interactive-figures.js
  const rotate = ([x, y], angle) => [Math.cos(angle) * x - Math.sin(angle) * y, Math.sin(angle) * x + Math.cos(angle) * y];

  // colours are the stylesheet's (interactive-figures.css), one set per colour scheme
  const paint = (property, colour) => `${property}: var(--figure-${colour})`;

  function arrow(svg, colour, name) {
    const line = element("line", {x1: "0", y1: "0", style: paint("stroke", colour), "stroke-width": "0.035", "marker-end": `url(#${name})`}, svg, SVG);
    const marker = element("marker", {id: name, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse"}, svg.querySelector("defs"), SVG);
    element("path", {d: "M 0 0 L 10 5 L 0 10 z", style: paint("fill", colour)}, marker, SVG);
    const label = element("text", {style: paint("fill", colour), "font-size": "0.13", "text-anchor": "middle", "dominant-baseline": "middle"}, svg, SVG);
    return [line, label];
  }

  function build(dial, index) {
    const theta = Number(dial.dataset.theta);
    const q = dial.dataset.q.split(" ").map(Number);
    const k = dial.dataset.k.split(" ").map(Number);
    dial.replaceChildren();
    const form = element("form", {class: "interactive-figure__controls"}, dial);
    form.addEventListener("submit", event => event.preventDefault());
    const [query, queryShown] = slider(form, `rope-dial-${index}-query`, words.dial_query, 1, 0, 16);
    const [key, keyShown] = slider(form, `rope-dial-${index}-key`, words.dial_key, 3, 0, 16);
    const [shift, shiftShown] = slider(form, `rope-dial-${index}-shift`, words.dial_shift, 0, 0, 16);

    // y grows upwards in the drawing, as in the figure: the group flips the SVG's axis
    const svg = element("svg", {viewBox: "-1.6 -1.6 3.2 3.2", class: "rope-dial__plane", role: "img"}, dial, SVG);
    element("defs", {}, svg, SVG);
    element("circle", {cx: "0", cy: "0", r: String(Math.hypot(...q)), fill: "none", style: paint("stroke", "guide"), "stroke-width": "0.01", "stroke-dasharray": "0.04"}, svg, SVG);
    element("line", {x1: "-1.4", y1: "0", x2: "1.4", y2: "0", style: paint("stroke", "axis"), "stroke-width": "0.008"}, svg, SVG);
    element("line", {x1: "0", y1: "-1.4", x2: "0", y2: "1.4", style: paint("stroke", "axis"), "stroke-width": "0.008"}, svg, SVG);
    const arc = element("path", {fill: "none", style: paint("stroke", "arc"), "stroke-width": "0.015"}, svg, SVG);
    const [queryLine, queryLabel] = arrow(svg, "query", `rope-dial-${index}-q`);
    const [keyLine, keyLabel] = arrow(svg, "key", `rope-dial-${index}-k`);

    // each result on its own line, its number where the language's sentence puts it
    const results = element("p", {class: "rope-dial__results", "aria-live": "polite"}, dial);
    const result = (template, name) => {
      const shown = element("output", {class: `rope-dial__${name}`});
      const [before, after] = template.split(`{${name}}`);
      element("span", {}, results).append(before, shown, after);
      return shown;
    };
    const angleShown = result(words.dial_angle, "angle");
    const scoreShown = result(words.dial_score, "score");

    function update() {
      const m = Number(query.value) + Number(shift.value);
      const n = Number(key.value) + Number(shift.value);
      const qm = rotate(q, m * theta);
      const kn = rotate(k, n * theta);
      const start = Math.atan2(qm[1], qm[0]);
      const turn = 2 * Math.PI;
      const angle = (((Math.atan2(kn[1], kn[0]) - start) % turn) + turn) % turn;
      const score = qm[0] * kn[0] + qm[1] * kn[1];
      queryShown.textContent = query.value;
      keyShown.textContent = key.value;
      shiftShown.textContent = shift.value;
      angleShown.textContent = number(angle);
      scoreShown.textContent = number(score);
      for (const [line, label, [x, y], text] of [[queryLine, queryLabel, qm, `q (${m})`], [keyLine, keyLabel, kn, `k (${n})`]]) {
        line.setAttribute("x2", String(x));
        line.setAttribute("y2", String(-y));
        label.setAttribute("x", String(1.2 * x));
        label.setAttribute("y", String(-1.2 * y));
        label.textContent = text;
      }
      const r = 0.3;
      const end = start + angle;
      arc.setAttribute("d", `M ${r * Math.cos(start)} ${-r * Math.sin(start)} A ${r} ${r} 0 ${angle > Math.PI ? 1 : 0} 0 ${r * Math.cos(end)} ${-r * Math.sin(end)}`);
      svg.setAttribute("aria-label", words.dial_picture.replace("{m}", m).replace("{n}", n));
    }

    for (const input of [query, key, shift]) input.addEventListener("input", update);
    update();
    dial.classList.add("rope-dial--live");
  }

  document.querySelectorAll(".rope-dial").forEach(build);
})();
