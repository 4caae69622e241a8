"""VAL045: z.options is an array of option strings, one option per string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_repr
from flowlint.core.nodes import NonStatic, SArray, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.definition.zod import ZFact
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import (
    Example,
    Expect,
    Rule,
    RuleContext,
    ZFix,
    ZRow,
    example,
    json_example,
    python_example,
)


class OptionsStrings(Rule):
    code = Code.VAL045
    z_rows = (
        ZRow(
            fact=ZFact.OPTION_HOLE,
            message=lambda note, z: (
                f"z.options[{note.option_index}] is an array hole; FlowMCP skips it, but it is not "
                "valid data: remove the extra comma"
            ),
            severity=Severity.WARNING,
            consequence=Consequence.IGNORED,
        ),
        ZRow(
            fact=ZFact.OPTION_NOT_TEXT,
            message=lambda note, z: (
                f"z.options[{note.option_index}] must be a string such as 'optional()', got "
                + (note.value.source if isinstance(note.value, NonStatic) else js_repr(note.value))
                + "; ZodBuilder calls option.startsWith() on it and throws, so FlowMCP builds no tool"
            ),
            consequence=Consequence.NOT_BUILT,
        ),
        ZRow(
            fact=ZFact.OPTION_SEVERAL,
            message=lambda note, z: (
                f"z.options[{note.option_index}] '{note.written}' holds {len(note.items)} options "
                f"in one string; FlowMCP's runtime applies only '{note.items[0]}': write each as its own item: "
                + ", ".join(f"'{call}'" for call in note.items)
            ),
            severity=Severity.WARNING,
            consequence=Consequence.IGNORED,
            fix=ZFix.SPLIT,
        ),
    )
    name = "options-strings"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "z.options must be an array of strings, one option each"
    why = (
        "FlowMCP reads each option as a string such as 'optional()' or 'min(1)'. A number breaks loading; "
        "two options in one string or an array hole are read differently from what they seem, and a single "
        "string instead of the array is not a list of options. Python adds two traps: `('optional()')` is a "
        "string, not a tuple (write `('optional()',)` or a list), and a missing comma between two strings "
        "joins them into one."
    )
    fix = "Write `options: [ 'optional()', 'default(100)' ]`."
    VALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(100)' ] } } ],
            tests: [ { _description: 'Default size' }, { _description: 'Ten', limit: 10 } ] }
    }""")
        ),
        Example(
            python_example("""\
    'tools': {
        'getMarkets': {'method': 'GET', 'path': '/markets', 'description': 'Markets',
            'parameters': [{'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ('optional()', 'default(100)')}}],
            'tests': [{'_description': 'Default size'}, {'_description': 'Ten', 'limit': 10}]},
    },"""),
            path="example.py",
            title="a tuple is an array",
        ),
        Example(
            json_example("""\
    "tools": {
        "getMarkets": { "method": "GET", "path": "/markets", "description": "Markets",
            "parameters": [ { "position": { "key": "limit", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "number()", "options": [ "optional()", "default(100)" ] } } ],
            "tests": [ { "_description": "Default size" }, { "_description": "Ten", "limit": 10 } ] }
    }"""),
            path="example.json",
        ),
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ ‸'optional(), default(100)' ] } } ],
            tests: [ { _description: 'Default size' }, { _description: 'Ten', limit: 10 } ] }
    }"""),
            (Expect("holds 2 options in one string"),),
            title="two options in one string",
        ),
        Example(
            example("""\
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ ‸, 'optional()' ] } } ],
            tests: [ { _description: 'Default size' }, { _description: 'Ten', limit: 10 } ] }
    }"""),
            (Expect("z.options[0] is an array hole"),),
            title="an array hole",
        ),
        Example(
            python_example("""\
    'tools': {
        'getMarkets': {'method': 'GET', 'path': '/markets', 'description': 'Markets',
            'parameters': [{'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': (‸'optional()')}}],
            'tests': [{'_description': 'Default size'}, {'_description': 'Ten', 'limit': 10}]},
    },"""),
            (Expect("z.options must be an array, got string 'optional()'"),),
            path="example.py",
            title="`('optional()')` is a string, not a tuple",
        ),
        Example(
            python_example("""\
    'tools': {
        'getMarkets': {'method': 'GET', 'path': '/markets', 'description': 'Markets',
            'parameters': [{'position': {'key': 'limit', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': [‸'optional()' 'default(100)']}}],
            'tests': [{'_description': 'Default size'}, {'_description': 'Ten', 'limit': 10}]},
    },"""),
            (Expect("'optional()default(100)' holds 2 options in one string"),),
            path="example.py",
            title="a missing comma joins two strings",
        ),
        Example(
            json_example("""\
    "tools": {
        "getMarkets": { "method": "GET", "path": "/markets", "description": "Markets",
            "parameters": [ { "position": { "key": "limit", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "number()", "options": ‸"optional()" } } ],
            "tests": [ { "_description": "Default size" }, { "_description": "Ten", "limit": 10 } ] }
    }"""),
            (Expect("z.options must be an array, got string 'optional()'"),),
            path="example.json",
            title="a string instead of an array",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            for parameter in tool.parameters:
                z = parameter.z_node
                if z is None:
                    continue
                options = parameter.options_node
                if options is None:
                    yield self.finding(
                        f"parameter '{parameter.key}': z.options is missing; write options: [] when there are none",
                        z.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
                    continue
                if not isinstance(options, (SArray, NonStatic)):  # (a non-static one: the z engine says it)
                    got, fix = type_name(options), "[ 'optional()', 'min(1)' ], one option per string"
                    if isinstance(options, SScalar) and isinstance(options.value, str):
                        got, fix = f"{got} {js_repr(options.value)}", f"[ {js_repr(options.value)} ]"
                    yield self.finding(
                        f"parameter '{parameter.key}': z.options must be an array, got {got}; write options: {fix}",
                        options.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
                    continue
                yield from self.z_findings(ctx, tool, parameter)
