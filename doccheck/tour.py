"""One visit per page and window for every browser check of the built site.

A test module that looks at pages in Chromium declares what it looks at as ``Probe`` objects in a
module-level ``PROBES`` list: a function of the tab, the page and the window, the windows it
needs (a laptop, a laptop in the dark scheme, a phone) and the pages it wants. ``Tour`` visits
each page once per window, waits until the page has settled (loaded, its fonts ready, two frames
drawn), records what the visit requested, and runs on it every probe that wants it: first those
that only look, then those that change the page (pressing buttons and keys). Two browsers share
the visits (``doccheck.chromium.in_browsers``).

The browser plugin (``doccheck.browser``) starts the tour in the background when the tests have
been collected; it begins as soon as the site is built and runs while the tests that need no
browser do. A test asks for its probe's results with ``tour.looks(probe)``, which waits for them.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import unquote, urlsplit

from hooks.core.project import Project

from .chromium import in_browsers
from .site import BuiltPage, built_pages


@dataclass(frozen=True)
class Window:
    name: str
    width: int
    height: int
    scheme: str = "light"
    phone: bool = False  # touch and no hover (as Material sees a phone), a mobile viewport

    def __str__(self) -> str:
        return f"{self.name}, {self.width} px"


LAPTOP = Window("laptop", 1280, 900)
LAPTOP_DARK = Window("laptop-dark", 1280, 900, scheme="dark")
PHONE = Window("phone", 390, 844, phone=True)


@dataclass(frozen=True)
class Probe:
    name: str
    look: Callable[[Any, BuiltPage, Window, Project], Any]  # (Playwright page, built page, window, project) -> result
    windows: tuple[Window, ...]
    wants: Callable[[BuiltPage, Project], bool] = lambda page, project: True
    changes_page: bool = False  # runs after every probe that only looks

    def __str__(self) -> str:
        return self.name


@dataclass
class Traffic:
    """What the browser asked for while one page was the current one."""

    console_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    local_paths: set[str] = field(default_factory=set)


@dataclass
class Look:
    """One probe's result on one page in one window, with what that visit showed and requested."""

    page: BuiltPage
    window: Window
    status: int
    content_type: str
    traffic: Traffic
    result: Any


SETTLED = """() => document.fonts.ready.then(
  () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))))"""

# A reader opens the folded blocks (an exercise's answer): every probe looks at what is inside too
OPEN_FOLDS = """() => document.querySelectorAll("article details:not([open])").forEach(fold => { fold.open = true; })"""


class Recorder:
    """Listens to one tab; ``traffic`` is replaced for each visit. Requests to other hosts fail in
    the browser (doccheck.chromium's CHROMIUM_ARGS) and are listed in ``traffic.foreign`` only."""

    def __init__(self, tab, server: str, expected_statuses: Iterable[str] = ()) -> None:
        self.traffic = Traffic()
        self.server = server
        self.expected = set(expected_statuses)
        tab.on("console", self._console)
        tab.on("pageerror", lambda error: self.traffic.console_errors.append(f"uncaught: {error}"))
        tab.on("requestfailed", self._failed)
        tab.on("response", self._response)
        tab.on("request", self._request)

    def _console(self, message) -> None:
        if message.type == "error":
            self.traffic.console_errors.append(message.text)

    def _failed(self, request) -> None:
        # net::ERR_ABORTED: cancelled because the tab went on to the next page (e.g. the previous
        # page's search worker still loading)
        if request.failure != "net::ERR_ABORTED" and self._is_local(request.url):
            self.traffic.failed.append(f"{request.failure} {request.url}")

    def _response(self, response) -> None:
        if response.status >= 400 and response.url not in self.expected:
            self.traffic.failed.append(f"{response.status} {response.url}")

    def _request(self, request) -> None:
        if request.url.startswith(self.server):
            self.traffic.local_paths.add(unquote(urlsplit(request.url).path))
        elif not self._is_local(request.url):
            self.traffic.foreign.append(request.url)

    def _is_local(self, url: str) -> bool:
        return url.startswith((self.server, "data:", "blob:", "about:"))


def open_window(browser, window: Window, permissions: Iterable[str] = ()):
    """A browser context as a reader's window. Requests to other hosts fail in the browser itself
    (doccheck.chromium's CHROMIUM_ARGS), not here: intercepting requests would turn the cache off
    and send every request through Python."""
    context = browser.new_context(
        viewport={"width": window.width, "height": window.height},
        color_scheme=window.scheme,
        is_mobile=window.phone,
        has_touch=window.phone,
        locale="en-US",
    )
    if permissions:
        context.grant_permissions(list(permissions))
    return context


class TourFailed(RuntimeError):
    pass


class Tour:
    def __init__(self, project: Project, probes: Iterable[Probe], permissions: Iterable[str] = ()) -> None:
        self.project = project
        self.probes = list({probe.name: probe for probe in probes}.values())
        self.permissions = list(permissions)
        self.visits = 0
        self.seconds = 0.0  # from the first visit to the last
        self._looks: dict[str, list[Look]] = {probe.name: [] for probe in self.probes}
        self._errors: list[str] = []
        self._done = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.started_at = 0.0

    def start(self, site: Callable[[], Any], server: Callable[[], str]) -> None:
        """Visit in a thread of its own, once ``site()`` (which may wait for the build) and
        ``server()`` are ready."""
        self.started_at = time.time()
        self._thread = threading.Thread(target=self._run, args=(site, server), name="tour", daemon=True)
        self._thread.start()

    def looks(self, probe: Probe) -> list[Look]:
        """The probe's results, in the order of the windows it names and of the pages; raises if
        the tour, or this probe on any page, failed."""
        if probe.name not in self._looks:
            raise TourFailed(f"probe {probe} is not in this tour: list it in its test module's PROBES")
        if self._thread is None:
            raise TourFailed("the tour was never started")
        self._done.wait()
        errors = [e for e in self._errors if e.startswith(f"{probe}: ") or e.startswith("the tour: ")]
        if errors:
            raise TourFailed("\n".join(errors))
        if not self._looks[probe.name]:
            raise TourFailed(f"probe {probe}: no page of the built site is one it wants, so it looked at nothing")
        return self._looks[probe.name]

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    # -- the visits ------------------------------------------------------------------------------

    def _run(self, site: Callable[[], Any], server: Callable[[], str]) -> None:
        try:
            built = site()
            address = server()
            visiting = time.perf_counter()
            pages = built_pages(self.project, built.path)
            plan = []
            windows = list(dict.fromkeys(window for probe in self.probes for window in probe.windows))
            for window in windows:
                for page in pages:
                    chosen = [p for p in self.probes if window in p.windows and p.wants(page, self.project)]
                    chosen.sort(key=lambda probe: probe.changes_page)
                    if chosen:
                        plan.append((window, page, chosen))
            recorders: dict[int, Recorder] = {}

            def visit(tab, step) -> list[tuple[str, Look | str]]:
                window, page, chosen = step
                if self._stop.is_set():
                    return []
                if id(tab) not in recorders:
                    recorders[id(tab)] = Recorder(tab, address)
                recorder = recorders[id(tab)]
                recorder.traffic = Traffic()
                try:
                    response = tab.goto(address + page.url, wait_until="load")
                    tab.evaluate(OPEN_FOLDS)
                    tab.evaluate(SETTLED)
                except Exception as error:  # noqa: BLE001 (reported for each probe of the page)
                    return [(probe.name, f"{probe}: {page} ({window}): the visit failed: {error}") for probe in chosen]
                self.visits += 1
                done: list[tuple[str, Look | str]] = []
                for probe in chosen:
                    try:
                        result = probe.look(tab, page, window, self.project)
                    except Exception:  # noqa: BLE001 (the probe's test reports it)
                        done.append((probe.name, f"{probe}: {page} ({window}): {traceback.format_exc(limit=3)}"))
                        continue
                    status = response.status if response else 0
                    content_type = response.headers.get("content-type", "") if response else ""
                    done.append((probe.name, Look(page, window, status, content_type, recorder.traffic, result)))
                return done

            for done in in_browsers(
                plan,
                visit,
                lambda browser, window: open_window(browser, cast(Window, window), self.permissions),
                context_key=lambda step: step[0],
            ):
                for name, look in done:
                    if isinstance(look, str):
                        self._errors.append(look)
                    else:
                        self._looks[name].append(look)
            for name in self._looks:  # in the order of each probe's windows, then of the pages
                order = {w: i for i, w in enumerate(next(p for p in self.probes if p.name == name).windows)}
                self._looks[name].sort(key=lambda look: order[look.window])
            self.seconds = time.perf_counter() - visiting
        except BaseException:  # noqa: BLE001 (pytest.fail too: every test that needs the tour reports it)
            self._errors.append(f"the tour: {traceback.format_exc()}")
        finally:
            self._done.set()
