"""FL005: a regex() pattern cannot be checked by flowlint."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZFact, ZNote, ZSpec
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, ZReport, example


class RegexUnsupported(Rule):
    code = Code.FL005
    z_facts = frozenset({ZFact.REGEX_UNCHECKED})
    name = "regex-unsupported"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "A regex() pattern that flowlint cannot match in linear time is not enforced on test values"
    why = (
        "FlowMCP's runtime enforces regex() with JavaScript's RegExp, a backtracking engine: `^(a+)+$` takes "
        "exponential time on 'aaaa…a!'. flowlint translates the pattern for RE2, which matches in time linear "
        "in the value, so no test value can make `check`, the language server, `capture` or `mock` hang. A "
        "pattern RE2 cannot express (a lookahead, a lookbehind, a backreference) is not matched at all: this "
        "finding says so instead of guessing."
    )
    fix = "Write the pattern without lookarounds and backreferences, or ignore FL005 for this parameter."
    VALID = [
        Example(
            example("""\
    tools: {
        getAbi: { method: 'GET', path: '/abi', description: 'Contract ABI',
            parameters: [ { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } } ],
            tests: [ { _description: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getAbi: { method: 'GET', path: '/abi', description: 'Contract ABI',
            parameters: [ { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^(?!0x)[a-z]+$)' ] } } ],
            tests: [ { _description: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } ] }
    }"""),
            (Expect(5, 142, "regex '^(?!0x)[a-z]+$' cannot be checked by flowlint"),),
        )
    ]

    def report_z(self, note: ZNote, z: ZSpec, generation: int) -> ZReport | None:
        return ZReport(
            message=f"regex '{note.argument}' cannot be checked by flowlint ({note.reason}); test values are not matched "
            "against it (not checked)"
        )
