"""TST005: test objects are plain JSON data."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example, json_example, python_example

from ._json_tests import JsonDataRule


class JsonSerializable(JsonDataRule):
    code = Code.TST005
    name = "json-serializable"
    severity = Severity.ERROR
    consequence = Consequence.TEST
    summary = "Test objects must be JSON-serializable"
    why = (
        "Tests are part of `main`, which must be pure data: FlowMCP hashes it, capture stores the test "
        "values with each response, and other tools read them without running JavaScript. A call, a date, "
        "`undefined`, an array hole or NaN is not data; nor, in Python, a set or a JavaScript spelling such "
        "as `true` (a tuple is an array, None is null). JSON cannot hold code, holes or NaN (they are syntax "
        "errors there), but a number beyond the range of a double, such as 1e999, reads as Infinity."
    )
    fix = "Write the literal value the expression would produce (a string, number, boolean, array or object)."
    VALID = [
        Example(
            example("""\
    tools: {
        getBlocks: { method: 'GET', path: '/blocks', description: 'Blocks since a date',
            parameters: [ { position: { key: 'since', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Since New Year 2024', since: '2024-01-01T00:00:00Z' } ] }
    }""")
        ),
        Example(
            python_example("""\
    'tools': {
        'getPrices': {'method': 'GET', 'path': '/simple/price', 'description': 'Prices in USD',
            'parameters': [{'position': {'key': 'ids', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'array()', 'options': []}}],
            'tests': [{'_description': 'Bitcoin and Ether', 'ids': ('bitcoin', 'ethereum')}]},
    },"""),
            path="example.py",
            title="a tuple is a JSON array",
        ),
        Example(
            json_example("""\
    "tools": {
        "getBlocks": { "method": "GET", "path": "/blocks", "description": "Blocks since a date",
            "parameters": [ { "position": { "key": "since", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "string()", "options": [] } } ],
            "tests": [ { "_description": "Since New Year 2024", "since": "2024-01-01T00:00:00Z" } ] }
    }"""),
            path="example.json",
        ),
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getBlocks: { method: 'GET', path: '/blocks', description: 'Blocks since a date',
            parameters: [ { position: { key: 'since', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Since now', since: ‸new Date().toISOString() } ] }
    }"""),
            (Expect("test 0 ('Since now'): the value of 'since' is `new Date().toISOString()`"),),
            title="a call",
        ),
        Example(
            example("""\
    tools: {
        getPrices: { method: 'GET', path: '/simple/price', description: 'Prices in USD',
            parameters: [ { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [] } } ],
            tests: [ { _description: 'Bitcoin and Ether', ids: [ 'bitcoin', ‸, 'ethereum' ] } ] }
    }"""),
            (Expect("the value of 'ids' has an array hole (undefined), which JSON turns into null"),),
            title="an array hole",
        ),
        Example(
            example("""\
    tools: {
        getPrices: { method: 'GET', path: '/simple/price', description: 'Prices in USD',
            parameters: [ { position: { key: 'precision', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ { _description: 'Full precision', precision: ‸NaN } ] }
    }"""),
            (Expect("the value of 'precision' is NaN, which JSON cannot represent"),),
            title="NaN",
        ),
        Example(
            python_example("""\
    'tools': {
        'getPrices': {'method': 'GET', 'path': '/simple/price', 'description': 'Prices in USD',
            'parameters': [{'position': {'key': 'ids', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'array()', 'options': []}}],
            'tests': [{'_description': 'Bitcoin and Ether', 'ids': ‸{'bitcoin', 'ethereum'}}]},
    },"""),
            (Expect("the value of 'ids' is `{'bitcoin', 'ethereum'}` (a set (not JSON data))"),),
            path="example.py",
            title="a set",
        ),
        Example(
            python_example("""\
    'tools': {
        'getPrices': {'method': 'GET', 'path': '/simple/price', 'description': 'Prices in USD',
            'parameters': [{'position': {'key': 'include_24hr_change', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'boolean()', 'options': []}}],
            'tests': [{'_description': 'With the 24h change', 'include_24hr_change': ‸true}]},
    },"""),
            (Expect("`true` is not defined at module level before this point; Python spells it `True`"),),
            path="example.py",
            title="JavaScript's `true`",
        ),
        Example(
            json_example("""\
    "tools": {
        "getBlocks": { "method": "GET", "path": "/blocks", "description": "Latest blocks",
            "parameters": [ { "position": { "key": "limit", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "number()", "options": [] } } ],
            "tests": [ { "_description": "No limit", "limit": ‸1e999 } ] }
    }"""),
            (Expect("the value of 'limit' is Infinity, which JSON cannot represent"),),
            path="example.json",
            title="a number beyond the range of a double",
        ),
    ]
