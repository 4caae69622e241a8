"""verify: captured data against the FlowMCP output-schema subset, reported like `check`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import invoke_cli
from flowlint.captures.store import write_json
from flowlint.core.errors import UsageError
from flowlint.core.severity import Severity
from flowlint.schema.subset import SubsetValidator
from flowlint.verify import fold, verify


def check_schema(value: Any, schema: Any) -> list[Any]:
    return SubsetValidator(schema).mismatches(value)


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
            tests: [ { _description: 'all' }, { _description: 'again' } ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'array',
                    items: {
                        type: 'object',
                        properties: {
                            name: { type: 'string' },
                            price: { type: 'number' },
                            note: { type: 'string', nullable: true },
                            kind: { type: 'string', enum: [ 'a', 'b' ] }
                        }
                    }
                }
            }
        },
        getPlain: {
            method: 'GET',
            path: '/plain',
            description: 'no output',
            parameters: [],
            tests: [ { _description: 'plain' } ]
        }
    }
}
"""


def test_subset_semantics() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "number"},
            "b": {"type": "string", "nullable": True},
            "c": {"type": "array", "items": {"type": "boolean"}},
            "d": {"type": "string", "format": "date-time"},
            "e": {"type": "object", "properties": {"x y": {"type": "number"}}},
        },
    }
    assert check_schema({"a": 1.5, "b": None, "extra": True}, schema) == []  # no required, extras allowed
    assert check_schema({}, schema) == []
    found = [
        str(m) for m in check_schema({"a": "1", "b": 3, "c": [True, "x"], "d": "yesterday", "e": {"x y": None}}, schema)
    ]
    assert found == [
        "data.a: expected number, got string",
        "data.b: expected string, got number",
        "data.c[1]: expected boolean, got string",
        "data.d: expected a date-time string, got 'yesterday'",
        'data.e["x y"]: expected number, got null',
    ]
    assert [str(m) for m in check_schema(True, {"type": "number"})] == ["data: expected number, got boolean"]
    assert check_schema(None, {"type": "object"})[0].message == "expected object, got null"
    assert check_schema(2, {"type": "integer"}) == [] and check_schema(2.5, {"type": "integer"})


def test_fold_repeats_across_items() -> None:
    mismatches = check_schema(
        [{"p": "1"}, {"p": 2}, {"p": "3"}],
        {"type": "array", "items": {"type": "object", "properties": {"p": {"type": "number"}}}},
    )
    [(first, more)] = fold(mismatches)
    assert str(first) == "data[0].p: expected number, got string" and more == 1


def record(index: int, data: Any, tool: str = "listItems", outcome: str = "ok", **extra: Any) -> dict[str, Any]:
    return {
        "namespace": "shop",
        "toolName": tool,
        "testIndex": index,
        "_description": "x",
        "userParams": {},
        "responseTime": 3.0,
        "timestamp": "2026-01-01T00:00:00.000Z",
        "response": {"status": outcome == "ok", "messages": [], "data": data},
        "outcome": outcome,
        **extra,
    }


@pytest.fixture
def shop(tmp_path: Path) -> tuple[Path, Path]:
    definition = tmp_path / "shop.mjs"
    definition.write_text(DEFINITION, encoding="utf-8")
    run = tmp_path / "capture" / "2026-01-01T00-00-00Z" / "shop"
    write_json(
        run / "listItems-0.json",
        record(
            0,
            [
                {"name": "a", "price": 1, "kind": "a"},
                {"name": "b", "price": "2", "note": None},
                {"name": "c", "price": 3, "kind": "z"},
            ],
        ),
    )
    write_json(run / "listItems-1.json", record(1, None, outcome="failed", reason="HTTP 500: boom"))
    write_json(run / "getPlain-0.json", record(0, {"x": 1}, tool="getPlain"))
    write_json(run / "getGone-0.json", record(0, {}, tool="getGone"))
    write_json(run / "metrics.json", {"namespace": "shop"})
    return definition, tmp_path / "capture"


def test_verify_codes_and_locations(shop: tuple[Path, Path]) -> None:
    definition, captures = shop
    result = verify([definition], captures)
    found = [(d.code, d.severity, d.line, d.message) for d in result.diagnostics]
    assert ("VER001", Severity.WARNING, 14, "listItems test 0: data[1].price: expected number, got string") in found
    assert (
        "VER001",
        Severity.WARNING,
        14,
        "listItems test 0: data[2].kind: 'z' is not one of the enum values",
    ) in found
    assert ("VER003", Severity.INFO, 8, "listItems test 1 failed (HTTP 500: boom); not compared") in found
    assert ("VER002", Severity.INFO, 30, "getPlain has no output schema; its captures were not compared") in found
    assert [f[:3] for f in found if f[0] == "VER004"] == [("VER004", Severity.WARNING, 7)]
    assert len(found) == 5
    # Drift is what verify exists to find (issue 27, item 2): its warnings fail the run by default.
    assert result.failed() and not result.failed(Severity.ERROR)
    assert not verify([definition], captures, fail_on=Severity.ERROR).failed()  # --fail-on error lets drift pass


def test_latest_capture_wins(shop: tuple[Path, Path]) -> None:
    definition, captures = shop
    later = captures / "2026-02-01T00-00-00Z" / "shop"
    fixed = record(0, [{"name": "a", "price": 1}])
    fixed["timestamp"] = "2026-02-01T00:00:00.000Z"
    write_json(later / "listItems-0.json", fixed)
    codes = [d.code for d in verify([definition], captures).diagnostics]
    assert "VER001" not in codes


def test_missing_captures_folder(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        verify([tmp_path], tmp_path / "nothing")


def test_cli_verify_formats_and_exit_codes(shop: tuple[Path, Path]) -> None:
    definition, captures = shop
    text = invoke_cli("verify", str(definition), "--captures", str(captures), "--fail-on", "warning")
    assert text.returncode == 1
    assert "VER001 warning listItems test 0: data[1].price: expected number, got string" in text.stdout
    as_json = invoke_cli(
        "verify", str(definition), "--captures", str(captures), "--format", "json", "--fail-on", "error"
    )
    assert as_json.returncode == 0
    document = json.loads(as_json.stdout)
    assert {d["code"] for d in document["diagnostics"]} == {"VER001", "VER002", "VER003", "VER004"}
    assert document["diagnostics"][0]["tool"] is not None
    assert invoke_cli("verify", str(definition), "--captures", "/no/such/dir").returncode == 2
    assert invoke_cli("verify", str(definition)).returncode == 2  # --captures is required


def test_ver_codes_are_selectable_ignorable_and_regradable(shop: tuple[Path, Path]) -> None:
    definition, _ = shop
    folder = definition.parent
    (folder / "flowlint.toml").write_text('ignore = ["VER002"]\nseverity = { VER004 = "info" }\n', encoding="utf-8")
    result = invoke_cli("verify", "shop.mjs", "--captures", "capture", "--format", "json", cwd=folder)
    found = {(d["code"], d["severity"]) for d in json.loads(result.stdout)["diagnostics"]}
    assert ("VER004", "info") in found and not any(code == "VER002" for code, _ in found)
    only = invoke_cli("verify", "shop.mjs", "--captures", "capture", "--select", "VER003", cwd=folder)
    assert only.returncode == 0 and "VER003 info" in only.stdout and "VER001" not in only.stdout
    ignored = invoke_cli("verify", "shop.mjs", "--captures", "capture", "--ignore", "VER00", cwd=folder)
    assert "All checks passed" in ignored.stdout and ignored.returncode == 0
    # check accepts the codes as well
    assert invoke_cli("check", "shop.mjs", "--ignore", "VER001", cwd=folder).returncode == 0
