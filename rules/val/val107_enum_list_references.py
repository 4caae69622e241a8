"""VAL107: under 4.x, a parameter's `z.enum` lists shared-list references only."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SObject, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

# flowmcp-core 8dab10b, MainValidator: each z.enum entry must be exactly `{{listName:alias}}`.
_REFERENCE = re.compile(r"\{\{[a-zA-Z0-9_-]+:[a-zA-Z0-9_-]+\}\}\Z")


def _v4(z: str) -> str:
    return example_v4(
        "    tools: {\n"
        "        getChain: { method: 'GET', path: '/chain', description: 'Chain', meta: { isReadOnly: true, "
        "isConcurrencySafe: true, isDestructive: false, searchHint: 'chain', aliases: [], alwaysLoad: false }, "
        "parameters: [\n"
        f"            {{ position: {{ key: 'chain', value: '{{{{USER_PARAM}}}}', location: 'query' }}, z: {{ {z} }} }} ],\n"
        "            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' } ] }\n"
        "    }"
    )


class EnumListReferences(Rule):
    code = Code.VAL107
    name = "enum-list-references"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "spec 4.0.0-4.2.0"
    summary = "Under 4.x, z.enum holds shared-list references ({{listName:alias}}), never hardcoded values"
    why = (
        "4.x moves enum values that a shared list holds into `z.enum: [ '{{evmChains:alias}}' ]`; the 4.x "
        "runtime refuses a `z.enum` that is not an array or holds anything but such references (its VAL107)."
    )
    fix = "Write `enum: [ '{{listName:alias}}' ]`, or keep literal values in `primitive: 'enum(A,B)'`."
    VALID = [Example(_v4("primitive: 'string()', options: [], enum: [ '{{evmChains:alias}}' ]"))]
    INVALID = [
        Example(
            _v4("primitive: 'string()', options: [], enum: [ ‸'ETHEREUM_MAINNET' ]"),
            (Expect("z.enum[0] must be a shared-list reference such as '{{evmChains:alias}}'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != 4:
            return
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                z = parameter.z_node
                enum = z.get("enum") if isinstance(z, SObject) else None
                if enum is None or isinstance(enum, NonStatic):
                    continue
                where = f"parameter '{parameter.key}': "
                if not isinstance(enum, SArray):
                    yield self.finding(
                        f"{where}z.enum must be an array of shared-list references, got {type_name(enum)} "
                        "(the 4.x runtime refuses the definition)",
                        enum.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
                    continue
                for index, item in enumerate(enum.items):
                    if isinstance(item, NonStatic):
                        continue
                    if not (isinstance(item, SScalar) and isinstance(item.value, str) and _REFERENCE.match(item.value)):
                        yield self.finding(
                            f"{where}z.enum[{index}] must be a shared-list reference such as '{{{{evmChains:alias}}}}'"
                            "; the 4.x runtime refuses hardcoded values there",
                            item.span,
                            tool=tool.label,
                            parameter=parameter.key,
                        )
