"""Every snippet and notebook prints, exits and draws the same under every CPU configuration
this machine can run (doccheck.cpu): SSE4.2, AVX2 and AVX-512 kernels, and a reader's four
threads, each compared byte for byte with the run the pages quote. A reader on another x86-64
machine then sees what the page shows."""

from types import SimpleNamespace

import pytest

from doccheck import cpu
from doccheck.catalogue import BY_NAME, judge
from doccheck.session import DocSession, Tally

pytestmark = pytest.mark.portability


def test_a_cpu_without_avx512_is_checked_with_the_rest_and_says_what_it_left_out():
    availability = cpu.available(flags={"sse4_2", "avx2", "fma"}, machine="x86_64")
    assert [c.name for c in availability.configurations] == ["sse4.2", "avx2", "4 threads"]
    assert availability.summary() == (
        "sse4.2, avx2, 4 threads; left out: avx512 (this CPU lacks avx512bw, avx512dq, avx512f, avx512vl)"
    )


def test_a_machine_with_fewer_than_two_configurations_is_excused_and_says_why():
    arm = SimpleNamespace(cpu_configurations=cpu.available(machine="aarch64"), tally=Tally())
    verdict = judge(arm, BY_NAME["test_snippet_prints_the_same_on_every_cpu"], "t/a.py")  # runs nothing
    assert verdict.problems == []
    assert (
        verdict.excused
        == arm.tally.portability_not_checked
        == (
            "portability not checked on this machine: it can run only 4 threads; left out: sse4.2, avx2, avx512 "
            "(x86-64 instruction sets; this CPU is aarch64), and the check needs at least 2 configurations"
        )
    )


def test_each_configuration_sets_what_torch_reads_before_its_first_operation():
    """What the runs are told; that MKL and ATen obey it shows in the planted round-off test
    (tests/tools/test_verifier_catches_errors.py)."""
    assert cpu.SSE42.variables == {"MKL_ENABLE_INSTRUCTIONS": "SSE4_2", "ATEN_CPU_CAPABILITY": "default"}
    assert cpu.AVX2.variables == {"MKL_ENABLE_INSTRUCTIONS": "AVX2", "ATEN_CPU_CAPABILITY": "avx2"}
    assert cpu.AVX512.variables == {"MKL_ENABLE_INSTRUCTIONS": "AVX512", "ATEN_CPU_CAPABILITY": "avx512"}
    assert cpu.READER_THREAD_COUNT.variables == {"OMP_NUM_THREADS": "4", "MKL_NUM_THREADS": "4"}


@pytest.mark.parametrize(
    "first_cell, pinned",
    [
        ("import torch\n\ntorch.set_default_dtype(torch.float64)\ntorch.set_num_threads(1)\nx = torch.ones(3)", True),
        ("import torch\ntorch.set_num_threads(2)", False),
        ("import torch\nx = torch.ones(3).sum()\ntorch.set_num_threads(1)", False),  # computed before pinning
        ("import torch\n\ndef setup():\n    torch.set_num_threads(1)\n", False),  # only if called
        ("%matplotlib inline\nimport torch\ntorch.set_num_threads(1)", False),  # not plain Python: assume nothing
        ("import torch\ntorch.set_num_threads(num_threads=1)", False),
    ],
)
def test_a_notebook_pins_one_thread_only_before_it_computes(first_cell, pinned):
    """Only such a notebook is left out of the reader's-threads run, and the summary says so
    (doccheck.plugin, doccheck.cli)."""
    assert cpu.pins_one_thread(first_cell) is pinned


def test_a_notebook_that_pins_one_thread_is_not_run_with_the_readers_threads():
    notebook = SimpleNamespace(relative="pinned.ipynb", code=["import torch\ntorch.set_num_threads(1)"])
    unpinned = SimpleNamespace(relative="free.ipynb", code=["import torch\nx = torch.ones(2)"])
    session = SimpleNamespace(
        cpu_configurations=cpu.Availability([cpu.AVX2, cpu.READER_THREAD_COUNT], []),
        _source_notebook=lambda relative: {"pinned.ipynb": notebook, "free.ipynb": unpinned}[relative],
    )
    configurations = DocSession.notebook_configurations
    assert configurations(session, "pinned.ipynb") == [cpu.AVX2]
    assert configurations(session, "free.ipynb") == [cpu.AVX2, cpu.READER_THREAD_COUNT]
