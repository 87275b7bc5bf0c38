"""Browser fixtures for the tests of the built site (registered by tests/conftest.py): Debian's
Chromium driven by Playwright (``playwright install`` is not needed), and the built site served
on 127.0.0.1 under site_url's path, as GitHub Pages serves it.

Without /usr/bin/chromium the tests that use these fixtures skip, saying how to enable them;
with DOCCHECK_REQUIRE_BROWSER=1 (set by .ci/run) they fail instead.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path("/usr/bin/chromium")
T = TypeVar("T")
R = TypeVar("R")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOW_TO_ENABLE = (
    "browser tests need Chromium at /usr/bin/chromium: `sudo apt-get install chromium fonts-noto-cjk` "
    "(Debian; .ci/run does it). Set DOCCHECK_REQUIRE_BROWSER=1 to make this a failure."
)


def _browser_unavailable() -> str | None:
    if not CHROMIUM.exists():
        return HOW_TO_ENABLE
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "browser tests need the playwright package: install requirements.txt"
    return None


@pytest.fixture(scope="session")
def chromium():
    reason = _browser_unavailable()
    if reason:
        if os.environ.get("DOCCHECK_REQUIRE_BROWSER") == "1":
            pytest.fail(f"DOCCHECK_REQUIRE_BROWSER=1, but {reason}", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield browser
    browser.close()
    playwright.stop()


# -- the site on 127.0.0.1 --------------------------------------------------------------------


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files under the site's path (site_url's, e.g. /guide/); a missing path gets the root
    404.html with status 404, as GitHub Pages does."""

    prefix = "/"

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "no-such-file")
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="session")
def server(built_site, project):
    """The built site at the same path as where it is deployed, so absolute links are tested too."""
    prefix = urlsplit(project.mkdocs_config.get("site_url") or "/").path or "/"
    prefix = prefix if prefix.endswith("/") else prefix + "/"
    handler = type("SiteHandler", (_Handler,), {"prefix": prefix})
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(built_site.path))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}{prefix}"
    httpd.shutdown()


@dataclass
class Traffic:
    """What the browser asked for while one page was the current one."""

    console_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    local_paths: set[str] = field(default_factory=set)


def new_context(browser, server: str, width: int = 1280):
    """A browser context (a window ``width`` px wide) in which any request to another host is
    recorded and aborted."""
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-US")
    context.traffic = Traffic()

    def foreign(route):
        context.traffic.foreign.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(server) and not url.startswith(("data:", "blob:", "about:")), foreign)
    return context


@pytest.fixture(scope="session")
def context(chromium, server):
    context = new_context(chromium, server)
    yield context
    context.close()


# -- several browsers at once -------------------------------------------------------------------

BROWSERS_AT_ONCE = 2  # one per core here


def in_browsers(
    items: list[T],
    work: Callable[[Any, T], R],
    open_context: Callable[[Any, Hashable], Any],
    context_key: Callable[[T], Hashable] = lambda item: None,
    browsers: int = BROWSERS_AT_ONCE,
) -> list[R]:
    """``work(tab, item)`` for every item, the items shared out over ``browsers`` Chromium
    processes that run at once, each driven from a thread of its own (Playwright's sync API wants
    one per thread). Each browser opens one context (``open_context(browser, key)``) and one tab
    per ``context_key`` of its items, and visits its items in their order. The results come back
    in the order of ``items``; the first error raised by ``work`` is raised here."""

    def share(indices: list[int]) -> list[tuple[int, R]]:
        from playwright.sync_api import sync_playwright

        done = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            tabs: dict[Hashable, Any] = {}
            try:
                for index in indices:
                    key = context_key(items[index])
                    if key not in tabs:
                        tabs[key] = open_context(browser, key).new_page()
                    done.append((index, work(tabs[key], items[index])))
            finally:
                browser.close()
        return done

    # neighbours go to different browsers, so that each gets its share of every kind of item
    shares = [list(range(start, len(items), browsers)) for start in range(min(browsers, len(items)))]
    with ThreadPoolExecutor(max_workers=len(shares) or 1, thread_name_prefix="browser") as pool:
        results = [pair for done in pool.map(share, shares) for pair in done]
    return [result for _, result in sorted(results, key=lambda pair: pair[0])]
