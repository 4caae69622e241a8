"""Files named on the command line get a verdict (issue 18, item 7): a JavaScript module meant as a
definition that FlowMCP cannot load is a VAL001 error saying why; a file of a type flowlint does not read is
a one-line note, never parsed; a folder walk stays quiet about both."""

from __future__ import annotations

from pathlib import Path

import pytest

import flowlint
from conftest import invoke_cli

CASES = {
    "typo.mjs": ("export const mian = { namespace: 'demo', tools: {} }\n", "it exports `mian`; did you mean `main`?"),
    "default.mjs": ("export default { namespace: 'demo', tools: {} }\n", "it has a default export"),
    "unexported.mjs": ("const main = { namespace: 'demo', tools: {} }\n", "`main` is declared but not exported"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_named_module_without_main_is_an_error(tmp_path: Path, name: str) -> None:
    source, why = CASES[name]
    (tmp_path / name).write_text(source)
    result = invoke_cli("check", "--no-cache", str(tmp_path / name))
    assert result.returncode == 1, result.stdout
    [line] = [line for line in result.stdout.splitlines() if "VAL001" in line]
    assert "VAL001 error FlowMCP cannot load this file as a definition ('main: Missing export')" in line
    assert why in line


def test_a_walk_stays_quiet_about_the_same_files(tmp_path: Path) -> None:
    for name, (source, _why) in CASES.items():
        (tmp_path / name).write_text(source)
    result = invoke_cli("check", "--no-cache", str(tmp_path))
    assert result.returncode == 0, result.stdout
    assert "All checks passed: 3 files (0 definitions, 3 skipped)." in result.stdout


def test_a_named_helper_module_is_quiet_not_an_error(tmp_path: Path) -> None:
    """A module that shows no sign of being a definition (no export like `main`, no default export) is a
    helper script: named, it stays as quiet as in a walk, so a pre-commit hook over every staged `.mjs`
    neither fails nor chatters on it (`--show-skipped` shows its FL002 note)."""
    (tmp_path / "helper.mjs").write_text("export const format = ( x ) => x\n")
    result = invoke_cli("check", "--no-cache", str(tmp_path / "helper.mjs"))
    assert result.returncode == 0 and "FL002" not in result.stdout
    shown = invoke_cli("check", "--no-cache", "--show-skipped", str(tmp_path / "helper.mjs"))
    assert "FL002 info skipped: not a tool definition" in shown.stdout


@pytest.mark.parametrize("name", ["notes.md", "definition.yaml", "README"])
def test_a_named_file_of_another_type_is_a_note_and_never_parsed(tmp_path: Path, name: str) -> None:
    # Text that would be ten syntax errors as JavaScript.
    (tmp_path / name).write_text("# Title\n\nSome *markdown* with `code` and a [link](http://x).\n" * 5)
    result = invoke_cli("check", "--no-cache", str(tmp_path / name))
    assert result.returncode == 0, result.stdout
    lines = [line for line in result.stdout.splitlines() if ": FL" in line or ": VAL" in line]
    assert len(lines) == 1 and "FL002 info skipped: not read: flowlint reads .mjs, .js, .py, .json" in lines[0]


def test_the_python_api_gives_named_files_the_same_verdict(tmp_path: Path) -> None:
    (tmp_path / "typo.mjs").write_text(CASES["typo.mjs"][0])
    result = flowlint.lint_paths([tmp_path / "typo.mjs"])
    assert [d.code for d in result.diagnostics] == ["VAL001"] and result.failed()


def test_tools_as_an_array_of_objects_is_a_definition_the_runtime_refuses(tmp_path: Path) -> None:
    """An agent manifest lists tool ids; an array of tool objects is a definition with VAL016."""
    (tmp_path / "arr.mjs").write_text(
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', tools: [ { method: 'GET', path: '/a', description: 'A', parameters: [] } ] }\n"
    )
    result = invoke_cli("check", "--no-cache", str(tmp_path))
    assert "VAL016 error" in result.stdout and result.returncode == 1, result.stdout
