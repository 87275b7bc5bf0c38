"""The documentation checks are pytest plugins of the verifier package: doccheck/plugin.py (pages,
snippets, translations, the built site) and doccheck/browser.py (Chromium and the served site)."""

pytest_plugins = ["doccheck.plugin", "doccheck.browser"]
