"""VER002: a captured tool has no `output.schema` to compare its captures with (`flowlint verify`)."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Rule, example


class NoOutputSchema(Rule):
    code = Code.VER002
    name = "no-output-schema"
    severity = Severity.INFO
    consequence = Consequence.ADVICE
    # Reported by `flowlint verify` (flowlint/verify.py) from capture records, not by `check`: its
    # failing cases need records, so tests/test_verify.py provokes them instead of an example here.
    reported_by_engine = True
    summary = "A captured tool has no `output.schema` to compare its captures with (`flowlint verify`)"
    why = "Without an output schema nothing checks what the tool returns, and clients cannot know its shape."
    fix = "Generate one from the captures: `flowlint schema --write --captures DIR`."
    VALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Service is up' } ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } }
    }""")
        )
    ]
    INVALID = []
