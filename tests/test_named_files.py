"""What is a definition is decided by its shape, once, for folder walks and named files alike (issue 27,
items 1 and 5; issue 25): a JavaScript module shaped as a definition that FlowMCP cannot load (its
definition exported under another name or not exported, or a FlowMCP 1.x `export const schema` file) is
a VAL001 error saying why, in a walk as when named; helper modules, shared lists, skills, prompts, agent
manifests and capture records stay quiet. A named file of a type flowlint does not read is a one-line
note, never parsed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import flowlint
from conftest import invoke_cli

CASES = {
    "typo.mjs": ("export const mian = { namespace: 'demo', tools: {} }\n", "it exports `mian`; did you mean `main`?"),
    "default.mjs": ("export default { namespace: 'demo', tools: {} }\n", "it has a default export"),
    "unexported.mjs": ("const main = { namespace: 'demo', tools: {} }\n", "`main` is declared but not exported"),
    "renamed.mjs": (
        "export const definition = { namespace: 'demo', root: 'https://api.example.com', tools: {} }\n"
        "export const handlers = () => ( {} )\n",
        "it exports the definition as `definition`",
    ),
    "legacy.mjs": (
        "const schema = { namespace: 'demo', flowMCP: '1.2.0', root: 'https://a.example',\n"
        "    tools: { getA: { requestMethod: 'GET', route: '/a', parameters: [] } } }\n"
        "export { schema }\n",
        "a FlowMCP 1.x definition (`export const schema`, flowMCP '1.2.0'): FlowMCP's 3.x runtime converts it "
        "with a deprecation warning but reads only `routes`, so it serves none of its 1 tool under `tools`",
    ),
}
QUIET = {
    "helper.mjs": "export const format = ( x ) => x\n",
    "mail.mjs": "export const mail = { host: 'smtp.example.com', port: 25 }\n",
    "domain.mjs": "export const domain = { name: 'example.com' }\nexport default function run() {}\n",
    "zod.mjs": "export const schema = { type: 'object', properties: {} }\n",
    "script.py": "def main() -> int:\n    return 0\n",
    "list.mjs": (
        "export const list = { meta: { name: 'x', version: '3.0.0', description: 'X',\n"
        "    fields: [ { key: 'a', type: 'string', description: 'A' } ] }, entries: [ { a: 'b' } ] }\n"
    ),
    "skill.mjs": "export const skill = { name: 'x', content: 'y' }\n",
    "prompt.mjs": "export const prompt = { name: 'x', content: 'y' }\n",
    "agent.mjs": "export const main = { name: 'agent', tools: [ 'demo/tool/getA' ], tests: [] }\n",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_named_module_without_main_is_an_error(tmp_path: Path, name: str) -> None:
    source, why = CASES[name]
    (tmp_path / name).write_text(source)
    result = invoke_cli("check", "--no-cache", str(tmp_path / name))
    assert result.returncode == 1, result.stdout
    [line] = [line for line in result.stdout.splitlines() if "VAL001" in line]
    if name != "legacy.mjs":  # the 3.x runtime loads a 1.x file (see the legacy tests below)
        assert "VAL001 error FlowMCP cannot load this file as a definition ('main: Missing export')" in line
    assert "VAL001 error" in line and why in line


@pytest.mark.parametrize("cache", [False, True])
def test_a_walk_gives_the_same_verdict(tmp_path: Path, cache: bool) -> None:
    """Issue 27, item 4: `export const mian = {...}` in a folder walk was "All checks passed"; a 1.x file
    and a definition exported as `definition` too (issue 25). Cached or not, the walk says what naming does."""
    for name, (source, _why) in CASES.items():
        (tmp_path / name).write_text(source)
    options = () if cache else ("--no-cache",)
    for _ in range(2 if cache else 1):  # the second run is warm
        result = invoke_cli("check", *options, str(tmp_path), cwd=tmp_path)
        assert result.returncode == 1, result.stdout
        found = {line.split(":")[0] for line in result.stdout.splitlines() if "VAL001 error" in line}
        assert found == set(CASES), result.stdout
        for _source, why in CASES.values():
            assert why in result.stdout


def test_helper_modules_stay_quiet_walked_and_named(tmp_path: Path) -> None:
    """Modules that are no definitions by their shape (an object that is no definition, a script's
    `def main()`, a JSON schema named `schema`, lists, skills, prompts, agent manifests) stay quiet."""
    for name, source in QUIET.items():
        (tmp_path / name).write_text(source)
    walked = invoke_cli("check", "--no-cache", str(tmp_path))
    assert walked.returncode == 0 and "All checks passed" in walked.stdout, walked.stdout
    named = invoke_cli("check", "--no-cache", *(str(tmp_path / name) for name in sorted(QUIET)))
    assert named.returncode == 0 and "VAL" not in named.stdout and "error" not in named.stdout, named.stdout


def test_a_legacy_definition_is_kept_in_the_loaded_model(tmp_path: Path) -> None:
    """A 1.x file is identifiable as such (for `flowlint migrate`), not only by its message."""
    from flowlint.definition.loading import LoadStatus, load_file

    (tmp_path / "legacy.mjs").write_text(CASES["legacy.mjs"][0])
    loaded = load_file(tmp_path / "legacy.mjs")
    assert loaded.status is LoadStatus.LEGACY and loaded.legacy_version == "1.2.0"
    assert loaded.legacy is not None and loaded.legacy.get("namespace") is not None


LEGACY_ROUTES = (
    "export const schema = { namespace: 'demo', flowMCP: '1.2.0', root: 'https://a.example',\n"
    "    routes: { getA: { requestMethod: 'GET', route: '/a', parameters: [] } } }\n"
)


def test_a_legacy_file_whose_tools_the_3x_runtime_never_serves_is_an_error(tmp_path: Path) -> None:
    """The 3.x runtime's LegacyAdapter converts a 1.x file but reads only `routes`: a 1.x file with its tools
    under `tools` loads and serves none of them (every call refused; 4.x refuses the file). Its message
    says so, and never that 3.x refuses to load it (it does not)."""
    (tmp_path / "legacy.mjs").write_text(CASES["legacy.mjs"][0])
    result = invoke_cli("check", "--no-cache", "--format", "json", str(tmp_path / "legacy.mjs"))
    [diagnostic] = json.loads(result.stdout)["diagnostics"]
    assert (diagnostic["code"], diagnostic["severity"], diagnostic["consequence"]) == (
        "VAL001",
        "error",
        "tool not built",
    )
    assert "FlowMCP cannot load" not in diagnostic["message"]
    assert "FlowMCP 4.x refuses the file ('main: Missing export')" in diagnostic["message"]


@pytest.mark.parametrize(("strict", "severity"), [(False, "warning"), (True, "error")])
def test_a_legacy_file_whose_routes_the_3x_runtime_serves_is_spec_only(
    tmp_path: Path, strict: bool, severity: str
) -> None:
    """A 1.x file with `routes`: the 3.x runtime converts it and serves them, so the finding is what the
    specification forbids and that runtime tolerates: a warning that says so, an error under --strict."""
    (tmp_path / "legacy.mjs").write_text(LEGACY_ROUTES)
    options = ("--strict",) if strict else ()
    result = invoke_cli("check", "--no-cache", *options, str(tmp_path / "legacy.mjs"))
    [line] = [line for line in result.stdout.splitlines() if "VAL001" in line]
    assert f"VAL001 {severity} " in line and "serves its `routes`" in line
    assert "[spec only: FlowMCP's 3.x runtime accepts it; an error under --strict]" in line
    assert result.returncode == (1 if strict else 0)


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
