"""Diagnostics: what a lint run reports, where, and how severe it is.

A rule reports a `Finding` (a code, a message and a byte span); `locate` places it in a file as a
`Diagnostic` with lines, columns and byte offsets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from flowlint.core.severity import Severity

if TYPE_CHECKING:
    from flowlint.core.nodes import Span
    from flowlint.core.source import SourceText
    from flowlint.lint.fixes import Fix

__all__ = ["Diagnostic", "Finding", "Severity", "fails", "locate"]


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
    fix: Fix | None = field(default=None, compare=False)  # not in the JSON report; `check --fix` applies it

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
    fix: Fix | None = None


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
        fix=finding.fix,
    )


def fails(diagnostics: list[Diagnostic], fail_on: Severity) -> bool:
    """Whether any diagnostic is at or above `fail_on`."""
    return any(d.severity.rank >= fail_on.rank for d in diagnostics)
