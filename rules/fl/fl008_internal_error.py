"""FL008: flowlint failed on this file (a defect in flowlint, reported instead of crashing the run)."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Rule, example


class InternalError(Rule):
    code = Code.FL008
    name = "internal-error"
    severity = Severity.ERROR
    consequence = Consequence.UNCHECKED
    reported_by_engine = True
    summary = "flowlint could not check this file (too deeply nested, or a defect in flowlint)"
    why = "One file flowlint cannot handle must not hide the results of all the others."
    fix = "Simplify the file; if it is an ordinary definition, report the problem with the file attached."
    VALID = [
        Example(
            example("""\
    tools: {}""")
        )
    ]
    # No input is known to trigger it; tests/test_engine.py forces a failing rule to check the path.
    INVALID = []
