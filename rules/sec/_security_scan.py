"""SEC001-SEC016 and FL018: what FlowMCP's security scan refuses in a definition file, with its own codes.

Before it imports a `.mjs`/`.js` definition, the runtime scans the file's text and refuses it on any
forbidden pattern (`flowlint.definition.security` reproduces the scanner of each generation: 3.x
searches raw substrings, wherever they are; 4.x blanks comments and strings first and also catches a
glued `import(` and computed `process[`/`globalThis[`). Each hit is reported with the code of its
meaning in the declared generation's specification: 4.x prints SEC001-SEC014 for the scan (its
05-security table); under 3.0.0, whose registry gives SEC002-SEC005 other meanings, the patterns that
have no 3.0.0 code of their own (require(, eval(, Function(, the filesystem) are FL018, quoting the
code the runtime prints. 4.x keeps SEC015/SEC016 (timers) in its specification but no longer enforces
them: spec only. Python and JSON definitions are not scanned (the runtime loads JavaScript only).

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.record import replace
from flowlint.core.severity import Severity
from flowlint.definition.security import ScanHit, codes, scan
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import MARK, Example, Expect, Rule, RuleContext, example_v4

_TIMERS = ("SEC015", "SEC016")


def scan_hits(ctx: RuleContext) -> list[ScanHit]:
    """The security scan of a definition by its generation's runtime, done once for every SEC rule; under
    4.x, also the timers its specification forbids and its runtime no longer scans for (spec only)."""

    def run() -> list[ScanHit]:
        if ctx.path.suffix not in (".mjs", ".js") or not ctx.source:
            return []
        hits = scan(ctx.source, ctx.spec.major)
        if ctx.spec.major == 4:
            hits += [replace(hit, code=hit.runtime_code) for hit in scan(ctx.source, 3) if hit.runtime_code in _TIMERS]
        return hits

    return ctx.shared("security scan", run)


class ScanRule(Rule):
    """A code of the runtime's security scan: reports the hits whose code (in the file's generation) is its own."""

    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    fix = "Remove it: definitions are data plus handlers that get their libraries from the runtime."

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for hit in scan_hits(ctx):
            if hit.code == self.code:
                spec_only = hit.code in _TIMERS and ctx.spec.major == 4
                yield self.finding(
                    f"the line contains '{hit.matched}': "
                    + (
                        "the 4.x specification forbids timers, but its runtime no longer scans for them"
                        if spec_only
                        else hit.message
                    ),
                    hit.span,
                    consequence=Consequence.SPEC if spec_only else None,
                )


HANDLERS = "export const handlers = () => ( { x: "


class PatternRule(ScanRule):
    """The rule of one scan code (SEC002-SEC016). Subclasses declare the `pattern` the scan looks for and
    an `example_line` that contains it; the meaning in each generation comes from the specifications'
    tables (`flowlint.definition.security.codes`)."""

    pattern: ClassVar[str]
    example_line: ClassVar[str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        code, pattern, example_line = cls.code, cls.pattern, cls.example_line
        meaning4 = codes(4)[code]
        meaning3 = codes(3).get(code, "")
        three = code in _THREE
        cls.origin = "spec 3.0.0 (05), 4.x (05)" if three else "spec 4.x (05-security)"
        cls.summary = f"4.x: {meaning4.rstrip('.')}" + (f"; 3.0.0: {meaning3.rstrip('.')}" if three else "")
        cls.why = (
            f"FlowMCP's security scan refuses a definition file whose text contains {pattern}, before importing "
            "it (3.x wherever the text is, strings and URLs included; 4.x outside comments and strings). 4.x "
            f"prints {code} for it"
            + (f"; 3.0.0's specification gives the pattern the code {code} too" if three else "")
            + "."
        )
        if code in _TIMERS:
            cls.why = f"4.x's specification forbids {pattern} ({code}); its runtime no longer scans for timers."
            cls.consequence = Consequence.SPEC
        cls.VALID = [Example(example_v4("    tools: {}"))]
        cls.INVALID = [
            Example(
                example_v4("    tools: {}") + HANDLERS + example_line.replace(pattern, MARK + pattern, 1) + " } )\n",
                (Expect(f"the line contains '{pattern}'"),),
            )
        ]


# The codes a 3.x scan hit carries.
_THREE = frozenset({"SEC006", "SEC007", "SEC008", "SEC009", "SEC010", "SEC011"})
