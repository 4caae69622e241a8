"""VER003: a captured call failed or was skipped, so its data was not compared (`flowlint verify`)."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Rule, example


class CallNotCompared(Rule):
    code = Code.VER003
    name = "call-not-compared"
    severity = Severity.INFO
    consequence = Consequence.ADVICE
    # Reported by `flowlint verify` (flowlint/verify.py) from capture records, not by `check`: its
    # failing cases need records, so tests/test_verify.py provokes them instead of an example here.
    reported_by_engine = True
    summary = "A captured call failed or was skipped, so its data was not compared (`flowlint verify`)"
    why = "A test whose call fails says nothing about the schema: the finding keeps it from passing silently."
    fix = "Fix the test or the server parameters it needs, then `flowlint capture` again."
    VALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [], tests: [ { _description: 'Up' } ] }
    }""")
        )
    ]
    INVALID = []
