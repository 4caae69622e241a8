"""Every code flowlint prints is a rule: listed and documented by `flowlint rules`, known to
--select/--ignore, and in SARIF's rule list with a helpUri."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import invoke_cli
from flowlint.lint.codes import Code
from flowlint.lint.pages import rule_web_url
from flowlint.lint.registry import all_rules


def test_every_code_has_a_rule() -> None:
    assert {rule.code for rule in all_rules()} == set(Code)


def test_rules_lists_and_documents_the_verify_codes() -> None:
    table = invoke_cli("rules").stdout
    for code in ("VER001", "VER002", "VER003", "VER004"):
        assert any(line.startswith(code) for line in table.splitlines()), code
        doc = invoke_cli("rules", code.lower())
        assert doc.returncode == 0
        assert doc.stdout.startswith(f"# {code}: ") and "flowlint verify" in doc.stdout and "## Instead" in doc.stdout


def test_sarif_lists_every_code_with_its_help(tmp_path: Path) -> None:
    (tmp_path / "demo.json").write_text("[1]\n", encoding="utf-8")
    document = json.loads(invoke_cli("check", ".", "--format", "sarif", cwd=tmp_path).stdout)
    rules = document["runs"][0]["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [rule.code for rule in all_rules()]
    assert set(Code) == {rule["id"] for rule in rules}
    for rule in rules:
        assert rule.get("helpUri") == rule_web_url(rule["id"])  # none while unpublished: tests/test_rule_pages.py
        assert rule["help"]["markdown"].startswith(f"# {rule['id']}: ")
