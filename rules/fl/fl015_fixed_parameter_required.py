"""FL015: a fixed or server parameter is not a required input of the tool's MCP schema."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SArray
from flowlint.core.severity import Severity
from flowlint.definition.model import Parameter, Tool
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding, node_path
from flowlint.lint.fixes import Fix, append_item
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class FixedParameterRequired(Rule):
    code = Code.FL015
    name = "fixed-parameter-required"
    severity = Severity.ERROR
    consequence = Consequence.CALL_REFUSED
    summary = "A fixed or server parameter's z block must be optional(): the runtime makes it a required input"
    why = (
        "FlowMCP's runtime builds a tool's MCP input schema from every parameter that has a z block "
        "(ZodBuilder.getZodSchema, flowmcp-core), not only from {{USER_PARAM}} ones. A fixed value such as "
        "`format: 'json'` or a server param therefore becomes a required input: every call that leaves it "
        "out (every test, since tests may only set {{USER_PARAM}} keys, TST006) fails validation before the "
        "request is made. The specification asks for a z block on every parameter (VAL040), so the way to "
        "satisfy both is `optional()`: the runtime still sends the fixed value or the server param."
    )
    fix = "Add 'optional()' to the parameter's z.options."
    VALID = [
        Example(
            example("""\
    tools: {
        getCoins: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } } ],
            tests: [ { _description: 'All coins' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    tools: {
        getCoins: { method: 'GET', path: '/coins', description: 'Coins',
            parameters: [ { position: { key: 'format', value: 'json', location: 'query' }, z: ‸{ primitive: 'string()', options: [] } } ],
            tests: [ { _description: 'All coins' } ] }
    }"""),
            (Expect("parameter 'format' has the fixed value 'json', but its z block makes it a required input"),),
            fixed=("options: [] } } ]", "options: ['optional()'] } } ]"),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        declared = set(ctx.definition.required_server_params)
        for tool in ctx.definition.tools:
            if tool.kind != "tool":
                continue
            for parameter in tool.parameters:
                spec = parameter.z
                if parameter.role == "user" or parameter.key is None or spec is None:
                    continue
                if not spec.required:
                    continue
                if parameter.role == "placeholder" and parameter.server_param not in declared:
                    what = (
                        f"the value '{parameter.value}', which the runtime reads from the server param "
                        f"{parameter.server_param} (not declared, so sent as '')"
                    )
                elif parameter.role == "fixed":
                    what = f"the fixed value '{parameter.value}'"
                else:
                    what = f"the server param {parameter.server_param}"
                # A named placeholder's finding stands for the parameter: that it is undeclared is the same root.
                claims = (node_path(tool.label, parameter.key),) if parameter.role == "placeholder" else ()
                yield self.finding(
                    f"parameter '{parameter.key}' has {what}, but its z block makes it a required input of the "
                    "tool's MCP schema (the runtime builds it from every parameter with z), so calls and tests "
                    "without it fail; add 'optional()' to its options",
                    parameter.z_node.span if parameter.z_node is not None else parameter.span,
                    tool=tool.label,
                    parameter=parameter.key,
                    claims=claims,
                    fix=None if _set_by_a_test(tool, parameter.key) else _optional_fix(ctx.source, parameter),
                )


def _optional_fix(source: bytes, parameter: Parameter) -> Fix | None:
    """`'optional()'` added to the options (unsafe: the inputSchema no longer requires the parameter; the
    runtime still sends the fixed value or the server param)."""
    options = parameter.options_node
    if not source or not isinstance(options, SArray):
        return None
    quotes = [source[node.span.start : node.span.start + 1] for node in options.items]
    quote = next((q.decode() for q in quotes if q in (b"'", b'"')), None)
    if quote is None:
        quote = '"' if source.lstrip()[:1] in (b"{", b"[") else "'"
    edit = append_item(source, options, f"{quote}optional(){quote}")
    return None if edit is None else Fix("add 'optional()'", (edit,), safe=False)


def _set_by_a_test(tool: Tool, key: str) -> bool:
    """Whether a test sets `key`: then the key is a test's defect too (TST006), and `optional()` alone is not
    the repair (a person decides: remove the key from the tests, or make the parameter the caller's)."""
    return any(test.obj is not None and test.obj.get(key) is not None for test in tool.tests)
