"""The built site as the tests see it: its pages, their languages and addresses; and building
it once per test session, in the background."""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from hooks.core.project import Project


@dataclass(frozen=True)
class BuiltPage:
    path: Path  # the HTML file
    url: str  # relative to the site root: "", "zh/", "embeddings/embedding-vs-linear/"
    language: str

    def __str__(self) -> str:
        return f"[{self.language}] /{self.url}"


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


# -- building it ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuiltSite:
    path: Path
    strict_returncode: int
    strict_log: str  # what `mkdocs build --strict` printed
    seconds: float


BUILD_REQUIREMENTS = "hooks/requirements.txt"
# Installed in every virtual environment, so in the deploy workflow's too
ALWAYS_INSTALLED = {"pip", "setuptools", "_distutils_hack", "pkg_resources"}
BUILD_PACKAGE, VERIFIER_PACKAGE = "hooks", "doccheck"  # one distribution (pyproject.toml), installed by `-e .`

# `python -c` this, then mkdocs' own arguments: mkdocs with the modules of hidden_modules() hidden
_BUILD_WITH_ONLY_THE_BUILDS_PACKAGES = """
import importlib.machinery, runpy, sys
hidden = frozenset(sys.argv.pop(1).split(","))
requirements = sys.argv.pop(1)
class NotInstalled:  # found (a probe such as nbconvert's find_spec("playwright") says yes), never imported
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        raise ModuleNotFoundError(f"the build imported {module.__name__}, which {requirements} does not install")
class OnlyTheBuildsPackages:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in hidden:
            return importlib.machinery.ModuleSpec(name, NotInstalled())
        return None
sys.meta_path.insert(0, OnlyTheBuildsPackages())
sys.argv[0] = "mkdocs"
runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
"""


def build_requirements(project: Project) -> set[str]:
    """The distributions the build's requirements file pins (normalised names)."""
    names = set()
    for line in (project.root / BUILD_REQUIREMENTS).read_text(encoding="utf-8").splitlines():
        match = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==", line)
        if match:
            names.add(re.sub(r"[-_.]+", "-", match[1]).lower())
    return names


def hidden_modules(project: Project) -> set[str]:
    """Top-level modules installed here that the deploy workflow, which installs only the build's
    requirements, would not have: those of the test tools, of the snippets (torch), and the
    verifier itself."""
    hidden = {VERIFIER_PACKAGE}
    if not (project.root / BUILD_REQUIREMENTS).is_file():  # a fixture project: no list to hold it to
        return hidden
    allowed = build_requirements(project)
    for module, distributions in importlib.metadata.packages_distributions().items():
        names = {re.sub(r"[-_.]+", "-", d).lower() for d in distributions}
        own = module == BUILD_PACKAGE or module.startswith("__editable__")
        if module not in ALWAYS_INSTALLED and not own and not names & allowed:
            hidden.add(module)
    return hidden


def build_site(project: Project, folder: Path) -> BuiltSite:
    """``mkdocs build --strict`` into ``folder``, as the deploy workflow builds: with only the
    build's requirements importable (every other installed module hidden; importing one fails the
    build, naming it). If the strict build fails (it stops at the first language with a warning,
    leaving a half-built site), the site is built again without --strict so the other checks still
    see every page."""
    hidden = ",".join(sorted(hidden_modules(project)))
    command = [sys.executable, "-c", _BUILD_WITH_ONLY_THE_BUILDS_PACKAGES, hidden, BUILD_REQUIREMENTS]
    command += ["build", "--site-dir", str(folder)]
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
