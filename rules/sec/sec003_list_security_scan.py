"""SEC003: 3.0.0: a shared-list file must pass the security scan; 4.x: no eval( in a definition file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.security import scan
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule, RuleContext, example_v4

from ._security_scan import HANDLERS, scan_hits


class ListForbiddenPattern(Rule):
    code = Code.SEC003
    target: ClassVar[str] = "any"  # a shared-list file (3.0.0's meaning) and 4.x's eval( in a definition
    name = "list-security-scan"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    origin = "spec 3.0.0-4.1.0 (09: list files), 4.x (05-security: eval()"
    summary = "3.0.0: a shared-list file must pass the security scan; 4.x: no eval( in a definition file"
    why = (
        "Specification 3.0.0 (09) says list files are scanned like definitions (SEC003); neither runtime "
        "scans them (flowmcp-core c9c0f57 and 8dab10b), so that is the specification's rule only. Under 4.x "
        "SEC003 is the scan's `eval(`, which the runtime refuses in a definition."
    )
    fix = "Keep only `export const list = { meta, entries }` in a list file; remove eval( from a definition."
    VALID = [
        Example(
            "export const list = {\n    meta: { name: 'coins', version: '1.0.0', description: 'Coins', "
            "fields: [ { key: 'id', type: 'string', description: 'Id' } ] },\n    entries: [ { id: 'btc' } ]\n}\n",
            path="_lists/example.mjs",
        )
    ]
    INVALID = [
        Example(
            "‸import data from './coins.json' with { type: 'json' }\n"
            "export const list = {\n    meta: { name: 'coins', version: '1.0.0', description: 'Coins', "
            "fields: [ { key: 'id', type: 'string', description: 'Id' } ] },\n    entries: [ { id: 'btc' } ]\n}\n",
            (Expect("a list file may not contain 'import '"),),
            path="_lists/example.mjs",
        ),
        Example(
            example_v4("    tools: {}") + HANDLERS + "‸eval( '1' ) } )\n",
            (Expect("the line contains 'eval(': the runtime refuses the file at load: SEC003"),),
            title="4.x: eval( in a definition",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != 4:
            return
        for hit in scan_hits(ctx):
            if hit.code == self.code:
                yield self.finding(
                    f"the line contains '{hit.matched}': {hit.message}", hit.span, consequence=Consequence.REFUSED
                )

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        if ctx.path.suffix not in (".mjs", ".js") or not ctx.source:
            return
        for hit in scan(ctx.source, 3):
            yield self.finding(
                f"a list file may not contain '{hit.matched}' ({hit.pattern}): lists are data only "
                "(specification 3.0.0; neither runtime scans list files)",
                hit.span,
            )
