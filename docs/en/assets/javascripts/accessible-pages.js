/* Keyboard access to every box that scrolls, and no stray landmarks.
 *
 * A box of the content that scrolls (a code block, a table, a notebook cell or output) gets
 * tabindex="0", role="group" and a name (its block title, its column headings, its prompt), so a
 * keyboard reaches and scrolls it and a screen reader says what it is; data-scroll-region marks
 * it. When it no longer scrolls (a wider window), the attributes go again. Material does this for
 * code blocks alone, only on devices with hover (never on a phone), and takes tabindex away when
 * it decides otherwise: this script puts it back. Material wraps tables and adds the code buttons
 * after load, so new elements are watched for too.
 *
 * Material puts the buttons of each code block into a <nav class="md-code__nav">: an unnamed
 * navigation landmark per block, a dozen on some pages. They are buttons, not navigation:
 * role="none" (the buttons keep their names).
 *
 * tests/browser/test_accessibility.py checks the result with axe-core, on a phone and on a desktop.
 */
(() => {
  "use strict";

  /* the page language's words, from hooks/core/languages.yml (main.html writes them into the page) */
  const words = JSON.parse(document.getElementById("__guide-words").textContent);
  const text = element => (element ? element.textContent.replace(/\s+/g, " ").trim() : "");
  const promptOf = (box, area, selector) => {
    const shown = text(box.closest(area)?.querySelector(selector)).replace(/:$/, "");
    return shown ? ` (${shown})` : "";
  };

  /* selector of the boxes -> the name of one */
  const BOXES = [
    [".md-content pre > code", box => text(box.closest(".highlight")?.querySelector(":scope > .filename")) || words.code],
    [".md-content .md-typeset__scrollwrap", box => {
      const table = box.querySelector("table");
      const caption = text(table?.caption);
      const headings = [...(table?.querySelectorAll("thead th") || [])].map(text).filter(Boolean).join(", ");
      return `${words.table}: ${caption || headings}`.replace(/: $/, "").slice(0, 120);
    }],
    [".md-content .jupyter-wrapper .highlight-ipynb", box => words.code + promptOf(box, ".jp-InputArea", ".jp-InputPrompt")],
    [".md-content .jupyter-wrapper .jp-OutputArea-output, .md-content .jupyter-wrapper .jp-OutputArea-output pre",
      box => words.output + promptOf(box, ".jp-OutputArea-child", ".jp-OutputPrompt")],
  ];
  const ANY_BOX = BOXES.map(([selector]) => selector).join(", ");
  const CODE_NAV = "nav.md-code__nav";

  function scrolls(box) {
    const style = getComputedStyle(box);
    const sideways = box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(style.overflowX);
    const down = box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(style.overflowY);
    return sideways || down;
  }

  function update(box) {
    if (scrolls(box)) {
      if (box.getAttribute("tabindex") !== "0") box.setAttribute("tabindex", "0");
      if (!box.hasAttribute("data-scroll-region")) {
        const [, name] = BOXES.find(([selector]) => box.matches(selector));
        box.setAttribute("data-scroll-region", "");
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", name(box));
      }
    } else if (box.hasAttribute("data-scroll-region")) {
      for (const attribute of ["data-scroll-region", "role", "aria-label", "tabindex"]) box.removeAttribute(attribute);
    }
  }

  const watched = new WeakSet();
  const sizes = new ResizeObserver(entries => entries.forEach(entry => update(entry.target)));

  function watch(root) {
    const boxes = [...root.querySelectorAll(ANY_BOX)];
    if (root.matches?.(ANY_BOX)) boxes.push(root);
    for (const box of boxes) {
      if (watched.has(box)) continue;
      watched.add(box);
      sizes.observe(box);
      update(box);
    }
    const navs = [...root.querySelectorAll(CODE_NAV)];
    if (root.matches?.(CODE_NAV)) navs.push(root);
    navs.forEach(nav => nav.setAttribute("role", "none"));
  }

  new MutationObserver(records => {
    for (const record of records) {
      if (record.type === "attributes") {
        if (watched.has(record.target) && record.target.getAttribute("tabindex") !== "0") update(record.target);
      } else {
        record.addedNodes.forEach(node => node.nodeType === Node.ELEMENT_NODE && watch(node));
      }
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["tabindex"] });

  watch(document);
  /* a web font that arrives late can make a line wider than its box */
  document.fonts.ready.then(() => document.querySelectorAll("[data-scroll-region], " + ANY_BOX).forEach(update));
})();
