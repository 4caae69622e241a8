"""FL001: the file does not parse."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example, json_example, python_example


class SyntaxError_(Rule):
    code = Code.FL001
    name = "syntax-error"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    reported_by_engine = True
    summary = "The file must parse (JavaScript, Python or JSON); reported at the first problems"
    why = "A definition that does not parse cannot be loaded by FlowMCP, and flowlint checks nothing else in it."
    fix = "Fix the syntax at the reported position."
    VALID = [
        Example(
            example("""\
    tools: {}""")
        ),
        Example(
            python_example("""\
    'tools': {},"""),
            path="example.py",
        ),
        Example(
            json_example("""\
    "tools": {}"""),
            path="example.json",
        ),
    ]
    INVALID = [
        Example(
            """\
export const main = {
    namespace: 'demo',
    tools: { getPing: ‸{ method: 'GET', path: '/ping'
""",
            (Expect("syntax error: unexpected end of file: `{` is never closed"),),
            title="a `{` never closed",
        ),
        Example(
            """\
main = {
    'namespace': 'demo',
    'tools': {'getPing': ‸{'method': 'GET', 'path': '/ping'
""",
            (Expect("syntax error: `{` was never closed"),),
            path="example.py",
            title="a `{` never closed",
        ),
        Example(
            json_example("""\
    "tools": {
        "getPing": { "method": "GET", "path": "/ping", "description": "Health check", "parameters": [],
            "tests": [ { "_description": "Service is up" }‸, ] }
    }"""),
            (Expect("syntax error: trailing comma is not allowed in JSON"),),
            path="example.json",
            title="a trailing comma",
        ),
        Example(
            json_example("""\
    "tools": {
        "getPing": { "method": "GET", "path": "/ping", "description": "Health check", "parameters": [],
            "tests": [ { "_description": "Service is up" } ] } ‸// flowlint: ignore[TST008]
    }"""),
            (Expect("syntax error: comments are not allowed in JSON"),),
            path="example.json",
            title="a comment: JSON has none",
        ),
    ]
