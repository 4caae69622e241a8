"""SEC010: FlowMCP's security scan refuses a definition file that contains `fs/promises`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class FsPromises(PatternRule):
    code = Code.SEC010
    name = "no-fs-promises"
    pattern = "fs/promises"
    example_line = "fs/promises"
