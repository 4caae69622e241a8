"""`python -m flowlint` runs the CLI."""

from flowlint.cli import run

run()
