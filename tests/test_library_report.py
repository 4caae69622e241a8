"""The public library's first screen (issue 27, item 3): `flowlint check flowmcp-community` printed
7,586 findings, the first screen eight spec-only warnings about list fields, and nothing that said which
files FlowMCP refuses to load. Now the report starts with them, grouped by why, in under 40 lines;
`-q` prints the errors only. One run of the library in this process (about 5 s; the cache is cold);
skipped when the library's tarball is absent (see conftest.corpus)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import invoke_cli


@pytest.fixture(scope="module")
def library_run(corpus: Path) -> tuple[str, str]:
    full = invoke_cli("check", "flowmcp-community", cwd=corpus)
    quiet = invoke_cli("check", "-q", "flowmcp-community", cwd=corpus)
    assert full.returncode == quiet.returncode == 1
    return full.stdout, quiet.stdout


def test_the_first_screen_says_which_files_flowmcp_refuses_and_why(library_run: tuple[str, str]) -> None:
    full, _ = library_run
    lines = full.splitlines()
    first = next(i for i, line in enumerate(lines) if re.match(r"flowmcp-community/\S+:\d+:\d+: ", line))
    screen = lines[:first]
    assert len(screen) < 40, "\n".join(screen)
    assert screen[0].startswith("flowlint: ") and "in 524 files" in screen[0]
    [refused] = [line for line in screen if line.startswith("FlowMCP refuses to load ")]
    total = int(refused.split()[4])
    # Each refused file is named under the code that refuses it (with the rule's summary), or counted in
    # the last line of the group.
    codes = [line for line in screen if re.match(r"  [A-Z]+\d+ \(\d+\): \S", line)]
    named = sum(len(line.split()) for line in screen if line.startswith("      "))
    more = re.search(r"  and (\d+) more files?", full)
    assert named + (int(more.group(1)) if more else 0) == total, "\n".join(screen)
    assert codes and all("VAL001" not in line for line in codes)
    # The 13 FlowMCP 1.2 files: the 3.x runtime loads them (LegacyAdapter) but serves none of their tools.
    assert any(re.match(r"  tool not built .*VAL001 13", line) for line in screen), "\n".join(screen)
    assert any(line.startswith("Errors by what FlowMCP does") for line in screen)
    for consequence in ("refused at load", "tool not built", "call refused over MCP", "test rule"):
        assert any(line.startswith(f"  {consequence} ") for line in screen), consequence


def test_quiet_prints_the_library_s_errors_only(library_run: tuple[str, str]) -> None:
    full, quiet = library_run
    errors = [line for line in full.splitlines() if re.match(r"\S+:\d+:\d+: [A-Z]+\d+ error ", line)]
    assert quiet.splitlines() == errors and len(errors) > 1000
