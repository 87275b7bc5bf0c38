/* The scaling explorer: each pair's scale factor θ′ᵢ / θᵢ under five long-context methods.
 *
 * A <div class="scaling-explorer" data-head-dim="128" data-base="10000"> holds what a reader
 * without JavaScript sees (the static figure above it shows s = 4, L = 2048). This script replaces
 * it with two sliders (the factor s and the trained length L, powers of two), a drawing of the five
 * curves over the pairs, and a table of the factors at seven pairs to 4 decimals, computed as the
 * page's snippets compute them (ntk_base for NTK-aware scaling, rope_frequencies for the other four;
 * dynamic NTK given the factor s at s · L tokens): tests/browser/test_scaling_explorer.py sets the sliders to
 * each setting snippets/rope/scaling_explorer.py prints and compares the table, in every language.
 * Its words and helpers: interactive-figures.js.
 */
(() => {
  "use strict";

  const {SVG, words, element, number, slider} = window.guideFigures;  // interactive-figures.js
  const PAIRS = [0, 16, 24, 32, 40, 48, 63];

  /* θ′ᵢ / θᵢ for i = 0 .. d/2 - 1; dynamic NTK at a sequence of s · L tokens */
  function methods(d, base, s, trained) {
    const pairs = [...Array(d / 2).keys()];
    const powerOfBase = b => pairs.map(i => (b / base) ** (-2 * i / d));
    const dynamicLength = s * trained;
    const turning = turns => (d * Math.log(trained / (turns * 2 * Math.PI))) / (2 * Math.log(base));
    let low = Math.max(Math.floor(turning(32)), 0);
    let high = Math.min(Math.ceil(turning(1)), d - 1);
    if (low === high) high += 0.001;
    return [
      ["explorer_pi", pairs.map(() => 1 / s)],
      ["explorer_ntk", powerOfBase(base * s ** (d / (d - 2)))],
      ["explorer_dynamic", powerOfBase(base * ((s * dynamicLength) / trained - (s - 1)) ** (d / (d - 2)))],
      ["explorer_yarn", pairs.map(i => {
        const ramp = Math.min(Math.max((i - low) / (high - low), 0), 1);
        return ramp / s + (1 - ramp);
      })],
      ["explorer_llama3", pairs.map(i => {
        const wavelength = 2 * Math.PI * base ** (2 * i / d);
        if (wavelength < trained / 4) return 1;
        if (wavelength > trained) return 1 / s;
        const smooth = (trained / wavelength - 1) / (4 - 1);
        return (1 - smooth) / s + smooth;
      })],
    ];
  }

  // each method's colour (interactive-figures.css, one set per colour scheme) and dash pattern
  const STYLES = [["method-1", ""], ["method-2", "6 4"], ["method-3", "8 3 2 3"], ["method-4", ""], ["method-5", "2 3"]];
  const stroke = colour => `stroke: var(--figure-${colour})`;

  function build(explorer, index) {
    const d = Number(explorer.dataset.headDim);
    const base = Number(explorer.dataset.base);
    explorer.replaceChildren();
    const form = element("form", {class: "interactive-figure__controls"}, explorer);
    form.addEventListener("submit", event => event.preventDefault());
    const [factor, factorShown] = slider(form, `scaling-explorer-${index}-s`, words.explorer_factor, 2, 1, 4);
    const [trained, trainedShown] = slider(form, `scaling-explorer-${index}-l`, words.explorer_trained, 11, 10, 13);

    // x: pair 0 .. d/2 - 1 over 0 .. 100; y: log2 of the factor, 1 at the top
    const svg = element("svg", {viewBox: "-14 -6 120 76", class: "scaling-explorer__plot", role: "img"}, explorer, SVG);
    const grid = element("g", {}, svg, SVG);
    const curves = STYLES.map(([colour, dash]) =>
      element("polyline", {fill: "none", style: stroke(colour), "stroke-width": "0.8", "stroke-dasharray": dash}, svg, SVG));
    const xLabel = element("text", {x: "50", y: "69", "font-size": "3.2", "text-anchor": "middle"}, svg, SVG);
    xLabel.textContent = words.explorer_pair;

    // the table scrolls sideways on a phone: its box takes keyboard focus and is named by the caption
    const wrap = element("div", {class: "scaling-explorer__wrap", tabindex: "0", role: "group"}, explorer);
    const table = element("table", {class: "scaling-explorer__table"}, wrap);
    const caption = element("caption", {}, table);
    const head = element("tr", {}, element("thead", {}, table));
    element("th", {scope: "col"}, head).textContent = words.explorer_method;
    for (const pair of PAIRS) element("th", {scope: "col"}, head).textContent = `i = ${pair}`;
    const body = element("tbody", {}, table);
    const rows = STYLES.map(([colour, dash], row) => {
      const tr = element("tr", {}, body);
      const name = element("div", {class: "scaling-explorer__name"}, element("th", {scope: "row"}, tr));
      // a size of its own: a table sizes its cells before it lays out a drawing sized by CSS
      const key = element("svg", {viewBox: "0 0 16 4", width: "24", height: "6", class: "scaling-explorer__key", "aria-hidden": "true"}, name, SVG);
      element("line", {x1: "0", y1: "2", x2: "16", y2: "2", style: stroke(colour), "stroke-width": "1.6", "stroke-dasharray": dash ? dash.split(" ").map(n => n / 2).join(" ") : ""}, key, SVG);
      const label = element("span", {}, name);
      return [label, PAIRS.map(() => element("td", {}, tr))];
    });

    function update() {
      const s = 2 ** Number(factor.value);
      const length = 2 ** Number(trained.value);
      factorShown.textContent = String(s);
      trainedShown.textContent = String(length);
      const results = methods(d, base, s, length);
      const lowest = Math.floor(Math.log2(Math.min(...results.flatMap(([, ratios]) => ratios))));
      const y = ratio => (Math.log2(ratio) / lowest) * 60;
      const x = i => (i / (d / 2 - 1)) * 100;
      grid.replaceChildren();
      for (let power = 0; power >= lowest; power -= lowest < -4 ? 2 : 1) {
        element("line", {x1: "0", x2: "100", y1: String(y(2 ** power)), y2: String(y(2 ** power)), style: stroke("axis"), "stroke-width": "0.3"}, grid, SVG);
        const tick = element("text", {x: "-1.5", y: String(y(2 ** power) + 1.1), "font-size": "3", "text-anchor": "end"}, grid, SVG);
        tick.textContent = power === 0 ? "1" : `1/${2 ** -power}`;
      }
      for (const pair of PAIRS) {
        element("line", {x1: String(x(pair)), x2: String(x(pair)), y1: "0", y2: "60", style: stroke("grid"), "stroke-width": "0.3"}, grid, SVG);
        const tick = element("text", {x: String(x(pair)), y: "64", "font-size": "3", "text-anchor": "middle"}, grid, SVG);
        tick.textContent = String(pair);
      }
      results.forEach(([key, ratios], row) => {
        curves[row].setAttribute("points", ratios.map((ratio, i) => `${x(i).toFixed(2)},${y(ratio).toFixed(2)}`).join(" "));
        const [label, cells] = rows[row];
        label.textContent = words[key].replace("{length}", (s * length).toLocaleString(document.documentElement.lang, {useGrouping: "min2"}));
        cells.forEach((cell, column) => { cell.textContent = number(ratios[PAIRS[column]]); });
      });
      const filled = template => template.replace("{s}", String(s)).replace("{L}", String(length));
      caption.textContent = filled(words.explorer_caption);
      wrap.setAttribute("aria-label", caption.textContent);
      svg.setAttribute("aria-label", filled(words.explorer_picture));
    }

    for (const input of [factor, trained]) input.addEventListener("input", update);
    update();
    explorer.classList.add("scaling-explorer--live");
  }

  document.querySelectorAll(".scaling-explorer").forEach(build);
})();
