"""RES019: Resource parameters are string(), number(), boolean() or enum(), never array() or object()."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._resources import GOOD, OUTPUT, resource, resource_queries

SCALAR_PRIMITIVES = ("string", "number", "boolean", "enum")


class ScalarPrimitives(Rule):
    code = Code.RES019
    name = "query-scalar-primitive"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "Resource parameters are string(), number(), boolean() or enum(), never array() or object()"
    why = "SQLite binds one scalar per `?`."
    fix = "Use a scalar primitive; pass lists as several parameters."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            resource(
                query="sql: 'SELECT * FROM contracts WHERE address IN (?)', description: 'Some', parameters: [ "
                "{ position: { key: 'addresses', value: '{{USER_PARAM}}' }, z: { primitive: ‸'array()', options: [] } } ], "
                f"{OUTPUT},"
            ),
            (Expect("resource parameters must be scalar"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in resource_queries(ctx):
            for parameter in tool.parameters:
                spec = parameter.z
                if spec is not None and spec.kind is not None and spec.kind not in SCALAR_PRIMITIVES:
                    yield self.finding(
                        f"parameter '{parameter.key}': {spec.kind}() is not allowed; resource parameters must be "
                        "scalar: string(), number(), boolean() or enum()",
                        parameter.option_span(None),
                        tool=tool.label,
                        parameter=parameter.key,
                    )
