"""The library API for tools that embed flowlint, and the JSON report's shape (pinned: it is documented)."""

from __future__ import annotations

import json
from pathlib import Path

import flowlint
from conftest import invoke_cli
from flowlint.api import FileReport, LintResult
from flowlint.core.severity import Severity
from flowlint.lint.config import Config
from flowlint.lint.pages import rule_page_url

BROKEN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'object' } } }
    }
}
"""


def test_lint_source_returns_a_file_report() -> None:
    report = flowlint.lint_source(BROKEN, path="defs/demo.mjs", config=Config())
    assert isinstance(report, FileReport)
    assert (report.path, report.kind) == ("defs/demo.mjs", "definition")
    [d] = report.diagnostics
    assert (d.code, d.severity, d.line, d.column, d.tool) == ("TST001", Severity.ERROR, 4, 9, "getPing")
    assert BROKEN.encode()[d.start_byte : d.end_byte] == b"getPing"


def test_lint_paths_returns_a_lint_result(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "list.mjs").write_text(
        "export const list = { meta: { name: 'chains', version: '1.0.0', description: 'Chains', fields: [ { key: 'id', type: 'string', description: 'Id' } ] }, entries: [ { id: 'eth' } ] }\n",
        encoding="utf-8",
    )
    result = flowlint.lint_paths([tmp_path], Config())
    assert isinstance(result, LintResult)
    assert [Path(f.path).name for f in result.files] == ["demo.mjs", "list.mjs"]
    assert [f.kind for f in result.files] == ["definition", "list"]
    assert result.summary() == {
        "files": 2,
        "definitions": 1,
        "lists": 1,
        "skipped": 0,
        "unreadable": 0,
        "errors": 1,
        "warnings": 0,
        "infos": 0,
    }
    assert result.failed() and result.failed(Severity.INFO)
    assert flowlint.lint_paths([tmp_path], Config(ignore=("TST001",))).failed() is False


def test_json_report_shape_is_pinned(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    document = json.loads(invoke_cli("check", "demo.mjs", "--format", "json", cwd=tmp_path).stdout)
    assert document == {
        "version": 1,
        "flowlint": flowlint.__version__,
        "diagnostics": [
            {
                "code": "TST001",
                "severity": "error",
                "message": document["diagnostics"][0]["message"],
                "path": "demo.mjs",
                "line": 4,
                "column": 9,
                "end_line": 4,
                "end_column": 16,
                "tool": "getPing",
                "test_index": None,
                "test_indices": [],
                "parameter": None,
                "consequence": "test rule",
                "url": rule_page_url("TST001"),
                "fix": None,
            }
        ],
        "summary": {
            "files": 1,
            "definitions": 1,
            "lists": 0,
            "skipped": 0,
            "unreadable": 0,
            "errors": 1,
            "warnings": 0,
            "infos": 0,
        },
    }
    assert document["diagnostics"][0]["message"].startswith("tool 'getPing' has no tests")
