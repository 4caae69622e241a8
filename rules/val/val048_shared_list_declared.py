"""VAL048: a shared-list enum refers to a list declared in main.sharedLists."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class SharedListDeclared(Rule):
    code = Code.VAL048
    name = "shared-list-declared"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "enum({{list:field}}) must use a list declared in main.sharedLists"
    why = "FlowMCP loads only the declared lists; an undeclared one leaves the enum without values."
    fix = "Declare the list: `sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ]`."
    VALID = [
        Example(
            example("""\
    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{evmChains:alias}})', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' }, { _description: 'Polygon', chain: 'POLYGON_MAINNET' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ‸'enum({{evmChains:alias}})', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' }, { _description: 'Polygon', chain: 'POLYGON_MAINNET' } ] }
    }"""),
            (Expect("uses the shared list 'evmChains', which main.sharedLists does not declare"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        declared = ctx.definition.shared_lists
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                ref = parameter.z.list_ref if parameter.z is not None else None
                if ref is not None and ref.name not in declared:
                    yield self.finding(
                        f"parameter '{parameter.key}' uses the shared list '{ref.name}', which main.sharedLists "
                        f"does not declare; add {{ ref: '{ref.name}', version: '3.0.0' }} to sharedLists",
                        parameter.option_span(None),
                        tool=tool.label,
                        parameter=parameter.key,
                    )
