"""One file as a migration step sees it: its bytes, what it loads as, and the syntax and style it is written in."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from flowlint.core.edits import Edit
from flowlint.core.nodes import SEntry, SNode, SObject, SScalar
from flowlint.core.source import SourceText
from flowlint.definition.loading import LoadedFile, LoadStatus, load_bytes
from flowlint.definition.model import Definition
from flowlint.definition.specversion import KNOWN_VERSIONS
from flowlint.lint.fixes import literal_edit
from flowlint.rewrite.outputs import syntax_for
from flowlint.rewrite.syntax import Style, Syntax, detect_style, quote_string, render_key

__all__ = ["Source", "Target", "parse_target"]

_VERSION = re.compile(r"(4)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\Z")
KNOWN_TARGETS = tuple(version for version in KNOWN_VERSIONS if version.startswith("4."))
"""The 4.x specification versions flowlint knows (the default target is the newest)."""


@dataclass(frozen=True)
class Target:
    """The specification version a migration writes (`main.version`)."""

    version: str
    minor: int

    @property
    def schema_version(self) -> bool:
        """`schemaVersion` is expected from 4.1 on (01-schema-format: "Initial value for migrated schemas: 1.0.0")."""
        return self.minor >= 1


def parse_target(text: str) -> Target | None:
    """`4.3.0` (or `4.3`, `4`) as a target; None for anything that is not a 4.x version flowlint knows."""
    parts = text.strip().split(".")
    while len(parts) < 3:
        parts.append("0")
    version = ".".join(parts)
    match = _VERSION.match(version)
    if match is None or version not in KNOWN_TARGETS:
        return None
    return Target(version, int(match.group(2)))


class Source:
    """A file's bytes, loaded; `main` and `definition` are None when it is not a tool definition."""

    def __init__(
        self, path: Path, display: str, data: bytes, loaded: LoadedFile | None = None, style: Style | None = None
    ) -> None:
        self.path = path
        self.display = display
        self.data = data
        self.loaded: LoadedFile = loaded if loaded is not None else load_bytes(data, path, display)
        self.syntax: Syntax = syntax_for(path.suffix)
        if style is not None:  # the style of the file the text was made from: edits keep writing in it
            self.__dict__["style"] = style

    def after(self, data: bytes) -> Source:
        """The same file with `data` (self when unchanged), written in the same style."""
        return self if data == self.data else Source(self.path, self.display, data, style=self.style)

    @property
    def definition(self) -> Definition | None:
        return self.loaded.definition

    @property
    def main(self) -> SObject | None:
        return self.loaded.definition.main if self.loaded.definition is not None else None

    @property
    def is_definition(self) -> bool:
        return self.loaded.status is LoadStatus.DEFINITION

    @cached_property
    def text(self) -> SourceText:
        return SourceText(self.data)

    @cached_property
    def style(self) -> Style:
        main = self.main
        if main is None:
            return Style(self.syntax.default_quote, self.syntax.default_indent, False, False, "\n", True)
        return detect_style(self.data, main, self.syntax)

    def line(self, offset: int) -> int:
        return self.text.position(offset).line

    def string(self, value: str) -> str:
        """`value` as a string literal in the file's syntax and quote style."""
        return quote_string(value, self.syntax, self.style)

    def key(self, name: str) -> str:
        return render_key(name, self.syntax, self.style)

    def replace_string(self, node: SNode, value: str) -> Edit:
        """Replace the string literal `node` by `value`, in its own quotes where it can be."""
        edit = literal_edit(self.data, node.span, value) if isinstance(node, SScalar) else None
        return edit if edit is not None else Edit(node.span.start, node.span.end, self.string(value))

    def rename_key(self, entry: SEntry, name: str) -> Edit:
        """Rename a member's key, keeping its quotes when it is quoted."""
        written = self.data[entry.key_span.start : entry.key_span.end]
        quote = written[:1].decode("latin-1")
        text = quote + name + quote if quote in ("'", '"') else self.key(name)
        return Edit(entry.key_span.start, entry.key_span.end, text)

    def inside(self, node: SNode) -> bool:
        """Whether `node` is written in this file (not merged in from a variable or a spread elsewhere)."""
        return 0 <= node.span.start <= node.span.end <= len(self.data)
