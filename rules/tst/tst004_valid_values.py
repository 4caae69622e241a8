"""TST004: every test value passes its parameter's z validation."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, example, json_example, python_example

from ._test_values import ZValuesRule


class ValidValues(ZValuesRule):
    code = Code.TST004
    name = "valid-values"
    severity = Severity.ERROR
    consequence = Consequence.TEST
    summary = "Test parameter values must pass the corresponding z validation"
    why = (
        "FlowMCP validates every call's arguments with the parameter's z block before sending anything; "
        "a test value that fails it (a number written as a string, a numeric enum value, a value over max) "
        "can never run. flowlint applies the runtime's rules: no coercion, enum values are strings, "
        "array() holds strings. A regex() pattern is the value of its string, escapes applied: write "
        "'\\\\d' in JavaScript, where '\\d' is just 'd'; r'\\d' (a raw string) in Python; \"\\\\d\" in JSON, "
        'where "\\d" is a syntax error.'
    )
    fix = "Write the value with the type and within the bounds the z block declares."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'max(250)' ] } } ],
            tests: [ { _description: 'Ten markets', limit: 10 } ] }
    }""")
        ),
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block by height',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^\\\\d+$)' ] } } ],
            tests: [ { _description: 'Block one million', height: '1000000' } ] }
    }"""),
            title="'\\\\d' in a JavaScript string is the regex \\d",
        ),
        Example(
            python_example("""\
    'tools': {
        'getBlock': {'method': 'GET', 'path': '/block', 'description': 'Block by height',
            'parameters': [{'position': {'key': 'height', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'string()', 'options': [r'regex(^\\d+$)']}}],
            'tests': [{'_description': 'Block one million', 'height': '1000000'}]},
    },"""),
            path="example.py",
            title="a raw string keeps the backslash",
        ),
        Example(
            json_example("""\
    "tools": {
        "getBlock": { "method": "GET", "path": "/block", "description": "Block by height",
            "parameters": [ { "position": { "key": "height", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "string()", "options": [ "regex(^\\\\d+$)" ] } } ],
            "tests": [ { "_description": "Block one million", "height": "1000000" } ] }
    }"""),
            path="example.json",
        ),
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'max(250)' ] } } ],
            tests: [ { _description: 'Ten markets', limit: ‸'10' } ] }
    }"""),
            (Expect("parameter 'limit' expects number() with max(250), got string '10'; write 10 without quotes"),),
            title="number written as a string",
            fixed=("limit: '10'", "limit: 10"),
        ),
        Example(
            example("""\
    tools: {
        getBlocks: { method: 'GET', path: '/blocks', description: 'Blocks',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,137)', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: ‸1 } ] }
    }"""),
            (Expect("enum values are strings: write '1'"),),
            title="numeric enum value",
        ),
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block by height',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^\\d+$)' ] } } ],
            tests: [ { _description: 'Block one million', height: ‸'1000000' } ] }
    }"""),
            (Expect("'1000000' does not match regex(^d+$)"),),
            title="JavaScript drops the backslash of '\\d': the regex is ^d+$",
        ),
        Example(
            json_example("""\
    "tools": {
        "getForecast": { "method": "GET", "path": "/v1/forecast", "description": "Weather forecast",
            "parameters": [ { "position": { "key": "current_weather", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "boolean()", "options": [] } } ],
            "tests": [ { "_description": "Without current conditions", "current_weather": ‸"false" } ] }
    }"""),
            (Expect("expects boolean(), got string 'false'; write false without quotes"),),
            path="example.json",
            title="a boolean written as a string",
        ),
    ]
