"""SEC004: FlowMCP's security scan refuses a definition file that contains `Function(`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class FunctionConstructor(PatternRule):
    code = Code.SEC004
    name = "no-function-constructor"
    pattern = " Function("
    example_line = "x => Function( 'a' )"
