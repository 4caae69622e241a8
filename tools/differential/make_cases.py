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


def js_value(v):
    if isinstance(v, float) and math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return json.dumps(v, ensure_ascii=False)


def main() -> None:
    CASES.mkdir(parents=True, exist_ok=True)
    for old in CASES.iterdir():
        if old.suffix in {".mjs", ".json", ".py"}:
            old.unlink()
    for name, (behaviour, main_, extra) in sorted(CASES_.items()):
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
    print(f"{len(CASES_)} cases in {CASES}")


if __name__ == "__main__":
    main()
