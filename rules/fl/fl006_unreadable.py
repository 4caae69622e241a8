"""FL006: the file cannot be read as text."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class Unreadable(Rule):
    code = Code.FL006
    name = "unreadable"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    reported_by_engine = True
    summary = "The file cannot be read, or is binary"
    why = "flowlint reports what it could not look at instead of passing over it silently."
    fix = "Check the file's permissions and content."
    VALID = [
        Example(
            example("""\
    tools: {}""")
        )
    ]
    INVALID = [Example("‸export const main = {\x00\x01\x02}\n", (Expect("the file is binary"),))]
