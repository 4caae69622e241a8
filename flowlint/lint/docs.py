"""Rule documentation rendered from the rule classes themselves: summary, why, fix and examples."""

from __future__ import annotations

from flowlint.lint.registry import all_rules
from flowlint.lint.rule import Rule


def rules_table() -> str:
    lines = [f"{'code':<8}{'severity':<10}{'name':<26}summary"]
    for rule in all_rules():
        lines.append(f"{rule.code:<8}{rule.severity.value:<10}{rule.name:<26}{rule.summary}")
    return "\n".join(lines)


def rule_doc(rule: type[Rule]) -> str:
    out = [f"{rule.code} ({rule.name}), {rule.severity.value}", "", rule.summary, ""]
    if rule.why:
        out += ["Why it matters:", f"  {rule.why}", ""]
    if rule.fix:
        out += ["Instead:", f"  {rule.fix}", ""]
    for example in rule.INVALID[:1]:
        out.append("Fails:" + (f" ({example.title})" if example.title else ""))
        out += _indent(example.source)
        for expect in example.expect:
            out.append(f"  -> {expect.line}:{expect.column}: {expect.code or rule.code} ...{expect.message}...")
        out.append("")
    for example in rule.VALID[:1]:
        out.append("Passes:")
        out += _indent(example.source)
    return "\n".join(out).rstrip() + "\n"


def _indent(source: str) -> list[str]:
    return ["    " + line if line else "" for line in source.rstrip("\n").split("\n")]
