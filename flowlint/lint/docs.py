"""Rule documentation rendered from the rule classes themselves: summary, why, fix and examples.

One renderer, `rule_doc`, gives a rule's Markdown text wherever it is shown; `rules_markdown` the table
of every rule. `python -m flowlint.lint.docs` writes both under docs/.
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

from flowlint.core.consequence import MEANINGS, Consequence, profile_severity
from flowlint.core.severity import Severity
from flowlint.lint.codes import FAMILIES
from flowlint.lint.pages import RULE_PAGES
from flowlint.lint.registry import all_rules
from flowlint.lint.rule import Rule

SPEC_VERSIONS = "3.0.0, 4.0.0-4.2.0"
"""The specification versions whose `09-validation-rules.md` registry defines flowlint's VAL, RES and TST
codes with the meaning flowlint checks (4.3.0 has no registry; its chapters keep these codes)."""


def rule_source(rule: type[Rule]) -> str:
    """Where a code comes from: the specification versions that define it, or flowlint itself."""
    family = rule.code.rstrip("0123456789")
    if rule.origin is not None:
        return rule.origin
    if family in ("VAL", "RES", "TST", "SEC", "LST"):
        return f"spec {SPEC_VERSIONS}"
    return "flowlint verify" if family == "VER" else "flowlint"


def profile_severities(rule: type[Rule], generation: int = 3) -> tuple[Severity, Severity]:
    """(default, --strict) severity of the rule's findings for a definition of that generation; a finding
    may carry its own consequence (`flowlint rule CODE` says when)."""
    consequence = rule.consequence_for(generation)
    return (
        profile_severity(consequence, rule.severity, strict=False),
        profile_severity(consequence, rule.severity, strict=rule.strict_promotes()),
    )


def consequence_text(rule: type[Rule]) -> str:
    """`refused at load`, or `spec only (3.x), refused at load (4.x)` when the generations differ."""
    v3, v4 = rule.consequence_for(3), rule.consequence_for(4)
    return v3.value if v3 is v4 else f"{v3.value} (3.x), {v4.value} (4.x)"


def rules_table() -> str:
    lines = [f"{'code':<8}{'default':<9}{'strict':<9}{'consequence':<24}{'name':<26}summary"]
    for rule in all_rules():
        default, strict = profile_severities(rule)
        consequence = rule.consequence_for(3).value + ("*" if rule.consequence_v4 is not None else "")
        lines.append(f"{rule.code:<8}{default.value:<9}{strict.value:<9}{consequence:<24}{rule.name:<26}{rule.summary}")
    lines.append("* the 4.x runtime differs: `flowlint rule CODE` says how")
    return "\n".join(lines)


RULES_PAGE = "docs/rules.md"
"""The generated rule reference (`python -m flowlint.lint.docs` writes it; tests/test_docs.py keeps it fresh)."""


def rules_markdown() -> str:
    """docs/rules.md: what each consequence means, then every rule with its severity in both profiles."""
    lines = [
        "# flowlint rules",
        "",
        "<!-- Generated from the rule classes by `python -m flowlint.lint.docs`; do not edit by hand. -->",
        "",
        "A finding's severity follows from what FlowMCP's runtime of the generation the file declares does",
        "about it (its *consequence*). The default profile is FlowMCP's own verdict plus the test rules",
        "TST001-TST008; `--strict` (or `strict = true`) makes every error rule of the declared specification",
        "an error, and only those: flowlint's own codes (FL, VER) keep their default severity there. `flowlint",
        "rule CODE` shows a rule's reasons and examples.",
        "",
        "| consequence | what it means | default | `--strict` |",
        "|---|---|---|---|",
    ]
    for consequence in Consequence:
        default = profile_severity(consequence, Severity.ERROR, strict=False).value
        meaning = MEANINGS[consequence]
        strict = "error" if default == "error" else "the specification's severity"
        if consequence in (Consequence.TEST, Consequence.ADVICE):
            default = strict = "the rule's severity"
        elif default == "warning":
            default = "warning"
        lines.append(f"| {consequence.value} | {meaning} | {default} | {strict} |")
    lines += [
        "",
        "## Rules",
        "",
        "| code | default | `--strict` | consequence | from | what it checks |",
        "|---|---|---|---|---|---|",
    ]
    for rule in all_rules():
        default, strict = profile_severities(rule)
        summary = rule.summary.replace("|", "\\|")
        lines.append(
            f"| [{rule.code}](rules/{rule.code}.md) | {default.value} | {strict.value} | {consequence_text(rule)} "
            f"| {rule_source(rule)} | {summary} |"
        )
    lines += [
        "",
        "TST001 is an error below `min_tests` (default 1) and a warning below the specification's 3",
        "(`recommended_tests`), an error there too under `--strict`. Some findings of a rule have another",
        "consequence than the rule's (an unknown option is ignored, an option that throws stops the tool from",
        "being built): their messages say which.",
        "",
    ]
    return "\n".join(lines)


_FINDING_CONSEQUENCE = re.compile(r"\bconsequence(?:_v4)?\s*=\s*\(?\s*Consequence\.([A-Z_]+)")


def finding_consequences(rule: type[Rule]) -> tuple[Consequence, ...]:
    """Every consequence a finding of `rule` can have: the rule's own (under 3.x and 4.x), then those its
    findings carry themselves (`Finding(consequence=...)`, `ZReport(consequence=...)` in the rule's
    module: FL012's options are ignored, stop the tool from being built or refuse calls, each finding
    saying which), in the order of `Consequence`."""
    found = {rule.consequence_for(3), rule.consequence_for(4)}
    module = sys.modules.get(rule.__module__)
    try:
        source = inspect.getsource(module) if module is not None else ""
    except (OSError, TypeError):
        source = ""
    for match in _FINDING_CONSEQUENCE.finditer(source):
        member = Consequence.__members__.get(match.group(1))
        if member is not None:
            found.add(member)
    return tuple(c for c in Consequence if c in found)


def _severity_lines(rule: type[Rule]) -> list[str]:
    """The severity and consequence lines of a rule's documentation: one of each, or, when its findings
    differ in what the runtime does, one line per consequence with the severities it gives."""
    default, strict = profile_severities(rule)
    consequences = finding_consequences(rule)
    if len(consequences) <= 1 or consequences == tuple(
        c for c in Consequence if c in (rule.consequence_for(3), rule.consequence_for(4))
    ):
        return [
            f"- Severity: **{default.value}** by default, **{strict.value}** under `--strict`",
            f"- Consequence: {consequence_text(rule)}",
        ]
    lines = ["- Severity: per finding, by what FlowMCP's runtime does (each message says which):"]
    for consequence in consequences:
        shown = (
            profile_severity(consequence, rule.severity, strict=False),
            profile_severity(consequence, rule.severity, strict=True),
        )
        lines.append(f"  - {consequence.value}: **{shown[0].value}** by default, **{shown[1].value}** under `--strict`")
    lines.append(
        f"- Consequence: {', '.join(c.value for c in consequences)} (the rule's own: {consequence_text(rule)})"
    )
    return lines


def rule_module(rule: type[Rule]) -> str:
    """Where the rule is written, as a path from the repository's root (`rules/tst/tst004_valid_values.py`)."""
    return "rules/" + rule.__module__.removeprefix("flowlint.rules.").replace(".", "/") + ".py"


def rule_doc(rule: type[Rule], *, page: bool = False) -> str:
    """A rule's documentation as Markdown, from its class: summary, severities, consequence, where it comes
    from and where it is written, why, what to write instead, and every example with what it must report.
    The one text of a rule: its page `docs/rules/CODE.md`, `flowlint rule CODE` (as `ruff rule` prints
    Markdown), the language server's hover and SARIF's `help.markdown`. On a `page` the rule's module is a
    link (relative to docs/rules/); elsewhere its path."""
    out = [
        f"# {rule.code}: {rule.name}",
        "",
        rule.summary.replace("|", "\\|"),
        "",
        *_severity_lines(rule),
        f"- From: {rule_source(rule)}",
        f"- Defined in: [{rule_module(rule)}](../../{rule_module(rule)}) (`{rule.__name__}`)"
        if page
        else f"- Defined in: `{rule_module(rule)}` (`{rule.__name__}`)",
    ]
    family = FAMILIES.get(rule.code.rstrip("0123456789"))
    if family:
        out.append(f"- Family: {family}")
    out.append("")
    if rule.why:
        out += ["## Why it matters", "", rule.why, ""]
    if rule.fix:
        out += ["## Instead", "", rule.fix, ""]
    for label, examples in (("Fails", rule.INVALID), ("Passes", rule.VALID)):
        for example in examples:
            language = {"JavaScript": "javascript", "Python": "python", "JSON": "json"}[example.syntax]
            out += [f"## {label}" + (f": {example.title}" if example.title else ""), "", f"```{language}"]
            out += [example.source.rstrip("\n"), "```", ""]
            for expect in example.expect:
                out.append(f"- {expect.line}:{expect.column}: {expect.code or rule.code} ...{expect.message}...")
            if example.fixed:
                out.append(f"- `flowlint check --fix` writes `{example.fixed[1]}` for `{example.fixed[0]}`")
            if example.expect or example.fixed:
                out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


PAGE_NOTE = "<!-- Generated from the rule class by `python -m flowlint.lint.docs`; do not edit by hand. -->"


def rule_page(rule: type[Rule]) -> str:
    """docs/rules/CODE.md: `rule_doc`, marked as generated, with a link back to the table of rules."""
    return f"{PAGE_NOTE}\n\n{rule_doc(rule, page=True)}\n[All rules](../rules.md)\n"


def write_docs(root: Path) -> list[Path]:
    """Write docs/rules.md and every docs/rules/CODE.md under `root`; remove pages of codes that are gone.
    Returns the files written."""
    pages = root / RULE_PAGES
    pages.mkdir(parents=True, exist_ok=True)
    wanted = {f"{rule.code}.md": rule_page(rule) for rule in all_rules()}
    for stale in pages.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    written = [root / RULES_PAGE]
    (root / RULES_PAGE).write_text(rules_markdown(), encoding="utf-8")
    for name, text in wanted.items():
        (pages / name).write_text(text, encoding="utf-8")
        written.append(pages / name)
    return written


if __name__ == "__main__":  # python -m flowlint.lint.docs: write docs/rules.md and docs/rules/CODE.md
    written = write_docs(Path(__file__).resolve().parents[2])
    print(f"wrote {len(written)} files under {written[0].parent}")
