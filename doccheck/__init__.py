"""doccheck: the guide's verifier. It runs the snippets, compares what pages quote with what they
print, rewrites stale outputs, and checks that translations say what the English pages say.

What a page, a notebook, a snippet and a translation record *are* is ``hooks.core``, which the
build shares; the verifier imports it, and the build never imports the verifier. One job per
module:

* ``notebooks``: executing notebook pages, comparing and storing their outputs;
* ``runner`` and ``warm_server``: running snippets as a reader does (cold or forked warm);
* ``cpu``: the CPU configurations (vector kernels, threads) every output must survive, and the
  environment line of a failing quote;
* ``session``: one run of the checks, each snippet and notebook executed at most once;
* ``compare`` and ``update``: comparing quotes with output, and rewriting stale ones;
* ``checks``: the checks on pages, figures, parity and portability, as functions returning problems;
* ``catalogue``: every check declared once (name, scope, what it runs), for both faces; ``problem``:
  the one thing every check reports;
* ``alignment``: translation fidelity, block by block;
* ``drift``: which translations are stale, what changed since, and recording new versions;
* ``site``: the built site's pages, and building it once per test session in the background,
  with only the build's requirements importable;
* ``static_server``: serving the built site on 127.0.0.1, in a process of its own;
* ``chromium``: the Chromium processes, and sharing visits out over several of them;
* ``tour``: one visit per page and window for every browser check (the tests' probes);
* ``plugin``: the pytest plugin; ``browser``: its browser fixtures; ``stash_keys``: what the two
  share; ``cli``: ``python -m doccheck``.
"""
