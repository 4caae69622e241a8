"""FL019: FlowMCP's runtime does not interpolate `enum({{list:field}})`, so its MCP tool refuses every real value."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SScalar, to_python
from flowlint.core.severity import Severity
from flowlint.definition.model import Parameter
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Fix, literal_edit
from flowlint.lint.rule import Example, Expect, Rule, RuleContext, example


class ListEnumLiteral(Rule):
    code = Code.FL019
    name = "list-enum-literal"
    severity = Severity.ERROR
    consequence = Consequence.CALL_REFUSED
    summary = "FlowMCP's runtime builds enum({{list:field}}) as the literal text: its MCP tool refuses every list value"
    why = (
        "The specification (03-shared-lists, Parameter Interpolation) says `enum({{evmChains:alias}})` takes its "
        "values from the shared list at load time. FlowMCP's runtime does not do that: `prepareServerTool` builds "
        "the tool's input schema with `ZodBuilder.getZodSchema` from the parameter as written (flowmcp-core 3.x "
        "`src/v2` and 4.x `src/v4`, up to 8dab10b; `SharedListResolver.interpolateEnum` exists but nothing in the "
        "pipeline calls it). The enum's only value is therefore the text `{{evmChains:alias}}`, and the MCP "
        "server refuses 'ETHEREUM_MAINNET' and every other real value before the request is made; each of the "
        "tool's tests fails. flowlint follows the runtime here, and says so: where your host expands the list "
        "before it registers the tool, ignore FL019 in [tool.flowlint]. Test values are still checked against "
        "the resolved list (TST004), as the specification describes."
    )
    fix = (
        "Write the values into the primitive, `enum(ETHEREUM_MAINNET,POLYGON_MAINNET)`, or use `string()` with "
        "a `regex()`; keep `sharedLists` for the handlers, which do receive the resolved lists. When the list "
        "resolves, `check --fix --unsafe-fixes` writes its values in (unsafe: the tool then accepts those "
        "values, and a later edit of the list no longer reaches it)."
    )
    VALID = [
        Example(
            example("""\
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(ETHEREUM_MAINNET,POLYGON_MAINNET)', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' }, { _description: 'Polygon', chain: 'POLYGON_MAINNET' } ] }
    }""")
        )
    ]
    INVALID = [
        Example(
            example("""\
    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],
    tools: {
        getBalance: { method: 'GET', path: '/balance', description: 'Balance',
            parameters: [ { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: ‸'enum({{evmChains:alias}})', options: [] } } ],
            tests: [ { _description: 'Ethereum', chain: 'ETHEREUM_MAINNET' }, { _description: 'Polygon', chain: 'POLYGON_MAINNET' } ] }
    }"""),
            (
                Expect(
                    "parameter 'chain': FlowMCP's runtime does not expand 'enum({{evmChains:alias}})': its MCP tool "
                    "accepts only the literal text '{{evmChains:alias}}' and refuses 'ETHEREUM_MAINNET' (test 0)",
                ),
            ),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind != "tool":
                continue  # resource queries are not built by ZodBuilder
            for parameter in tool.parameters:
                spec = parameter.z
                if spec is None or spec.list_ref is None or parameter.role != "user":
                    continue
                literal = f"{{{{{spec.list_ref.name}:{spec.list_ref.field}}}}}"
                refused = ""
                for test in tool.tests:
                    value = test.obj.get(parameter.key) if test.obj is not None and parameter.key else None
                    if value is not None and to_python(value) != literal:
                        refused = f" and refuses {to_python(value)!r} (test {test.index})"
                        break
                yield self.finding(
                    f"parameter '{parameter.key}': FlowMCP's runtime does not expand '{spec.primitive_text}': its "
                    f"MCP tool accepts only the literal text '{literal}'{refused}, so every call fails; the "
                    "specification says the list is interpolated, flowlint follows the runtime (flowmcp-core "
                    "prepareServerTool); write the values into enum(...) or ignore FL019 if your host expands lists",
                    parameter.option_span(None),
                    tool=tool.label,
                    parameter=parameter.key,
                    fix=_values_written_in(ctx, parameter),
                )


def _values_written_in(ctx: RuleContext, parameter: Parameter) -> Fix | None:
    """`enum(v1,v2,...)` with the resolved list's values in place of the reference, when the list resolves
    and every value can stand in FlowMCP's comma-separated enum text."""
    resolution = ctx.list_values(parameter)
    primitive = parameter.primitive_node
    if resolution is None or not resolution.values or not isinstance(primitive, SScalar):
        return None
    values = list(dict.fromkeys(resolution.values))
    if any(not value or value != value.strip() or any(c in value for c in ",()") for value in values):
        return None
    edit = literal_edit(ctx.source, primitive.span, f"enum({','.join(values)})")
    if edit is None:
        return None
    return Fix(f"write the {len(values)} values of the list into enum(...)", (edit,), safe=False)
