"""Work the four languages and every `mkdocs serve` rebuild repeat, answered from memory.

Every language shows the same snippets and quoted outputs, and a `serve` rebuild converts and
indexes every page of every language again. Two pieces of third-party work depend only on their
input and offer no cache and no hook for one, so while the build runs (``on_startup`` to
``on_shutdown`` of the build plugin) they answer a call they have answered before from memory:

* ``pymdownx.highlight.Highlight.highlight``, Pygments' colouring of a code block: 1,068 calls a
  build, 1.4 s. The output blocks' titles are translated, so 666 calls differ (0.5 s), and a
  rebuild colours only what changed. A call is the same when its arguments and the highlighter's
  settings are the same (its Markdown instance aside, which it uses only to store a title in the
  page's stash: a highlighter in ``title_mode: html`` or with ``auto_title`` may do that, so its
  blocks are always coloured anew). Only string answers are kept, which nobody who receives one
  can change (inline code is answered with an element of the page's tree, so it is coloured anew).
* ``material.plugins.search.SearchIndex.add_entry_from_context``, which parses a page's HTML into
  sections, segments their Chinese words with jieba and appends one entry per section to the
  index (0.7 s of a rebuild): a page is the same when its HTML (as ``hooks/search_input.py``
  hands it over), address, title, metadata and table of contents and the search's settings are;
  its entries are kept as JSON and appended as new objects.
"""

from __future__ import annotations

import inspect
import json
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from material.plugins.search.plugin import SearchIndex
from pymdownx.highlight import Highlight

REMEMBERED = 8192  # answers of each; a build has about 700 distinct blocks and 104 pages


def _remember(owner: type, name: str, key: Callable[..., str | None]) -> Callable[[], None]:
    """Answer ``owner.name`` from memory where ``key`` gives the call a key; returns the undo."""
    original = getattr(owner, name)
    answers: OrderedDict[str, str] = OrderedDict()

    def remembering(self: object, *args: object, **kwargs: object) -> object:
        known = key(self, *args, **kwargs)
        if known is None:
            return original(self, *args, **kwargs)
        if known in answers:
            answers.move_to_end(known)
            return answers[known]
        answer = original(self, *args, **kwargs)
        if isinstance(answer, str):
            answers[known] = answer
            if len(answers) > REMEMBERED:
                answers.popitem(last=False)
        return answer

    remembering.remembered = answers  # type: ignore[attr-defined]  # for the tests
    setattr(owner, name, remembering)
    return lambda: setattr(owner, name, original)


def _highlight_call(self: Highlight, *args: object, **kwargs: object) -> str | None:
    if self.title_mode != "text" or self.auto_title:
        return None
    call = _HIGHLIGHT.bind(self, *args, **kwargs)
    call.apply_defaults()
    arguments = sorted((name, value) for name, value in call.arguments.items() if name != "self")
    settings = sorted((name, value) for name, value in vars(self).items() if name != "md")
    return repr((settings, arguments))


def _remember_search_entries() -> Callable[[], None]:
    original = SearchIndex.add_entry_from_context
    answers: OrderedDict[str, str] = OrderedDict()  # each page's entries, as JSON

    def add_entry_from_context(self: SearchIndex, page: Any) -> None:
        known = repr((sorted(self.config.items()), page.url, page.title, page.meta, _toc(page.toc), page.content))
        if known in answers:
            answers.move_to_end(known)
            self.entries.extend(json.loads(answers[known]))
            return
        before = len(self.entries)
        original(self, page)
        answers[known] = json.dumps(self.entries[before:])
        if len(answers) > REMEMBERED:
            answers.popitem(last=False)

    add_entry_from_context.remembered = answers  # type: ignore[attr-defined]  # for the tests
    SearchIndex.add_entry_from_context = add_entry_from_context
    return lambda: setattr(SearchIndex, "add_entry_from_context", original)


def _toc(items: Any) -> list:
    """What the search reads of a table of contents: each entry's id, address and title."""
    return [(item.id, item.url, item.title, _toc(item.children)) for item in items or []]


_HIGHLIGHT = inspect.signature(Highlight.highlight)


def remember_repeated_work() -> Callable[[], None]:
    """Install both memories; returns what removes them again."""
    steps = [
        _remember(Highlight, "highlight", _highlight_call),
        _remember_search_entries(),
    ]

    def undo() -> None:
        for step in reversed(steps):
            step()

    return undo
