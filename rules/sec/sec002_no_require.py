"""SEC002: FlowMCP's security scan refuses a definition file that contains `require(`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class Require(PatternRule):
    code = Code.SEC002
    name = "no-require"
    pattern = "require("
    example_line = "require( 'fs' )"
