"""The command line: a click group whose commands live in their own modules, imported only when used.

Each command module turns options into a plain value, calls the library and maps the result to an
exit code (`flowlint.cli.common`). `flowlint check` never imports capture, schema or MCP code.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

from flowlint.core.version import __version__

__all__ = ["COMMANDS", "main"]

# Every command: name -> "module:attribute".
COMMANDS: dict[str, str] = {
    "check": "flowlint.cli.check:check",
    "rules": "flowlint.cli.rules:rules",
    "capture": "flowlint.cli.capture:capture",
    "verify": "flowlint.cli.verify:verify",
    "schema": "flowlint.cli.schema:schema",
    "lsp": "flowlint.cli.lsp:lsp",
    "mock": "flowlint.cli.mcp:mock",
    "mcp-tools": "flowlint.cli.mcp:mcp_tools",
    "clean": "flowlint.cli.clean:clean",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use, so `flowlint check` starts fast."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if _available(name))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS or not _available(name):
            return None
        module_name, attribute = COMMANDS[name].split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command)
        return command


def _available(name: str) -> bool:
    return importlib.util.find_spec(COMMANDS[name].split(":")[0]) is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="flowlint")
def main() -> None:
    """Lint FlowMCP definitions and their embedded tests (TST001-TST008).

    Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 usage or configuration error.
    """
