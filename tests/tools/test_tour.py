"""The tour (doccheck.tour) on a site of three hand-written pages: each page is visited once per
window whatever the number of probes, results come back in page order, a request that fails or
goes to another host is recorded, and a probe that raises or looks at nothing makes its test fail
by name instead of passing on no results.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from doccheck.site import BuiltSite
from doccheck.static_server import SiteServer
from doccheck.tour import LAPTOP, PHONE, Probe, Tour, TourFailed
from hooks.core.project import Project

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).parents[1] / "fixtures" / "mini_site"  # languages en and zh
PAGES = {
    "index.html": "<title>home</title><p>home",
    "page/index.html": '<title>page</title><img src="missing.png" alt="">',
    "zh/index.html": '<title>zh home</title><script src="https://cdn.example.com/x.js"></script>'
    # the test server itself under another name: served if the browser let the request through
    '<script src="http://localhost:{port}/guide/leak.js"></script>',
    "leak.js": 'document.title = "leaked to another host"',
}

TITLE = Probe("title", lambda tab, page, window, project: tab.title(), (LAPTOP, PHONE))
WIDTH = Probe("width", lambda tab, page, window, project: tab.evaluate("innerWidth"), (PHONE,))


def _fails_on_zh(tab, page, window, project):
    if page.language == "zh":
        raise ValueError("broken on purpose")
    return True


FAILS_ON_ZH = Probe("fails on zh", _fails_on_zh, (LAPTOP,))
WANTS_NOTHING = Probe("wants nothing", lambda *_: True, (LAPTOP,), wants=lambda page, project: False)


@pytest.fixture(scope="module")
def toured(chromium, tmp_path_factory):
    tiny_site = tmp_path_factory.mktemp("tiny-site")
    server = SiteServer(tiny_site, "/guide/")
    port = str(urlsplit(server.url).port)
    head = '<meta name="viewport" content="width=device-width">'  # as a phone sees the real pages
    for relative, text in PAGES.items():
        (tiny_site / relative).parent.mkdir(parents=True, exist_ok=True)
        if relative.endswith(".html"):
            text = f"<!doctype html><html><head>{head}{text.replace('{port}', port)}</html>"
        (tiny_site / relative).write_text(text, encoding="utf-8")
    tour = Tour(Project(PROJECT), [TITLE, WIDTH, FAILS_ON_ZH, WANTS_NOTHING])
    tour.start(lambda: BuiltSite(tiny_site, 0, "", 0.0), lambda: server.url)
    yield tour
    tour.close()
    server.close()


def test_each_page_is_visited_once_per_window_for_all_its_probes(toured):
    titles = [(look.window.name, look.result) for look in toured.looks(TITLE)]
    assert titles == [(w, t) for w in ("laptop", "phone") for t in ("home", "page", "zh home")]
    assert [look.result for look in toured.looks(WIDTH)] == [390, 390, 390]
    assert toured.visits == 6  # three pages, two windows: not one visit per probe


def test_a_failed_request_and_a_request_to_another_host_are_recorded(toured):
    by_page = {look.page.url: look.traffic for look in toured.looks(TITLE) if look.window == LAPTOP}
    assert any("404" in failure and "missing.png" in failure for failure in by_page["page/"].failed)
    foreign = [re.sub(r":\d+/", ":PORT/", url) for url in by_page["zh/"].foreign]
    assert foreign == ["https://cdn.example.com/x.js", "http://localhost:PORT/guide/leak.js"]
    assert not by_page["zh/"].failed  # listed once, as foreign
    assert not by_page[""].failed and not by_page[""].foreign


def test_a_request_to_another_host_never_reaches_it(toured):
    # leak.js, served by the test server under the name localhost, would rename the page
    assert [look.result for look in toured.looks(TITLE) if look.page.url == "zh/"] == ["zh home", "zh home"]


def test_a_probe_that_raises_fails_its_test_by_page(toured):
    with pytest.raises(TourFailed, match=r"(?s)fails on zh: \[zh\] /zh/ \(laptop, 1280 px\).*broken on purpose"):
        toured.looks(FAILS_ON_ZH)


def test_a_probe_that_looks_at_nothing_fails(toured):
    with pytest.raises(TourFailed, match="looked at nothing"):
        toured.looks(WANTS_NOTHING)
