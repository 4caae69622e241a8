"""SEC013: FlowMCP's security scan refuses a definition file that contains `__dirname`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class DirName(PatternRule):
    code = Code.SEC013
    name = "no-dirname"
    pattern = "__dirname"
    example_line = "__dirname"
