"""Every example of every rule is a test: valid examples produce nothing from the rule, invalid ones
produce exactly the expected diagnostics (code, line, column, message fragment) for the rule's code."""

from __future__ import annotations

import pytest

from flowlint.api import lint_source
from flowlint.lint.config import Config
from flowlint.lint.registry import all_rules
from flowlint.lint.rule import Example, Rule

CASES = [
    pytest.param(rule, example, valid, id=f"{rule.code}-{'valid' if valid else 'invalid'}-{index}")
    for rule in all_rules()
    for valid, examples in ((True, rule.VALID), (False, rule.INVALID))
    for index, example in enumerate(examples)
]


def test_every_rule_has_examples() -> None:
    for rule in all_rules():
        assert rule.VALID, f"{rule.code} has no passing example"
        # FL008 reports defects of flowlint itself: tests/test_engine.py provokes it with a broken rule.
        assert rule.INVALID or rule.code == "FL008", f"{rule.code} has no failing example"
        assert rule.summary and rule.why and rule.fix, f"{rule.code} lacks documentation"


@pytest.mark.parametrize(("rule", "example", "valid"), CASES)
def test_example(rule: type[Rule], example: Example, valid: bool) -> None:
    report = lint_source(example.source, path=example.path, config=Config())
    if valid:
        # A passing example must be clean for every rule, not only its own: it is shown as the fix.
        assert [d for d in report.diagnostics if d.code != "FL004"] == [], [
            f"{d.line}:{d.column} {d.code} {d.message}" for d in report.diagnostics
        ]
        return
    got = [(d.code, d.line, d.column, d.message) for d in report.diagnostics if d.code == rule.code]
    assert len(got) == len(example.expect), got
    for expect, (code, line, column, message) in zip(example.expect, got, strict=True):
        assert (code, line, column) == (expect.code or rule.code, expect.line, expect.column), (got, expect)
        assert expect.message in message, (message, expect.message)
