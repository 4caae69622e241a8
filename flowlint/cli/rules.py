"""`flowlint rules [CODE]`: the rule table, or one rule's documentation with its examples; `flowlint rule
CODE` (ruff's verb) explains one rule the same way."""

from __future__ import annotations

import click

from flowlint.cli.common import usage_error


@click.command()
@click.argument("code", required=False)
def rules(code: str | None) -> None:
    """List the rules, or explain one (`flowlint rules TST004`)."""
    if code is None:
        from flowlint.lint.docs import rules_table

        click.echo(rules_table())
        return
    _explain(code)


@click.command()
@click.argument("code")
def rule(code: str) -> None:
    """Explain one rule, with its examples (`flowlint rule TST004`; `flowlint rules` lists them all)."""
    _explain(code)


def _explain(code: str) -> None:
    from flowlint.lint.docs import rule_doc
    from flowlint.lint.registry import rule_for

    found = rule_for(code)
    if found is None:
        usage_error(f"unknown rule code '{code}' (run `flowlint rules` for the list)")
    from flowlint.lint.pages import RULE_PAGES, rule_page_file, rule_web_url

    page = rule_web_url(found.code) or rule_page_file(found.code) or f"{RULE_PAGES}/{found.code}.md"
    click.echo(rule_doc(found) + f"\nDocumentation: {page}\n")
