"""SEC012: FlowMCP's security scan refuses a definition file that contains `global.`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class GlobalScope(PatternRule):
    code = Code.SEC012
    name = "no-global"
    pattern = "global."
    example_line = "global.x"
