"""Diagnostics: what a lint run reports, where, and how severe it is.

A rule reports a `Finding` (a code, a message and a byte span); `locate` places it in a file as a
`Diagnostic` with lines, columns and byte offsets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flowlint.core.fileio import printable
from flowlint.core.record import FrozenRecord
from flowlint.core.severity import Severity

if TYPE_CHECKING:
    from flowlint.core.consequence import Consequence
    from flowlint.core.nodes import Span
    from flowlint.core.source import SourceText
    from flowlint.lint.fixes import Fix

__all__ = ["Diagnostic", "Finding", "Severity", "fails", "locate", "node_path"]


class Diagnostic(FrozenRecord):
    """One finding, located in a file and, where it applies, in a tool, a test and a parameter.

    `tool` is the tool name, or `resource.query` for a resource query. `test_index` is 0-based;
    `test_indices` are every test the finding stands for ("tests 0-5 of tool ..."), `test_index` the first.
    """

    __slots__ = (
        "code",
        "column",
        "consequence",
        "end_byte",
        "end_column",
        "end_line",
        "fix",
        "line",
        "message",
        "parameter",
        "path",
        "severity",
        "start_byte",
        "test_index",
        "test_indices",
        "tool",
    )
    _not_compared = frozenset({"fix"})

    code: str
    severity: Severity
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    start_byte: int
    end_byte: int
    tool: str | None
    test_index: int | None
    parameter: str | None
    fix: Fix | None  # `check --fix` applies it; the JSON report shows it
    consequence: str  # what FlowMCP's runtime does (a `Consequence` value); "" when not known
    test_indices: tuple[int, ...]

    def __init__(
        self,
        code: str,
        severity: Severity,
        message: str,
        path: str,
        line: int,
        column: int,
        end_line: int,
        end_column: int,
        start_byte: int = 0,
        end_byte: int = 0,
        tool: str | None = None,
        test_index: int | None = None,
        parameter: str | None = None,
        fix: Fix | None = None,
        consequence: str = "",
        test_indices: tuple[int, ...] = (),
    ) -> None:
        self.code = code
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.start_byte = start_byte
        self.end_byte = end_byte
        self.tool = tool
        self.test_index = test_index
        self.parameter = parameter
        self.fix = fix
        self.consequence = consequence
        self.test_indices = test_indices or (() if test_index is None else (test_index,))

    def to_dict(self) -> dict[str, object]:
        """The JSON report's shape for one diagnostic (byte offsets stay internal); the tool and parameter
        names escaped as every string from a file is in a report (`printable`)."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "tool": None if self.tool is None else printable(self.tool),
            "test_index": self.test_index,
            "test_indices": list(self.test_indices),
            "parameter": None if self.parameter is None else printable(self.parameter),
        }

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)


class Finding(FrozenRecord):
    """What a rule reports before it is placed in a file: the engine adds path and positions."""

    __slots__ = (
        "claims",
        "code",
        "consequence",
        "fix",
        "message",
        "parameter",
        "part",
        "severity",
        "span",
        "subject",
        "test_index",
        "test_indices",
        "tool",
    )

    code: str
    message: str
    span: Span
    tool: str | None
    test_index: int | None
    parameter: str | None
    # The specification's severity of this finding, when it differs from its rule's.
    severity: Severity | None
    fix: Fix | None
    # What the runtime does about this finding, when it differs from its rule's (see core/consequence.py).
    consequence: Consequence | None
    test_indices: tuple[int, ...]  # every test it stands for (test_index: the first)
    # Where in the parameter it is (`("option", 2)`, `("primitive",)`), the nodes it stands for, and the z
    # fact it words: what lint/ownership.py reads to keep one finding per defect.
    part: tuple[object, ...]
    claims: tuple[tuple[object, ...], ...]
    subject: str

    def __init__(
        self,
        code: str,
        message: str,
        span: Span,
        tool: str | None = None,
        test_index: int | None = None,
        parameter: str | None = None,
        severity: Severity | None = None,
        fix: Fix | None = None,
        consequence: Consequence | None = None,
        test_indices: tuple[int, ...] = (),
        part: tuple[object, ...] = (),
        claims: tuple[tuple[object, ...], ...] = (),
        subject: str = "",
    ) -> None:
        self.code = code
        self.message = message
        self.span = span
        self.tool = tool
        self.test_index = test_index
        self.parameter = parameter
        self.severity = severity
        self.fix = fix
        self.consequence = consequence
        self.test_indices = test_indices or (() if test_index is None else (test_index,))
        self.part = part
        self.claims = claims
        self.subject = subject

    @property
    def node(self) -> tuple[object, ...]:
        """The node this finding is about, as a path (see lint/ownership.py)."""
        return node_path(self.tool, self.parameter, self.part, self.test_index)


def node_path(
    tool: str | None, parameter: str | None = None, part: tuple[object, ...] = (), test_index: int | None = None
) -> tuple[object, ...]:
    """`("tool", tool, "parameter", parameter, *part, "test", test_index)`, each piece where it is given."""
    path: tuple[object, ...] = ("tool", tool) if tool is not None else ()
    if parameter is not None:
        path += ("parameter", parameter)
    path += part
    if test_index is not None:
        path += ("test", test_index)
    return path


def locate(
    finding: Finding, severity: Severity, path: str, source: SourceText, note: str = "", consequence: str = ""
) -> Diagnostic:
    """`finding` placed in the file at `path`, at `severity`, its message followed by `note`;
    `consequence`: what the runtime does about it (see core/consequence.py). The message quotes the
    file's strings (namespaces, tool names, keys, values): it is escaped here, once, as every report
    shows text from a file (`printable`: no line break, terminal escape or bidirectional control)."""
    start = source.position(finding.span.start)
    end = source.position(max(finding.span.end, finding.span.start))
    return Diagnostic(
        code=finding.code,
        severity=severity,
        message=printable(finding.message + note),
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
        test_indices=finding.test_indices,
        consequence=consequence,
    )


def fails(diagnostics: list[Diagnostic], fail_on: Severity) -> bool:
    """Whether any diagnostic is at or above `fail_on`."""
    return any(d.severity.rank >= fail_on.rank for d in diagnostics)
