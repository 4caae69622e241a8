"""SEC009: FlowMCP's security scan refuses a definition file that contains `node:fs`."""

from __future__ import annotations

from flowlint.lint.codes import Code

from ._security_scan import PatternRule


class NodeFs(PatternRule):
    code = Code.SEC009
    name = "no-node-fs"
    pattern = "node:fs"
    example_line = "{ node:fs }"
