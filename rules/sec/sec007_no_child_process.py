"""SEC007: FlowMCP's security scan refuses a definition file that contains `child_process`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class ChildProcess(PatternRule):
    code = Code.SEC007
    name = "no-child-process"
    pattern = "child_process"
    example_line = "child_process.spawn"
