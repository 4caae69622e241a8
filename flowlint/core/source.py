"""Source positions: a file's bytes with a line index, turning byte offsets into lines and columns."""

from __future__ import annotations

import bisect
import re

from flowlint.core.record import FrozenRecord


class Position(FrozenRecord, slots=True):
    """1-based line and column (columns count Unicode code points) plus the byte offset."""

    line: int
    column: int
    offset: int


_CONTINUATION = re.compile(rb"[\x80-\xbf]")
_CONTINUATION_BYTES = bytes(range(0x80, 0xC0))
# A column up to this many bytes from its line's start is counted in the line's bytes; further (a long
# minified line), from the file's list of continuation bytes, made once.
_SHORT = 4096


class SourceText:
    """A source file's bytes with a line index, to turn byte offsets into lines and columns.

    A lookup costs a logarithmic search and at most `_SHORT` bytes of slice, whatever the shape of the
    file: an all-ASCII file needs no decoding at all (a column is a byte distance); otherwise a column is
    the byte distance less the continuation bytes before it on its line, counted in the line's bytes near
    its start (`_SHORT`) and, further, from the offsets of the file's UTF-8 continuation bytes, listed once.
    (A minified definition on one line of megabytes used to cost a slice and a decode per finding.)
    """

    __slots__ = ("_ascii", "_continuations", "_line_starts", "_scanned", "data")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._ascii = data.isascii()
        self._continuations: list[int] | None = None
        # The line index grows on demand, only as far as a lookup needs: a file refused for its size
        # (32 MB of newlines) is reported at offset 0 without indexing 32 million lines first.
        self._line_starts = [0]
        self._scanned = 0  # every newline before this offset is indexed

    def _index_to(self, offset: int, lines: int = 0) -> None:
        """Index newlines until the index covers `offset` and holds at least `lines` line starts (or the
        data ends)."""
        starts = self._line_starts
        if self._scanned > offset and len(starts) >= lines:
            return
        find = self.data.find
        index = find(b"\n", self._scanned)
        while index != -1:
            starts.append(index + 1)
            if index >= offset and len(starts) >= lines:
                self._scanned = index + 1
                return
            index = find(b"\n", index + 1)
        self._scanned = len(self.data) + 1  # all of it

    @property
    def line_count(self) -> int:
        self._index_to(len(self.data))
        return len(self._line_starts)

    def position(self, offset: int) -> Position:
        offset = max(0, min(offset, len(self.data)))
        self._index_to(offset)
        line_index = bisect.bisect_right(self._line_starts, offset) - 1
        start = self._line_starts[line_index]
        column = offset - start
        if not self._ascii:
            if column <= _SHORT:  # near its line's start: the line's continuation bytes, counted in the slice
                column = len(self.data[start:offset].translate(None, _CONTINUATION_BYTES))
            else:
                continuations = self._continuations
                if continuations is None:
                    continuations = self._continuations = [m.start() for m in _CONTINUATION.finditer(self.data)]
                column -= bisect.bisect_left(continuations, offset) - bisect.bisect_left(continuations, start)
        return Position(line_index + 1, column + 1, offset)

    def line_start(self, line: int) -> int:
        """Byte offset where 1-based `line` starts."""
        self._index_to(0, line)
        return self._line_starts[max(0, min(line - 1, len(self._line_starts) - 1))]

    def line_text(self, line: int) -> str:
        self._index_to(0, line + 1)
        start = self.line_start(line)
        end = self._line_starts[line] if line < len(self._line_starts) else len(self.data)
        return self.data[start:end].decode("utf-8", errors="replace").rstrip("\r\n")
