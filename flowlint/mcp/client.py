"""Capture through an MCP server: run every definition test as a `tools/call` (or `resources/read`).

The server runs the definitions' handlers, so the records hold post-handler data (`rawData=False`),
which is what output schemas describe. Every request has a timeout (the handshake at least
`HANDSHAKE_SECONDS`: starting the server is not a test's call); on expiry the MCP SDK sends
`notifications/cancelled` and the test fails with a clear reason. A server that hangs, crashes or
answers garbage ends in per-test failures, never in a hung flowlint.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from flowlint.capture.request import RequestSkip, referenced_server_params, test_values
from flowlint.capture.runner import CaptureInputs, CaptureOptions, CaptureResult, capture_inputs
from flowlint.captures.records import CapturedResponse, CaptureRecord, Outcome
from flowlint.captures.redact import Redactor
from flowlint.captures.store import make_run_dir, now, write_metrics, write_record
from flowlint.core.errors import FlowlintError, UsageError
from flowlint.core.fileio import printable
from flowlint.definition.loading import LoadedFile
from flowlint.definition.model import Tool
from flowlint.mcp.relay import RELAY_PREFIX
from flowlint.mcp.schema import mcp_tool_name, query_uri

if TYPE_CHECKING:
    from flowlint.capture.progress import Progress


@dataclass(frozen=True, slots=True)
class _Call:
    loaded: LoadedFile
    tool: Tool
    index: int
    description: str | None
    arguments: dict[str, Any] | None  # None: nothing to call (`skip` says why)
    skip: str | None = None

    @property
    def namespace(self) -> str:
        return self.loaded.namespace


def capture_via_mcp(paths: Sequence[str | Path], options: CaptureOptions) -> CaptureResult:
    """Start `options.via_mcp` as an MCP server over stdio and record every test of the definitions
    under `paths`: HTTP capture's options (output, timeout, delay, env files, progress) and result
    (records, counts, `summary()`).

    Tool names map to `{toolName}_{namespace}` (FlowMCP's naming), else to the bare tool name when
    the server lists it; `options.mcp_tools` overrides both, keyed by `namespace.toolName`, `toolName`
    or, for resource queries, `namespace.resource.query` / `resource.query` (a mapped query is called
    as a tool, an unmapped one is read as `flowmcp://{namespace}/{resource}/{query}?...`).

    Records go to `output/{timestamp}/{namespace}/{toolName}-{i}.json`, plus a `metrics.json` per
    namespace. Raises `UsageError` for a bad command or path; server failures become failed tests.
    """
    argv = shlex.split(options.via_mcp or "")
    if not argv:
        raise UsageError("--via-mcp: empty server command")
    if options.timeout <= 0:
        raise UsageError("timeout must be positive")
    started = time.monotonic()
    inputs = capture_inputs(paths, options)
    calls = _calls([item for item in inputs.loaded if item.definition is not None])
    result = CaptureResult(run_dir=make_run_dir(options.output), definitions=inputs.loaded, via="MCP")
    redactor = _redactor(inputs, argv[1:])
    from flowlint.capture.progress import Progress

    shown = Progress(len(calls), options.progress_stream, options.progress)  # bar, lines or quiet
    import anyio

    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as errlog:
        session = _Session(argv, calls, options, errlog, result, redactor, shown)
        try:
            anyio.run(session.run)
        finally:
            shown.close()
    if result.server_error is not None:  # printed on stderr: it may quote the server's stderr
        result.server_error = redactor.text(result.server_error)
    # the program only: the rest of a command line may hold a key (`--api-key sk_...`)
    write_metrics(result.run_dir, result.records, {"source": "mcp", "server": redactor.text(argv[0])})
    result.wall_time = time.monotonic() - started
    return result


def _redactor(inputs: CaptureInputs, arguments: list[str]) -> Redactor:
    """The values the server can see and echo (in results, in errors or on stderr): every server param
    the definitions refer to, from the environment and the env files, and every argument of its
    command line (`--api-key sk_...`: which argument is a key cannot be told, so none is shown)."""
    names: set[str] = set()
    for item in inputs.loaded:
        if item.definition is not None:
            names |= referenced_server_params(item.definition)
    return Redactor({name: inputs.env[name] for name in names if inputs.env.get(name)}, arguments=arguments)


def _calls(definitions: list[LoadedFile]) -> list[_Call]:
    calls = []
    for loaded in definitions:
        assert loaded.definition is not None
        for tool in loaded.definition.tools:
            for test in tool.tests:
                arguments: dict[str, Any] | None = None
                skip: str | None = "the test is not an object"
                if test.obj is not None:
                    try:  # as HTTP capture reads them: a value that is not static data is not sent
                        values = test_values(tool, test.index)
                    except RequestSkip as reason:
                        skip = str(reason)
                    else:
                        arguments = {k: v for k, v in values.items() if not str(k).startswith("_")}
                        skip = None
                calls.append(_Call(loaded, tool, test.index, test.description, arguments, skip))
    return calls


HANDSHAKE_SECONDS = 60.0
"""The least time the server gets to start and answer `initialize` and `tools/list`: `--timeout` bounds
each test's call, but a server on a busy machine (a Python import, an `npx` install) may take longer
than one call to start. A server that never answers still ends in per-test failures."""


class _Session:
    """One server process and the calls made through it."""

    def __init__(
        self,
        argv: list[str],
        calls: list[_Call],
        options: CaptureOptions,
        errlog: TextIO,
        result: CaptureResult,
        redactor: Redactor,
        progress: Progress,
    ) -> None:
        self.redactor = redactor
        self.progress = progress
        self.argv = argv
        self.calls = calls
        self.folder = result.run_dir
        self.tool_map = options.mcp_tools
        self.timeout = options.timeout
        self.delay = options.delay
        self.errlog = errlog
        self.result = result
        self.dead: str | None = None  # set once the server is gone: later calls fail without waiting

    async def run(self) -> None:
        import anyio
        from mcp import ClientSession, StdioServerParameters, stdio_client

        relay = "flowlint.mcp.relay"
        if shutil.which(self.argv[0]) is None:
            missing = f"cannot start the MCP server `{self.argv[0]}`: not found or not executable"
            self.dead = self.result.server_error = missing
            for call in self.calls:
                self._fail(call, self._target(call, set()), missing, None)
            return
        # The server's stdout goes through the relay, which turns an answer that is not strict UTF-8
        # JSON into an error for its request: the SDK would stop reading, or wait for the timeout.
        parameters = StdioServerParameters(command=sys.executable, args=["-m", relay, *self.argv])
        done = 0
        try:
            async with stdio_client(parameters, errlog=self.errlog) as (read, write):
                handshake = max(self.timeout, HANDSHAKE_SECONDS)  # each call passes its own timeout
                async with ClientSession(read, write, read_timeout_seconds=handshake) as session:
                    try:
                        await session.initialize()
                        listed = await self._list_tools(session)
                    except Exception as error:
                        self.dead = "the MCP handshake failed: " + self._describe(error, "initialize", handshake)
                        listed = set()
                    for position, call in enumerate(self.calls):
                        if position and self.delay > 0 and self.dead is None:
                            await anyio.sleep(self.delay)
                        await self._run_call(session, call, listed)
                        done += 1
        except OSError as error:
            self.dead = f"cannot start the MCP server `{self.argv[0]}`: {error.strerror or error}"
        except Exception as error:
            self.dead = self.dead or f"the MCP session ended: {self._describe(error, 'session')}"
        if self.dead is not None and not self.result.records:
            self.result.server_error = self.dead
        for call in self.calls[done:]:
            self._fail(call, self._target(call, set()), self.dead or "the MCP session ended early", None)

    async def _list_tools(self, session: Any) -> set[str]:
        names: set[str] = set()
        cursor: str | None = None
        for _ in range(100):  # a server that pages forever must not hold us
            from mcp.types import PaginatedRequestParams

            page = await session.list_tools(params=PaginatedRequestParams(cursor=cursor) if cursor else None)
            names.update(tool.name for tool in page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
        return names

    def _mapped(self, call: _Call) -> str | None:
        keys = (f"{call.namespace}.{call.tool.label}", call.tool.label)
        return next((self.tool_map[key] for key in keys if key in self.tool_map), None)

    def _target(self, call: _Call, listed: set[str]) -> str:
        mapped = self._mapped(call)
        if mapped is not None:
            return mapped
        if call.tool.kind == "query":
            return query_uri(call.namespace, call.tool, call.arguments)
        preferred = mcp_tool_name(call.namespace, call.tool.name)
        if preferred not in listed and call.tool.name in listed:
            return call.tool.name
        return preferred

    async def _run_call(self, session: Any, call: _Call, listed: set[str]) -> None:
        target = self._target(call, listed)
        if call.arguments is None:
            self._record(call, target, "skipped", call.skip or "the test is not an object", None, None)
            return
        if self.dead is not None:
            self._fail(call, target, self.dead, None)
            return
        as_tool = call.tool.kind == "tool" or self._mapped(call) is not None
        if as_tool and target not in listed:
            tried = self._mapped(call) or f"{mcp_tool_name(call.namespace, call.tool.name)} or {call.tool.name}"
            self._fail(
                call,
                target,
                f"the server lists no tool {tried}; map it explicitly "
                f"({call.namespace}.{call.tool.label}=SERVER_TOOL_NAME)",
                None,
            )
            return

        self.progress.start(f"{call.namespace}.{call.tool.label}#{call.index}")
        started = time.perf_counter()
        try:
            if as_tool:
                response = await session.call_tool(target, call.arguments, read_timeout_seconds=self.timeout)
                elapsed = (time.perf_counter() - started) * 1000
                data, error = _tool_data(response, self.redactor)
            else:
                from mcp import types

                request = types.ReadResourceRequest(params=types.ReadResourceRequestParams(uri=target))
                read = await session.send_request(
                    request, types.ReadResourceResult, request_read_timeout_seconds=self.timeout
                )
                elapsed = (time.perf_counter() - started) * 1000
                data, error = _resource_data(read)
        except Exception as failure:
            elapsed = (time.perf_counter() - started) * 1000
            self._fail(call, target, self._describe(failure, target), elapsed)
            return
        if error is not None:
            self._fail(call, target, error, elapsed)
            return
        try:
            self._record(call, target, "ok", None, data, elapsed)
        except (ValueError, RecursionError) as problem:  # ValidationError and UnicodeEncodeError included
            self._fail(call, target, f"the answer cannot be stored as JSON ({type(problem).__name__})", elapsed)

    def _line(self, text: str) -> str:
        """The first line of a server's text, redacted before it is cut (a cut secret is still one)."""
        return _first_line(self.redactor.text(text))

    def _describe(self, error: BaseException, what: str, seconds: float | None = None) -> str:
        from mcp.shared.exceptions import MCPError

        if isinstance(error, TimeoutError):  # anyio.fail_after
            return f"no answer from {what} within {self.timeout:g}s"
        if isinstance(error, MCPError):
            code = error.error.code
            if error.error.message.startswith(RELAY_PREFIX):
                return self.redactor.text(error.error.message.removeprefix(RELAY_PREFIX))
            if "timed out" in error.error.message:
                return f"no answer from {what} within {seconds or self.timeout:g}s (request cancelled)"
            if "onnection closed" in error.error.message:
                self.dead = "the MCP server exited" + self._stderr_tail()
                return self.dead
            return f"the server answered error {code}: {self._line(error.error.message)}"
        if type(error).__name__ == "ValidationError":
            return f"the server answered something that is not a valid MCP result: {self._line(str(error))}"
        return f"{type(error).__name__}: {self._line(str(error))}"

    def _stderr_tail(self) -> str:
        try:
            self.errlog.seek(0)
            lines = [line.strip() for line in self.errlog.read().splitlines() if line.strip()]
        except (OSError, ValueError):
            return ""
        return f" (stderr: {self.redactor.text(lines[-1])[:200]})" if lines else ""

    def _fail(self, call: _Call, target: str, reason: str, elapsed: float | None) -> None:
        self._record(call, target, "failed", reason, None, elapsed)

    def _record(
        self, call: _Call, target: str, outcome: Outcome, reason: str | None, data: Any, elapsed: float | None
    ) -> None:
        status = outcome == "ok"
        record = CaptureRecord(
            namespace=call.namespace,
            toolName=call.tool.label,
            testIndex=call.index,
            _description=call.description,
            userParams=call.arguments or {},
            responseTime=round(elapsed, 1) if elapsed is not None else None,
            timestamp=now(),
            response=CapturedResponse(
                status=status, messages=[] if status else [reason or outcome], data=data if status else None
            ),
            kind="query" if call.tool.kind == "query" else "tool",
            source="mcp",
            method="tools/call" if call.tool.kind == "tool" or self._mapped(call) else "resources/read",
            url=target,
            outcome=outcome,
            reason=reason,
            rawData=False,
            definitionPath=printable(call.loaded.display),
        )
        record = write_record(self.folder, record, self.redactor)
        self.result.records.append(record)
        self.progress.advance(record)


def _tool_data(response: Any, redactor: Redactor) -> tuple[Any, str | None]:
    """(data, error): the structured content, else the text content parsed as JSON when it is JSON."""
    texts = [block.text for block in response.content if getattr(block, "type", None) == "text"]
    if response.is_error:
        return None, "the tool answered isError: " + (_first_line(redactor.text(" ".join(texts))) or "(no message)")
    if response.structured_content is not None:
        return response.structured_content, None
    return _parse_texts(texts)


def _resource_data(response: Any) -> tuple[Any, str | None]:
    texts = [item.text for item in response.contents if isinstance(getattr(item, "text", None), str)]
    if not texts:
        return None, "the resource has no text contents"
    return _parse_texts(texts)


def _parse_texts(texts: list[str]) -> tuple[Any, str | None]:
    """(data, error): the text parsed as JSON with the bounds of an HTTP body (`capture.http`), or the
    text itself when it is not JSON; JSON that cannot be stored (too deep, a lone surrogate escape, a
    number too large) fails the test."""
    from flowlint.capture.http import BodyRejected, bounded_json

    text = "\n".join(texts) if len(texts) != 1 else texts[0]
    try:
        return bounded_json(text)[0], None
    except json.JSONDecodeError:
        return text, None
    except BodyRejected as rejected:
        return None, "the answer's text is JSON that " + rejected.problem


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= 300 else line[:297] + "..."


__all__ = ["FlowlintError", "capture_via_mcp"]
