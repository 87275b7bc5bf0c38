"""Every Jinja environment of a build (one per language, and one per `mkdocs serve` rebuild)
shares the compiled templates (hooks/compiled_templates.py): a template is compiled once, and
again only when its source changes."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from hooks.compiled_templates import CompiledTemplates
from hooks.plugin import GuideBuild


class CountingEnvironment(Environment):
    compiled = 0

    def _compile(self, source, filename):
        self.compiled += 1
        return super()._compile(source, filename)


def environment(sources: dict[str, str], cache: CompiledTemplates) -> CountingEnvironment:
    return CountingEnvironment(loader=DictLoader(sources), bytecode_cache=cache)


def test_a_template_is_compiled_once_for_every_environment():
    cache, sources = CompiledTemplates(), {"page.html": "{% for w in words %}{{ w|upper }} {% endfor %}"}
    first, second = environment(sources, cache), environment(sources, cache)
    assert first.get_template("page.html").render(words=["a", "b"]) == "A B "
    assert second.get_template("page.html").render(words=["c"]) == "C "
    assert (first.compiled, second.compiled) == (1, 0)


def test_an_edited_template_is_compiled_anew():
    cache, sources = CompiledTemplates(), {"page.html": "old {{ x }}"}
    assert environment(sources, cache).get_template("page.html").render(x=1) == "old 1"
    sources["page.html"] = "new {{ x }}"
    edited = environment(sources, cache)
    assert edited.get_template("page.html").render(x=2) == "new 2"
    assert edited.compiled == 1


def test_the_build_hands_every_environment_the_same_templates():
    build = GuideBuild()
    handed = [build.on_env(Environment(), config=None, files=None).bytecode_cache for _ in range(2)]  # type: ignore[arg-type]
    assert handed[0] is handed[1] is build.compiled_templates
