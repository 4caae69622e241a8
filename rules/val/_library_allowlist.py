"""What VAL026 (3.x) and SEC020 (4.x) share: requiredLibraries entries outside the runtime allowlist."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SArray, SScalar
from flowlint.core.severity import Severity
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Rule, RuleContext

# The runtime's default library allowlist (flowmcp-core LibraryLoader, src/v2 at fa4ffa6); a library
# outside it makes the runtime refuse the definition (its SEC020). 05-security lists a different set.
RUNTIME_LIBRARIES = frozenset(
    "zlib crypto buffer path url util stream querystring ethers ccxt indicatorts yahoo-finance2 trading-signals "
    "talib technicalindicators moment vega-lite vega canvas pinata irys better-sqlite3".split()
)


SPEC_LIBRARIES = frozenset(("ethers", "moment", "indicatorts", "@erc725/erc725.js", "ccxt", "axios"))


class AllowlistRule(Rule):
    """Reports requiredLibraries entries outside the runtime allowlist of its generation."""

    severity = Severity.ERROR

    consequence = Consequence.REFUSED

    # The generation this code is the runtime's for: 3.x prints no code of 3.0.0 (its SEC020 is a 4.x code), so
    # VAL026 of 3.0.0's registry; the 4.x runtime prints SEC020, its 05-security code (LibraryAllowlistV4).
    generations = (3,)

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        node = ctx.definition.main.get("requiredLibraries")
        for item in node.items if isinstance(node, SArray) else ():
            if isinstance(item, SScalar) and isinstance(item.value, str) and item.value not in RUNTIME_LIBRARIES:
                note = " (05-security lists it, the runtime does not)" if item.value in SPEC_LIBRARIES else ""
                yield self.finding(
                    f"'{item.value}' is not on the runtime's library allowlist{note}: the runtime refuses the definition",
                    item.span,
                )
