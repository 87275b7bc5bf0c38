"""The build's cache, `.cache/`: what a build can reuse, under names made of what produced it.

Two builds may run at once (the test suite builds the site while a test builds it again), so a
cached file is written whole: to a temporary name in the same folder, then renamed, which readers
see as one step. A reader then finds the file complete or not at all.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def keep(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole (creating its folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
