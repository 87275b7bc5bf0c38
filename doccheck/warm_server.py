"""The warm runner's server (see doccheck.runner.WarmRunner): import the slow modules named on
its command line once (``python -m doccheck.warm_server torch numpy``), then fork one child per
snippet and run the file in it as ``__main__``.

The server itself never runs a torch operation, so every child starts from the state a fresh
interpreter has right after ``import torch``. It is started with the snippet environment
(``PYTHONHASHSEED=0``, one thread, no GPU, no network, ``MPLBACKEND=Agg``), which the children
inherit; each child then gets its own empty working directory, HOME and TMPDIR, a clean
``sys.argv`` and ``sys.path[0]``, and its stdout and stderr in files the caller reads. A module
the server did not import, the child imports itself, as a fresh interpreter would.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import runpy
import sys
import tempfile
import threading
import traceback
from pathlib import Path

_answer_lock = threading.Lock()
_children_lock = threading.Lock()
_protocol = sys.stdout


def _answer(**message: object) -> None:
    with _answer_lock:
        _protocol.write(json.dumps(message) + "\n")
        _protocol.flush()


def _run_in_child(request: dict) -> int:
    """Runs in the forked child: become ``python <path>`` in a fresh working directory."""
    path = Path(request["path"])
    for stream, target in ((1, request["stdout"]), (2, request["stderr"])):
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(descriptor, stream)
        os.close(descriptor)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115
    home = request["home"]
    os.environ.update({"HOME": home, "TMPDIR": home, "MPLCONFIGDIR": str(Path(home) / "matplotlib")})
    tempfile.tempdir = None
    # a fresh interpreter seeds these from the operating system: so does each child, or an
    # unseeded snippet would print the same "random" numbers every time and hide its bug
    if "torch" in sys.modules:
        sys.modules["torch"].seed()
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()
    random.seed()
    os.chdir(request["workdir"])
    sys.argv = [str(path)]
    sys.path[0] = str(path.parent)
    try:
        runpy.run_path(str(path), run_name="__main__")
        code = 0
    except SystemExit as stop:
        if stop.code is None:
            code = 0
        elif isinstance(stop.code, int):
            code = stop.code
        else:
            print(stop.code, file=sys.stderr)
            code = 1
    except BaseException as error:  # what the interpreter would print, from the snippet's frame on
        tb = error.__traceback__
        while tb is not None and Path(tb.tb_frame.f_code.co_filename) != path:
            tb = tb.tb_next
        traceback.print_exception(type(error), error, tb or error.__traceback__)
        code = 1
    try:
        _record_folder_imports(path, request["folder_imports"])
    except Exception:  # noqa: BLE001 (then nothing is recorded, and the caller assumes the worst)
        pass
    sys.stdout.flush()
    sys.stderr.flush()
    return code


def _record_folder_imports(path: Path, target: str) -> None:
    """The files of the snippet's own folder (and below) that the run imported, the snippet aside:
    what a copy of it saved alone elsewhere would not find."""
    folder = path.parent.resolve()
    found = set()
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None)
        if where and Path(where).resolve() != path.resolve() and Path(where).resolve().is_relative_to(folder):
            found.add(str(Path(where).resolve().relative_to(folder)))
    Path(target).write_text(json.dumps(sorted(found)), encoding="utf-8")


def _reap(children: dict[int, int]) -> None:
    while True:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            threading.Event().wait(0.01)
            continue
        with _children_lock:  # main() registers a child under this lock right after forking it
            number = children.pop(pid, None)
        if number is not None:
            _answer(event="finished", id=number, returncode=os.waitstatus_to_exitcode(status))


def main() -> None:
    for module in sys.argv[1:]:
        importlib.import_module(module)
    children: dict[int, int] = {}
    threading.Thread(target=_reap, args=(children,), daemon=True).start()
    _answer(event="ready")
    for line in sys.stdin:
        request = json.loads(line)
        with _answer_lock, _children_lock:  # no half-written answer is copied into the child
            pid = os.fork()
            if pid == 0:
                os._exit(_run_in_child(request))
            children[pid] = request["id"]
        _answer(event="started", id=request["id"], pid=pid)


if __name__ == "__main__":
    main()
