"""SEC005: FlowMCP's security scan refuses a definition file that contains `new Function`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class NewFunction(PatternRule):
    code = Code.SEC005
    name = "no-new-function"
    pattern = "new Function"
    example_line = "new Function( 'a' )"
