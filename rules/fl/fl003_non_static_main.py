"""FL003: main is pure data outside its tests too."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SArray, SNode, SObject, shorten
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, json_example, python_example


class NonStaticMain(Rule):
    code = Code.FL003
    name = "non-static-main"
    severity = Severity.WARNING
    consequence = Consequence.ADVICE
    summary = "main must be plain data; flowlint cannot check values computed by code"
    why = (
        "FlowMCP requires main to be JSON-serializable and hashable without running anything. A value computed "
        "by code (a call, an imported name, a function) is invisible to static checks and may change the hash. "
        "A name bound to a literal earlier in the module is read as that literal. In Python, calls, "
        "comprehensions, attribute access and f-strings with placeholders are code. JSON is plain data: "
        "there FL003 only reports what flowlint does not read (an integer of thousands of digits, nesting "
        "deeper than 100 levels). When main itself is computed (`main = dict(...)`), FL007 reports it."
    )
    fix = "Write the literal value; keep code in `handlers`."
    VALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Service is up' } ] }
    }""")
        ),
        Example(
            """\
ROOT = 'https://api.example.com'

main = {
    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo API', 'version': '3.0.0', 'root': ROOT,
    'tools': {
        'getPing': {'method': 'GET', 'path': '/ping', 'description': 'Health check', 'parameters': [],
            'tests': [{'_description': 'Service is up'}]},
    },
}
""",
            path="example.py",
            title="a module-level constant is read as its literal",
        ),
        Example(
            json_example("""\
    "tools": {
        "getPing": { "method": "GET", "path": "/ping", "description": "Health check", "parameters": [],
            "tests": [ { "_description": "Service is up" } ] }
    }"""),
            path="example.json",
            title="JSON is plain data",
        ),
    ]
    INVALID = [
        Example(
            """\
import { ROOT } from './config.mjs'
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: ‸ROOT,
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Service is up' } ] }
    }
}
""",
            (Expect("main.root is `ROOT`"),),
            title="an imported name",
        ),
        Example(
            """\
import os

main = {
    'namespace': 'demo', 'name': 'Demo', 'description': 'Demo API', 'version': '3.0.0',
    'root': ‸os.environ.get('DEMO_API_ROOT', 'https://api.example.com'),
    'tools': {
        'getPing': {'method': 'GET', 'path': '/ping', 'description': 'Health check', 'parameters': [],
            'tests': [{'_description': 'Service is up'}]},
    },
}
""",
            (Expect("main.root is `os.environ.get('DEMO_API_ROOT', "),),
            path="example.py",
            title="a call",
        ),
        Example(
            python_example("""\
    'tools': {
        'getForecast': {'method': 'GET', 'path': '/forecast', 'description': 'Weather forecast',
            'parameters': ‸[
                {'position': {'key': key, 'value': '{{USER_PARAM}}', 'location': 'query'}, 'z': {'primitive': 'number()', 'options': []}}
                for key in ('latitude', 'longitude')
            ],
            'tests': [{'_description': 'Berlin', 'latitude': 52.52, 'longitude': 13.41}]},
    },"""),
            (Expect("main.tools.getForecast.parameters is `[ {'position'"),),
            path="example.py",
            title="a comprehension",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        main = ctx.definition.main
        if not _has_non_static(main):  # the common case, checked without building any paths
            return
        skip = {id(tool.tests_node) for tool in ctx.definition.tools if tool.tests_node is not None}
        skip.update(
            id(p.options_node) for tool in ctx.definition.tools for p in tool.parameters if p.options_node is not None
        )
        yield from self._walk(main, "main", skip)

    def _walk(self, node: SNode, path: str, skip: set[int]) -> Iterator[Finding]:
        if id(node) in skip:
            return
        if isinstance(node, NonStatic):
            yield self.finding(
                f"{path} is `{shorten(node.source, 50)}` ({node.reason}); main must be plain data", node.span
            )
        elif isinstance(node, SObject):
            for entry in node.entries:
                yield from self._walk(entry.value, f"{path}.{entry.key}", skip)
        elif type(node) is SArray:
            for index, item in enumerate(node.items):
                yield from self._walk(item, f"{path}[{index}]", skip)


def _has_non_static(root: SNode) -> bool:
    stack = [root]
    pop, push = stack.pop, stack.extend
    while stack:
        node = pop()
        if type(node) is SObject:  # exact types: faster than isinstance on large trees
            push([entry.value for entry in node.entries])
        elif type(node) is SArray:
            push(node.items)
        elif type(node) is NonStatic:
            return True
    return False
