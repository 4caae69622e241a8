"""Configuration per file, like ruff: the nearest `.flowlint.toml`, `flowlint.toml` or `pyproject.toml`
(with [tool.flowlint]) above each file; per-file-ignores, extend-select, --show-settings, --config."""

from __future__ import annotations

from pathlib import Path

from test_cli import BROKEN, write

from conftest import invoke_cli
from flowlint.lint.config import Config, ConfigResolver, load_config


def findings(stdout: str) -> set[str]:
    return {line for line in stdout.splitlines() if ": " in line and not line.startswith(("Found", "All"))}


def _two_projects(root: Path) -> None:
    write(root, "a/pyproject.toml", '[tool.flowlint]\nignore = ["TST004"]\n')
    write(root, "a/demo.mjs", BROKEN)
    write(root, "b/flowlint.toml", 'min-tests = 4\nseverity = { TST004 = "warning", TST001 = "warning" }\n')
    write(root, "b/demo.mjs", BROKEN)


def test_each_file_gets_its_nearest_configuration_in_any_order(tmp_path: Path) -> None:
    _two_projects(tmp_path)
    forward = invoke_cli("check", "a", "b", cwd=tmp_path)
    backward = invoke_cli("check", "b", "a", cwd=tmp_path)
    assert findings(forward.stdout) == findings(backward.stdout)
    lines = findings(forward.stdout)
    assert not any(line.startswith("a/demo.mjs") and "TST004" in line for line in lines)  # a ignores it
    assert any(line.startswith("b/demo.mjs") and "TST004 warning" in line for line in lines)  # b re-grades it
    assert any(line.startswith("b/demo.mjs") and "TST001 warning" in line for line in lines)  # b wants 4 tests
    assert not any(line.startswith("a/demo.mjs") and "TST001" in line for line in lines)
    # the same with the files named one by one, as pre-commit passes them
    files = invoke_cli("check", "b/demo.mjs", "a/demo.mjs", cwd=tmp_path)
    assert findings(files.stdout) == lines
    # b's findings are warnings only; a's fail_on is "warning": the exit code follows each file's fail_on
    assert invoke_cli("check", "b", cwd=tmp_path).returncode == 0
    write(tmp_path, "a/pyproject.toml", '[tool.flowlint]\nfail_on = "warning"\n')
    write(tmp_path, "a/demo.mjs", BROKEN.replace("limit: '10'", "limit: 10"))
    assert invoke_cli("check", "b", "a", cwd=tmp_path).returncode == 0
    assert invoke_cli("check", "b", "a", "--fail-on", "warning", cwd=tmp_path).returncode == 1


def test_config_option_forces_one_file_for_all(tmp_path: Path) -> None:
    _two_projects(tmp_path)
    forced = invoke_cli("check", "a", "b", "--config", "a/pyproject.toml", cwd=tmp_path)
    assert not any("TST004" in line or "TST001" in line for line in findings(forced.stdout))


def test_precedence_in_one_folder(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", "[tool.flowlint]\nmin_tests = 1\n")
    write(tmp_path, "flowlint.toml", "min_tests = 2\n")
    assert load_config(tmp_path).min_tests == 2
    write(tmp_path, ".flowlint.toml", "min_tests = 3\n")
    assert load_config(tmp_path).min_tests == 3
    assert load_config(tmp_path).source == tmp_path / ".flowlint.toml"


def test_pyproject_without_a_flowlint_table_is_passed_over(tmp_path: Path) -> None:
    write(tmp_path, "flowlint.toml", "min_tests = 4\n")
    write(tmp_path, "sub/pyproject.toml", "[project]\nname = 'x'\n")
    assert load_config(tmp_path / "sub" / "demo.mjs").min_tests == 4


def test_per_file_ignores_are_relative_to_the_configuration(tmp_path: Path) -> None:
    write(
        tmp_path,
        "pyproject.toml",
        '[tool.flowlint]\nmin_tests = 4\n[tool.flowlint.per-file-ignores]\n"legacy/*.mjs" = ["TST004"]\n"old.mjs" = ["TST"]\n',
    )
    write(tmp_path, "legacy/demo.mjs", BROKEN)
    write(tmp_path, "current/demo.mjs", BROKEN)
    write(tmp_path, "current/deeper/old.mjs", BROKEN)  # a pattern without `/` matches the name anywhere
    result = invoke_cli("check", ".", "--fail-on", "info", cwd=tmp_path)
    lines = findings(result.stdout)
    assert not any(line.startswith("legacy/") and "TST004" in line for line in lines)
    assert any(line.startswith("legacy/") and "TST001" in line for line in lines)
    assert any(line.startswith("current/demo.mjs") and "TST004" in line for line in lines)
    assert not any(line.startswith("current/deeper/old.mjs") for line in lines)
    # from another working directory, the patterns still mean the same files
    inside = invoke_cli("check", "demo.mjs", cwd=tmp_path / "legacy")
    assert "TST004" not in inside.stdout


def test_extend_select_adds_to_select(tmp_path: Path) -> None:
    write(tmp_path, "flowlint.toml", 'select = ["TST001"]\nextend-select = ["TST004"]\n')
    write(tmp_path, "demo.mjs", BROKEN)
    lines = findings(invoke_cli("check", ".", cwd=tmp_path).stdout)
    assert {line.split()[1] for line in lines} == {"TST004"}
    more = findings(invoke_cli("check", ".", "--extend-select", "TST001", "--min-tests", "4", cwd=tmp_path).stdout)
    assert {line.split()[1] for line in more} == {"TST004", "TST001"}
    # --select on the command line replaces select and the configuration's extend-select
    only = findings(invoke_cli("check", ".", "--select", "TST001", "--min-tests", "4", cwd=tmp_path).stdout)
    assert {line.split()[1] for line in only} == {"TST001"}


def test_show_settings_names_the_file_and_every_setting(tmp_path: Path) -> None:
    write(
        tmp_path,
        "pyproject.toml",
        '[tool.flowlint]\nmin_tests = 2\n[tool.flowlint.per-file-ignores]\n"x/*" = ["TST004"]\n',
    )
    write(tmp_path, "x/demo.mjs", BROKEN)
    result = invoke_cli("check", "--show-settings", "x/demo.mjs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "file: x/demo.mjs"
    assert lines[1] == f"configuration: {(tmp_path / 'pyproject.toml').resolve()}"
    assert "min_tests = 2" in lines
    assert 'ignore = ["TST004"]' in lines
    for key in ("select", "extend_select", "fail_on", "lists_dir", "exclude", "severity", "per_file_ignores"):
        assert any(line.startswith(f"{key} = ") for line in lines), key
    assert any(line.startswith("fingerprint = ") for line in lines)
    defaults = invoke_cli("check", "--show-settings", str(tmp_path / "x" / "demo.mjs"), "--config", "/nonexistent")
    assert defaults.returncode == 2


def test_show_settings_without_configuration_says_defaults(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", BROKEN)
    result = invoke_cli("check", "--show-settings", "demo.mjs", "--min-tests", "5", cwd=tmp_path)
    assert "configuration: (defaults)" in result.stdout and "min_tests = 5" in result.stdout


def test_fingerprint_is_stable_and_follows_the_settings(tmp_path: Path) -> None:
    assert Config().fingerprint == Config().fingerprint
    assert Config(min_tests=2).fingerprint != Config().fingerprint
    assert Config(severity={"TST004": Config().fail_on}).fingerprint != Config().fingerprint
    # where the settings came from does not change what they do
    assert Config(source=tmp_path / "a.toml").fingerprint == Config().fingerprint
    # the hash must not depend on the process (no hash(), no id(), no set order): ask another one
    import subprocess
    import sys

    code = "from flowlint.lint.config import Config; print(Config(ignore=('TST', 'VAL04')).fingerprint)"
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": "7"}
    )
    assert other.stdout.strip() == Config(ignore=("TST", "VAL04")).fingerprint


def test_resolver_reads_each_configuration_file_once(tmp_path: Path) -> None:
    write(tmp_path, "flowlint.toml", "min_tests = 2\n")
    first = write(tmp_path, "one/a.mjs", BROKEN)
    second = write(tmp_path, "two/b.mjs", BROKEN)
    resolver = ConfigResolver()
    assert resolver.for_file(first) is resolver.for_file(second)
    assert resolver.for_file(first).min_tests == 2


def test_bad_per_file_ignores_is_a_usage_error(tmp_path: Path) -> None:
    write(tmp_path, "flowlint.toml", 'per-file-ignores = { "x" = ["NOPE1"] }\n')
    write(tmp_path, "demo.mjs", BROKEN)
    result = invoke_cli("check", ".", cwd=tmp_path)
    assert result.returncode == 2 and "unknown rule code 'NOPE1'" in result.stderr


def test_exclude_of_the_nearest_configuration_applies_in_a_walk(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", "[tool.flowlint]\nmin_tests = 1\n")
    write(tmp_path, "sub/flowlint.toml", 'exclude = ["generated"]\n')
    write(tmp_path, "sub/generated/out.mjs", BROKEN)
    write(tmp_path, "sub/kept.mjs", BROKEN)
    write(tmp_path, "generated/top.mjs", BROKEN)  # the root configuration does not exclude it
    walked = findings(invoke_cli("check", ".", cwd=tmp_path).stdout)
    assert {line.split(":")[0] for line in walked} == {"sub/kept.mjs", "generated/top.mjs"}
    named = invoke_cli("check", "sub/generated/out.mjs", cwd=tmp_path)  # a file named explicitly is checked
    assert "TST004" in named.stdout


def test_the_library_api_applies_the_nearest_configuration_to_each_file(tmp_path: Path, monkeypatch) -> None:
    """`flowlint.lint_paths` without a config behaves like `flowlint check`, in any order."""
    import flowlint

    _two_projects(tmp_path)
    monkeypatch.chdir(tmp_path)

    def codes(*paths: str) -> set[tuple[str, str, str]]:
        result = flowlint.lint_paths(list(paths))
        return {(d.path, d.code, d.severity.value) for d in result.diagnostics}

    forward = codes("a", "b")
    assert forward == codes("b", "a")
    assert not any(path.startswith("a") and code == "TST004" for path, code, _ in forward)
    assert any(path.startswith("b") and code == "TST004" and level == "warning" for path, code, level in forward)
    expected = {
        line.split(": ")[0].split(":")[0] for line in findings(invoke_cli("check", "a", "b", cwd=tmp_path).stdout)
    }
    assert {path for path, _, _ in forward} == expected
