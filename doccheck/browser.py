"""Browser fixtures for the tests of the built site (registered by tests/conftest.py): Chromium
(doccheck.chromium), the built site served on 127.0.0.1 under site_url's path, as GitHub Pages
serves it (doccheck.static_server), and the tour that visits every page once per window for all
the probes of the browser tests (doccheck.tour).

Without Chromium the tests that use these fixtures skip, saying how to enable them; with
DOCCHECK_REQUIRE_BROWSER=1 (set by .ci/run) they fail instead.
"""

from __future__ import annotations

import os
import threading
from urllib.parse import urlsplit

import pytest

from .chromium import CHROMIUM, CHROMIUM_ARGS, HOW_TO_ENABLE
from .stash_keys import BUILD, SESSION
from .static_server import SiteServer
from .tour import LAPTOP, Tour, open_window


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


# -- the site on 127.0.0.1, and the tour of its pages ---------------------------------------

SERVER = pytest.StashKey["_SharedServer"]()
TOUR = pytest.StashKey[Tour]()
TAB_PERMISSIONS = ("clipboard-read", "clipboard-write")  # the copy buttons' test reads what they copy


class _SharedServer:
    """One server process per session for the built site, started by whoever needs it first: the
    tour in the background, or the ``server`` fixture."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self._lock = threading.Lock()
        self._server: SiteServer | None = None

    def url(self) -> str:
        with self._lock:
            if self._server is None:
                site = self.config.stash[BUILD].result().path
                site_url = self.config.stash[SESSION].project.mkdocs_config.get("site_url") or "/"
                self._server = SiteServer(site, urlsplit(site_url).path or "/")
            return self._server.url

    def close(self) -> None:
        with self._lock:
            if self._server is not None:
                self._server.close()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[SERVER] = _SharedServer(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    tour = config.stash.get(TOUR, None)
    if tour is not None:
        tour.close()
    config.stash[SERVER].close()


def _is_browser_test(item: pytest.Item) -> bool:
    return item.get_closest_marker("browser") is not None


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what is not wanted
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last, and the probes of their modules (``PROBES``, doccheck.tour) start
    visiting now, in the background: the tour runs while the other tests do."""
    items[:] = [item for item in items if not _is_browser_test(item)] + [i for i in items if _is_browser_test(i)]
    modules = dict.fromkeys(item.module for item in items if _is_browser_test(item) and hasattr(item, "module"))
    probes = [probe for module in modules for probe in getattr(module, "PROBES", [])]
    if probes and not config.option.collectonly and _browser_unavailable() is None:
        tour = Tour(config.stash[SESSION].project, probes, TAB_PERMISSIONS)
        tour.start(config.stash[BUILD].result, config.stash[SERVER].url)
        config.stash[TOUR] = tour


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    tour = config.stash.get(TOUR, None)
    if tour is not None and tour.visits:
        windows = ", ".join(dict.fromkeys(str(w) for probe in tour.probes for w in probe.windows))
        terminalreporter.write_line(
            f"browser tour: {tour.visits} page visits ({windows}) for {len(tour.probes)} probes, "
            f"{tour.seconds:.1f} s, two browsers ({CHROMIUM}) at once, beside the other tests"
        )


@pytest.fixture(scope="session")
def server(pytestconfig: pytest.Config, built_site) -> str:
    """The built site's address, at the same path as where it is deployed (so absolute links are
    tested too), e.g. http://127.0.0.1:8123/guide/."""
    return pytestconfig.stash[SERVER].url()


@pytest.fixture(scope="session")
def tour(pytestconfig: pytest.Config, chromium) -> Tour:
    """Every page visited once per window, with the results of the selected modules' probes."""
    started = pytestconfig.stash.get(TOUR, None)
    if started is None:
        pytest.fail("no tour was started: the test's module lists no PROBES", pytrace=False)
    return started


@pytest.fixture(scope="session")
def context(chromium):
    """One laptop window for the tests that browse on their own, outside the tour."""
    context = open_window(chromium, LAPTOP)
    yield context
    context.close()
