"""One definition, three formats: `.mjs`, `.py` and `.json` twins must load and lint the same.

Each case below is one definition written by hand in every format whose syntax can express it
(JSON has no bindings, spreads, comments or trailing commas: its twin spells the result out). The
twins must give the same value tree for `main` -- `to_python`, key order at every level, and the
entries themselves (explicit duplicate keys stay two entries, scalar types are kept: `1` is not
`1.0`, `True` is not `1`) -- and the same findings: (code, message, tool, test index, parameter);
lines and columns differ, of course.

Array holes (`[1, , 2]`) exist only in JavaScript: a Python `None` or a JSON `null` is a different
value, so they have no twin here (`test_loader_javascript.py` covers them).

The value table at the end checks spread semantics on bare expressions, and checks the Python
loader against what Python itself evaluates.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flowlint.api import lint_source
from flowlint.core.nodes import SArray, SHole, SNode, SObject, SScalar, to_python
from flowlint.formats import parse_file_bytes

# --------------------------------------------------------------------------------------------------
# The definitions.

PLAIN_MJS = """\
// a plain definition: literals only
export const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'Demo API',
    version: '3.0.0',
    root: 'https://api.example.com',
    tags: [ 'one', 'two', ],
    requiredServerParams: [],
    headers: {},
    tools: {
        getMarkets: {
            method: 'GET',
            path: '/markets',
            description: 'List markets',
            parameters: [
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)' ] } },
                { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(asc,desc)', options: [ 'optional()' ] } },
                { position: { key: 'active', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } },
            ],
            tests: [
                { _description: 'Ten markets', limit: 10, order: 'asc', active: true },
                { _description: 'A string limit', limit: '10', order: 'sideways' },
                { _description: 'An unknown key', limit: 5, colour: 'red', active: null },
            ],
        },
    },
}
"""

PLAIN_PY = """\
# a plain definition: literals only
main = {
    'namespace': 'demo',
    'name': 'Demo',
    'description': 'Demo API',
    'version': '3.0.0',
    'root': 'https://api.example.com',
    'tags': ['one', 'two',],
    'requiredServerParams': [],
    'headers': {},
    'tools': {
        'getMarkets': {
            'method': 'GET',
            'path': '/markets',
            'description': 'List markets',
            'parameters': [
                {'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['min(1)', 'max(250)']}},
                {'position': {'key': 'order', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'enum(asc,desc)', 'options': ['optional()']}},
                {'position': {'key': 'active', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'boolean()', 'options': ['optional()']}},
            ],
            'tests': [
                {'_description': 'Ten markets', 'limit': 10, 'order': 'asc', 'active': True},
                {'_description': 'A string limit', 'limit': '10', 'order': 'sideways'},
                {'_description': 'An unknown key', 'limit': 5, 'colour': 'red', 'active': None},
            ],
        },
    },
}
"""

PLAIN_JSON = """\
{
    "namespace": "demo",
    "name": "Demo",
    "description": "Demo API",
    "version": "3.0.0",
    "root": "https://api.example.com",
    "tags": ["one", "two"],
    "requiredServerParams": [],
    "headers": {},
    "tools": {
        "getMarkets": {
            "method": "GET",
            "path": "/markets",
            "description": "List markets",
            "parameters": [
                {"position": {"key": "limit", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": ["min(1)", "max(250)"]}},
                {"position": {"key": "order", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "enum(asc,desc)", "options": ["optional()"]}},
                {"position": {"key": "active", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "boolean()", "options": ["optional()"]}}
            ],
            "tests": [
                {"_description": "Ten markets", "limit": 10, "order": "asc", "active": true},
                {"_description": "A string limit", "limit": "10", "order": "sideways"},
                {"_description": "An unknown key", "limit": 5, "colour": "red", "active": null}
            ]
        }
    }
}
"""

NUMBERS_MJS = """\
export const main = {
    namespace: 'numbers', name: 'Numbers', description: 'Numbers and nesting', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getSeries: {
            method: 'GET', path: '/series', description: 'A series',
            parameters: [
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'optional()' ] } },
                { position: { key: 'ratio', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(0)', 'max(1)', 'optional()' ] } }
            ],
            tests: [
                { _description: 'Exponents and fractions', per_page: 1e2, page: 2, ratio: 2.5E-3 },
                { _description: 'Out of range', per_page: 1.5e3, page: -1, ratio: -0.0 },
                { _description: 'Huge and tiny', per_page: 12345678901234567890, ratio: 1E-300 }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        values: { type: 'array', items: { type: 'number', minimum: -1.5, maximum: 1e21 } },
                        meta: { type: 'object', properties: { count: { type: 'integer', default: 0 }, next: { type: 'string', nullable: true } } }
                    },
                    examples: [ [ 1, -2, 3.25, 0.1, 100, -7e-7, 0, true, false, null, [ [ [] ] ], { a: { b: { c: {} } } } ] ]
                }
            }
        }
    }
}
"""

NUMBERS_PY = """\
main = {
    'namespace': 'numbers', 'name': 'Numbers', 'description': 'Numbers and nesting', 'version': '3.0.0', 'root': 'https://api.example.com',
    'tools': {
        'getSeries': {
            'method': 'GET', 'path': '/series', 'description': 'A series',
            'parameters': [
                {'position': {'key': 'per_page', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['min(1)', 'max(250)']}},
                {'position': {'key': 'page', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['min(1)', 'optional()']}},
                {'position': {'key': 'ratio', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['min(0)', 'max(1)', 'optional()']}}
            ],
            'tests': [
                {'_description': 'Exponents and fractions', 'per_page': 1e2, 'page': 2, 'ratio': 2.5E-3},
                {'_description': 'Out of range', 'per_page': 1.5e3, 'page': -1, 'ratio': -0.0},
                {'_description': 'Huge and tiny', 'per_page': 12345678901234567890, 'ratio': 1E-300}
            ],
            'output': {
                'mimeType': 'application/json',
                'schema': {
                    'type': 'object',
                    'properties': {
                        'values': {'type': 'array', 'items': {'type': 'number', 'minimum': -1.5, 'maximum': 1e21}},
                        'meta': {'type': 'object', 'properties': {'count': {'type': 'integer', 'default': 0}, 'next': {'type': 'string', 'nullable': True}}}
                    },
                    'examples': [[1, -2, 3.25, 0.1, 100, -7e-7, 0, True, False, None, [[[]]], {'a': {'b': {'c': {}}}}]]
                }
            }
        }
    }
}
"""

NUMBERS_JSON = """\
{"main": {
    "namespace": "numbers", "name": "Numbers", "description": "Numbers and nesting", "version": "3.0.0", "root": "https://api.example.com",
    "tools": {
        "getSeries": {
            "method": "GET", "path": "/series", "description": "A series",
            "parameters": [
                {"position": {"key": "per_page", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": ["min(1)", "max(250)"]}},
                {"position": {"key": "page", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": ["min(1)", "optional()"]}},
                {"position": {"key": "ratio", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": ["min(0)", "max(1)", "optional()"]}}
            ],
            "tests": [
                {"_description": "Exponents and fractions", "per_page": 1e2, "page": 2, "ratio": 2.5E-3},
                {"_description": "Out of range", "per_page": 1.5e3, "page": -1, "ratio": -0.0},
                {"_description": "Huge and tiny", "per_page": 12345678901234567890, "ratio": 1E-300}
            ],
            "output": {
                "mimeType": "application/json",
                "schema": {
                    "type": "object",
                    "properties": {
                        "values": {"type": "array", "items": {"type": "number", "minimum": -1.5, "maximum": 1e21}},
                        "meta": {"type": "object", "properties": {"count": {"type": "integer", "default": 0}, "next": {"type": "string", "nullable": true}}}
                    },
                    "examples": [[1, -2, 3.25, 0.1, 100, -7e-7, 0, true, false, null, [[[]]], {"a": {"b": {"c": {}}}}]]
                }
            }
        }
    }
}}
"""

UNICODE_MJS = r"""export const main = {
    namespace: 'unicode', name: 'Unicode', version: '3.0.0', root: 'https://api.example.com',
    description: 'Caf\u00e9 \u{1F600} \uD83D\uDE80 "double" \'single\' tab\there\nnew line \\ backslash \x41 ü 日本',
    tools: {
        getCafé: {
            method: 'GET', path: '/caf\u00e9', description: "Straße \"quoted\" \u2028 sep",
            parameters: [
                { position: { key: 'naïve', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ],
            tests: [
                { _description: 'Emoji \u{1F389} value', 'na\u00efve': '\u{1F389}!' },
                { _description: 'Too short: ü', naïve: 'ü', 'unknown \u2603': 1 }
            ]
        }
    }
}
"""

UNICODE_PY = r"""main = {
    'namespace': 'unicode', 'name': 'Unicode', 'version': '3.0.0', 'root': 'https://api.example.com',
    'description': 'Caf\u00e9 \U0001F600 \U0001F680 "double" \'single\' tab\there\nnew line \\ backslash \x41 ü 日本',
    'tools': {
        'getCafé': {
            'method': 'GET', 'path': '/caf\u00e9', 'description': "Straße \"quoted\" \u2028 sep",
            'parameters': [
                {'position': {'key': 'naïve', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'string()', 'options': ['min(2)']}}
            ],
            'tests': [
                {'_description': 'Emoji \N{PARTY POPPER} value', 'na\u00efve': '\U0001F389!'},
                {'_description': 'Too short: ü', 'naïve': 'ü', 'unknown \u2603': 1}
            ]
        }
    }
}
"""

UNICODE_JSON = r"""{
    "namespace": "unicode", "name": "Unicode", "version": "3.0.0", "root": "https://api.example.com",
    "description": "Caf\u00e9 \ud83d\ude00 \uD83D\uDE80 \"double\" 'single' tab\there\nnew line \\ backslash A ü 日本",
    "tools": {
        "getCafé": {
            "method": "GET", "path": "/caf\u00e9", "description": "Straße \"quoted\" \u2028 sep",
            "parameters": [
                {"position": {"key": "naïve", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "string()", "options": ["min(2)"]}}
            ],
            "tests": [
                {"_description": "Emoji \ud83c\udf89 value", "na\u00efve": "\ud83c\udf89!"},
                {"_description": "Too short: \u00fc", "naïve": "ü", "unknown \u2603": 1}
            ]
        }
    }
}
"""

# Spreads and bindings: `{...BASE, limit: 10}` overrides the spread key in place (no duplicate
# entry, so no TST004 for the spread's '10'), `{limit: 20, ...BASE}` takes the spread's value, a
# spread object with a duplicate key contributes one entry, and list spreads splice items in.
SPREAD_MJS = """\
const BASE = { _description: 'Ten', limit: '10' }
const DUPLICATED = { _description: 'Duplicated', limit: '1', limit: 5 }
const LIMIT = { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'max(250)' ] } }
const COMMON = [ LIMIT, { position: { key: 'cursor', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } } ]
const TOOL = { method: 'GET', path: '/markets', description: 'Markets' }

export const main = {
    namespace: 'spread', name: 'Spread', description: 'Spreads', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getMarkets: {
            ...TOOL,
            description: 'Markets, ' + 'paged',
            parameters: [ ...COMMON, { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(asc,desc)', options: [ 'optional()' ] } } ],
            tests: [
                { ...BASE, limit: 10 },
                { limit: 20, ...BASE, order: 'asc' },
                { ...DUPLICATED },
                { ...BASE, ...{ limit: 30, cursor: 'abc' }, _description: 'Thirty' }
            ]
        },
        getOther: { ...TOOL, path: '/other', parameters: [ ...[], LIMIT ], tests: [ { ...{ _description: 'Nested', limit: 1 } } ] }
    }
}
"""

SPREAD_PY = """\
BASE = {'_description': 'Ten', 'limit': '10'}
DUPLICATED = {'_description': 'Duplicated', 'limit': '1', 'limit': 5}
LIMIT = {'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['max(250)']}}
COMMON = [LIMIT, {'position': {'key': 'cursor', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'string()', 'options': ['optional()']}}]
TOOL = {'method': 'GET', 'path': '/markets', 'description': 'Markets'}

main = {
    'namespace': 'spread', 'name': 'Spread', 'description': 'Spreads', 'version': '3.0.0', 'root': 'https://api.example.com',
    'tools': {
        'getMarkets': {
            **TOOL,
            'description': 'Markets, ' 'paged',
            'parameters': [*COMMON, {'position': {'key': 'order', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'enum(asc,desc)', 'options': ['optional()']}}],
            'tests': [
                {**BASE, 'limit': 10},
                {'limit': 20, **BASE, 'order': 'asc'},
                {**DUPLICATED},
                {**BASE, **{'limit': 30, 'cursor': 'abc'}, '_description': 'Thirty'},
            ],
        },
        'getOther': {**TOOL, 'path': '/other', 'parameters': [*[], LIMIT], 'tests': [{**{'_description': 'Nested', 'limit': 1}}]},
    },
}
"""

SPREAD_JSON = """\
{"main": {
    "namespace": "spread", "name": "Spread", "description": "Spreads", "version": "3.0.0", "root": "https://api.example.com",
    "tools": {
        "getMarkets": {
            "method": "GET", "path": "/markets", "description": "Markets, paged",
            "parameters": [
                {"position": {"key": "limit", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": ["max(250)"]}},
                {"position": {"key": "cursor", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "string()", "options": ["optional()"]}},
                {"position": {"key": "order", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "enum(asc,desc)", "options": ["optional()"]}}
            ],
            "tests": [
                {"_description": "Ten", "limit": 10},
                {"limit": "10", "_description": "Ten", "order": "asc"},
                {"_description": "Duplicated", "limit": 5},
                {"_description": "Thirty", "limit": 30, "cursor": "abc"}
            ]
        },
        "getOther": {
            "method": "GET", "path": "/other", "description": "Markets",
            "parameters": [{"position": {"key": "limit", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": ["max(250)"]}}],
            "tests": [{"_description": "Nested", "limit": 1}]
        }
    }
}}
"""

# Explicit duplicate keys stay two entries in every format (the last one wins for `get`).
DUPLICATES_MJS = """\
export const main = {
    namespace: 'dup', name: 'Duplicates', description: 'First', description: 'Second', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getThing: {
            method: 'GET', path: '/thing', description: 'Thing',
            parameters: [
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'max(250)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } }
            ],
            tests: [ { _description: 'Twice', limit: '10', limit: 10 }, { _description: 'Again', limit: 1, limit: 'one' } ]
        },
        getThing: { method: 'GET', path: '/thing2', description: 'Thing again', parameters: [], tests: [ { _description: 'No parameters' } ] }
    }
}
"""

DUPLICATES_PY = """\
main = {
    'namespace': 'dup', 'name': 'Duplicates', 'description': 'First', 'description': 'Second', 'version': '3.0.0', 'root': 'https://api.example.com',
    'tools': {
        'getThing': {
            'method': 'GET', 'path': '/thing', 'description': 'Thing',
            'parameters': [
                {'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['max(250)']}},
                {'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': []}}
            ],
            'tests': [{'_description': 'Twice', 'limit': '10', 'limit': 10}, {'_description': 'Again', 'limit': 1, 'limit': 'one'}]
        },
        'getThing': {'method': 'GET', 'path': '/thing2', 'description': 'Thing again', 'parameters': [], 'tests': [{'_description': 'No parameters'}]}
    }
}
"""

DUPLICATES_JSON = """\
{
    "namespace": "dup", "name": "Duplicates", "description": "First", "description": "Second", "version": "3.0.0", "root": "https://api.example.com",
    "tools": {
        "getThing": {
            "method": "GET", "path": "/thing", "description": "Thing",
            "parameters": [
                {"position": {"key": "limit", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": ["max(250)"]}},
                {"position": {"key": "limit", "value": "{{USER_PARAM}}", "location": "query"}, "z": {"primitive": "number()", "options": []}}
            ],
            "tests": [{"_description": "Twice", "limit": "10", "limit": 10}, {"_description": "Again", "limit": 1, "limit": "one"}]
        },
        "getThing": {"method": "GET", "path": "/thing2", "description": "Thing again", "parameters": [], "tests": [{"_description": "No parameters"}]}
    }
}
"""

# name -> (the twins, the codes the definition must produce: proof that it was linted, not skipped)
CASES: dict[str, tuple[dict[str, str], set[str]]] = {
    "plain": ({".mjs": PLAIN_MJS, ".py": PLAIN_PY, ".json": PLAIN_JSON}, {"TST004", "TST006"}),
    "numbers": ({".mjs": NUMBERS_MJS, ".py": NUMBERS_PY, ".json": NUMBERS_JSON}, {"TST004"}),
    "unicode": ({".mjs": UNICODE_MJS, ".py": UNICODE_PY, ".json": UNICODE_JSON}, {"TST004", "TST006"}),
    "spread": ({".mjs": SPREAD_MJS, ".py": SPREAD_PY, ".json": SPREAD_JSON}, {"TST004"}),
    "duplicates": ({".mjs": DUPLICATES_MJS, ".py": DUPLICATES_PY, ".json": DUPLICATES_JSON}, {"TST004", "FL011"}),
}

# --------------------------------------------------------------------------------------------------
# Helpers.

# Findings that say a file was not linted as a definition (syntax error, not a definition, non-static
# `main`, unreadable, internal error): twins that agree on them would prove nothing.
LOAD_FAILURES = ("FL001", "FL002", "FL003", "FL006", "FL008")


def shape(node: SNode) -> object:
    """The tree without spans: every entry (duplicates too), in order, and each scalar's type."""
    if isinstance(node, SObject):
        return ("object", [(entry.key, shape(entry.value)) for entry in node.entries])
    if isinstance(node, SArray):
        return ("array", [shape(item) for item in node.items])
    if isinstance(node, SScalar):
        value = node.value
        if isinstance(value, float):
            return ("float", repr(value))  # tells -0.0 from 0.0, and compares NaN
        return (type(value).__name__, value)
    if isinstance(node, SHole):
        return ("hole",)
    return ("non-static", node.reason)


def key_order(value: object) -> object:
    """The keys of every dict of a `to_python` value, in order, at every level."""
    if isinstance(value, dict):
        return [(key, key_order(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [key_order(item) for item in value]
    return None


def load_main(text: str, suffix: str) -> SNode:
    module = parse_file_bytes(text.encode("utf-8"), suffix)
    assert module.internal_error is None
    assert module.problems == [], module.problems
    return module.exports["main"]


def findings(text: str, suffix: str, folder: Path) -> list[tuple[str, str, str | None, int | None, str | None]]:
    """(code, message, tool, test index, parameter) of each finding, sorted: reports are ordered by
    position, and a value that comes from a spread or a binding is where its binding is, which
    JSON cannot express."""
    report = lint_source(text, path=folder / f"definition{suffix}")
    found = [(str(d.code), d.message, d.tool, d.test_index, d.parameter) for d in report.diagnostics]
    return sorted(found, key=repr)


# --------------------------------------------------------------------------------------------------
# The definitions: same tree, same findings.


@pytest.mark.parametrize("name", sorted(CASES))
def test_twins_have_the_same_value_tree(name: str) -> None:
    twins, _ = CASES[name]
    trees = {suffix: load_main(text, suffix) for suffix, text in twins.items()}
    reference = trees[".mjs"]
    for suffix, tree in trees.items():
        assert to_python(tree) == to_python(reference), suffix
        assert key_order(to_python(tree)) == key_order(to_python(reference)), suffix
        assert shape(tree) == shape(reference), suffix


@pytest.mark.parametrize("name", sorted(CASES))
def test_twins_have_the_same_findings(name: str, tmp_path: Path) -> None:
    twins, expected_codes = CASES[name]
    results = {suffix: findings(text, suffix, tmp_path) for suffix, text in twins.items()}
    reference = results[".mjs"]
    assert expected_codes <= {code for code, *_ in reference}, reference
    assert not any(code in LOAD_FAILURES for code, *_ in reference), reference
    for suffix, result in results.items():
        assert result == reference, suffix


def test_spread_overrides_in_place_in_every_format(tmp_path: Path) -> None:
    """The case that used to differ: `{**BASE, 'limit': 10}` kept BASE's `limit: '10'` as a second
    entry in Python, which TST004 reported; JavaScript merges it away."""
    for suffix in (".mjs", ".py"):
        tests = to_python(load_main(CASES["spread"][0][suffix], suffix))["tools"]["getMarkets"]["tests"]  # type: ignore[index]
        assert tests[0] == {"_description": "Ten", "limit": 10}
        reported = [f for f in findings(CASES["spread"][0][suffix], suffix, tmp_path) if f[0] == "TST004"]
        assert [(f[2], f[3], f[4]) for f in reported] == [("getMarkets", 1, "limit")], suffix


# The sample definitions of this repository whose `main` is plain data, spelled out again in each
# format (generated, unlike the twins above: it checks that the rules see no difference either).
SAMPLES = Path(__file__).resolve().parent.parent / "sample_schemas"
STATIC_SAMPLES = [
    "chainlist/verified-contracts.mjs",
    "coingecko/simple-price.mjs",
    "defillama/protocols.py",
    "etherscan/contracts.mjs",
    "openmeteo/forecast.json",
]


def spelled_out(value: object) -> dict[str, str]:
    as_json = json.dumps(value, ensure_ascii=False, indent=2)
    return {".mjs": f"export const main = {as_json}\n", ".py": f"main = {value!r}\n", ".json": as_json}


@pytest.mark.parametrize("sample", STATIC_SAMPLES)
def test_sample_definitions_lint_the_same_in_every_format(sample: str, tmp_path: Path) -> None:
    path = SAMPLES / sample
    value = to_python(load_main(path.read_text(encoding="utf-8"), path.suffix))
    twins = spelled_out(value)
    trees = {suffix: shape(load_main(text, suffix)) for suffix, text in twins.items()}
    assert trees[".py"] == trees[".mjs"] and trees[".json"] == trees[".mjs"]
    results = {suffix: findings(text, suffix, tmp_path) for suffix, text in twins.items()}
    assert not any(code in LOAD_FAILURES for code, *_ in results[".mjs"]), results[".mjs"]
    assert results[".py"] == results[".mjs"] and results[".json"] == results[".mjs"]


# --------------------------------------------------------------------------------------------------
# Bare values: spread semantics, and the Python loader against Python itself.

# (JavaScript, Python, the same value spelled out in JSON)
VALUES = [
    ("{ ...{ a: 1, b: 2 }, a: 3 }", "{**{'a': 1, 'b': 2}, 'a': 3}", '{"a": 3, "b": 2}'),
    ("{ a: 1, ...{ a: 2, b: 3 } }", "{'a': 1, **{'a': 2, 'b': 3}}", '{"a": 2, "b": 3}'),
    ("{ ...{ a: 1, a: 2, b: 3 } }", "{**{'a': 1, 'a': 2, 'b': 3}}", '{"a": 2, "b": 3}'),
    ("{ a: 1, a: 2, ...{ a: 3 } }", "{'a': 1, 'a': 2, **{'a': 3}}", '{"a": 1, "a": 3}'),
    ("{ a: 1, ...{ a: 2 }, a: 3, z: 0 }", "{'a': 1, **{'a': 2}, 'a': 3, 'z': 0}", '{"a": 3, "z": 0}'),
    ("{ ...{ a: 1 }, a: 2, a: 3 }", "{**{'a': 1}, 'a': 2, 'a': 3}", '{"a": 2, "a": 3}'),
    (
        "{ ...{}, ...{ x: [] }, y: { ...{ z: 1 } } }",
        "{**{}, **{'x': []}, 'y': {**{'z': 1}}}",
        '{"x": [], "y": {"z": 1}}',
    ),
    ("{ a: 1, a: 2 }", "{'a': 1, 'a': 2}", '{"a": 1, "a": 2}'),
    ("[ ...[ 1, 2 ], 3, ...[], ...[ [ 4 ] ] ]", "[*[1, 2], 3, *[], *[[4]]]", "[1, 2, 3, [4]]"),
    ("[ 0, ...[ 1, ...[ 2 ] ] ]", "[0, *[1, *[2]], ]", "[0, 1, 2]"),
    ("[ ...'ab', 'c' ]", "[*'ab', 'c']", '["a", "b", "c"]'),
    (
        "[ ...[ 1 ], ...[ 1.5 ], -2, 1e3, true, null ]",
        "(*[1], *(1.5,), -2, 1e3, True, None)",
        "[1, 1.5, -2, 1e3, true, null]",
    ),
]


@pytest.mark.parametrize(("js", "py", "json_text"), VALUES)
def test_values_are_the_same_in_every_format(js: str, py: str, json_text: str) -> None:
    reference = load_main(f"export const main = {js}\n", ".mjs")
    python = load_main(f"main = {py}\n", ".py")
    assert shape(python) == shape(reference)
    assert shape(load_main(json_text, ".json")) == shape(reference)
    # ... and it is what Python makes of the expression (a literal of our own: safe to evaluate)
    evaluated = eval(py, {"__builtins__": {}})
    if isinstance(evaluated, tuple):
        evaluated = list(evaluated)
    assert to_python(python) == evaluated
    assert key_order(to_python(python)) == key_order(evaluated)


def test_shape_tells_types_apart() -> None:
    """The comparison catches a loader that turns `1` into `1.0`, `true` into `1` or `-0.0` into `0.0`,
    which `to_python` equality alone would not."""
    one = load_main("main = [1, True, 0.0, -0.0]\n", ".py")
    other = load_main("[1.0, 1, 0.0, 0.0]", ".json")
    assert to_python(one) == to_python(other)
    assert shape(one) != shape(other)
    assert shape(one) == ("array", [("int", 1), ("bool", True), ("float", "0.0"), ("float", "-0.0")])
