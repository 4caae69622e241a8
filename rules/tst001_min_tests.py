"""TST001: every tool and resource query has at least `min_tests` tests."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.nodes import SArray, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, tool_noun


class MinTests(Rule):
    code = Code.TST001
    name = "min-tests"
    severity = Severity.ERROR
    summary = "Each tool must have at least 1 test (configurable: min_tests)"
    why = (
        "Tests are the executable examples of a tool: they document it, and capture runs them to record "
        "real responses and generate the output schema. A tool without tests can do neither."
    )
    fix = "Add a `tests` array with at least one `{ _description: '...', <param>: <value> }` object."
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
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [] }
    }"""),
            (Expect(4, 9, "tool 'getPing' has no tests"),),
            title="no tests key",
        ),
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [], tests: [] }
    }"""),
            (Expect(4, 102, "has 0 tests; at least 1 required"),),
            title="empty tests",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        minimum = ctx.config.min_tests
        for tool in ctx.definition.tools:
            if tool.obj is None:
                continue
            noun = tool_noun(tool.kind)
            node = tool.tests_node
            if node is None:
                if minimum > 0:
                    yield self.finding(
                        f"{noun} '{tool.label}' has no tests; add at least {minimum}: "
                        "tests: [ { _description: '...', ... } ]",
                        tool.key_span,
                        tool=tool.label,
                    )
            elif not isinstance(node, SArray):
                yield self.finding(
                    f"tests of {noun} '{tool.label}' must be an array of test objects, got {type_name(node)}",
                    node.span,
                    tool=tool.label,
                )
            elif len(node.items) < minimum:
                count = len(node.items)
                yield self.finding(
                    f"{noun} '{tool.label}' has {count} test{'s' if count != 1 else ''}; at least {minimum} required",
                    node.span,
                    tool=tool.label,
                )
