"""FL002: the file is not a tool definition and is skipped."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example, json_example, python_example


class NotADefinition(Rule):
    code = Code.FL002
    name = "not-a-definition"
    severity = Severity.INFO
    consequence = Consequence.ADVICE
    reported_by_engine = True
    summary = "Files without a tool definition (shared lists, skills, prompts, agent manifests, v1) are skipped"
    why = (
        "A schema library holds more than tool definitions; flowlint says which files it did not check. "
        "A Python file is a definition when it binds `main = {...}` at module level; a JSON file when it is "
        'an object (or holds a "main" object) with namespace, tools or resources, so package.json and '
        "other configuration files are skipped."
    )
    fix = "Nothing to fix; exclude the folder in [tool.flowlint] exclude to silence it."
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
‸export const skill = {
    name: 'token-analysis', description: 'How to analyse a token with the price tools'
}
""",
            (Expect("skipped: not a tool definition: a skill"),),
            title="a skill (shared lists are checked by the LST rules)",
        ),
        Example(
            """\
‸# Builds contracts.db from the public token lists.
import sqlite3

ROWS = [('USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 1)]
""",
            (Expect("skipped: not a tool definition: no module-level `main = {...}`"),),
            path="example.py",
            title="a helper script next to the definitions",
        ),
        Example(
            """\
‸{
    "name": "demo-schemas",
    "version": "1.0.0",
    "type": "module"
}
""",
            (Expect("skipped: not a tool definition: a JSON object without namespace, tools or resources"),),
            path="example.json",
            title="package.json",
        ),
    ]
