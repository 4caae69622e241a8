"""Every example of every rule is a test: valid examples produce nothing from any rule, invalid ones
produce exactly the expected diagnostics (code, line, column, message fragment) for the rule's code.
Examples are JavaScript, Python or JSON definitions; the suffix of `Example.path` picks the loader."""

from __future__ import annotations

from pathlib import PurePath

import pytest

from flowlint.api import lint_source
from flowlint.formats import SUFFIXES
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Diagnostic, Severity
from flowlint.lint.docs import rule_doc
from flowlint.lint.registry import all_rules, rule_for
from flowlint.lint.rule import SYNTAXES, Example, Expect, Rule

CASES = [
    pytest.param(
        rule,
        example,
        valid,
        id=f"{rule.code}-{'valid' if valid else 'invalid'}-{index}-{PurePath(example.path).suffix.lstrip('.')}",
    )
    for rule in all_rules()
    for valid, examples in ((True, rule.VALID), (False, rule.INVALID))
    for index, example in enumerate(examples)
]

# Rules whose findings depend on the syntax show it with examples in these syntaxes (besides JavaScript).
SYNTAX_EXAMPLES = {
    "FL001": {"Python", "JSON"},  # what a syntax error looks like
    "FL002": {"Python", "JSON"},  # what is skipped
    "FL003": {"Python", "JSON"},  # calls and comprehensions; JSON is plain data
    "VAL002": {"Python", "JSON"},  # main = dict(...), a JSON array
    "FL009": {"Python"},  # `#` comments; JSON has none
    "TST004": {"Python", "JSON"},  # escapes in regex() patterns
    "TST005": {"Python", "JSON"},  # sets, tuples, NaN, holes, 1e999
    "FL011": {"Python", "JSON"},  # a shared constant is reported where it is written
    "VAL045": {"Python", "JSON"},  # ('optional()') is a string, implicit concatenation
}


def test_every_rule_has_examples() -> None:
    for rule in all_rules():
        assert rule.VALID, f"{rule.code} has no passing example"
        # FL008 reports defects of flowlint itself: tests/test_engine.py provokes it with a broken rule.
        # VER codes come from `flowlint verify` and need capture records: tests/test_verify.py has them.
        assert rule.INVALID or rule.code == "FL008" or rule.code.startswith("VER"), (
            f"{rule.code} has no failing example"
        )
        assert rule.summary and rule.why and rule.fix, f"{rule.code} lacks documentation"


def test_example_paths_pick_a_loader() -> None:
    # An unknown suffix would silently be parsed as JavaScript.
    assert set(SYNTAXES) == set(SUFFIXES)
    for rule in all_rules():
        for example in rule.VALID + rule.INVALID:
            assert PurePath(example.path).suffix in SUFFIXES, (rule.code, example.path)


@pytest.mark.parametrize(("code", "syntaxes"), sorted(SYNTAX_EXAMPLES.items()))
def test_syntax_dependent_rules_show_each_syntax(code: str, syntaxes: set[str]) -> None:
    rule = rule_for(code)
    assert rule is not None
    for syntax in syntaxes:
        assert any(e.syntax == syntax for e in rule.INVALID + rule.VALID), f"{code} has no {syntax} example"
    shown = rule_doc(rule)
    for syntax in syntaxes:
        assert "```" + {"JavaScript": "javascript", "Python": "python", "JSON": "json"}[syntax] in shown


def _advice(diagnostic: Diagnostic, rule: type[Rule]) -> bool:
    """The specification's recommendations: an output schema (VAL036), three tests per tool (TST001 warning)."""
    if diagnostic.code == rule.code:
        return False
    return diagnostic.code == "VAL036" or (diagnostic.code == "TST001" and diagnostic.severity == Severity.WARNING)


@pytest.mark.parametrize(("rule", "example", "valid"), CASES)
def test_example(rule: type[Rule], example: Example, valid: bool) -> None:
    report = lint_source(example.source, path=example.path, config=Config())
    if valid:
        # A passing example must be clean for every rule, not only its own: it is shown as the fix. Examples
        # stay short, so they may lack what the specification only recommends (ADVICE), unless that is the rule.
        # FL004 (the list is not found beside an example) and FL019 (the runtime does not expand a list enum)
        # accompany every example that shows how shared lists are declared and used, as the specification has it.
        shown_lists = ("FL004", "FL019")
        assert [d for d in report.diagnostics if d.code not in shown_lists and not _advice(d, rule)] == [], [
            f"{d.line}:{d.column} {d.code} {d.message}" for d in report.diagnostics
        ]
        return
    # The rule's own code, and any other code an expectation names (Expect.code).
    codes = {rule.code} | {expect.code for expect in example.expect if expect.code is not None}
    got = [(d.code, d.line, d.column, d.message) for d in report.diagnostics if d.code in codes]
    assert len(got) == len(example.expect), got
    for expect, (code, line, column, message) in zip(example.expect, got, strict=True):
        assert (code, line, column) == (expect.code or rule.code, expect.line, expect.column), (got, expect)
        assert expect.message in message, (message, expect.message)


FIXED = [
    pytest.param(rule, example, id=f"{rule.code}-{index}")
    for rule in all_rules()
    for index, example in enumerate(rule.INVALID)
    if example.fixed
]


@pytest.mark.parametrize(("rule", "example"), FIXED)
def test_example_fix(rule: type[Rule], example: Example) -> None:
    """An invalid example that states its fix is fixed to exactly that text, and the finding is gone."""
    from pathlib import Path

    from flowlint.lint.engine import Engine
    from flowlint.lint.fixing import fix_bytes

    engine = Engine(Config())
    outcome = fix_bytes(engine, example.source.encode(), Path(example.path), example.path, unsafe=True)
    before, after = example.fixed
    assert example.source.count(before) == 1, before
    assert outcome.after.decode() == example.source.replace(before, after), outcome.after.decode()
    assert outcome.report is not None
    assert rule.code not in {d.code for d in outcome.report.diagnostics}


def test_rules_with_fixes_show_one() -> None:
    for code in ("TST004", "FL009", "FL012", "VAL046", "VAL044"):
        rule = rule_for(code)
        assert rule is not None and any(example.fixed for example in rule.INVALID), code


def test_examples_mark_where_each_expected_finding_starts() -> None:
    """Issue 25: an invalid example marks the start of each expected finding in its text (MARK); the line
    and column come from the mark, and the text shown and linted has no mark."""
    from flowlint.lint.rule import MARK

    marked = Example("export const main = {\n    " + MARK + "tools: {}\n}\n", (Expect("a part of the message"),))
    assert MARK not in marked.source and (marked.expect[0].line, marked.expect[0].column) == (2, 5)
    with pytest.raises(ValueError, match="2 marks for 1 expected"):
        Example(MARK + "a" + MARK, (Expect("x"),))
    with pytest.raises(ValueError, match="no mark and no position"):
        Example("export const main = {}\n", (Expect("x"),))
    positioned = [e for rule in all_rules() for example in rule.INVALID for e in example.expect]
    assert positioned and all(e.line >= 1 and e.column >= 1 for e in positioned)
