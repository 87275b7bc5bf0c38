"""The documentation checks are a pytest plugin of the verifier package (doccheck/plugin.py)."""

pytest_plugins = ["doccheck.plugin"]
