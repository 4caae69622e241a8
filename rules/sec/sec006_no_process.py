"""SEC006: FlowMCP's security scan refuses a definition file that contains `process.`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class ProcessAccess(PatternRule):
    code = Code.SEC006
    name = "no-process"
    pattern = "process."
    example_line = "process.env"
