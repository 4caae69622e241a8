"""FL020: evaluating the file's values takes more work than flowlint allows (a bounded work budget)."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.definition.loading import MAX_EVALUATION_WORK
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example


class EvaluationBudget(Rule):
    code = Code.FL020
    name = "evaluation-budget"
    severity = Severity.ERROR
    consequence = Consequence.UNCHECKED
    reported_by_engine = True
    summary = (
        f"Evaluating a file's values may take at most {MAX_EVALUATION_WORK:,} values "
        "(each reference to a constant counts what it holds)"
    )
    why = (
        "A constant that repeats another ten times, a few levels deep, stands for millions of values: FlowMCP "
        "would evaluate such a file, but checking it would take flowlint minutes and gigabytes, so flowlint "
        "checks nothing in it and says so."
    )
    fix = "Write the values out, or reuse constants without multiplying them."
    VALID = [
        Example(
            "const word = 'ping';\nconst words = [word, word, word];\n"
            + example("""\
    tools: {}""")
        )
    ]
    INVALID = [
        Example(
            "const a0 = 'x';\n"
            + "".join(f"const a{n} = [{', '.join([f'a{n - 1}'] * 10)}];\n" for n in range(1, 7))
            + example("""\
    tools: {}"""),
            (
                Expect(
                    f"evaluating this file's values takes more than {MAX_EVALUATION_WORK:,} values (constants that "
                    "repeat other constants multiply the work); FlowMCP would evaluate it, but flowlint cannot check it",
                    line=7,
                    column=41,
                ),
            ),
            title="a constant repeated ten times, six levels deep",
        )
    ]
