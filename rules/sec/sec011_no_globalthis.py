"""SEC011: FlowMCP's security scan refuses a definition file that contains `globalThis.`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class GlobalThis(PatternRule):
    code = Code.SEC011
    name = "no-globalthis"
    pattern = "globalThis."
    example_line = "globalThis.x"
