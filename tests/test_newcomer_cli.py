"""A newcomer's first session (issue 20): what is fixable, fix counts that agree, statistics as ruff
prints them, `flowlint rule`, suggestions for a mistyped command, `--show-settings` without a file,
`--help` in sections, the `ALL` selector, `--per-file-ignores` and `--output-format`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from test_cli import BROKEN, write

from conftest import REPO, invoke_cli

MESSY = REPO / "sample_schemas" / "messy" / "community-tools.mjs"

# An unsafe fix that does not verify: default(2026) on a string() parameter holds more errors than
# the quoted default it replaces, so `--fix --unsafe-fixes` leaves the file as it is.
UNVERIFIED = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getYear: { method: 'GET', path: '/year', description: 'Holidays of a year',
            parameters: [ { position: { key: 'jahr', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default("2026")', 'optional()' ] } } ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'This year' }, { _description: 'Next year', jahr: '2027' }, { _description: 'Last year', jahr: '2025' } ] }
    }
}
"""


def _count(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found is not None, text
    return int(found.group(1))


def test_fixable_findings_are_marked_and_counted_cold_and_warm(tmp_path: Path) -> None:
    shutil.copy(MESSY, tmp_path / "messy.mjs")
    cold = invoke_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    assert "TST004 error [*] test 1 ('USDC on Base, price only')" in cold
    assert "[*] 3 fixable with `--fix` (8 more have unsafe fixes: `--unsafe-fixes`)." in cold.splitlines()
    invoke_cli("check", ".", cwd=tmp_path)  # fills the cache
    assert invoke_cli("check", ".", cwd=tmp_path).stdout == cold  # a cached report keeps its fix marks
    unsafe = invoke_cli("check", ".", "--unsafe-fixes", cwd=tmp_path).stdout
    assert unsafe.count(" [*] ") == 11 and "[*] 11 fixable with `--fix --unsafe-fixes`." in unsafe


def test_unsafe_fixes_diff_counts_agree_with_fix_and_say_nothing_for_nothing_written(tmp_path: Path) -> None:
    shutil.copy(MESSY, tmp_path / "messy.mjs")
    write(tmp_path, "unverified.mjs", UNVERIFIED)
    safe = invoke_cli("check", ".", "--diff", cwd=tmp_path).stderr
    would = _count(r"would fix (\d+) findings", safe)
    more = _count(r"(\d+) more fixable with --unsafe-fixes", safe)
    unsafe = invoke_cli("check", ".", "--diff", "--unsafe-fixes", cwd=tmp_path).stderr
    assert _count(r"would fix (\d+) findings", unsafe) == would + more == 11
    assert "keeps its last verified text" not in unsafe  # --diff writes nothing
    # UNVERIFIED's quoted default("2026") on a string() once offered default(2026), a fix that did not verify
    # (the runtime reads it as a number); the advice no longer quotes a replacement (issue 18: advice that lands).
    assert "would not verify" not in unsafe

    fixed = invoke_cli("check", ".", "--fix", cwd=tmp_path).stderr
    assert _count(r"fixed (\d+) findings", fixed) == would
    promised = _count(r"(\d+) more fixable with --unsafe-fixes", fixed)
    assert promised == more
    then = invoke_cli("check", ".", "--fix", "--unsafe-fixes", cwd=tmp_path).stderr
    assert _count(r"fixed (\d+) findings", then) == promised
    assert "would not verify" not in then
    assert (tmp_path / "unverified.mjs").read_text(encoding="utf-8") == UNVERIFIED  # no fix is offered for it


def test_rule_is_ruffs_verb_and_a_mistyped_command_names_the_closest() -> None:
    rule = invoke_cli("rule", "TST004")
    assert rule.returncode == 0 and rule.stdout == invoke_cli("rules", "TST004").stdout
    assert rule.stdout.startswith("# TST004: valid-values")
    assert invoke_cli("rule", "XYZ999").returncode == 2
    for typed, meant in (("chek", "check"), ("rle", "rule"), ("verfy", "verify")):
        result = invoke_cli(typed)
        assert result.returncode == 2
        assert f"No such command '{typed}'. Did you mean '{meant}'?" in result.stderr


def test_show_settings_without_a_file_shows_the_current_folder(tmp_path: Path) -> None:
    write(tmp_path, "flowlint.toml", "min_tests = 2\n")
    write(tmp_path, "sub/flowlint.toml", 'fail_on = "warning"\n')
    here = invoke_cli("check", "--show-settings", cwd=tmp_path)
    assert here.returncode == 0
    assert here.stdout.splitlines()[:3] == ["file: .", f"configuration: {tmp_path / 'flowlint.toml'}", "min_tests = 2"]
    folder = invoke_cli("check", "--show-settings", "sub", cwd=tmp_path)
    assert f"configuration: {tmp_path / 'sub' / 'flowlint.toml'}" in folder.stdout
    assert 'fail_on = "warning"' in folder.stdout


def test_help_is_in_sections() -> None:
    text = invoke_cli("check", "--help").stdout
    titles = [line[:-1] for line in text.splitlines() if line and not line.startswith(" ") and line.endswith(":")]
    assert titles == [
        "Rule selection",
        "Fixes",
        "Output",
        "Exit status",
        "Configuration",
        "Baseline",
        "Input and speed",
        "Other options",
    ]
    assert text.index("--select") < text.index("Fixes:") < text.index("--unsafe-fixes") < text.index("Output:")


def test_all_selects_and_ignores_every_code(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", BROKEN)
    everything = invoke_cli("check", ".", "--format", "json", "--select", "ALL", cwd=tmp_path)
    default = invoke_cli("check", ".", "--format", "json", cwd=tmp_path)
    assert json.loads(everything.stdout)["diagnostics"] == json.loads(default.stdout)["diagnostics"] != []
    nothing = invoke_cli("check", ".", "--ignore", "all", cwd=tmp_path)
    assert nothing.returncode == 0 and nothing.stdout.startswith("All checks passed")
    write(tmp_path, "flowlint.toml", 'select = ["ALL"]\nignore = ["TST004"]\nmin_tests = 4\n')
    codes = {
        d["code"] for d in json.loads(invoke_cli("check", ".", "--format", "json", cwd=tmp_path).stdout)["diagnostics"]
    }
    assert codes == {"TST001"}
    write(tmp_path, "flowlint.toml", 'severity = { ALL = "warning" }\n')  # re-grading needs codes
    refused = invoke_cli("check", ".", cwd=tmp_path)
    assert refused.returncode == 2 and "name the codes to re-grade, not ALL" in refused.stderr


def test_per_file_ignores_on_the_command_line(tmp_path: Path) -> None:
    write(tmp_path, "legacy/demo.mjs", BROKEN)
    write(tmp_path, "current/demo.mjs", BROKEN)
    result = invoke_cli("check", ".", "--per-file-ignores", "legacy/*.mjs:TST004", "--format", "json", cwd=tmp_path)
    found = {(d["path"], d["code"]) for d in json.loads(result.stdout)["diagnostics"]}
    assert ("current/demo.mjs", "TST004") in found and ("legacy/demo.mjs", "TST004") not in found
    everywhere = invoke_cli("check", ".", "--per-file-ignores", "demo.mjs:TST", cwd=tmp_path)  # a bare name
    assert everywhere.returncode == 0 and everywhere.stdout.startswith("All checks passed")
    bad = invoke_cli("check", ".", "--per-file-ignores", "legacy/*.mjs", cwd=tmp_path)
    assert bad.returncode == 2 and "expected GLOB:CODES" in bad.stderr
    unknown = invoke_cli("check", ".", "--per-file-ignores", "x.mjs:NOPE1", cwd=tmp_path)
    assert unknown.returncode == 2 and "unknown rule code 'NOPE1'" in unknown.stderr


def test_output_format_is_an_alias_of_format(tmp_path: Path) -> None:
    write(tmp_path, "demo.mjs", BROKEN)
    alias = invoke_cli("check", ".", "--output-format", "json", cwd=tmp_path)
    assert alias.stdout == invoke_cli("check", ".", "--format", "json", cwd=tmp_path).stdout
    assert json.loads(alias.stdout)["diagnostics"]
