"""SEC008: FlowMCP's security scan refuses a definition file that contains `fs.`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class FsAccess(PatternRule):
    code = Code.SEC008
    name = "no-fs"
    pattern = "fs."
    example_line = "a.fs.read"
