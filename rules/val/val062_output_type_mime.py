"""VAL062: output.schema.type must fit the MIME type: JSON object/array, text and png a string."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import SObject, SScalar
from flowlint.core.outputschema import SUBSET_TYPES
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._output import GOOD, MIME_TYPES, output_example, outputs


class SchemaTypeMatchesMime(Rule):
    code = Code.VAL062
    name = "output-type-mime"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "output.schema.type must fit the MIME type: JSON object/array, text and png a string"
    why = "The runtime refuses a root type its MIME type cannot carry; image/png needs `format: 'base64'`."
    fix = "Use type 'object' or 'array' with application/json, 'string' with text/plain or image/png."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            output_example("{ mimeType: 'application/json', schema: { type: ‸'string' } }"),
            (Expect("application/json carries an object or an array"),),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, output in outputs(ctx):
            mime = output.get("mimeType")
            schema = output.get("schema")
            if not (isinstance(mime, SScalar) and mime.value in MIME_TYPES and isinstance(schema, SObject)):
                continue
            kind = schema.get("type")
            allowed = MIME_TYPES[str(mime.value)]
            if isinstance(kind, SScalar) and kind.value in SUBSET_TYPES and kind.value not in allowed:
                yield self.finding(
                    f"output.schema.type '{kind.value}' does not fit {mime.value}: {mime.value} carries "
                    + (" or ".join(f"a{'n' if a[0] in 'aeiou' else ''} {a}" for a in allowed)),
                    kind.span,
                    tool=tool.label,
                )
            elif mime.value == "image/png" and isinstance(kind, SScalar) and kind.value == "string":
                fmt = schema.get("format")
                if not (isinstance(fmt, SScalar) and fmt.value == "base64"):
                    yield self.finding(
                        "output.schema for image/png needs format: 'base64'", (fmt or kind).span, tool=tool.label
                    )
