"""Dogfood: flowlint on its own sample_schemas/ must match the reviewed snapshot, and the console examples
of the README and docs/ must print what they say they print."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from conftest import REPO, Golden, invoke_cli

SNAPSHOT = REPO / "tests" / "snapshots" / "sample_schemas.txt"


def test_samples_match_the_reviewed_snapshot(golden: Golden) -> None:
    result = invoke_cli("check", "sample_schemas")
    assert result.stderr == ""
    assert result.returncode == 1
    golden.check(SNAPSHOT, result.stdout)


def test_every_rule_fires_somewhere_in_the_samples(golden: Golden) -> None:
    """The samples are the living catalogue: each lint rule that can fire on a file shows up at least once."""
    output = golden.read(SNAPSHOT).decode("utf-8")
    seen = set(re.findall(r": ([A-Z]{2,3}\d{3}) (?:error|warning|info) ", output))
    from flowlint.lint.registry import all_rules

    # FL002 is quiet without --show-skipped (the summary counts the skipped samples); VER codes come
    # from `flowlint verify`, not `check`.
    assert "6 lists, 4 skipped" in next(line for line in output.splitlines() if line.startswith("Found"))
    expected = {rule.code for rule in all_rules() if not rule.code.startswith("VER")} - {
        "FL002",
        "FL003",
        "FL004",
        "FL005",
        "FL006",
        "FL008",
        "FL011",
        "FL007",
        "VAL002",  # main that is not an object: tests/test_engine.py and the rule's examples show it
        "LST011",  # a chain of five lists: tests/fixtures/list_chain/ shows it
        "FL009",
        "FL020",  # a file too costly to evaluate: tests/test_hostile_check.py and the rule's examples show it
        "VAL001",  # a file without a main export named on the command line: tests/test_named_files.py
        # 4.x resource and prompt shapes, and the scan's other patterns: each rule's examples show them,
        # tests/test_security_scan.py every pattern of both scanners.
        "FL022",
        "FL023",
        "RES028",
        "RES036",
        "SEC020",
        *(f"SEC0{n:02d}" for n in (2, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16)),
    }
    assert expected <= seen, sorted(expected - seen)


def _console_blocks() -> list[tuple[str, str]]:
    pages = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    blocks = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        lines = block.splitlines()
        assert lines[0].startswith("$ "), block
        blocks.append((lines[0][2:], "\n".join(lines[1:]) + "\n"))
    return blocks


@pytest.mark.parametrize(("command", "expected"), _console_blocks())
def test_documented_console_examples(command: str, expected: str) -> None:
    argv = shlex.split(command)
    assert argv[0] == "flowlint"
    result = invoke_cli(*argv[1:], cwd=Path(REPO))
    assert result.stdout.startswith(expected) or result.stdout == expected, result.stdout
