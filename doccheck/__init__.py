"""doccheck: the guide's verifier. It finds what pages quote, runs the snippets, compares,
rewrites stale outputs, and checks that translations say what the English pages say.

One job per module:

* ``project``: the layout of a documentation project (languages, pages, snippets, figures);
* ``markdown``: the one Markdown parser every check uses;
* ``pages``: includes, quoted outputs, figures, links and prose numbers of a page;
* ``notebooks``: notebook pages: read, execute, compare, store outputs;
* ``snippets``: which sibling snippets a snippet imports; importing snippets in tests;
* ``takeaway``: the program a snippet block's copy button copies (its siblings inlined);
* ``runner`` and ``warm_server``: running snippets as a reader does (cold or forked warm);
* ``cpu``: the CPU configurations (vector kernels, threads) every output must survive, and the
  environment line of a failing quote;
* ``session``: one run of the checks, each snippet and notebook executed at most once;
* ``compare`` and ``update``: comparing quotes with output, and rewriting stale ones;
* ``checks``: every check on pages, figures and parity, as functions returning problems;
* ``alignment``: translation fidelity, block by block;
* ``drift``: which English version each translation translates;
* ``site``: the built site's pages, and building it once per test session in the background;
* ``static_server``: serving the built site on 127.0.0.1, in a process of its own;
* ``tour``: one visit per page and window for every browser check (the tests' probes);
* ``plugin``: the pytest plugin; ``browser``: its browser fixtures; ``cli``: ``python -m doccheck``.
"""
