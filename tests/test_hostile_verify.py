"""verify against hostile capture folders: empty, corrupt, stale failures, colliding file names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from conftest import invoke_cli
from flowlint.capture.runner import CaptureOptions, CaptureResult, capture
from flowlint.captures.records import CaptureRecord, read_records
from flowlint.captures.store import record_path, write_json, write_record
from flowlint.verify import verify

DEFINITION = """export const main = {
    namespace: 'shop',
    name: 'Shop',
    description: 'shop',
    version: '3.0.0',
    root: 'https://shop.example.invalid',
    tools: {
        listItems: {
            method: 'GET',
            path: '/items',
            description: 'items',
            parameters: [],
            tests: [ { _description: 'all' } ],
            output: {
                mimeType: 'application/json',
                schema: { type: 'array', items: { type: 'object', properties: { price: { type: 'number' } } } }
            }
        }
    }
}
"""


def record(
    data: Any, *, when: str, outcome: str = "ok", tool: str = "listItems", namespace: str = "shop"
) -> dict[str, Any]:
    return {
        "namespace": namespace,
        "toolName": tool,
        "testIndex": 0,
        "_description": "all",
        "userParams": {},
        "responseTime": 3.0,
        "timestamp": f"2026-0{when}-01T00:00:00.000Z",
        "response": {"status": outcome == "ok", "messages": [], "data": data},
        "outcome": outcome,
        "reason": None if outcome == "ok" else "HTTP 500: boom",
    }


@pytest.fixture
def definition(tmp_path: Path) -> Path:
    path = tmp_path / "shop.mjs"
    path.write_text(DEFINITION, encoding="utf-8")
    return path


def test_latest_failed_run_does_not_hide_earlier_successful_mismatch(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    write_json(captures / "2026-01" / "shop" / "listItems-0.json", record([{"price": "1"}], when="1"))
    write_json(captures / "2026-02" / "shop" / "listItems-0.json", record(None, when="2", outcome="failed"))
    found = [(d.code, d.message) for d in verify([definition], captures).diagnostics]
    assert sorted(code for code, _ in found) == ["VER001", "VER003"]
    assert any(code == "VER001" and "data[0].price: expected number, got string" in m for code, m in found)
    assert any(code == "VER003" and "failed (HTTP 500: boom)" in m and "2026-01-01" in m for code, m in found)
    cli = invoke_cli("verify", str(definition), "--captures", str(captures), "--fail-on", "warning")
    assert cli.returncode == 1


def test_latest_successful_run_still_wins(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    write_json(captures / "2026-01" / "shop" / "listItems-0.json", record(None, when="1", outcome="failed"))
    write_json(captures / "2026-02" / "shop" / "listItems-0.json", record([{"price": "1"}], when="2"))
    write_json(captures / "2026-03" / "shop" / "listItems-0.json", record([{"price": 1}], when="3"))
    assert verify([definition], captures).diagnostics == []


def test_empty_captures_folder_fails(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    (captures / "2026-01" / "shop").mkdir(parents=True)
    write_json(captures / "2026-01" / "shop" / "metrics.json", {"namespace": "shop"})
    cli = invoke_cli("verify", str(definition), "--captures", str(captures))
    assert cli.returncode == 1
    assert f"no records found in {captures}" in cli.stderr
    assert "All checks passed" not in cli.stdout


def test_every_record_corrupt_fails(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    folder = captures / "2026-01" / "shop"
    folder.mkdir(parents=True)
    for name in ("a-0.json", "b-0.json", "c-0.json", "d-0.json"):
        (folder / name).write_text("{ not json", encoding="utf-8")
    write_json(folder / "e-0.json", {"namespace": "shop"})  # JSON, but not a record
    cli = invoke_cli("verify", str(definition), "--captures", str(captures), "--format", "json")
    assert cli.returncode == 1
    assert f"5 files under {captures} are not capture records" in cli.stderr
    assert "a-0.json" in cli.stderr and "c-0.json" in cli.stderr
    assert "e-0.json" not in cli.stderr  # a few are named, not all
    assert "and 2 more" in cli.stderr


def test_no_record_for_the_given_tools_fails(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    write_json(captures / "2026-01" / "other" / "x-0.json", record([], when="1", namespace="other", tool="x"))
    cli = invoke_cli("verify", str(definition), "--captures", str(captures))
    assert cli.returncode == 1
    assert "no record matches a tool of the given definitions (1 record under" in cli.stderr
    assert "All checks passed" not in cli.stdout


def test_unreadable_records_among_good_ones_are_reported(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    folder = captures / "2026-01" / "shop"
    write_json(folder / "listItems-0.json", record([{"price": 1}], when="1"))
    (folder / "broken-0.json").write_text("{ not json", encoding="utf-8")
    cli = invoke_cli("verify", str(definition), "--captures", str(captures))
    assert "1 file under" in cli.stderr and "broken-0.json" in cli.stderr
    assert cli.returncode == 0  # reported, not failing: the good record was compared and matches


def test_unreadable_records_are_named_when_no_record_matches(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    write_json(captures / "r" / "other" / "x-0.json", record([], when="1", namespace="other", tool="x"))
    (captures / "r" / "shop").mkdir(parents=True)
    (captures / "r" / "shop" / "listItems-0.json").write_bytes(b"\xff\xfe")
    cli = invoke_cli("verify", str(definition), "--captures", str(captures))
    assert cli.returncode == 1
    assert "shop/listItems-0.json: UnicodeDecodeError" in cli.stderr
    assert "no record matches a tool of the given definitions" in cli.stderr
    assert "for namespace other; the definitions have shop" in cli.stderr


COLLIDING = ["/a:b", "/a_b", "_a_b", "a b", "a_b", "x" * 160 + "1", "x" * 160 + "2"]


def test_record_file_names_are_unique_per_tool(tmp_path: Path) -> None:
    records = [CaptureRecord.model_validate(record([], when="1", tool=name)) for name in COLLIDING]
    paths = [record_path(tmp_path, write_record(tmp_path, item, None)) for item in records]
    assert len(set(paths)) == len(COLLIDING)
    assert all(len(path.name) < 200 for path in paths)
    assert record_path(tmp_path, records[0]) == paths[0]  # deterministic
    assert (tmp_path / "shop" / "a_b-0.json") in paths  # a name that is already safe keeps its file name
    read, problems = read_records(tmp_path)
    assert problems == []
    assert sorted(r.toolName for r in read) == sorted(COLLIDING)


def test_namespace_folders_are_unique(tmp_path: Path) -> None:
    first = CaptureRecord.model_validate(record([], when="1", namespace="a:b"))
    second = CaptureRecord.model_validate(record([], when="1", namespace="a_b"))
    assert record_path(tmp_path, first).parent != record_path(tmp_path, second).parent


def test_capture_summary_reports_resolved_collisions(tmp_path: Path) -> None:
    result = CaptureResult(run_dir=tmp_path)
    result.records = [CaptureRecord.model_validate(record([], when="1", tool=name)) for name in ("/a:b", "/a_b", "ok")]
    summary = result.summary()
    assert "3 tests captured" in summary
    assert "2 tool names in shop share the file name '_a_b'" in summary
    assert "'/a:b'" in summary and "'/a_b'" in summary
    alone = CaptureResult(run_dir=tmp_path)
    alone.records = [CaptureRecord.model_validate(record([], when="1", tool="ok"))]
    assert "share" not in alone.summary()


TWINS = """export const main = {
    namespace: 'twins',
    name: 'Twins',
    description: 'twins',
    version: '3.0.0',
    root: '%(root)s',
    tools: {
        'get:thing': {
            method: 'GET', path: '/thing', description: 'thing', parameters: [],
            tests: [ { _description: 'one' } ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { n: { type: 'number' } } } }
        },
        'get_thing': {
            method: 'GET', path: '/thing', description: 'thing', parameters: [],
            tests: [ { _description: 'one' } ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { n: { type: 'string' } } } }
        }
    }
}
"""


def test_capture_then_verify_keeps_colliding_tools_apart(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/thing").respond_with_json({"n": 1})
    definition = tmp_path / "twins.mjs"
    definition.write_text(TWINS % {"root": httpserver.url_for("/").rstrip("/")}, encoding="utf-8")
    options = CaptureOptions(output=tmp_path / "capture", delay=0.0, timeout=30.0, environ={}, env_files=[])
    result = capture([definition], options)
    assert result.ok == 2
    assert len([p for p in result.run_dir.rglob("*-0.json")]) == 2
    assert "share the file name 'get_thing'" in result.summary()
    found = [(d.code, d.message) for d in verify([definition], tmp_path / "capture").diagnostics]
    assert found == [("VER001", "get_thing test 0: data.n: expected string, got number")]


def test_gone_tool_reported_once_when_latest_run_failed(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    write_json(captures / "1" / "shop" / "gone-0.json", record([], when="1", tool="gone"))
    write_json(captures / "2" / "shop" / "gone-0.json", record(None, when="2", tool="gone", outcome="failed"))
    write_json(captures / "2" / "shop" / "listItems-0.json", record([], when="2"))
    assert [d.code for d in verify([definition], captures).diagnostics] == ["VER004"]


def test_a_hostile_record_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    """A record with a 5,000-digit number or a value 5,000 levels deep crashed every reader."""
    from flowlint.captures.records import read_records

    (tmp_path / "huge.json").write_text('{"namespace": "x", "n": ' + "9" * 5000 + "}", encoding="utf-8")
    (tmp_path / "deep.json").write_text('{"namespace": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    records, problems = read_records(tmp_path)
    assert records == [] and len(problems) == 2
    assert any("holds a number too large" in p for p in problems)
    assert any("nested deeper than 202 levels" in p for p in problems)


# --- issue 20 ---------------------------------------------------------------------------------------


def test_verify_that_compared_nothing_because_every_call_failed_is_not_a_pass(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    for index in range(16):
        failed = record(None, when="1", outcome="failed") | {"testIndex": index}
        write_json(captures / "run" / "shop" / f"listItems-{index}.json", failed)
    (tmp_path / "shop.mjs").write_text(
        DEFINITION.replace("tests: [ { _description: 'all' } ]", "tests: [ " + ", ".join(["{}"] * 16) + " ]")
    )
    cli = invoke_cli("verify", "shop.mjs", "--captures", "capture", cwd=tmp_path)
    assert cli.returncode == 1, cli.stdout + cli.stderr
    assert cli.stdout.count("VER003") == 16
    assert (
        "flowlint: nothing verified: no capture was compared with an output schema "
        "(16 matching records: 16 failed or skipped)" in cli.stderr
    ), cli.stderr


def test_verify_says_how_many_captures_matched_and_drifted_and_fails_on_drift(definition: Path, tmp_path: Path) -> None:
    """Issue 27, item 2: captures that contradict the declared schema gave VER001 warnings and exit 0, so a
    CI step running `verify` as documented never caught drift. Drift fails by default; `--fail-on error`
    lets it pass; a configured `fail-on` is check's and does not make verify more lenient."""
    captures = tmp_path / "capture"
    write_json(captures / "run" / "shop" / "listItems-0.json", record([{"price": "1"}], when="1"))
    cli = invoke_cli("verify", "shop.mjs", "--captures", "capture", cwd=tmp_path)
    assert "VER001 warning" in cli.stdout
    assert cli.returncode == 1, cli.stderr
    assert "flowlint: compared 1 capture with their output schemas: 0 matched, 1 drifted\n" in cli.stderr
    lenient = invoke_cli("verify", "shop.mjs", "--captures", "capture", "--fail-on", "error", cwd=tmp_path)
    assert lenient.returncode == 0
    (tmp_path / "flowlint.toml").write_text('fail-on = "error"\n')
    configured = invoke_cli("verify", "shop.mjs", "--captures", "capture", cwd=tmp_path)
    assert configured.returncode == 1  # check's fail-on does not let drift pass verify
    write_json(captures / "run" / "shop" / "listItems-0.json", record([{"price": 1}], when="2"))
    clean = invoke_cli("verify", "shop.mjs", "--captures", "capture", cwd=tmp_path)
    assert clean.returncode == 0 and "1 matched, 0 drifted" in clean.stderr, clean.stderr
