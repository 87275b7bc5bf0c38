"""The build: the MkDocs side of the guide.

``plugin`` is the one MkDocs plugin (``guide-build``): it owns the build's state and calls the
features below in a declared order, per page and once after every language. Each feature is a
module of plain functions or a Python-Markdown extension:

* ``cjk_line_breaks``, ``polish_no_break_spaces``: each language's typography;
* ``latex_to_mathml``, ``mathml_fixes``, ``math_to_mathml``, ``math_font``: math as MathML, set in
  a subset of STIX Two Math;
* ``notebook_pages``, ``notebook_downloads``, ``notebooks_under_i18n``: notebook pages;
* ``search_per_language``, ``reader_pages``, ``figures_for_every_language``, ``i18n_state``: one
  site in four languages (search, outdated notices, 404 pages, shared figures);
  ``search_input``: the lighter HTML Material's search indexes (the same words, fewer tags);
* ``figures_in_language``, ``font_files``: each figure as a file per language, its texts in that language and
  set in fonts cut down from registry packages; ``responsive_figures``: notebook images' sizes;
* ``runnable_copies``: copy buttons that copy a program that runs alone;
* ``repeated_work``, ``compiled_templates``, ``build_cache``: what a build does not do twice (the
  same code block or search page in another language or `mkdocs serve` rebuild, the theme's
  templates, what `.cache/` keeps from one build to the next).

``hooks.core`` is what the guide *is* (its layout, pages, snippets, take-away programs and
translation records), shared with the verifier. The build never imports the verifier
(doccheck); tests/tools/test_import_graph.py keeps it so. ``theme_overrides/`` holds Material's
template overrides, ``assets/`` the files the build copies into the site.
"""
