"""Byte edits that add or remove one member of an object literal, in the file's own style: the one place
`schema --write` (an `output` member) and `flowlint migrate` (a `schemaVersion` member, a `skills`
member) change the shape of an object. (An item of an array: `flowlint.lint.fixes.append_item` and
`remove_item`, which rules' fixes use.)

Every edit keeps the bytes around it: comments on other lines stay, the separators of the neighbours
stay as they were written, a trailing comma is added only where the file writes them.
"""

from __future__ import annotations

from flowlint.core.edits import Edit
from flowlint.core.nodes import SEntry, SObject
from flowlint.rewrite.syntax import (
    Style,
    Syntax,
    end_of_line_comment,
    first_on_line,
    line_indent,
    line_start,
    skip_trivia,
)

__all__ = ["encoded", "indent_for", "inline_members", "insert_member", "remove_member"]


def encoded(text: str, style: Style) -> bytes:
    """`text` (lines joined with `\\n`) as the file's bytes: its own line breaks, UTF-8."""
    if style.newline != "\n":
        text = text.replace("\n", style.newline)
    return text.encode("utf-8")


def _inside(entry: SEntry, container: SObject) -> bool:
    """Whether `entry` is written inside `container`'s braces (not merged in from a spread or a reference)."""
    value = entry.value
    return (
        container.span.start < entry.key_span.start < entry.key_span.end <= value.span.start
        and value.span.end <= container.span.end
    )


def inline_members(obj: SObject) -> list[SEntry]:
    """The members written inside `obj`'s braces, in source order."""
    return [entry for entry in obj.entries if _inside(entry, obj)]


def insert_member(
    data: bytes, obj: SObject, member: str, anchor: SEntry | None, syntax: Syntax, style: Style
) -> list[Edit]:
    """Edits that add `member` (`key: value` as text whose continuation lines are indented for
    `indent_for`) to `obj` on a line of its own: after `anchor` (a member written inside it), or
    first when `anchor` is None. After the anchor's comma when it has one; else a comma is added after the
    anchor and none after the new member."""
    if anchor is None:
        inline = inline_members(obj)
        if inline:
            return _before(data, inline[0], member, syntax, style)
        base = line_indent(data, obj.span.start)
        text = "\n" + base + style.indent + member + ("," if style.trailing_comma else "") + "\n" + base
        return [Edit(obj.span.start + 1, obj.span.start + 1, encoded(text, style))]
    indent = indent_for(data, obj, anchor, style)
    end = anchor.value.span.end
    after = skip_trivia(data, end, syntax)
    if data[after : after + 1] == b",":
        at = end_of_line_comment(data, after + 1, syntax)
        return [Edit(at, at, encoded("\n" + indent + member + ",", style))]
    at = end_of_line_comment(data, end, syntax)
    return [Edit(end, end, b","), Edit(at, at, encoded("\n" + indent + member, style))]


def indent_for(data: bytes, obj: SObject, anchor: SEntry | None, style: Style) -> str:
    """The indent of a member that `insert_member` adds after `anchor`: the anchor's when it starts its
    line, else one unit more than the object's line (also for the first member of an empty object)."""
    if anchor is not None and first_on_line(data, anchor.key_span.start):
        return line_indent(data, anchor.key_span.start)
    if anchor is None:
        inline = inline_members(obj)
        if inline and first_on_line(data, inline[0].key_span.start):
            return line_indent(data, inline[0].key_span.start)
    return line_indent(data, obj.span.start) + style.indent


def _before(data: bytes, first: SEntry, member: str, syntax: Syntax, style: Style) -> list[Edit]:
    """`member` as the first member, before `first`."""
    start = first.key_span.start
    if first_on_line(data, start):
        indent = line_indent(data, start)
        at = line_start(data, start)
        return [Edit(at, at, encoded(indent + member + ",\n", style))]
    return [Edit(start, start, encoded(member + ", ", style))]


def remove_member(data: bytes, obj: SObject, entry: SEntry, syntax: Syntax) -> Edit | None:
    """The edit that removes `entry` (written inside `obj`) with one separator: from its key to the next
    member's key, or, for the last member, from the end of the previous member's value (or the opening
    brace). A member on lines of its own takes its lines with it. None when `entry` is not inside `obj`."""
    inline = inline_members(obj)
    if entry not in inline:
        return None
    index = inline.index(entry)
    start = entry.key_span.start
    end = entry.value.span.end
    after = skip_trivia(data, end, syntax)
    comma = data[after : after + 1] == b","
    if index + 1 < len(inline):
        following = inline[index + 1].key_span.start
        if first_on_line(data, start) and first_on_line(data, following):
            return Edit(line_start(data, start), line_start(data, following), b"")
        return Edit(start, following, b"")
    if comma:  # the last member, followed by a trailing comma: remove it with its comma
        stop = end_of_line_comment(data, after + 1, syntax)
        if first_on_line(data, start):
            return Edit(line_start(data, start), _next_line(data, stop), b"")
        return Edit(start, after + 1, b"")
    if index > 0:
        previous_end = inline[index - 1].value.span.end
        return Edit(previous_end, end, b"")
    return Edit(obj.span.start + 1, obj.span.end - 1, b"")


def _next_line(data: bytes, position: int) -> int:
    """The start of the line after the one holding `position` (its line break included)."""
    if data[position : position + 2] == b"\r\n":
        return position + 2
    if data[position : position + 1] in (b"\n", b"\r"):
        return position + 1
    return position
