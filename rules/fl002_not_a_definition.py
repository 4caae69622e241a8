"""FL002: the file is not a tool definition and is skipped."""

from __future__ import annotations

from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class NotADefinition(Rule):
    code = Code.FL002
    name = "not-a-definition"
    severity = Severity.INFO
    reported_by_engine = True
    summary = "Files without a tool definition (shared lists, skills, prompts, agent manifests, v1) are skipped"
    why = "A schema library holds more than tool definitions; flowlint says which files it did not check."
    fix = "Nothing to fix; exclude the folder in [tool.flowlint] exclude to silence it."
    VALID = [
        Example(
            example("""\
    tools: {}""")
        )
    ]
    INVALID = [
        Example(
            """\
export const list = {
    meta: { name: 'evmChains', version: '3.0.0', fields: [] },
    entries: []
}
""",
            (Expect(1, 1, "skipped: not a tool definition: a shared list"),),
        )
    ]
