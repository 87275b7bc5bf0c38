"""Run snippet files the way a reader would: ``python snippets/<path>.py``, each in its own
process, from an empty working directory, with a small, fixed environment.

Two runners give the same result type, ``SnippetRun``:

* ``ColdRunner``: a fresh ``python -s`` interpreter per snippet, exactly what a reader runs.
* ``WarmRunner``: one server process (``doccheck.warm_server``) imports the slow modules that
  the snippets import (torch and a few others, ``SLOW_IMPORTS``) once, then forks a child per
  snippet; the child runs the file as ``__main__``. Each snippet still has a process of its own,
  so nothing leaks from one to the next, and the start-up (mostly ``import torch``, about 1.3 s
  here) is paid once per session; for snippets that import none of them (the fixture site's),
  the server starts at once.

``make_runner(snippets_dir, cold=...)`` chooses; where ``os.fork`` does not exist the warm
runner is not available and the cold one is used (``Runner.note`` says so).

``ProgramRunner`` runs a text a reader copied, saved alone in an empty folder; ``differences``
says how one run differs from another in what a reader sees.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from hooks.core.snippets import imported_packages

TIMEOUT_SECONDS = 300
# Modules that take long to import: the warm server imports those whose package a snippet imports
SLOW_IMPORTS = ("matplotlib.pyplot", "numpy", "safetensors.torch", "tokenizers", "torch", "torch.nn.functional")
UNREACHABLE_PROXY = "http://127.0.0.1:9"  # discard port: any attempt to reach the network fails fast


@dataclass
class SnippetRun:
    snippet: str
    returncode: int
    stdout: str
    stderr: str
    files: dict[str, bytes] = field(default_factory=dict)  # name -> content, written into the cwd
    # files of its own folder the run imported (a sibling snippet); None: not recorded (cold runs)
    folder_imports: tuple[str, ...] | None = None

    @property
    def failed(self) -> bool:
        return self.returncode != 0

    def failure_report(self) -> str:
        if self.returncode == -1:
            return f"snippets/{self.snippet} did not finish within {TIMEOUT_SECONDS} s:\n{self.stderr.rstrip()}"
        return f"snippets/{self.snippet} exited with status {self.returncode}:\n{self.stderr.rstrip()}"


def snippet_environment(home: Path, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """Only what Python needs, plus what makes a run repeatable and offline; ``overrides`` (a CPU
    configuration of ``doccheck.cpu``) replaces or adds variables."""
    return {
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
    } | (overrides or {})


class Runner(Protocol):
    name: str
    note: str | None  # said once in the report header, e.g. why the warm runner is not used

    def run(self, snippet: str) -> SnippetRun: ...

    def close(self) -> None: ...


class _Scratch:
    """An empty working directory and a home for one run; what the snippet writes is kept."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="snippet-"))
        self.workdir = self.root / "cwd"
        self.home = self.root / "home"
        self.workdir.mkdir()
        self.home.mkdir()

    def written_files(self) -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in sorted(self.workdir.rglob("*")) if p.is_file()}

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def _missing(snippets_dir: Path, snippet: str) -> SnippetRun | None:
    if (snippets_dir / snippet).is_file():
        return None
    return SnippetRun(snippet, 2, "", f"snippets/{snippet} does not exist")


class ColdRunner:
    """A fresh interpreter per snippet: ``python -E -s snippets/<path>.py``."""

    name = "cold"

    def __init__(self, snippets_dir: Path, note: str | None = None, environment: dict[str, str] | None = None) -> None:
        self.snippets_dir = snippets_dir
        self.note = note
        self.environment = environment or {}

    def run(self, snippet: str) -> SnippetRun:
        missing = _missing(self.snippets_dir, snippet)
        if missing:
            return missing
        scratch = _Scratch()
        try:
            done = subprocess.run(
                # The environment is built from scratch (no PYTHON* variable of whoever runs the tests
                # gets in, and PYTHONHASHSEED=0 takes effect: -E would ignore it); -s: no user
                # site-packages. The snippet's own folder is sys.path[0], as with `python snippets/x.py`.
                [sys.executable, "-s", str((self.snippets_dir / snippet).resolve())],
                cwd=scratch.workdir,
                env=snippet_environment(scratch.home, self.environment),
                capture_output=True,
                text=True,
                encoding="utf-8",
                timeout=TIMEOUT_SECONDS,
            )
        except subprocess.TimeoutExpired as timeout:
            return SnippetRun(snippet, -1, _text(timeout.stdout), _text(timeout.stderr))
        else:
            return SnippetRun(snippet, done.returncode, done.stdout, done.stderr, scratch.written_files())
        finally:
            scratch.remove()

    def close(self) -> None:
        pass


class ProgramRunner:
    """Runs texts a reader copied from a page, each saved alone in a folder of its own (nothing of
    snippets/ is reachable), with the same runners and environment as the snippets.

    A program is run once per session: asking again for the same text under the same file name
    (the comment lines that only name the page showing an inlined sibling aside) returns the first
    run, so the copy-button test and the take-away test share the runs of the programs they both
    check."""

    def __init__(self, cold: bool = False, copied_from: Path | None = None) -> None:
        """``copied_from``: the snippets folder the programs come from; the warm server preloads
        what those snippets import (the programs' folder is empty when it starts)."""
        self.folder = Path(tempfile.mkdtemp(prefix="programs-"))
        self._runner = make_runner(self.folder, cold=cold, imports_of=copied_from)
        self._lock = threading.Lock()
        self._count = 0
        self._runs: dict[tuple[str, str], Future[SnippetRun]] = {}  # for every caller, running or done
        self.executed = 0

    @property
    def preloaded(self) -> list[str]:
        """The modules its warm server imported once for every program (none when cold)."""
        return list(getattr(self._runner, "preloaded", []))

    def run(self, text: str, filename: str) -> SnippetRun:
        key = (without_page_names(text), filename)
        with self._lock:
            shared = self._runs.get(key)
            first = shared is None
            if shared is None:
                shared = self._runs[key] = Future()
                self._count += 1
                folder = self.folder / str(self._count)
        if not first:
            return shared.result()
        try:
            folder.mkdir()
            (folder / filename).write_text(text, encoding="utf-8")
            run = self._runner.run(f"{folder.name}/{filename}")
            run.snippet = filename
            self.executed += 1
        except BaseException as error:
            shared.set_exception(error)
            raise
        shared.set_result(run)
        return run

    def close(self) -> None:
        self._runner.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def without_page_names(program: str) -> str:
    """A copied program without the comment lines that only name the page where an inlined
    sibling is shown (``# --- from name.py, shown on the page "..." ---``): two languages' copies
    of a block differ at most there, which cannot change what the program does."""
    return "\n".join(line for line in program.splitlines() if not line.startswith("# --- from "))


ASKS_WHERE_IT_IS = re.compile(r"__file__|\bsys\.(argv|path)\b|\b__spec__\b")


def same_run_anywhere(run: SnippetRun, program: str, snippets_dir: Path) -> bool:
    """Whether ``program``, saved alone in an empty folder, must do what this run of a snippet
    did: it is the snippet's text, the run imported nothing from the snippet's folder (the
    warm runner records that), and the code never asks where it is. The run of such a copy
    would repeat this run; any other copy has to be run."""
    text = (snippets_dir / run.snippet).read_text(encoding="utf-8")
    return run.folder_imports == () and program.rstrip() == text.rstrip() and not ASKS_WHERE_IT_IS.search(text)


def differences(expected: SnippetRun, got: SnippetRun) -> list[str]:
    """How ``got`` differs from ``expected`` in what a reader sees: what it prints (stdout) and
    the files it writes, byte for byte. Empty when it does the same."""
    if got.returncode == -1:
        return [f"did not finish within {TIMEOUT_SECONDS} s:\n{got.stderr.rstrip()}"]
    if got.failed:
        return [f"exited with status {got.returncode}:\n{got.stderr.rstrip()}"]
    found = []
    if got.stdout != expected.stdout:
        found.append(f"prints something else.\n--- expected:\n{expected.stdout}\n--- printed:\n{got.stdout}")
    for name in sorted(set(expected.files) | set(got.files)):
        if name not in got.files:
            found.append(f"does not write {name}")
        elif name not in expected.files:
            found.append(f"writes {name}, which it should not")
        elif got.files[name] != expected.files[name]:
            found.append(f"writes a different {name}")
    return found


def _text(value: str | bytes | None) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value or ""


class WarmRunner:
    """Forks each snippet's process from a server that has imported the heavy modules once.

    Requests and answers are JSON lines on the server's stdin and stdout. The server answers
    ``started`` with the child's pid, then ``finished`` with its exit status; the child writes
    its stdout and stderr into files of the run's scratch folder. Several runs may be under way
    at once (one per calling thread).
    """

    name = "warm"
    note: str | None = None

    def __init__(
        self, snippets_dir: Path, environment: dict[str, str] | None = None, imports_of: Path | None = None
    ) -> None:
        """``imports_of``: the folder whose snippets say what to preload, if not ``snippets_dir``
        (the programs a reader copies are written into an empty folder as they come)."""
        self.snippets_dir = snippets_dir
        self._home = Path(tempfile.mkdtemp(prefix="snippet-server-"))
        used = imported_packages(imports_of or snippets_dir)
        self.preloaded = [module for module in SLOW_IMPORTS if module.split(".")[0] in used]
        self._server = subprocess.Popen(
            [sys.executable, "-s", "-m", "doccheck.warm_server", *self.preloaded],
            cwd=self._home,
            # the children inherit it: a CPU configuration must be in place before torch's first operation
            env=snippet_environment(self._home, environment),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self._lock = threading.Lock()
        self._waiting: dict[int, dict] = {}
        self._next_id = 0
        self._ready = threading.Event()
        self._server_error: str | None = None
        threading.Thread(target=self._read_answers, daemon=True).start()
        threading.Thread(target=self._read_server_stderr, daemon=True).start()

    def _read_server_stderr(self) -> None:
        assert self._server.stderr is not None
        self._stderr_text = self._server.stderr.read()

    def _read_answers(self) -> None:
        assert self._server.stdout is not None
        for line in self._server.stdout:
            answer = json.loads(line)
            if answer["event"] == "ready":
                self._ready.set()
                continue
            with self._lock:
                slot = self._waiting.get(answer["id"])
            if slot is None:
                continue
            if answer["event"] == "started":
                slot["pid"] = answer["pid"]
            else:
                slot["returncode"] = answer["returncode"]
                slot["done"].set()
        self._server_error = "the snippet server stopped"
        self._ready.set()
        with self._lock:
            for slot in self._waiting.values():
                slot["done"].set()

    def run(self, snippet: str) -> SnippetRun:
        missing = _missing(self.snippets_dir, snippet)
        if missing:
            return missing
        self._ready.wait()
        scratch = _Scratch()
        slot: dict = {"done": threading.Event(), "pid": None, "returncode": None}
        with self._lock:
            self._next_id += 1
            number = self._next_id
            self._waiting[number] = slot
            request = {
                "id": number,
                "path": str((self.snippets_dir / snippet).resolve()),
                "workdir": str(scratch.workdir),
                "home": str(scratch.home),
                "stdout": str(scratch.root / "stdout"),
                "stderr": str(scratch.root / "stderr"),
                "folder_imports": str(scratch.root / "folder_imports"),
            }
            assert self._server.stdin is not None
            try:
                self._server.stdin.write(json.dumps(request) + "\n")
                self._server.stdin.flush()
            except BrokenPipeError:
                self._server_error = "the snippet server stopped"
        try:
            finished = slot["done"].wait(TIMEOUT_SECONDS) and slot["returncode"] is not None
            if not finished:
                if slot["pid"]:
                    try:
                        os.kill(slot["pid"], 9)
                    except ProcessLookupError:
                        pass
                if self._server_error:
                    server_stderr = getattr(self, "_stderr_text", "")
                    return SnippetRun(snippet, 3, "", f"{self._server_error}:\n{server_stderr}")
            stdout = _read(scratch.root / "stdout")
            stderr = _read(scratch.root / "stderr")
            if not finished:
                return SnippetRun(snippet, -1, stdout, stderr)
            imports = scratch.root / "folder_imports"
            folder_imports = tuple(json.loads(imports.read_text(encoding="utf-8"))) if imports.is_file() else None
            return SnippetRun(snippet, slot["returncode"], stdout, stderr, scratch.written_files(), folder_imports)
        finally:
            with self._lock:
                self._waiting.pop(number, None)
            scratch.remove()

    def close(self) -> None:
        if self._server.stdin:
            try:
                self._server.stdin.close()
            except OSError:
                pass
        try:
            self._server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._server.kill()
        shutil.rmtree(self._home, ignore_errors=True)


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def make_runner(
    snippets_dir: Path,
    cold: bool = False,
    environment: dict[str, str] | None = None,
    imports_of: Path | None = None,
) -> Runner:
    """``environment``: variables added to the snippet environment (a CPU configuration);
    ``imports_of``: see ``WarmRunner``."""
    if cold:
        return ColdRunner(snippets_dir, environment=environment)
    if not hasattr(os, "fork"):
        note = "this platform has no os.fork: every snippet starts a fresh interpreter"
        return ColdRunner(snippets_dir, note=note, environment=environment)
    return WarmRunner(snippets_dir, environment, imports_of)
