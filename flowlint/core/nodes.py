"""The static value tree: what a loader makes of a definition without executing it.

Every node keeps the byte span of its source text, so any diagnostic can point at the exact
value it is about. Values that cannot be known statically (calls, functions, templates with
substitutions...) become `NonStatic` nodes that keep their source text instead of vanishing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeAlias

from flowlint.core.record import FrozenRecord

Scalar: TypeAlias = str | int | float | bool | None


class Span(FrozenRecord, slots=True):
    """A half-open byte range `[start, end)` in the UTF-8 encoded source."""

    start: int
    end: int


class SScalar(FrozenRecord, slots=True):
    """A string, number, boolean or null literal."""

    value: Scalar
    span: Span


class SEntry(FrozenRecord, slots=True):
    """One `key: value` member of an object literal."""

    key: str
    key_span: Span
    value: SNode


class SObject(FrozenRecord, slots=True):
    """An object (JS), dict (Python) or object (JSON) literal with string keys, in source order."""

    entries: tuple[SEntry, ...]
    span: Span

    def get(self, key: str) -> SNode | None:
        """The value of `key`; like JavaScript, the last duplicate wins."""
        for entry in reversed(self.entries):
            if entry.key == key:
                return entry.value
        return None

    def entry(self, key: str) -> SEntry | None:
        for entry in reversed(self.entries):
            if entry.key == key:
                return entry
        return None

    def keys(self) -> list[str]:
        return list(dict.fromkeys(entry.key for entry in self.entries))


class SArray(FrozenRecord, slots=True):
    """An array (JS), list or tuple (Python) or array (JSON) literal; holes are `SHole` items."""

    items: tuple[SNode, ...]
    span: Span


class SHole(FrozenRecord, slots=True):
    """An elided array element (`[, 'x']`): `undefined` at runtime, skipped by `forEach`."""

    span: Span


class NonStatic(FrozenRecord, slots=True):
    """A value that cannot be evaluated without running code, e.g. `new Date()` or a lambda."""

    source: str
    reason: str
    span: Span


SNode: TypeAlias = SScalar | SObject | SArray | SHole | NonStatic


class _Hole:
    """Plain-Python stand-in for an array hole."""

    _instance: _Hole | None = None

    def __new__(cls) -> _Hole:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HOLE"


HOLE = _Hole()


def string_value(node: object) -> str | None:
    """The string a node holds, or None when it is anything but a string literal (or absent)."""
    return node.value if isinstance(node, SScalar) and isinstance(node.value, str) else None


def to_python(node: SNode, non_static: Callable[[NonStatic], object] | None = None) -> object:
    """Convert a tree to plain Python data; holes become `HOLE`. `NonStatic` nodes stay as they are, or
    become `non_static(node)` (e.g. their source text, to compare trees whatever their spans)."""
    if isinstance(node, SScalar):
        return node.value
    if isinstance(node, SObject):
        return {entry.key: to_python(entry.value, non_static) for entry in node.entries}
    if isinstance(node, SArray):
        return [to_python(item, non_static) for item in node.items]
    if isinstance(node, SHole):
        return HOLE
    return node if non_static is None else non_static(node)


def first_non_json(node: SNode) -> SNode | None:
    """The first node (depth first) that would not survive JSON serialization unchanged, if any."""
    if isinstance(node, (NonStatic, SHole)):
        return node
    if isinstance(node, SScalar):
        if isinstance(node.value, float) and not math.isfinite(node.value):
            return node
        return None
    children = node.items if isinstance(node, SArray) else tuple(e.value for e in node.entries)
    for child in children:
        found = first_non_json(child)
        if found is not None:
            return found
    return None


def shorten(source: str, limit: int = 60) -> str:
    """Source text on one line, cut to `limit` characters: how messages quote non-static values."""
    text = " ".join(source.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def json_type(value: object) -> str:
    """The JSON type name of a plain value (`string`, `number`, `boolean`, `array`, `object`, `null`);
    for what `to_python` leaves in place: `array hole` and `non-static value`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    if value is HOLE:
        return "array hole"
    if isinstance(value, NonStatic):
        return "non-static value"
    return type(value).__name__


_NODE_TYPES = {SObject: "object", SArray: "array", SHole: "array hole", NonStatic: "non-static value"}


def type_name(node: SNode) -> str:
    """A short, user-facing name for what a node is: its JSON type, `array hole` or `non-static value`."""
    if isinstance(node, SScalar):
        return json_type(node.value)
    return _NODE_TYPES[type(node)]
