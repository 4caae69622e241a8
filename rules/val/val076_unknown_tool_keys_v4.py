"""VAL076: Under 4.x, a tool holds only the keys the runtime allows."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example_v4

from ._tools import V4_TOOL

# flowmcp-core src/v4/task/MainValidator.mjs at 8dab10b: ALLOWED_TOOL_KEYS, ALLOWED_PARAMETER_KEYS.
TOOL_KEYS = frozenset("method path description parameters output outputSchema preload tests meta".split())


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
    VALID = V4_TOOL
    INVALID = [
        Example(
            example_v4(
                "    tools: {\n"
                "        getPing: { method: 'GET', path: '/ping', description: 'Health check', ‸headers: {}, parameters: [],\n"
                "            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }\n"
                "    }"
            ),
            (Expect("tool 'getPing' has the key 'headers', which the 4.x runtime refuses"),),
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
