"""Rule documentation rendered from the rule classes themselves: summary, why, fix and examples.

A rule's examples may be written in several syntaxes (JavaScript, Python, JSON); the documentation
shows the first failing and the first passing example of each syntax, grouped by syntax.
"""

from __future__ import annotations

from flowlint.core.version import __version__
from flowlint.lint.codes import FAMILIES
from flowlint.lint.registry import all_rules
from flowlint.lint.rule import SYNTAXES, Example, Rule

DOCS_URL = "https://pypi.org/project/flowmcp-lint/{version}/"
"""Where rule documentation is published (SARIF `helpUri`): the README of this very version on PyPI,
whose "Rules" section lists every code. PyPI gives README headings no anchors, so the address names
the page, not the row; SARIF's `help.markdown` carries each rule's full text (`flowlint rules CODE`)."""


def help_uri() -> str:
    """The documentation address of the rules of this version (see DOCS_URL)."""
    return DOCS_URL.format(version=__version__)


SPEC_VERSIONS = "3.0.0, 4.0.0-4.2.0"
"""The specification versions whose `09-validation-rules.md` registry defines flowlint's VAL, RES and TST
codes with the meaning flowlint checks (4.3.0 has no registry; its chapters keep these codes)."""


def rule_source(rule: type[Rule]) -> str:
    """Where a code comes from: the specification versions that define it, or flowlint itself."""
    family = rule.code.rstrip("0123456789")
    if family in ("VAL", "RES", "TST", "SEC", "LST"):
        return f"spec {SPEC_VERSIONS}"
    return "flowlint verify" if family == "VER" else "flowlint"


def rules_table() -> str:
    lines = [f"{'code':<8}{'severity':<10}{'from':<26}{'name':<26}summary"]
    for rule in all_rules():
        source = rule_source(rule)
        lines.append(f"{rule.code:<8}{rule.severity.value:<10}{source:<26}{rule.name:<26}{rule.summary}")
    return "\n".join(lines)


def readme_table() -> str:
    """The README's rule table (tests/test_docs.py keeps the README equal to it)."""
    lines = ["| code | severity | from | what it checks |", "|---|---|---|---|"]
    for rule in all_rules():
        summary = rule.summary.replace("|", "\\|")
        lines.append(f"| {rule.code} | {rule.severity.value} | {rule_source(rule)} | {summary} |")
    return "\n".join(lines)


def rule_doc(rule: type[Rule]) -> str:
    out = [f"{rule.code} ({rule.name}), {rule.severity.value}, {rule_source(rule)}", "", rule.summary, ""]
    family = FAMILIES.get(rule.code.rstrip("0123456789"))
    if family:
        out += [f"Family: {family}.", ""]
    if rule.why:
        out += ["Why it matters:", f"  {rule.why}", ""]
    if rule.fix:
        out += ["Instead:", f"  {rule.fix}", ""]
    syntaxes = [s for s in dict.fromkeys(SYNTAXES.values()) if any(e.syntax == s for e in rule.INVALID + rule.VALID)]
    for syntax in syntaxes:
        if len(syntaxes) > 1:
            out += [f"In {syntax}:", ""]
        for example in [e for e in rule.INVALID if e.syntax == syntax][:1]:
            out.append(_heading("Fails:", example))
            out += _indent(example.source)
            for expect in example.expect:
                out.append(f"  -> {expect.line}:{expect.column}: {expect.code or rule.code} ...{expect.message}...")
            if example.fixed:
                out.append(f"  `flowlint check --fix` writes {example.fixed[1]} for {example.fixed[0]}")
            out.append("")
        for example in [e for e in rule.VALID if e.syntax == syntax][:1]:
            out.append(_heading("Passes:", example))
            out += _indent(example.source)
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _heading(label: str, example: Example) -> str:
    return label + (f" ({example.title})" if example.title else "")


def _indent(source: str) -> list[str]:
    return ["    " + line if line else "" for line in source.rstrip("\n").split("\n")]
