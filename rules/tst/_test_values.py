"""What TST004 and RES022 share: each test value checked against its parameter's z block (tools, resource queries)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_number, js_number_value
from flowlint.core.nodes import SNode, SScalar, to_python
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZSpec, validate
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Edit, Fix
from flowlint.lint.rule import Rule, RuleContext


class ZValuesRule(Rule):
    """Checks each test value of the tools (or resource queries: `kinds`) against its parameter's z block."""

    # The tool kinds this code covers; a resource query's tests are RES022/RES023 (09's resource rules).
    kinds: ClassVar[tuple[str, ...]] = ("tool",)

    severity = Severity.ERROR

    consequence = Consequence.TEST

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind not in self.kinds:
                continue
            parameters = tool.user_parameters
            if not parameters:
                continue
            for test in tool.tests:
                if test.obj is None:
                    continue
                for entry in test.obj.entries:
                    parameter = parameters.get(entry.key)
                    if parameter is None or parameter.z is None:
                        continue  # no z block to check the value against
                    resolution = ctx.list_values(parameter)
                    problem = validate(
                        to_python(entry.value), parameter.z, resolution.values if resolution is not None else None
                    )
                    if problem is not None:
                        yield self.finding(
                            f"{test.label()}: parameter '{entry.key}' {problem}",
                            entry.value.span,
                            tool=tool.label,
                            test_index=test.index,
                            parameter=entry.key,
                            fix=value_fix(ctx.source, ctx.path.suffix, entry.value, parameter.z),
                        )


def value_fix(source: bytes, suffix: str, node: SNode, spec: ZSpec) -> Fix | None:
    """The mechanical fix of a test value: a number or boolean written as a string loses its quotes, a
    number given for an enum gets them, in the file's syntax. Safe: only the test's value changes, to the
    one it meant."""
    if not source or not isinstance(node, SScalar):
        return None
    value = node.value
    if isinstance(value, str) and spec.kind == "number":
        number = js_number_value(value)
        if number is None or not value.strip() or validate(number, spec) is not None:
            return None
        text = js_number(number)
    elif isinstance(value, str) and spec.kind == "boolean" and value in ("true", "false"):
        text = value.capitalize() if suffix == ".py" else value
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and spec.kind == "enum":
        quoted = js_number(value)
        if spec.enum_values is None or quoted not in spec.enum_values:
            return None
        quote = '"' if suffix == ".json" else "'"
        return Fix(f"write {quote}{quoted}{quote}", (Edit(node.span.start, node.span.end, quote + quoted + quote),))
    else:
        return None
    return Fix(f"write {text} without quotes", (Edit(node.span.start, node.span.end, text),))
