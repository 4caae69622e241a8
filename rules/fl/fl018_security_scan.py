"""FL018: 3.x: no line may contain require(, eval(, Function( or filesystem access (the runtime's SEC002-SEC004, SEC008-SEC010)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ..sec._security_scan import scan_hits


class ForbiddenPattern(Rule):
    code = Code.FL018
    name = "security-scan"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "3.x: no line may contain require(, eval(, Function( or filesystem access (the runtime's SEC002-SEC004, SEC008-SEC010)"
    why = (
        "FlowMCP's 3.x runtime scans the file's text before loading it and refuses it when a line (not "
        "starting as a comment) contains require(, eval(, Function(, fs., node:fs or fs/promises, even inside "
        "a string or a URL. It prints SEC002-SEC004 and SEC008-SEC010 for them, but specification 3.0.0 gives "
        "those codes other meanings (SEC002: a non-serialisable main), so flowlint reports them as FL018 and "
        "quotes the runtime's code. Under 4.x they are the scan's SEC codes."
    )
    fix = "Remove the call; in a URL or text, break the pattern (the 3.x scan matches substrings)."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example("    docs: [ 'https://api.example.com/‸fs.json' ],\n    tools: {}"),
            (Expect("the runtime refuses the file at load: SEC008"),),
            title="a URL trips the 3.x scan",
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for hit in scan_hits(ctx):
            if hit.code is None:
                yield self.finding(
                    f"the line contains '{hit.matched}': {hit.message} (specification 3.0.0 gives "
                    f"{hit.runtime_code} another meaning); the scan matches the text wherever it is",
                    hit.span,
                )
