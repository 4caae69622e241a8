"""FL005: a regex() pattern, or a test value against it, cannot be checked by flowlint."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.jsbacktrack import STEP_BUDGET
from flowlint.core.nodes import to_python
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZFact, regex_unchecked
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, ZRow, example


class RegexUnsupported(Rule):
    code = Code.FL005
    z_rows = (
        ZRow(
            fact=ZFact.REGEX_UNCHECKED,
            message=lambda note, z: (
                f"regex '{note.argument}' cannot be checked by flowlint ({note.reason}); test "
                "values are not matched against it (not checked)"
            ),
        ),
    )
    name = "regex-unsupported"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "A regex() pattern, or a test value against it, that flowlint cannot check is said to be not checked"
    why = (
        "FlowMCP's runtime enforces regex() with JavaScript's RegExp, a backtracking engine: `^(a+)+$` takes "
        "exponential time on 'aaaa…a!'. flowlint translates the pattern for RE2, which matches in time linear "
        "in the value, so no test value can make `check`, the language server, `capture` or `mock` hang. A "
        f"pattern RE2 cannot express (a lookahead, a lookbehind, a backreference) is matched by a backtracking "
        f"matcher that gives up after {STEP_BUDGET:,} steps: a value it gives up on is not checked, and this "
        "rule says so (the runtime's own RegExp may take as long on it). A pattern with no matcher at all (longer "
        "than 65,536 characters, or too large once its repetitions are counted) is reported once."
    )
    fix = "Write the pattern without nested repetitions, or ignore FL005 for this parameter."
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
        getItem: { method: 'GET', path: '/item', description: 'Item',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^(?=a)(a+)+$)' ] } } ],
            tests: [ { _description: 'Long', id: ‸'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' } ] }
    }"""),
            (Expect("is not checked against regex(^(?=a)(a+)+$)"),),
            title="a test value the bounded matcher gives up on",
        ),
        Example(
            example("""\
    tools: {
        getItem: { method: 'GET', path: '/item', description: 'Item',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ ‸'regex((a{100}){300})' ] } } ],
            tests: [ { _description: 'Short', id: 'a' } ] }
    }"""),
            (Expect("regex '(a{100}){300}' cannot be checked by flowlint"),),
            title="a pattern with no matcher",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        yield from super().check(ctx)  # the patterns with no matcher (z facts)
        for tool in ctx.definition.tools:
            for test in tool.tests:
                if test.obj is None:
                    continue
                for entry in test.obj.entries:
                    parameter = tool.user_parameters.get(entry.key)
                    spec = parameter.z if parameter is not None else None
                    if spec is None or spec.pattern is None or spec.pattern.linear:
                        continue
                    if regex_unchecked(to_python(entry.value), spec):
                        yield self.finding(
                            f"{test.label()}: parameter '{entry.key}' is not checked against regex({spec.regex}): "
                            f"matching it took more than {STEP_BUDGET:,} steps of backtracking, so flowlint gave up; "
                            "FlowMCP's runtime, whose RegExp backtracks too, may take as long on this value",
                            entry.value.span,
                            tool=tool.label,
                            test_index=test.index,
                            parameter=entry.key,
                        )
