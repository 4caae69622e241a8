"""FL001: the file does not parse."""

from __future__ import annotations

from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class SyntaxError_(Rule):
    code = Code.FL001
    name = "syntax-error"
    severity = Severity.ERROR
    reported_by_engine = True
    summary = "The file must parse (JavaScript, Python or JSON); reported at the first problems"
    why = "A definition that does not parse cannot be loaded by FlowMCP, and flowlint checks nothing else in it."
    fix = "Fix the syntax at the reported position."
    VALID = [
        Example(
            example("""\
    tools: {}""")
        )
    ]
    INVALID = [
        Example(
            """\
export const main = {
    namespace: 'demo',
    tools: { getPing: { method: 'GET', path: '/ping'
""",
            (Expect(3, 23, "syntax error: unexpected end of file: `{` is never closed"),),
        )
    ]
