"""VAL050: insert parameters and path placeholders match."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import string_value
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

_PATH_PLACEHOLDER = re.compile(r"/:([A-Za-z_][\w-]*)|\{\{([A-Za-z_][\w-]*)\}\}")


class InsertPlaceholder(Rule):
    code = Code.VAL050
    name = "insert-placeholder"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "An insert parameter needs a {{key}} or :key placeholder in root + path, and vice versa"
    why = (
        "The specification asks for `{{key}}` in the path; FlowMCP's runtime (Fetch) replaces both `:key` and "
        "`{{key}}` anywhere in root + path with the value, and the public library mostly writes `:key`, so "
        "flowlint accepts both, as the runtime does. Without the placeholder the value is dropped; without the "
        "parameter the placeholder is sent literally. When the tool has a preRequest or executeRequest "
        "handler, which rewrites or replaces the request, a missing placeholder is reported as info."
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
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: ‸'insert' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'Bitcoin', id: 'bitcoin' } ] }
    }"""),
            (Expect("insert parameter 'id' has no placeholder in the path '/coins'"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        server = set(ctx.definition.required_server_params)
        root = ctx.definition.main.get("root")
        url_root = string_value(root) or ""
        for tool in ctx.definition.tools:
            if tool.kind != "tool" or tool.path is None:
                continue
            url = url_root + tool.path
            in_path = {a or b for a, b in _PATH_PLACEHOLDER.findall(tool.path)}
            inserts = {p.key for p in tool.parameters if p.location == "insert" and p.key}
            for parameter in tool.parameters:
                key = parameter.key
                if parameter.location != "insert" or not key or f":{key}" in url or f"{{{{{key}}}}}" in url:
                    continue
                if tool.name in ctx.definition.request_handler_tools:  # (read only here: see the model)
                    yield self.finding(
                        f"insert parameter '{key}' has no placeholder in root + path; the tool's preRequest or "
                        "executeRequest handler builds the request, so make sure it uses the value",
                        parameter.location_span or parameter.span,
                        tool=tool.label,
                        parameter=key,
                        severity=Severity.INFO,
                    )
                else:
                    yield self.finding(
                        f"insert parameter '{key}' has no placeholder in the path '{tool.path}' (nor in root); "
                        f"the runtime would drop its value: add ':{key}' or '{{{{{key}}}}}' to the path",
                        parameter.location_span or parameter.span,
                        tool=tool.label,
                        parameter=key,
                    )
            for name in sorted(in_path - inserts - server):
                yield self.finding(
                    f"the path '{tool.path}' has the placeholder '{name}', but no insert parameter "
                    f"'{name}' fills it; it would be sent literally",
                    tool.member_span("path"),
                    tool=tool.label,
                )
