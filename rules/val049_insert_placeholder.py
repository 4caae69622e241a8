"""VAL049: insert parameters and path placeholders match."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

_PATH_PLACEHOLDER = re.compile(r"/:([A-Za-z_][\w-]*)|\{\{([A-Za-z_][\w-]*)\}\}")


class InsertPlaceholder(Rule):
    code = Code.VAL049
    name = "insert-placeholder"
    severity = Severity.ERROR
    summary = "An insert parameter needs a {{key}} or :key placeholder in the path, and vice versa"
    why = (
        "FlowMCP replaces `{{key}}` or `:key` in the path with the insert parameter's value. Without the "
        "placeholder the value is dropped; without the parameter the placeholder is sent literally."
    )
    fix = "Put `:key` (or `{{key}}`) in the path, or change the parameter's location."
    VALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins/:id', description: 'Coin details',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoin: { method: 'GET', path: '/coins', description: 'Coin details',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect(5, 87, "insert parameter 'id' has no placeholder in the path '/coins'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        server = set(ctx.definition.required_server_params)
        for tool in ctx.definition.tools:
            if tool.kind != "tool" or tool.path is None:
                continue
            in_path = {a or b for a, b in _PATH_PLACEHOLDER.findall(tool.path)}
            inserts = {p.key for p in tool.parameters if p.location == "insert" and p.key}
            for parameter in tool.parameters:
                if parameter.location == "insert" and parameter.key and parameter.key not in in_path:
                    yield self.finding(
                        f"insert parameter '{parameter.key}' has no placeholder in the path '{tool.path}'; "
                        f"add ':{parameter.key}' or '{{{{{parameter.key}}}}}' to the path",
                        parameter.location_span or parameter.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
            for name in sorted(in_path - inserts - server):
                yield self.finding(
                    f"the path '{tool.path}' has the placeholder '{name}', but no insert parameter "
                    f"'{name}' fills it; it would be sent literally",
                    tool.member_span("path"),
                    tool=tool.label,
                )
