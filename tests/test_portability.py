"""Every snippet and notebook prints, exits and draws the same under every CPU configuration
this machine can run (doccheck.cpu): SSE4.2, AVX2 and AVX-512 kernels, and a reader's four
threads, each compared byte for byte with the run the pages quote. A reader on another x86-64
machine then sees what the page shows."""

from types import SimpleNamespace

import pytest

from doccheck import checks, cpu
from doccheck.session import Tally

pytestmark = pytest.mark.portability


def _configurations_or_skip(doc_session):
    availability = doc_session.cpu_configurations
    if not availability.enough:
        reason = (
            f"portability not checked on this machine: it can run only {availability.summary()}, "
            f"and the check needs at least {cpu.MINIMUM_CONFIGURATIONS} configurations"
        )
        doc_session.tally.portability_not_checked = reason  # the summary says it too
        pytest.skip(reason)


def _fail(problems):
    if problems:
        pytest.fail("\n\n".join(str(p) for p in problems), pytrace=False)


def test_snippet_prints_the_same_on_every_cpu(snippet_on_every_cpu, doc_session):
    _configurations_or_skip(doc_session)
    reference = doc_session.snippet_run(snippet_on_every_cpu)
    runs = doc_session.snippet_runs_per_cpu(snippet_on_every_cpu)
    _fail(checks.check_snippet_on_every_cpu(reference, runs))
    doc_session.tally.portable_snippets += 1


def test_notebook_runs_the_same_on_every_cpu(notebook_on_every_cpu, doc_session):
    _configurations_or_skip(doc_session)
    reference = doc_session.executed_notebook(notebook_on_every_cpu.relative)
    runs = doc_session.executed_notebooks_per_cpu(notebook_on_every_cpu.relative)
    _fail(checks.check_notebook_on_every_cpu(notebook_on_every_cpu, reference, runs))
    doc_session.tally.portable_notebooks += 1


def test_a_cpu_without_avx512_is_checked_with_the_rest_and_says_what_it_left_out():
    availability = cpu.available(flags={"sse4_2", "avx2", "fma"}, machine="x86_64")
    assert [c.name for c in availability.configurations] == ["sse4.2", "avx2", "4 threads"]
    assert availability.summary() == (
        "sse4.2, avx2, 4 threads; left out: avx512 (this CPU lacks avx512bw, avx512dq, avx512f, avx512vl)"
    )


def test_a_machine_with_fewer_than_two_configurations_skips_and_says_why():
    arm = SimpleNamespace(cpu_configurations=cpu.available(machine="aarch64"), tally=Tally())
    with pytest.raises(pytest.skip.Exception) as skipped:
        _configurations_or_skip(arm)
    assert (
        str(skipped.value)
        == arm.tally.portability_not_checked
        == (
            "portability not checked on this machine: it can run only 4 threads; left out: sse4.2, avx2, avx512 "
            "(x86-64 instruction sets; this CPU is aarch64), and the check needs at least 2 configurations"
        )
    )


def test_each_configuration_sets_what_torch_reads_before_its_first_operation():
    """What the runs are told; that MKL and ATen obey it shows in the planted round-off test
    (tests/test_verifier_catches_errors.py)."""
    assert cpu.SSE42.variables == {"MKL_ENABLE_INSTRUCTIONS": "SSE4_2", "ATEN_CPU_CAPABILITY": "default"}
    assert cpu.AVX2.variables == {"MKL_ENABLE_INSTRUCTIONS": "AVX2", "ATEN_CPU_CAPABILITY": "avx2"}
    assert cpu.AVX512.variables == {"MKL_ENABLE_INSTRUCTIONS": "AVX512", "ATEN_CPU_CAPABILITY": "avx512"}
    assert cpu.READER_THREAD_COUNT.variables == {"OMP_NUM_THREADS": "4", "MKL_NUM_THREADS": "4"}
