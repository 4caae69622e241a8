"""The security scan of FlowMCP's runtime, per generation: which lines of a file it refuses, and its codes.

Facts, not findings: `scan` says where the SecurityScanner of the 3.x runtime (flowmcp-core c9c0f57)
or the 4.x runtime (8dab10b) finds a forbidden pattern, byte for byte as that runtime decides;
`codes` is the generation's specification table of SEC codes. Rules choose what to report.

Both runtimes scan the definition file's text before importing it and refuse the file on any hit
(`Pipeline.load`, step 1), and scan a prompt's `contentFile` before importing it (PromptLoader).
Neither scans shared-list files. Both read the file as UTF-8, split it on "\\n" only, and skip a
line whose JavaScript-trimmed text starts with `//`, `*` or `/*`; a hit is reported once per line
and pattern.

- 3.x: 17 substrings searched in the raw line, wherever they are (strings, URLs, descriptions).
- 4.x ("hardened", Memo 152 / PRD-022): the content of comments and of '...', "..." and `...`
  literals is blanked first (newlines kept), `import` is a word (`\\bimport\\b`, so a glued
  `import(` is caught), computed `process[` and `globalThis[`/`global[` are caught, and
  `setTimeout`/`setInterval` are no longer forbidden. The blanking is the runtime's own character
  machine, limits included: a string closes on its quote unless the previous character is a
  backslash (so "a\\\\" stays open), `/*/` is a whole comment, and a regex literal holding a quote
  opens a string.

Codes. The 4.x runtime prints exactly the codes of its 05-security table (4.2.0-4.3.0), so a hit's
`code` is the printed one. The 3.x runtime prints the same codes, but specification 3.0.0 gives
most of them other meanings: its registry (09) has SEC002 = a non-serialisable `main`, SEC003-SEC005
for lists and libraries, and its 05 table numbers the scan differently (SEC008 = global scope, ...).
For 3.x a hit's `code` is therefore the 3.0.0 code of the same meaning (None when the registry gives
that number to something else), and `runtime_code` is always what the runtime prints.
"""

from __future__ import annotations

import re
from typing import Final

from flowlint.core.nodes import Span
from flowlint.core.record import FrozenRecord

__all__ = ["GENERATIONS", "ScanHit", "codes", "scan", "spec_code"]

GENERATIONS: Final = (3, 4)
"""The runtime generations `scan` and `codes` know (2.x definitions are loaded by the 3.x runtime)."""


class ScanHit(FrozenRecord, slots=True):
    """One forbidden pattern on one line, as the runtime of the generation reports it.

    `start`/`end`: the bytes of the first occurrence of the pattern on that line. `line`: the
    runtime's 1-based line number. `code`: the code with this meaning in `codes(generation)`, or
    None when that generation's specification has none. `runtime_code`: the code the runtime
    prints. `pattern`: the runtime's label ("process access (computed)"). `matched`: the text the
    runtime searches for (`require(`, or `\\bimport\\b` for 4.x's word match). `message`: what the
    runtime says and does."""

    start: int
    end: int
    line: int
    code: str | None
    runtime_code: str
    pattern: str
    matched: str
    message: str

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)


# --- the specification tables ---------------------------------------------------------------------
# Transcribed from the specification's own tables (code | meaning); these are FlowMCP's codes as
# data, not flowlint's rule codes (those live in flowlint.lint.codes).

# Specification 3.0.0, 09-validation-rules: the registry. Where 05 gives a number another meaning,
# the registry's counts.
_SPEC3_REGISTRY: Final = """
SEC001 | Forbidden pattern found in schema file: no `import` statements allowed
SEC002 | `main` block contains non-serializable value (function, symbol, etc.)
SEC003 | Shared list file contains forbidden pattern
SEC004 | Shared list file contains executable code
SEC005 | `requiredLibraries` contains unapproved package
"""
# 05-security's runtime constraints and list-scan codes, the same in 3.0.0 and 4.0.0-4.3.0 (SEC204,
# which names the scan codes, differs and is in each table below).
_SPEC_RUNTIME_AND_LISTS: Final = """
SEC100 | Handler attempted to call `fetch()`
SEC101 | Handler returned invalid shape
SEC102 | Handler attempted to mutate frozen `sharedLists`
SEC103 | Library loading failed for approved package
SEC104 | Factory function `handlers()` threw during initialization
SEC200 | Function definition found in shared list
SEC201 | Arrow function found in shared list
SEC202 | Async/await keyword found in shared list
SEC203 | Template literal with expression found in shared list
"""
# Specification 3.0.0, 05-security. Its SEC002-SEC005 (require(), eval(), Function(), filesystem
# access) collide with the registry above and are dropped, so 3.x has no code for those four.
_SPEC3_SECURITY: Final = """
SEC001 | Forbidden `import` statement found
SEC002 | Forbidden `require()` call found
SEC003 | Forbidden `eval()` call found
SEC004 | Forbidden `Function()` constructor found
SEC005 | Forbidden filesystem access (`fs.`, `node:fs`, `fs/promises`)
SEC006 | Forbidden `process.` access found
SEC007 | Forbidden `child_process` access found
SEC008 | Forbidden global scope access (`globalThis.`, `global.`)
SEC009 | Forbidden path variable (`__dirname`, `__filename`)
SEC010 | Forbidden `new Function` found
SEC011 | Forbidden timer (`setTimeout`, `setInterval`)
SEC012 | Reserved
SEC013 | Unapproved library in `requiredLibraries`: not on allowlist
SEC204 | Forbidden pattern (same as SEC001-SEC011) found in shared list
"""
# Specification 4.3.0 (as 4.2.0), 05-security, with SEC017-SEC019 from 4.2.0's 09 (4.3.0's 05 points
# there; its 09 no longer holds the table). 4.0.0 and 4.1.0 still numbered the scan as 3.0.0 does.
_SPEC4_SECURITY: Final = """
SEC001 | Forbidden `import` statement found
SEC002 | Forbidden `require()` call found
SEC003 | Forbidden `eval()` call found
SEC004 | Forbidden `Function()` constructor found
SEC005 | Forbidden `new Function` found
SEC006 | Forbidden `process.` access found
SEC007 | Forbidden `child_process` access found
SEC008 | Forbidden `fs.` access found
SEC009 | Forbidden `node:fs` import found
SEC010 | Forbidden `fs/promises` import found
SEC011 | Forbidden `globalThis.` access found
SEC012 | Forbidden `global.` access found
SEC013 | Forbidden `__dirname` path variable found
SEC014 | Forbidden `__filename` path variable found
SEC015 | Forbidden `setTimeout` timer found (no longer enforced by the 4.x runtime)
SEC016 | Forbidden `setInterval` timer found (no longer enforced by the 4.x runtime)
SEC017 | `main` block contains non-serializable value (function, symbol, etc.)
SEC018 | Shared list file contains forbidden pattern
SEC019 | Shared list file contains executable code
SEC020 | Unapproved library in `requiredLibraries`: not on allowlist
SEC204 | Forbidden pattern (same as SEC001-SEC016) found in shared list
"""


def _rows(table: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.split(" | ")] for line in table.strip().splitlines()]


def _codes(*tables: str) -> dict[str, str]:
    """code -> meaning; the first table that defines a code keeps it."""
    merged: dict[str, str] = {}
    for table in tables:
        for code, meaning in _rows(table):
            merged.setdefault(code, meaning)
    return dict(sorted(merged.items()))


_CODES: Final = {
    3: _codes(_SPEC3_REGISTRY, _SPEC3_SECURITY, _SPEC_RUNTIME_AND_LISTS),
    4: _codes(_SPEC4_SECURITY, _SPEC_RUNTIME_AND_LISTS),
}


def codes(generation: int) -> dict[str, str]:
    """The SEC codes of the generation's specification: code -> meaning (a fresh dict)."""
    return dict(_CODES[_checked(generation)])


# --- the runtimes' pattern tables -----------------------------------------------------------------
# The runtime's table, in its order: what it searches for (`a substring`, or /a regular expression/),
# the code it prints, its label, and the code of that meaning in the generation's specification
# (`-`: none).

# flowmcp-core c9c0f57 (3.0.0): src/v2/task/SecurityScanner.mjs re-exports src/v4/task's scanner.
_RUNTIME3: Final = """
`import `       | SEC001 | import               | SEC001
`require(`      | SEC002 | require              | -
`eval(`         | SEC003 | eval                 | -
` Function(`    | SEC004 | Function constructor | -
`new Function`  | SEC005 | new Function         | SEC010
`(Function(`    | SEC004 | Function constructor | -
`process.`      | SEC006 | process access       | SEC006
`child_process` | SEC007 | child_process        | SEC007
`fs.`           | SEC008 | filesystem access    | -
`node:fs`       | SEC009 | node:fs              | -
`fs/promises`   | SEC010 | fs/promises          | -
`globalThis.`   | SEC011 | globalThis           | SEC008
`global.`       | SEC012 | global scope         | SEC008
`__dirname`     | SEC013 | __dirname            | SEC009
`__filename`    | SEC014 | __filename           | SEC009
`setTimeout`    | SEC015 | setTimeout           | SEC011
`setInterval`   | SEC016 | setInterval          | SEC011
"""

# flowmcp-core 8dab10b (4.0.0): src/v4/task/SecurityScanner.mjs, matched on the blanked text.
# JavaScript's \b is ASCII, as a bytes pattern's is.
_RUNTIME4: Final = """
/\\bimport\\b/   | SEC001 | import                    | SEC001
`require(`      | SEC002 | require                   | SEC002
`eval(`         | SEC003 | eval                      | SEC003
` Function(`    | SEC004 | Function constructor      | SEC004
`new Function`  | SEC005 | new Function              | SEC005
`(Function(`    | SEC004 | Function constructor      | SEC004
`process.`      | SEC006 | process access            | SEC006
`process[`      | SEC006 | process access (computed) | SEC006
`child_process` | SEC007 | child_process             | SEC007
`fs.`           | SEC008 | filesystem access         | SEC008
`node:fs`       | SEC009 | node:fs                   | SEC009
`fs/promises`   | SEC010 | fs/promises               | SEC010
`globalThis.`   | SEC011 | globalThis                | SEC011
`globalThis[`   | SEC011 | globalThis (computed)     | SEC011
`global.`       | SEC012 | global scope              | SEC012
`global[`       | SEC012 | global scope (computed)   | SEC012
`__dirname`     | SEC013 | __dirname                 | SEC013
`__filename`    | SEC014 | __filename                | SEC014
"""


# Cheap first searches: a pattern can only match in a file that holds its needle (blanking only turns
# characters into spaces, so the 4.x patterns need their needle in the raw text too; the space of
# ` Function(` may be a blanked character, hence `Function`). Shared needles make one search serve
# several patterns, and most files hold none.
_NEEDLES: Final = (
    (b"import", ("import ", "\\bimport\\b")),
    (b"Function", (" Function(", "new Function", "(Function(")),
    (b"process", ("process.", "process[", "child_process")),
    (b"global", ("globalThis.", "globalThis[", "global.", "global[")),
    (b"__dirname", ("__dirname",)),
    (b"__filename", ("__filename",)),
    (b"require(", ("require(",)),
    (b"eval(", ("eval(",)),
    (b"fs.", ("fs.",)),
    (b"node:fs", ("node:fs",)),
    (b"fs/promises", ("fs/promises",)),
    (b"setTimeout", ("setTimeout",)),
    (b"setInterval", ("setInterval",)),
)


class _Pattern:
    """A row of a runtime table, ready to search bytes."""

    __slots__ = ("code", "index", "label", "matched", "needle", "regex", "runtime_code", "text")

    def __init__(self, index: int, row: list[str]) -> None:
        matcher, self.runtime_code, self.label, code = row
        self.code = None if code == "-" else code
        self.index = index
        self.matched = matcher[1:-1]  # `substring` or /regex/
        self.regex = re.compile(self.matched.encode("ascii")) if matcher.startswith("/") else None
        self.text = b"import" if self.regex else self.matched.encode("ascii")  # what a hit spans
        self.needle = next(needle for needle, matched in _NEEDLES if self.matched in matched)

    def first(self, data: bytes, start: int, end: int) -> tuple[int, int] | None:
        """The first match in data[start:end], as (start, end) offsets."""
        if self.regex is None:
            at = data.find(self.text, start, end)
            return None if at == -1 else (at, at + len(self.text))
        found = self.regex.search(data, start, end)
        return None if found is None else found.span()


_PATTERNS: Final = {
    generation: tuple(_Pattern(index, row) for index, row in enumerate(_rows(table)))
    for generation, table in ((3, _RUNTIME3), (4, _RUNTIME4))
}
_NEEDLES_OF: Final = {
    generation: tuple(dict.fromkeys(pattern.needle for pattern in patterns))
    for generation, patterns in _PATTERNS.items()
}


def spec_code(runtime_code: str, generation: int) -> str | None:
    """For a code the security scan of that generation's runtime prints, the code of the same meaning in
    the generation's specification (None when it has none: 3.x's SEC002 is `require(`, which 3.0.0
    numbers nowhere); any other code unchanged."""
    for pattern in _PATTERNS[_checked(generation)]:
        if pattern.runtime_code == runtime_code:
            return pattern.code
    return runtime_code


# --- the scan -------------------------------------------------------------------------------------


def scan(source: bytes, generation: int) -> list[ScanHit]:
    """Every (line, pattern) the runtime of `generation` refuses in `source`, in the runtime's order
    (by line, then by its pattern table). Empty when that runtime's scan lets the file through."""
    present = [needle for needle in _NEEDLES_OF[_checked(generation)] if needle in source]
    if not present:
        return []
    patterns = [pattern for pattern in _PATTERNS[generation] if pattern.needle in present]
    text = source if generation == 3 else _code_only(source, present)
    exempt: dict[int, bool] = {}
    found: list[tuple[int, int, int, _Pattern]] = []  # (line start, pattern index, start, pattern)
    size = len(text)
    for pattern in patterns:
        at = 0
        while at <= size:
            hit = pattern.first(text, at, size)
            if hit is None:
                break
            line_start = text.rfind(b"\n", 0, hit[0]) + 1
            line_end = text.find(b"\n", hit[1])
            if line_end == -1:
                line_end = size
            skipped = exempt.get(line_start)
            if skipped is None:
                skipped = exempt[line_start] = _reads_as_comment(text, line_start, line_end)
            if not skipped:
                found.append((line_start, pattern.index, hit[0], pattern))
            at = line_end + 1  # once per line and pattern, as `line.includes` is
    found.sort(key=lambda item: (item[0], item[1]))
    return [_hit(source, start, pattern) for _line_start, _index, start, pattern in found]


def _code_only(source: bytes, needles: list[bytes]) -> bytes:
    """The 4.x runtime's blanked text, as far as it matters: up to the end of the last line that
    holds one of the file's needles (nothing after it can match)."""
    last = max(source.rfind(needle) for needle in needles)
    cut = source.find(b"\n", last) + 1 or len(source)
    return _blank_comments_and_strings(source[:cut]) + source[cut:]


def _hit(source: bytes, start: int, pattern: _Pattern) -> ScanHit:
    end = start + (len(pattern.text) if pattern.regex is None else len(b"import"))
    line = source.count(b"\n", 0, start) + 1
    return ScanHit(
        start,
        end,
        line,
        pattern.code,
        pattern.runtime_code,
        pattern.label,
        pattern.matched,
        f'the runtime refuses the file at load: {pattern.runtime_code} Forbidden pattern "{pattern.label}" '
        f"found at line {line}",
    )


def _checked(generation: int) -> int:
    if generation not in GENERATIONS:
        raise ValueError(f"no FlowMCP runtime generation {generation!r} (known: 3, 4)")
    return generation


# `String.prototype.trim`'s white space: WhiteSpace (Zs, TAB, VT, FF, ZWNBSP) and LineTerminator.
_JS_SPACE: Final = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_ASCII_SPACE: Final = b"\t\n\v\f\r "
_COMMENT_STARTS: Final = ("//", "*", "/*")


def _reads_as_comment(text: bytes, start: int, end: int) -> bool:
    """Whether the runtime skips the line text[start:end]: its trimmed text starts with //, * or /*."""
    at = start
    while at < end and text[at] in _ASCII_SPACE:
        at += 1
    if at < end and text[at] >= 0x80:  # maybe a non-ASCII space (a BOM, U+00A0, ...): decode as Node does
        return text[at:end].decode("utf-8", "replace").lstrip(_JS_SPACE).startswith(_COMMENT_STARTS)
    return text.startswith((b"//", b"*", b"/*"), at, end)


# A comment or string literal, as the runtime's machine delimits it, starting where code would open
# it: `//` to the line's end; `/*` to the first `*/`, whose `*` may be the opener's (`/*/` is whole);
# a quote to the next same quote that does not follow a backslash (even an escaped one: in 'a\\'
# the quote does not close). An unclosed one runs to the end of the file. Possessive quantifiers, so
# no input makes it backtrack.
_LITERAL: Final = re.compile(
    rb"//[^\n]*+"
    rb"|/\*(?:/|[^*]*+\*++(?:[^*/][^*]*+\*++)*+/)|/\*.*+"
    rb"|'(?:[^\\']++|\\++[^\\])*+'|'.*+"
    rb'|"(?:[^\\"]++|\\++[^\\])*+"|".*+'
    rb"|`(?:[^\\`]++|\\++[^\\])*+`|`.*+",
    re.DOTALL,
)
_BLANK: Final = bytes(10 if byte == 10 else 32 for byte in range(256))


def _blank_literal(found: re.Match[bytes]) -> bytes:
    return found.group().translate(_BLANK)


def _blank_comments_and_strings(data: bytes) -> bytes:
    """`data` with the content of comments and string literals turned into spaces, newlines kept,
    byte for byte (same length), as the 4.x runtime's character machine does it.

    Working on UTF-8 bytes instead of characters changes nothing the scan can see: the machine only
    looks at ASCII characters, and a multi-byte character blanked to several spaces instead of one
    stays white space on an unchanged line."""
    return _LITERAL.sub(_blank_literal, data)
