"""Notebook pages: execute them with nbclient, compare and rewrite their stored outputs (reading
them is hooks.core.notebooks).

The translations of a notebook share its code cells (the parity test makes sure), so the code
runs once, from the source-language notebook, and every language's stored outputs are compared
with that one run.
"""

from __future__ import annotations

import copy
import hashlib
import tempfile
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from hooks.core.notebooks import Notebook

from .runner import TIMEOUT_SECONDS, snippet_environment


def execute(notebook: Notebook, environment: dict[str, str] | None = None) -> nbformat.NotebookNode:
    """A fresh, executed copy: empty working directory, the same environment as snippets (plus
    ``environment``, a CPU configuration, if given)."""
    node = copy.deepcopy(notebook.node)
    with tempfile.TemporaryDirectory(prefix="notebook-") as scratch:
        home = Path(scratch)
        # over local sockets rather than TCP, which ipykernel warns about on every start
        kernel = KernelManager(kernel_name="python3", transport="ipc", ip=str(home / "kernel"))
        client = NotebookClient(
            node,
            km=kernel,
            timeout=TIMEOUT_SECONDS,
            kernel_name="python3",
            allow_errors=False,
            resources={"metadata": {"path": scratch}},
        )
        try:
            client.execute(env=snippet_environment(home, environment))
        finally:  # a kernel manager handed to the client is not the client's to stop
            if kernel.has_kernel:
                kernel.shutdown_kernel(now=True)
    return node


def comparable(cell: nbformat.NotebookNode) -> str:
    """A cell's outputs as text: what a reader sees, with images reduced to a content hash."""
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            parts.append(output.text)
        elif output.output_type == "error":
            parts.append(f"{output.ename}: {output.evalue}\n")
        else:
            data = output.get("data", {})
            for mime in sorted(data):
                if mime.startswith("image/"):
                    digest = hashlib.sha256(str(data[mime]).encode()).hexdigest()[:16]
                    parts.append(f"<{mime} sha256:{digest}>\n")
            if "text/plain" in data and not any(m.startswith("image/") for m in data):
                parts.append(data["text/plain"] + "\n")
    return "".join(parts)


def store_outputs(notebook: Notebook, executed: nbformat.NotebookNode) -> None:
    """Write the executed outputs into this language's notebook; its Markdown is untouched."""
    fresh = [c for c in executed.cells if c.cell_type == "code"]
    for (_, cell), new in zip(notebook.code_cells, fresh, strict=True):
        cell.outputs = new.outputs
        cell.execution_count = new.execution_count
    nbformat.write(notebook.node, notebook.absolute)
