"""One path from a file to a definition, for every command (and the bugs two paths had)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from flowlint.api import lint_source
from flowlint.cli import main
from flowlint.definition.loading import LoadStatus, load_bytes, load_file, load_paths

SAMPLES = Path(__file__).resolve().parent.parent / "sample_schemas"

DEFINITION = """export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: { getPing: { method: 'GET', path: '/ping', description: 'Ping', parameters: [],
        tests: [ { _description: 'Ping' } ] } }
}
"""


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_every_status(tmp_path: Path) -> None:
    files = {
        "ok.mjs": DEFINITION.encode(),
        "list.mjs": b"export const list = { meta: { name: 'x' }, entries: [] }\n",
        "broken.mjs": b"export const main = {\n",
        "binary.mjs": b"\x00\x01\x02export const main = {}",
        "code.mjs": b"export const main = build()\n",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    os.mkfifo(tmp_path / "pipe.mjs")
    statuses = {item.path.name: item.status for item in load_paths([tmp_path])}
    assert statuses == {
        "binary.mjs": LoadStatus.BINARY,
        "broken.mjs": LoadStatus.SYNTAX,
        "code.mjs": LoadStatus.BAD_MAIN,
        "list.mjs": LoadStatus.LIST,
        "ok.mjs": LoadStatus.DEFINITION,
        "pipe.mjs": LoadStatus.UNREADABLE,
    }


def test_mcp_tools_uses_the_same_loader_as_check(tmp_path: Path) -> None:
    """capture, verify and the MCP commands had a loader of their own, without the binary check."""
    (tmp_path / "ok.mjs").write_text(DEFINITION, encoding="utf-8")
    (tmp_path / "blob.mjs").write_bytes(b"\x00" * 16 + b"export const main = { namespace: 'x' }")
    code, out, err = _invoke("mcp-tools", str(tmp_path))
    assert code == 0
    assert [tool["name"] for tool in json.loads(out)["tools"]] == ["get_ping_demo"]
    assert "blob.mjs: the file is binary, not a definition" in err


def test_a_parser_crash_is_fl008_not_a_syntax_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loader's own exception was reported as FL001 "syntax error"; it is a defect of flowlint (FL008)."""
    import flowlint.formats.javascript as javascript

    def explode(data: bytes) -> object:
        raise ValueError("boom")

    monkeypatch.setattr(javascript, "_parse_javascript", explode)
    report = lint_source(DEFINITION, "demo.mjs")
    assert [(d.code, d.severity.value) for d in report.diagnostics] == [("FL008", "error")]
    assert "ValueError: boom" in report.diagnostics[0].message
    assert report.kind == "error"


def test_json_recursion_is_fl008(monkeypatch: pytest.MonkeyPatch) -> None:
    import flowlint.formats.json as json_format

    def too_deep(data: bytes, position: int) -> object:
        raise RecursionError

    monkeypatch.setattr(json_format, "_parse_fast", too_deep)
    report = lint_source('{"namespace": "x", "tools": {}}', "demo.json")
    assert [d.code for d in report.diagnostics] == ["FL008"]


def test_mock_and_mcp_tools_honour_the_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`mock` and `mcp-tools` loaded with the default configuration, ignoring [tool.flowlint] exclude."""
    (tmp_path / "pyproject.toml").write_text('[tool.flowlint]\nexclude = ["drafts"]\n', encoding="utf-8")
    (tmp_path / "ok.mjs").write_text(DEFINITION, encoding="utf-8")
    (tmp_path / "drafts").mkdir()
    (tmp_path / "drafts" / "wip.mjs").write_text(DEFINITION.replace("'demo'", "'draft'"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = _invoke("mcp-tools", ".")
    assert code == 0
    assert [tool["name"] for tool in json.loads(out)["tools"]] == ["get_ping_demo"]


def test_mcp_tools_walks_each_folder_with_its_own_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`mcp-tools` walked every folder with the exclude patterns of the first one's configuration."""
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "ok.mjs").write_text(DEFINITION, encoding="utf-8")
    configured = tmp_path / "configured"
    (configured / "drafts").mkdir(parents=True)
    (configured / "pyproject.toml").write_text('[tool.flowlint]\nexclude = ["drafts"]\n', encoding="utf-8")
    (configured / "ok.mjs").write_text(DEFINITION.replace("'demo'", "'other'"), encoding="utf-8")
    (configured / "drafts" / "wip.mjs").write_text(DEFINITION.replace("'demo'", "'draft'"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = _invoke("mcp-tools", "plain", "configured")
    assert code == 0
    assert [tool["name"] for tool in json.loads(out)["tools"]] == ["get_ping_demo", "get_ping_other"]


NOT_BUILT = DEFINITION.replace(
    "parameters: []",
    "parameters: [ { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, "
    "z: { primitive: 'boolean()', options: [ 'min(1)' ] } } ]",
).replace("_description: 'Ping'", "_description: 'Ping', sparkline: true")
"""FL012's example: `min(1)` does not apply to boolean(), ZodBuilder throws, the tool is not built."""


@pytest.mark.parametrize("order", [("quiet", "loud"), ("loud", "quiet")])
def test_mcp_tools_leaves_out_what_the_runtime_cannot_build_whatever_the_rule_selection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, order: tuple[str, str]
) -> None:
    """The runtime reads no `[tool.flowlint]`: a tool it cannot build is not listed, also from a folder whose
    configuration ignores the code that says so. (`mcp-tools` checked every file with the first file's
    configuration: named first, `ignore = ["FL012"]` listed both tools, named second neither.)"""
    for folder, namespace in (("quiet", "hushed"), ("loud", "demo")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "markets.mjs").write_text(NOT_BUILT.replace("'demo'", f"'{namespace}'"), "utf-8")
    (tmp_path / "quiet" / "pyproject.toml").write_text('[tool.flowlint]\nignore = ["FL012"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _invoke("check", "quiet")[0] == 0  # the user does not want to hear of it
    code, out, err = _invoke("mcp-tools", *order)
    assert code == 0
    assert json.loads(out)["tools"] == []
    for folder in order:
        assert f"flowlint: not listed: tool getPing of {folder}/markets.mjs: the runtime cannot build it (FL012" in err


def test_mcp_tools_leaves_out_what_the_runtime_cannot_build_whatever_the_comments_say(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runtime reads no `flowlint: ignore` comment either: a tool whose finding a comment silences is
    still not built. (`mcp-tools` listed it.)"""
    silenced = NOT_BUILT.replace("tools: { getPing:", "tools: { // flowlint: ignore[FL012]\n        getPing:")
    (tmp_path / "markets.mjs").write_text(silenced, "utf-8")
    monkeypatch.chdir(tmp_path)
    assert _invoke("check", "markets.mjs")[0] == 0  # the comment silences the finding
    code, out, err = _invoke("mcp-tools", "markets.mjs")
    assert code == 0
    assert json.loads(out)["tools"] == []
    assert "flowlint: not listed: tool getPing of markets.mjs: the runtime cannot build it (FL012" in err


def test_write_baseline_with_findings_outside_tools(tmp_path: Path) -> None:
    """Writing a baseline crashed (TypeError sorting keys whose tool or parameter is None)."""
    baseline = tmp_path / "baseline.json"
    code, _, err = _invoke("check", str(SAMPLES / "messy"), "--write-baseline", str(baseline))
    assert code == 0, err
    findings = json.loads(baseline.read_text(encoding="utf-8"))["findings"]
    assert any(entry["test_index"] is None for entry in findings)
    assert any(entry["test_index"] is not None for entry in findings)
    code, out, _ = _invoke("check", str(SAMPLES / "messy"), "--baseline", str(baseline))
    assert code == 0 and out.startswith("All checks passed")


def test_utf16_is_named_not_called_binary(tmp_path: Path) -> None:
    """A file saved as UTF-16 (PowerShell 5's `>`) was reported as "binary"."""
    path = tmp_path / "forecast.json"
    path.write_bytes('{"main": {"namespace": "x"}}'.encode("utf-16"))
    loaded = load_file(path)
    assert loaded.status is LoadStatus.UNREADABLE and loaded.reason == "the file is UTF-16 encoded; save it as UTF-8"


def test_load_file_reports_unreadable_files(tmp_path: Path) -> None:
    loaded = load_file(tmp_path / "missing.mjs")
    assert loaded.status is LoadStatus.UNREADABLE and "No such file" in loaded.reason


def test_a_parameter_names_only_what_its_entry_sets(tmp_path: Path) -> None:
    """The typed view of parameters: a non-object entry, seed 000's resource form (`{ key, type, required }`)
    and a positional one with its options; the fields an entry does not set keep their empty defaults."""
    source = b"""export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: { getPing: { method: 'GET', path: '/ping', description: 'Ping', parameters: [
        'stray',
        { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: 'optional()' } }
    ], tests: [] } },
    resources: { db: { queries: { byId: { sql: 'SELECT 1', parameters: [ { key: 'id', type: 'integer', required: true } ] } } } }
}
"""
    loaded = load_bytes(source, tmp_path / "demo.mjs")
    assert loaded.definition is not None
    stray, user = loaded.definition.tools[0].parameters
    assert (stray.key, stray.value, stray.role, stray.z, stray.options_node, stray.option_nodes) == (
        None,
        None,
        "fixed",
        None,
        None,
        (),
    )
    assert (user.key, user.role, user.location) == ("q", "user", "query")
    assert user.options_node is not None and user.option_nodes == (user.options_node,)  # a string: one option
    assert user.z is not None and not user.z.required
    (seed,) = loaded.definition.tools[1].parameters
    assert (seed.key, seed.value, seed.role, seed.location, seed.z_node, seed.option_nodes) == (
        "id",
        "{{USER_PARAM}}",
        "user",
        None,
        None,
        (),
    )
    assert seed.z is not None and seed.z.required
