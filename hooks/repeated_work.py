"""Work the four languages and every `mkdocs serve` rebuild repeat, answered from memory.

Every language shows the same snippets and quoted outputs, and a `serve` rebuild converts every
page of every language again. Two pieces of third-party work are pure functions of their input
and offer no cache and no hook for one, so while the build runs (``on_startup`` to
``on_shutdown`` of the build plugin) they answer a call they have answered before from memory:

* ``pymdownx.highlight.Highlight.highlight``, Pygments' colouring of a code block: 1,068 calls a
  build, 1.4 s. The output blocks' titles are translated, so 666 calls differ (0.5 s), and a
  rebuild colours only what changed. A call is the same when its arguments and the highlighter's
  settings are the same (its Markdown instance aside, which it uses only to store a title in the
  page's stash: a highlighter in ``title_mode: html`` or with ``auto_title`` may do that, so its
  blocks are always coloured anew).
* ``material.plugins.search.SearchIndex._segment_chinese``, jieba's word segmentation of each
  section the search indexes, the same text at every rebuild (0.3 s of one); keyed on the text and
  the search's settings.

Only strings are remembered, which nobody who receives one can change (inline code is answered
with an element of the page's tree, so it is coloured anew).
"""

from __future__ import annotations

import inspect
from collections import OrderedDict
from collections.abc import Callable

from material.plugins.search.plugin import SearchIndex
from pymdownx.highlight import Highlight

REMEMBERED = 16384  # answers of each; the guide has about 700 distinct blocks and 1,600 sections


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


def _segmentation_call(self: SearchIndex, data: str) -> str:
    return repr((sorted(self.config.items()), data))


_HIGHLIGHT = inspect.signature(Highlight.highlight)


def remember_repeated_work() -> Callable[[], None]:
    """Install both memories; returns what removes them again."""
    steps = [
        _remember(Highlight, "highlight", _highlight_call),
        _remember(SearchIndex, "_segment_chinese", _segmentation_call),
    ]

    def undo() -> None:
        for step in reversed(steps):
            step()

    return undo
