"""RES039: A 4.x markdown resource has no queries."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ._resources_v4 import MARKDOWN, v4_resources


class MarkdownQueries(Rule):
    code = Code.RES039
    name = "markdown-no-queries"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.x (13-resources)"
    summary = "A 4.x markdown resource has no queries"
    why = "A markdown resource is a document, not a database; the 4.x runtime refuses `queries` on it."
    fix = "Remove `queries`, or make the resource `source: 'sqlite'`."
    VALID = [Example(example_v4(f"    resources: {{ guide: {{ {MARKDOWN} }} }}"))]
    INVALID = [
        Example(
            example_v4(f"    resources: {{ guide: {{ {MARKDOWN}, ‸queries: {{}} }} }}"),
            (Expect("resource 'guide': a markdown resource has no queries"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in v4_resources(ctx, "markdown"):
            queries = resource.entry("queries")
            if queries is not None:
                yield self.finding(
                    f"resource '{entry.key}': a markdown resource has no queries; FlowMCP's runtime refuses the "
                    "definition: remove them",
                    queries.key_span,
                )
