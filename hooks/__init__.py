"""The build: the MkDocs side of the guide (hooks, Markdown extensions, math, theme, assets).

``hooks.core`` is what the guide *is* (its layout, pages, snippets, take-away programs and
translation records), shared with the verifier. The build never imports the verifier (doccheck);
tests/tools/test_import_graph.py keeps it so.
"""
