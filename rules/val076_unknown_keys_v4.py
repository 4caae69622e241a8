"""VAL076, VAL077: under 4.x, tools and parameters hold only the keys the 4.x runtime allows (its own codes)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

# flowmcp-core src/v4/task/MainValidator.mjs at 8dab10b: ALLOWED_TOOL_KEYS, ALLOWED_PARAMETER_KEYS.
TOOL_KEYS = frozenset("method path description parameters output outputSchema preload tests meta".split())
PARAMETER_KEYS = frozenset(("position", "z", "description"))

_V4 = (
    "export const main = {\n"
    "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '4.0.0', root: 'https://api.example.com',\n"
)


class UnknownToolKeys(Rule):
    code = Code.VAL076
    name = "unknown-tool-keys-v4"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    origin = "runtime 4.x"
    summary = "Under 4.x, a tool holds only the keys the runtime allows"
    why = (
        "The 4.x runtime refuses a definition with an unknown tool key and prints VAL076 (flowmcp-core "
        "MainValidator, 8dab10b); flowlint prints the runtime's own code. The 3.x runtime ignores unknown "
        "keys, so this applies to definitions checked against 4.x only (`async` included: 3.x's VAL037)."
    )
    fix = "Remove the key, or move it where it belongs (`async` is not executed; headers go in main.headers)."
    VALID = [
        Example(
            _V4 + "    tools: {\n"
            "        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],\n"
            "            meta: { isReadOnly: true, isConcurrencySafe: true, isDestructive: false, searchHint: 'ping', "
            "aliases: [], alwaysLoad: false },\n"
            "            output: { mimeType: 'application/json', schema: { type: 'object' } },\n"
            "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
            "    }\n}\n"
        )
    ]
    INVALID = [
        Example(
            _V4 + "    tools: {\n"
            "        getPing: { method: 'GET', path: '/ping', description: 'Health check', headers: {}, parameters: [],\n"
            "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
            "    }\n}\n",
            (Expect(4, 79, "tool 'getPing' has the key 'headers', which the 4.x runtime refuses"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        if ctx.spec.major != 4:
            return
        for tool in ctx.definition.tools:
            if tool.kind != "tool" or tool.obj is None:
                continue
            for entry in tool.obj.entries:
                if entry.key not in TOOL_KEYS:
                    yield self.finding(
                        f"tool '{tool.name}' has the key '{entry.key}', which the 4.x runtime refuses (allowed: "
                        + ", ".join(sorted(TOOL_KEYS))
                        + ")",
                        entry.key_span,
                        tool=tool.label,
                    )


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
    VALID = UnknownToolKeys.VALID
    INVALID = [
        Example(
            _V4 + "    tools: {\n"
            "        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [\n"
            "            { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] }, required: true } ],\n"
            "            tests: [ { _description: 'Up', q: 'a' }, { _description: 'Still up', q: 'b' }, { _description: 'Up again', q: 'c' } ] }\n"
            "    }\n}\n",
            (Expect(5, 126, "parameter 'q' has the key 'required', which the 4.x runtime refuses"),),
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
