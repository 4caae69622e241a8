"""FL011: parameter keys are unique within a tool."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, json_example


class DuplicateKey(Rule):
    code = Code.FL011
    name = "duplicate-parameter"
    severity = Severity.ERROR
    consequence = Consequence.IGNORED
    summary = "Parameter keys must be unique within a tool"
    why = "Two parameters with one key write the same request field; tests cannot tell them apart."
    fix = "Rename or remove one of them."
    VALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', ids: [ 'bitcoin' ] } ] }
    }""")
        ),
        Example(
            """\
PAGE = {'position': {'key': 'page', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['optional()']}}

main = {
    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo API', 'version': '3.0.0', 'root': 'https://api.example.com',
    'tools': {
        'getMarkets': {'method': 'GET', 'path': '/markets', 'description': 'Markets', 'parameters': [PAGE],
            'tests': [{'_description': 'First page'}, {'_description': 'Second page', 'page': 2}]},
        'getExchanges': {'method': 'GET', 'path': '/exchanges', 'description': 'Exchanges', 'parameters': [PAGE],
            'tests': [{'_description': 'First page'}, {'_description': 'Second page', 'page': 2}]},
    },
}
""",
            path="example.py",
            title="one parameter shared by two tools through a module-level constant",
        ),
        Example(
            json_example("""\
    "tools": {
        "getCoin": { "method": "GET", "path": "/coins", "description": "Coins",
            "parameters": [ { "position": { "key": "ids", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "array()", "options": [] } } ],
            "tests": [ { "_description": "Bitcoin", "ids": [ "bitcoin" ] } ] }
    }"""),
            path="example.json",
        ),
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [] } },
                { position: { key: ‸'ids', value: 'bitcoin', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [ { _description: 'Bitcoin', ids: [ 'bitcoin' ] } ] }
    }"""),
            (Expect("parameter key 'ids' is used by parameters #0 and #1"),),
        ),
        Example(
            """\
PAGE = {'position': {'key': ‸'page', 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': ['optional()']}}

main = {
    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo API', 'version': '3.0.0', 'root': 'https://api.example.com',
    'tools': {
        'getMarkets': {'method': 'GET', 'path': '/markets', 'description': 'Markets', 'parameters': [PAGE, PAGE],
            'tests': [{'_description': 'First page'}, {'_description': 'Second page', 'page': 2}]},
    },
}
""",
            (Expect("parameter key 'page' is used by parameters #0 and #1"),),
            path="example.py",
            title="a module-level constant used twice: reported where the constant is written",
        ),
        Example(
            json_example("""\
    "tools": {
        "getCoin": { "method": "GET", "path": "/coins", "description": "Coins",
            "parameters": [
                { "position": { "key": "ids", "value": "{{USER_PARAM}}", "location": "query" }, "z": { "primitive": "array()", "options": [] } },
                { "position": { "key": ‸"ids", "value": "bitcoin", "location": "query" }, "z": { "primitive": "string()", "options": [] } }
            ],
            "tests": [ { "_description": "Bitcoin", "ids": [ "bitcoin" ] } ] }
    }"""),
            (Expect("parameter key 'ids' is used by parameters #0 and #1"),),
            path="example.json",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            first: dict[str, int] = {}
            for parameter in tool.parameters:
                if parameter.key is None:
                    continue
                if parameter.key in first:
                    yield self.finding(
                        f"parameter key '{parameter.key}' is used by parameters "
                        f"#{first[parameter.key]} and #{parameter.index}",
                        parameter.key_span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
                else:
                    first[parameter.key] = parameter.index
