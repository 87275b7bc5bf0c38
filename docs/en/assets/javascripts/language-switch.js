// Switching language keeps the section: every heading has the same id in every language
// (the fidelity check makes sure), so the language menu's links carry the current #fragment.
(function () {
  function carryFragment() {
    document.querySelectorAll("a.md-select__link[hreflang]").forEach(function (link) {
      var target = new URL(link.getAttribute("href"), location.href);
      target.hash = location.hash;
      link.setAttribute("href", target.href);
    });
  }
  carryFragment();
  window.addEventListener("hashchange", carryFragment);
})();
