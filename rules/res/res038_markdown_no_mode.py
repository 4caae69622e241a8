"""RES038: A 4.x markdown resource has no `mode`."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ._resources_v4 import MARKDOWN, v4_resources


class MarkdownMode(Rule):
    code = Code.RES038
    name = "markdown-no-mode"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.2.0 (13-resources)"
    summary = "A 4.x markdown resource has no mode"
    why = (
        "`mode` ('in-memory' or 'file-based') says how a SQLite database is opened; a markdown document has "
        "none. The 4.x runtime refuses a markdown resource with a `mode` ('Markdown resources must not have a "
        "mode field')."
    )
    fix = "Remove `mode`."
    VALID = [Example(example_v4(f"    resources: {{ guide: {{ {MARKDOWN} }} }}"))]
    INVALID = [
        Example(
            example_v4(f"    resources: {{ guide: {{ {MARKDOWN}, ‸mode: 'in-memory' }} }}"),
            (Expect("resource 'guide': a markdown resource has no mode"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in v4_resources(ctx, "markdown"):
            mode = resource.entry("mode")
            if mode is not None:
                yield self.finding(
                    f"resource '{entry.key}': a markdown resource has no mode; FlowMCP's runtime refuses the "
                    "definition: remove it",
                    mode.key_span,
                )
