"""Byte-range edits: the one way flowlint changes a file, for `check --fix` and `schema --write` alike."""

from __future__ import annotations

from collections.abc import Iterable

from flowlint.core.record import FrozenRecord

__all__ = ["Edit", "OverlappingEdits", "apply_edits"]


class Edit(FrozenRecord):
    """Replace the bytes `[start, end)` with `replacement` (`start == end` inserts); a text replacement is
    written as UTF-8."""

    __slots__ = ("end", "replacement", "start")

    start: int
    end: int
    replacement: bytes

    def __init__(self, start: int, end: int, replacement: bytes | str) -> None:
        if not 0 <= start <= end:
            raise ValueError(f"invalid edit range [{start}, {end})")
        self.start = start
        self.end = end
        self.replacement = replacement.encode("utf-8") if isinstance(replacement, str) else replacement

    @property
    def text(self) -> str:
        """The replacement as text (what an editor's TextEdit carries)."""
        return self.replacement.decode("utf-8", "replace")


class OverlappingEdits(ValueError):
    """Two edits touch the same bytes: a defect in the caller, never an expected outcome."""


def apply_edits(data: bytes, edits: Iterable[Edit]) -> bytes:
    """Apply non-overlapping edits (in any order); every byte outside them stays identical.

    Two insertions at the same offset are applied in the order given.
    """
    ordered = sorted(enumerate(edits), key=lambda pair: (pair[1].start, pair[1].end, pair[0]))
    parts: list[bytes] = []
    position = 0
    for _, edit in ordered:
        if edit.start < position:
            raise OverlappingEdits(f"edit at [{edit.start}, {edit.end}) overlaps an earlier edit ending at {position}")
        if edit.end > len(data):
            raise ValueError(f"edit [{edit.start}, {edit.end}) is past the end of the data ({len(data)} bytes)")
        parts.append(data[position : edit.start])
        parts.append(edit.replacement)
        position = edit.end
    parts.append(data[position:])
    return b"".join(parts)
