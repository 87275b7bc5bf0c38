"""Notebook images that do not shift the page: a notebook page's PNG output images (``data:``
images, which do not go through Python-Markdown) get their width and height, read from the image
itself. The guide's own figures, notebooks' included, are SVG files written per language by
hooks/figures_in_language.py; this keeps any PNG a notebook may still output from shifting the page."""

from __future__ import annotations

import base64
import io
import re

from PIL import Image

DATA_PNG = re.compile(
    r'<img (?P<before>[^>]*?)src="data:image/png;base64,(?P<data>[A-Za-z0-9+/=\s]+)"(?P<after>[^>]*)>'
)


def _sized(match: re.Match) -> str:
    tag = match.group(0)
    if " width=" in tag:
        return tag
    with Image.open(io.BytesIO(base64.b64decode(match["data"]))) as image:
        width, height = image.size
    return tag[:-1].rstrip("/ ") + f' width="{width}" height="{height}">'


def size_notebook_figures(html: str) -> str:
    """A notebook page's inline output images get their width and height."""
    return DATA_PNG.sub(_sized, html)
