"""Files that are not definitions are quiet by default: no FL002 note in any format unless
--show-skipped (or -v), yet the summary still counts them; JSONC and ordinary project JSON files are
recognised as non-definitions, never FL001."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import CLEAN

from conftest import invoke_cli
from flowlint.api import lint_source

TSCONFIG = """\
{
    // the compiler's options
    "compilerOptions": {
        "target": "es2022", /* modern */
        "module": "nodenext",
    },
    "include": ["src/**/*",],
}
"""

JSON_DEFINITION_WITH_COMMENT = """\
{ "main": {
    // a comment: FlowMCP reads strict JSON
    "namespace": "demo", "name": "Demo", "description": "Demo API", "version": "3.0.0", "root": "https://api.example.com",
    "tools": {}
} }
"""


def _project(root: Path) -> None:
    (root / "demo.mjs").write_text(CLEAN, encoding="utf-8")
    (root / "tsconfig.json").write_text(TSCONFIG, encoding="utf-8")
    (root / "package.json").write_text('{ "name": "x", "version": "1.0.0" }\n', encoding="utf-8")
    (root / "chains.json").write_text('[ "ethereum", "polygon" ]\n', encoding="utf-8")
    (root / "skill.mjs").write_text("export const skill = { name: 'token-analysis' }\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("tsconfig.json", TSCONFIG, "(JSON with comments or trailing commas)"),
        ("settings.json", '{ "a": 1, // trailing\n}\n', "(JSON with comments or trailing commas)"),
        ("chains.json", '[ "ethereum", "polygon" ]\n', "a JSON file holding an array"),
        ("count.json", "42\n", "a JSON file holding a single value"),
        ("package.json", '{ "name": "x", }}\n', "package.json is a project file"),
    ],
)
def test_ordinary_json_is_skipped_never_fl001(name: str, text: str, reason: str) -> None:
    report = lint_source(text, name)
    assert report.kind == "skipped"
    assert [d.code for d in report.diagnostics] == ["FL002"]
    assert reason in report.diagnostics[0].message


def test_a_json_definition_with_comments_is_still_a_syntax_error() -> None:
    report = lint_source(JSON_DEFINITION_WITH_COMMENT, "demo.json")
    assert [d.code for d in report.diagnostics] == ["FL001"]
    assert "comments are not allowed in JSON" in report.diagnostics[0].message
    # and a broken JSON file that is not a known project file stays FL001
    assert [d.code for d in lint_source('{ "namespace": ', "demo.json").diagnostics] == ["FL001"]


@pytest.mark.parametrize("output_format", ["text", "github", "sarif", "json", "junit", "flowmcp"])
def test_skipped_files_are_quiet_in_every_format(tmp_path: Path, output_format: str) -> None:
    _project(tmp_path)
    finding = {"github": "::FL00", "sarif": '"ruleId": "FL00', "json": '"code": "FL00', "junit": 'type="FL00'}.get(
        output_format, "FL00"
    )
    result = invoke_cli("check", ".", "--format", output_format, "--fail-on", "info", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert finding not in result.stdout
    shown = invoke_cli("check", ".", "--format", output_format, "--fail-on", "info", "--show-skipped", cwd=tmp_path)
    assert shown.returncode == 1
    assert shown.stdout.count(finding + "2") == 4


def test_summary_still_counts_skipped_files(tmp_path: Path) -> None:
    _project(tmp_path)
    quiet = invoke_cli("check", ".", cwd=tmp_path)
    assert quiet.stdout.strip() == "All checks passed: 5 files (1 definition, 4 skipped)."
    verbose = invoke_cli("check", ".", "-v", cwd=tmp_path)
    assert verbose.stdout.count("FL002 info") == 4
    assert verbose.stdout.splitlines()[-1] == "Found 4 info in 5 files (1 definition, 4 skipped)."
    summary = json.loads(invoke_cli("check", ".", "--format", "json", cwd=tmp_path).stdout)["summary"]
    assert summary["skipped"] == 4 and summary["infos"] == 0


def test_selecting_fl002_by_name_shows_the_notes(tmp_path: Path) -> None:
    _project(tmp_path)
    result = invoke_cli("check", ".", "--select", "FL002", cwd=tmp_path)
    assert result.stdout.count("FL002 info") == 4
