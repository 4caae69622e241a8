"""VAL077: Under 4.x, a parameter holds only position, z and description."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ._tools import V4_TOOL

PARAMETER_KEYS = frozenset(("position", "z", "description"))


class UnknownParameterKeys(Rule):
    code = Code.VAL077
    name = "unknown-parameter-keys-v4"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "runtime 4.x"
    summary = "Under 4.x, a parameter holds only position, z and description"
    why = (
        "The 4.x runtime refuses a definition with an unknown parameter key and prints VAL077 (flowmcp-core "
        "MainValidator, 8dab10b); the 3.x runtime ignores it."
    )
    fix = "Remove the key (`required` is expressed by leaving out optional())."
    VALID = V4_TOOL
    INVALID = [
        Example(
            example_v4(
                "    tools: {\n"
                "        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [\n"
                "            { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] }, ‸required: true } ],\n"
                "            tests: [ { _description: 'Up', q: 'a' }, { _description: 'Still up', q: 'b' }, { _description: 'Up again', q: 'c' } ] }\n"
                "    }"
            ),
            (Expect("parameter 'q' has the key 'required', which the 4.x runtime refuses"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != 4:
            return
        for tool in ctx.definition.tools:
            if tool.kind != "tool":
                continue
            for parameter in tool.parameters:
                if isinstance(parameter.node, SObject):
                    for entry in parameter.node.entries:
                        if entry.key not in PARAMETER_KEYS:
                            yield self.finding(
                                f"parameter '{parameter.key}' has the key '{entry.key}', which the 4.x runtime "
                                "refuses (allowed: position, z, description)",
                                entry.key_span,
                                tool=tool.label,
                                parameter=parameter.key,
                            )
