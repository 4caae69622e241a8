"""`flowlint capture --via-mcp`: capture from a real `flowlint mock` server process, then verify.

The capture command runs in-process (`invoke_cli`); the MCP server it starts is a real subprocess.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from conftest import SAMPLES, invoke_cli

pytest.importorskip("mcp")


@pytest.mark.timeout(120)
def test_capture_via_mcp_from_the_mock_and_verify(tmp_path: Path) -> None:
    definition = SAMPLES / "coingecko" / "simple-price.mjs"
    server = f"{shlex.quote(sys.executable)} -m flowlint mock {shlex.quote(str(definition))}"
    result = invoke_cli(
        "capture",
        str(definition),
        "--via-mcp",
        server,
        "--delay",
        "0",
        "--verify",
        "-o",
        str(tmp_path / "out"),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "9 tests captured via MCP in " in result.stderr and ": 9 ok, 0 failed, 0 skipped ->" in result.stderr
    assert "[1/9] ok coingecko.getSimplePrice#0 " in result.stderr and "\n[9/9] ok " in result.stderr  # as HTTP capture
    [run] = list((tmp_path / "out").iterdir())
    record = json.loads((run / "coingecko" / "getSimplePrice-0.json").read_text())
    assert record["source"] == "mcp" and record["rawData"] is False and record["response"]["status"] is True
    assert result.stdout.startswith("All checks passed")


def test_mcp_tool_needs_via_mcp_and_a_valid_mapping(tmp_path: Path) -> None:
    alone = invoke_cli("capture", str(SAMPLES / "coingecko"), "--mcp-tool", "coingecko.getSimplePrice=x", cwd=tmp_path)
    assert alone.returncode == 2 and "--mcp-tool needs --via-mcp" in alone.stderr
    bad = invoke_cli("capture", str(SAMPLES / "coingecko"), "--via-mcp", "true", "--mcp-tool", "nonsense", cwd=tmp_path)
    assert bad.returncode == 2 and "expected NAMESPACE.TOOL=SERVER_TOOL_NAME" in bad.stderr
