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

import os
import platform
from dataclasses import dataclass
from pathlib import Path

READER_THREADS = 4  # a laptop's default; the suite's own runs use one thread


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

    def summary(self) -> str:
        names = ", ".join(c.name for c in self.configurations)
        if not self.left_out:
            return names
        return f"{names}; left out: " + "; ".join(f"{c.name} ({why})" for c, why in self.left_out)


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
        left_out += [(c, f"an x86-64 instruction set; this CPU is {machine}") for c in _NEEDS]
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


def machine_summary() -> str:
    """One line about this machine for the fingerprint of a failing quote."""
    flags = cpu_flags() or set()
    sets = [name for name, flag in (("AVX-512", "avx512f"), ("AVX2", "avx2"), ("SSE4.2", "sse4_2")) if flag in flags]
    return f"{platform.machine()}, {os.cpu_count()} cores" + (f", {'/'.join(sets)}" if sets else "")
