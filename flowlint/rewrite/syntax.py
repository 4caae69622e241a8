"""What differs between the formats a definition can be written in, and the style a file is written in.

`Syntax` is fixed per format (literal spellings, comments, quoting rules); `Style` is detected per file
from the static tree of `main` (quote character, indentation unit, trailing commas, quoted keys,
padding inside inline brackets, line endings). `render` writes a plain JSON-like value in both.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from flowlint.core.nodes import NonStatic, SArray, SHole, SNode, SObject, SScalar

__all__ = [
    "Layout",
    "Style",
    "Syntax",
    "detect_style",
    "layout_of",
    "line_indent",
    "render",
    "render_key",
    "skip_trivia",
]

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


@dataclass(frozen=True, slots=True)
class Syntax:
    name: str
    true: str
    false: str
    null: str
    line_comment: bytes | None
    block_comments: bool
    always_quote_keys: bool
    default_quote: str
    default_indent: str
    default_pad: bool
    trailing_commas_allowed: bool


@dataclass(frozen=True, slots=True)
class Style:
    quote: str
    indent: str
    trailing_comma: bool
    quote_keys: bool
    newline: str
    pad: bool


# --------------------------------------------------------------------------------------------------
# scanning


def line_end(data: bytes, position: int, end: int | None = None) -> int:
    """The offset of the first line break (LF, or CR: a lone-CR file has no LF) at or after `position`,
    else `end` (the end of `data`): where a line comment stops."""
    stop = len(data) if end is None else end
    breaks = [found for found in (data.find(b"\n", position, stop), data.find(b"\r", position, stop)) if found >= 0]
    return min(breaks) if breaks else stop


def skip_trivia(data: bytes, position: int, syntax: Syntax) -> int:
    """The first offset at or after `position` that is neither whitespace nor a comment."""
    size = len(data)
    while position < size:
        byte = data[position : position + 1]
        if byte in (b" ", b"\t", b"\r", b"\n", b"\f", b"\v"):
            position += 1
        elif syntax.line_comment and data.startswith(syntax.line_comment, position):
            position = line_end(data, position)
        elif syntax.block_comments and data.startswith(b"/*", position):
            end = data.find(b"*/", position + 2)
            position = size if end < 0 else end + 2
        else:
            break
    return position


def end_of_line_comment(data: bytes, position: int, syntax: Syntax) -> int:
    """After spaces and a comment that end the current line, the offset of the line break; else `position`."""
    cursor = position
    while data[cursor : cursor + 1] in (b" ", b"\t"):
        cursor += 1
    if syntax.line_comment and data.startswith(syntax.line_comment, cursor):
        return line_end(data, cursor)
    return position


def line_start(data: bytes, position: int) -> int:
    """Where the line holding `position` starts; a line ends with LF, CRLF or a lone CR (classic Mac)."""
    return max(data.rfind(b"\n", 0, position), data.rfind(b"\r", 0, position)) + 1


def line_indent(data: bytes, position: int) -> str:
    """The leading whitespace of the line holding `position`."""
    start = line_start(data, position)
    end = start
    while data[end : end + 1] in (b" ", b"\t"):
        end += 1
    return data[start:end].decode("ascii")


def first_on_line(data: bytes, position: int) -> bool:
    return not data[line_start(data, position) : position].strip()


# --------------------------------------------------------------------------------------------------
# style detection


def _walk(node: SNode) -> Iterator[SNode]:
    yield node
    if isinstance(node, SObject):
        for entry in node.entries:
            yield from _walk(entry.value)
    elif isinstance(node, SArray):
        for item in node.items:
            yield from _walk(item)


def _quote_at(data: bytes, start: int) -> str | None:
    for offset in range(4):  # Python string prefixes (r, b, u, f) precede the quote
        char = data[start + offset : start + offset + 1]
        if char in (b"'", b'"', b"`"):
            return char.decode()
        if not char.isalpha():
            return None
    return None


class _StyleVotes:
    """Counts, over every string and container of `main`, how the file writes each style choice."""

    def __init__(self, data: bytes, syntax: Syntax) -> None:
        self.data = data
        self.syntax = syntax
        self.quotes: Counter[str] = Counter()
        self.quoted_keys: Counter[bool] = Counter()
        self.trailing: Counter[bool] = Counter()
        self.pads: Counter[bool] = Counter()
        self.units: Counter[str] = Counter()

    def string(self, node: SScalar) -> None:
        quote = _quote_at(self.data, node.span.start)
        if quote in ("'", '"'):
            self.quotes[quote] += 1

    def container(self, node: SObject | SArray) -> None:
        data = self.data
        children: list[SNode] = [e.value for e in node.entries] if isinstance(node, SObject) else list(node.items)
        if not children or any(isinstance(child, (NonStatic, SHole)) for child in children[-1:]):
            return
        if any(not (node.span.start <= c.span.start and c.span.end <= node.span.end) for c in children):
            return  # values resolved from elsewhere (identifiers, spreads)
        if b"\n" in data[node.span.start : node.span.end]:
            last_end = children[-1].span.end
            after = skip_trivia(data, last_end, self.syntax)
            if data.count(b"\n", last_end, node.span.end) > 0:
                self.trailing[data[after : after + 1] == b","] += 1
            if isinstance(node, SObject):
                self._indents(node)
        else:
            self.pads[data[node.span.start + 1 : node.span.start + 2] == b" "] += 1
        if isinstance(node, SObject):
            for entry in node.entries:
                if _IDENTIFIER.match(entry.key):
                    self.quoted_keys[_quote_at(data, entry.key_span.start) is not None] += 1

    def _indents(self, node: SObject) -> None:
        base = line_indent(self.data, node.span.start)
        for entry in node.entries:
            if entry.key_span.start > node.span.start and first_on_line(self.data, entry.key_span.start):
                indent = line_indent(self.data, entry.key_span.start)
                if indent.startswith(base) and len(indent) > len(base):
                    self.units[indent[len(base) :]] += 1

    def style(self) -> Style:
        syntax, data = self.syntax, self.data
        crlf = data.count(b"\r\n")
        breaks = {"\r\n": crlf, "\r": data.count(b"\r") - crlf, "\n": data.count(b"\n") - crlf}
        # The file's own line break: CRLF when at least as common as LF (as before), a lone CR for a
        # classic-Mac file, else LF (also for a file of one line).
        if crlf and crlf >= breaks["\n"] and crlf >= breaks["\r"]:
            newline = "\r\n"
        elif breaks["\r"] > breaks["\n"]:
            newline = "\r"
        else:
            newline = "\n"
        return Style(
            quote=self.quotes.most_common(1)[0][0] if self.quotes else syntax.default_quote,
            indent=self.units.most_common(1)[0][0] if self.units else syntax.default_indent,
            trailing_comma=syntax.trailing_commas_allowed and self.trailing[True] > self.trailing[False],
            quote_keys=syntax.always_quote_keys or self.quoted_keys[True] > self.quoted_keys[False],
            newline=newline,
            pad=self.pads[True] > self.pads[False] if self.pads else syntax.default_pad,
        )


def detect_style(data: bytes, main: SObject, syntax: Syntax) -> Style:
    """The style `main` is written in: the majority of its strings and containers decides each choice."""
    votes = _StyleVotes(data, syntax)
    for node in _walk(main):
        if isinstance(node, SScalar) and isinstance(node.value, str):
            votes.string(node)
        elif isinstance(node, (SObject, SArray)):
            votes.container(node)
    return votes.style()


# --------------------------------------------------------------------------------------------------
# rendering


def quote_string(text: str, syntax: Syntax, style: Style) -> str:
    if syntax.name == "json":
        return json.dumps(text, ensure_ascii=False)
    quote = style.quote
    out = [quote]
    for char in text:
        code = ord(char)
        if char == "\\":
            out.append("\\\\")
        elif char == quote:
            out.append("\\" + quote)
        elif char == "\n":
            out.append("\\n")
        elif char == "\r":
            out.append("\\r")
        elif char == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\x{code:02x}")
        elif code in (0x2028, 0x2029) and syntax.name == "javascript":
            out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    out.append(quote)
    return "".join(out)


def render_key(key: str, syntax: Syntax, style: Style) -> str:
    if not style.quote_keys and _IDENTIFIER.match(key):
        return key
    return quote_string(key, syntax, style)


def _scalar(value: Any, syntax: Syntax, style: Style) -> str:
    if value is True:
        return syntax.true
    if value is False:
        return syntax.false
    if value is None:
        return syntax.null
    if isinstance(value, str):
        return quote_string(value, syntax, style)
    if isinstance(value, (int, float)):
        return repr(value)
    raise TypeError(f"cannot render a {type(value).__name__}")


Layout = dict[tuple[str, ...], bool]
"""Where the source wrote a container on one line (True) or over several (False), by its key path
(`("schema", "properties", "price")`; `"[]"` for array items): see `layout_of`."""


def layout_of(data: bytes, node: SNode) -> Layout:
    """How the containers of `node` (an `output` as written) are laid out: one line or several."""
    layout: Layout = {}

    def visit(item: SNode, at: tuple[str, ...]) -> None:
        if isinstance(item, (SObject, SArray)):
            if not (0 <= item.span.start <= item.span.end <= len(data)):
                return
            layout[at] = line_end(data, item.span.start, item.span.end) == item.span.end  # no line break
            if isinstance(item, SObject):
                for entry in item.entries:
                    visit(entry.value, (*at, entry.key))
            else:
                for child in item.items[:1]:  # items share one layout
                    visit(child, (*at, "[]"))

    visit(node, ())
    return layout


def render(
    value: Any,
    syntax: Syntax,
    style: Style,
    base: str = "",
    layout: Layout | None = None,
    width: int = 0,
    column: int = 0,
) -> str:
    """`value` as source text whose continuation lines start with `base` (newlines are `\\n`).

    `layout` keeps the file's own style: a container the file wrote on one line (or a new one inside
    it) is written on one line again, as long as the line stays within `width` characters (`column`:
    where the value starts on its line); every other container is written one member per line."""
    known = dict(layout or {})
    # A container the file does not have yet is laid out as most of its siblings are (a new property
    # among one-line properties is one line too).
    votes: dict[tuple[str, ...], Counter[bool]] = {}
    for path, inline in known.items():
        if path:
            votes.setdefault(path[:-1], Counter())[inline] += 1
    siblings = {parent: count[True] > count[False] for parent, count in votes.items()}
    return _render(value, syntax, style, base, _Layouts(known, siblings), (), width, column, False)


class _Layouts:
    """The file's layout (`Layout`), and for a container it does not have, its siblings' majority."""

    def __init__(self, known: Layout, siblings: dict[tuple[str, ...], bool]) -> None:
        self.known = known
        self.siblings = siblings

    def get(self, path: tuple[str, ...], inherited: bool) -> bool | None:
        """One line (True), several (False), or None when neither the file nor the siblings say."""
        if inherited:
            return True
        found = self.known.get(path)
        if found is None and path:
            found = self.siblings.get(path[:-1])
        return found


def _leaf(value: Any) -> bool:
    """An object whose members are all scalars or lists of scalars (`{ type: 'string' }`)."""
    return isinstance(value, dict) and all(
        not isinstance(v, (dict, list)) or (isinstance(v, list) and not any(isinstance(i, (dict, list)) for i in v))
        for v in value.values()
    )


def _render(
    value: Any,
    syntax: Syntax,
    style: Style,
    base: str,
    layout: _Layouts,
    path: tuple[str, ...],
    width: int,
    column: int,
    inherited: bool,
) -> str:
    if not isinstance(value, (dict, list)) or not value:
        if isinstance(value, (dict, list)):
            return "{}" if isinstance(value, dict) else "[]"
        return _scalar(value, syntax, style)
    decided = layout.get(path, inherited)
    # Where the file says nothing (a new output), one line for a schema node of scalars only.
    inline = decided if decided is not None else _leaf(value)
    if inline:
        text = _inline(value, syntax, style)
        if not width or column + len(text) <= width:
            return text
    if isinstance(value, list) and all(not isinstance(item, (dict, list)) for item in value):
        return _inline(value, syntax, style)  # a list of scalars stays on one line, as it always has
    inner = base + style.indent
    comma = "," if style.trailing_comma else ""
    if isinstance(value, dict):
        lines = []
        for key, child in value.items():
            head = f"{inner}{render_key(key, syntax, style)}: "
            body = _render(child, syntax, style, inner, layout, (*path, key), width, len(head), inline)
            lines.append(head + body)
        return "{\n" + ",\n".join(lines) + comma + "\n" + base + "}"
    items = [
        inner + _render(item, syntax, style, inner, layout, (*path, "[]"), width, len(inner), inline) for item in value
    ]
    return "[\n" + ",\n".join(items) + comma + "\n" + base + "]"


def _inline(value: Any, syntax: Syntax, style: Style) -> str:
    """A value on one line: `{ type: 'string' }`, `[ 'a', 'b' ]` (padded as the file pads)."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        pad = " " if style.pad else ""
        members = ", ".join(f"{render_key(k, syntax, style)}: {_inline(v, syntax, style)}" for k, v in value.items())
        return "{" + pad + members + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        pad = " " if style.pad else ""
        return "[" + pad + ", ".join(_inline(item, syntax, style) for item in value) + pad + "]"
    return _scalar(value, syntax, style)
