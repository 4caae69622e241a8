"""TST001: every tool and resource query has at least `min_tests` tests (error) and `recommended_tests` (warning).

Two audiences, two numbers: flowlint's seed asks for one test (an error below it, `min_tests`); the
specification and the runtime ask for three (FlowMCP's runtime reports fewer as a TST001 warning,
`recommended_tests`). A resource query without any tests is reported as RES011, the code the
specification gives TST001 for queries (lint/ownership.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SArray, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example, tool_noun


class MinTests(Rule):
    code = Code.TST001
    name = "min-tests"
    severity = Severity.ERROR
    consequence = Consequence.TEST
    summary = "Each tool needs at least 1 test (min_tests), and 3 to satisfy the specification (recommended_tests)"
    why = (
        "Tests are the executable examples of a tool: they document it, and capture runs them to record "
        "real responses and generate the output schema. A tool without tests can do neither. The "
        "specification asks for 3 per tool and per resource query; FlowMCP's runtime warns below that."
    )
    fix = "Add a `tests` array with at least one `{ _description: '...', <param>: <value> }` object."
    VALID = [
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: [ { _description: 'Service is up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        ‸getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [] }
    }"""),
            (Expect("tool 'getPing' has no tests"),),
            title="no tests key",
        ),
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [], tests: ‸[] }
    }"""),
            (Expect("has 0 tests; at least 1 required"),),
            title="empty tests",
        ),
        Example(
            example("""\
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health check', parameters: [],
            tests: ‸[ { _description: 'Service is up' } ] }
    }"""),
            (Expect("has 1 test; the specification and FlowMCP's runtime ask for at least 3"),),
            title="fewer than the specification's 3 (a warning)",
        ),
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        minimum = ctx.config.min_tests
        recommended = ctx.config.recommended_tests
        for tool in ctx.definition.tools:
            if tool.obj is None:
                continue
            noun = tool_noun(tool.kind)
            node = tool.tests_node
            count = len(node.items) if isinstance(node, SArray) else 0
            if node is not None and not isinstance(node, SArray):
                yield self.finding(
                    f"tests of {noun} '{tool.label}' must be an array of test objects, got {type_name(node)}",
                    node.span,
                    tool=tool.label,
                )
            elif count < minimum:
                if node is None:
                    yield self.finding(
                        f"{noun} '{tool.label}' has no tests; add at least {minimum}: "
                        "tests: [ { _description: '...', ... } ]",
                        tool.key_span,
                        tool=tool.label,
                    )
                else:
                    yield self.finding(
                        f"{noun} '{tool.label}' has {count} test{'s' if count != 1 else ''}; at least {minimum} required",
                        node.span,
                        tool=tool.label,
                    )
            elif count < recommended:
                # The runtime only warns below the specification's minimum; --strict holds the specification.
                yield self.finding(
                    f"{noun} '{tool.label}' has {count} test{'s' if count != 1 else ''}; the specification and "
                    f"FlowMCP's runtime ask for at least {recommended} (the runtime warns; an error under "
                    "--strict; set recommended_tests to change this)",
                    node.span if node is not None else tool.key_span,
                    tool=tool.label,
                    severity=Severity.ERROR if ctx.config.strict else Severity.WARNING,
                )
