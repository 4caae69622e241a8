"""VAL060: output.mimeType must be application/json, image/png or text/plain."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.core.consequence import Consequence
from flowlint.core.nodes import NonStatic, SScalar, type_name
from flowlint.core.severity import Severity
from flowlint.lint.codes import Code
from flowlint.lint.diagnostics import Finding
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
                )
