"""The CPU configurations a snippet must print the same under, and what this machine can run.

PyTorch on the CPU picks its vector kernels by processor: MKL (matrix products) and ATen (most
other operations) each use SSE4.2, AVX2 or AVX-512 code, and a reader's thread count splits
reductions differently. Float32 round-off then differs, so a digit that depends on it is a fact
about one machine, not about the mathematics. The portability check runs every snippet and
notebook under each configuration below and compares them byte for byte.

Both libraries read their variable once, when they first dispatch, so a configuration only
takes effect in a process that has not yet run a torch operation: each one gets a runner of its
own (``doccheck.runner``).
"""

from __future__ import annotations

import ast
import functools
import os
import platform
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .runner import snippet_environment

READER_THREADS = 4  # a laptop's default; the suite's own runs use one thread
MINIMUM_CONFIGURATIONS = 2  # besides the quotes' run; with fewer, the check says why it did not run


@dataclass(frozen=True)
class CpuConfiguration:
    name: str  # as the summary and failure messages show it
    environment: tuple[tuple[str, str], ...]  # added to the snippet environment

    @property
    def variables(self) -> dict[str, str]:
        return dict(self.environment)

    def describe(self) -> str:
        return f"{self.name} ({' '.join(f'{k}={v}' for k, v in self.environment)})"


def _kernels(name: str, mkl: str, aten: str) -> CpuConfiguration:
    return CpuConfiguration(name, (("MKL_ENABLE_INSTRUCTIONS", mkl), ("ATEN_CPU_CAPABILITY", aten)))


SSE42 = _kernels("sse4.2", "SSE4_2", "default")
AVX2 = _kernels("avx2", "AVX2", "avx2")
AVX512 = _kernels("avx512", "AVX512", "avx512")
READER_THREAD_COUNT = CpuConfiguration(
    f"{READER_THREADS} threads", (("OMP_NUM_THREADS", str(READER_THREADS)), ("MKL_NUM_THREADS", str(READER_THREADS)))
)

# What each x86-64 configuration needs, as /proc/cpuinfo names the flags (ATen's own test for
# AVX2 asks for FMA too; for AVX-512, the F, BW, VL and DQ subsets).
_NEEDS = {
    SSE42: {"sse4_2"},
    AVX2: {"avx2", "fma"},
    AVX512: {"avx512f", "avx512bw", "avx512vl", "avx512dq"},
}


@dataclass(frozen=True)
class Availability:
    configurations: list[CpuConfiguration]
    left_out: list[tuple[CpuConfiguration, str]]  # and why

    @property
    def enough(self) -> bool:
        return len(self.configurations) >= MINIMUM_CONFIGURATIONS

    def summary(self) -> str:
        names = ", ".join(c.name for c in self.configurations)
        if not self.left_out:
            return names
        reasons: dict[str, list[str]] = {}
        for configuration, why in self.left_out:
            reasons.setdefault(why, []).append(configuration.name)
        return f"{names}; left out: " + "; ".join(f"{', '.join(n)} ({why})" for why, n in reasons.items())


def pins_one_thread(first_code_cell: str) -> bool:
    """Whether a notebook's first code cell calls ``torch.set_num_threads(1)`` before it computes
    anything: only imports and other ``torch.set_...`` calls may come first. PyTorch and MKL then
    use one thread for every later cell, whatever OMP_NUM_THREADS says, so a run with the reader's
    threads repeats the quotes' run; the portability check leaves it out for that notebook, and says so."""
    try:
        statements = ast.parse(first_code_cell).body
    except SyntaxError:  # IPython magics: not plain Python, so nothing is assumed
        return False
    for statement in statements:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            continue
        call = statement.value if isinstance(statement, ast.Expr) else None
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "torch"
            and call.func.attr.startswith("set_")
        ):
            return False
        if call.func.attr == "set_num_threads":
            return [ast.dump(a) for a in call.args] == [ast.dump(ast.Constant(1))] and not call.keywords
    return False


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> set[str] | None:
    """The instruction-set flags of the first processor; None where there is no /proc/cpuinfo."""
    try:
        text = cpuinfo.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return set(value.split())
    return None


def available(flags: set[str] | None = None, machine: str | None = None) -> Availability:
    """The configurations this CPU can run: each instruction set it has, and the reader's threads.

    An instruction set the CPU lacks cannot be forced (MKL and ATen fall back to what the CPU has,
    so the run would repeat another one): it is left out, and said so.
    """
    machine = (machine or platform.machine()).lower()
    flags = cpu_flags() if flags is None else flags
    chosen: list[CpuConfiguration] = []
    left_out: list[tuple[CpuConfiguration, str]] = []
    if machine not in ("x86_64", "amd64"):
        left_out += [(c, f"x86-64 instruction sets; this CPU is {machine}") for c in _NEEDS]
    elif flags is None:
        left_out += [(c, "this system does not list the CPU's flags in /proc/cpuinfo") for c in _NEEDS]
    else:
        for configuration, needs in _NEEDS.items():
            missing = sorted(needs - flags)
            if missing:
                left_out.append((configuration, f"this CPU lacks {', '.join(missing)}"))
            else:
                chosen.append(configuration)
    chosen.append(READER_THREAD_COUNT)
    return Availability(chosen, left_out)


def machine_summary(cpuinfo: Path = Path("/proc/cpuinfo")) -> str:
    """One line about this machine for the fingerprint of a failing quote."""
    flags = cpu_flags(cpuinfo) or set()
    sets = [name for name, flag in (("AVX-512", "avx512f"), ("AVX2", "avx2"), ("SSE4.2", "sse4_2")) if flag in flags]
    model = ""
    try:
        model = next(
            (
                line.split(":", 1)[1].strip()
                for line in cpuinfo.read_text().splitlines()
                if line.startswith("model name")
            ),
            "",
        )
    except OSError:
        pass
    parts = [model or platform.machine(), f"{os.cpu_count()} cores", "/".join(sets) or platform.machine()]
    return ", ".join(parts)


_PROBE = """
import os, torch
print(torch.__version__)
print(torch.backends.cpu.get_cpu_capability())
print(os.environ.get("MKL_ENABLE_INSTRUCTIONS", ""))
print(torch.get_num_threads())
"""


@functools.cache
def fingerprint() -> str:
    """What the snippets ran with, asked of a fresh interpreter in the snippet environment: the
    torch version, ATen's vector kernels, MKL's instruction set and the thread count. A quoted
    output that fails then says at once whether the machine or the change is at fault."""
    with tempfile.TemporaryDirectory(prefix="fingerprint-") as home:
        try:
            probe = subprocess.run(
                [sys.executable, "-s", "-c", _PROBE],
                env=snippet_environment(Path(home)),
                cwd=home,
                capture_output=True,
                text=True,
                timeout=120,
            )
        except (OSError, subprocess.SubprocessError) as error:
            return f"environment: unknown ({error}); CPU: {machine_summary()}"
    if probe.returncode != 0:
        return (
            f"environment: torch does not import ({probe.stderr.strip().splitlines()[-1:]}); CPU: {machine_summary()}"
        )
    version, capability, mkl, threads = probe.stdout.split("\n")[:4]
    mkl_set = f"MKL_ENABLE_INSTRUCTIONS={mkl}" if mkl else "MKL's own choice of instructions for this CPU"
    thread_count = "1 thread" if threads == "1" else f"{threads} threads"
    return (
        f"environment: torch {version}, ATen kernels {capability}, {mkl_set}, {thread_count}; CPU: {machine_summary()}"
    )
