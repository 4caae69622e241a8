"""RES036: A 4.x http resource needs a non-empty path (its local cache file)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ._resources_v4 import v4_resources


class HttpPath(Rule):
    code = Code.RES036
    name = "http-resource-path"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.3.0 (13-resources)"
    summary = "A 4.x http resource needs a non-empty path (its local cache file)"
    why = "The 4.x runtime refuses an http resource without `path` ('path: Missing required field')."
    fix = "Add `path: 'cache/data.db'`."
    VALID = [
        Example(
            example_v4(
                "    resources: { data: { source: 'http', description: 'Data', path: 'cache/data.db', queries: {} } }"
            )
        )
    ]
    INVALID = [
        Example(
            example_v4("    resources: { ‸data: { source: 'http', description: 'Data', queries: {} } }"),
            (Expect("resource 'data': a 4.x http resource needs path"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for entry, resource in v4_resources(ctx, "http"):
            path = resource.get("path")
            if isinstance(path, NonStatic) or (string_value(path) or "").strip():
                continue
            yield self.finding(
                f"resource '{entry.key}': a 4.x http resource needs path, a non-empty string (its local cache "
                "file); FlowMCP's runtime refuses the definition",
                path.span if path is not None else entry.key_span,
            )
