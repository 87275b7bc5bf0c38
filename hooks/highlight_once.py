"""Each code block is highlighted once, not once per language.

Every language shows the same snippets and the same quoted outputs, so a build asks Pygments
(through pymdownx.highlight) to colour each of them four times, and every rebuild of `mkdocs
serve` asks again: 1,068 blocks, 1.4 s of a build. pymdownx.highlight offers no cache and no hook
for one, so while the build runs (``on_startup`` to ``on_shutdown`` of the build plugin),
``Highlight.highlight`` answers a call it has answered before from memory. The output blocks'
titles are translated, so 666 of the calls differ, which take 0.5 s; a `serve` rebuild
highlights only what changed.

A call is the same when its arguments and the highlighter's settings are the same (its Markdown
instance aside, which it uses only to store a title in the page's stash: a highlighter in
``title_mode: html`` or with ``auto_title`` may do that, so its blocks are always highlighted
anew). Only blocks are remembered: their answer is a string, which nobody who receives it can
change; inline code is answered with an element of the page's tree, so it is highlighted anew.
"""

from __future__ import annotations

import inspect
from collections import OrderedDict
from collections.abc import Callable

from pymdownx.highlight import Highlight

REMEMBERED = 8192  # blocks; the guide's four languages have about 700 distinct ones


def highlight_each_block_once() -> Callable[[], None]:
    """Install the memory; returns what removes it again."""
    original = Highlight.highlight
    signature = inspect.signature(original)
    answers: OrderedDict[str, str] = OrderedDict()

    def highlight(self: Highlight, *args: object, **kwargs: object) -> object:
        call = signature.bind(self, *args, **kwargs)
        call.apply_defaults()
        arguments = {name: value for name, value in call.arguments.items() if name != "self"}
        if self.title_mode != "text" or self.auto_title:
            return original(self, *args, **kwargs)
        settings = sorted((name, value) for name, value in vars(self).items() if name != "md")
        key = repr((settings, sorted(arguments.items())))
        if key in answers:
            answers.move_to_end(key)
            return answers[key]
        answer = original(self, *args, **kwargs)
        if not isinstance(answer, str):  # an element would be shared by two pages' trees
            return answer
        answers[key] = answer
        if len(answers) > REMEMBERED:
            answers.popitem(last=False)
        return answer

    highlight.remembered = answers  # type: ignore[attr-defined]  # for the tests
    Highlight.highlight = highlight

    def undo() -> None:
        Highlight.highlight = original

    return undo
