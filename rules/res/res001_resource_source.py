"""RES001: resource.source must be 'sqlite' (3.0.0); 4.x also allows 'markdown' and 'http'."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, string_value, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, resource, resources

SOURCES = {3: ("sqlite",), 4: ("sqlite", "markdown", "http")}


class Source(Rule):
    code = Code.RES001
    name = "resource-source"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "resource.source must be 'sqlite' (3.0.0); 4.x also allows 'markdown' and 'http'"
    why = "The runtime refuses any other source (and a missing one)."
    fix = "Write `source: 'sqlite'`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource("source: ‸'postgres', description: 'Contracts', database: 'contracts.db'"),
            (Expect("resource 'contracts': source 'postgres' is not one of sqlite"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        allowed = SOURCES[ctx.spec.major]
        for entry in resources(ctx):
            assert isinstance(entry.value, SObject)
            node = entry.value.get("source")
            if isinstance(node, NonStatic):
                continue
            if node is None:
                yield self.finding(f"resource '{entry.key}' needs source: 'sqlite'", entry.key_span)
            elif string_value(node) not in allowed:
                shown = f"'{node.value}'" if isinstance(node, SScalar) else type_name(node)
                yield self.finding(
                    f"resource '{entry.key}': source {shown} is not one of {', '.join(allowed)} "
                    f"(specification {ctx.spec.label})",
                    node.span,
                )
