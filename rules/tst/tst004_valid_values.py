"""TST004: every test value passes its parameter's z validation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_number, js_number_value
from flowlint.core.nodes import SNode, SScalar, first_non_json, to_python
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZSpec, validate
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Edit, Fix
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, json_example, python_example


class ValidValues(Rule):
    # The tool kinds this code covers; a resource query's tests are RES022/RES023 (09's resource rules).
    kinds: ClassVar[tuple[str, ...]] = ("tool",)
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
            tests: [ { _description: 'Ten markets', limit: '10' } ] }
    }"""),
            (
                Expect(
                    6, 60, "parameter 'limit' expects number() with max(250), got string '10'; write 10 without quotes"
                ),
            ),
            title="number written as a string",
            fixed=("limit: '10'", "limit: 10"),
        ),
        Example(
            example("""\
    tools: {
        getBlocks: { method: 'GET', path: '/blocks', description: 'Blocks',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,137)', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: 1 } ] }
    }"""),
            (Expect(6, 57, "enum values are strings: write '1'"),),
            title="numeric enum value",
        ),
        Example(
            example("""\
    tools: {
        getBlock: { method: 'GET', path: '/block', description: 'Block by height',
            parameters: [ { position: { key: 'height', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^\\d+$)' ] } } ],
            tests: [ { _description: 'Block one million', height: '1000000' } ] }
    }"""),
            (Expect(6, 67, "'1000000' does not match regex(^d+$)"),),
            title="JavaScript drops the backslash of '\\d': the regex is ^d+$",
        ),
        Example(
            json_example("""\
    "tools": {
        "getForecast": { "method": "GET", "path": "/v1/forecast", "description": "Weather forecast",
            "parameters": [ { "position": { "key": "current_weather", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "boolean()", "options": [] } } ],
            "tests": [ { "_description": "Without current conditions", "current_weather": "false" } ] }
    }"""),
            (Expect(6, 91, "expects boolean(), got string 'false'; write false without quotes"),),
            path="example.json",
            title="a boolean written as a string",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind not in self.kinds:
                continue
            parameters = tool.user_parameters
            if not parameters:
                continue
            for test in tool.tests:
                if test.obj is None:
                    continue
                for entry in test.obj.entries:
                    parameter = parameters.get(entry.key)
                    if parameter is None or parameter.z is None or parameter.z.broken:
                        continue  # TST006 / VAL04x report those once
                    if first_non_json(entry.value) is not None:
                        continue  # TST005 reports it
                    resolution = ctx.list_values(parameter)
                    problem = validate(
                        to_python(entry.value), parameter.z, resolution.values if resolution is not None else None
                    )
                    if problem is not None:
                        yield self.finding(
                            f"{test.label()}: parameter '{entry.key}' {problem}",
                            entry.value.span,
                            tool=tool.label,
                            test_index=test.index,
                            parameter=entry.key,
                            fix=value_fix(ctx.source, ctx.path.suffix, entry.value, parameter.z),
                        )


def value_fix(source: bytes, suffix: str, node: SNode, spec: ZSpec) -> Fix | None:
    """The mechanical fix of a test value: a number or boolean written as a string loses its quotes, a
    number given for an enum gets them, in the file's syntax. Safe: only the test's value changes, to the
    one it meant."""
    if not source or not isinstance(node, SScalar):
        return None
    value = node.value
    if isinstance(value, str) and spec.kind == "number":
        number = js_number_value(value)
        if number is None or not value.strip() or validate(number, spec) is not None:
            return None
        text = js_number(number)
    elif isinstance(value, str) and spec.kind == "boolean" and value in ("true", "false"):
        text = value.capitalize() if suffix == ".py" else value
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and spec.kind == "enum":
        quoted = js_number(value)
        if spec.enum_values is None or quoted not in spec.enum_values:
            return None
        quote = '"' if suffix == ".json" else "'"
        return Fix(f"write {quote}{quoted}{quote}", (Edit(node.span.start, node.span.end, quote + quoted + quote),))
    else:
        return None
    return Fix(f"write {text} without quotes", (Edit(node.span.start, node.span.end, text),))
