"""SEC001 and FL018: the text patterns FlowMCP's runtime refuses in a definition file (its SecurityScanner).

Before it loads a `.mjs` definition, the runtime reads the file line by line and refuses it when a
line that does not start with `//`, `*` or `/*` contains one of its forbidden substrings, wherever
it is: in code, in strings, in URLs (`https://global.api...` holds `global.`). The specification's
registry (09) names only the import check (SEC001); 05-security numbers the other patterns
differently from 09, so flowlint reports them as FL018 and quotes the runtime's own code.
Python and JSON definitions are not scanned (the runtime loads JavaScript only).
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import Span
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, ListContext, Rule, RuleContext, example

# (substring, the runtime's code, what it is): flowmcp-core SecurityScanner (src/v2 at fa4ffa6).
PATTERNS = (
    ("import ", "SEC001", "import"),
    ("require(", "SEC002", "require"),
    ("eval(", "SEC003", "eval"),
    (" Function(", "SEC004", "Function constructor"),
    ("new Function", "SEC005", "new Function"),
    ("(Function(", "SEC004", "Function constructor"),
    ("process.", "SEC006", "process access"),
    ("child_process", "SEC007", "child_process"),
    ("fs.", "SEC008", "filesystem access"),
    ("node:fs", "SEC009", "node:fs"),
    ("fs/promises", "SEC010", "fs/promises"),
    ("globalThis.", "SEC011", "globalThis"),
    ("global.", "SEC012", "global scope"),
    ("__dirname", "SEC013", "__dirname"),
    ("__filename", "SEC014", "__filename"),
    ("setTimeout", "SEC015", "setTimeout"),
    ("setInterval", "SEC016", "setInterval"),
)


_ENCODED = tuple((pattern.encode("ascii"), pattern, code, label) for pattern, code, label in PATTERNS)


def scan(ctx: RuleContext | ListContext) -> Iterator[tuple[Span, str, str, str]]:
    """(span, substring, runtime code, label) for every forbidden substring on a scanned line.

    Each pattern is searched in the whole file once; only the lines that hold one are decoded and
    looked at (the runtime's rule, line by line), so a clean file costs 17 byte searches."""
    data = ctx.source
    if ctx.path.suffix not in (".mjs", ".js") or not data:
        return
    for start in _candidate_lines(data):
        end = data.find(b"\n", start)
        raw = data[start : len(data) if end == -1 else end]
        line = raw.decode("utf-8", "replace")
        if line.strip().startswith(("//", "*", "/*")):
            continue
        valid = raw.isascii() or line.encode("utf-8") == raw  # else columns follow the replaced text
        for encoded, pattern, code, label in _ENCODED:
            at = line.find(pattern)
            if at != -1:
                offset = start + (raw.find(encoded) if valid else len(line[:at].encode("utf-8")))
                yield Span(offset, offset + len(encoded)), pattern, code, label


def _findings(ctx: RuleContext) -> list[tuple[Span, str, str, str]]:
    """`scan(ctx)` of a definition, scanned once for SEC001 and FL018."""
    return ctx.shared("security scan", lambda: list(scan(ctx)))


def _candidate_lines(data: bytes) -> list[int]:
    """The start offsets of the lines that contain at least one pattern, in order."""
    starts: set[int] = set()
    find, rfind = data.find, data.rfind
    for encoded, _pattern, _code, _label in _ENCODED:
        at = find(encoded)
        while at != -1:
            start = rfind(b"\n", 0, at) + 1
            starts.add(start)
            end = find(b"\n", at)
            if end == -1:
                break
            at = find(encoded, end + 1)
    return sorted(starts)


class ImportStatement(Rule):
    code = Code.SEC001
    name = "no-import"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A definition file must not contain import statements"
    why = (
        "Definitions are data plus handlers that receive their libraries from the runtime "
        "(`requiredLibraries`); FlowMCP's security scan refuses any line containing `import ` (followed by "
        "a space), outside lines that start as comments, and then does not load the file."
    )
    fix = "Declare the package in requiredLibraries and use it through the handlers' `libraries` argument."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            "import { dirname } from 'path'\n" + example("    tools: {}"),
            (Expect(1, 1, "the runtime's security scan refuses a line containing 'import '"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for span, pattern, _code, _label in _findings(ctx):
            if pattern == "import ":
                yield self.finding(
                    "the runtime's security scan refuses a line containing 'import ' and does not load the file; "
                    "use requiredLibraries and the handlers' libraries instead",
                    span,
                )


class ForbiddenPattern(Rule):
    code = Code.FL018
    name = "security-scan"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "No line may contain what the runtime's security scan forbids (require(, eval(, process., fs., ...)"
    why = (
        "FlowMCP's runtime scans the file's text before loading it and refuses it when a line (not starting "
        "as a comment) contains require(, eval(, Function(, process., child_process, fs., node:fs, "
        "fs/promises, globalThis., global., __dirname, __filename, setTimeout or setInterval, even inside a "
        "string or a URL. 05-security numbers these differently from 09's registry, so the message names "
        "the runtime's own code."
    )
    fix = "Remove the call; in a URL or text, break the pattern (the scan matches substrings)."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            example("    docs: [ 'https://global.api.example.com' ],\n    tools: {}"),
            (Expect(3, 22, "contains 'global.' (the runtime's SEC012, global scope)"),),
            title="a URL trips the scan",
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for span, pattern, code, label in _findings(ctx):
            if pattern != "import ":
                yield self.finding(
                    f"the line contains '{pattern}' (the runtime's {code}, {label}): FlowMCP's security scan "
                    "refuses the file, wherever the text is (code, strings, URLs)",
                    span,
                )


class ListForbiddenPattern(Rule):
    code = Code.SEC003
    target = "list"
    name = "list-security-scan"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "A shared-list file must pass the security scan (no import, require(, eval(, process., ...)"
    why = (
        "List files are pure data (03-shared-lists, 05-security): the runtime scans them as it scans "
        "definitions and refuses a file with a forbidden pattern."
    )
    fix = "Keep only `export const list = { meta, entries }` in the file."
    VALID = [
        Example(
            "export const list = {\n    meta: { name: 'coins', version: '1.0.0', description: 'Coins', "
            "fields: [ { key: 'id', type: 'string', description: 'Id' } ] },\n    entries: [ { id: 'btc' } ]\n}\n",
            path="_lists/example.mjs",
        )
    ]
    INVALID = [
        Example(
            "import data from './coins.json' with { type: 'json' }\n"
            "export const list = {\n    meta: { name: 'coins', version: '1.0.0', description: 'Coins', "
            "fields: [ { key: 'id', type: 'string', description: 'Id' } ] },\n    entries: [ { id: 'btc' } ]\n}\n",
            (Expect(1, 1, "a list file may not contain 'import '"),),
            path="_lists/example.mjs",
        )
    ]

    def check_list(self, ctx: ListContext) -> Iterator[Finding]:
        for span, pattern, code, label in scan(ctx):
            yield self.finding(
                f"a list file may not contain '{pattern}' (the runtime's {code}, {label}): lists are data only",
                span,
            )
