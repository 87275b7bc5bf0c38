"""How long the test suite and the build take, tier by tier, measured in one run on the same
machine. Not a test (pytest does not collect this folder). From anywhere:

    .venv/bin/python tests/benchmarks/suite_speed.py [--skip-suite]

The yardstick is a reader's run of every snippet, one after another (`python
snippets/<topic>/<name>.py` from an empty folder). Then, each with its goal:

* the verdict tier, everything but the browser (`pytest tests -m "not browser"`): at most 0.6 of
  the reader's run; and the same without the portability tier, which runs every snippet four
  times more;
* the tool tests without the browser (`pytest tests/tools -m "not browser"`): at most 15 s;
* the portability tier alone, and the whole suite, browser included: at most 1.5 of the reader's
  run;
* the strict build of all four languages: at most 8 s; and a rebuild of `mkdocs serve` after one
  page is edited: at most 3 s;
* one page checked with `python -m doccheck check` and with `pytest -k`.

It also checks that the warm runner prints and writes exactly what the reader's run does, snippet
by snippet, and times that warm pass and one run of each notebook: the work of one CPU
configuration. The verdict tier does that work in the quotes' run and again under every
configuration this CPU offers (``doccheck.cpu``), so that work times the runs, divided by the
cores, is a floor no schedule of the suite can beat; it is printed beside the goal.

Beside each time it prints the processor time the whole machine spent meanwhile (busy
core-seconds, from /proc/stat): the reader's run keeps one core busy, the suite keeps all of them
busy, so its time is bounded below by its work divided by the cores.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from doccheck import cpu
from doccheck.notebooks import execute
from doccheck.runner import WarmRunner
from hooks.core.project import Project

ROOT = Path(__file__).resolve().parents[2]
PAGE = "rope/idea"


def busy_core_seconds() -> float | None:
    """Processor time the whole machine has spent so far, all processes and cores (Linux)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


class Measured:
    """Wall time and busy core-seconds of what runs inside the ``with`` block."""

    def __enter__(self) -> Measured:
        self._busy, self._started = busy_core_seconds(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self._started
        end = busy_core_seconds()
        self.busy = None if end is None or self._busy is None else end - self._busy

    def __str__(self) -> str:
        busy = "" if self.busy is None else f", {self.busy:.0f} busy core-seconds"
        return f"{self.seconds:.1f} s{busy}"


def reader_runs(project: Project) -> tuple[float, dict[str, tuple[int, str, dict[str, bytes]]]]:
    """Every snippet a page shows, run in turn as `python snippets/<path>.py` from an empty folder."""
    results = {}
    started = time.perf_counter()
    for snippet in project.included_snippets():
        with tempfile.TemporaryDirectory() as folder:
            done = subprocess.run(
                [sys.executable, str(project.snippets_dir / snippet)], cwd=folder, capture_output=True, text=True
            )
            files = {p.name: p.read_bytes() for p in Path(folder).iterdir() if p.is_file()}
        results[snippet] = (done.returncode, done.stdout, files)
    return time.perf_counter() - started, results


def timed(command: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    lines = (done.stdout + done.stderr).strip().splitlines()
    return time.perf_counter() - started, lines[-1] if lines else f"exit {done.returncode}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip-suite", action="store_true", help="measure everything but the full suite")
    args = parser.parse_args()
    project = Project(ROOT)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")

    with Measured() as reading:
        sequential, reader = reader_runs(project)
    print(f"reader's sequential run of {len(reader)} snippets: {reading}")

    warm = WarmRunner(project.snippets_dir)
    same = []
    try:
        warm.run(next(iter(reader)))  # the server's own start is paid once per configuration, not per run
        started = time.perf_counter()
        for snippet, expected in reader.items():
            run = warm.run(snippet)
            if (run.returncode, run.stdout, run.files) == expected:
                same.append(snippet)
        warm_pass = time.perf_counter() - started
    finally:
        warm.close()
    differ = sorted(set(reader) - set(same))
    print(
        f"warm runner against the reader's run: {len(same)} of {len(reader)} snippets identical "
        f"(stdout, exit status and files written)" + (f"; differ: {', '.join(differ)}" if differ else "")
    )

    floor = verdict_floor(project, warm_pass)
    print(
        f"one configuration's work: every snippet warm, one after another, {warm_pass:.1f} s; each notebook once, "
        f"{floor.notebook_seconds:.1f} s"
    )
    print(
        f"floor of the verdict tier: {floor.seconds:.1f} s = {floor.seconds / sequential:.2f} of the reader's run "
        f"({floor.explain()})"
    )

    page_cli, last = timed([sys.executable, "-m", "doccheck", "check", f"docs/en/{PAGE}.md"])
    print(f"one page, every language: python -m doccheck check docs/en/{PAGE}.md: {page_cli:.1f} s ({last})")
    page_pytest, last = timed([sys.executable, "-m", "pytest", "tests", "-q", "-p", "no:cacheprovider", "-k", PAGE])
    print(f"one page, every language: pytest tests -k {PAGE}: {page_pytest:.1f} s ({last})")

    build, serve = build_seconds(), serve_rebuild_seconds()
    print(f"strict build, four languages: {build:.1f} s (goal: at most 8 s)")
    print(f"mkdocs serve, rebuild after one page edit: {serve:.1f} s (goal: at most 3 s)")

    if not args.skip_suite:
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        with Measured() as tools:
            _, last = timed([*pytest, "tests/tools", "-m", "not browser"])
        print(f"tool tests (pytest tests/tools -m 'not browser'): {tools} ({last}) (goal: at most 15 s)")
        with Measured() as portability:
            _, last = timed([*pytest, "tests", "-m", "portability"])
        print(f"portability tier (pytest tests -m portability): {portability} ({last})")
        with Measured() as one_cpu:
            _, last = timed([*pytest, "tests", "-m", "not browser and not portability"])
        print(f"verdict tier on this CPU only (-m 'not browser and not portability'): {one_cpu} ({last})")
        print(f"  ratio to the reader's sequential run: {one_cpu.seconds / sequential:.2f}")
        with Measured() as verdict:
            _, last = timed([*pytest, "tests", "-m", "not browser"])
        print(f"verdict tier, all but the browser (pytest tests -m 'not browser'): {verdict} ({last})")
        print(f"  ratio to the reader's sequential run: {verdict.seconds / sequential:.2f} (goal: at most 0.6)")
        with Measured() as whole:
            _, last = timed([*pytest, "tests"])
        print(f"whole suite (pytest tests): {whole} ({last})")
        print(f"  ratio to the reader's sequential run: {whole.seconds / sequential:.2f} (goal: at most 1.5)")


class Floor:
    """The least time the verdict tier's snippet and notebook runs can take on this machine."""

    def __init__(self, snippet_seconds: float, notebooks: dict[str, tuple[float, int]], configurations: int) -> None:
        self.snippet_seconds = snippet_seconds
        self.notebooks = notebooks  # page -> (seconds of one run, runs: the quotes' and one per configuration)
        self.configurations = configurations
        self.cores = os.cpu_count() or 1
        self.notebook_seconds = sum(seconds for seconds, _ in notebooks.values())

    @property
    def seconds(self) -> float:
        work = self.snippet_seconds * (1 + self.configurations)
        work += sum(seconds * runs for seconds, runs in self.notebooks.values())
        return work / self.cores

    def explain(self) -> str:
        return (
            f"every snippet in the quotes' run and under {self.configurations} CPU configurations, each notebook "
            f"as often as the suite runs it, on {self.cores} cores, and nothing else: no build, no check"
        )


def verdict_floor(project: Project, warm_pass: float) -> Floor:
    """One run of each source-language notebook, timed, and how many runs the suite makes of it."""
    configurations = cpu.available().configurations
    notebooks = {}
    for notebook in project.notebooks:
        if notebook.language != project.source_language:
            continue
        started = time.perf_counter()
        execute(notebook)
        pinned = bool(notebook.code) and cpu.pins_one_thread(notebook.code[0])
        runs = 1 + len([c for c in configurations if not (pinned and c == cpu.READER_THREAD_COUNT)])
        notebooks[notebook.relative] = (time.perf_counter() - started, runs)
    return Floor(warm_pass, notebooks, len(configurations))


def build_seconds() -> float:
    """``mkdocs build --strict`` of every language, as the deploy workflow runs it."""
    with tempfile.TemporaryDirectory() as folder:
        environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir", folder],
            cwd=ROOT,
            env=environment,
            check=True,
            capture_output=True,
        )
        return time.perf_counter() - started


def serve_rebuild_seconds(page: str = f"docs/en/{PAGE}.md") -> float:
    """What `mkdocs serve` says its rebuild took after one page's file is touched."""
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", "127.0.0.1:8765"]
    server = subprocess.Popen(command, cwd=ROOT, env=environment, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        built = 0
        for line in server.stderr:
            if "Documentation built in" in line:
                built += 1
                if built == 2:
                    return float(line.rsplit(" in ", 1)[1].split()[0])
            if "Serving on" in line:
                os.utime(ROOT / page)
        raise RuntimeError("mkdocs serve stopped before its rebuild")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
