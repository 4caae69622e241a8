"""`flowlint rules [CODE]`: the rule table, or one rule's documentation with its examples."""

from __future__ import annotations

import click

from flowlint.cli.common import usage_error


@click.command()
@click.argument("code", required=False)
def rules(code: str | None) -> None:
    """List the rules, or explain one (`flowlint rules TST004`)."""
    from flowlint.lint.docs import rule_doc, rules_table
    from flowlint.lint.registry import rule_for

    if code is None:
        click.echo(rules_table())
        return
    rule = rule_for(code)
    if rule is None:
        usage_error(f"unknown rule code '{code}' (run `flowlint rules` for the list)")
    click.echo(rule_doc(rule))
