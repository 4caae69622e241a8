"""Reporters against hostile text (issue "hostile input"): a lone surrogate in a message (from a
test's `_description`) or a file name that is not UTF-8 (surrogateescape'd by os.fsdecode) must
still give valid output in every format, written to a strict UTF-8 stream."""

from __future__ import annotations

import io
import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import SAMPLES, invoke_cli
from flowlint.core.severity import Severity
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.reporters import REPORTERS
from flowlint.lint.result import FileReport, LintResult

BAD_PATH = os.fsdecode(b"defs/bad-\xff-name.mjs")  # 'defs/bad-\udcff-name.mjs'
SURROGATE_PATH = "defs/lone-\ud800.mjs"


def _result() -> LintResult:
    def diagnostic(path: str, message: str) -> Diagnostic:
        return Diagnostic(
            code="FMC001",
            severity=Severity.ERROR,
            message=message,
            path=path,
            line=1,
            column=1,
            end_line=1,
            end_column=2,
            tool="get\ud800Thing",
            test_index=0,
        )

    return LintResult(
        files=[
            FileReport(BAD_PATH, "definition", [diagnostic(BAD_PATH, "test 'bad \udcff bytes' fails")]),
            FileReport(SURROGATE_PATH, "definition", [diagnostic(SURROGATE_PATH, "test '\ud800 lone' fails")]),
        ]
    )


def _render(name: str) -> str:
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="utf-8", errors="strict", newline="")
    REPORTERS[name]().write(_result(), stream)
    stream.flush()
    return buffer.getvalue().decode("utf-8")  # strict: the output is valid UTF-8


@pytest.mark.parametrize("name", sorted(REPORTERS))
def test_every_format_writes_valid_utf8_for_lone_surrogates(name: str) -> None:
    text = _render(name)
    if name == "markdown":  # escaped as every string from a file is (core.fileio.printable)
        assert "\\\\ud800 lone" in text
    else:
        assert "\ufffd lone" in text  # a lone surrogate becomes U+FFFD REPLACEMENT CHARACTER
    if name in ("json", "sarif"):
        json.loads(text)
    if name == "junit":
        ET.fromstring(text.encode("utf-8"))


def test_sarif_uri_keeps_the_file_name_bytes_percent_encoded() -> None:
    document = json.loads(_render("sarif"))
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in document["runs"][0]["results"]]
    assert uris == ["defs/bad-%FF-name.mjs", "defs/lone-%EF%BF%BD.mjs"]
    fingerprints = [r["partialFingerprints"]["flowlint/v1"] for r in document["runs"][0]["results"]]
    assert len(set(fingerprints)) == 2


def test_json_keeps_valid_text_unchanged() -> None:
    document = json.loads(_render("json"))
    assert document["diagnostics"][0]["path"] == "defs/bad-\ufffd-name.mjs"
    assert document["diagnostics"][1]["message"] == "test '\ufffd lone' fails"


def test_junit_stays_well_formed_xml_with_control_characters() -> None:
    bad = "defs/ctl-\x01.mjs"
    finding = Diagnostic(
        code="FMC001",
        severity=Severity.ERROR,
        message="test 'nul \x00 bell \x07 esc \x1b' fails",
        path=bad,
        line=1,
        column=1,
        end_line=1,
        end_column=2,
    )
    buffer = io.StringIO()
    REPORTERS["junit"]().write(LintResult(files=[FileReport(bad, "definition", [finding])]), buffer)
    root = ET.fromstring(buffer.getvalue().encode("utf-8"))
    failure = root.find(".//failure")
    assert failure is not None and failure.get("message") == "test 'nul \ufffd bell \ufffd esc \ufffd' fails"


@pytest.mark.parametrize("name", sorted(REPORTERS))
def test_cli_reports_a_file_whose_name_is_not_utf8(name: str, tmp_path: Path) -> None:
    """Through the real CLI (in-process): a definition with a finding, in a file named with byte 0xFF."""
    broken = (SAMPLES / "coingecko" / "simple-price.mjs").read_text(encoding="utf-8")
    broken = re.sub(r"tests\s*:\s*\[", "tests: [ { _description: '' }, ", broken, count=1)
    try:
        path = tmp_path / os.fsdecode(b"bad-\xff.mjs")
        path.write_text(broken, encoding="utf-8")
    except (OSError, UnicodeError):
        pytest.skip("this file system does not take a file name that is not UTF-8")
    completed = invoke_cli("check", "--format", name, str(path))
    assert completed.returncode == 1, completed.stderr
    assert "TST002" in completed.stdout
    if name == "sarif":
        assert "bad-%FF.mjs" in completed.stdout
    elif name in ("text", "grouped", "github"):  # the byte, escaped as reports show it (core.fileio.printable)
        assert "bad-\\xff.mjs" in completed.stdout
    elif name == "markdown":  # the same, its backslash escaped for Markdown
        assert "bad-\\\\xff.mjs" in completed.stdout
    elif name != "flowmcp":  # flowmcp names the file only when it reports several
        assert "bad-\ufffd.mjs" in completed.stdout


@pytest.mark.parametrize("output_format", ["text", "flowmcp"])
def test_a_file_name_with_a_line_break_cannot_forge_a_workflow_command(output_format: str, tmp_path: Path) -> None:
    # The text format printed the name raw: its second line, `::error file=...::`, reached stdout, where
    # GitHub Actions reads it as a command (the github format escapes it already).
    forged = "x\n::error file=README.md,line=1::forged\x1b[2J.mjs"
    (tmp_path / forged).write_text("export const main = {\n")
    (tmp_path / "other.mjs").write_text("export const main = {\n")  # flowmcp names files only when several
    result = invoke_cli("check", "--format", output_format, ".", cwd=tmp_path)
    assert result.returncode == 1
    assert not [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert "\x1b" not in result.stdout
    assert "x\\n::error file=README.md,line=1::forged\\u001b[2J.mjs" in result.stdout


def test_flowmcp_and_junit_report_non_definitions_as_skipped() -> None:
    # flowmcp printed "Schema is valid" for the files the text format counts as skipped, and JUnit
    # listed them as passing suites.
    folder = SAMPLES / "not-definitions"
    flowmcp = invoke_cli("check", "--format", "flowmcp", str(folder))
    assert "Schema is valid" not in flowmcp.stdout
    assert flowmcp.stdout.count("Skipped: not a tool definition\n") == 3
    junit = invoke_cli("check", "--format", "junit", "--show-skipped", str(folder))
    root = ET.fromstring(junit.stdout)
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("3", "0", "3")
    for suite in root.iter("testsuite"):
        [skipped] = suite.iter("skipped")
        assert suite.get("skipped") == "1" and skipped.get("message", "").startswith("not a tool definition: ")
    mixed = invoke_cli("check", "--format", "junit", str(SAMPLES / "coingecko"), str(folder / "skill-example.mjs"))
    suites = {suite.get("name"): suite.get("skipped") for suite in ET.fromstring(mixed.stdout).iter("testsuite")}
    assert sorted(suites.values()) == ["0", "1"]  # the definition passes, the skill is skipped
