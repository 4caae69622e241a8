"""Diagnostics: what flowlint reports, where, and how severe it is."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from enum import StrEnum

from flowlint.nodes import Span


class Severity(StrEnum):
    """How much a finding matters; ordered `info < warning < error`."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


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


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding, located in a file and, where it applies, in a tool, a test and a parameter.

    `tool` is the tool name, or `resource.query` for a resource query. `test_index` is 0-based.
    """

    code: str
    severity: Severity
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    start_byte: int = 0
    end_byte: int = 0
    tool: str | None = None
    test_index: int | None = None
    parameter: str | None = None

    def to_dict(self) -> dict[str, object]:
        """The JSON report's shape for one diagnostic (byte offsets stay internal)."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "tool": self.tool,
            "test_index": self.test_index,
            "parameter": self.parameter,
        }

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)


@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule reports before it is placed in a file: the engine adds path and positions."""

    code: str
    message: str
    span: Span
    tool: str | None = None
    test_index: int | None = None
    parameter: str | None = None
    severity: Severity | None = None  # None: the rule's default severity


def locate(finding: Finding, severity: Severity, path: str, source: SourceText) -> Diagnostic:
    start = source.position(finding.span.start)
    end = source.position(max(finding.span.end, finding.span.start))
    return Diagnostic(
        code=finding.code,
        severity=severity,
        message=finding.message,
        path=path,
        line=start.line,
        column=start.column,
        end_line=end.line,
        end_column=end.column,
        start_byte=start.offset,
        end_byte=end.offset,
        tool=finding.tool,
        test_index=finding.test_index,
        parameter=finding.parameter,
    )
