"""Fixes: byte edits that make a finding go away, and applying them to a file's bytes.

A `Fix` is a list of `Edit`s (replace bytes start..end with text) with an applicability: safe fixes
leave what the definition means to FlowMCP unchanged or only correct what cannot have been meant (a
test value written as a string for a number, options in an order the 3.x runtime throws on); unsafe
ones change behaviour (a default the runtime reads differently, a primitive it reads as string()).
`flowlint check --fix` applies safe fixes, `--unsafe-fixes` both. Edits are made in the file's own
style: a string literal keeps its quote character, nothing else on the line moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from flowlint.core.edits import Edit, apply_edits
from flowlint.core.nodes import SArray, SHole, SNode, Span
from flowlint.core.record import FrozenRecord

__all__ = [  # Edit: core.edits, re-exported
    "Edit",
    "Fix",
    "append_item",
    "apply_fixes",
    "literal_edit",
    "remove_item",
    "string_literal",
]


class Fix(FrozenRecord, slots=True):
    """What to change to resolve one finding; `safe` fixes keep the definition's meaning."""

    title: str
    edits: tuple[Edit, ...]
    safe: bool = True


_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def string_literal(data: bytes, span: Span, value: str) -> str | None:
    """`value` as a string literal in the quote style of the literal at `span`: a backslash, the quote
    character and a line break escaped as JavaScript, JSON and Python all read them (None when `span` is
    not a plain quoted string, or `value` holds another control character)."""
    quote = data[span.start : span.start + 1].decode("latin-1")
    if quote not in ("'", '"') or data[span.end - 1 : span.end].decode("latin-1") != quote:
        return None
    if any(ord(char) < 0x20 and char not in _ESCAPES for char in value):
        return None
    escaped = "".join(_ESCAPES.get(char, "\\" + char if char == quote else char) for char in value)
    return quote + escaped + quote


def literal_edit(data: bytes, span: Span, value: str) -> Edit | None:
    """An edit that replaces the string literal at `span` by `value`, quoted as it was."""
    literal = string_literal(data, span, value)
    return Edit(span.start, span.end, literal) if literal is not None else None


def _items(array: SArray) -> list[SNode]:
    """The items written inside the brackets (holes and values merged in from elsewhere left out)."""
    return [
        item
        for item in array.items
        if array.span.start < item.span.start and item.span.end <= array.span.end and not isinstance(item, SHole)
    ]


def append_item(source: bytes, array: SArray, text: str) -> Edit | None:
    """The edit that adds `text` (an item's source) as the last item of the array literal `array`, after the
    last item with `, ` (a trailing comma stays after it); into an empty `[]` or `[ ]` as its only item.
    None when the array holds holes or values written elsewhere (a person decides there)."""
    items = _items(array)
    if len(items) != len(array.items):
        return None
    if items:
        return Edit(items[-1].span.end, items[-1].span.end, ", " + text)
    inner = source[array.span.start + 1 : array.span.end - 1]
    if inner.strip():
        return None  # a comment inside an empty array: left alone
    pad = " " if inner else ""
    return Edit(array.span.start + 1, array.span.end - 1, pad + text + pad)


def remove_item(source: bytes, array: SArray, index: int) -> Edit | None:
    """The edit that removes `array.items[index]` with one separator: up to the next item, or from the
    previous one for the last; the only item leaves `[]`. None when the array holds holes or values
    written elsewhere."""
    items = _items(array)
    if len(items) != len(array.items) or not 0 <= index < len(items):
        return None
    item = items[index]
    if index + 1 < len(items):
        return Edit(item.span.start, items[index + 1].span.start, b"")
    if index > 0:
        return Edit(items[index - 1].span.end, item.span.end, b"")
    inner = source[array.span.start + 1 : item.span.start] + source[item.span.end : array.span.end - 1]
    if inner.strip() in (b"", b","):
        return Edit(array.span.start + 1, array.span.end - 1, b"")
    return Edit(item.span.start, item.span.end, b"")


def apply_fixes(data: bytes, fixes: Iterable[Fix]) -> tuple[bytes, list[Fix]]:
    """`data` with every fix whose edits do not overlap an earlier one's; and the fixes applied."""
    chosen: list[Fix] = []
    taken: list[tuple[int, int]] = []
    for fix in sorted(fixes, key=lambda f: min((e.start for e in f.edits), default=0)):
        if not fix.edits or any(e.end > len(data) for e in fix.edits):
            continue
        if any(not (e.end <= s or e.start >= t) for e in fix.edits for s, t in taken):
            continue  # overlaps an edit already chosen: the next round gets it
        chosen.append(fix)
        taken.extend((e.start, e.end) for e in fix.edits)
    return apply_edits(data, (e for f in chosen for e in f.edits)), chosen
