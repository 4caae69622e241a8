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
    "rule": "flowlint.cli.rules:rule",
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

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """As click's, but an unknown command names the closest known one (`flowlint rle` -> `rule`)."""
        name = click.utils.make_str(args[0]) if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1, cutoff=0.5)
            hint = f" Did you mean '{close[0]}'?" if close else ""
            ctx.fail(f"No such command '{name}'.{hint} (Commands: {', '.join(self.list_commands(ctx))}.)")
        return super().resolve_command(ctx, args)

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
