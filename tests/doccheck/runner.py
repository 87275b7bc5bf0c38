"""Run snippet files the way a reader would: ``python snippets/<path>.py``, each in a fresh
process, from an empty working directory, with a small, fixed environment.

Each snippet runs once, however many pages and languages include it; files it writes into
its working directory (figures) are kept for comparison with the committed copies.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

TIMEOUT_SECONDS = 300
UNREACHABLE_PROXY = "http://127.0.0.1:9"  # discard port: any attempt to reach the network fails fast


@dataclass
class SnippetRun:
    snippet: str
    returncode: int
    stdout: str
    stderr: str
    files: dict[str, bytes] = field(default_factory=dict)  # name -> content, written into the cwd

    @property
    def failed(self) -> bool:
        return self.returncode != 0

    def failure_report(self) -> str:
        if self.returncode == -1:
            return f"snippets/{self.snippet} did not finish within {TIMEOUT_SECONDS} s"
        return f"snippets/{self.snippet} exited with status {self.returncode}:\n{self.stderr.rstrip()}"


def snippet_environment(home: Path) -> dict[str, str]:
    """Only what Python needs, plus what makes a run repeatable and offline."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "TMPDIR": str(home),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "CUDA_VISIBLE_DEVICES": "",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": str(home / "matplotlib"),
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "HTTP_PROXY": UNREACHABLE_PROXY,
        "HTTPS_PROXY": UNREACHABLE_PROXY,
        "http_proxy": UNREACHABLE_PROXY,
        "https_proxy": UNREACHABLE_PROXY,
        "NO_PROXY": "",
    }
    return env


def run_snippet(snippets_root: Path, snippet: str) -> SnippetRun:
    path = snippets_root / snippet
    if not path.is_file():
        return SnippetRun(snippet, 2, "", f"snippets/{snippet} does not exist")
    with tempfile.TemporaryDirectory(prefix="snippet-") as scratch:
        workdir = Path(scratch) / "cwd"
        home = Path(scratch) / "home"
        workdir.mkdir()
        home.mkdir()
        try:
            done = subprocess.run(
                # -E: ignore PYTHON* variables of whoever runs the tests; -s: no user site-packages.
                # The snippet's own folder stays on sys.path, as with `python snippets/x.py`.
                [sys.executable, "-E", "-s", str(path.resolve())],
                cwd=workdir,
                env=snippet_environment(home),
                capture_output=True,
                text=True,
                encoding="utf-8",
                timeout=TIMEOUT_SECONDS,
            )
        except subprocess.TimeoutExpired as timeout:
            return SnippetRun(snippet, -1, timeout.stdout or "", timeout.stderr or "")
        files = {p.name: p.read_bytes() for p in sorted(workdir.rglob("*")) if p.is_file()}
        shutil.rmtree(workdir, ignore_errors=True)
        return SnippetRun(snippet, done.returncode, done.stdout, done.stderr, files)


def run_all(snippets_root: Path, snippets: list[str], workers: int | None = None) -> dict[str, SnippetRun]:
    """Run every snippet once, in parallel, one process each."""
    unique = sorted(set(snippets))
    workers = workers or max(1, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(zip(unique, pool.map(lambda s: run_snippet(snippets_root, s), unique)))
