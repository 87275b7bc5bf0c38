"""The tests, by what a failure asks you to fix:

* ``docs/``: a page, in some language (quotes, numbers, figures, notebooks, parity, fidelity,
  drift, portability, and the maths of the snippets against independent implementations);
* ``site/``: the build (the built HTML, its head, math, the Markdown extensions, the languages
  table); no browser, no torch;
* ``browser/``: the built site in Chromium (marked ``browser``);
* ``tools/``: the verifier itself, mostly on the fixture site under ``fixtures/`` (no torch in
  this process; its snippets run in children).

The checks come from two pytest plugins of the verifier: doccheck/plugin.py (pages, snippets,
translations, the built site) and doccheck/browser.py (Chromium and the served site).
"""

pytest_plugins = ["doccheck.plugin", "doccheck.browser"]
