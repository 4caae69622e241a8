"""One defect, one finding (issue 18): no two findings on the same parameter share a root cause.

Checked on every file flowlint's own tests hold as realistic or hostile definitions: the samples, the
differential fixtures (every class of runtime refusal and false error) and the rules' failing examples.
The pairs below are the root causes flowlint once reported twice: a named placeholder (TST006 per test
beside FL013 or FL015 per parameter), an `enum()` with a `values(...)` option (VAL046 and FL012), an option that
cannot apply reported again for its position (FL012 twice at one place)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from flowlint.api import lint_source
from flowlint.lint.config import Config
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.registry import all_rules

REPO = Path(__file__).resolve().parent.parent
# (A `{{SERVER_PARAM:NAME}}` that is undeclared (FL013) and a required input (FL015) is two defects: declaring
# NAME does not make the parameter optional.)
# A test key for a fixed or server parameter (TST006) beside that parameter being a required input (FL015)
# is two defects too: removing the key leaves the parameter required. TST006's named-placeholder finding is
# told apart by its text.
SAME_ROOT = [{"TST006 placeholder", "FL013"}, {"TST006 placeholder", "FL015"}, {"VAL046", "FL012"}]


def _cases() -> list[tuple[str, str, Path]]:
    cases = []
    for folder in (REPO / "sample_schemas", REPO / "tests" / "differential" / "cases"):
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".mjs", ".js", ".py", ".json") and "_lists" not in path.parts and path.is_file():
                cases.append((str(path.relative_to(REPO)), path.read_text(encoding="utf-8"), path))
    for rule in all_rules():
        for index, example in enumerate(rule.INVALID):
            cases.append((f"{rule.code}-{index}{Path(example.path).suffix}", example.source, Path(example.path)))
    return cases


CASES = _cases()


def _diagnostics(source: str, path: Path) -> list[Diagnostic]:
    return lint_source(source, path=path, config=Config()).diagnostics


@pytest.mark.parametrize(("name", "source", "path"), CASES, ids=[name for name, _, _ in CASES])
def test_no_two_findings_share_a_root_cause(name: str, source: str, path: Path) -> None:
    diagnostics = _diagnostics(source, path)
    places = defaultdict(list)
    for d in diagnostics:
        places[(d.code, d.line, d.column)].append(d.message)
    assert all(len(messages) == 1 for messages in places.values()), {k: v for k, v in places.items() if len(v) > 1}
    by_parameter: dict[tuple[str | None, str], set[str]] = defaultdict(set)
    for d in diagnostics:
        if d.parameter is not None:
            placeholder = d.code == "TST006" and ("is not {{USER_PARAM}}" in d.message or "placeholder" in d.message)
            by_parameter[(d.tool, d.parameter)].add("TST006 placeholder" if placeholder else d.code)
    for key, codes in by_parameter.items():
        assert not [pair for pair in SAME_ROOT if pair <= codes], (key, sorted(codes))


def test_a_named_placeholder_is_one_finding_however_many_tests_set_it() -> None:
    tests = ", ".join(f"{{ _description: 'City {n}', LATITUDE: {50 + n} }}" for n in range(6))
    source = (
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', tools: { getForecast: { method: 'GET', path: '/forecast',\n"
        "    description: 'Forecast', parameters: [ { position: { key: 'latitude', value: '{{LATITUDE}}', "
        "location: 'query' }, z: { primitive: 'number()', options: [] } } ],\n"
        f"    tests: [ {tests} ] }} }} }}\n"
    )
    diagnostics = [d for d in _diagnostics(source, Path("forecast.mjs")) if d.severity == "error"]
    assert [(d.code, d.parameter) for d in diagnostics] == [("TST006", "latitude")], diagnostics
    assert "tests 0-5 of tool 'getForecast'" in diagnostics[0].message


def test_a_finding_for_several_tests_lists_them_as_data(tmp_path: Path) -> None:
    """Issue 25: "tests 0-5 of tool ..." carried only test_index 0 in JSON and SARIF; `test_indices` lists
    every test (test_index stays the first), so no machine reader parses the message."""
    import json

    from conftest import invoke_cli

    tests = ", ".join(f"{{ _description: 'City {n}', LATITUDE: {50 + n} }}" for n in range(6))
    (tmp_path / "forecast.mjs").write_text(
        "export const main = { namespace: 'demo', name: 'Demo', description: 'Demo', version: '3.0.0',\n"
        "    root: 'https://api.example.com', tools: { getForecast: { method: 'GET', path: '/forecast',\n"
        "    description: 'Forecast', parameters: [ { position: { key: 'latitude', value: '{{LATITUDE}}', "
        "location: 'query' }, z: { primitive: 'number()', options: [] } } ],\n"
        f"    tests: [ {tests} ] }} }} }}\n"
    )
    report = json.loads(invoke_cli("check", "--no-cache", "--format", "json", ".", cwd=tmp_path).stdout)
    [grouped] = [d for d in report["diagnostics"] if d["code"] == "TST006"]
    assert (grouped["test_index"], grouped["test_indices"]) == (0, [0, 1, 2, 3, 4, 5])
    sarif = json.loads(invoke_cli("check", "--no-cache", "--format", "sarif", ".", cwd=tmp_path).stdout)
    [result] = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "TST006"]
    assert result["properties"]["testIndex"] == 0 and result["properties"]["testIndices"] == [0, 1, 2, 3, 4, 5]
