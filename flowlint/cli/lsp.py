"""`flowlint lsp`: the language server over stdio. pygls is an optional extra (`flowmcp-lint[lsp]`)."""

from __future__ import annotations

import sys

import click

from flowlint.cli.common import EXIT_USAGE


@click.command()
def lsp() -> None:
    """Run the flowlint language server over stdio (needs `pip install 'flowmcp-lint[lsp]'`)."""
    try:
        from flowlint.lsp import serve
    except ImportError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol", "cattrs"):
            raise
        click.echo(
            f"flowlint: the language server needs pygls ({error.name} is not installed); "
            "install it with: pip install 'flowmcp-lint[lsp]'",
            err=True,
        )
        sys.exit(EXIT_USAGE)
    sys.exit(serve())  # 1 when the client sent exit without shutdown, as the specification says
