"""Write the differential fixtures under tests/differential/cases/ (one behaviour per file).

Each case is a small v3 definition (version 3.0.0, the public library's version, unless the case is
about the version) that differs from a baseline in one place.  Every `.mjs` file starts with a comment
naming the behaviour; a few cases also get a `.json` ({"main": {...}}) for the JSON loaders and a `.py`
twin (`main = {...}`) that only flowlint reads (compare.py scores a twin with its `.mjs` verdict).

    python tools/differential/make_cases.py        # rewrites tests/differential/cases/
"""

from __future__ import annotations

import copy
import json
import math
import pprint
import shutil
import subprocess
from pathlib import Path

CASES = Path(__file__).resolve().parents[2] / "tests" / "differential" / "cases"


def param(key, primitive="string()", options=None, value="{{USER_PARAM}}", location="query"):
    return {
        "position": {"key": key, "value": value, "location": location},
        "z": {"primitive": primitive, "options": list(options or [])},
    }


def tests(*values):
    return [dict({"_description": f"test {i + 1}"}, **v) for i, v in enumerate(values)]


def tool(parameters=None, test_list=None, method="GET", path="/items"):
    return {
        "method": method,
        "path": path,
        "description": "Fetch items.",
        "parameters": parameters if parameters is not None else [param("q")],
        "tests": test_list if test_list is not None else tests({"q": "a"}, {"q": "b"}, {"q": "c"}),
        "output": {"mimeType": "application/json", "schema": {"type": "object", "properties": {}}},
    }


def base(**tools_):
    return {
        "namespace": "difftest",
        "name": "DiffTest",
        "description": "Differential harness fixture.",
        "version": "3.0.0",
        "docs": ["https://example.com/docs"],
        "tags": [],
        "root": "https://api.example.com",
        "requiredServerParams": [],
        "headers": {},
        "tools": tools_ or {"getItems": tool()},
    }


def one_param(primitive, options, *values, key="v"):
    return base(getItems=tool([param(key, primitive, options)], tests(*({key: v} for v in values))))


def with_main(change):
    m = base()
    change(m)
    return m


def with_tool(change):
    m = base()
    change(m["tools"]["getItems"])
    return m


# name -> (behaviour comment, main, extra formats)
CASES_ = {
    "baseline-v3": (
        "baseline: a valid v3 definition (every runtime-checked field well formed)",
        base(),
        ("json", "py"),
    ),
    "namespace-hyphen-digit": (
        "namespace pattern: 'diff-test2' (v3 /^[a-z]+$/ refuses, v4 /^[a-z][a-z0-9-]*$/ accepts)",
        with_main(lambda m: m.update(namespace="diff-test2")),
        (),
    ),
    "namespace-uppercase": (
        "namespace pattern: 'DiffTest' (both runtimes' patterns refuse capitals)",
        with_main(lambda m: m.update(namespace="DiffTest")),
        (),
    ),
    "version-4": (
        "version pattern: '4.0.0' (v3 runtime refuses, v4 accepts)",
        with_main(lambda m: m.update(version="4.0.0")),
        ("json",),
    ),
    "version-short": (
        "version pattern: '3.0' (both runtimes refuse)",
        with_main(lambda m: m.update(version="3.0")),
        (),
    ),
    "unknown-main-key": (
        "unknown main key: main.prompts (v4 VAL003 refuses; v3 has no allow-list)",
        with_main(lambda m: m.update(prompts={})),
        (),
    ),
    "tool-name-invalid": ("tool name: 'get-items!' (no runtime checks tool names)", base(**{"get-items!": tool()}), ()),
    "method-fetch": (
        "method FETCH (not GET/POST/PUT/DELETE)",
        with_tool(lambda t: t.update(method="FETCH")),
        ("json", "py"),
    ),
    "path-no-slash": ("path without leading slash: 'items'", with_tool(lambda t: t.update(path="items")), ()),
    "nine-tools": ("more than 8 tools (9)", base(**{f"getItems{i}": tool() for i in range(9)}), ()),
    "output-text-csv": (
        "output mimeType text/csv with an object schema",
        with_tool(lambda t: t["output"].update(mimeType="text/csv")),
        (),
    ),
    "param-no-z": ("parameter without z block", with_tool(lambda t: t["parameters"][0].pop("z")), ()),
    "param-no-position": (
        "parameter without position block",
        with_tool(lambda t: t["parameters"][0].pop("position")),
        (),
    ),
    "bad-location": (
        "bad location: position.location 'header'",
        with_tool(lambda t: t["parameters"][0]["position"].update(location="header")),
        (),
    ),
    "unknown-primitive": (
        "unknown primitive 'integer()' (ZodBuilder falls back to z.string())",
        one_param("integer()", [], "1", "2", "3"),
        (),
    ),
    "primitive-leading-space": (
        "' number()' with a leading space (startsWith fails -> z.string())",
        one_param(" number()", [], 1, 2, 3),
        (),
    ),
    "primitive-number-arg": (
        "'number(5)' (startsWith 'number(' misses 'number()' -> z.string())",
        one_param("number(5)", [], 1, 2, 3),
        (),
    ),
    "primitive-array-of-string": (
        "'array(string())' (not 'array()' -> z.string())",
        one_param("array(string())", [], ["a"], ["b"], ["c"]),
        (),
    ),
    "enum-space": (
        "'enum (a,b)' with a space (not 'enum(' -> z.string())",
        one_param("enum (a,b)", [], "a", "b", "a"),
        (),
    ),
    "options-order": (
        "options order: ['optional()', 'min(1)'] on number() (v3 applies in order and throws)",
        one_param("number()", ["optional()", "min(1)"], 1, 2, 3),
        ("py",),
    ),
    "repeated-min": (
        "repeated min(): ['min(1)', 'min(5)'] (both applied: effective min 5); test value 3",
        one_param("number()", ["min(1)", "min(5)"], 5, 6, 3),
        (),
    ),
    "min-max-one-string": (
        "'min(1).max(5)' in one option string (only min(1) applied); test value 9",
        one_param("number()", ["min(1).max(5)"], 1, 2, 9),
        (),
    ),
    "default-hex": (
        "default(0x10) on number() (Number('0x10') = 16)",
        one_param("number()", ["optional()", "default(0x10)"], 1, 2, 3),
        (),
    ),
    "default-infinity": (
        "default(Infinity) on number()",
        one_param("number()", ["optional()", "default(Infinity)"], 1, 2, 3),
        (),
    ),
    "regex-slashes": (
        "regex with slashes: 'regex(/^[a-z]+$/)' (new RegExp keeps the slashes literal)",
        one_param("string()", ["regex(/^[a-z]+$/)"], "abc", "def", "ghi"),
        (),
    ),
    "regex-dollar-newline": (
        "regex with $ and a test value with a trailing newline ('abc\\n': JS $ refuses, Python re.search $ accepts)",
        one_param("string()", ["regex(^[a-z]+$)"], "abc", "def", "abc\n"),
        ("json", "py"),
    ),
    "array-min-max": (
        "array() with min(1), max(2); a test with 3 elements",
        one_param("array()", ["min(1)", "max(2)"], ["a"], ["a", "b"], ["a", "b", "c"]),
        (),
    ),
    "enum-trailing-comma": (
        "enum(a,b,) and a test value '' (runtime enum has '' as a value)",
        one_param("enum(a,b,)", [], "a", "b", ""),
        (),
    ),
    "enum-numeric-tests": (
        "numeric test values for enum(0,1) (runtime enum values are strings)",
        one_param("enum(0,1)", [], 0, 1, 0),
        ("py",),
    ),
    "string-default-number": (
        "string() with default(10) and tests that omit it (default typed as number 10)",
        base(
            getItems=tool(
                [param("q"), param("v", "string()", ["optional()", "default(10)"])],
                tests({"q": "a"}, {"q": "b"}, {"q": "c"}),
            )
        ),
        (),
    ),
    "path-colon-key": (
        "`:key` path insert parameter: path '/items/:id'",
        base(
            getItems=tool(
                [param("id", location="insert")], tests({"id": "1"}, {"id": "2"}, {"id": "3"}), path="/items/:id"
            )
        ),
        (),
    ),
    "embedded-user-param": (
        "embedded 'intitle:{{USER_PARAM}}' as a parameter value",
        with_tool(lambda t: t["parameters"][0]["position"].update(value="intitle:{{USER_PARAM}}")),
        (),
    ),
    "unprefixed-server-param": (
        "unprefixed {{API_KEY}} server param (in requiredServerParams; tests do not pass it)",
        base(getItems=tool([param("q"), param("apikey", value="{{API_KEY}}")])),
        (),
    ),
    "test-unknown-key": (
        "a test with a key that is not a parameter",
        base(getItems=tool(test_list=tests({"q": "a"}, {"q": "b"}, {"q": "c", "extra": 1}))),
        ("py",),
    ),
    "two-tests": ("fewer than 3 tests (2)", base(getItems=tool(test_list=tests({"q": "a"}, {"q": "b"}))), ()),
}
CASES_["unprefixed-server-param"][1]["requiredServerParams"] = ["API_KEY"]
CASES_["list-enum"] = (
    "enum({{chains:alias}}) from a declared shared list: the MCP tool's enum is the literal text (FL019)",
    base(
        getItems=tool(
            [param("chain", "enum({{chains:alias}})")], tests({"chain": "ETH"}, {"chain": "BSC"}, {"chain": "ARB"})
        )
    ),
    (),
)
CASES_["list-enum"][1]["sharedLists"] = [{"ref": "chains", "version": "1.0.0"}]


def v4(m: dict) -> dict:
    m["version"] = "4.0.0"
    return m


# The same kind of one-place change on a 4.0.0 definition, for behaviours where the v4 runtime differs
# (the v4 runtime refuses every 3.x definition at VAL014 before it looks at anything else).
CASES_.update(
    {
        "v4-namespace-hyphen-digit": (
            "namespace pattern on a v4 definition: 'diff-test2' (v4 accepts; v3 refuses namespace and version)",
            v4(with_main(lambda m: m.update(namespace="diff-test2"))),
            (),
        ),
        "v4-unknown-main-key": (
            "unknown main key on a v4 definition: main.prompts (v4 VAL003)",
            v4(with_main(lambda m: m.update(prompts={}))),
            (),
        ),
        "v4-unknown-tool-key": (
            "unknown tool key on a v4 definition: async (v4 VAL076, a code in no spec version)",
            v4(with_tool(lambda t: t.update({"async": True}))),
            (),
        ),
        "v4-unknown-parameter-key": (
            "unknown parameter key on a v4 definition: required (v4 VAL077, a code in no spec version)",
            v4(with_tool(lambda t: t["parameters"][0].update(required=True))),
            (),
        ),
        "v4-two-tests": (
            "fewer than 3 tests on a v4 definition (v4 TST001 is a warning only)",
            v4(base(getItems=tool(test_list=tests({"q": "a"}, {"q": "b"})))),
            (),
        ),
        "v4-options-order": (
            "options order on a v4 definition: ['optional()', 'default(5)', 'min(1)', 'max(9)'] (v4 re-orders)",
            v4(one_param("number()", ["optional()", "default(5)", "min(1)", "max(9)"], 1, 2, 10)),
            (),
        ),
    }
)


# Issue 18: every class the issue lists, as a 3.x file and (where the class exists in 4.x) a 4.x twin
# named `v4-<name>`.  Behaviour comments start with "[issue 18]".
I18 = "[issue 18] "


def resource_md(**extra):
    return dict({"source": "markdown", "origin": "inline", "name": "guide.md", "description": "A guide."}, **extra)


def query(**extra):
    q = {
        "sql": "SELECT name FROM items WHERE name = ?",
        "description": "Find items by name.",
        "parameters": [
            {"position": {"key": "name", "value": "{{USER_PARAM}}"}, "z": {"primitive": "string()", "options": []}}
        ],
        "output": {"mimeType": "application/json", "schema": {"type": "array", "items": {"type": "object"}}},
        "tests": [{"_description": "by name", "name": "a"}],
    }
    q.update(extra)
    return q


def resource_sqlite(**extra):
    r = {
        "source": "sqlite",
        "origin": "inline",
        "database": "items.db",
        "description": "Items database.",
        "queries": {"findItems": query()},
    }
    r.update(extra)
    return r


def with_resources(**resources):
    m = base()
    m["resources"] = resources
    return m


def preload(value):
    return with_tool(lambda t: t.update(preload=value))


I18_CASES = {
    # Refusals flowlint misses
    "preload-enabled-missing": ("preload without enabled", preload({"ttl": 3600})),
    "preload-enabled-not-boolean": ("preload.enabled 'yes' (not a boolean)", preload({"enabled": "yes", "ttl": 3600})),
    "preload-ttl-missing": ("preload without ttl", preload({"enabled": True})),
    "preload-ttl-float": ("preload.ttl 1.5 (not a positive integer)", preload({"enabled": True, "ttl": 1.5})),
    "preload-ttl-zero": ("preload.ttl 0 (not a positive integer)", preload({"enabled": True, "ttl": 0})),
    "preload-ttl-string": ("preload.ttl '3600' (a string)", preload({"enabled": True, "ttl": "3600"})),
    "preload-description-number": (
        "preload.description 5 (not a string)",
        preload({"enabled": True, "ttl": 3600, "description": 5}),
    ),
    "preload-not-object": ("preload true (not an object)", preload(True)),
    "preload-valid": ("a valid preload block (accepted)", preload({"enabled": True, "ttl": 3600, "description": "x"})),
    "regex-invalid": (
        "regex([a-) is no valid regular expression: ZodBuilder's new RegExp throws",
        one_param("string()", ["regex([a-)"], "a", "b", "c"),
    ),
    "tools-array": ("tools given as an array", with_main(lambda m: m.update(tools=[tool()]))),
    "resource-markdown-queries": (
        "a markdown resource with queries",
        with_resources(guide=resource_md(queries={"findItems": query()})),
    ),
    "resource-markdown-database": (
        "a markdown resource with a database field",
        with_resources(guide=resource_md(database="items.db")),
    ),
    "resource-http-no-path": (
        "an http resource without path",
        with_resources(remote={"source": "http", "origin": "inline", "description": "Remote items."}),
    ),
    "resource-blank-description": (
        "a resource whose description is blank ('   ')",
        with_resources(items=resource_sqlite(description="   ")),
    ),
    # Errors on definitions the runtime accepts (flowlint's false errors before issue 18)
    "option-values": (
        "FL012: an unknown option values(a,b) on enum(a,b) (ZodBuilder ignores unknown options)",
        one_param("enum(a,b)", ["values(a,b)"], "a", "b", "a"),
    ),
    "option-int": (
        "FL012: an unknown option int() on number() (ZodBuilder ignores it)",
        one_param("number()", ["int()"], 1, 2, 3),
    ),
    "tool-name-snake": (
        "VAL030: tool name get_items (snake case; no runtime checks tool names)",
        base(get_items=tool()),
    ),
    "primitive-int": (
        "VAL044: unknown primitive int() (ZodBuilder falls back to z.string())",
        one_param("int()", [], "1", "2", "3"),
    ),
    "resource-five-queries": (
        "RES006: a sqlite resource with 5 queries (the runtime allows up to 6 or 7)",
        with_resources(items=resource_sqlite(queries={f"findItems{i}": query() for i in range(5)})),
    ),
    "resource-query-no-tests": (
        "RES011: a resource query without tests (the runtime does not ask for them)",
        with_resources(items=resource_sqlite(queries={"findItems": query(tests=[])})),
    ),
    "resource-query-output-object": (
        "RES021: a resource query whose output.schema.type is 'object'",
        with_resources(
            items=resource_sqlite(
                queries={"findItems": query(output={"mimeType": "application/json", "schema": {"type": "object"}})}
            )
        ),
    ),
    "resource-markdown-no-queries": (
        "FL007: a markdown resource without queries (valid: markdown resources have none)",
        with_resources(guide=resource_md()),
    ),
    "body-on-get": (
        "FL010: a body parameter on a GET tool (the runtime sends no body and does not refuse)",
        with_tool(lambda t: t["parameters"][0]["position"].update(location="body")),
    ),
    "insert-no-placeholder": (
        "VAL050: an insert parameter without a {{key}} placeholder in the path",
        base(getItems=tool([param("id", location="insert")], tests({"id": "1"}, {"id": "2"}, {"id": "3"}))),
    ),
    "meta-null": ("VAL100: a tool with meta: null", with_tool(lambda t: t.update(meta=None))),
    "enum-default-optional": (
        "['default(2)', 'optional()'] on enum(1,2,3) (ZodBuilder accepts; tests omit the value)",
        base(
            getItems=tool(
                [param("q"), param("order", "enum(1,2,3)", ["default(2)", "optional()"])],
                tests({"q": "a"}, {"q": "b"}, {"q": "c", "order": "3"}),
            )
        ),
    ),
    "named-placeholder": (
        "a named {{CHAIN}} placeholder as a parameter value (the runtime's shape demands the key)",
        base(
            getItems=tool(
                [param("q"), param("chain", value="{{CHAIN}}")],
                tests({"q": "a"}, {"q": "b"}, {"q": "c"}),
            )
        ),
    ),
    "zero-tests": ("TST001: a tool with 0 tests (3.x runtime warns only)", base(getItems=tool(test_list=[]))),
    "enum-literal-with-list": (
        "VAL107: z.enum ['ETH','BSC'] (literal values) where the shared list chains exists",
        base(
            getItems=tool(
                [
                    {
                        "position": {"key": "chain", "value": "{{USER_PARAM}}", "location": "query"},
                        "z": {"primitive": "enum(ETH,BSC)", "options": [], "enum": ["ETH", "BSC"]},
                    }
                ],
                tests({"chain": "ETH"}, {"chain": "BSC"}, {"chain": "ETH"}),
            )
        ),
    ),
}
I18_CASES["enum-literal-with-list"][1]["sharedLists"] = [{"ref": "chains", "version": "1.0.0"}]

# Codes only the 4.x runtime prints (no 3.x twin).
I18_V4_ONLY = {
    "v4-version-short": ("VAL014: version '4.0' on a 4.x file", v4(with_main(lambda m: m.update(version="4.0")))),
    "v4-skills": (
        "VAL016: main.skills in a 4.x definition",
        v4(with_main(lambda m: m.update(skills={"guide": {"file": "guide.mjs"}}))),
    ),
}
I18_V4_ONLY["v4-version-short"][1]["version"] = "4.0"

# Issue 25: the disagreements that remained, as a 3.x file and a 4.x twin `v4-<name>` (both runtimes build
# z blocks with the same ZodBuilder), plus the classes one generation has.  Comments start "[issue 25]".
I25 = "[issue 25] "


def routes_too(m: dict) -> dict:
    m["routes"] = {"getOther": tool()}
    return m


def markdown(**change):
    r = resource_md()
    r.update(change)
    return {key: value for key, value in r.items() if value is not None}


I25_CASES = {
    "enum-unclosed": (
        "an unclosed enum(a,b: ZodBuilder throws 'Invalid enum type', the tool is not built",
        one_param("enum(a,b", [], "a", "b", "a"),
    ),
    "bound-nan": (
        "min(abc): parseFloat gives NaN and zod ignores a NaN bound (every value passes)",
        one_param("number()", ["min(abc)"], -5, 5, 10),
    ),
    "max-empty": ("max(): NaN, ignored by zod", one_param("string()", ["max()"], "a", "bb", "ccc")),
    "length-nan": ("length(abc): parseInt gives NaN, ignored", one_param("string()", ["length(abc)"], "a", "bb", "c")),
    "bound-read-as": (
        "max(10abc): parseFloat reads max(10) (the third test, 11, is refused)",
        one_param("number()", ["max(10abc)"], 1, 5, 11),
    ),
    "length-fraction": (
        "length(2.5): parseInt reads length(2) (the third test, 'abc', is refused)",
        one_param("string()", ["length(2.5)"], "ab", "cd", "abc"),
    ),
    "length-negative": (
        "length(-1): no value has it, every test is refused",
        one_param("string()", ["length(-1)"], "a", "b", "c"),
    ),
    "default-misfit-optional-last": (
        "['default(abc)', 'optional()'] on number(): 3.x lets an omitted value through, 4.x refuses it",
        base(
            getItems=tool(
                [param("q"), param("n", "number()", ["default(abc)", "optional()"])],
                tests({"q": "a"}, {"q": "b"}, {"q": "c", "n": 1}),
            )
        ),
    ),
    "placeholder-keyed-by-name": (
        "a test keyed CITY for { key: 'city', value: '{{CITY}}' }: the MCP tool requires city",
        base(
            getItems=tool(
                [param("q"), param("city", value="{{CITY}}")],
                tests({"q": "a", "CITY": "x"}, {"q": "b", "CITY": "y"}, {"q": "c", "CITY": "z"}),
            )
        ),
    ),
    "regex-lookahead": (
        "regex(^(?!0x)[a-z]+$): a lookahead (no RE2 form), matched by the bounded backtracking matcher; "
        "the runtime refuses '0xab'",
        one_param("string()", ["regex(^(?!0x)[a-z]+$)"], "abc", "0xab", "de"),
    ),
    "regex-unicode-space": (
        "regex(^\\s+$): JavaScript's \\s is Unicode white space ('\\u00a0' passes, 'x' is refused)",
        one_param("string()", ["regex(^\\s+$)"], "\u00a0", " \u2028", "x"),
    ),
}

I25_V3_ONLY = {
    "tools-and-routes": ("tools and routes: the 3.x runtime serves only tools", routes_too(base())),
}

I25_V4_ONLY = {
    "v4-markdown-no-origin": (
        "a 4.x markdown resource without origin (refused)",
        v4(with_resources(guide=markdown(origin=None))),
    ),
    "v4-markdown-origin-invalid": (
        "a 4.x markdown resource with origin 'local' (refused)",
        v4(with_resources(guide=markdown(origin="local"))),
    ),
    "v4-markdown-name-not-md": (
        "a 4.x markdown resource named guide.txt (refused: the name must end in .md)",
        v4(with_resources(guide=markdown(name="guide.txt"))),
    ),
    "v4-markdown-no-name": (
        "a 4.x markdown resource without name (refused)",
        v4(with_resources(guide=markdown(name=None))),
    ),
    "v4-markdown-mode": (
        "a 4.x markdown resource with mode 'in-memory' (refused)",
        v4(with_resources(guide=markdown(mode="in-memory"))),
    ),
    "v4-sqlite-lifecycle": (
        "a 4.x sqlite resource with lifecycle 'daily' (refused)",
        v4(with_resources(items=resource_sqlite(lifecycle="daily"))),
    ),
    "v4-sqlite-lifecycle-valid": (
        "a 4.x sqlite resource with lifecycle 'transient' (accepted)",
        v4(with_resources(items=resource_sqlite(lifecycle="transient"))),
    ),
}


def twinned(
    prefix: str, cases: dict[str, tuple[str, dict]], single: dict[str, tuple[str, dict]]
) -> dict[str, tuple[str, dict]]:
    """Each of `cases` as a 3.x file and its 4.x twin `v4-<name>`, and each of `single` (one generation
    only) as it is; every behaviour line starts with `prefix`."""
    out = {}
    for name, (behaviour, main_) in cases.items():
        out[name] = (prefix + behaviour, main_)
        out[f"v4-{name}"] = (prefix + behaviour + " (4.x)", v4(copy.deepcopy(main_)))
    for name, (behaviour, main_) in single.items():
        out[name] = (prefix + behaviour, main_)
    return out


def i25_cases() -> dict[str, tuple[str, dict]]:
    return twinned(I25, I25_CASES, {**I25_V3_ONLY, **I25_V4_ONLY})


# Module text (not a `main` literal): the scanner and the `main` export.  {main} is the baseline main.
SCAN_HANDLERS = """
export const handlers = ( {{ sharedLists, libraries }} ) => ( {{
    getItems: {{
        preRequest: async ( {{ struct, payload }} ) => {{
            {line}
            return {{ struct, payload }}
        }}
    }}
}} )
"""
I18_MODULES = {
    "scan-glued-import": (
        "a glued import( in a handler (the 3.x scanner looks for 'import ' with a space)",
        "export const main = {main}\n" + SCAN_HANDLERS.format(line="const os = await import('node:os')"),
    ),
    "scan-globalthis-computed": (
        "computed globalThis['fetch'] in a handler",
        "export const main = {main}\n" + SCAN_HANDLERS.format(line="const f = globalThis['fetch']"),
    ),
    "scan-process-computed": (
        "computed process['env'] in a handler",
        "export const main = {main}\n" + SCAN_HANDLERS.format(line="const e = process['env']"),
    ),
    "scan-import-statement": (
        "a static import statement in the file",
        "import { readFileSync } from 'node:fs'\n\nexport const main = {main}\n",
    ),
    "scan-import-in-string": (
        "'import ' inside a string in a handler (the 4.x scanner blanks strings)",
        "export const main = {main}\n" + SCAN_HANDLERS.format(line="const note = 'import data'"),
    ),
    "scan-fs-in-url": (
        "'fs.' inside a URL string (the 3.x scanner matches substrings anywhere; 4.x blanks strings)",
        "export const main = {main}\n",
    ),
    "scan-trailing-comment": (
        "'import ' in a trailing comment after code",
        "export const main = {main}\n" + SCAN_HANDLERS.format(line="const n = 1 // import done"),
    ),
    "scan-settimeout": (
        "setTimeout in a handler (3.x SEC015; 4.x retired SEC015/SEC016)",
        "export const main = {main}\n" + SCAN_HANDLERS.format(line="await new Promise( ( r ) => setTimeout( r, 10 ) )"),
    ),
    "scan-require": (
        "require( in a handler",
        "export const main = {main}\n" + SCAN_HANDLERS.format(line="const os = require('node:os')"),
    ),
    "scan-eval": ("eval( in a handler", "export const main = {main}\n" + SCAN_HANDLERS.format(line="eval('1')")),
    "export-mian": ("no main export: export const mian (a typo)", "export const mian = {main}\n"),
    "export-default": ("no main export: export default {...}", "export default {main}\n"),
    "main-unexported": ("no main export: const main = {...} without export", "const main = {main}\n"),
}


def js_value(v):
    if isinstance(v, float) and math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return json.dumps(v, ensure_ascii=False)


LISTS = CASES.parent / "_lists"
CHAINS_LIST = """// Shared list for the differential fixtures (found as the `_lists/` folder above cases/).
export const list = {
    meta: {
        name: 'chains',
        version: '1.0.0',
        description: 'Chains used by the differential fixtures.',
        fields: [ { key: 'alias', type: 'string', optional: false } ]
    },
    entries: [ { alias: 'ETH' }, { alias: 'BSC' }, { alias: 'ARB' } ]
}
"""


def i18_cases() -> dict[str, tuple[str, dict]]:
    return twinned(I18, I18_CASES, I18_V4_ONLY)


def i18_modules() -> dict[str, tuple[str, str]]:
    out = {}
    for name, (behaviour, text) in I18_MODULES.items():
        for prefix, main_ in (("", base()), ("v4-", v4(base()))):
            body = json.dumps(main_, indent=4, ensure_ascii=False)
            if name == "scan-fs-in-url":
                body = body.replace("https://api.example.com", "https://gbfs.api.example.com")
            suffix = " (4.x)" if prefix else ""
            out[f"{prefix}{name}"] = (I18 + behaviour + suffix, text.replace("{main}", body))
    return out


def main() -> None:
    CASES.mkdir(parents=True, exist_ok=True)
    LISTS.mkdir(parents=True, exist_ok=True)
    (LISTS / "chains.mjs").write_text(CHAINS_LIST)
    for old in CASES.iterdir():
        if old.suffix in {".mjs", ".json", ".py"}:
            old.unlink()
    for name, (behaviour, text) in sorted(i18_modules().items()):
        (CASES / f"{name}.mjs").write_text(f"// Behaviour: {behaviour}\n\n{text}")
    every = dict(CASES_)
    every.update({name: (behaviour, main_, ()) for name, (behaviour, main_) in i18_cases().items()})
    every.update({name: (behaviour, main_, ()) for name, (behaviour, main_) in i25_cases().items()})
    for name, (behaviour, main_, extra) in sorted(every.items()):
        main_ = copy.deepcopy(main_)
        body = json.dumps(main_, indent=4, ensure_ascii=False)
        (CASES / f"{name}.mjs").write_text(f"// Behaviour: {behaviour}\n\nexport const main = {body}\n")
        if "json" in extra:
            (CASES / f"{name}.json").write_text(json.dumps({"main": main_}, indent=4, ensure_ascii=False) + "\n")
        if "py" in extra:
            text = pprint.pformat(main_, indent=4, width=110, sort_dicts=False)
            (CASES / f"{name}.py").write_text(
                f"# Behaviour: {behaviour}\n# Twin of {name}.mjs, read by flowlint only.\n\nmain = {text}\n"
            )
    ruff = shutil.which("ruff")
    if ruff:  # the twins are Python files of this repository: keep them in its format
        subprocess.run([ruff, "format", "--quiet", str(CASES)], check=True)
    print(f"{len(every) + len(i18_modules())} cases in {CASES}")


if __name__ == "__main__":
    main()
