"""VAL044: z.primitive is present, a string, and a primitive FlowMCP knows."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZProblem
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class Primitive(Rule):
    code = Code.VAL044
    z_problems = (ZProblem.PRIMITIVE_TYPE, ZProblem.PRIMITIVE)
    name = "primitive"
    severity = Severity.ERROR
    consequence = Consequence.IGNORED
    summary = "z.primitive is required: string(), number(), boolean(), enum(...), array() or object()"
    why = (
        "The specification rejects any other primitive; the runtime silently treats it as string(), so "
        "`int()` accepts 'abc' and rejects 7."
    )
    fix = "Use the FlowMCP primitive that matches: `number()` for integers and floats, `boolean()`..."
    VALID = [
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ' number()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }"""),
            (
                Expect(
                    5, 118, "reads ' number()' as string() and test values are checked as string(): write 'number()'"
                ),
            ),
            title="a leading space: the runtime reads it as string()",
            fixed=("primitive: ' number()'", "primitive: 'number()'"),
        ),
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect(5, 101, "parameter 'id': z.primitive must be a string"),),
        ),
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'int()', options: [] } } ],
            tests: [ { _description: 'Genesis', height: 0 } ] }
    }"""),
            (
                Expect(
                    5, 118, "unknown primitive 'int()'; FlowMCP's runtime silently treats it as string(): use number()"
                ),
            ),
        ),
    ]
