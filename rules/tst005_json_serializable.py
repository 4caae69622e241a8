"""TST005: test objects are plain JSON data."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.jsvalues import js_number
from flowlint.core.nodes import NonStatic, SHole, SNode, SScalar, first_non_json, shorten
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class JsonSerializable(Rule):
    code = Code.TST005
    name = "json-serializable"
    severity = Severity.ERROR
    summary = "Test objects must be JSON-serializable"
    why = (
        "Tests are part of `main`, which must be pure data: FlowMCP hashes it, capture stores the test "
        "values with each response, and other tools read them without running JavaScript. A call, a date, "
        "`undefined` or NaN is not data."
    )
    fix = "Write the literal value the expression would produce (a string, number, boolean, array or object)."
    VALID = [
        Example(
            example("""\
    tools: {
        getBlocks: { method: 'GET', path: '/blocks', description: 'Blocks since a date',
            parameters: [ { position: { key: 'since', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Since New Year 2024', since: '2024-01-01T00:00:00Z' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getBlocks: { method: 'GET', path: '/blocks', description: 'Blocks since a date',
            parameters: [ { position: { key: 'since', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Since now', since: new Date().toISOString() } ] }
    }"""),
            (Expect(6, 58, "test 0 ('Since now'): the value of 'since' is `new Date().toISOString()`"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            for test in tool.tests:
                if isinstance(test.node, NonStatic):
                    yield self.finding(
                        f"test {test.index} is `{shorten(test.node.source)}` ({test.node.reason}), not a plain object",
                        test.node.span,
                        tool=tool.label,
                        test_index=test.index,
                    )
                    continue
                if test.obj is None:
                    continue
                for entry in test.obj.entries:
                    bad = first_non_json(entry.value)
                    if bad is not None:
                        yield self.finding(
                            f"{test.label()}: the value of '{entry.key}' {_explain(bad)}",
                            bad.span,
                            tool=tool.label,
                            test_index=test.index,
                            parameter=entry.key,
                        )


def _explain(node: SNode) -> str:
    if isinstance(node, NonStatic):
        return (
            f"is `{shorten(node.source)}` ({node.reason}), which is not JSON data; tests must hold "
            "literal values: write the value itself"
        )
    if isinstance(node, SHole):
        return "has an array hole (undefined), which JSON turns into null; remove the extra comma"
    assert isinstance(node, SScalar) and isinstance(node.value, float)  # NaN or an infinity
    return f"is {js_number(node.value)}, which JSON cannot represent; write a finite number"
