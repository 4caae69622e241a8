"""The `check` and `rules` commands: output, formats, options, exit codes.

In-process through `invoke_cli`; the few tests at the end run a real `python -m flowlint` process and
say why.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO, Golden, invoke_cli, run_cli
from flowlint.lint.pages import rule_page_url

CLEAN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Service is up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }
    }
}
"""

BROKEN_TESTS = (
    "tests: [ { _description: 'Ten', limit: '10' }, { _description: 'Default page size' }, "
    "{ _description: 'Five', limit: 5 } ] }"
)

BROKEN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } } ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Ten', limit: '10' }, { _description: 'Default page size' }, { _description: 'Five', limit: 5 } ] }
    }
}
"""
assert BROKEN_TESTS in BROKEN


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_clean_file_exits_0(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", CLEAN)
    result = invoke_cli("check", "demo.mjs", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "All checks passed: 1 file (1 definition, 0 skipped)."


def test_error_exits_1_with_text_lines(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", BROKEN)
    result = invoke_cli("check", ".", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "demo.mjs:7:52: TST004 error [*] test 0 ('Ten'): parameter 'limit' expects number(), got "
        "string '10'; write 10 without quotes"
    )
    assert lines[-2:] == ["Found 1 error in 1 file (1 definition, 0 skipped).", "[*] 1 fixable with `--fix`."]


def test_json_format_fields(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", BROKEN)
    result = invoke_cli("check", "demo.mjs", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    document = json.loads(result.stdout)
    [diagnostic] = document["diagnostics"]
    assert diagnostic == {
        "code": "TST004",
        "severity": "error",
        "message": "test 0 ('Ten'): parameter 'limit' expects number(), got string '10'; write 10 without quotes",
        "path": "demo.mjs",
        "line": 7,
        "column": 52,
        "end_line": 7,
        "end_column": 56,
        "tool": "getMarkets",
        "test_index": 0,
        "test_indices": [0],
        "parameter": "limit",
        # Issue 27, item 7: what FlowMCP does, the rule's page and the fix with its edits, as ruff's JSON has them.
        "consequence": "test rule",
        "url": rule_page_url("TST004"),
        "fix": {
            "title": diagnostic["fix"]["title"],
            "applicability": "safe",
            "edits": [
                {
                    "content": "10",
                    "start_byte": diagnostic["fix"]["edits"][0]["start_byte"],
                    "end_byte": diagnostic["fix"]["edits"][0]["start_byte"] + 4,
                    "location": {"line": 7, "column": 52},
                    "end_location": {"line": 7, "column": 56},
                }
            ],
        },
    }
    assert document["summary"]["errors"] == 1
    assert rule_page_url("TST004") is not None and rule_page_url("TST004").startswith("file:")
    # A warm run (the fix's edits kept in the result cache) reports the same.
    assert json.loads(invoke_cli("check", "demo.mjs", "--format", "json", cwd=tmp_path).stdout) == document


def test_select_ignore_and_fail_on(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", BROKEN)
    assert invoke_cli("check", "demo.mjs", "--ignore", "TST004", cwd=tmp_path).returncode == 0
    assert invoke_cli("check", "demo.mjs", "--select", "TST001,TST002", cwd=tmp_path).returncode == 0
    # TST008 (info) remains once TST004 is fixed and no test sets the optional limit: --fail-on info
    # turns it into a failure.
    untested_limit = BROKEN.replace(
        BROKEN_TESTS,
        "tests: [ { _description: 'Default' }, { _description: 'Default again' }, { _description: 'Third' } ] }",
    )
    assert untested_limit != BROKEN
    write(tmp_path, "demo.mjs", untested_limit)
    assert invoke_cli("check", "demo.mjs", cwd=tmp_path).returncode == 0
    info = invoke_cli("check", "demo.mjs", "--fail-on", "info", cwd=tmp_path)
    assert info.returncode == 1 and "TST008 info" in info.stdout


def test_min_tests_option_and_config(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", CLEAN)
    result = invoke_cli("check", "demo.mjs", "--min-tests", "4", cwd=tmp_path)
    assert result.returncode == 1 and "has 3 tests; at least 4 required" in result.stdout
    write(tmp_path, "pyproject.toml", "[tool.flowlint]\nmin_tests = 4\n")
    assert invoke_cli("check", "demo.mjs", cwd=tmp_path).returncode == 1
    assert invoke_cli("check", "demo.mjs", "--min-tests", "1", cwd=tmp_path).returncode == 0


def test_config_found_upward_and_unknown_key_is_exit_2(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", "[tool.flowlint]\nmin_test = 3\n")
    write(tmp_path, "defs/deep/demo.mjs", CLEAN)
    result = invoke_cli("check", "defs/deep/demo.mjs", cwd=tmp_path)
    assert result.returncode == 2
    assert "unknown key 'min_test'" in result.stderr
    assert "Traceback" not in result.stderr


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    missing = invoke_cli("check", "nope.mjs", cwd=tmp_path)
    assert missing.returncode == 2 and "nope.mjs: no such file or folder" in missing.stderr
    bad_code = invoke_cli("check", ".", "--select", "XYZ999", cwd=tmp_path)
    assert bad_code.returncode == 2 and "unknown rule code 'XYZ999'" in bad_code.stderr
    assert invoke_cli("check", "--format", "yaml", cwd=tmp_path).returncode == 2


def test_inline_suppression(tmp_path: Path) -> None:
    suppressed = BROKEN.replace(BROKEN_TESTS, "// flowlint: ignore[TST004]\n            " + BROKEN_TESTS)
    write(tmp_path, "demo.mjs", suppressed)
    result = invoke_cli("check", "demo.mjs", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    same_line = BROKEN.replace(BROKEN_TESTS, BROKEN_TESTS + " // flowlint: ignore[TST004]")
    write(tmp_path, "demo.mjs", same_line)
    assert invoke_cli("check", "demo.mjs", cwd=tmp_path).returncode == 0
    other_code = BROKEN.replace(BROKEN_TESTS, BROKEN_TESTS + " // flowlint: ignore[TST001]")
    write(tmp_path, "demo.mjs", other_code)
    assert invoke_cli("check", "demo.mjs", cwd=tmp_path).returncode == 1


def test_rules_list_and_explain() -> None:
    listing = invoke_cli("rules")
    assert listing.returncode == 0
    for code in ("TST001", "TST004", "TST008", "VAL044", "FL001"):
        assert code in listing.stdout
    explained = invoke_cli("rules", "tst004")
    assert explained.returncode == 0
    assert "## Fails" in explained.stdout and "## Passes" in explained.stdout
    assert invoke_cli("rules", "NOPE1").returncode == 2


def test_broken_inputs_never_traceback(tmp_path: Path) -> None:
    write(tmp_path, "binary.mjs", "")
    (tmp_path / "binary.mjs").write_bytes(bytes(range(256)) * 10)
    write(tmp_path, "truncated.mjs", CLEAN[: len(CLEAN) // 2])
    write(tmp_path, "deep.mjs", "export const main = " + "[" * 50000 + "]" * 50000)
    write(tmp_path, "bad.json", '{"main": {"tools": {,}}')
    write(tmp_path, "bad.py", "main = {'tools': {\n")
    (tmp_path / "latin1.mjs").write_bytes("export const main = { name: 'caf\xe9' }".encode("latin-1"))
    result = invoke_cli("check", ".", cwd=tmp_path)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 1
    paths = {line.split(":")[0] for line in result.stdout.splitlines()[:-1]}
    assert paths >= {"binary.mjs", "truncated.mjs", "bad.json", "bad.py"}


def test_no_files_found_is_said_on_stderr(tmp_path: Path) -> None:
    result = invoke_cli("check", ".", cwd=tmp_path)
    assert result.returncode == 0
    assert "no .mjs, .js, .py or .json files found in ." in result.stderr
    assert result.stdout.strip() == "All checks passed: 0 files (0 definitions, 0 skipped)."


# --- real processes: what an in-process run cannot show ----------------------------------------------


def test_python_module_and_version() -> None:
    """Subprocess: `python -m flowlint` (flowlint/__main__.py) is the entry point under test."""
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("flowlint, version ")


def test_samples_run_is_the_readme_command(golden: Golden) -> None:
    """Subprocess: the README's command as a user runs it, with real stdout and stderr."""
    result = run_cli("check", "sample_schemas", cwd=REPO)
    assert result.returncode == 1  # the samples contain deliberate mistakes
    assert result.stderr == ""
    golden.check(REPO / "tests" / "snapshots" / "sample_schemas.txt", result.stdout)  # as test_samples' in-process run


def test_a_reader_that_left_is_not_an_error() -> None:
    """Subprocess: a real broken pipe (`flowlint check | head` after head exited); the pipe's reading
    end is closed before flowlint starts, so the first write fails every time."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "flowlint", "check", "sample_schemas"],
            cwd=REPO,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(write_end)
    assert result.stderr == ""  # no traceback, no "Exception ignored" from the final flush
    assert result.returncode == 1  # the findings still decide the exit code
