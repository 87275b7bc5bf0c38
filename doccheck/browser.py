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
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path("/usr/bin/chromium")
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


def new_context(browser, server: str):
    """A browser context in which any request to another host is recorded and aborted."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
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
