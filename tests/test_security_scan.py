"""flowlint.definition.security: FlowMCP's security scan per runtime generation (issue 18, items 2 and 3).

Every case of flowmcp-core's own scanner tests is transcribed here with the verdict each runtime gives
(SecurityScanner.test.mjs, SecurityGate.test.mjs, Pipeline.test.mjs and PromptLoader.test.mjs; the
3.x runtime c9c0f57 runs the first eight scanner tests, the 4.x runtime 8dab10b all of them), then
the issue's hardened cases, the seven library lines only the 3.x scan refuses, and the line handling
around them. A verdict is the runtime's message list reduced to (printed code, line), in its order.

With node installed and FLOWMCP_CORE_V3 / FLOWMCP_CORE_V4 naming flowmcp-core checkouts at those
commits (the scanner needs no npm dependency), the real scanners judge every case here plus a seeded
random corpus, and `scan` must print exactly their messages; FLOWMCP_LIBRARY (a folder of
definitions, e.g. flowmcp-schemas' schemas/v3.0.0) adds every file in it.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from flowlint.definition.security import GENERATIONS, ScanHit, codes, scan

Verdict = list[tuple[str, int]]


def verdict(source: str | bytes, generation: int) -> Verdict:
    data = source.encode("utf-8") if isinstance(source, str) else source
    return [(hit.runtime_code, hit.line) for hit in scan(data, generation)]


def lines(*text: str) -> str:
    return "\n".join(text)


# --- flowmcp-core's own cases -----------------------------------------------------------------------

VALID_MINIMAL = lines(
    "export const main = {",
    "    namespace: 'testminimal',",
    "    name: 'TestMinimal',",
    "    description: 'A minimal valid v2 schema without handlers.',",
    "    version: '2.0.0',",
    "    root: 'https://api.example.com',",
    "    tags: [ 'test' ],",
    "    routes: {",
    "        getStatus: { method: 'GET', path: '/status', description: 'Returns the API status.', parameters: [] }",
    "    }",
    "}",
)
VALID_WITH_HANDLERS = lines(
    "export const main = {",
    "    namespace: 'testhandlers',",
    "    requiredServerParams: [ 'API_KEY' ],",
    "    routes: { getUser: { method: 'GET', path: '/users/{{userId}}', parameters: [",
    "        { position: { key: 'userId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } }",
    "    ] } }",
    "}",
    "",
    "",
    "export const handlers = ( { sharedLists, libraries } ) => ( {",
    "    getUser: {",
    "        postRequest: async ( { response, struct, payload } ) => {",
    "            const transformed = { id: response['id'], name: response['name'], fetched: true }",
    "            return { response: transformed }",
    "        }",
    "    }",
    "} )",
)
INVALID_HAS_IMPORT = lines(
    "import { something } from 'some-module'",
    "",
    "export const main = {",
    "    namespace: 'testinvalid',",
    "    name: 'TestInvalidImport',",
    "    description: 'This schema has a forbidden import statement.',",
    "    version: '2.0.0',",
    "}",
)
INVALID_HAS_EVAL = lines(
    "export const main = {",
    "    description: 'This schema has a forbidden eval call.',",
    "}",
    "export const handlers = ( { sharedLists, libraries } ) => ( {",
    "    getStatus: {",
    "        postRequest: async ( { response, struct, payload } ) => {",
    "            const result = eval( 'response.data' )",
    "            return { response: result }",
    "        }",
    "    }",
    "} )",
)
INVALID_HAS_PROCESS = lines(
    "export const main = {",
    "    description: 'This schema accesses process.env which is forbidden.',",
    "}",
    "export const handlers = ( { sharedLists, libraries } ) => ( {",
    "    getStatus: {",
    "        preRequest: async ( { struct, payload } ) => {",
    "            const secret = process.env.SECRET_KEY",
    "            struct['headers']['Authorization'] = secret",
    "            return { struct, payload }",
    "        }",
    "    }",
    "} )",
)
TOP_LEVEL_IMPORT_SCHEMA = lines(
    "import { createHash } from 'node:crypto'",
    "",
    "// Minimal rebuild of the geo.mjs / inkar.mjs pattern: a valid v4 schema that",
    "// carries a real top-level import. The SecurityScanner flags it (SEC001), so a",
    "// default (untrusted) Pipeline.load rejects it BEFORE import(); a trusted load",
    "const _fingerprint = ( value ) => createHash( 'sha256' ).update( value ).digest( 'hex' )",
    "",
    "export const main = {",
    "    namespace: 'trustedimport',",
    "    description: 'A valid v4 schema with a real top-level import (trusted-load fixture).',",
    "    version: '4.0.0',",
    "}",
)
CLEAN_SCHEMA = lines(
    "export const main = {",
    "    namespace: 'cleanschema',",
    "    description: 'A v4 schema with no forbidden patterns.',",
    "    version: '4.0.0',",
    "    tools: { getStatus: { method: 'GET', path: '/status', parameters: [], tests: [ { _description: 't1' } ] } }",
    "}",
)
PROMPT_HAS_IMPORT = lines(
    "import { readFile } from 'node:fs/promises'",
    "",
    "export const content = `This content has a forbidden import.`",
)

# (name, source, the 3.x runtime's verdict, the 4.x runtime's verdict)
RUNTIME_CASES: list[tuple[str, str, Verdict, Verdict]] = [
    # SecurityScanner.test.mjs, scan(): in both runtimes' test suites
    ("passes a clean minimal schema", VALID_MINIMAL, [], []),
    ("passes a clean schema with handlers", VALID_WITH_HANDLERS, [], []),
    # 3.x also reads 'import ' in the description string
    ("rejects schema with import statement", INVALID_HAS_IMPORT, [("SEC001", 1), ("SEC001", 6)], [("SEC001", 1)]),
    ("rejects schema with eval() (also Pipeline.load)", INVALID_HAS_EVAL, [("SEC003", 7)], [("SEC003", 7)]),
    ("rejects schema with process.env", INVALID_HAS_PROCESS, [("SEC006", 2), ("SEC006", 7)], [("SEC006", 7)]),
    (
        "reports all violations in a single pass",
        lines('import { foo } from "bar"', 'const x = eval( "1+1" )', "const y = process.env.KEY"),
        [("SEC001", 1), ("SEC003", 2), ("SEC006", 3)],
        [("SEC001", 1), ("SEC003", 2), ("SEC006", 3)],
    ),
    (
        "includes line numbers in error messages",
        lines("const a = 1", 'const b = eval( "test" )', "const c = 3"),
        [("SEC003", 2)],
        [("SEC003", 2)],
    ),
    (
        "ignores patterns in comments",
        lines('// import { foo } from "bar"', '/* eval( "test" ) */', "* process.env.KEY", 'const clean = "hello"'),
        [],
        [],
    ),
    # SecurityGate.test.mjs (FlowMCP.scanSecurity, Pipeline.load) and PromptLoader.test.mjs
    (
        "scanSecurity flags a forbidden top-level import",
        TOP_LEVEL_IMPORT_SCHEMA,
        [("SEC001", 1), ("SEC001", 10)],
        [("SEC001", 1)],
    ),
    ("scanSecurity passes a clean schema", CLEAN_SCHEMA, [], []),
    (
        "prompt content file has a forbidden import",
        PROMPT_HAS_IMPORT,
        [("SEC001", 1), ("SEC009", 1), ("SEC010", 1)],
        [("SEC001", 1)],
    ),
    # SecurityScanner.test.mjs, hardening: false negatives of the old scanner (4.x only)
    (
        "rejects dynamic import( with no space",
        "const cp = await import( 'node:child_process' )",
        [("SEC007", 1)],  # 3.x: not the import, but child_process inside the string
        [("SEC001", 1)],
    ),
    ("rejects import( glued to the paren", "const m = import('fs')", [], [("SEC001", 1)]),
    (
        "rejects computed member access on a forbidden global",
        "const secret = globalThis[ 'process' ].env.KEY",
        [],
        [("SEC011", 1)],
    ),
    ("rejects computed process access", "const h = process[ 'env' ].HOME", [], [("SEC006", 1)]),
    (
        "still rejects a real top-level import statement",
        lines(
            "import https from 'node:https'", "import { rootCertificates } from 'node:tls'", "export const main = {}"
        ),
        [("SEC001", 1), ("SEC001", 2)],
        [("SEC001", 1), ("SEC001", 2)],
    ),
    # SecurityScanner.test.mjs, hardening: false positives of the old scanner (4.x lets them through)
    (
        "passes the // Import: doc-comment convention",
        lines("// Import: import { ethers } from 'ethers'", "export const handlers = {}"),
        [],
        [],
    ),
    (
        "passes fs. inside URL strings",
        lines(
            "const main = {",
            "    docs: [ 'https://gbfs.api.ridedott.com/public/v2/berlin/gbfs.json' ],",
            "    root: 'https://www.imis.bfs.de',",
            "    termsOfService: 'https://www.imis.bfs.de/geoportal/resources/sitepolicy.html'",
            "}",
        ),
        [("SEC008", 2), ("SEC008", 3), ("SEC008", 4)],
        [],
    ),
    ("passes global. inside a URL string", "const root = 'https://global.api.flixbus.com'", [("SEC012", 1)], []),
    (
        "passes setTimeout rate-limit sleep in a handler",
        lines(
            "const handler = async () => {",
            "    const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) )",
            "    await sleep( 1000 )",
            "}",
        ),
        [("SEC015", 2)],
        [],
    ),
    (
        "passes the import substring inside a description string",
        "const d = 'Count US merchandise import data points'",
        [("SEC001", 1)],
        [],
    ),
    (
        "passes a forbidden pattern hidden in an inline comment",
        "const x = 1 // process.env.SECRET and eval( evil )",
        [("SEC003", 1), ("SEC006", 1)],
        [],
    ),
    (
        "passes a forbidden pattern hidden in a multi-line block comment",
        lines("const a = 1", "/*", " import fs from 'node:fs'", " process.env.KEY", "*/", "const b = 2"),
        [("SEC001", 3), ("SEC009", 3), ("SEC006", 4)],
        [],
    ),
    (
        "still flags real code that follows a closed string on the same line",
        'const u = "http://gbfs.api.com"; const s = process.env.KEY',
        [("SEC006", 1), ("SEC008", 1)],
        [("SEC006", 1)],
    ),
]

# Issue 18: what the hardened 4.x scan refuses and flowlint's FL018 (the 3.x table) missed.
HANDLER = lines(
    "export const main = { namespace: 'x', tools: {} }",
    "export const handlers = ( { sharedLists, libraries } ) => ( {",
    "    getThing: {",
    "        postRequest: async ( { response } ) => {",
    "            {IMPORT}",
    "            return { response: lib.parse( response ) }",
    "        }",
    "    }",
    "} )",
)
HARDENED_CASES: list[tuple[str, str, Verdict, Verdict]] = [
    ("glued import(", "const lib = import('./lib.mjs')", [], [("SEC001", 1)]),
    ("computed globalThis[...]", "const env = globalThis['process']['env']", [], [("SEC011", 1)]),
    ("computed global[...]", "const env = global['process']", [], [("SEC012", 1)]),
    ("computed process[...]", "const key = process['env'].API_KEY", [], [("SEC006", 1)]),
    (
        "an import( in a handler",
        HANDLER.replace("{IMPORT}", "const { default: lib } = await import( 'some-lib' )"),
        [],
        [("SEC001", 5)],
    ),
    (
        "an import ( with a space in a handler",
        HANDLER.replace("{IMPORT}", "const { default: lib } = await import ( 'some-lib' )"),
        [("SEC001", 5)],
        [("SEC001", 5)],
    ),
]

# The seven files of schemas/v3.0.0 that FL018/SEC001 flag but the 4.x scan lets through (issue 18's
# "FL018 7"): the 3.x runtime c9c0f57 that loads these files refuses every one of them (the
# differential harness that counted them runs MainValidator only, no scan); their lines verbatim.
LIBRARY_LINES: list[tuple[str, str, list[str]]] = [
    (
        "bfs-odl/bfsodl.mjs:6",
        "    docs: ['https://odlinfo.bfs.de/ODL/EN/service/data-interface/data-interface_node.html', "
        "'https://strahlenschutz.api.bund.dev/'],",
        ["SEC008"],
    ),
    ("bfs-odl/bfsodl.mjs:8", "    root: 'https://www.imis.bfs.de',", ["SEC008"]),
    ("flixbus/flixbus.mjs:6", "    docs: ['https://global.api.flixbus.com'],", ["SEC012"]),
    ("flixbus/flixbus.mjs:8", "    root: 'https://global.api.flixbus.com',", ["SEC012"]),
    ("gtfsde/transit.mjs:6", "    docs: ['https://gtfs.de/en/feeds/de_full/'],", ["SEC008"]),
    (
        "overpass/osmQuery.mjs:106",
        "                await new Promise( ( resolve ) => setTimeout( resolve, delay ) )",
        ["SEC015"],
    ),
    ("strahlenschutz/radiation.mjs:11", "    root: 'https://www.imis.bfs.de/ogc/opendata/ows',", ["SEC008"]),
    (
        "wto-timeseries/wtotimeseries.mjs:190",
        "                { _description: 'Count US merchandise import data points', i: 'HS_M_0010', r: '840' },",
        ["SEC001"],
    ),
    (
        "zoll/customs.mjs:8",
        "    description: 'Query German customs data — import tariffs, product categories, countries, exchange "
        "rates, product groups, and units of measurement for customs calculations.',",
        ["SEC001"],
    ),
]

# How each runtime cuts a file into lines and which lines it skips (all checked against node too).
LINE_CASES: list[tuple[str, str | bytes, Verdict, Verdict]] = [
    (
        "CRLF lines",
        "eval(1)\r\n// eval(2)\r\n  eval(3)\r\n",
        [("SEC003", 1), ("SEC003", 3)],
        [("SEC003", 1), ("SEC003", 3)],
    ),
    ("a lone CR does not end a line", "// note\reval(1)\neval(2)", [("SEC003", 2)], [("SEC003", 2)]),
    ("U+2028 does not end a line", "// note\u2028eval(1)\neval(2)", [("SEC003", 2)], [("SEC003", 2)]),
    ("a BOM before a comment", "\ufeff// import x from 'y'\neval(1)", [("SEC003", 2)], [("SEC003", 2)]),
    ("no-break spaces before a comment", "\u00a0\u3000// eval(1)\n\t* eval(2)", [], []),
    ("a line that starts with * is skipped, code or not", "const a = b\n    * eval(c)", [], []),
    ("a line that starts with */ is skipped by 3.x only", "/* a\n */ eval(1)", [], [("SEC003", 2)]),
    ("/*/ is a whole comment in 4.x", "x /*/ eval(1)", [("SEC003", 1)], [("SEC003", 1)]),
    ("a quote after an escaped backslash does not close", 'const s = "a\\\\"; eval(1)\n"', [("SEC003", 1)], []),
    ("an escaped quote does not close", "const s = 'it\\'s'; eval(1)", [("SEC003", 1)], [("SEC003", 1)]),
    ("a regex literal with a quote opens a string", "const r = /'/; eval(1)\nx'", [("SEC003", 1)], []),
    ("a template's ${...} is blanked", "const u = `${ process.env.HOME }`", [("SEC006", 1)], []),
    ("an unclosed string runs to the end", "const s = 'a\neval(1)\neval(2)", [("SEC003", 2), ("SEC003", 3)], []),
    (
        "a string spans lines in 4.x",
        "const s = `a\n${ eval(1) }`\neval(2)",
        [("SEC003", 2), ("SEC003", 3)],
        [("SEC003", 3)],
    ),
    (
        "once per line and pattern",
        "eval(1); eval(2); require(3)",
        [("SEC002", 1), ("SEC003", 1)],
        [("SEC002", 1), ("SEC003", 1)],
    ),
    ("import needs a space (3.x) or a word (4.x)", "x.important = 1\nimport{a}from'b'", [], [("SEC001", 2)]),
    ("Function( after a blanked string", "x = 'a'Function(1)", [], [("SEC004", 1)]),
    (
        "overlapping patterns both count",
        "x(Function(1)); y = child_process.fork",
        [("SEC004", 1), ("SEC006", 1), ("SEC007", 1)],
        [("SEC004", 1), ("SEC006", 1), ("SEC007", 1)],
    ),
    (
        "an invalid byte is no white space",
        b"\xff\xfe eval(1)\n\xc3 // eval(2)",
        [("SEC003", 1), ("SEC003", 2)],
        [("SEC003", 1)],  # 4.x: the // is a comment in code
    ),
    ("an empty file", "", [], []),
]

ALL_CASES = RUNTIME_CASES + HARDENED_CASES + LINE_CASES


@pytest.mark.parametrize(("name", "source", "v3", "v4"), RUNTIME_CASES, ids=[case[0] for case in RUNTIME_CASES])
def test_runtime_cases(name: str, source: str, v3: Verdict, v4: Verdict) -> None:
    assert verdict(source, 3) == v3
    assert verdict(source, 4) == v4


@pytest.mark.parametrize(("name", "source", "v3", "v4"), HARDENED_CASES, ids=[case[0] for case in HARDENED_CASES])
def test_hardened_cases_of_the_issue(name: str, source: str, v3: Verdict, v4: Verdict) -> None:
    assert verdict(source, 3) == v3
    assert verdict(source, 4) == v4


@pytest.mark.parametrize(("where", "line", "printed"), LIBRARY_LINES, ids=[case[0] for case in LIBRARY_LINES])
def test_library_lines_refused_by_3x_only(where: str, line: str, printed: list[str]) -> None:
    source = lines("export const main = {", "    namespace: 'x',", line, "}")
    assert verdict(source, 3) == [(code, 3) for code in printed]
    assert verdict(source, 4) == []


@pytest.mark.parametrize(("name", "source", "v3", "v4"), LINE_CASES, ids=[case[0] for case in LINE_CASES])
def test_line_handling(name: str, source: str | bytes, v3: Verdict, v4: Verdict) -> None:
    assert verdict(source, 3) == v3
    assert verdict(source, 4) == v4


# --- what a hit says ------------------------------------------------------------------------------


def test_a_hit_spans_the_first_occurrence_on_its_line_in_bytes() -> None:
    source = "const é = 'ü'; eval(1); eval(2)\n// eval(3)\n  process.env.X".encode()
    for generation in GENERATIONS:
        first, second = scan(source, generation)
        assert source[first.start : first.end] == b"eval("
        assert first.start == source.index(b"eval(")
        assert first.span.start == first.start and first.span.end == first.end
        assert source[second.start : second.end] == b"process."
        assert (second.line, second.pattern, second.runtime_code) == (3, "process access", "SEC006")
    (word,) = scan(b"x = await import('y')", 4)
    assert (word.start, word.end, word.matched, word.pattern) == (10, 16, "\\bimport\\b", "import")


def test_the_message_quotes_the_runtime() -> None:
    (hit,) = scan(b"\n\nconst a = require('x')", 4)
    assert hit == ScanHit(
        12,
        20,
        3,
        "SEC002",
        "SEC002",
        "require",
        "require(",
        'the runtime refuses the file at load: SEC002 Forbidden pattern "require" found at line 3',
    )


def test_an_unknown_generation_is_refused() -> None:
    with pytest.raises(ValueError, match="generation 2"):
        scan(b"", 2)
    with pytest.raises(ValueError, match="generation 5"):
        codes(5)


# --- the codes ------------------------------------------------------------------------------------

# What a code's meaning must name for a hit of each runtime label.
NAMED = {
    "import": "import",
    "require": "require()",
    "eval": "eval()",
    "Function constructor": "Function()",
    "new Function": "new Function",
    "process access": "process.",
    "process access (computed)": "process.",
    "child_process": "child_process",
    "filesystem access": "fs.",
    "node:fs": "node:fs",
    "fs/promises": "fs/promises",
    "globalThis": "globalThis.",
    "globalThis (computed)": "globalThis.",
    "global scope": "global.",
    "global scope (computed)": "global.",
    "__dirname": "__dirname",
    "__filename": "__filename",
    "setTimeout": "setTimeout",
    "setInterval": "setInterval",
}
# One line per pattern of either runtime, each as code so that 4.x sees it too.
EVERY_PATTERN = lines(
    "import x from 'y'",
    "require(x)",
    "eval(x)",
    "x = Function(y)",
    "x = new Function",
    "x(Function(y))",
    "process.x",
    "process[x]",
    "child_process",
    "fs.x",
    "node:fs",
    "fs/promises",
    "globalThis.x",
    "globalThis[x]",
    "global.x",
    "global[x]",
    "__dirname",
    "__filename",
    "setTimeout(x)",
    "setInterval(x)",
)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_no_code_means_two_things_within_a_generation(generation: int) -> None:
    """A hit's code has, in that generation's table, the meaning of what was found; the table gives
    each code one meaning, so no code stands for two findings or for a finding and another rule."""
    table = codes(generation)
    hits = scan(EVERY_PATTERN.encode(), generation)
    assert {hit.pattern for hit in hits} == {label for label in NAMED if generation == 3 or "set" not in label} - (
        {"process access (computed)", "globalThis (computed)", "global scope (computed)"} if generation == 3 else set()
    )
    meanings: dict[str, set[str]] = {}
    for hit in hits:
        if hit.code is not None:
            assert NAMED[hit.pattern] in table[hit.code], (generation, hit)
            meanings.setdefault(hit.code, set()).add(table[hit.code])
        assert re.fullmatch(r"SEC0\d\d", hit.runtime_code)
    assert all(len(found) == 1 for found in meanings.values())
    assert all(re.fullmatch(r"SEC\d{3}", code) for code in table)


def test_3x_codes_follow_its_registry_and_the_runtime_codes_stay_quoted() -> None:
    table = codes(3)
    assert "non-serializable" in table["SEC002"]  # 09's meaning, not 05's require()
    assert "list" in table["SEC003"] and "list" in table["SEC004"] and "requiredLibraries" in table["SEC005"]
    by_label = {hit.pattern: hit for hit in scan(EVERY_PATTERN.encode(), 3)}
    # the 3.x runtime prints SEC002 for require(: 3.x has no code for it (SEC002 is the `main` rule)
    assert (by_label["require"].runtime_code, by_label["require"].code) == ("SEC002", None)
    assert (by_label["filesystem access"].runtime_code, by_label["filesystem access"].code) == ("SEC008", None)
    # where 3.0.0 numbers a pattern its own way, the code is the specification's
    assert (by_label["global scope"].runtime_code, by_label["global scope"].code) == ("SEC012", "SEC008")
    assert (by_label["new Function"].runtime_code, by_label["new Function"].code) == ("SEC005", "SEC010")


def test_4x_codes_are_the_printed_ones() -> None:
    table = codes(4)
    assert [code for code in table if code <= "SEC020"] == [f"SEC{number:03d}" for number in range(1, 21)]
    assert "require()" in table["SEC002"] and "non-serializable" in table["SEC017"]
    hits = scan(EVERY_PATTERN.encode(), 4)
    assert hits and all(hit.code == hit.runtime_code for hit in hits)


def test_codes_returns_a_copy() -> None:
    codes(4).clear()
    assert codes(4)


# --- the real scanners (node) ---------------------------------------------------------------------

NODE = shutil.which("node")
SCANNERS = {
    3: ("FLOWMCP_CORE_V3", "src/v2/task/SecurityScanner.mjs"),
    4: ("FLOWMCP_CORE_V4", "src/v4/task/SecurityScanner.mjs"),
}
RUN_SCANNER = """
import { pathToFileURL } from 'node:url'
import { readFileSync } from 'node:fs'
const { SecurityScanner } = await import( pathToFileURL( process.argv[ 1 ] ).href )
const out = {}
for( const filePath of JSON.parse( readFileSync( 0, 'utf-8' ) ) ) {
    out[ filePath ] = ( await SecurityScanner.scan( { filePath } ) ).messages
}
process.stdout.write( JSON.stringify( out ) )
"""


def runtime_scanner(generation: int) -> Path:
    variable, module = SCANNERS[generation]
    checkout = os.environ.get(variable)
    if NODE is None or not checkout:
        pytest.skip(f"needs node and {variable} (a flowmcp-core checkout)")
    return Path(checkout) / module


def runtime_messages(generation: int, files: list[Path]) -> dict[str, list[str]]:
    assert NODE is not None
    completed = subprocess.run(
        [NODE, "--input-type=module", "-e", RUN_SCANNER, str(runtime_scanner(generation))],
        input=json.dumps([str(file) for file in files]),
        capture_output=True,
        text=True,
        timeout=300,  # bounds a hang only
        check=True,
    )
    result: dict[str, list[str]] = json.loads(completed.stdout)
    return result


def our_messages(file: Path, generation: int) -> list[str]:
    """`scan`'s hits in the runtime's own words: `${code} ${filePath}: Forbidden pattern ...`."""
    return [
        f'{hit.runtime_code} {file}: Forbidden pattern "{hit.pattern}" found at line {hit.line}'
        for hit in scan(file.read_bytes(), generation)
    ]


def disagreements(generation: int, files: list[Path]) -> list[tuple[str, list[str], list[str]]]:
    theirs = runtime_messages(generation, files)
    return [
        (str(f), theirs[str(f)], our_messages(f, generation))
        for f in files
        if theirs[str(f)] != our_messages(f, generation)
    ]


FRAGMENTS = [
    "import", "import ", "import(", "important", "require(", "eval(", " Function(", "(Function(", "new Function",
    "process.", "process[", "child_process", "fs.", "node:fs", "fs/promises", "globalThis.", "globalThis[",
    "global.", "global[", "__dirname", "__filename", "setTimeout", "setInterval",
    "/", "//", "/*", "*/", "*", "'", '"', "`", "\\", "\\\\", "${", "}", "\n", "\n", "\r\n", "\r", " ", "  ", "\t",
    "x", "a.b", "(", ")", "[", "\u00a0", "\ufeff", "\u2028", "é", "ü",
]  # fmt: skip


def random_sources(count: int) -> list[bytes]:
    rng = random.Random(18)
    made = []
    for _ in range(count):
        text = "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(0, 40)))
        data = text.encode()
        if rng.random() < 0.05:
            data = data.replace(b"x", b"\xff", 1)  # an invalid byte, decoded as U+FFFD by both
        made.append(data)
    return made


@pytest.mark.parametrize("generation", GENERATIONS)
def test_scan_says_what_the_real_scanner_says(generation: int, tmp_path: Path) -> None:
    runtime_scanner(generation)
    sources = [case[1] for case in ALL_CASES] + random_sources(3000)
    sources += [lines("export const main = {", line, "}") for _where, line, _codes in LIBRARY_LINES]
    files = []
    for number, source in enumerate(sources):
        file = tmp_path / f"case{number}.mjs"
        file.write_bytes(source.encode() if isinstance(source, str) else source)
        files.append(file)
    assert disagreements(generation, files) == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_scan_agrees_with_the_real_scanner_on_a_library(generation: int) -> None:
    runtime_scanner(generation)
    library = os.environ.get("FLOWMCP_LIBRARY")
    if not library:
        pytest.skip("needs FLOWMCP_LIBRARY (a folder of definitions)")
    files = sorted(path for path in Path(library).rglob("*") if path.suffix in (".mjs", ".js") and path.is_file())
    assert files
    assert disagreements(generation, files) == []
