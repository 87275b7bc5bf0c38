"""Figures that load fast and do not shift the page: every image gets its width and height, and
each figure is offered as WebP with the PNG as fallback.

* ``FigureSizes``, a Python-Markdown extension, rewrites ``<img src=".../assets/figures/x.png">``
  of a Markdown page into ``<picture>`` with a WebP ``<source>``, and gives the ``<img>`` the
  PNG's pixel size, ``loading="lazy"`` and ``decoding="async"``. It reads the sizes from the
  figures folder (docs/<default language>/assets/figures, see hooks/figures_for_every_language.py).
* After the whole site is built (every language), the build writes ``assets/figures/x.webp``
  next to each PNG of the site (lossless, so the plots' text stays sharp). The PNGs stay what
  the snippets write and what the tests compare; the WebP files are derived and never committed.
* Notebook pages do not go through Python-Markdown: their inline output images (``data:`` PNGs)
  get their width and height here, read from the image itself.
"""

from __future__ import annotations

import base64
import io
import logging
import re
import xml.etree.ElementTree as etree
from pathlib import Path

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from mkdocs.config.defaults import MkDocsConfig
from PIL import Image

from hooks.i18n_state import languages

log = logging.getLogger("mkdocs.hooks.responsive_figures")

FIGURES = "assets/figures"
DATA_PNG = re.compile(
    r'<img (?P<before>[^>]*?)src="data:image/png;base64,(?P<data>[A-Za-z0-9+/=\s]+)"(?P<after>[^>]*)>'
)


def webp_name(src: str) -> str:
    return re.sub(r"\.png$", ".webp", src)


class _Pictures(Treeprocessor):
    def __init__(self, md: Markdown, figures_dir: Path) -> None:
        super().__init__(md)
        self.figures_dir = figures_dir

    def run(self, root: etree.Element) -> None:
        for parent in list(root.iter()):
            for index, child in enumerate(list(parent)):
                if child.tag != "img":
                    continue
                src = child.get("src", "")
                figure = self.figures_dir / src.rsplit("/", 1)[-1]
                if f"{FIGURES}/" not in src or not figure.is_file():
                    continue
                with Image.open(figure) as image:
                    width, height = image.size
                child.set("width", str(width))
                child.set("height", str(height))
                child.set("loading", "lazy")
                child.set("decoding", "async")
                if not src.endswith(".png"):
                    continue
                picture = etree.Element("picture")
                etree.SubElement(picture, "source", {"srcset": webp_name(src), "type": "image/webp"})
                picture.tail, child.tail = child.tail, None
                picture.append(child)
                parent.remove(child)
                parent.insert(index, picture)


class FigureSizes(Extension):
    def __init__(self, **kwargs: object) -> None:
        self.config = {"figures_dir": ["", "the folder holding the figures (PNG) that pages show"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(
            _Pictures(md, Path(self.getConfig("figures_dir"))), "figure_sizes", -1
        )  # after MkDocs has made src relative to the page (0)


def makeExtension(**kwargs: object) -> FigureSizes:  # noqa: N802
    return FigureSizes(**kwargs)


def figures_dir(config: MkDocsConfig) -> Path:
    _, default = languages(config)
    return Path(config.docs_dir) / (default or "") / FIGURES


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


def write_webp(site: Path) -> None:
    """``x.webp`` beside each figure ``x.png`` of the built site."""
    for png in sorted((site / FIGURES).glob("*.png")):
        target = png.with_suffix(".webp")
        with Image.open(png) as image:
            image.save(target, "WEBP", lossless=True, method=6)
        log.info(
            f"{target.relative_to(site)}: {png.stat().st_size // 1024} KB PNG -> {target.stat().st_size // 1024} KB"
        )
