"""What TST005 and RES023 share: test objects that are not plain JSON data (tools, resource queries)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from flowlint.core.consequence import Consequence
from flowlint.core.jsvalues import js_number
from flowlint.core.nodes import NonStatic, SHole, SNode, SScalar, first_non_json, shorten
from flowlint.core.severity import Severity
from flowlint.lint.diagnostics import Finding, node_path
from flowlint.lint.rule import Rule, RuleContext


class JsonDataRule(Rule):
    """Reports test objects of the tools (or resource queries: `kinds`) that are not plain JSON data."""

    # The tool kinds this code covers; a resource query's tests are RES022/RES023 (09's resource rules).
    kinds: ClassVar[tuple[str, ...]] = ("tool",)

    severity = Severity.ERROR

    consequence = Consequence.TEST

    def check(self, ctx: RuleContext) -> Iterator[Finding]:
        for tool in ctx.definition.tools:
            if tool.kind not in self.kinds:
                continue
            for test in tool.tests:
                if isinstance(test.node, NonStatic):
                    yield self.finding(
                        f"test {test.index} is `{shorten(test.node.source)}` ({test.node.reason}), not a plain object",
                        test.node.span,
                        tool=tool.label,
                        test_index=test.index,
                        claims=(node_path(tool.label, test_index=test.index),),  # the whole test
                    )
                    continue
                if test.obj is None:
                    continue
                for entry in test.obj.entries:
                    bad = first_non_json(entry.value)
                    if bad is not None:
                        yield self.finding(
                            f"{test.label()}: the value of '{entry.key}' {_explain(bad)}",
                            bad.span,
                            tool=tool.label,
                            test_index=test.index,
                            parameter=entry.key,
                            claims=(node_path(tool.label, entry.key, test_index=test.index),),  # the value
                        )


def _explain(node: SNode) -> str:
    if isinstance(node, NonStatic):
        what = "" if "JSON" in node.reason else ", which is not JSON data"  # the reason may say it already
        return (
            f"is `{shorten(node.source)}` ({node.reason}){what}; tests must hold literal values: write the value itself"
        )
    if isinstance(node, SHole):
        return "has an array hole (undefined), which JSON turns into null; remove the extra comma"
    assert isinstance(node, SScalar) and isinstance(node.value, float)  # NaN or an infinity
    return f"is {js_number(node.value)}, which JSON cannot represent; write a finite number"
