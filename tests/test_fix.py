"""`flowlint check --fix`, `--unsafe-fixes`, `--diff`, `--fix-only`, `--show-fixes` (issue 12, item 1).

Fixes are byte edits in the file's own style; `--fix` writes only safe ones, verifies each round and
writes atomically; a second run finds nothing more to fix."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import SAMPLES, Golden, invoke_cli

HEADER = (
    "export const main = {\n"
    "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',\n"
)
OUTPUT = "output: { mimeType: 'application/json', schema: { type: 'object' } },"

JS = (
    HEADER + "    tools: {\n"
    "        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',\n"
    "            parameters: [\n"
    "                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'max(250)' ] } },\n"
    "                { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } },\n"
    "                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: \"enum(['1','137'])\", options: [ 'optional()' ] } }\n"
    "            ],\n"
    f"            {OUTPUT}\n"
    "            tests: [\n"
    "                { _description: 'Ten', limit: '10' },\n"
    "                { _description: 'Sparkline', sparkline: 'true' },\n"
    "                // flowlint: ignore[TST002]\n"
    "                { _description: 'Polygon', chain: '137' }\n"
    "            ] }\n"
    "    }\n"
    "}\n"
)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_fix_applies_safe_fixes_only_and_is_idempotent(tmp_path: Path) -> None:
    path = _write(tmp_path, "markets.mjs", JS)
    result = invoke_cli("check", "--fix", "--show-fixes", "markets.mjs", cwd=tmp_path)
    text = path.read_text(encoding="utf-8")
    assert "limit: 10 }" in text and "sparkline: true }" in text  # test values lose their quotes
    assert "[ 'max(250)', 'optional()' ]" in text  # constraints before optional() (3.x)
    assert "// flowlint: ignore" not in text  # the unused suppression line is gone
    assert "enum(['1','137'])" in text  # the enum fix changes behaviour: unsafe, not applied
    assert "fixed 4 findings in 1 file" in result.stderr
    assert "1 more fixable with --unsafe-fixes" in result.stderr
    assert "markets.mjs: TST004 write 10 without quotes" in result.stderr
    assert "VAL046" in result.stdout  # the remaining finding is reported
    again = invoke_cli("check", "--fix", "markets.mjs", cwd=tmp_path)
    assert "fixed 0 findings in 0 files" in again.stderr and path.read_text(encoding="utf-8") == text


def test_unsafe_fixes_and_the_result_is_clean(tmp_path: Path) -> None:
    path = _write(tmp_path, "markets.mjs", JS)
    result = invoke_cli(
        "check", "--fix", "--unsafe-fixes", "--select", "TST004,VAL046,FL012,FL009", "markets.mjs", cwd=tmp_path
    )
    assert 'primitive: "enum(1,137)"' in path.read_text(encoding="utf-8")  # in the literal's own quotes
    assert result.returncode == 0, result.stdout
    assert "All checks passed" in result.stdout


def test_diff_changes_nothing_and_fails_when_it_would(tmp_path: Path) -> None:
    path = _write(tmp_path, "markets.mjs", JS)
    result = invoke_cli("check", "--diff", "markets.mjs", cwd=tmp_path)
    assert result.returncode == 1
    assert path.read_text(encoding="utf-8") == JS
    assert "\n-                { _description: 'Ten', limit: '10' },\n" in result.stdout
    assert "\n+                { _description: 'Ten', limit: 10 },\n" in result.stdout
    assert result.stdout.startswith("--- a/markets.mjs\n+++ b/markets.mjs\n")
    clean = invoke_cli("check", "--diff", "--select", "VAL003", "markets.mjs", cwd=tmp_path)
    assert clean.returncode == 0 and clean.stdout == ""


def test_fix_only_reports_no_findings(tmp_path: Path) -> None:
    _write(tmp_path, "markets.mjs", JS)
    result = invoke_cli("check", "--fix-only", "markets.mjs", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout == ""
    assert "fixed 4 findings" in result.stderr


@pytest.mark.parametrize(
    ("name", "source", "fixed"),
    [
        (
            "demo.py",
            "main = {\n"
            "    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo API', 'version': '3.0.0',\n"
            "    'root': 'https://api.example.com',\n"
            "    'tools': {'getPing': {'method': 'GET', 'path': '/ping', 'description': 'Ping', 'parameters': [\n"
            "        {'position': {'key': 'verbose', 'value': '{{USER_PARAM}}', 'location': 'query'},\n"
            "         'z': {'primitive': 'boolean()', 'options': ['optional()']}}],\n"
            "        'tests': [{'_description': 'Verbose', 'verbose': 'true'}]}},\n"
            "}\n",
            "'verbose': True}",
        ),
        (
            "demo.json",
            '{ "main": { "namespace": "demo", "name": "Demo", "description": "Demo API", "version": "3.0.0",\n'
            '  "root": "https://api.example.com", "tools": { "getChain": { "method": "GET", "path": "/chain",\n'
            '  "description": "Chain", "parameters": [ { "position": { "key": "chain", "value": "{{USER_PARAM}}",\n'
            '  "location": "query" }, "z": { "primitive": "enum(1,137)", "options": [] } } ],\n'
            '  "tests": [ { "_description": "Ethereum", "chain": 1 } ] } } } }\n',
            '"chain": "1" }',
        ),
    ],
)
def test_fixes_are_written_in_the_files_own_syntax(tmp_path: Path, name: str, source: str, fixed: str) -> None:
    path = _write(tmp_path, name, source)
    invoke_cli("check", "--fix", "--select", "TST004", name, cwd=tmp_path)
    assert fixed in path.read_text(encoding="utf-8")
    assert invoke_cli("check", "--select", "TST004", name, cwd=tmp_path).returncode == 0


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_a_read_only_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = _write(tmp_path, "markets.mjs", JS)
    path.chmod(0o444)
    result = invoke_cli("check", "--fix", "markets.mjs", cwd=tmp_path)
    assert "not written" in result.stderr and path.read_text(encoding="utf-8") == JS


def test_fix_and_diff_refuse_standard_input() -> None:
    result = invoke_cli("check", "--fix", "-", input=JS)
    assert result.returncode == 2 and "not on standard input" in result.stderr


FIXTURES = Path(__file__).resolve().parent / "fixtures" / "fix"


@pytest.mark.parametrize("name", ["messy.mjs", "messy.py", "messy.json"])
def test_golden_fix_in_each_syntax(tmp_path: Path, name: str, golden: Golden) -> None:
    """Each syntax fixed (safe and unsafe) to a reviewed result; a second run changes nothing."""
    path = tmp_path / name
    path.write_bytes((FIXTURES / name).read_bytes())
    invoke_cli("check", "--fix", "--unsafe-fixes", name, cwd=tmp_path)
    fixed = path.read_bytes()
    golden.check(FIXTURES / name.replace("messy.", "messy.fixed."), fixed)
    again = invoke_cli("check", "--diff", "--unsafe-fixes", name, cwd=tmp_path)
    assert again.returncode == 0 and again.stdout == "" and path.read_bytes() == fixed


LIST_ENUM = """export const main = {
    namespace: 'chains', name: 'Chains', description: 'Chain data', version: '3.0.0', root: 'https://api.example.com',
    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { key: 'etherscanAlias', exists: true } } ],
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{evmChains:etherscanAlias}})', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: 'ethereum' } ] }
    }
}
"""


def test_fl019_writes_the_resolved_list_into_the_enum_only_as_an_unsafe_fix(tmp_path: Path) -> None:
    """The list resolves from a _lists/ folder beside the definition (the samples' evmChains, filtered to
    the chains with an etherscanAlias): --fix leaves it, --unsafe-fixes writes the six aliases in."""
    (tmp_path / "_lists").mkdir()
    (tmp_path / "_lists" / "evm-chains.mjs").write_bytes((SAMPLES / "_lists" / "evm-chains.mjs").read_bytes())
    definition = _write(tmp_path, "chains.mjs", LIST_ENUM)
    assert invoke_cli("check", "--fix", "--select", "FL019", "chains.mjs", cwd=tmp_path).returncode == 1
    assert definition.read_text() == LIST_ENUM
    result = invoke_cli("check", "--fix", "--unsafe-fixes", "--select", "FL019,TST004", "chains.mjs", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert definition.read_text() == LIST_ENUM.replace(
        "enum({{evmChains:etherscanAlias}})", "enum(ethereum,optimism,bsc,polygon,arbitrum,base)"
    )
