"""A finding's identity (baseline entries, SARIF partialFingerprints) is code, path, tool, test index and
parameter: never the line or the message, so editing a test's `_description` keeps a baselined finding."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import invoke_cli

DEFINITION = """export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: { getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
        parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
        output: { mimeType: 'application/json', schema: { type: 'object' } },
        tests: [ { _description: 'DESCRIPTION', limit: '10' }, { _description: 'Five', limit: 5 }, { _description: 'Twenty', limit: 20 } ] } }
}
"""


def _write(folder: Path, description: str, above: str = "") -> Path:
    path = folder / "markets.mjs"
    path.write_text(above + DEFINITION.replace("DESCRIPTION", description), encoding="utf-8")
    return path


def test_an_edited_description_keeps_the_baseline_entry(tmp_path: Path) -> None:
    path = _write(tmp_path, "Ten markets")
    baseline = tmp_path / "baseline.json"
    assert invoke_cli("check", str(path), "--write-baseline", str(baseline)).returncode == 0
    entry = json.loads(baseline.read_text(encoding="utf-8"))["findings"][0]
    assert (entry["code"], entry["tool"], entry["test_index"], entry["parameter"]) == (
        "TST004",
        "getMarkets",
        0,
        "limit",
    )
    assert "Ten markets" in entry["message"]  # kept for people reading the file, not matched on
    _write(tmp_path, "Ten markets, sorted by volume", above="// a comment moves everything down\n\n")
    result = invoke_cli("check", str(path), "--baseline", str(baseline))
    assert result.returncode == 0, result.stdout
    assert "1 known finding hidden" in result.stderr


def test_sarif_fingerprints_ignore_message_and_line(tmp_path: Path) -> None:
    def fingerprint(description: str, above: str = "") -> str:
        path = _write(tmp_path, description, above)
        document = json.loads(invoke_cli("check", str(path), "--format", "sarif").stdout)
        [result] = document["runs"][0]["results"]
        return str(result["partialFingerprints"]["flowlint/v1"])

    assert fingerprint("Ten markets") == fingerprint("Ten markets, sorted", above="\n\n\n")
