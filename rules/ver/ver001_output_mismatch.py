"""VER001: captured data does not match the tool's output schema (`flowlint verify`), with its JSON path."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Rule, example


class OutputMismatch(Rule):
    code = Code.VER001
    name = "output-mismatch"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    # Reported by `flowlint verify` (flowlint/verify.py) from capture records, not by `check`: its
    # failing cases need records, so tests/test_verify.py provokes them instead of an example here.
    reported_by_engine = True
    summary = "Captured data does not match the tool's output schema (`flowlint verify`), with its JSON path"
    why = "The output schema tells MCP clients and models what a tool returns; a schema the real API contradicts (`data[3].price: expected number, got string`) misleads them. Repeats of one mismatch across array items are folded into one finding (`... and 57 more at data[*].price`); records with `rawData` say so."
    fix = "Correct the schema (`flowlint schema --write --captures DIR` regenerates it from the captures), or the handler that shapes the data; then capture and verify again."
    VALID = [
        Example(
            example("""\
    tools: {
        getPrice: { method: 'GET', path: '/price', description: 'Price', parameters: [],
            tests: [ { _description: 'Current price' } ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { price: { type: 'number' } } } } }
    }""")
        )
    ]
    INVALID = []
