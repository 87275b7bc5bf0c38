"""Every snippet and notebook prints, exits and draws the same under every CPU configuration
this machine can run (doccheck.cpu): SSE4.2, AVX2 and AVX-512 kernels, and a reader's four
threads, each compared byte for byte with the run the pages quote. A reader on another x86-64
machine then sees what the page shows. Checks of doccheck.catalogue, marked ``portability``;
tests/tools/test_portability_check.py shows how the check decides."""

from doccheck.plugin import content_test

test_snippet_prints_the_same_on_every_cpu = content_test("test_snippet_prints_the_same_on_every_cpu")
test_notebook_runs_the_same_on_every_cpu = content_test("test_notebook_runs_the_same_on_every_cpu")
