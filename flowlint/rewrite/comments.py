"""Carry the comments of an `output` value that `schema --write` replaces into its new text.

The new value is rendered afresh, so its comments are read from the old bytes first, each tied to a
place in the old value: after an entry on its line (`price: {...}, // unit: USD`), on the lines before
an entry, after an opening bracket, or before a closing one; the place is a key path (`schema`,
`properties`, `price`). In the new bytes each comment goes to the same place when the path is still
there, and is reported as dropped when it is not (or when the new text has no line to put it on).
Comments only ever go where a comment cannot change a value: the file is verified afterwards anyway.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from flowlint.core.edits import Edit
from flowlint.core.nodes import SArray, SNode, SObject, shorten
from flowlint.rewrite.syntax import Style, Syntax, first_on_line, line_end, line_indent, line_start

__all__ = ["Comment", "comments_in", "place_comments", "scan_comments"]

Place = Literal["trailing", "leading", "opening", "closing"]
Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment of the old value: its text, and where it belongs (`path`: the entry or container)."""

    text: bytes
    place: Place
    path: Path
    gap: bytes = b" "  # the spaces before a comment that follows code on its line, as written


def scan_comments(data: bytes, start: int, end: int, syntax: Syntax) -> list[tuple[int, int]]:
    """The (start, end) of every comment in `data[start:end]`, strings skipped; line comments end
    before their line break."""
    found: list[tuple[int, int]] = []
    position = start
    line = syntax.line_comment
    while position < end:
        byte = data[position : position + 1]
        if byte in (b"'", b'"', b"`"):
            position = _string_end(data, position, end)
        elif line is not None and data.startswith(line, position):
            stop = line_end(data, position, end)
            found.append((position, stop))
            position = stop
        elif syntax.block_comments and data.startswith(b"/*", position):
            stop = data.find(b"*/", position + 2, end)
            stop = end if stop < 0 else stop + 2
            found.append((position, stop))
            position = stop
        else:
            position += 1
    return found


def _string_end(data: bytes, position: int, end: int) -> int:
    quote = data[position : position + 1]
    triple = quote * 3
    closing = triple if data.startswith(triple, position) and quote != b"`" else quote
    cursor = position + len(closing)
    while cursor < end:
        if data[cursor : cursor + 1] == b"\\":
            cursor += 2
        elif data.startswith(closing, cursor):
            return cursor + len(closing)
        elif data[cursor : cursor + 1] in (b"\n", b"\r") and closing in (b"'", b'"'):
            return cursor  # unterminated on its line: the parser said otherwise, so never mind
        else:
            cursor += 1
    return end


def _children(node: SNode) -> list[tuple[str | int, int, SNode]]:
    """(key or index, where the member starts, value) of a container's members, in source order."""
    if isinstance(node, SObject):
        return [(entry.key, entry.key_span.start, entry.value) for entry in node.entries]
    if isinstance(node, SArray):
        return [(index, item.span.start, item) for index, item in enumerate(node.items)]
    return []


def _same_line(data: bytes, start: int, end: int) -> bool:
    return b"\n" not in data[start:end] and b"\r" not in data[start:end]


def _locate(data: bytes, node: SNode, path: Path, start: int, end: int) -> tuple[Place, Path] | str:
    """Where the comment at [start, end) belongs inside the container `node`, or why it has no place."""
    children = _children(node)
    for key, member, value in children:
        if isinstance(value, (SObject, SArray)) and value.span.start < start and end <= value.span.end:
            return _locate(data, value, (*path, key), start, end)
        if member < start < value.span.end:
            return "it sits between a key and its value"
    before = [(key, value) for key, _, value in children if value.span.end <= start]
    if before and _same_line(data, before[-1][1].span.end, start):
        return "trailing", (*path, before[-1][0])
    if not before and _same_line(data, node.span.start + 1, start):
        return "opening", path
    following = [key for key, member, _ in children if member >= end]
    if following:
        return "leading", (*path, following[0])
    return "closing", path


def comments_in(data: bytes, value: SNode, syntax: Syntax) -> tuple[list[Comment], list[str]]:
    """The comments inside an old `output` value, each with its place; and those that have none."""
    comments: list[Comment] = []
    lost: list[str] = []
    if not isinstance(value, (SObject, SArray)):
        return comments, lost
    for start, end in scan_comments(data, value.span.start + 1, value.span.end - 1, syntax):
        text = data[start:end]
        where = _locate(data, value, (), start, end)
        if isinstance(where, str):
            lost.append(_dropped(text, where))
        else:
            gap = start
            while gap > 0 and data[gap - 1 : gap] in (b" ", b"\t"):
                gap -= 1
            comments.append(Comment(text, *where, data[gap:start] or b" "))
    return comments, lost


def _dropped(text: bytes, reason: str) -> str:
    return f"comment `{shorten(text.decode('utf-8', 'replace'), 50)}` not kept: {reason}"


def _find(value: SNode, path: Path) -> tuple[int, SNode] | None:
    """(where the member starts, its value) at `path` below `value`; the root is `value` itself."""
    member = value.span.start
    node = value
    for key in path:
        found = [(start, child) for name, start, child in _children(node) if name == key]
        if not found:
            return None
        member, node = found[0]
    return member, node


def _rest_of_line_is_blank(data: bytes, position: int) -> bool:
    return not data[position : line_end(data, position, len(data))].strip()


def place_comments(data: bytes, value: SNode, comments: list[Comment], style: Style) -> tuple[list[Edit], list[str]]:
    """Insertions that put `comments` into the new `value` (spans into `data`); and the ones left out."""
    edits: list[Edit] = []
    lost: list[str] = []
    newline = style.newline.encode("ascii")
    for comment in comments:
        found = _find(value, comment.path)
        dotted = ".".join(str(key) for key in comment.path)
        if found is None:
            lost.append(_dropped(comment.text, f"`{dotted}` is no longer in the output"))
            continue
        member, node = found
        edit = _placement(data, comment, member, node, style.indent.encode("ascii"), newline)
        if edit is None:
            lost.append(_dropped(comment.text, f"the new text has no line for it at `{dotted or 'output'}`"))
        else:
            edits.append(edit)
    return edits, lost


def _placement(data: bytes, comment: Comment, member: int, node: SNode, unit: bytes, newline: bytes) -> Edit | None:
    text = comment.text
    if comment.place == "trailing":
        if isinstance(node, (SObject, SArray)) and not _same_line(data, node.span.start, node.span.end):
            position = node.span.start + 1  # beside the key, not after the closing bracket lines below
            return Edit(position, position, comment.gap + text) if _rest_of_line_is_blank(data, position) else None
        position = node.span.end
        cursor = position
        while data[cursor : cursor + 1] in (b" ", b"\t"):
            cursor += 1
        if data[cursor : cursor + 1] == b",":
            position = cursor + 1
        return Edit(position, position, comment.gap + text) if _rest_of_line_is_blank(data, position) else None
    if comment.place == "leading":
        if not first_on_line(data, member):
            return None
        at = line_start(data, member)
        return Edit(at, at, line_indent(data, member).encode("ascii") + text + newline)
    if not isinstance(node, (SObject, SArray)):
        return None
    if comment.place == "opening":
        position = node.span.start + 1
        return Edit(position, position, comment.gap + text) if _rest_of_line_is_blank(data, position) else None
    closing = node.span.end - 1
    if not first_on_line(data, closing):
        return None
    at = line_start(data, closing)
    return Edit(at, at, line_indent(data, closing).encode("ascii") + unit + text + newline)
