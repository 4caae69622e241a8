"""VAL011: main.namespace must match ^[a-z]+$ (3.0.0) or ^[a-z][a-z0-9-]*$ (4.x)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SScalar
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

from ._main_block import source

# `^[a-z]+$` (3.0.0) and `^[a-z][a-z0-9-]*$` (4.x) as JavaScript reads them: `$` is the very end.
NAMESPACE = {3: (re.compile(r"[a-z]+\Z"), "^[a-z]+$"), 4: (re.compile(r"[a-z][a-z0-9-]*\Z"), "^[a-z][a-z0-9-]*$")}


class NamespacePattern(Rule):
    code = Code.VAL011
    name = "namespace-pattern"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "main.namespace must match ^[a-z]+$ (3.0.0) or ^[a-z][a-z0-9-]*$ (4.x)"
    why = "The runtime refuses any other namespace; it becomes part of every tool's MCP name."
    fix = "Write the provider name in lowercase letters: `namespace: 'coingecko'`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            source(
                "namespace: ‸'CoinGecko', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',"
            ),
            (Expect("main.namespace 'CoinGecko' must match ^[a-z]+$"),),
        ),
        Example(
            source(
                "namespace: ‸'coin-gecko2', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',"
            ),
            (Expect("must match ^[a-z]+$ (specification 3.0.0; 4.x also allows digits and '-')"),),
            title="digits and hyphens need 4.x",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        node = ctx.definition.main.get("namespace")
        if isinstance(node, SScalar) and isinstance(node.value, str):
            pattern, shown = NAMESPACE[ctx.spec.major]
            if not pattern.match(node.value):
                extra = ""
                if ctx.spec.major == 3 and NAMESPACE[4][0].match(node.value):
                    extra = " (specification 3.0.0; 4.x also allows digits and '-')"
                lower = re.sub(r"[^a-z]", "", node.value.lower()) if ctx.spec.major == 3 else None
                suggestion = f"; write '{lower}'" if lower else ""
                yield self.finding(f"main.namespace '{node.value}' must match {shown}{extra}{suggestion}", node.span)
