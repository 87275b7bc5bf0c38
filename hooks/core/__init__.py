"""hooks.core: what the guide *is*, read from its files, shared by the build (``hooks``) and the
verifier (``doccheck``). It imports neither of them, nor MkDocs, Python-Markdown, pytest or torch
(tests/tools/test_import_graph.py). One job per module:

* ``project``: the layout of a documentation project (languages, pages, snippets, figures);
* ``figure_text``: the words inside the figures, and their translations;
* ``markdown``: the one Markdown parser that reads pages (markdown-it);
* ``pages``: includes, quoted outputs, figures, links and prose numbers of a page;
* ``notebooks``: notebook pages as files;
* ``snippets``: which sibling snippets a snippet imports; importing snippets in tests;
* ``takeaway``: the program a snippet block's copy button copies (its siblings inlined);
* ``translations``: the record of which English version a translation translates, and the
  fingerprint that names a version;
* ``urls``: where each page is served;
* ``reading_time``: how long a page takes to read (the home page's fast track quotes it).
"""
