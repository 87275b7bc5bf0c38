"""Keep notebook pages light and local.

mkdocs-jupyter (nbconvert's "lab" template) puts into every notebook page:

* about 590 KB of inline JupyterLab CSS, mostly for widgets the static page never shows;
* a MathJax loader (``<script src="">``) and its configuration: math is MathML here
  (hooks/math_to_mathml.py converts the Markdown cells' ``$...$``);
* a Mermaid loader that imports mermaid from cdnjs.cloudflare.com when a cell has a diagram;
* a ``<style>`` holding a Python list's repr (a mkdocs-jupyter bug; its CSS is already inline);
* headings whose text has no ASCII letters get ``id=""`` (Korean, Chinese): their permalink and
  their search entry point nowhere, and search mixes their text with the page's.

Per page the build removes the loaders and the broken style, gives such headings a Unicode
slug (and makes nbconvert's "¶" link a Material ``headerlink``, which search leaves out of titles
as on Markdown pages), and takes the notebook CSS out of the page. After the whole site is built
(every language), it writes that CSS once, as ``assets/stylesheets/jupyter.<hash>.css``, keeping
only the rules whose classes occur in some notebook page and the custom properties those rules
use (about 20 KB), and links it from each notebook page's ``<head>``: one small file the browser
caches, instead of 590 KB inside every page. The pruned CSS is cached in .cache/notebook-css/.

Notebook outputs cannot load Mermaid here: a cell that renders a diagram is a build WARNING.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from pathlib import Path
from typing import Any

import tinycss2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page
from pymdownx.slugs import slugify

from hooks import build_cache
from hooks.i18n_state import building_a_translation, languages

log = logging.getLogger("mkdocs.hooks.notebook_pages")

MARKER = "<!-- jupyter-css -->"
STYLESHEET_FOLDER = "assets/stylesheets"
WRAPPER = '<div class="jupyter-wrapper">'

MATHJAX = re.compile(
    r"<script src=\"\">\s*</script>\s*"
    r"(?:<!-- MathJax configuration -->\s*)?<script type=\"text/x-mathjax-config\">.*?</script>\s*"
    r"(?:<!-- End of mathjax configuration -->)?",
    re.S,
)
MERMAID = re.compile(
    r"<script type=\"module\">(?:(?!</script>).)*?mermaid(?:(?!</script>).)*</script>\s*"
    r"(?:<style>\s*\.jp-Mermaid(?:(?!</style>).)*</style>\s*)?(?:<!-- End of mermaid configuration -->)?",
    re.S,
)
PYTHON_LIST_STYLE = re.compile(r"<style>\s*\[\s*['\"](?:(?!</style>).)*\]\s*</style>", re.S)
INLINE_CSS = re.compile(r"<style type=\"text/css\">(.*?)</style>\s*", re.S)
CLASS_ATTRIBUTE = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)')""")
VAR_USE = re.compile(r"var\(\s*(--[\w-]+)")
HEADING = re.compile(r'<h(?P<level>[1-6]) id="(?P<id>[^"]*)">(?P<inner>.*?)</h(?P=level)>', re.S)
ANCHOR_LINK = re.compile(r'<a class="anchor-link" href="#[^"]*">')
ID_ATTRIBUTE = re.compile(r'\bid="([^"]+)"')
_slug = slugify(case="lower")


def clean_notebook_page(
    html: str, page: Page, config: MkDocsConfig, css_blocks: list[str], english_ids: dict[str, list[str]]
) -> str:
    """A notebook page without CDN loaders, its headings named (a translation's with the English
    notebook's ids, from ``english_ids``, which the default language's build fills), and its inline
    CSS moved to ``css_blocks`` (in page order, without duplicates) behind a marker."""
    html = MATHJAX.sub("", html)
    html = MERMAID.sub("", html)
    html = PYTHON_LIST_STYLE.sub("", html)
    if "jp-Mermaid" in html.split(WRAPPER, 1)[-1]:
        log.warning(f"{page.file.src_uri}: a cell renders a Mermaid diagram, which needs a script from another host")
    head, wrapper, body = html.partition(WRAPPER)
    body = _name_headings(body)
    body = _english_heading_ids(body, page, config, english_ids)
    for css in INLINE_CSS.findall(head):
        if css not in css_blocks:
            css_blocks.append(css)
    head = INLINE_CSS.sub("", head)
    return head + MARKER + wrapper + body


def _name_headings(html: str) -> str:
    taken = set(ID_ATTRIBUTE.findall(html))

    def rename(match: re.Match) -> str:
        identifier = match["id"]
        if not identifier:
            text = re.sub(r"<[^>]+>|¶", "", match["inner"]).strip()
            identifier = base = _slug(text, "-") or "section"
            number = 1
            while identifier in taken:
                number += 1
                identifier = f"{base}_{number}"
            taken.add(identifier)
        inner = ANCHOR_LINK.sub(f'<a class="headerlink" href="#{identifier}">', match["inner"])
        return f'<h{match["level"]} id="{identifier}">{inner}</h{match["level"]}>'

    return HEADING.sub(rename, html)


def _english_heading_ids(html: str, page: Page, config: MkDocsConfig, english_ids: dict[str, list[str]]) -> str:
    """Give a translated notebook's headings the ids of the English notebook's headings, in order,
    and point its table of contents at them: a deep link then opens the same section in every
    language (mkdocs-static-i18n builds the default language first, so its ids are known)."""
    ids = [match["id"] for match in HEADING.finditer(html)]
    current, _ = languages(config)
    relative = page.file.src_uri.removeprefix(f"{current}/")  # the same in every language's folder
    if not building_a_translation(config):
        english_ids[relative] = ids
        return html
    english = english_ids.get(relative)
    if english is None:
        return html
    if len(english) != len(ids):
        log.warning(
            f"{page.file.src_uri}: {len(ids)} headings, the English notebook has {len(english)}; their ids cannot match"
        )
        return html
    renamed = iter(english)

    def rename(match: re.Match) -> str:
        identifier = next(renamed)
        inner = re.sub(r'class="headerlink" href="#[^"]*"', f'class="headerlink" href="#{identifier}"', match["inner"])
        return f'<h{match["level"]} id="{identifier}">{inner}</h{match["level"]}>'

    html = HEADING.sub(rename, html)
    entries = _flatten(page.toc.items) if page.toc else []
    if len(entries) == len(english):
        for entry, identifier in zip(entries, english):
            entry.id = identifier
    return html


def _flatten(items: list) -> list:
    return [entry for item in items for entry in (item, *_flatten(item.children))]


# -- after the build: one pruned, shared stylesheet -------------------------------------------


def _strip_functional(selector: str, names=("not",)) -> str:
    """Remove :not(...) (its classes need not occur) and attribute selectors' contents."""
    selector = re.sub(r"\[[^\]]*\]", "[]", selector)
    for name in names:
        while True:
            start = selector.find(f":{name}(")
            if start < 0:
                break
            depth, end = 0, start
            for end in range(start + len(name) + 1, len(selector)):
                depth += {"(": 1, ")": -1}.get(selector[end], 0)
                if depth == 0:
                    break
            selector = selector[:start] + selector[end + 1 :]
    return selector


def _split_selectors(prelude: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in prelude:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def _selector_used(selector: str, classes: set[str]) -> bool:
    if re.search(r":(is|where|has|matches)\(", selector):
        return True  # alternatives: keep rather than guess
    needed = re.findall(r"\.(-?[_a-zA-Z][\w-]*)", _strip_functional(selector))
    return all(c in classes for c in needed)


def _prune_rules(rules, classes: set[str]) -> list:
    """(prelude or at-rule header, declarations or nested rules or raw text) for the rules to keep."""
    kept: list[tuple[str, Any]] = []
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = [s for s in _split_selectors(tinycss2.serialize(rule.prelude)) if _selector_used(s, classes)]
            if selectors:
                declarations = [
                    d
                    for d in tinycss2.parse_declaration_list(rule.content, skip_comments=True, skip_whitespace=True)
                    if d.type == "declaration"
                ]
                kept.append((",".join(selectors), declarations))
        elif rule.type == "at-rule":
            if rule.lower_at_keyword == "charset":
                continue
            header = "@" + rule.at_keyword + tinycss2.serialize(rule.prelude).rstrip()
            if rule.lower_at_keyword in ("media", "supports", "layer", "container") and rule.content is not None:
                nested = _prune_rules(
                    tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True), classes
                )
                if nested:
                    kept.append((header, nested))
            else:
                kept.append((header, tinycss2.serialize(rule.content) if rule.content is not None else None))
    return kept


def _walk_declarations(kept):
    for _, body in kept:
        if isinstance(body, list):
            for item in body:
                if isinstance(item, tuple):
                    yield from _walk_declarations([item])
                else:
                    yield item


def _used_custom_properties(kept, pages_text: str) -> set[str]:
    definitions: dict[str, list[str]] = {}
    uses: set[str] = set(VAR_USE.findall(pages_text))
    for declaration in _walk_declarations(kept):
        value = tinycss2.serialize(declaration.value)
        if declaration.name.startswith("--"):
            definitions.setdefault(declaration.name, []).append(value)
        else:
            uses.update(VAR_USE.findall(value))
    pending = list(uses)
    while pending:
        name = pending.pop()
        for value in definitions.get(name, []):
            for used in VAR_USE.findall(value):
                if used not in uses:
                    uses.add(used)
                    pending.append(used)
    return uses


def _serialize(kept, custom_properties: set[str]) -> str:
    out = []
    for header, body in kept:
        if body is None:
            out.append(f"{header};")
        elif isinstance(body, str):
            out.append(f"{header}{{{body.strip()}}}")
        elif body and isinstance(body[0], tuple):
            inner = _serialize(body, custom_properties)
            if inner:
                out.append(f"{header}{{{inner}}}")
        else:
            declarations = [
                f"{d.name}:{tinycss2.serialize(d.value).strip()}{'!important' if d.important else ''}"
                for d in body
                if not d.name.startswith("--") or d.name in custom_properties
            ]
            if declarations:
                out.append(f"{header}{{{';'.join(declarations)}}}")
    return "\n".join(out)


def page_classes(pages_html: list[str]) -> set[str]:
    return {
        name
        for html in pages_html
        for match in CLASS_ATTRIBUTE.finditer(html)
        for name in (match.group(1) or match.group(2) or "").split()
    }


def prune_css(css: str, pages_html: list[str]) -> str:
    """The rules of ``css`` that can match something in these pages, and the variables they use."""
    kept = _prune_rules(
        tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True), page_classes(pages_html)
    )
    text = _serialize(kept, _used_custom_properties(kept, "\n".join(pages_html)))
    return ('@charset "UTF-8";\n' if not text.isascii() else "") + text + "\n"


def _cached_prune(css: str, pages_html: list[str], cache_dir: Path) -> str:
    """prune_css takes a second or two (tinycss2 parses 590 KB); its result depends only on the CSS,
    the classes and variables the pages use, and this file, so it is kept in .cache/."""
    key = hashlib.sha256()
    for part in (
        css,
        *sorted(page_classes(pages_html)),
        *sorted(set(VAR_USE.findall("\n".join(pages_html)))),
        Path(__file__).read_text(encoding="utf-8"),
    ):
        key.update(part.encode("utf-8") + b"\0")
    cached = cache_dir / f"{key.hexdigest()[:24]}.css"
    try:
        return cached.read_text(encoding="utf-8")
    except FileNotFoundError:  # not yet, or a build at the same time has just removed it
        pass
    pruned = prune_css(css, pages_html)
    for stale in cache_dir.glob("*.css"):
        if stale != cached:
            stale.unlink(missing_ok=True)
    build_cache.keep(cached, pruned.encode("utf-8"))
    return pruned


def share_notebook_css(css_blocks: list[str], site: Path, cache_dir: Path) -> None:
    """The notebook CSS of every page, pruned to what the built notebook pages use, as one
    stylesheet that each of them links in place of its marker."""
    if not css_blocks:
        return
    pages = [p for p in site.rglob("*.html") if MARKER in p.read_text(encoding="utf-8")]
    if not pages:
        return
    texts = [p.read_text(encoding="utf-8") for p in pages]
    css = _cached_prune("\n".join(css_blocks), texts, cache_dir)
    name = f"jupyter.{hashlib.sha256(css.encode()).hexdigest()[:8]}.css"
    target = site / STYLESHEET_FOLDER / name
    target.parent.mkdir(parents=True, exist_ok=True)
    for stale in target.parent.glob("jupyter.*.css"):
        stale.unlink()
    target.write_text(css, encoding="utf-8")
    for path, text in zip(pages, texts):
        href = Path(os.path.relpath(target, path.parent)).as_posix()
        text = text.replace(MARKER, "")
        text = text.replace("</head>", f'<link rel="stylesheet" href="{href}">\n</head>', 1)
        path.write_text(text, encoding="utf-8")
    log.info(
        f"notebook CSS: {sum(map(len, css_blocks)) // 1024} KB inline per page -> "
        f"{len(css) // 1024} KB shared in {target.relative_to(site)} ({len(pages)} pages)"
    )
