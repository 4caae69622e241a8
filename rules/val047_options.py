"""VAL047: every option is known, fits the primitive and has a usable argument."""

from __future__ import annotations

from flowlint.core.severity import Severity
from flowlint.definition.zod import ZProblem
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class Options(Rule):
    code = Code.VAL047
    z_problem = ZProblem.OPTION
    name = "option-valid"
    severity = Severity.ERROR
    summary = "Options must be min(), max(), length(), optional(), default() or regex(), fit for the primitive"
    why = (
        "The runtime ignores unknown options such as `values(...)`, throws on `min()` for a boolean, and "
        "fails every call that omits a parameter whose default() does not fit its type."
    )
    fix = "Remove the option, or write it for the primitive: `min(1)` on number() or string(), `length(42)`..."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)' ] } } ],
            tests: [ { _description: 'Ten', limit: 10 } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'min(1)' ] } } ],
            tests: [ { _description: 'With sparkline', sparkline: true } ] }
    }"""),
            (Expect(5, 145, "'min(1)' does not apply to boolean()"),),
        )
    ]
