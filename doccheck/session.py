"""One run of the checks: the snippets and notebooks it executed, each at most once, and what
it verified.

Snippets run lazily: ``schedule`` queues the ones the selected checks will need (in the order
they will need them), a worker pool runs them in parallel, and ``snippet_run`` waits for just
the one asked for. Checking one page therefore runs only that page's snippets.

The portability check runs the same snippets and notebooks again under each CPU configuration
this machine offers (``doccheck.cpu``), each configuration in a runner of its own. Those runs are
queued after the ordinary ones, so they never delay a quoted output's check.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import nbformat

from hooks.core.pages import QuotedOutput
from hooks.core.project import Project

from . import cpu
from .notebooks import Notebook, execute
from .runner import Runner, SnippetRun, make_runner


@dataclass
class Tally:
    """What the session really ran and verified, for the summary line."""

    snippets_run: int = 0
    notebooks_run: int = 0
    quotes_verified: int = 0
    numbers_verified: int = 0
    notebook_cells_verified: int = 0
    fidelity_markers: int = 0
    portable_snippets: int = 0  # identical under every CPU configuration
    portable_notebooks: int = 0
    notebooks_pinning_one_thread: list[str] = field(default_factory=list)  # not run with the reader's threads
    portability_not_checked: str | None = None  # why, when this machine cannot run the check
    first_start: float | None = None
    last_finish: float | None = None

    @property
    def pinned_threads_note(self) -> str | None:
        """The summary's line on the notebooks left out of the reader's-threads run."""
        if not self.notebooks_pinning_one_thread:
            return None
        names = ", ".join(sorted(self.notebooks_pinning_one_thread))
        return f"portability: not run with {cpu.READER_THREADS} threads (it pins one thread in its first cell): {names}"

    @property
    def snippet_seconds(self) -> float:
        if self.first_start is None or self.last_finish is None:
            return 0.0
        return self.last_finish - self.first_start


@dataclass
class Stale:
    """What ``--update-outputs`` rewrites: only what the selected checks found stale."""

    quotes: list[QuotedOutput] = field(default_factory=list)
    notebooks: list[Notebook] = field(default_factory=list)
    figures: bool = False


class DocSession:
    def __init__(self, project: Project, cold: bool = False, workers: int | None = None) -> None:
        self.project = project
        self.cold = cold
        self.tally = Tally()
        self.stale = Stale()
        self._workers = workers or max(1, os.cpu_count() or 1)
        self._pool: ThreadPoolExecutor | None = None
        self._runner: Runner | None = None
        self._lock = threading.Lock()
        self._snippets: dict[str, Future[SnippetRun]] = {}
        self._notebooks: dict[str, Future[nbformat.NotebookNode]] = {}
        self._cpu_runners: dict[cpu.CpuConfiguration, Runner] = {}
        self._cpu_snippets: dict[tuple[cpu.CpuConfiguration, str], Future[SnippetRun]] = {}
        self._cpu_notebooks: dict[tuple[cpu.CpuConfiguration, str], Future[nbformat.NotebookNode]] = {}
        self._cpu_availability: cpu.Availability | None = None

    # -- running ------------------------------------------------------------------------------

    @property
    def runner(self) -> Runner:
        with self._lock:
            if self._runner is None:
                self._runner = make_runner(self.project.snippets_dir, cold=self.cold)
            return self._runner

    def _submit(self, job, *arguments) -> Future:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self._workers, thread_name_prefix="doccheck")
        return self._pool.submit(job, *arguments)

    def _run_snippet(self, snippet: str) -> SnippetRun:
        started = time.perf_counter()
        with self._lock:
            if self.tally.first_start is None:
                self.tally.first_start = started
        run = self.runner.run(snippet)
        with self._lock:
            self.tally.snippets_run += 1
            self.tally.last_finish = time.perf_counter()
        return run

    def schedule(self, snippets: Iterable[str] = (), notebooks: Iterable[str] = ()) -> None:
        """Start running these (if not yet started); nothing waits for them here. The notebooks go
        first: one runs for a minute or more, and queued behind the snippets it would keep one
        worker busy long after the other has run out of work."""
        for relative in notebooks:
            if relative not in self._notebooks:
                self._notebooks[relative] = self._submit(self._execute_notebook, relative)
        for snippet in snippets:
            if snippet not in self._snippets:
                self._snippets[snippet] = self._submit(self._run_snippet, snippet)

    def snippet_run(self, snippet: str) -> SnippetRun:
        self.schedule([snippet])
        return self._snippets[snippet].result()

    def snippet_runs(self, snippets: Iterable[str] | None = None) -> dict[str, SnippetRun]:
        """Runs of the given snippets (default: every snippet a page includes)."""
        wanted = sorted(set(self.project.included_snippets() if snippets is None else snippets))
        self.schedule(wanted)
        return {snippet: self._snippets[snippet].result() for snippet in wanted}

    def completed_runs(self) -> dict[str, SnippetRun]:
        """Every snippet run this session has finished, without starting any."""
        return {s: f.result() for s, f in self._snippets.items() if f.done() and not f.exception()}

    def _source_notebook(self, relative: str) -> Notebook:
        return next(
            n for n in self.project.notebooks if n.relative == relative and n.language == self.project.source_language
        )

    def _execute_notebook(self, relative: str) -> nbformat.NotebookNode:
        executed = execute(self._source_notebook(relative))
        with self._lock:
            self.tally.notebooks_run += 1
        return executed

    def executed_notebook(self, relative: str) -> nbformat.NotebookNode:
        """A fresh run of the source-language notebook (its translations share its code)."""
        self.schedule(notebooks=[relative])
        return self._notebooks[relative].result()

    # -- the same runs under other CPU configurations -------------------------------------------

    @property
    def cpu_configurations(self) -> cpu.Availability:
        """The configurations this machine can run (and those it had to leave out)."""
        if self._cpu_availability is None:
            self._cpu_availability = cpu.available()
        return self._cpu_availability

    def _cpu_runner(self, configuration: cpu.CpuConfiguration) -> Runner:
        with self._lock:
            if configuration not in self._cpu_runners:
                self._cpu_runners[configuration] = make_runner(
                    self.project.snippets_dir, cold=self.cold, environment=configuration.variables
                )
            return self._cpu_runners[configuration]

    def _run_snippet_under(self, configuration: cpu.CpuConfiguration, snippet: str) -> SnippetRun:
        return self._cpu_runner(configuration).run(snippet)

    def _execute_notebook_under(self, configuration: cpu.CpuConfiguration, relative: str) -> nbformat.NotebookNode:
        return execute(self._source_notebook(relative), configuration.variables)

    def schedule_portability(self, snippets: Iterable[str] = (), notebooks: Iterable[str] = ()) -> None:
        """Queue the runs under every configuration, behind everything queued so far; in each
        configuration, the notebooks first (see ``schedule``)."""
        notebook_runs = {relative: self.notebook_configurations(relative) for relative in notebooks}
        for configuration in self.cpu_configurations.configurations:
            for relative, configurations in notebook_runs.items():
                if configuration not in configurations:
                    continue
                if (configuration, relative) not in self._cpu_notebooks:
                    future = self._submit(self._execute_notebook_under, configuration, relative)
                    self._cpu_notebooks[(configuration, relative)] = future
            for snippet in snippets:
                if (configuration, snippet) not in self._cpu_snippets:
                    future = self._submit(self._run_snippet_under, configuration, snippet)
                    self._cpu_snippets[(configuration, snippet)] = future

    def snippet_runs_per_cpu(self, snippet: str) -> dict[cpu.CpuConfiguration, SnippetRun]:
        self.schedule_portability([snippet])
        return {c: self._cpu_snippets[(c, snippet)].result() for c in self.cpu_configurations.configurations}

    def notebook_configurations(self, relative: str) -> list[cpu.CpuConfiguration]:
        """The configurations a notebook runs under: all of them, except the reader's threads for a
        notebook that pins one thread before it computes anything (``cpu.pins_one_thread``)."""
        code = self._source_notebook(relative).code
        pinned = bool(code) and cpu.pins_one_thread(code[0])
        return [c for c in self.cpu_configurations.configurations if not (pinned and c == cpu.READER_THREAD_COUNT)]

    def executed_notebooks_per_cpu(self, relative: str) -> dict[cpu.CpuConfiguration, nbformat.NotebookNode]:
        self.schedule_portability(notebooks=[relative])
        return {c: self._cpu_notebooks[(c, relative)].result() for c in self.notebook_configurations(relative)}

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        if self._runner is not None:
            self._runner.close()
        for runner in self._cpu_runners.values():
            runner.close()
