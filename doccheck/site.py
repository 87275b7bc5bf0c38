"""The built site as the tests see it: its pages, their languages and addresses; and building
it once per test session, in the background."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .project import Project


@dataclass(frozen=True)
class BuiltPage:
    path: Path  # the HTML file
    url: str  # relative to the site root: "", "zh/", "embeddings/embedding-vs-linear/"
    language: str

    def __str__(self) -> str:
        return f"[{self.language}] /{self.url}"


def language_root(project: Project, language: str) -> str:
    return "" if language == project.source_language else f"{language}/"


def built_pages(project: Project, site: Path) -> list[BuiltPage]:
    """Every page of the built site (404 pages aside), with its language."""
    pages = []
    for path in sorted(site.rglob("*.html")):
        if path.name == "404.html":
            continue
        url = path.relative_to(site).as_posix().removesuffix("index.html")
        first = url.split("/", 1)[0]
        language = first if first in project.languages[1:] else project.source_language
        pages.append(BuiltPage(path, url, language))
    return pages


def page_url(relative: str) -> str:
    """Where MkDocs (use_directory_urls) puts the page docs/<lang>/<relative>."""
    stem = relative.rsplit(".", 1)[0]
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


# -- building it ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuiltSite:
    path: Path
    strict_returncode: int
    strict_log: str  # what `mkdocs build --strict` printed
    seconds: float


def build_site(project: Project, folder: Path) -> BuiltSite:
    """``mkdocs build --strict`` into ``folder``; if that fails (it stops at the first language
    with a warning, leaving a half-built site), the site is built again without --strict so the
    other checks still see every page."""
    command = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(folder)]
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # as README's serve command
    started = time.perf_counter()
    strict = subprocess.run([*command, "--strict"], cwd=project.root, env=environment, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if strict.returncode != 0:
        subprocess.run([*command, "--no-strict"], cwd=project.root, env=environment, capture_output=True, text=True)
    return BuiltSite(folder, strict.returncode, strict.stdout + strict.stderr, seconds)


class SiteBuild:
    """One build per test session, started in the background as soon as the plugin knows that a
    selected test needs it (so it runs beside the snippets), and waited for by those tests."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self._lock = threading.Lock()
        self._future: Future[BuiltSite] | None = None
        self._folder: Path | None = None

    def start(self) -> None:
        with self._lock:
            if self._future is None:
                self._folder = Path(tempfile.mkdtemp(prefix="doccheck-site-"))
                pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="site-build")
                self._future = pool.submit(build_site, self.project, self._folder)
                pool.shutdown(wait=False)

    def result(self) -> BuiltSite:
        self.start()
        assert self._future is not None
        return self._future.result()

    def close(self) -> None:
        with self._lock:
            if self._future is not None:
                self._future.cancel()
                if not self._future.cancelled():
                    self._future.exception()  # wait: the folder is still being written
            if self._folder is not None:
                shutil.rmtree(self._folder, ignore_errors=True)
