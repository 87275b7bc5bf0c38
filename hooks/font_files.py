"""Fonts the site serves, taken from packages on the registry and cut down at build time.

A font file is read from the installed distribution that ships it, without importing the package,
so none of its dependencies is needed (requirements pin the package's version, and so the font's).
``subset_woff2`` keeps only the glyphs a site draws: a few kilobytes instead of megabytes. It keeps
the copyright and license name records, as the SIL Open Font License asks, and writes the same
bytes on every build, so that readers' caches keep the file. ``cut`` keeps each cut in a folder
under a name made of the font file's content, the cutting options and the characters, so a build
cuts again only what changed.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import io
from pathlib import Path

import fontTools
from fontTools import subset
from fontTools.ttLib import TTFont

from hooks import build_cache

NAME_RECORDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]  # 0: copyright, 13 and 14: the license


def font_in_package(package: str, path: str) -> Path:
    """A font file as the installed ``package`` ships it (``path`` inside its distribution)."""
    try:
        distribution = importlib.metadata.distribution(package)
    except importlib.metadata.PackageNotFoundError:
        raise FileNotFoundError(f"the font {path} comes from the {package} package: install requirements.txt") from None
    return Path(str(distribution.locate_file(path)))


def covered(font: Path) -> set[str]:
    """The characters the font has a glyph for."""
    return {chr(code) for code in TTFont(font, lazy=True).getBestCmap()}


def _options() -> subset.Options:
    options = subset.Options()
    options.flavor = "woff2"
    options.name_IDs = NAME_RECORDS
    options.hinting = False  # the browser's rasterizer does better without TrueType hints at these sizes
    options.desubroutinize = True
    options.drop_tables += ["FFTM"]  # FontForge's timestamps, which fontTools cannot cut and says so
    return options


def subset_woff2(font: Path, wanted: set[str]) -> bytes:
    """The font cut down to ``wanted`` (and what its layout tables need to draw them), as woff2."""
    subsetter = subset.Subsetter(_options())
    subsetter.populate(unicodes=sorted(ord(char) for char in wanted))
    with TTFont(font, recalcTimestamp=False) as tt:
        subsetter.subset(tt)
        out = io.BytesIO()
        tt.flavor = "woff2"
        tt.save(out)
    return out.getvalue()


def cut(font: Path, wanted: set[str], cache: Path) -> bytes:
    """``subset_woff2``, kept in the folder ``cache``: a font file of another version, other
    options, another fontTools or other characters make another name."""
    kept = kept_name(font, wanted, cache)
    if kept.is_file():
        return kept.read_bytes()
    data = subset_woff2(font, wanted)
    build_cache.keep(kept, data)
    return data


def kept_name(font: Path, wanted: set[str], cache: Path) -> Path:
    """Where ``cut`` keeps the cut of ``font`` to ``wanted`` in the folder ``cache``."""
    status = font.stat()
    made_of = "\n".join(
        [
            _content_digest(font, status.st_mtime_ns, status.st_size),
            fontTools.version,
            repr(sorted(vars(_options()).items())),
            "".join(sorted(wanted)),
        ]
    )
    return cache / f"{hashlib.sha256(made_of.encode()).hexdigest()[:24]}.woff2"


@functools.cache
def _content_digest(font: Path, modified_ns: int, size: int) -> str:
    return hashlib.sha256(font.read_bytes()).hexdigest()
