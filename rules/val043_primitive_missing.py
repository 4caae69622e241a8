"""VAL043: the z block has a primitive string."""

from __future__ import annotations

from flowlint.core.severity import Severity
from flowlint.definition.zod import ZProblem
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class PrimitiveMissing(Rule):
    code = Code.VAL043
    z_problem = ZProblem.PRIMITIVE_TYPE
    name = "primitive-missing"
    severity = Severity.ERROR
    summary = "z.primitive must be present and a string"
    why = "The primitive is the parameter's type; without it FlowMCP cannot validate input."
    fix = "Add `primitive: 'string()'` (or number(), boolean(), enum(...), array(), object())."
    VALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect(5, 101, "parameter 'id': z.primitive must be a string"),),
        )
    ]
