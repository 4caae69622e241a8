"""MCP commands: `flowlint mock` (an offline MCP server of definitions), `flowlint mcp-tools` (its tools)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from flowlint.cli.common import EXIT_OK, EXIT_USAGE
from flowlint.core.errors import FlowlintError

if TYPE_CHECKING:
    from flowlint.definition.model import Definition

MCP_MISSING = "flowlint: the MCP commands need the MCP SDK: pip install 'flowmcp-lint[mcp]'"


def mcp_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("mcp") is not None


def _load(paths: tuple[Path, ...]) -> list[Definition]:
    """The definitions under `paths`, with `[tool.flowlint]` (exclude) found upward from the first one."""
    from flowlint.definition.loading import load_paths
    from flowlint.lint.config import load_config

    targets = list(paths)
    loaded = load_paths(targets, load_config(targets[0]).exclude)
    definitions = []
    for item in loaded:
        if item.definition is None:
            click.echo(f"flowlint: skipped {item.display}: {item.reason or 'not a tool definition'}", err=True)
        else:
            definitions.append(item.definition)
    if not definitions:
        raise FlowlintError("no tool definitions found in " + ", ".join(str(p) for p in paths))
    return definitions


@click.command()
@click.argument("definitions", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--captures",
    type=click.Path(path_type=Path, file_okay=False),
    help="A capture folder whose records answer matching calls (any depth).",
)
@click.option(
    "--fault",
    default="none",
    show_default=True,
    metavar="KIND",
    help="Inject a fault into every tools/call: none, hang, wedged, slow:<ms>, recover-after:<n>, crash or garbage.",
)
def mock(definitions: tuple[Path, ...], captures: Path | None, fault: str) -> None:
    """Serve DEFINITIONS as an offline MCP server over stdio (until stdin closes).

    Tools are named `{toolName}_{namespace}`; resource queries are resources
    `flowmcp://{namespace}/{resource}/{query}?param=value`. Exit codes: 0 stdin closed, 2 usage error.
    """
    if not mcp_available():
        click.echo(MCP_MISSING, err=True)
        sys.exit(EXIT_USAGE)
    from flowlint.mcp.server import parse_fault, run_mock

    try:
        fault_spec = parse_fault(fault)
        run_mock(_load(definitions), captures, fault_spec)
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        sys.exit(EXIT_USAGE)
    except KeyboardInterrupt:
        pass
    sys.exit(EXIT_OK)


@click.command("mcp-tools")
@click.argument("definitions", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--resources", is_flag=True, help="Also print resources/list and resources/templates/list.")
@click.option(
    "--view",
    type=click.Choice(["runtime", "spec"]),
    default="runtime",
    show_default=True,
    help="runtime: the inputSchema FlowMCP's prepareServerTool registers (every parameter with a z block, "
    "enum text as written); spec: the caller's {{USER_PARAM}} parameters only, as `flowlint mock` lists them.",
)
def mcp_tools(definitions: tuple[Path, ...], resources: bool, view: str) -> None:
    """Print the MCP `tools/list` result for DEFINITIONS: by default what FlowMCP servers register.

    Exit codes: 0 printed, 2 usage error (no definitions found, path missing).
    """
    from flowlint.mcp.schema import list_resources, list_tools

    try:
        loaded = _load(definitions)
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        sys.exit(EXIT_USAGE)
    result: dict[str, object] = {"tools": list_tools(loaded, view)}
    if resources:
        found, templates = list_resources(loaded)
        result["resources"] = found
        result["resourceTemplates"] = templates
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))
    sys.exit(EXIT_OK)
