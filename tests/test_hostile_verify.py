"""verify against hostile capture folders: empty, corrupt, stale failures, colliding file names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import invoke_cli
from flowlint.captures.store import write_json
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
    cli = invoke_cli("verify", str(definition), "--captures", str(captures))
    assert cli.returncode == 1


def test_latest_successful_run_still_wins(definition: Path, tmp_path: Path) -> None:
    captures = tmp_path / "capture"
    write_json(captures / "2026-01" / "shop" / "listItems-0.json", record(None, when="1", outcome="failed"))
    write_json(captures / "2026-02" / "shop" / "listItems-0.json", record([{"price": "1"}], when="2"))
    write_json(captures / "2026-03" / "shop" / "listItems-0.json", record([{"price": 1}], when="3"))
    assert verify([definition], captures).diagnostics == []
