/* What the interactive figures share (rope-dial.js, scaling-explorer.js, loaded after this file):
 * the page language's words and how it writes numbers (hooks/core/languages.yml, through the page's
 * JSON, main.html), an element maker, and a labelled slider with its number.
 */
(() => {
  "use strict";

  const words = JSON.parse(document.getElementById("__guide-words").textContent);

  const element = (name, attributes = {}, parent = null, namespace = null) => {
    const made = namespace ? document.createElementNS(namespace, name) : document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
    if (parent) parent.append(made);
    return made;
  };

  window.guideFigures = {
    SVG: "http://www.w3.org/2000/svg",
    words,
    element,
    /* as hooks.core.languages.written writes a number: 4 decimals, decimal comma, minus sign */
    number: value => {
      const shown = words.decimal_comma ? value.toFixed(4).replace(".", ",") : value.toFixed(4);
      return shown.replace(/^-/, words.minus);
    },
    /* a labelled range input (min..max, whole steps) and the <output> beside it */
    slider: (form, id, label, value, min, max) => {
      const row = element("div", {class: "interactive-figure__control"}, form);
      element("label", {for: id}, row).textContent = label;
      const input = element("input", {type: "range", id, min: String(min), max: String(max), step: "1", value: String(value)}, row);
      const shown = element("output", {for: id}, row);
      shown.textContent = String(value);
      return [input, shown];
    },
  };
})();
