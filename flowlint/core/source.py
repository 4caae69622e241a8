"""Source positions: a file's bytes with a line index, turning byte offsets into lines and columns."""

from __future__ import annotations

import bisect
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Position:
    """1-based line and column (columns count Unicode code points) plus the byte offset."""

    line: int
    column: int
    offset: int


class SourceText:
    """A source file's bytes with a line index, to turn byte offsets into lines and columns."""

    __slots__ = ("_line_starts", "data")

    def __init__(self, data: bytes) -> None:
        self.data = data
        starts = [0]
        find = data.find
        index = find(b"\n")
        while index != -1:
            starts.append(index + 1)
            index = find(b"\n", index + 1)
        self._line_starts = starts

    @property
    def line_count(self) -> int:
        return len(self._line_starts)

    def position(self, offset: int) -> Position:
        offset = max(0, min(offset, len(self.data)))
        line_index = bisect.bisect_right(self._line_starts, offset) - 1
        start = self._line_starts[line_index]
        prefix = self.data[start:offset]
        column = len(prefix.decode("utf-8", errors="replace")) if not prefix.isascii() else len(prefix)
        return Position(line_index + 1, column + 1, offset)

    def line_start(self, line: int) -> int:
        """Byte offset where 1-based `line` starts."""
        return self._line_starts[max(0, min(line - 1, len(self._line_starts) - 1))]

    def line_text(self, line: int) -> str:
        start = self.line_start(line)
        end = self._line_starts[line] if line < len(self._line_starts) else len(self.data)
        return self.data[start:end].decode("utf-8", errors="replace").rstrip("\r\n")
