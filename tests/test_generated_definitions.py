"""Generated definitions through every command: no traceback, and `mcp-tools` registers exactly the tools
that `check` says FlowMCP's runtime builds.

The definitions follow the grammar of real ones (the public library and docs/reference): parameters of
every kind (`{{USER_PARAM}}`, server, fixed and named placeholders) and location, z primitives and
options, `enum`/`values`/`default`/`optional` among them, in any order and in the forms real files
write (`default("43114")`, `'optional(), default(1000)'` in one string, an array hole, `enum(a,b,)`,
`enum(['asc','desc'])`), shared-list references, resources of every source (sqlite with `database` or
`origin` + `name`, markdown and http of 4.x), tests with odd values (strings for numbers, arrays for
objects, unknown keys, placeholder names, unicode), output schemas inside and outside FlowMCP's
subset, handlers; written as JavaScript (in several styles), Python or JSON, declaring 3.x or 4.x.

The default run is small and the same on every run (`derandomize`, no example database), so CI is
deterministic; `FLOWLINT_GENERATED_EXAMPLES=2000 python -m pytest tests/test_generated_definitions.py
-n 0` explores anew (random examples, failures kept in `.hypothesis/` and replayed).
A failure prints the generated file and the one-line command that shows the crash.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from smoke import (
    Crash,
    internal_errors,
    load,
    lsp_problems,
    migrate_problems,
    mock_problems,
    run,
    synthesize_records,
    unknown,
    write_captures,
)

from conftest import SAMPLES
from flowlint.cli.common import FORMATS
from flowlint.lint.rule import example

pytestmark = pytest.mark.usefixtures("smoke_mode")  # no coverage, gc frozen: see conftest.smoke_mode

_LONG = os.environ.get("FLOWLINT_GENERATED_EXAMPLES")
GENERATED = settings(
    max_examples=int(_LONG) if _LONG else 12,
    derandomize=not _LONG,  # CI: the same examples on every run
    database=settings.default.database if _LONG else None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
    print_blob=bool(_LONG),
)

# --------------------------------------------------------------------------- the grammar


@dataclass(frozen=True)
class Hole:
    """An array hole (`[, 'optional()']`): JavaScript only; Python and JSON leave the item out."""


@dataclass(frozen=True)
class Call:
    """JavaScript that is not plain data (`JSON.stringify({ a: 1 })`, a template literal, a spread), written
    as is; Python and JSON write `plain` instead."""

    text: str
    plain: Any


ODD_TEXT = st.text(alphabet="abcz019.,-_:(){}[]'\" \\ü🙂\u2028", max_size=10)


def odd_calls(*names: str) -> st.SearchStrategy[str]:
    """A call of one of `names` with odd text inside: `default(ü,")`, `regex(()`, `enum({{a:}}`."""
    return st.builds(
        lambda name, text, close: f"{name}({text}{close}",
        st.sampled_from(names),
        st.one_of(ODD_TEXT, st.text(max_size=12)),
        st.sampled_from([")", ")", ")", "", "))"]),
    )


@dataclass(frozen=True)
class Oddness:
    """How often a generated file departs from what FlowMCP loads: one choice in `one_in` is odd (0: never).
    Every file is drawn with one level, so that most files load (and what is checked after loading, such
    as which tools are built, is reached) while the others try every odd branch."""

    one_in: int

    def pick(self, draw: st.DrawFn, good: Any, odd: Any) -> Any:
        """A draw from `good`, or (one time in `one_in`) from `odd`; each a strategy or a list to sample."""
        chosen = odd if self.one_in and draw(st.integers(0, self.one_in - 1)) == 0 else good
        return draw(chosen if isinstance(chosen, st.SearchStrategy) else st.sampled_from(chosen))

    def skips(self, draw: st.DrawFn) -> bool:
        """Whether a required member is left out this time."""
        return bool(self.one_in) and draw(st.integers(0, 4 * self.one_in - 1)) == 0


GOOD_PRIMITIVES = [
    *("string()", "number()", "boolean()", "array()", "object()", "enum(asc,desc)", "enum(1,5,10)"),
    *("enum({{evmChains:alias}})", "enum({{evmChains:chainId}},{{evmChains:alias}})"),
]
ODD_PRIMITIVES = st.one_of(
    st.sampled_from(
        [
            *("enum(a,b,)", "enum()", "enum({{missingList:alias}})", "enum(['asc','desc'])", "enum(a,b"),
            *("enum(a, b)", "int()", "String()", "string", "stringify()", "", 42),
        ]
    ),
    odd_calls("enum", "string", "number"),
)
GOOD_OPTIONS = [
    *("optional()", "optional()", "default(10)", 'default("43114")', "default(true)", "default(asc)"),
    *("min(1)", "max(10)", "length(3)", "regex(^[a-z]+$)", "values(a,b)", "optional(), default(1000)"),
]
ODD_OPTIONS = st.one_of(
    st.sampled_from(
        [
            *("default()", "default(-1.5e3)", "min(abc)", "max()", "min(-3)", "length(abc)", "regex(/^a$/)"),
            *("regex([)", "values()", "int()", "optional", Hole(), 5),
        ]
    ),
    odd_calls("default", "min", "max", "length", "regex", "values", "optional"),
)
KEYS = ["id", "limit", "q", "chain", "city", "flag", "tags", "filter", "lat", "über"]
PLACEHOLDERS = ["{{SERVER_PARAM:API_KEY}}", "json", "{{CITY}}", "intitle:{{USER_PARAM}}", "{{id}}"]
TOOL_NAMES = ["getItems", "getItem", "searchThings", "listAll", "get_items"]  # get_items: FL016 beside getItems
ODD_TOOL_NAMES = ["'/block/:hash'", "getÜber", "x", "toString", "a" * 70]
DESCRIPTIONS = ["Items", "Ünïcode 🙂 description"]

# Test values: what the primitive asks for, and what real tests hold instead.
TEST_VALUES = st.one_of(
    st.sampled_from(["10", "false", "true", "asc", "ETHEREUM_MAINNET", "1", "", "ü🙂", "a" * 300]),
    st.integers(min_value=-(2**63), max_value=2**63),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.lists(st.one_of(st.text(max_size=4), st.integers()), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    ODD_TEXT,
    st.just(Call("JSON.stringify({ a: 1 })", '{"a":1}')),
)

SCHEMA_LEAVES = st.sampled_from(
    [
        {"type": "string"},
        {"type": "string", "format": "date-time"},
        {"type": "string", "nullable": True},
        {"type": "number"},
        {"type": "boolean", "description": "ü"},
        {"type": "string", "enum": ["a", "b"]},
        {"type": "integer"},
        {"format": "uri"},
        {"type": "string", "pattern": "^a"},
    ]
)
OUTPUT_SCHEMAS = st.recursive(
    SCHEMA_LEAVES,
    lambda inner: st.one_of(
        st.builds(
            lambda p: {"type": "object", "properties": p}, st.dictionaries(st.sampled_from(KEYS), inner, max_size=3)
        ),
        st.builds(lambda i: {"type": "array", "items": i}, inner),
        st.builds(
            lambda p: {"type": "object", "properties": p, "required": list(p)[:1]},
            st.dictionaries(st.sampled_from(KEYS), inner, max_size=2),
        ),
    ),
    max_leaves=6,
)


@st.composite
def z_blocks(draw: st.DrawFn, odd: Oddness) -> dict[str, Any]:
    """A z block; its primitive and options are odd one time in five in every file (they decide whether
    a tool is built and which calls it accepts, so they are the point, not noise)."""
    z_odd = Oddness(5)
    z: dict[str, Any] = {
        "primitive": z_odd.pick(draw, GOOD_PRIMITIVES, ODD_PRIMITIVES),
        "options": [z_odd.pick(draw, GOOD_OPTIONS, ODD_OPTIONS) for _ in range(draw(st.integers(0, 4)))],
    }
    if odd.skips(draw):
        del z["options"]
    return z


@st.composite
def parameters(draw: st.DrawFn, odd: Oddness, query: bool) -> dict[str, Any]:
    position: dict[str, Any] = {
        "key": odd.pick(draw, KEYS, ["constructor", "", "a b"]),
        "value": Oddness(3).pick(draw, ["{{USER_PARAM}}"], PLACEHOLDERS),
    }
    if not query:
        location = odd.pick(draw, ["query", "query", "insert", "body"], ["header", None])
        if location is not None:
            position["location"] = location
    parameter: dict[str, Any] = {"position": position}
    if not odd.skips(draw):
        parameter["z"] = draw(z_blocks(odd))
    if draw(st.integers(0, 9)) == 0:
        parameter["description"] = odd.pick(draw, DESCRIPTIONS, ODD_TEXT)
    return parameter


@st.composite
def cases_for(draw: st.DrawFn, params: list[dict[str, Any]]) -> list[Any]:
    """Tests: any of the keys, with values that fit or do not, unknown keys, placeholder names."""
    keys = [p["position"]["key"] for p in params]
    cases: list[Any] = []
    for _ in range(draw(st.integers(0, 3))):
        case: dict[str, Any] = {}
        if draw(st.integers(0, 5)) > 0:
            case["_description"] = draw(st.one_of(ODD_TEXT, st.just(3)))
        for key in keys:
            if draw(st.integers(0, 3)) > 0:
                case[key] = draw(TEST_VALUES)
        if draw(st.integers(0, 5)) == 0:
            case[draw(st.sampled_from(["unknownKey", "CITY", "_other"]))] = draw(TEST_VALUES)
        cases.append(case)
    if draw(st.integers(0, 15)) == 0:
        cases.append(draw(st.sampled_from(["not an object", 7, [1]])))
    return cases


@st.composite
def outputs(draw: st.DrawFn, query: bool) -> dict[str, Any] | None:
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return None
    if kind == 1:
        return {"mimeType": "text/plain", "schema": {"type": "string"}}
    schema = draw(OUTPUT_SCHEMAS)
    if kind > 2:  # mostly what FlowMCP expects: an object (a tool) or an array (a query) at the top
        schema = {"type": "array", "items": schema} if query else {"type": "object", "properties": {"data": schema}}
    return {"mimeType": "application/json", "schema": schema}


@st.composite
def tools(draw: st.DrawFn, odd: Oddness) -> dict[str, Any]:
    params = draw(st.lists(parameters(odd, query=False), max_size=4))
    tool: dict[str, Any] = {
        "method": odd.pick(draw, ["GET", "GET", "POST", "PUT", "DELETE"], ["get", "PATCH"]),
        "path": odd.pick(draw, ["/items", "/items/:id", "/items/{{id}}", "/search"], ["", "items"]),
        "description": odd.pick(draw, DESCRIPTIONS, ODD_TEXT),
        "parameters": params,
    }
    return draw(with_tests_and_output(tool, params, query=False))


@st.composite
def with_tests_and_output(draw: st.DrawFn, entry: dict[str, Any], params: list[Any], query: bool) -> dict[str, Any]:
    """A tool or query with (mostly) tests and (mostly) an output schema."""
    if draw(st.integers(0, 9)) > 0:
        entry["tests"] = draw(cases_for(params))
    output = draw(outputs(query=query))
    if output is not None:
        entry["output"] = output
    return entry


@st.composite
def queries(draw: st.DrawFn, odd: Oddness) -> dict[str, Any]:
    params = draw(st.lists(parameters(odd, query=True), max_size=2))
    sql = odd.pick(
        draw,
        ["SELECT * FROM items WHERE id = ?", "SELECT name FROM items"],
        ["WITH x AS (SELECT 1 AS a) SELECT * FROM x WHERE a = ? AND a = ?", "DELETE FROM items WHERE id = ?", ""],
    )
    return draw(with_tests_and_output({"sql": sql, "description": "Items", "parameters": params}, params, query=True))


@st.composite
def resources(draw: st.DrawFn, odd: Oddness) -> dict[str, Any]:
    """A resource of every source: sqlite (`database`, or `origin` + `name`), and 4.x's markdown and http."""
    source = odd.pick(draw, ["sqlite", "sqlite", "markdown", "http"], ["csv"])
    resource: dict[str, Any] = {"source": source, "description": "A resource"}
    if source == "sqlite":
        if draw(st.booleans()):
            resource["database"] = odd.pick(draw, ["data.db"], ["missing.db", "../up.db", ""])
        else:
            resource["origin"] = odd.pick(draw, ["global", "project", "inline"], ["cloud"])
            resource["name"] = odd.pick(draw, ["data.db"], ["data.sqlite", "data"])
        if draw(st.booleans()):
            resource["mode"] = odd.pick(draw, ["in-memory", "file-based"], ["readwrite"])
    elif source == "markdown":
        resource["origin"] = odd.pick(draw, ["global", "project", "inline"], ["remote"])
        resource["name"] = odd.pick(draw, ["guide.md"], ["guide.txt", "guide"])
        if draw(st.booleans()):
            resource["lifecycle"] = odd.pick(draw, ["static", "session"], ["forever"])
        if odd.skips(draw):
            resource["mode"] = "in-memory"
    elif source == "http":
        resource["path"] = odd.pick(draw, ["/docs"], [""])
    if source != "markdown" or odd.skips(draw):
        resource["queries"] = {
            name: draw(queries(odd))
            for name in draw(st.lists(st.sampled_from(["byId", "all"]), min_size=1, unique=True))
        }
    return resource


# What a hand-written file may hold where data is expected: other types, and JavaScript that is not data.
ODD_NODES = st.sampled_from(
    [
        None,
        5,
        -1.5e300,
        "text",
        "",
        [],
        {},
        [None],
        {"unknown": True},
        True,
        Call("undefined", None),
        Call("`template ${1}`", "template 1"),
        Call("someConstant", "someConstant"),
        Call("process.env.API_KEY", "API_KEY"),
        Call("[ ...items ]", []),
        Call("{ ...base, a: 1 }", {"a": 1}),
        Call("() => 1", None),
        Call("new Date()", None),
        Call("0x10", 16),
        Call("/* a comment */ 'commented'", "commented"),
        Call("'a' + 'b'", "ab"),
        Call("1e400", 1e300),
        Call("-0", 0),
        2**70,
        {"__proto__": {"a": 1}, "constructor": "x", "toString": None},
        [[[[[[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]]]]]],
        "x" * 5000,
    ]
)


@st.composite
def mutated(draw: st.DrawFn, value: Any, rate: int) -> Any:
    """`value` with, at about one node in `rate`, a member replaced by an odd node (or removed)."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            roll = draw(st.integers(0, rate))
            if roll == 0:
                out[key] = draw(ODD_NODES)
            elif roll != 1:  # roll 1: the member is left out
                out[key] = draw(mutated(item, rate))
        return out
    if isinstance(value, list):
        return [draw(ODD_NODES) if draw(st.integers(0, rate)) == 0 else draw(mutated(item, rate)) for item in value]
    return value


@st.composite
def definitions(draw: st.DrawFn) -> dict[str, Any]:
    """`main` of a definition (plain data with `Hole` and `Call` where JavaScript allows them). Half the
    files have no odd structure at all; the rest one odd choice in 40 or in 8, and some odd nodes."""
    odd = Oddness(draw(st.sampled_from([0, 0, 40, 8])))
    main: dict[str, Any] = {
        "namespace": odd.pick(draw, ["demo"], ["demoApi", "demo_api", "Demo", "dëmo", "", "demo-api"]),
        "name": "Demo",
        "description": odd.pick(draw, DESCRIPTIONS, ODD_TEXT),
        "version": odd.pick(draw, ["3.0.0", "3.0.0", "3.0.0", "4.0.0"], ["4.2.0", "3.1.0", "2.0.0"]),
        "root": odd.pick(draw, ["https://api.example.com"], ["https://{{API_HOST}}/v1", "http://127.0.0.1"]),
    }
    if draw(st.booleans()):
        main["requiredServerParams"] = draw(st.sampled_from([["API_KEY"], [], ["API_KEY", "API_HOST"]]))
    if draw(st.integers(0, 3)) == 0:
        main["headers"] = {"X-Api-Key": "{{SERVER_PARAM:API_KEY}}"}
    if draw(st.integers(0, 2)) == 0:
        good_lists = [
            {"ref": "evmChains", "version": "3.0.0"},
            {"ref": "evmChains", "version": "3.0.0", "filter": {"key": "etherscanAlias", "exists": True}},
        ]
        main["sharedLists"] = [odd.pick(draw, good_lists, [{"ref": "missingList", "version": "3.0.0"}, {"ref": 1}])]
    names = draw(st.lists(st.sampled_from(TOOL_NAMES), min_size=1, max_size=3, unique=True))
    if odd.one_in and draw(st.integers(0, 3)) == 0:
        names.append(draw(st.sampled_from(ODD_TOOL_NAMES)))
    section = odd.pick(draw, ["tools"], ["routes"])
    main[section] = {name: draw(tools(odd)) for name in dict.fromkeys(names)}
    if draw(st.integers(0, 4)) == 0:
        main["resources"] = {
            name: draw(resources(odd)) for name in draw(st.lists(st.sampled_from(["items", "guide"]), unique=True))
        }
    if odd.one_in and draw(st.integers(0, 3)) == 0:
        main = draw(mutated(main, rate=draw(st.sampled_from([100, 300, 1000]))))
    return main


# --------------------------------------------------------------------------- writing it


_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


@dataclass(frozen=True)
class JsStyle:
    quote: str  # ' or "
    quote_keys: bool
    trailing_comma: bool


def js(value: Any, style: JsStyle, indent: int = 1) -> str:
    """`value` as a JavaScript literal in `style`."""
    pad, inner = "    " * (indent - 1), "    " * indent
    comma = "," if style.trailing_comma else ""
    if isinstance(value, Hole):
        return ""
    if isinstance(value, Call):
        return value.text
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{_js_key(str(key), style)}: {js(item, style, indent + 1)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + comma + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[ " + ", ".join(js(item, style, indent + 1) for item in value) + " ]"
    if isinstance(value, str):
        return _js_string(value, style.quote)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _js_key(key: str, style: JsStyle) -> str:
    if key.startswith("'") and key.endswith("'") and len(key) > 1:
        return key  # a tool name written quoted, as real files quote '/block/:hash'
    return key if _IDENTIFIER.match(key) and not style.quote_keys else _js_string(key, style.quote)


def _js_string(text: str, quote: str) -> str:
    escaped = text.replace("\\", "\\\\").replace(quote, "\\" + quote).replace("\n", "\\n").replace("\r", "\\r")
    return quote + escaped.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029") + quote


def plain(value: Any) -> Any:
    """`value` without `Hole` and `Call` (for Python and JSON), tool names unquoted."""
    if isinstance(value, Call):
        return value.plain
    if isinstance(value, dict):
        return {str(key).strip("'"): plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value if not isinstance(item, Hole)]
    return value


HANDLERS = """
export const handlers = ( { sharedLists, libraries } ) => ( {
    getItems: {
        postRequest: async ( { response, struct, payload } ) => { return { response } }
    }
} )
"""


@st.composite
def sources(draw: st.DrawFn) -> tuple[str, str]:
    """(file name, file text) of a generated definition."""
    main = draw(definitions())
    syntax = draw(st.sampled_from(["mjs", "mjs", "mjs", "mjs", "py", "json"]))
    if syntax == "py":
        return "generated.py", f"main = {plain(main)!r}\n"
    if syntax == "json":
        return "generated.json", json.dumps({"main": plain(main)}, ensure_ascii=draw(st.booleans()), indent=1) + "\n"
    style = JsStyle(draw(st.sampled_from(["'", '"'])), draw(st.booleans()), draw(st.booleans()))
    text = "// generated\nexport const main = " + js(main, style) + "\n"
    if draw(st.integers(0, 2)) == 0:
        text += HANDLERS
    return "generated.mjs", text


# --------------------------------------------------------------------------- running it


_NUMBERS = itertools.count()


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the samples' `_lists/` (for shared-list references); each example gets a subfolder."""
    root = tmp_path_factory.mktemp("generated")
    shutil.copytree(SAMPLES / "_lists", root / "_lists")
    return root


def _write(workspace: Path, name: str, text: str) -> Path:
    folder = workspace / str(next(_NUMBERS))
    folder.mkdir()
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _fail(found: list[Crash], path: Path, text: str) -> None:
    found = unknown(found)
    if found:
        listed = "\n".join(str(crash) for crash in found)
        pytest.fail(f"{len(found)} crash(es) on {path.name}, in its folder:\n{listed}\n--- {path.name} ---\n{text}")


def _check(path: Path, output_format: str, extra: list[str]) -> list[Crash]:
    """`check` of one file in JSON and in `output_format`; an FL008 finding (flowlint's own failure,
    reported instead of a traceback) is a crash too."""
    found: list[Crash] = []
    for fmt in dict.fromkeys(["json", output_format]):
        outcome = run(["check", "--no-cache", *extra, "--format", fmt, path.name], path.parent, expected=(0, 1))
        if isinstance(outcome, Crash):
            found.append(outcome)
        elif fmt == "json":
            found += internal_errors(["check", *extra], outcome[1])
    return found


@given(source=sources(), output_format=st.sampled_from(FORMATS), strict=st.booleans())
@GENERATED
def test_check_fix_migrate_and_the_language_server_never_crash(
    workspace: Path, source: tuple[str, str], output_format: str, strict: bool
) -> None:
    name, text = source
    path = _write(workspace, name, text)
    found = _check(path, output_format, ["--strict"] if strict else [])
    for args in (
        ["check", "--no-cache", "--diff", "--unsafe-fixes", path.name],
        ["migrate", "--to", "4.3.0", "--unsafe-fixes", path.name],
    ):
        outcome = run(args, path.parent, expected=(0, 1))
        if isinstance(outcome, Crash):
            found.append(outcome)
    found += migrate_problems([str(path)])
    found += lsp_problems(path, path.name)
    _fail(found, path, text)


@given(source=sources())
@GENERATED
def test_mcp_tools_mock_schema_and_verify_never_crash_and_mcp_tools_agrees_with_check(
    workspace: Path, source: tuple[str, str]
) -> None:
    name, text = source
    path = _write(workspace, name, text)
    found: list[Crash] = []
    listed: list[str] | None = None
    outcome = run(["mcp-tools", "--resources", path.name], path.parent, expected=(0, 2))
    if isinstance(outcome, Crash):
        found.append(outcome)
    elif outcome[0] == 0:
        listed = [tool["name"] for tool in json.loads(outcome[1])["tools"]]
    [loaded] = load([path])
    if loaded.definition is not None:
        records = synthesize_records(loaded)
        found += mock_problems(loaded, records, path.name)
        captures = write_captures(records, path.parent / "captures")
        for args in (["schema", "--captures", "captures", path.name], ["verify", path.name, "--captures", "captures"]):
            single = run(args, path.parent, expected=(0, 1))
            if isinstance(single, Crash):
                found.append(single)
        assert captures.is_dir()
    _fail(found, path, text)
    if listed is not None and loaded.definition is not None:
        _assert_agreement(path, text, listed)


# --------------------------------------------------------------------------- mcp-tools against check


def reported_consequences(path: Path) -> list[tuple[str, str | None, str | None]]:
    """(code, tool, consequence) of every finding of `flowlint check --format json FILE` (default profile):
    the consequence says what FlowMCP's runtime does about it (core/consequence.py)."""
    outcome = run(["check", "--no-cache", "--format", "json", path.name], path.parent, expected=(0, 1))
    assert not isinstance(outcome, Crash), str(outcome)
    return [(d["code"], d["tool"], d["consequence"]) for d in json.loads(outcome[1])["diagnostics"]]


def expected_registration(path: Path) -> list[str] | None:
    """The MCP names of the tools FlowMCP's runtime registers for the file, as `check` sees it: every tool
    but those with a "tool not built" finding; None when `check` says the runtime refuses the file (or
    flowlint could not check it): `mcp-tools` shows the tools of a file the runtime would not load."""
    from flowlint.mcp.schema import mcp_tool_name

    [loaded] = load([path])
    definition = loaded.definition
    if definition is None:
        return None
    consequences = reported_consequences(path)
    if any(consequence in ("refused at load", "not checked") for _, _, consequence in consequences):
        return None
    not_built = {tool for _, tool, consequence in consequences if consequence == "tool not built"}
    namespace = definition.namespace or ""
    return [
        mcp_tool_name(namespace, tool.name)
        for tool in definition.tools
        if tool.kind == "tool" and tool.name not in not_built
    ]


def _assert_agreement(path: Path, text: str, listed: list[str]) -> None:
    expected = expected_registration(path)
    if expected is None:
        return
    missing = _minus(expected, listed)
    extra = _minus(listed, expected)
    if missing or extra:
        pytest.fail(
            f"flowlint mcp-tools {path.name} disagrees with flowlint check {path.name}: registered by the "
            f"runtime but not listed: {missing}; listed but not built: {extra}\n--- {path.name} ---\n{text}"
        )


def _minus(left: list[str], right: list[str]) -> list[str]:
    rest = list(right)
    out = []
    for name in left:
        if name in rest:
            rest.remove(name)
        else:
            out.append(name)
    return out


NOT_BUILT = example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'sparkline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'min(1)' ] } } ],
            tests: [ { _description: 'With sparkline', sparkline: true } ] }
    }""")
"""FL012's example: `min(1)` does not apply to boolean(), ZodBuilder throws, the tool is not built."""


def test_a_tool_the_runtime_cannot_build_is_not_listed(tmp_path: Path) -> None:
    path = tmp_path / "markets.mjs"
    path.write_text(NOT_BUILT, encoding="utf-8")
    assert expected_registration(path) == []
    outcome = run(["mcp-tools", path.name], tmp_path, expected=(0,))
    assert not isinstance(outcome, Crash), str(outcome)
    assert json.loads(outcome[1])["tools"] == []
