"""SEC014: FlowMCP's security scan refuses a definition file that contains `__filename`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class FileName(PatternRule):
    code = Code.SEC014
    name = "no-filename"
    pattern = "__filename"
    example_line = "__filename"
