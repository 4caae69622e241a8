"""Baselines through the CLI (in-process): record today's findings, report only new ones, survive edits above."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import invoke_cli

HEADER = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
"""
OUTPUT = "output: { mimeType: 'application/json', schema: { type: 'object' } }"
THREE_TESTS = "tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ]"
# Complete tools but for their tests (a TST001 error each).
OLD = (
    "        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [], " + OUTPUT + " },\n"
)
NEW = "        getPong: { method: 'GET', path: '/pong', description: 'Pong check', parameters: [], " + OUTPUT + " },\n"
FOOTER = "    }\n}\n"


def test_baseline_hides_known_findings_and_reports_new_ones(tmp_path: Path) -> None:
    defs = tmp_path / "defs"
    defs.mkdir()
    (defs / "demo.mjs").write_text(HEADER + OLD + FOOTER, encoding="utf-8")
    written = invoke_cli("check", "defs", "--write-baseline", "flowlint-baseline.json", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    assert "wrote 1 finding" in written.stderr
    baseline = json.loads((tmp_path / "flowlint-baseline.json").read_text("utf-8"))
    assert baseline["version"] == 1
    assert baseline["findings"] == [
        {
            "path": "defs/demo.mjs",
            "code": "TST001",
            "tool": "getPing",
            "test_index": None,
            "parameter": None,
            "message": baseline["findings"][0]["message"],
        }
    ]
    assert "line" not in baseline["findings"][0]

    clean = invoke_cli("check", "defs", "--baseline", "flowlint-baseline.json", cwd=tmp_path)
    assert clean.returncode == 0, clean.stdout
    assert "1 known finding hidden" in clean.stderr

    # Lines added above the known finding do not resurrect it; a new finding is reported.
    (defs / "demo.mjs").write_text(HEADER + "\n\n// moved down\n" + OLD + NEW + FOOTER, encoding="utf-8")
    new = invoke_cli("check", "defs", "--baseline", "flowlint-baseline.json", "--format", "json", cwd=tmp_path)
    assert new.returncode == 1
    diagnostics = json.loads(new.stdout)["diagnostics"]
    assert [(d["code"], d["tool"]) for d in diagnostics] == [("TST001", "getPong")]

    # From another working directory the same baseline still matches (paths are relative to it).
    inner = invoke_cli("check", "demo.mjs", "--baseline", "../flowlint-baseline.json", cwd=defs)
    assert [line.split(":")[0] for line in inner.stdout.splitlines()[:-1]] == ["demo.mjs"]
    assert "getPong" in inner.stdout and "getPing" not in inner.stdout


def test_a_second_identical_finding_is_new(tmp_path: Path) -> None:
    (tmp_path / "a.mjs").write_text(HEADER + OLD + FOOTER, encoding="utf-8")
    invoke_cli("check", "a.mjs", "--write-baseline", "base.json", cwd=tmp_path)
    before = (tmp_path / "base.json").stat().st_mtime_ns
    invoke_cli("check", "a.mjs", "--write-baseline", "base.json", cwd=tmp_path)
    assert (tmp_path / "base.json").stat().st_mtime_ns == before  # unchanged bytes are not rewritten
    # The same tool twice (a duplicate key): two identical findings, one of them is new.
    (tmp_path / "a.mjs").write_text(HEADER + OLD + OLD + FOOTER, encoding="utf-8")
    result = invoke_cli("check", "a.mjs", "--baseline", "base.json", "--select", "TST001", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.count("TST001") == 1


def test_bad_baseline_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "a.mjs").write_text(HEADER + OLD + FOOTER, encoding="utf-8")
    (tmp_path / "bad.json").write_text('{"findings": 3}', encoding="utf-8")
    for args in (
        ("--baseline", "bad.json"),
        ("--baseline", "missing.json"),
        ("--baseline", "bad.json", "--write-baseline", "x.json"),
    ):
        result = invoke_cli("check", "a.mjs", *args, cwd=tmp_path)
        assert result.returncode == 2, args
        assert result.stderr.startswith("flowlint: ") and "Traceback" not in result.stderr


def test_unused_suppressions_are_fl009_info(tmp_path: Path) -> None:
    tested = OLD.replace(OUTPUT + " }", OUTPUT + ", " + THREE_TESTS + " }")
    assert tested != OLD
    comment = "        // flowlint: ignore[TST001, TST004]\n"
    (tmp_path / "a.mjs").write_text(HEADER + comment + tested + FOOTER, encoding="utf-8")
    result = invoke_cli("check", "a.mjs", cwd=tmp_path)
    assert result.returncode == 0  # info does not fail by default
    assert "a.mjs:4:9: FL009 info [*] unused suppression: no TST001, TST004 finding" in result.stdout
    assert invoke_cli("check", "a.mjs", "--fail-on", "info", cwd=tmp_path).returncode == 1
    # A deselected rule's code is not called unused: the rule did not run.
    assert "FL009" not in invoke_cli("check", "a.mjs", "--ignore", "TST001,TST004", cwd=tmp_path).stdout
    # Partly used: only the code that silenced nothing is reported.
    (tmp_path / "a.mjs").write_text(
        HEADER + "        // flowlint: ignore[TST001, TST004]\n" + OLD + FOOTER, encoding="utf-8"
    )
    partly = invoke_cli("check", "a.mjs", cwd=tmp_path)
    assert "no TST004 finding" in partly.stdout and "TST001 error" not in partly.stdout
