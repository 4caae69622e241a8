"""FL004: a shared list used by an enum could not be resolved."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class SharedListUnresolved(Rule):
    code = Code.FL004
    name = "shared-list-unresolved"
    severity = Severity.INFO
    consequence = Consequence.ADVICE
    summary = "A shared list could not be found; enum membership of its parameters is not checked"
    why = (
        "flowlint resolves enum({{list:field}}) from a _lists/ folder above the definition (or lists_dir). "
        "When it cannot, it checks only that test values are strings, and says so once."
    )
    fix = "Put the list in a _lists/ folder above the definition, or set lists_dir in [tool.flowlint]."
    VALID = [
        Example(
            example("""\
    tools: {}""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ‸'enum({{evmChains:alias}})', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' }, { _description: 'Polygon', chain: 'POLYGON_MAINNET' } ] }
    }"""),
            (Expect("cannot resolve the shared list 'evmChains'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        reported: set[str] = set()
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                ref = parameter.z.list_ref if parameter.z is not None else None
                if ref is None or ref.name in reported or ref.name not in ctx.definition.shared_lists:
                    continue
                resolution = ctx.list_values(parameter)
                if resolution is not None and resolution.values is None:
                    reported.add(ref.name)
                    yield self.finding(
                        f"cannot resolve the shared list '{ref.name}': {resolution.reason}; test "
                        "values of its enums are not checked against it",
                        parameter.option_span(None),
                        tool=tool.label,
                        parameter=parameter.key,
                    )
