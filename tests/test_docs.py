"""The README's rule table is the registry's: one place (the rule classes), rendered."""

from __future__ import annotations

from pathlib import Path

from flowlint.lint.docs import readme_table, rule_source
from flowlint.lint.registry import rule_for

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_rule_table_is_generated_from_the_rules() -> None:
    assert readme_table() in README.read_text(encoding="utf-8"), (
        "README's rule table is stale: paste flowlint.lint.docs.readme_table()"
    )


def test_each_code_says_where_it_comes_from() -> None:
    for code, source in (("VAL050", "spec 3.0.0"), ("RES014", "spec 3.0.0"), ("FL011", "flowlint")):
        rule = rule_for(code)
        assert rule is not None and rule_source(rule).startswith(source)
