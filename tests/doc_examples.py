"""The examples of README.md and docs/*.md, read from the pages for tests/test_doc_examples.py.

Every fenced block of a page is preceded by a marker that says what it is (issue 27, item 9):

- `<!-- example: run -->`: a session: lines `$ COMMAND` and the output each prints (stdout and stderr
  as a terminal shows them: each stream's lines in their order). A line `...` stands for any number
  of lines. The commands run in a
  work folder holding a copy of `sample_schemas/` and `examples/`, and the files of the page's
  `file` blocks; a `flowlint ...` command runs in-process, anything else (a pipe, `echo`, `<`) in
  bash with this environment's `flowlint` first on PATH.
- `<!-- example: run with the demo API -->`: the same, with the README's demo API
  (`examples/demo-prices/serve.py`) served on 127.0.0.1; its port replaces 8765 in the block.
- `<!-- example: file NAME -->`: the block is the file NAME, written into the work folder.
- `<!-- example: python -->`: Python, run in the work folder (stdout compared with `# ` comments
  after `print(...)` lines when they hold `-> OUTPUT`).
- `<!-- example: config -->`: a `[tool.flowlint]` table (TOML), read as flowlint reads a configuration;
  `<!-- example: config file NAME -->` also writes it into the work folder as NAME.
- `<!-- example: json -->`: JSON that must parse; a capture record must be one `verify` reads.
- `<!-- example: yaml -->`: YAML that must parse (a CI job, a pre-commit configuration); every
  `flowlint` command line in it must be one flowlint accepts.
- `<!-- example: not run: WHY -->`: not run, and why (an install, a call to a real API, an editor's
  configuration).
- The markers of older tests count as run: `<!-- walkthrough: ... -->` (tests/test_walkthrough.py),
  `<!-- schema example: ... -->` (the same), `<!-- pre-commit-local-example: ... -->`
  (tests/test_precommit.py).

Timings (`0.4 s`, `12 ms`) and capture run folders (`2026-11-22T02-19-29Z`) are compared as
placeholders, so the examples stay true without pinning the clock; the work folder is shown as
`/home/me/library` and a rule page installed with flowlint as `file:///.../CODE.md`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", *sorted(p for p in (REPO / "docs").glob("*.md") if p.name != "rules.md")]
"""The pages whose examples are run (docs/rules.md and docs/rules/ are generated from the rule classes,
whose examples tests/test_rules.py runs)."""

_FENCE = re.compile(r"^```([A-Za-z0-9_+-]*)\n(.*?)^```\n", re.S | re.M)
_MARKER = re.compile(r"<!--\s*((?:(?!<!--).)*?)\s*-->\s*\n\Z", re.S)
_OLDER = ("walkthrough:", "schema example:", "pre-commit-local-example:", "pre-commit-captures-example:")


@dataclass
class Block:
    page: Path
    line: int
    language: str
    text: str
    marker: str  # the marker's text without `example:` (`run`, `file demo.mjs`...), or "" when none

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"

    @property
    def kind(self) -> str:
        return self.marker.split(":")[0].split()[0] if self.marker else ""


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of `page`, each with the marker on the line just before it."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        before = text[: match.start()]
        marker = _MARKER.search(before)
        label = ""
        if marker is not None:
            label = marker.group(1)
            if label.startswith("example:"):
                label = label.removeprefix("example:").strip()
            elif label.startswith(_OLDER):
                label = "older " + label
            else:
                label = ""
        found.append(Block(page, before.count("\n") + 1, match.group(1), match.group(2), label))
    return found


def session(block: Block) -> list[tuple[str, list[str]]]:
    """A `run` block as (command, expected output lines) pairs."""
    steps: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise AssertionError(f"{block.where}: output before the first `$ ` command: {line!r}")
    return steps


_VARYING = (
    (re.compile(r"\b\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\b"), "<RUN>"),
    (re.compile(r"\b\d+(?:\.\d+)? (?:s|ms)\b"), "<TIME>"),
    (re.compile(r"file://[^\"\s]*/([A-Z]+\d+\.md)"), r"file:///.../\1"),
)
WORK = "/home/me/library"
"""How the work folder is shown in the pages' outputs."""


def normal(line: str) -> str:
    """A line with its timings and capture run folders as placeholders."""
    for pattern, placeholder in _VARYING:
        line = pattern.sub(placeholder, line)
    return line.rstrip()


def matches(expected: list[str], stdout: list[str], stderr: tuple[str, ...] | list[str] = ()) -> bool:
    """Whether `expected` is the lines of `stdout` and `stderr` interleaved (each in its own order, as a
    terminal shows two streams), a `...` line standing for any number of lines of either."""
    import functools

    want = [normal(line) for line in expected]
    out = [normal(line) for line in stdout]
    err = [normal(line) for line in stderr]

    @functools.cache
    def match(i: int, j: int, k: int) -> bool:
        if i == len(want):
            return j == len(out) and k == len(err)
        if want[i].strip() == "...":
            return match(i + 1, j, k) or (j < len(out) and match(i, j + 1, k)) or (k < len(err) and match(i, j, k + 1))
        return (j < len(out) and want[i] == out[j] and match(i + 1, j + 1, k)) or (
            k < len(err) and want[i] == err[k] and match(i + 1, j, k + 1)
        )

    return match(0, 0, 0)
