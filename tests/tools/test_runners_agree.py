"""The warm runner (a fork of a process that has imported torch) prints, writes and fails exactly
as a fresh interpreter does (the cold runner, `python snippets/<path>.py`).

Real snippets that seed and draw from torch's RNG, draw with matplotlib and import a sibling
snippet, plus small snippets written here that change the default dtype, use the RNG unseeded,
raise, exit with a status, and check that nothing leaked from the run before them. An unseeded
snippet gets a new seed in every run either way, so a snippet that forgets its seed shows it.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from doccheck.runner import ColdRunner, WarmRunner, same_run_anywhere

AT_ONCE = 2  # cold runs at a time: they are independent, and each mostly waits for `import torch`

REAL = [
    "embeddings/embedding_lookup.py",  # torch.manual_seed, then randn through nn.Embedding
    "positions/sinusoidal_figure.py",  # matplotlib writes a PNG into the working directory
    "rope/rope_properties.py",  # imports a sibling snippet
]

WRITTEN = {
    "state/dtype.py": "import torch\ntorch.set_default_dtype(torch.float64)\nprint(torch.zeros(1).dtype)\n",
    "state/after_dtype.py": "import torch\nprint(torch.get_default_dtype(), torch.zeros(1).dtype)\n",
    "state/environment.py": "import os, sys\nprint(sys.argv, sys.path[0].endswith('state'), os.listdir('.'))\n"
    "print(os.environ['PYTHONHASHSEED'], os.environ['OMP_NUM_THREADS'], 'hash', hash('embedding'))\n",
    "state/unseeded.py": "import random\nimport numpy, torch\n"
    "print(torch.initial_seed(), numpy.random.rand(), random.random())\n",
    "state/raises.py": "import torch\n\ndef broken():\n    return torch.ones(2) @ torch.ones(3)\n\nbroken()\n",
    "state/exits.py": "import sys\nprint('partial')\nsys.exit(3)\n",
    "state/writes.py": "from pathlib import Path\nPath('out.txt').write_text('written')\nprint('done')\n",
    "state/helper.py": "VALUE = 7\n",
    "state/uses_helper.py": "def show():\n    from helper import VALUE\n    print(VALUE)\n\nshow()\n",
}


def test_an_unseeded_snippet_gets_a_new_seed_in_every_run(warm_written):
    seeds = {warm_written.run("state/unseeded.py").stdout for _ in range(3)}
    assert len(seeds) == 3, seeds


def _same(warm, cold) -> list[str]:
    differences = []
    for field in ("returncode", "stdout", "stderr", "files"):
        if getattr(warm, field) != getattr(cold, field):
            differences.append(
                f"{warm.snippet}: {field} differs\n  warm: {getattr(warm, field)!r}\n  cold: {getattr(cold, field)!r}"
            )
    return differences


def test_real_snippets_print_and_draw_the_same_both_ways(project, doc_session):
    """The session's own runs (warm, unless --cold) against the other runner."""
    other = WarmRunner(project.snippets_dir) if doc_session.cold else ColdRunner(project.snippets_dir)
    try:
        with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
            others = list(pool.map(other.run, REAL))
        problems = [p for s, o in zip(REAL, others) for p in _same(doc_session.snippet_run(s), o)]
    finally:
        other.close()
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("snippets")
    for name, code in WRITTEN.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(code, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def warm_written(written):
    """One warm runner for the snippets written here (each run is a fork of its own)."""
    warm = WarmRunner(written)
    yield warm
    warm.close()


def test_state_changes_and_failures_are_the_same_both_ways(written, warm_written):
    names = [name for name in WRITTEN if name != "state/unseeded.py"]
    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        colds = pool.map(ColdRunner(written).run, names)  # each a fresh interpreter: any order
        # the warm ones one after another, in order: the dtype change first, then the run after it
        runs = list(zip([warm_written.run(name) for name in names], colds))
    problems = [p for w, c in runs for p in _same(w, c)]
    assert not problems, "\n".join(problems)
    by_name = {w.snippet: w for w, _ in runs}
    assert "hash -22991533377512276" in by_name["state/environment.py"].stdout, "PYTHONHASHSEED=0 is not in effect"
    assert by_name["state/after_dtype.py"].stdout.startswith("torch.float32"), "a dtype change leaked"
    assert by_name["state/raises.py"].returncode == 1 and "RuntimeError" in by_name["state/raises.py"].stderr
    assert by_name["state/exits.py"].returncode == 3 and by_name["state/writes.py"].files == {"out.txt": b"written"}


def test_a_run_tells_whether_a_copy_of_its_snippet_would_do_the_same_anywhere(written, warm_written):
    """The copy-button test does not run a copy that would repeat the snippet's run: only a warm
    run can say that its snippet imported nothing from its folder (not even inside a function),
    and the copy must be the snippet's text, which must not ask where it is."""

    def text(name: str) -> str:
        return (written / name).read_text(encoding="utf-8")

    alone, sibling, asks = (
        warm_written.run(n) for n in ("state/writes.py", "state/uses_helper.py", "state/environment.py")
    )
    assert alone.folder_imports == () and sibling.folder_imports == ("helper.py",)
    assert same_run_anywhere(alone, text("state/writes.py"), written)
    assert not same_run_anywhere(alone, text("state/writes.py") + "print('more')\n", written)
    assert not same_run_anywhere(sibling, text("state/uses_helper.py"), written)
    assert not same_run_anywhere(asks, text("state/environment.py"), written)
    cold = ColdRunner(written).run("state/writes.py")
    assert cold.folder_imports is None and not same_run_anywhere(cold, text("state/writes.py"), written)
