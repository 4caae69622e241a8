"""VER004: a capture refers to a tool (or test) the definition no longer has (`flowlint verify`)."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Rule, example


class CaptureWithoutTool(Rule):
    code = Code.VER004
    name = "capture-without-tool"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    # Reported by `flowlint verify` (flowlint/verify.py) from capture records, not by `check`: its
    # failing cases need records, so tests/test_verify.py provokes them instead of an example here.
    reported_by_engine = True
    summary = "A capture refers to a tool (or test) the definition no longer has (`flowlint verify`)"
    why = "A renamed tool or a removed test leaves captures behind that verify nothing; they hide that the current tool has none."
    fix = "Capture again (`flowlint capture`) and delete the stale records, or restore the tool's name."
    VALID = [
        Example(
            example("""\
    tools: {
        getStatus: { method: 'GET', path: '/status', description: 'Status', parameters: [], tests: [ { _description: 'Now' } ] }
    }""")
        )
    ]
    INVALID = []
