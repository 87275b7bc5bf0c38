"""Chromium processes for the browser checks: which build, with which switches, and sharing
pages out over several browsers at once. Debian's Chromium headless shell (package
chromium-headless-shell: the same build as the chromium package, without the desktop browser
around it; Playwright's own choice for headless runs), or /usr/bin/chromium where only that is
installed, driven by Playwright (``playwright install`` is not needed)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

# the headless shell first: the tour takes about 11 % fewer core-seconds in it than in the full browser
CHROMIUM_BUILDS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
CHROMIUM = next((path for path in CHROMIUM_BUILDS if path.exists()), CHROMIUM_BUILDS[0])
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
    # No request leaves the machine: every host name, IP literals included, fails to resolve,
    # except the test server's. Blocking here rather than with Playwright's request interception
    # keeps the browser's cache on and requests out of Python: the tour takes 18 % fewer
    # core-seconds. Requests to other hosts are still seen, and reported, by the tour's Recorder.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
HOW_TO_ENABLE = (
    "browser tests need Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium: "
    "`sudo apt-get install chromium-headless-shell fonts-noto-cjk` "
    "(Debian; .ci/run does it). Set DOCCHECK_REQUIRE_BROWSER=1 to make this a failure."
)


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
