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
    from flowlint.definition.loading import LoadedFile
    from flowlint.definition.model import Definition
    from flowlint.lint.config import ConfigResolver

MCP_MISSING = "flowlint: the MCP commands need the MCP SDK: pip install 'flowmcp-lint[mcp]'"


def mcp_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("mcp") is not None


def _load(paths: tuple[Path, ...]) -> list[Definition]:
    """The definitions under `paths`, each folder walked with its own `[tool.flowlint]` (exclude)."""
    from flowlint.lint.config import ConfigResolver

    return [item.definition for item in _load_files(paths, ConfigResolver()) if item.definition is not None]


def _load_files(paths: tuple[Path, ...], resolver: ConfigResolver) -> list[LoadedFile]:
    """The loaded files under `paths` that hold a definition (the others are named on stderr), found as
    `check` finds them: each folder walked with the exclude patterns of its own configuration."""
    from flowlint.definition.loading import load_found

    found = []
    for item in load_found(resolver.discover(list(paths))):
        if item.definition is None:
            click.echo(f"flowlint: skipped {item.display}: {item.reason or 'not a tool definition'}", err=True)
        else:
            found.append(item)
    if not found:
        raise FlowlintError("no tool definitions found in " + ", ".join(str(p) for p in paths))
    return found


def _not_built(files: list[LoadedFile], resolver: ConfigResolver) -> set[tuple[int, str]]:
    """(id of the definition, tool name) of every tool that FlowMCP's runtime cannot build (a finding
    whose consequence is "tool not built"): prepareServerTool throws for it, so no MCP client sees it.
    Each is named on stderr with the finding that says why.

    The runtime reads no `[tool.flowlint]`: a user's rule selection (`select`, `ignore`, per-file-ignores)
    does not build a tool, and the runtime of the generation each file declares is the one that builds it
    (`spec_version` is not read either, as `list_tools` serves the declared generation). So each file is
    checked with flowlint's defaults, and only with its own configuration's shared lists (`lists_dir`); its
    `flowlint: ignore` comments silence nothing."""
    from flowlint.core.consequence import Consequence
    from flowlint.lint.config import Config
    from flowlint.lint.engine import Engine

    engines: dict[Path | None, Engine] = {}
    skipped: set[tuple[int, str]] = set()
    for item in files:
        assert item.definition is not None
        lists = resolver.for_file(item.path).lists_dir
        engine = engines.get(lists)
        if engine is None:
            engine = engines[lists] = Engine(Config(lists_dir=lists), suppressions=False)
        for diagnostic in engine.lint_loaded(item).diagnostics:
            key = (id(item.definition), diagnostic.tool or "")
            if diagnostic.consequence != Consequence.NOT_BUILT.value or not diagnostic.tool or key in skipped:
                continue
            skipped.add(key)
            click.echo(
                f"flowlint: not listed: tool {diagnostic.tool} of {item.display}: the runtime cannot build it "
                f"({diagnostic.code} line {diagnostic.line}: {diagnostic.message})",
                err=True,
            )
    return skipped


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

    In the runtime view a tool the runtime cannot build (`flowlint check` says "tool not built", whatever
    the configuration's rule selection) is not listed, and stderr names it with the reason. Exit codes:
    0 printed, 2 usage error (no definitions found, path missing).
    """
    from flowlint.lint.config import ConfigResolver
    from flowlint.mcp.schema import list_resources, list_tools

    resolver = ConfigResolver()  # each configuration file read once: for the walk and for the check
    try:
        files = _load_files(definitions, resolver)
        not_built = _not_built(files, resolver) if view == "runtime" else set()
    except FlowlintError as error:
        click.echo(f"flowlint: {error}", err=True)
        sys.exit(EXIT_USAGE)
    loaded = [item.definition for item in files if item.definition is not None]
    result: dict[str, object] = {"tools": list_tools(loaded, view, not_built)}
    if resources:
        found, templates = list_resources(loaded)
        result["resources"] = found
        result["resourceTemplates"] = templates
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))
    sys.exit(EXIT_OK)
