"""TST007: tests of an enum parameter use more than one of its values."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SScalar
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class EnumCoverage(Rule):
    code = Code.TST007
    name = "enum-coverage"
    severity = Severity.WARNING
    consequence = Consequence.TEST
    summary = "Tools with enum parameters should test multiple enum values"
    why = (
        "Different enum values often return differently shaped data (another chain, another sort order, "
        "another unit). Tests with several values show the breadth of the tool and give the output-schema "
        "generator more than one shape to learn from."
    )
    fix = "Add a test that uses another value of the enum."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(market_cap_desc,volume_desc)', options: [] } } ],
            tests: [
                { _description: 'Largest first', order: 'market_cap_desc' },
                { _description: 'Most traded first', order: 'volume_desc' }
            ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: ‸'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(market_cap_desc,volume_desc)', options: [] } } ],
            tests: [ { _description: 'Largest first', order: 'market_cap_desc' } ] }
    }"""),
            (
                Expect(
                    "enum parameter 'order' is tested only with 'market_cap_desc'; add a test with "
                    "another value such as 'volume_desc'",
                ),
            ),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if not tool.tests:
                continue
            for key, parameter in tool.user_parameters.items():
                spec = parameter.z
                if spec is None or spec.kind != "enum" or spec.broken:
                    continue
                values = spec.enum_values
                if spec.list_ref is not None:
                    resolution = ctx.list_values(parameter)
                    values = resolution.values if resolution is not None else None
                if values is not None and len(values) < 2:
                    continue
                used: list[str] = []
                for test in tool.tests:
                    node = test.obj.get(key) if test.obj is not None else None
                    if isinstance(node, SScalar) and isinstance(node.value, str) and node.value not in used:
                        used.append(node.value)
                if len(used) >= 2:
                    continue
                others = [v for v in (values or ()) if v not in used][:2]
                suggestion = " or ".join(f"'{v}'" for v in others)
                if used:
                    message = f"enum parameter '{key}' is tested only with '{used[0]}'; add a test with another value"
                else:
                    message = f"enum parameter '{key}' is not set in any test; add tests with different values"
                if suggestion:
                    message += f" such as {suggestion}"
                yield self.finding(message, parameter.key_span, tool=tool.label, parameter=key)
