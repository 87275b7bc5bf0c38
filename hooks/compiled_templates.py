"""The theme's templates are compiled once, not once per language and rebuild.

MkDocs makes a new Jinja environment for every build, and mkdocs-static-i18n builds each language
as a build of its own, so each of the theme's 179 templates was compiled four times per build
and four times per `mkdocs serve` rebuild (0.5 s of a rebuild). Jinja's own answer is a bytecode
cache: the build plugin hands every environment this one, which keeps each template's compiled
code in memory for as long as the plugin lives. Jinja keys it on the template's name and file and
compiles anew whenever the template's source has changed (its checksum is stored beside the
code), so an edited override in `hooks/theme_overrides` takes effect at the next rebuild.
"""

from __future__ import annotations

from jinja2.bccache import Bucket, BytecodeCache


class CompiledTemplates(BytecodeCache):
    def __init__(self) -> None:
        self.stored: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.stored.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # left empty if the source's checksum differs

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.stored[bucket.key] = bucket.bytecode_to_string()
