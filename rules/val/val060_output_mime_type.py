"""VAL060: output.mimeType must be application/json, image/png or text/plain."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SNode, SObject, SScalar, string_value, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
from flowlint.lint.fixes import Fix, literal_edit
from flowlint.lint.rule import Example, Expect, Rule, RuleContext

from ._output import GOOD, MIME_TYPES, output_example, outputs


class MimeType(Rule):
    code = Code.VAL060
    name = "output-mime-type"
    severity = Severity.ERROR
    consequence = Consequence.REFUSED
    summary = "output.mimeType must be application/json, image/png or text/plain"
    why = "The runtime refuses any other MIME type (and a missing one); it decides how the response is read."
    fix = "Write `mimeType: 'application/json'` for JSON APIs; text/plain for CSV and other text."
    VALID = [Example(GOOD)]
    INVALID = [
        Example(
            output_example("{ mimeType: ‸'text/csv', schema: { type: 'string' } }"),
            (Expect("output.mimeType 'text/csv' is not supported"),),
            fixed=("mimeType: 'text/csv'", "mimeType: 'text/plain'"),
        )
    ]

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool, output in outputs(ctx):
            node = output.get("mimeType")
            if isinstance(node, NonStatic):
                continue
            if node is None:
                yield self.finding("output.mimeType is required: 'application/json'", output.span, tool=tool.label)
            elif not (isinstance(node, SScalar) and node.value in MIME_TYPES):
                shown = f"'{node.value}'" if isinstance(node, SScalar) else type_name(node)
                hint = "; CSV and other text is 'text/plain'" if shown.startswith("'text/") else ""
                yield self.finding(
                    f"output.mimeType {shown} is not supported: use " + ", ".join(MIME_TYPES) + hint,
                    node.span,
                    tool=tool.label,
                    fix=_mime_fix(ctx.source, node, output),
                )


# Text formats whose data, described by a string schema, is what `text/plain` declares.
_TEXT = ("application/xml", "application/rss+xml", "application/atom+xml", "application/csv", "application/yaml")


def _mime_fix(source: bytes, node: SNode, output: SObject) -> Fix | None:
    """The supported type that declares the same data (unsafe: the declaration changes, not the data): a JSON
    flavour (`application/ld+json`) whose schema is an object or an array is `application/json`; a text
    format whose schema is a string is `text/plain`. None for anything else (a person decides)."""
    if not source or not isinstance(node, SScalar) or not isinstance(node.value, str):
        return None
    schema = output.get("schema")
    kind = string_value(schema.get("type")) if isinstance(schema, SObject) else None
    mime = node.value.split(";")[0].strip().lower()
    if mime.endswith("+json") and kind in ("object", "array"):
        new = "application/json"
    elif (mime.startswith("text/") or mime in _TEXT) and kind == "string":
        new = "text/plain"
    else:
        return None
    edit = literal_edit(source, node.span, new)
    return (
        None if edit is None else Fix(f"write '{new}' (the same data, a type the runtime accepts)", (edit,), safe=False)
    )
