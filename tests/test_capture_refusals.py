"""capture does not send what FlowMCP would refuse, and a file it cannot read fails the run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from conftest import invoke_cli

DEFINITION = """
export const main = {
    namespace: 'refusals',
    name: 'Refusals',
    description: 'refusals',
    version: '3.0.0',
    root: 'https://api.example.com',
    tools: {
        getThing: {
            method: 'GET',
            path: '/thing',
            description: 'thing',
            parameters: [ { position: { key: 'n', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'a number', n: 1 }, { _description: 'a string', n: '10' } ]
        }
    }
}
"""


@pytest.fixture
def server(httpserver: HTTPServer) -> tuple[str, list[str]]:
    """pytest-httpserver answering every call with a small JSON body; `seen` lists the paths called."""
    seen: list[str] = []

    def answer(request: Request) -> Response:
        seen.append(request.full_path.rstrip("?"))
        return Response('{"ok": true}', content_type="application/json")

    httpserver.expect_request("/thing").respond_with_handler(answer)
    return httpserver.url_for("").rstrip("/"), seen


def records(folder: Path) -> dict[int, dict[str, Any]]:
    return {
        record["testIndex"]: record for record in (json.loads(p.read_text()) for p in folder.rglob("getThing-*.json"))
    }


def test_a_test_the_z_engine_rejects_is_not_sent_and_fails(tmp_path: Path, server: tuple[str, list[str]]) -> None:
    root, seen = server
    (tmp_path / "refusals.mjs").write_text(DEFINITION)
    result = invoke_cli(
        "capture", "refusals.mjs", "-o", "out", "--delay", "0", "--base-url", f"refusals={root}", cwd=tmp_path
    )
    assert result.returncode == 1
    assert seen == ["/thing?n=1"]
    found = records(tmp_path / "out")
    assert found[0]["outcome"] == "ok"
    assert found[1]["outcome"] == "failed"
    assert found[1]["reason"].startswith("not sent: TST004 ")
    assert "--send-invalid" in found[1]["reason"]
    assert "1 ok, 1 failed, 0 skipped" in result.stdout


def test_send_invalid_sends_it_and_the_record_says_so(tmp_path: Path, server: tuple[str, list[str]]) -> None:
    root, seen = server
    (tmp_path / "refusals.mjs").write_text(DEFINITION)
    result = invoke_cli(
        "capture", "refusals.mjs", "-o", "out", "--delay", "0", "--send-invalid", "--base-url", f"refusals={root}",
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout
    assert sorted(seen) == ["/thing?n=1", "/thing?n=10"]
    found = records(tmp_path / "out")
    assert found[1]["outcome"] == "ok"
    assert found[1]["reason"].startswith("sent although invalid: TST004 ")
    assert found[0]["reason"] is None


def test_a_definition_with_a_syntax_error_fails_the_run_and_says_why(tmp_path: Path) -> None:
    (tmp_path / "broken.mjs").write_text("export const main = { namespace: 'x', tools: { ")
    result = invoke_cli("capture", "broken.mjs", "-o", "out", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.startswith("broken.mjs: not captured: syntax error")
    assert "0 tests captured" in result.stdout


def test_capture_verify_fails_when_nothing_could_be_verified(tmp_path: Path) -> None:
    """`capture --verify` answers like `flowlint verify`: no record, nothing verified, exit 1."""
    untested = DEFINITION.replace(
        "tests: [ { _description: 'a number', n: 1 }, { _description: 'a string', n: '10' } ]", "tests: []"
    )
    (tmp_path / "refusals.mjs").write_text(untested)
    result = invoke_cli("capture", "refusals.mjs", "-o", "out", "--verify", cwd=tmp_path)
    assert result.returncode == 1
    assert "flowlint: nothing verified: no records found in " in result.stderr
