"""FL009: an inline `flowlint: ignore[...]` comment that silences nothing."""

from __future__ import annotations

from flowlint.core.consequence import Consequence
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.rule import Example, Expect, Rule, example, python_example


class UnusedSuppression(Rule):
    code = Code.FL009
    name = "unused-suppression"
    severity = Severity.INFO
    consequence = Consequence.ADVICE
    reported_by_engine = True
    summary = "A `flowlint: ignore[CODE]` comment silences no finding on its line or the next"
    why = (
        "Suppressions outlive the problems they hid: once the definition is fixed, a stale comment would "
        "silently hide the next real finding of that code on the same line."
    )
    fix = (
        "Remove the comment, or the codes in it that no longer match. Codes of rules that did not run "
        "(--select, --ignore) are not reported. The comment is `// flowlint: ignore[...]` in JavaScript and "
        "`# flowlint: ignore[...]` in Python; JSON has no comments (one is a syntax error, FL001), so findings "
        "in JSON definitions are hidden with a baseline (--baseline) or [tool.flowlint] ignore instead."
    )
    VALID = [
        Example(
            example("""\
    tools: {
        // flowlint: ignore[TST001]
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [] }
    }"""),
            title="the comment silences TST001 (no tests) on the next line",
        ),
        Example(
            python_example("""\
    'tools': {
        # flowlint: ignore[TST001]
        'getPing': {'method': 'GET', 'path': '/ping', 'description': 'Health check', 'parameters': []},
    },"""),
            path="example.py",
            title="the comment silences TST001 (no tests) on the next line",
        ),
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        ‸// flowlint: ignore[TST001]
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Service is up' } ] }
    }"""),
            (Expect("unused suppression: no TST001 finding"),),
            title="the tool has tests now",
            fixed=("        // flowlint: ignore[TST001]\n", ""),
        ),
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] } ‸// flowlint: ignore
    }"""),
            (Expect("unused suppression: `flowlint: ignore`"),),
            title="blanket ignore",
        ),
        Example(
            python_example("""\
    'tools': {
        ‸# flowlint: ignore[TST001]
        'getPing': {'method': 'GET', 'path': '/ping', 'description': 'Health check', 'parameters': [],
            'tests': [{'_description': 'Service is up'}]},
    },"""),
            (Expect("unused suppression: no TST001 finding"),),
            path="example.py",
            title="the tool has tests now",
        ),
    ]
