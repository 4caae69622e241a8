"""VAL002: `main` is an object (flowlint reads it without running anything, so: an object literal)."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class MainObject(Rule):
    code = Code.VAL002
    name = "main-object"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    reported_by_engine = True
    summary = "main must be an object"
    why = (
        "FlowMCP reads every field from main. flowlint reads it without running anything: in Python it must be a "
        "dict display (`main = {...}`, not `dict(...)`), and a JSON definition is an object (or an object with a "
        '"main" object), not an array.'
    )
    fix = "Write `export const main = { namespace, name, description, version, root, tools }`."
    VALID = [Example(example("    tools: {}"))]
    INVALID = [
        Example(
            """\
main = ‸dict(
    namespace='demo', name='Demo', description='Demo API', version='3.0.0', root='https://api.example.com',
    tools={},
)
""",
            (Expect("main must be an object literal; flowlint reads definitions without running them"),),
            path="example.py",
            title="`dict(...)` is a call",
        ),
        Example(
            """\
‸[
    { "namespace": "demo", "name": "Demo", "description": "Demo API", "version": "3.0.0", "root": "https://api.example.com", "tools": {} }
]
""",
            (Expect("main must be an object literal"),),
            path="example.json",
            title="an array of definitions",
        ),
    ]
