"""TST002: every test has a `_description` string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class TestDescription(Rule):
    code = Code.TST002
    name = "test-description"
    severity = Severity.ERROR
    consequence = Consequence.TEST
    summary = "Each test must have a _description field of type string"
    why = (
        "A reader (a developer or an AI agent) should understand what a tool can do from its tests alone; "
        "the description says what each test demonstrates, and capture records it with the response."
    )
    fix = "Add `_description: 'What this test demonstrates'` to the test object."
    VALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Service is up' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ ‸{} ] }
    }"""),
            (Expect("test 0 has no _description"),),
            title="missing",
        ),
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: ‸42 } ] }
    }"""),
            (Expect("_description must be a string, got number 42"),),
            title="not a string",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            for test in tool.tests:
                if test.obj is None:
                    yield self.finding(
                        f"test {test.index} is {type_name(test.node)}, not an object {{ _description: '...', ... }}",
                        test.node.span,
                        tool=tool.label,
                        test_index=test.index,
                    )
                    continue
                value = test.obj.get("_description")
                if value is None:
                    yield self.finding(
                        f"test {test.index} has no _description; add _description: 'what this test demonstrates'",
                        test.obj.span,
                        tool=tool.label,
                        test_index=test.index,
                    )
                elif isinstance(value, SScalar) and isinstance(value.value, str):
                    if not value.value.strip():
                        yield self.finding(
                            f"test {test.index}: _description is empty; say what this test demonstrates",
                            value.span,
                            tool=tool.label,
                            test_index=test.index,
                        )
                elif not isinstance(value, NonStatic):
                    shown = value.value if isinstance(value, SScalar) else None
                    rendered = f" {shown!r}" if isinstance(shown, (int, float)) else ""
                    yield self.finding(
                        f"test {test.index}: _description must be a string, got {type_name(value)}{rendered}",
                        value.span,
                        tool=tool.label,
                        test_index=test.index,
                    )
