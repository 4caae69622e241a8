"""Every `--format` through the CLI (in-process): SARIF validated against the official 2.1.0 schema, GitHub
annotations, JUnit XML, the `flowmcp validate` layout, --output-file and --statistics.

tests/fixtures/sarif-schema-2.1.0.json is `lib/schemas/sarif-2.1.0-rtm.5.json` from the npm package
@microsoft/jest-sarif 1.0.0-beta.0 (MIT): the OASIS SARIF 2.1.0 schema as published on SchemaStore.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema

from conftest import REPO, SAMPLES, invoke_cli
from flowlint.cli.common import FORMATS
from flowlint.lint.reporters import REPORTERS

MESSY = str(SAMPLES / "messy" / "community-tools.mjs")
SARIF_SCHEMA = json.loads((REPO / "tests" / "fixtures" / "sarif-schema-2.1.0.json").read_text("utf-8"))

BROKEN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo, API: 100%', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getContractAbi: { method: 'GET', path: '/abi', description: 'ABI', parameters: [],
            output: { mimeType: 'application/json', schema: { type: 'object' } } }
    }
}
"""


def test_format_choices_are_the_registry() -> None:
    assert FORMATS == tuple(REPORTERS)
    assert set(FORMATS) >= {"text", "json", "sarif", "github", "junit", "flowmcp"}
    assert all(cls.description for cls in REPORTERS.values())


def test_sarif_is_valid_sarif_2_1_0() -> None:
    result = invoke_cli("check", MESSY, str(SAMPLES / "not-definitions"), "--format", "sarif")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    jsonschema.Draft4Validator.check_schema(SARIF_SCHEMA)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(document)
    run = document["runs"][0]
    assert document["version"] == "2.1.0"
    assert run["columnKind"] == "unicodeCodePoints"
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    assert len(results) > 20
    for entry in results:
        assert rules[entry["ruleIndex"]]["id"] == entry["ruleId"]
        assert entry["level"] in ("error", "warning", "note")
        region = entry["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
    assert {"note"} <= {entry["level"] for entry in results}  # FL002 skipped files are notes


def test_sarif_of_a_clean_run_is_valid(tmp_path: Path) -> None:
    result = invoke_cli("check", str(SAMPLES / "etherscan"), "--format", "sarif")
    assert result.returncode == 0
    document = json.loads(result.stdout)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(document)
    assert document["runs"][0]["results"] == []


def test_github_annotations(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    result = invoke_cli("check", "demo.mjs", "--format", "github", cwd=tmp_path)
    assert result.returncode == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith("::error file=demo.mjs,line=4,col=9,endLine=4,endColumn=23,title=flowlint TST001::TST001 ")
    assert "tool 'getContractAbi' has no tests" in first


def test_github_escapes_property_and_data_characters() -> None:
    from flowlint.lint.reporters import _gh_data, _gh_property

    assert _gh_property("a,b:c%d") == "a%2Cb%3Ac%25d"
    assert _gh_data("50%\nnext") == "50%25%0Anext"


def test_junit(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "skill.mjs").write_text("export const skill = { name: 'token-analysis' }\n", encoding="utf-8")
    result = invoke_cli("check", ".", "--format", "junit", cwd=tmp_path)
    assert result.returncode == 1
    root = ET.fromstring(result.stdout)
    assert root.tag == "testsuites" and root.get("failures") == "1" and root.get("tests") == "2"
    suites = {suite.get("name"): suite for suite in root}
    assert set(suites) == {"demo.mjs", "skill.mjs"}
    failure = suites["demo.mjs"].find("testcase/failure")
    assert failure is not None and failure.get("type") == "TST001"
    assert suites["skill.mjs"].find("testcase/failure") is None  # FL002 is info, below --fail-on


def test_flowmcp_validate_layout(tmp_path: Path) -> None:
    (tmp_path / "demo.mjs").write_text(BROKEN, encoding="utf-8")
    result = invoke_cli("check", "demo.mjs", "--format", "flowmcp", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("  TST001 error   getContractAbi: tool 'getContractAbi' has no tests")
    assert lines[1:] == ["1 errors, 0 warnings", "Schema cannot be loaded (has errors)"]
    clean = invoke_cli("check", str(SAMPLES / "etherscan" / "contracts.mjs"), "--format", "flowmcp")
    assert clean.stdout == "0 errors, 0 warnings\nSchema is valid\n"


def test_output_file_and_statistics(tmp_path: Path) -> None:
    out = tmp_path / "report" / "flowlint.sarif"
    out.parent.mkdir()  # a missing folder is an error (tests/test_hostile_schema.py), not created
    result = invoke_cli("check", MESSY, "--format", "sarif", "--output-file", str(out))
    assert result.returncode == 1 and result.stdout == ""
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(json.loads(out.read_text("utf-8")))
    table = tmp_path / "report" / "statistics.txt"
    statistics = invoke_cli("check", MESSY, "--statistics", "--output-file", str(table))
    assert statistics.returncode == 1 and statistics.stdout == ""  # as ruff: only the table, to the file
    header, *stats = table.read_text("utf-8").splitlines()
    assert header.split() == ["count", "code", "error", "warning", "info", "fix", "name"]
    rows = [line.split() for line in stats]
    counts = [int(row[0]) for row in rows]
    assert counts == sorted(counts, reverse=True)  # the most frequent code first
    assert ["8", "TST004", "8", "[*]", "valid-values"] in rows
    assert sum(int(line.split()[0]) for line in stats) == len(
        json.loads(invoke_cli("check", MESSY, "--format", "json").stdout)["diagnostics"]
    )
    before = out.stat().st_mtime_ns
    invoke_cli("check", MESSY, "--format", "sarif", "--output-file", str(out))
    assert out.stat().st_mtime_ns == before  # same bytes: not rewritten


def test_statistics_keep_machine_output_parseable() -> None:
    result = invoke_cli("check", MESSY, "--format", "json", "--statistics")
    rows = json.loads(result.stdout)  # only the statistics, as JSON (as ruff's --output-format json)
    assert {
        "code": "TST004",
        "name": "valid-values",
        "count": 8,
        "errors": 8,
        "warnings": 0,
        "infos": 0,
        "severities": ["error"],
        "fixable": 3,
    } in rows
    assert result.stderr == ""
    text = invoke_cli("check", MESSY, "--statistics")
    assert not any(": " in line for line in text.stdout.splitlines())  # no findings, no summary
    assert text.stdout.splitlines()[0].split()[:2] == ["count", "code"]
    assert text.stdout.splitlines()[-1].split()[1] in {
        "RES014",
        "FL013",
        "VAL048",
        "VAL044",
        "VAL043",
        "VAL040",
        "TST008",
        "TST005",
        "TST003",
        "RES012",
    }
