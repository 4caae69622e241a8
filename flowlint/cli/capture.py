"""`flowlint capture`: map options to the library calls and results to exit codes.

Exit codes: 0 every call ok (skips are not failures) and no verify finding at or above --fail-on;
1 some calls failed, or verify findings at or above --fail-on (warning by default: drift fails, as
`flowlint verify`), or the run was interrupted (Ctrl-C, SIGTERM: metrics.json and the summary
are still written); 2 usage error (a missing path, a bad
--base-url, a missing --env-file or captures folder) or the captures cannot be written (a read-only
folder, a full disk: the run stops and the summary says what was written).

Besides metrics.json, each run folder gets `summary.md`: PASS/FAIL/SKIP per test, in Markdown (also
added to `$GITHUB_STEP_SUMMARY` when GitHub Actions sets it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from flowlint.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, FORMATS, SEVERITIES, interruptible, usage_error

if TYPE_CHECKING:
    from flowlint.capture.runner import CaptureResult


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--output",
    "-o",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("capture"),
    show_default=True,
    help="Folder under which a {timestamp}/ run folder is created.",
)
@click.option(
    "--env-file",
    "env_files",
    multiple=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="File with server params (KEY=VALUE). Default: .env beside the given paths, if present. "
    "Variables already in the environment win.",
)
@click.option(
    "--base-url",
    "base_urls",
    multiple=True,
    metavar="NAMESPACE=URL",
    help="Send this namespace's calls to URL instead of its root (a mock, a staging host).",
)
@click.option(
    "--delay",
    type=click.FloatRange(min=0),
    default=1.0,
    show_default=True,
    help="Seconds between the starts of two calls to the same host.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.001),
    default=30.0,
    show_default=True,
    help="Seconds allowed per request, for the whole exchange (connect, headers, body), and per SQLite query.",
)
@click.option(
    "--concurrency",
    type=click.IntRange(min=1, max=64),
    default=8,
    show_default=True,
    help="Hosts called at the same time (each host's calls stay sequential).",
)
@click.option(
    "--retries",
    type=click.IntRange(min=0, max=10),
    default=2,
    show_default=True,
    help="Retries per test after 429, 5xx and connection errors.",
)
@click.option(
    "--backoff",
    type=click.FloatRange(min=0),
    default=1.0,
    show_default=True,
    help="First backoff in seconds (doubled each retry) when no Retry-After is given.",
)
@click.option(
    "--max-retry-after",
    type=click.FloatRange(min=0),
    default=60.0,
    show_default=True,
    help="Longest Retry-After honoured; a longer one fails the test.",
)
@click.option(
    "--send-invalid",
    is_flag=True,
    help="Also send tests whose values fail their z validation (TST004), which FlowMCP itself would refuse; "
    "their records say so. By default such a test is not sent and fails.",
)
@click.option("--verify", "run_verify", is_flag=True, help="Also compare the captures with the output schemas.")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Format of the --verify report.",
)
@click.option(
    "--fail-on",
    type=click.Choice(SEVERITIES),
    help="With --verify: lowest severity that makes the exit code 1 (default warning: drift fails).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
@click.option(
    "--via-mcp",
    "via_mcp",
    metavar="'COMMAND ...'",
    help="Call the tests through this MCP server (started over stdio) instead of HTTP; the server "
    "runs the handlers, so records hold post-handler data.",
)
@click.option(
    "--mcp-tool",
    "mcp_tools",
    multiple=True,
    metavar="NAMESPACE.TOOL=NAME",
    help="With --via-mcp: the server's name for a tool (default {toolName}_{namespace}).",
)
def capture(
    paths: tuple[Path, ...],
    output: Path,
    env_files: tuple[Path, ...],
    base_urls: tuple[str, ...],
    delay: float,
    timeout: float,
    concurrency: int,
    retries: int,
    backoff: float,
    max_retry_after: float,
    send_invalid: bool,
    run_verify: bool,
    output_format: str,
    fail_on: str | None,
    quiet: bool,
    via_mcp: str | None,
    mcp_tools: tuple[str, ...],
) -> None:
    """Run every test of every tool and store the responses under OUTPUT/{timestamp}/{namespace}/."""
    if mcp_tools and via_mcp is None:
        usage_error("--mcp-tool needs --via-mcp")
    if via_mcp is not None:
        from flowlint.cli.mcp import mcp_available

        if not mcp_available():  # as `flowlint mock` checks it
            usage_error("--via-mcp needs the MCP SDK: pip install 'flowmcp-lint[mcp]'")
    from flowlint.capture.progress import choose_mode
    from flowlint.capture.runner import CaptureOptions, StopNow, parse_base_url
    from flowlint.capture.runner import capture as run_capture
    from flowlint.core.errors import FlowlintError

    stderr = sys.stderr
    try:
        options = CaptureOptions(
            output=output,
            delay=delay,
            timeout=timeout,
            concurrency=concurrency,
            retries=retries,
            backoff=backoff,
            max_retry_after=max_retry_after,
            send_invalid=send_invalid,
            base_urls=dict(parse_base_url(text) for text in base_urls),
            env_files=list(env_files) or None,
            progress=choose_mode(stderr, quiet),
            progress_stream=stderr,
            via_mcp=via_mcp,
            mcp_tools=_tool_map(mcp_tools),
        )
        # SIGTERM (a CI cancel, SIGKILL may follow soon) does not wait for the calls in flight
        with interruptible(on_sigterm=StopNow):
            if via_mcp is not None:
                from flowlint.mcp.client import capture_via_mcp

                result = capture_via_mcp(list(paths), options)
            else:
                result = run_capture(list(paths), options)
    except FlowlintError as error:
        usage_error(str(error))
    except KeyboardInterrupt:  # before the run folder existed: nothing to keep
        click.echo("flowlint: interrupted", err=True)
        sys.exit(EXIT_FINDINGS)
    summary_stream = stderr if run_verify or result.write_error else sys.stdout
    summary_stream.write(result.summary() + "\n")
    _write_markdown_summary(result)
    if result.write_error is not None:
        sys.exit(EXIT_USAGE)
    failed = result.failed or result.interrupted or result.unloadable or result.server_error
    code = EXIT_FINDINGS if failed else EXIT_OK
    if run_verify:
        code = max(code, _verify_run(list(paths), result.run_dir, fail_on, output_format))
    sys.exit(code)


def _write_markdown_summary(result: CaptureResult) -> None:
    """`summary.md` in the run folder, and the same in `$GITHUB_STEP_SUMMARY` when set: the counts, then
    PASS (an answer), FAIL (the call failed) or SKIP per test. A summary that cannot be written is a
    warning: the records and metrics.json are what the run is for."""
    from flowlint.core.errors import FileProblem
    from flowlint.core.fileio import atomic_write
    from flowlint.lint.overview import TestRow, markdown_tests
    from flowlint.lint.reporters import write_step_summary

    verdicts = {"ok": "PASS", "failed": "FAIL", "skipped": "SKIP"}
    rows = [
        TestRow(
            namespace=record.namespace,
            tool=record.toolName,
            test_index=record.testIndex,
            verdict=verdicts.get(record.outcome, record.outcome.upper()),
            detail=record.reason
            or (f"HTTP {record.httpStatus}" if record.httpStatus is not None else record.source)
            + (f", {record.responseTime:.0f} ms" if record.responseTime is not None else ""),
        )
        for record in result.records
    ]
    counts = [("passed", result.ok), ("failed", result.failed), ("skipped", result.skipped)]
    if result.not_run:
        counts.append(("not run", result.not_run))
    verdict = "FAIL" if result.failed or result.interrupted or result.unloadable else "PASS"
    text = markdown_tests(f"flowlint capture: {verdict}", rows, counts)
    if result.records and result.write_error is None:
        try:
            atomic_write(result.run_dir / "summary.md", text.encode("utf-8"))
        except FileProblem as error:
            click.echo(f"flowlint: warning: summary.md not written: {error}", err=True)
    write_step_summary(lambda: text)


def _tool_map(mcp_tools: tuple[str, ...]) -> dict[str, str]:
    """`--mcp-tool NAMESPACE.TOOL=NAME` options as a map; a usage error for a malformed one."""
    tool_map: dict[str, str] = {}
    for item in mcp_tools:
        key, sep, name = item.partition("=")
        if not sep or not key.strip() or not name.strip():
            usage_error(f"--mcp-tool '{item}': expected NAMESPACE.TOOL=SERVER_TOOL_NAME")
        tool_map[key.strip()] = name.strip()
    return tool_map


def _verify_run(paths: list[Path], run_dir: Path, fail_on: str | None, output_format: str) -> int:
    """`--verify`: what `flowlint verify PATHS --captures RUN_DIR` does, exit code included: the report,
    and a failure with the reason when nothing at all could be verified."""
    from flowlint.cli.verify import write_verification
    from flowlint.core.severity import Severity
    from flowlint.verify import verify_folder

    outcome = verify_folder(paths or [Path(".")], run_dir, fail_on=Severity(fail_on) if fail_on else None)
    write_verification(outcome, output_format)
    if outcome.nothing_verified is not None:
        click.echo(f"flowlint: nothing verified: {outcome.nothing_verified}", err=True)
        return EXIT_FINDINGS
    click.echo(f"flowlint: {outcome.compared_line()}", err=True)
    return EXIT_FINDINGS if outcome.result.failed() else EXIT_OK
