"""VAL046: enum(...) lists its values as FlowMCP reads them."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZProblem
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class EnumValues(Rule):
    code = Code.VAL046
    z_problems = (ZProblem.ENUM_VALUES,)
    name = "enum-values"
    severity = Severity.ERROR
    consequence = Consequence.CALL_REFUSED
    summary = "enum() must list at least one value: enum(A,B,C), no spaces, no JavaScript array syntax"
    why = (
        "FlowMCP splits the text between the parentheses on commas: `enum()` accepts only '', "
        "`enum(['asc','desc'])` accepts \"['asc'\" and \"'desc']\", and a trailing comma adds ''."
    )
    fix = "Write the values plainly: `enum(asc,desc)`."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(asc,desc)', options: [] } } ],
            tests: [ { _description: 'Ascending', order: 'asc' }, { _description: 'Descending', order: 'desc' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: "enum(['asc','desc'])", options: [] } } ],
            tests: [ { _description: 'Ascending', order: 'asc' }, { _description: 'Descending', order: 'desc' } ] }
    }"""),
            (Expect(5, 117, "enum values are written as a JavaScript array"),),
            fixed=('''"enum(['asc','desc'])"''', '"enum(asc,desc)"'),
        )
    ]
