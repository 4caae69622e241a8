"""FL013: every {{SERVER_PARAM:NAME}} is declared in requiredServerParams."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject, SScalar
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example

_SERVER = re.compile(r"\{\{SERVER_PARAM:([^{}]+)\}\}")


class ServerParamDeclared(Rule):
    code = Code.FL013
    name = "server-param-declared"
    severity = Severity.ERROR
    consequence = Consequence.SPEC
    summary = "{{SERVER_PARAM:NAME}} requires NAME in main.requiredServerParams"
    why = (
        "FlowMCP passes a definition only the environment variables it declares; an undeclared server "
        "param stays empty and the request goes out without its key."
    )
    fix = "Add the name to `requiredServerParams: [ 'NAME' ]`."
    VALID = [
        Example(
            example("""\
    requiredServerParams: [ 'ETHERSCAN_API_KEY' ],
    tools: {
        getAbi: { method: 'GET', path: '/api', description: 'Contract ABI',
            parameters: [ { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } } ],
            tests: [ { _description: 'ABI' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getAbi: { method: 'GET', path: '/api', description: 'Contract ABI',
            parameters: [ { position: { key: 'apikey', value: ‸'{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'ABI' } ] }
    }"""),
            (Expect("ETHERSCAN_API_KEY is not in main.requiredServerParams"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        declared = set(ctx.definition.required_server_params)
        for tool in ctx.definition.tools:
            if tool.kind == "query":
                continue  # outside this rule: a resource query takes no server params at all
            for parameter in tool.parameters:
                name = parameter.server_param
                if name is not None and name not in declared and isinstance(parameter.node, SObject):
                    position = parameter.node.get("position")
                    value = position.get("value") if isinstance(position, SObject) else None
                    if parameter.role == "placeholder":
                        message = (
                            f"parameter '{parameter.key}': its value '{parameter.value}' is not {{{{USER_PARAM}}}}, "
                            f"so FlowMCP's runtime reads it from the server param {name}, which is not in "
                            "main.requiredServerParams and is sent as ''; write '{{USER_PARAM}}' if callers "
                            f"give it, or '{{{{SERVER_PARAM:{name}}}}}' and declare {name} if the server does"
                        )
                    else:
                        message = (
                            f"parameter '{parameter.key}' uses the server param {name}, but {name} is not in "
                            "main.requiredServerParams, so it is sent as '' (the runtime does not refuse it); add "
                            "it there"
                        )
                    yield self.finding(
                        message,
                        value.span if value is not None else parameter.span,
                        tool=tool.label,
                        parameter=parameter.key,
                    )
        headers = ctx.definition.get("headers")
        if isinstance(headers, SObject):
            for entry in headers.entries:
                if isinstance(entry.value, SScalar) and isinstance(entry.value.value, str):
                    for name in _SERVER.findall(entry.value.value):
                        if name not in declared:
                            yield self.finding(
                                f"header '{entry.key}' uses the server param {name}, but {name} "
                                "is not in main.requiredServerParams; add it there",
                                entry.value.span,
                            )
