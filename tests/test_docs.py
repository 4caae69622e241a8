"""The rule reference is the registry's: one place (the rule classes), rendered into docs/rules.md."""

from __future__ import annotations

from pathlib import Path

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.docs import RULE_PAGES, RULES_PAGE, profile_severities, rule_page, rule_source, rules_markdown
from flowlint.lint.registry import all_rules, rule_for

REPO = Path(__file__).resolve().parent.parent


def test_the_rules_page_is_generated_from_the_rules() -> None:
    assert (REPO / RULES_PAGE).read_text(encoding="utf-8") == rules_markdown(), (
        f"{RULES_PAGE} is stale: run python -m flowlint.lint.docs"
    )


def test_every_rule_has_its_generated_page_and_no_page_is_left_over() -> None:
    pages = REPO / RULE_PAGES
    for rule in all_rules():
        page = pages / f"{rule.code}.md"
        assert page.is_file() and page.read_text(encoding="utf-8") == rule_page(rule), (
            f"{page} is stale: run python -m flowlint.lint.docs"
        )
    assert {p.stem for p in pages.glob("*.md")} == {rule.code for rule in all_rules()}


def test_each_code_says_where_it_comes_from() -> None:
    for code, source in (
        ("VAL050", "spec 3.0.0"),
        ("RES014", "spec 3.0.0"),
        ("FL011", "flowlint"),
        ("VAL076", "runtime 4.x"),
    ):
        rule = rule_for(code)
        assert rule is not None and rule_source(rule).startswith(source)


def test_severity_follows_the_consequence() -> None:
    """An error in the default profile means a runtime refusal or a test rule; the specification's other
    error rules are warnings there and errors under --strict (issue 18), flowlint's own stay warnings
    (issue 25: --strict is exactly the specification)."""
    for rule in all_rules():
        for generation in (3, 4):
            default, strict = profile_severities(rule, generation)
            consequence = rule.consequence_for(generation)
            if default is Severity.ERROR:
                assert consequence not in (Consequence.SPEC, Consequence.IGNORED, Consequence.ADVICE), rule.code
            if consequence in (Consequence.SPEC, Consequence.IGNORED):
                expected = rule.severity if rule.strict_promotes() else default
                assert default is not Severity.ERROR and strict is expected, rule.code


def test_every_link_between_the_pages_resolves() -> None:
    """README.md and docs/*.md link each other by file and heading: every such link names a file that
    exists and, after `#`, a heading of that file (GitHub's anchors: lower case, punctuation dropped)."""
    import re

    def anchors(page: Path) -> set[str]:
        headings = re.findall(r"^#{1,6} (.*)$", page.read_text(encoding="utf-8"), re.M)
        return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}

    broken = []
    for page in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if target.startswith(("http:", "https:", "mailto:")):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists() or (anchor and anchor not in anchors(linked)):
                broken.append(f"{page.name}: {target}")
    assert broken == []


def test_scaffolding_a_rule_writes_its_module_and_its_code(tmp_path: Path) -> None:
    """`python -m flowlint.lint.scaffold`: one module under rules/ and one member of the code table, in a
    copy of the two files; the module imports and defines the rule with the code."""
    import importlib.util
    import shutil

    import pytest

    from flowlint.core.errors import UsageError
    from flowlint.lint.scaffold import scaffold

    (tmp_path / "flowlint" / "lint").mkdir(parents=True)
    (tmp_path / "rules").mkdir()
    shutil.copy(REPO / "flowlint" / "lint" / "codes.py", tmp_path / "flowlint" / "lint" / "codes.py")
    module = scaffold("fl099", "demo-rule", "A demo rule", tmp_path)
    assert module.relative_to(tmp_path).as_posix() == "rules/fl/fl099_demo_rule.py"
    codes = (tmp_path / "flowlint" / "lint" / "codes.py").read_text(encoding="utf-8")
    assert codes.count('    FL099 = "FL099"\n') == 1
    assert codes.index('FL099 = "FL099"') > codes.index('FL023 = "FL023"')
    spec = importlib.util.spec_from_file_location("flowlint.rules.fl.fl099_demo_rule", module)
    assert spec is not None and spec.loader is not None
    text = module.read_text(encoding="utf-8")
    assert "code = Code.FL099" in text and "class DemoRule(Rule)" in text and 'name = "demo-rule"' in text
    compile(text, str(module), "exec")
    with pytest.raises(UsageError):
        scaffold("FL099", "demo-rule", "again", tmp_path)
    with pytest.raises(UsageError):
        scaffold("XYZ1", "x", "bad code", tmp_path)
