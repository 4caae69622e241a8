"""Byte-range edits: the one way every format's rewriter changes a file."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Edit", "OverlappingEdits", "apply_edits"]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the bytes `[start, end)` with `replacement` (`start == end` inserts)."""

    start: int
    end: int
    replacement: bytes

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise ValueError(f"invalid edit range [{self.start}, {self.end})")


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
