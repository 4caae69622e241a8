"""VAL061: output.schema must be an object with a type: string, number, boolean, object or array."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SObject, SScalar, type_name
from flowlint.core.outputschema import SUBSET_TYPES
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._output import GOOD, nested, output_example, output_schemas


class SchemaValid(Rule):
    code = Code.VAL061
    name = "output-schema-valid"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "output.schema must be an object with a type: string, number, boolean, object or array"
    why = "The runtime refuses an output without a schema object or with a root type outside the subset."
    fix = "Write `schema: { type: 'object', properties: { ... } }`."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            output_example("{ mimeType: 'application/json', schema: { type: ‸'integer' } }"),
            (Expect("type 'integer' is not one of string, number, boolean, object, array"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for output in output_schemas(ctx):
            tool, schema = output.tool, output.schema
            if isinstance(schema, NonStatic):
                continue
            if not isinstance(schema, SObject):
                got = f", got {type_name(schema)}" if schema is not None else ""
                yield self.finding(
                    f"output.schema is required and must be an object{got}",
                    schema.span if schema is not None else output.output.span,
                    tool=tool.label,
                )
                continue
            for at in output.schemas:
                kind = at.type_node
                if kind is None:
                    if at.where == "schema":
                        yield self.finding("output.schema has no type", at.node.span, tool=tool.label)
                elif not (isinstance(kind, SScalar) and kind.value in SUBSET_TYPES):
                    shown = f"'{kind.value}'" if isinstance(kind, SScalar) else type_name(kind)
                    yield self.finding(
                        f"output {at.where}: type {shown} is not one of " + ", ".join(SUBSET_TYPES),
                        kind.span,
                        tool=tool.label,
                        consequence=nested(at.where),
                    )
