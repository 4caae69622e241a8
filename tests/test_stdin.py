"""`flowlint check --stdin-filename PATH -`: the editor save action.

In-process through `invoke_cli` (its `input` is also `sys.stdin.buffer`); the tests at the end run a
real process and say why.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SAMPLES, invoke_cli, run_cli

BROKEN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'object' } } }
    }
}
"""


def test_stdin_is_linted_as_the_named_file(tmp_path: Path) -> None:
    result = invoke_cli(
        "check", "--stdin-filename", "defs/demo.mjs", "-", "--format", "json", cwd=tmp_path, input=BROKEN
    )
    assert result.returncode == 1, result.stderr
    [diagnostic] = json.loads(result.stdout)["diagnostics"]
    assert (diagnostic["path"], diagnostic["code"], diagnostic["line"]) == ("defs/demo.mjs", "TST001", 4)


@pytest.mark.parametrize("output_format", ["json", "text"])
def test_a_text_from_stdin_is_the_source_of_its_fix_positions_and_frames(tmp_path: Path, output_format: str) -> None:
    """The file on disk of the name given is not what was linted (an editor's unsaved buffer): fix
    positions (which came from the disk before) and source frames come from the text read."""
    sample = (SAMPLES / "messy" / "community-tools.mjs").read_text(encoding="utf-8")
    (tmp_path / "tools.mjs").write_text(sample, encoding="utf-8")
    text = "// three lines the saved file does not have\n//\n//\n" + sample
    arguments = ["check", "--stdin-filename", "tools.mjs", "-", "--format", output_format, "--show-source"]
    result = invoke_cli(*arguments, cwd=tmp_path, input=text)
    assert result.returncode == 1, result.stderr
    if output_format == "text":  # each frame shows the line it names, as read from stdin
        frames = re.findall(r"^tools\.mjs:(\d+):\d+: .*\n.*\n\d+ \| (.*)$", result.stdout, re.MULTILINE)
        assert frames, result.stdout
        lines = text.split("\n")
        for number, shown in frames:
            assert shown.strip().strip("…") in lines[int(number) - 1], (number, shown)
        return
    fixed = [d for d in json.loads(result.stdout)["diagnostics"] if d["fix"]]
    assert fixed, result.stdout
    data = text.encode()
    for diagnostic in fixed:
        for edit in diagnostic["fix"]["edits"]:
            before = data[: edit["start_byte"]].split(b"\n")
            assert edit["location"] == {"line": len(before), "column": len(before[-1].decode()) + 1}, edit


def test_configuration_comes_from_the_named_files_folder(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "defs").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[tool.flowlint]\nmin_tests = 0\n", encoding="utf-8")
    # Run from elsewhere: the configuration is found from the --stdin-filename's folder, not the cwd.
    result = invoke_cli(
        "check", "--stdin-filename", str(project / "defs" / "demo.mjs"), "-", cwd=tmp_path, input=BROKEN
    )
    assert result.returncode == 0, result.stdout
    plain = invoke_cli("check", "--stdin-filename", "demo.mjs", "-", cwd=tmp_path, input=BROKEN)
    assert plain.returncode == 1


def _located(stdout: str) -> list[tuple[object, ...]]:
    return [(d["code"], d["line"], d["column"], d["message"]) for d in json.loads(stdout)["diagnostics"]]


def test_shared_lists_resolve_from_the_named_files_folder() -> None:
    path = SAMPLES / "chainlist" / "verified-contracts.mjs"
    from_file = invoke_cli("check", str(path), "--format", "json")
    from_stdin = invoke_cli(
        "check", "--stdin-filename", str(path), "-", "--format", "json", input=path.read_text("utf-8")
    )
    assert _located(from_stdin.stdout) == _located(from_file.stdout)
    assert from_stdin.returncode == from_file.returncode


def test_suffix_picks_the_loader() -> None:
    path = SAMPLES / "defillama" / "protocols.py"
    from_file = invoke_cli("check", str(path), "--format", "json")
    from_stdin = invoke_cli(
        "check", "--stdin-filename", str(path), "-", "--format", "json", input=path.read_text("utf-8")
    )
    assert _located(from_stdin.stdout) == _located(from_file.stdout)


def test_dash_alone_and_usage_errors(tmp_path: Path) -> None:
    alone = invoke_cli("check", "-", cwd=tmp_path, input=BROKEN)
    assert alone.returncode == 1 and alone.stdout.startswith("stdin.mjs:4:9: TST001")
    mixed = invoke_cli("check", "-", "other.mjs", cwd=tmp_path, input=BROKEN)
    assert mixed.returncode == 2 and "cannot be combined" in mixed.stderr
    no_dash = invoke_cli("check", "--stdin-filename", "x.mjs", "x.mjs", cwd=tmp_path)
    assert no_dash.returncode == 2 and "needs the path `-`" in no_dash.stderr


# --- real processes ---------------------------------------------------------------------------------


def test_stdin_through_a_real_pipe(tmp_path: Path) -> None:
    """Subprocess: standard input as an editor sends it, through a real pipe, in bytes (CRLF kept)."""
    result = run_cli(
        "check", "--stdin-filename", "defs/demo.mjs", "-", cwd=tmp_path, input=BROKEN.replace("\n", "\r\n")
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("defs/demo.mjs:4:9: TST001 error ")
    assert result.stderr == ""


# Modules `flowlint check` must never import: heavy third-party packages (editors run `check -` on
# every save) and flowlint's other commands.
NOT_FOR_CHECK = (
    "libcst",
    "jsonschema",
    "httpx",
    "pydantic",
    "genson",
    "pygls",
    "mcp",
    "flowlint.capture",
    "flowlint.schema",
    "flowlint.mcp",
    "flowlint.rewrite",
    "flowlint.lsp",
    "flowlint.verify",
)


@pytest.mark.parametrize(
    ("arguments", "exit_code"), [(["--stdin-filename", "demo.mjs", "-"], 1), ([str(SAMPLES / "etherscan")], 0)]
)
def test_check_imports_nothing_it_does_not_need(arguments: list[str], exit_code: int) -> None:
    """Subprocess: which modules a command imports can only be seen in a fresh interpreter.

    How fast `flowlint check` starts is measured by benchmarks/bench_check.py, not here."""
    code = (
        "import atexit, runpy, sys\n"
        "atexit.register(print)  # a handler to run at exit: the run ends with SystemExit, not os._exit\n"
        f"sys.argv = ['flowlint', 'check', *{arguments!r}]\n"
        "try:\n"
        "    runpy.run_module('flowlint', run_name='__main__')\n"
        "except SystemExit as stop:\n"
        "    print('EXIT', stop.code, file=sys.stderr)\n"
        f"names = {NOT_FOR_CHECK!r}\n"
        "print('LOADED', sorted(m for m in sys.modules if any(m == n or m.startswith(n + '.') for n in names)), file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, input=BROKEN, capture_output=True, text=True, timeout=60, check=False
    )
    assert f"EXIT {exit_code}\n" in result.stderr, result.stderr
    assert "LOADED []" in result.stderr, result.stderr
