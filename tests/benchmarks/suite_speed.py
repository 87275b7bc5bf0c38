"""How long the whole test suite takes against running every snippet once, one after another,
the way a reader does (`python snippets/<topic>/<name>.py` from an empty folder), measured in
one run on the same machine. Not a test (pytest does not collect this folder). From anywhere:

    .venv/bin/python tests/benchmarks/suite_speed.py [--skip-suite]

It prints both times and their ratio (the goal is at most 0.7), the same for the suite without
its browser tests (`-m "not browser"`), each tier alone (the checks that run no browser and no
other CPU configuration; the portability check, every snippet and notebook under each CPU
configuration), the time to check one page with `python -m doccheck
check` and with `pytest -k`, and whether the warm runner prints and writes exactly what the
reader's run does, snippet by snippet. Beside each time it prints the processor time the whole
machine spent meanwhile (busy core-seconds, from /proc/stat): the reader's run keeps one core
busy, the suite keeps all of them busy, so its time is bounded below by its work divided by the
cores.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
        for snippet, expected in reader.items():
            run = warm.run(snippet)
            if (run.returncode, run.stdout, run.files) == expected:
                same.append(snippet)
    finally:
        warm.close()
    differ = sorted(set(reader) - set(same))
    print(
        f"warm runner against the reader's run: {len(same)} of {len(reader)} snippets identical "
        f"(stdout, exit status and files written)" + (f"; differ: {', '.join(differ)}" if differ else "")
    )

    page_cli, last = timed([sys.executable, "-m", "doccheck", "check", f"docs/en/{PAGE}.md"])
    print(f"one page, every language: python -m doccheck check docs/en/{PAGE}.md: {page_cli:.1f} s ({last})")
    page_pytest, last = timed([sys.executable, "-m", "pytest", "tests", "-q", "-p", "no:cacheprovider", "-k", PAGE])
    print(f"one page, every language: pytest tests -k {PAGE}: {page_pytest:.1f} s ({last})")

    if not args.skip_suite:
        pytest = [sys.executable, "-m", "pytest", "tests", "-q", "-p", "no:cacheprovider"]
        for tier in ("not browser and not portability", "portability"):
            with Measured() as measured:
                _, last = timed([*pytest, "-m", tier])
            print(f"tier pytest tests -m '{tier}': {measured} ({last})")
        with Measured() as unbrowsed:
            _, last = timed([*pytest, "-m", "not browser"])
        print(f"suite without its browser tests (pytest tests -m 'not browser'): {unbrowsed} ({last})")
        print(f"ratio to the reader's sequential run: {unbrowsed.seconds / sequential:.2f}")
        with Measured() as whole:
            _, last = timed(pytest)
        print(f"full suite (pytest tests): {whole} ({last})")
        print(f"ratio suite / reader's sequential run: {whole.seconds / sequential:.2f} (goal: at most 0.7)")


if __name__ == "__main__":
    main()
