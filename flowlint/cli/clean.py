"""`flowlint clean`: remove the result cache of the project that holds a path (default `.`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from flowlint.cli.common import EXIT_OK, EXIT_USAGE

__all__ = ["clean"]


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path), default=Path("."))
def clean(path: Path) -> None:
    """Remove the result cache (`.flowlint_cache/` beside the configuration, or `cache_dir`).

    PATH picks the project, as for `flowlint check` (default: the current folder).
    """
    from flowlint.core.errors import FlowlintError
    from flowlint.lint.cache import cache_root, default_cache_dir, remove_cache
    from flowlint.lint.config import load_config

    try:
        config = load_config(path)
        folder = default_cache_dir(config)
        removed = remove_cache(folder, cache_root(config))
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        sys.exit(EXIT_USAGE)
    except OSError as error:
        click.echo(f"flowlint: {folder}: cannot be removed: {error.strerror or error}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"flowlint: removed {folder}" if removed else f"flowlint: no cache at {folder}", err=True)
    sys.exit(EXIT_OK)
