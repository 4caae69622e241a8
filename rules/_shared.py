"""Helpers shared by several rules (no rules are defined here)."""

from __future__ import annotations

from collections.abc import Iterator

from flowlint.diagnostics import Finding
from flowlint.rule import RuleContext


def z_issue_findings(ctx: RuleContext, code: str) -> Iterator[Finding]:
    """The z-block issues carrying `code`, each at the option (or primitive) it is about."""
    for tool in ctx.definition.tools:
        for parameter in tool.parameters:
            if parameter.z is None:
                continue
            for issue in parameter.z.issues:
                if issue.code == code:
                    name = f"'{parameter.key}'" if parameter.key else f"#{parameter.index}"
                    yield Finding(
                        code,
                        f"parameter {name}: {issue.message}",
                        parameter.option_span(issue.option_index),
                        tool=tool.label,
                        parameter=parameter.key,
                        severity=issue.severity,
                    )


def tool_noun(kind: str) -> str:
    return "tool" if kind == "tool" else "resource query"
