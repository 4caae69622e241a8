"""Reports that lead (issue 27, items 3, 4, 7 and 8) and one escape for every string from a definition
(issue 28, item 6): the summary first on a large run, `-q` for errors only, `grouped`, `markdown` and
`gitlab` (valid against GitLab's own schema), `$GITHUB_STEP_SUMMARY`, short headlines with `help:` and
frames cut around the caret, `--statistics` by severity, `--fix --diff`, per-finding consequences in
`flowlint rule`, a readable `flowlint --help`; and hostile definition strings in every format."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from conftest import REPO, SAMPLES, invoke_cli
from flowlint.lint.reporters import REPORTERS

GITLAB_SCHEMA = json.loads((REPO / "tests" / "data" / "gitlab-codeclimate.schema.json").read_text("utf-8"))
GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    shutil.copytree(SAMPLES, tmp_path / "samples")
    return tmp_path / "samples"


def test_a_large_run_starts_with_what_flowmcp_refuses_and_why(samples: Path) -> None:
    """Item 3: the library's first screen was eight spec-only warnings about list fields. A run with more
    than 50 findings starts with the counts, the files FlowMCP refuses to load grouped by why, and the
    errors by consequence, before the first finding; a small run does not."""
    result = invoke_cli("check", "--no-cache", "samples", cwd=samples.parent)
    lines = result.stdout.splitlines()
    first_finding = next(i for i, line in enumerate(lines) if re.match(r"samples/.*:\d+:\d+: [A-Z]+\d+ ", line))
    lead = lines[:first_finding]
    assert lead[0].startswith("flowlint: 102 errors, ") and "2 not loadable" in lead[0]
    assert lead[1].startswith("FlowMCP refuses to load 8 files (under samples/):")
    assert "  VAL010 (1): main.namespace is required and must be a string" in lead
    assert "      messy/bad-resources.mjs" in lead
    assert any(line.startswith("Errors by what FlowMCP does") for line in lead)
    assert any(re.match(r"  refused at load +\d+ in 8 files: ", line) for line in lead)
    assert len(lead) < 40
    small = invoke_cli("check", "--no-cache", "samples/openmeteo", cwd=samples.parent)
    assert small.stdout.startswith("samples/openmeteo/forecast.json:26:26: TST001 warning")


def test_quiet_prints_the_errors_only(samples: Path) -> None:
    """Item 3: no errors-only view (ESLint's --quiet). `-q` shows what fails the run: errors by default,
    warnings too with --fail-on warning; nothing else, no summary."""
    quiet = invoke_cli("check", "--no-cache", "-q", "samples", cwd=samples.parent)
    assert quiet.returncode == 1
    lines = quiet.stdout.splitlines()
    assert len(lines) == 102 and all(" error " in line for line in lines)
    warned = invoke_cli("check", "--no-cache", "-q", "--fail-on", "warning", "samples/openmeteo", cwd=samples.parent)
    assert {line.split()[2] for line in warned.stdout.splitlines()} == {"error", "warning"}


def test_grouped_puts_the_findings_under_their_file(samples: Path) -> None:
    result = invoke_cli("check", "--no-cache", "--output-format", "grouped", "samples/openmeteo", cwd=samples.parent)
    lines = result.stdout.splitlines()
    assert lines[0] == "samples/openmeteo/forecast.json:"
    assert lines[1].startswith("  26:26  TST001 warning tool 'getForecast' has 2 tests")
    assert lines[-2:] == [
        "Found 3 errors, 2 warnings in 1 file (1 definition, 0 skipped).",
        "[*] 1 fixable with `--fix` (2 more have unsafe fixes: `--unsafe-fixes`).",
    ]


def test_gitlab_report_is_valid_code_quality(samples: Path) -> None:
    """Item 8: no GitLab Code Quality report. Checked against GitLab's own schema of an issue (vendored,
    tests/data/README.md says from where) and the fields GitLab documents: `check_name`, a `severity` of
    GitLab's five, `location.path` and `location.lines.begin`, a fingerprint unique to each issue."""
    result = invoke_cli("check", "--no-cache", "--format", "gitlab", "samples", cwd=samples.parent)
    issues = json.loads(result.stdout)
    assert isinstance(issues, list) and len(issues) == 180
    for issue in issues:
        jsonschema.Draft7Validator(GITLAB_SCHEMA).validate(issue)
        assert issue["severity"] in GITLAB_SEVERITIES
        assert re.fullmatch(r"[A-Z]+\d+", issue["check_name"]) and issue["description"].startswith(issue["check_name"])
        assert issue["location"]["path"].startswith("samples/") and issue["location"]["lines"]["begin"] >= 1
    assert len({issue["fingerprint"] for issue in issues}) == len(issues)
    refused = [issue for issue in issues if issue["check_name"] == "FL001"]
    assert refused[0]["severity"] == "blocker"  # FlowMCP refuses to load the file (it does not parse)


def _tables(markdown: str) -> list[list[list[str]]]:
    """The Markdown tables of a page, each as rows of cells (header and separator included)."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith("|") and line.endswith("|"):
            current.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line[1:-1])])
        elif current:
            tables.append(current)
            current = []
    return tables


def test_markdown_renders_as_tables(samples: Path) -> None:
    """Item 4: no Markdown / step summary. Counts by severity, the files FlowMCP refuses, errors by
    consequence, findings by code and the files that fail, each a well-formed table (every row has the
    header's number of cells, the second row is the separator)."""
    result = invoke_cli("check", "--no-cache", "--format", "markdown", "samples", cwd=samples.parent)
    assert result.returncode == 1
    tables = _tables(result.stdout)
    assert [table[0][0] for table in tables] == ["severity", "file", "consequence", "code", "file"]
    for table in tables:
        assert all(len(row) == len(table[0]) for row in table), table
        assert all(re.fullmatch(r"-{3}:?", cell) for cell in table[1])
    assert tables[0][2:] == [["error", "102"], ["warning", "74"], ["info", "4"]]
    assert [
        "samples/messy/bad-resources.mjs",
        "`VAL010`",
        "main.namespace is required and must be a string",
    ] in [row[:3] for row in tables[1]]
    assert "- 4 fixable with `flowlint check --fix`" in result.stdout


def test_github_adds_the_summary_to_the_job_page(samples: Path, tmp_path: Path) -> None:
    summary = tmp_path / "step-summary.md"
    summary.write_text("## an earlier step\n", encoding="utf-8")
    env = {"GITHUB_STEP_SUMMARY": str(summary)}
    result = invoke_cli("check", "--no-cache", "--format", "github", "samples/openmeteo", cwd=samples.parent, env=env)
    assert result.stdout.startswith("::warning file=samples/openmeteo/forecast.json")
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## an earlier step\n## flowlint check: FAIL\n")  # added, never overwritten
    plain = invoke_cli("check", "--no-cache", "--format", "text", "samples/openmeteo", cwd=samples.parent, env=env)
    assert plain.returncode == 1 and summary.read_text(encoding="utf-8") == text  # only --format github


def test_a_terminal_shows_a_short_headline_a_cut_frame_and_help(tmp_path: Path) -> None:
    """Item 3: messages of 262 characters (up to 1,057) and frames of whole 300-column lines. With the
    source shown, the headline stops at what is wrong, `help:` says what to do, a long line is cut
    around the caret, and the line says where the rule is explained."""
    long_line = "            tests: [ " + ", ".join(f"{{ _description: 'Case {i}', limit: 5 }}" for i in range(8))
    source = (
        "export const main = {\n"
        "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',\n"
        "    tools: {\n"
        "        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',\n"
        "            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],\n"
        f"{long_line}, {{ _description: 'Ten', limit: '10' }} ],\n"
        "            output: { mimeType: 'application/json', schema: { type: 'object' } } }\n"
        "    }\n"
        "}\n"
    )
    (tmp_path / "demo.mjs").write_text(source, encoding="utf-8")
    result = invoke_cli("check", "--no-cache", "--show-source", "--select", "TST004", "demo.mjs", cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert re.fullmatch(
        r"demo.mjs:6:\d+: TST004 error \[\*\] test 8 \('Ten'\): parameter 'limit' expects number\(\), got string '10'",
        lines[0],
    )
    frame, caret = lines[2], lines[3]
    assert frame.startswith("6 | …") and len(frame) <= 104 and caret.index("^^^^") == frame.index("'10'")
    assert lines[5:7] == ["  = help: write 10 without quotes", "  = rule: flowlint rule TST004"]


def test_fix_with_diff_shows_the_diff_and_writes_nothing(tmp_path: Path) -> None:
    """Item 7: `--fix --diff` exited 2; ruff accepts it (the diff of what --fix would write)."""
    target = tmp_path / "forecast.json"
    shutil.copy(SAMPLES / "openmeteo" / "forecast.json", target)
    before = target.read_bytes()
    result = invoke_cli("check", "--fix", "--diff", "forecast.json", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert (
        '-                    { "_description": "Sydney' in result.stdout
        and '"current_weather": false }' in result.stdout
    )
    assert target.read_bytes() == before


def test_flowlint_rule_tells_per_finding_consequences_apart() -> None:
    """Item 7: `flowlint rule FL012` said "warning by default, silently ignored" while 845 of its 886
    library findings are errors."""
    text = invoke_cli("rule", "FL012").stdout
    assert "- Severity: per finding, by what FlowMCP's runtime does (each message says which):" in text
    assert "  - tool not built: **error** by default, **error** under `--strict`" in text
    assert "  - call refused over MCP: **error** by default" in text
    assert "  - silently ignored: **warning** by default, **error** under `--strict`" in text
    plain = invoke_cli("rule", "TST004").stdout
    assert "- Severity: **error** by default, **error** under `--strict`" in plain


def test_the_top_level_help_is_readable() -> None:
    """Item 7: `flowlint --help` cut every command's description ("Run every test of every tool and
    store the responses under...")."""
    text = invoke_cli("--help", env={"COLUMNS": "80"}).stdout
    commands = text[text.index("Commands:") :].splitlines()[1:]
    assert len(commands) == 11 and not any(line.endswith("...") for line in commands)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "flowlint capture prices.mjs" in text


# --- one escape for every string from a definition (issue 28, item 6) ---------------------------------

FORGED = "\n::error file=README.md,line=1::forged\x1b]52;c;cHduZWQ=\x07\x1b[2J\u202e"
"""A line break and a workflow command, an OSC 52 clipboard write, a screen clear, a bidi override."""


def _hostile(tmp_path: Path) -> Path:
    """A definition whose namespace, tool name, parameter key, method and version carry FORGED."""
    evil = json.dumps(FORGED)[1:-1].replace("'", "\\'")
    source = (
        "export const main = {\n"
        f"    namespace: 'demo{evil}', name: 'Demo', description: 'Demo API', version: '3.0.0{evil}',\n"
        "    root: 'https://api.example.com',\n"
        "    tools: {\n"
        f"        'get{evil}': {{ method: 'GET{evil}', path: '/x', description: 'X',\n"
        f"            parameters: [ {{ position: {{ key: 'k{evil}', value: '{{{{USER_PARAM}}}}', location: 'query' }}, z: {{ primitive: 'string()', options: [] }} }} ],\n"
        f"            tests: [ {{ _description: 'one{evil}', 'k{evil}': 1 }} ] }}\n"
        "    }\n"
        "}\n"
    )
    (tmp_path / "hostile.mjs").write_text(source, encoding="utf-8")
    return tmp_path / "hostile.mjs"


@pytest.mark.parametrize("name", sorted(REPORTERS))
def test_no_definition_string_reaches_a_report_raw(name: str, tmp_path: Path) -> None:
    """Definition strings went raw into the `text` and `flowmcp` reports: a forged `::error::` line,
    terminal escapes, an OSC 52 clipboard write. In every format: no control character but a line break
    between lines, no bidi control, no line that is a workflow command but the github format's own."""
    _hostile(tmp_path)
    result = invoke_cli("check", "--no-cache", "--format", name, "hostile.mjs", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert len(out.splitlines()) > 1 and "VAL011" in out  # the namespace was reported
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", out), repr(out[:500])
    forged = [line for line in out.splitlines() if line.lstrip().startswith("::")]
    if name == "github":
        assert all(line.startswith(("::error file=hostile.mjs,", "::warning file=hostile.mjs,")) for line in forged)
        assert all("::error file=README.md" not in line.split("::", 2)[1] for line in forged)
    else:
        assert forged == []
    if name in ("json", "sarif", "gitlab"):
        json.loads(out)
    if name == "junit":
        ET.fromstring(out.encode("utf-8"))
    assert "u001b" in out and "u202e" in out  # escaped, not dropped


def test_step_summary_and_capture_summary_escape_too(tmp_path: Path) -> None:
    _hostile(tmp_path)
    summary = tmp_path / "summary.md"
    invoke_cli(
        "check",
        "--no-cache",
        "--format",
        "github",
        "hostile.mjs",
        cwd=tmp_path,
        env={"GITHUB_STEP_SUMMARY": str(summary)},
    )
    text = summary.read_text(encoding="utf-8")
    assert "VAL011" in text and not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]", text)


# --- capture, verify and schema say what they did (items 2, 5, 6 and 8) ---------------------------------


@pytest.fixture
def demo_captured(tmp_path: Path) -> Path:
    """The README's demo definition and its captures (the real `capture`, the demo API in this process)."""
    from http.server import ThreadingHTTPServer

    from test_capture_records_are_quiet import _demo_handler

    from conftest import serving

    folder = tmp_path / "demo"
    shutil.copytree(REPO / "examples" / "demo-prices", folder)
    with serving(ThreadingHTTPServer(("127.0.0.1", 0), _demo_handler())) as server:
        base = f"demoprices=http://127.0.0.1:{server.server_address[1]}"
        done = invoke_cli("capture", "prices.mjs", "--base-url", base, "--delay", "0", cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder


def test_capture_and_verify_give_a_markdown_summary(demo_captured: Path) -> None:
    """Item 8: `capture` wrote only metrics.json and a stderr line. Each run folder gets summary.md, and
    `verify --format markdown` prints the same table: PASS/FAIL/SKIP per test (seed 002)."""
    [summary] = list((demo_captured / "capture").glob("*/summary.md"))
    tables = _tables(summary.read_text(encoding="utf-8"))
    assert tables[0][0] == ["namespace", "tool", "test", "result", "detail"]
    assert [row[3] for row in tables[0][2:]] == ["**PASS**"] * 6
    assert invoke_cli("schema", "--write", "prices.mjs", "--captures", "capture", cwd=demo_captured).returncode == 0
    text = (demo_captured / "prices.mjs").read_text(encoding="utf-8")
    (demo_captured / "prices.mjs").write_text(text.replace("price: { type: 'number' }", "price: { type: 'string' }"))
    verified = invoke_cli("verify", "prices.mjs", "--captures", "capture", "--format", "markdown", cwd=demo_captured)
    assert verified.returncode == 1
    assert verified.stdout.startswith("## flowlint verify: FAIL\n\nmatched 3 · drifted 3 · failed or skipped 0")
    rows = _tables(verified.stdout)[0][2:]
    assert sorted(row[3] for row in rows) == ["**FAIL**"] * 3 + ["**PASS**"] * 3
    assert any("data.price: expected string, got number" in row[4] for row in rows)


def test_schema_check_names_each_file_and_a_contradiction_is_an_error(demo_captured: Path) -> None:
    """Item 5: `schema --check` said "1 definition(s) would change" without naming it, and a capture that
    contradicts a declared type widened it with only a line on stderr."""
    checked = invoke_cli("schema", "--check", "prices.mjs", "--captures", "capture", cwd=demo_captured)
    assert checked.returncode == 1 and "prices.mjs: would change\n" in checked.stderr
    invoke_cli("schema", "--write", "prices.mjs", "--captures", "capture", cwd=demo_captured)
    text = (demo_captured / "prices.mjs").read_text(encoding="utf-8")
    assert "description: ''" not in text and "price: { type: 'number' }" in text
    wrong = text.replace("price: { type: 'number' }", "price: { type: 'string' }")
    (demo_captured / "prices.mjs").write_text(wrong, encoding="utf-8")
    written = invoke_cli("schema", "--write", "prices.mjs", "--captures", "capture", cwd=demo_captured)
    assert written.returncode == 1
    assert (
        "prices.mjs: getPrice: failed: the captures contradict the declared output schema in 1 place" in written.stderr
    )
    assert "error: $.price: declared type 'string' but the captures have number" in written.stderr
    assert (demo_captured / "prices.mjs").read_text(encoding="utf-8") == wrong  # never widened


def test_a_one_line_schema_stays_one_line(tmp_path: Path) -> None:
    """Item 5: compact one-line output schemas were expanded, every node with `description: ''`
    (cocktaildb.mjs 89 -> 266 lines). A new property is added inside the one line."""
    from flowlint.captures.records import CaptureRecord
    from flowlint.rewrite.outputs import CaptureIndex, plan_source

    source = (
        "export const main = {\n"
        "    namespace: 'drinks', name: 'Drinks', description: 'Drinks API', version: '3.0.0', root: 'https://api.example.com',\n"
        "    tools: {\n"
        "        search: { method: 'GET', path: '/search', description: 'Search', parameters: [],\n"
        "            tests: [ { _description: 'All' } ],\n"
        "            output: {\n"
        "                mimeType: 'application/json',\n"
        "                schema: { type: 'object', properties: { drinks: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } } } }\n"
        "            }\n"
        "        }\n"
        "    }\n"
        "}\n"
    )
    record = {
        "namespace": "drinks",
        "toolName": "search",
        "testIndex": 0,
        "timestamp": "2026-01-01T00:00:00.000Z",
        "response": {"status": True, "messages": [], "data": {"drinks": [{"id": "1", "name": "a", "glass": "tall"}]}},
        "contentType": "application/json",
    }
    index = CaptureIndex()
    index.add(CaptureRecord.model_validate(record))
    result = plan_source(source.encode(), tmp_path / "drinks.mjs", index)
    assert result.status == "changed", result.reason
    after = result.after.decode()
    assert after.count("\n") == source.count("\n")
    assert "properties: { id: { type: 'string' }, name: { type: 'string' }, glass: { type: 'string' } }" in after
    assert "description" not in after[after.index("output:") :]


def test_the_readme_sets_up_a_virtual_environment_and_no_missing_tag_is_promised() -> None:
    """Item 6: the README never made a virtual environment (a Debian Python refuses `pip install .`),
    the published hook wanted `rev: v0.2.0` while the repository has no tags."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set up") : readme.index("## Typical workflow")]
    assert "python3 -m venv .venv && . .venv/bin/activate" in setup and "pip install . &&" in setup
    assert "externally-managed-environment" in setup and "--break-system-packages" in setup
    pages = readme + "".join(p.read_text(encoding="utf-8") for p in (REPO / "docs").glob("*.md"))
    assert "v0.2.0" not in pages and "@v0" not in pages
