"""`flowlint mock`: serve definitions' tools and resource queries as an offline MCP server over stdio.

One JSON-RPC message per line (MCP's stdio transport). Requests are answered from captures when
the arguments match, else from another capture of the tool, else from an example built from the
output schema. A faulty (hanging or slow) `tools/call` is kept as a pending entry that one waiter
thread answers when it is due, so it never blocks `ping` or `notifications/cancelled` and costs no
thread of its own; the server exits as soon as its stdin closes.

Hostile input never stops the server: a line that is not strict JSON (not UTF-8, a lone surrogate,
NaN or Infinity, a number too large to convert, nesting too deep to parse) is answered with -32700
Parse error, and a JSON value that is not a request with -32600 Invalid Request, both with `id: null`;
so is a line over `MAX_LINE_BYTES`, which is skipped to its newline without being held in memory. A
message without `"jsonrpc": "2.0"` is -32600 too (with its id when it has a valid one). An argument
that is an integer too large for a JavaScript number is refused naming its size, never shown as the
`Infinity` the runtime would read.
"""

from __future__ import annotations

import heapq
import itertools
import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from flowlint.captures.records import CaptureRecord, read_records
from flowlint.core.errors import UsageError
from flowlint.core.strictjson import JsonRejected, loads_bounded
from flowlint.core.version import __version__
from flowlint.definition.model import Definition, Tool
from flowlint.mcp.schema import (
    check_arguments,
    coerce_uri_argument,
    example_from_schema,
    list_resources,
    list_tools,
    mcp_tool_name,
    output_schema,
    parse_query_uri,
)

SUPPORTED_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
_DATED_VERSION = re.compile(r"^\d{4}-\d{2}-\d{2}$")
HANG_LIMIT = 3600.0  # a hanging call still ends eventually, so no thread outlives a forgotten client

MAX_LINE_BYTES = 16 * 1024 * 1024
"""The longest message line read; a longer one is skipped to its newline and answered -32600."""

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
RESOURCE_NOT_FOUND = -32002

FAULT_HELP = "none, hang, wedged, slow:<ms>, recover-after:<n>, crash or garbage"
FAULT_ARGUMENT_MAX = 3_600_000  # slow:<ms> up to an hour, recover-after:<n> up to this many calls


@dataclass(frozen=True, slots=True)
class Fault:
    """A fault injected into every `tools/call` (seed 004); other methods are unaffected.

    `crash` exits the process on the first call and `garbage` answers calls with a line that is not
    JSON: both exist to test clients (such as `capture --via-mcp`) against broken servers.
    """

    kind: str = "none"
    value: int = 0

    def hangs(self, call_number: int) -> bool:
        if self.kind in ("hang", "wedged"):
            return True
        return self.kind == "recover-after" and call_number <= self.value


def parse_fault(text: str) -> Fault:
    name, _, argument = text.strip().partition(":")
    name = name.lower()
    if name in ("none", "hang", "wedged", "crash", "garbage") and not argument:
        return Fault(name)
    argument = argument.strip()
    if name in ("slow", "recover-after") and argument:
        # Bounded before int(): a 5,000-digit argument is a usage error, not a ValueError traceback.
        if not (argument.isascii() and argument.isdigit()) or len(argument) > len(str(FAULT_ARGUMENT_MAX)):
            raise UsageError(f"--fault {text!r}: {name} takes a whole number from 0 to {FAULT_ARGUMENT_MAX}")
        value = int(argument)
        if value > FAULT_ARGUMENT_MAX:
            raise UsageError(f"--fault {text!r}: {name} takes a whole number from 0 to {FAULT_ARGUMENT_MAX}")
        return Fault(name, value)
    raise UsageError(f"--fault {text!r}: expected one of {FAULT_HELP}")


@dataclass(frozen=True, slots=True)
class _Target:
    namespace: str
    tool: Tool
    label: str  # how messages name it: the MCP tool name, or the resource URI


def load_captures(folder: Path) -> list[CaptureRecord]:
    """Every successful record under `folder` (failed and skipped calls are no answer to replay); files
    that are not records are passed over: not every JSON file under a captures folder has to be one."""
    if not folder.is_dir():
        raise UsageError(f"--captures {folder}: no such folder")
    records, _problems = read_records(folder)
    return [record for record in records if record.outcome == "ok" and record.response.status]


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


class MockServer:
    """The mock's state and its JSON-RPC dispatch; `serve` runs it over a pair of byte streams."""

    def __init__(
        self,
        definitions: list[Definition],
        records: list[CaptureRecord] | None = None,
        fault: Fault | None = None,
        name: str = "flowlint-mock",
    ) -> None:
        self.fault = fault or Fault()
        self.name = name
        self.tools_result = {"tools": list_tools(definitions)}
        resources, templates = list_resources(definitions)
        self.resources_result = {"resources": resources}
        self.templates_result = {"resourceTemplates": templates}
        self._tools: dict[str, _Target] = {}
        self._queries: dict[tuple[str, str], _Target] = {}
        for definition in definitions:
            namespace = definition.namespace or ""
            for tool in definition.tools:
                if tool.kind == "tool":
                    mcp_name = mcp_tool_name(namespace, tool.name)
                    self._tools.setdefault(mcp_name, _Target(namespace, tool, f"tool '{mcp_name}'"))
                else:
                    self._queries.setdefault(
                        (namespace, tool.label), _Target(namespace, tool, f"resource query '{tool.label}'")
                    )
        self._records: dict[tuple[str, str], list[CaptureRecord]] = {}
        for record in records or []:
            self._records.setdefault((record.namespace, record.toolName), []).append(record)
        self._out: IO[bytes] | None = None
        self._write_lock = threading.Lock()
        self._closing = threading.Event()
        self._calls = 0
        # Faulty calls waiting to be answered: one heap ordered by due time, one waiter thread.
        self._pending: dict[object, list[_Pending]] = {}  # by id: a client may reuse one
        self._due: list[tuple[float, int, _Pending]] = []
        self._order = itertools.count()
        self._condition = threading.Condition()
        self._waiter: threading.Thread | None = None

    # ------------------------------------------------------------------ transport

    def serve(self, stdin: IO[bytes], stdout: IO[bytes]) -> None:
        """Answer messages from `stdin` until it closes."""
        self._out = stdout
        try:
            while line := stdin.readline(MAX_LINE_BYTES + 1):
                if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                    # Never hold a line over the limit: skip to its end (the next message) and say so.
                    while line and not line.endswith(b"\n"):
                        line = stdin.readline(MAX_LINE_BYTES + 1)
                    message = f"Invalid request: a message is at most {MAX_LINE_BYTES:,} bytes; this line was skipped"
                    self._send(_error(None, INVALID_REQUEST, message))
                elif line.strip():
                    self._receive(line)
        finally:
            # Stdin closed: faulty calls stop waiting; a call already computing still answers.
            self._closing.set()
            with self._condition:
                self._condition.notify_all()
            if self._waiter is not None:
                self._waiter.join(timeout=2.0)

    def _send(self, message: dict[str, Any] | list[dict[str, Any]]) -> None:
        self._send_bytes(_encode(message))

    def _send_bytes(self, data: bytes) -> None:
        assert self._out is not None
        with self._write_lock:
            try:
                self._out.write(data)
                self._out.flush()
            except (BrokenPipeError, ValueError, OSError):
                self._closing.set()  # the client went away; nothing left to answer

    def _reply(self, answer: dict[str, Any] | None) -> None:
        if answer is not None:
            self._send(answer)

    def _receive(self, line: bytes) -> None:
        try:
            message = _strict_loads(line)
        except _NotStrictJson as problem:
            self._send(_error(None, PARSE_ERROR, f"Parse error: {problem}"))
            return
        if isinstance(message, list):  # JSON-RPC batch (2025-03-26): one array answers it
            if not message:
                self._send(_error(None, INVALID_REQUEST, "Invalid request: an empty batch"))
                return
            batch = _Batch(len(message), self._send)
            for item in message:
                self._dispatch(item, batch.deliver)
            batch.deliver(None)  # the reader's own share: the answer goes out once every item is in
            return
        self._dispatch(message, self._reply)

    def _dispatch(self, message: object, reply: Callable[[dict[str, Any] | None], None]) -> None:
        """Handle one message; `reply` is called exactly once, with its answer or None for none."""
        if not isinstance(message, dict) or not isinstance(message.get("method"), str):
            if isinstance(message, dict) and ("result" in message or "error" in message):
                reply(None)  # a response to a request we never sent; nothing to do
                return
            request_id = message.get("id") if isinstance(message, dict) else None
            reply(
                _error(
                    request_id if _valid_id(request_id) else None,
                    INVALID_REQUEST,
                    "Invalid request: expected a JSON-RPC 2.0 object with a string 'method'",
                )
            )
            return
        if message.get("jsonrpc") != "2.0":  # JSON-RPC 2.0 requires it, and MCP is JSON-RPC 2.0
            request_id = message.get("id")
            reply(
                _error(
                    request_id if _valid_id(request_id) else None,
                    INVALID_REQUEST,
                    'Invalid request: "jsonrpc" must be "2.0"',
                )
            )
            return
        method: str = message["method"]
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        if "id" not in message:
            self._notification(method, params)
            reply(None)
            return
        request_id = message["id"]
        if not _valid_id(request_id):
            reply(_error(None, INVALID_REQUEST, "Invalid request: 'id' must be a string, a number or null"))
            return
        if method == "tools/call":
            self._start_call(request_id, params, reply)
            return
        reply(self.answer(request_id, method, params))

    def _notification(self, method: str, params: dict[str, Any]) -> None:
        if method == "notifications/cancelled":
            with self._condition:
                cancelled = self._pending.pop(_id_key(params.get("requestId")), [])
                for pending in cancelled:
                    pending.cancelled = True
            for pending in cancelled:
                pending.reply(None)  # MCP: no response to a cancelled request
        # notifications/initialized and any other notification need no answer

    # ------------------------------------------------------------------ tools/call with faults

    def _start_call(
        self, request_id: object, params: dict[str, Any], reply: Callable[[dict[str, Any] | None], None]
    ) -> None:
        self._calls += 1
        number = self._calls
        if self.fault.kind == "crash":
            sys.stderr.write("flowlint mock: --fault crash: exiting on the first tools/call\n")
            sys.stderr.flush()
            os._exit(3)
        if self.fault.kind == "garbage":
            self._send_bytes(b"this is not JSON-RPC {\n")
            reply(None)
            return
        wait = (
            HANG_LIMIT if self.fault.hangs(number) else (self.fault.value / 1000 if self.fault.kind == "slow" else 0.0)
        )
        if not wait:
            reply(self.call_tool(request_id, params))
            return
        pending = _Pending(request_id, params, reply)
        with self._condition:
            self._pending.setdefault(_id_key(request_id), []).append(pending)
            heapq.heappush(self._due, (time.monotonic() + wait, next(self._order), pending))
            if self._waiter is None:
                self._waiter = threading.Thread(target=self._wait_for_due_calls, daemon=True)
                self._waiter.start()
            self._condition.notify()

    def _wait_for_due_calls(self) -> None:
        """The one waiter thread: answer each pending call when it is due, until the server closes."""
        while True:
            with self._condition:
                while not self._closing.is_set():
                    while self._due and self._due[0][2].cancelled:
                        heapq.heappop(self._due)
                    if self._due and self._due[0][0] <= time.monotonic():
                        break
                    self._condition.wait(self._due[0][0] - time.monotonic() if self._due else None)
                if self._closing.is_set():
                    return  # shutting down: calls still waiting get no answer
                _, _, pending = heapq.heappop(self._due)
                same_id = self._pending.get(_id_key(pending.request_id), [])
                if pending in same_id:
                    same_id.remove(pending)
                if not same_id:
                    self._pending.pop(_id_key(pending.request_id), None)
            pending.reply(self.call_tool(pending.request_id, pending.params))

    # ------------------------------------------------------------------ methods

    def answer(self, request_id: object, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """The response to one request other than `tools/call` (which `call_tool` answers)."""
        handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "initialize": self._initialize,
            "ping": lambda _: {},
            "tools/list": lambda _: self.tools_result,
            "resources/list": lambda _: self.resources_result,
            "resources/templates/list": lambda _: self.templates_result,
        }
        if method == "tools/call":
            return self.call_tool(request_id, params)
        if method == "resources/read":
            return self._read_resource(request_id, params)
        if method == "initialize":
            requested = params.get("protocolVersion")
            if not isinstance(requested, str) or not _DATED_VERSION.match(requested):
                return _error(
                    request_id,
                    INVALID_PARAMS,
                    "Unsupported protocol version",
                    {"supported": list(SUPPORTED_VERSIONS), "requested": requested},
                )
        handler = handlers.get(method)
        if handler is None:
            return _error(request_id, METHOD_NOT_FOUND, f"Method not found: {method}")
        return {"jsonrpc": "2.0", "id": request_id, "result": handler(params)}

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        requested = params.get("protocolVersion")
        # MCP lifecycle: echo a supported version, else offer the newest one we speak.
        version = requested if requested in SUPPORTED_VERSIONS else SUPPORTED_VERSIONS[-1]
        capabilities: dict[str, Any] = {"tools": {"listChanged": False}}
        if self.resources_result["resources"]:
            capabilities["resources"] = {"subscribe": False, "listChanged": False}
        return {
            "protocolVersion": version,
            "capabilities": capabilities,
            "serverInfo": {"name": self.name, "version": __version__},
            "instructions": "An offline flowlint mock of FlowMCP definitions: answers come from "
            "captures or from examples built from output schemas.",
        }

    def call_tool(self, request_id: object, params: dict[str, Any]) -> dict[str, Any]:
        name = params.get("name")
        if not isinstance(name, str):
            return _error(request_id, INVALID_PARAMS, "Invalid params: 'name' must be the tool name, a string")
        target = self._tools.get(name)
        if target is None:
            known = ", ".join(sorted(self._tools)) or "none"
            return _error(
                request_id, INVALID_PARAMS, f"Unknown tool '{name}'. Available tools: {known}", {"tool": name}
            )
        arguments = params.get("arguments")
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            return _error(
                request_id,
                INVALID_PARAMS,
                f"Invalid params: 'arguments' of tool '{name}' must be an object of parameter values",
            )
        problem = _oversized_number(arguments, target.label) or check_arguments(target.tool, arguments, target.label)
        if problem is not None:
            message, data = problem
            return _error(request_id, INVALID_PARAMS, message, dict(data, tool=name))
        data = self._answer_data(target, arguments)
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": False}
        if isinstance(data, dict):
            result["structuredContent"] = data
        return {"jsonrpc": "2.0", "id": request_id, "result": result}

    def _read_resource(self, request_id: object, params: dict[str, Any]) -> dict[str, Any]:
        uri = params.get("uri")
        if not isinstance(uri, str):
            return _error(request_id, INVALID_PARAMS, "Invalid params: 'uri' must be a string")
        parsed = parse_query_uri(uri)
        target = self._queries.get((parsed[0], parsed[1])) if parsed is not None else None
        if parsed is None or target is None:
            return _error(request_id, RESOURCE_NOT_FOUND, "Resource not found", {"uri": uri})
        specs = {key: parameter.z for key, parameter in target.tool.user_parameters.items()}
        try:
            arguments = {key: coerce_uri_argument(text, specs.get(key)) for key, text in parsed[2].items()}
        except (ValueError, RecursionError):  # json.loads: over Python's int digit limit, or nested too deeply
            message = "Invalid params: a value in the URI is a number too long or nested too deeply to read"
            return _error(request_id, INVALID_PARAMS, message, {"uri": uri})
        problem = _oversized_number(arguments, target.label) or check_arguments(target.tool, arguments, target.label)
        if problem is not None:
            message, data = problem
            return _error(request_id, INVALID_PARAMS, message, dict(data, uri=uri))
        text = json.dumps(self._answer_data(target, arguments), ensure_ascii=False)
        return {
            "jsonrpc": "2.0",
            "id": request_id,
            "result": {"contents": [{"uri": uri, "mimeType": "application/json", "text": text}]},
        }

    def _answer_data(self, target: _Target, arguments: dict[str, Any]) -> Any:
        """The capture whose arguments match, else another capture of the tool, else an example."""
        records = self._records.get((target.namespace, target.tool.label), [])
        wanted = _canonical(arguments)
        for record in records:
            if _canonical(record.userParams) == wanted:
                return record.response.data
        if records:
            return records[0].response.data
        schema = output_schema(target.tool)
        if schema is None:
            return {} if target.tool.kind == "tool" else []
        return example_from_schema(schema)


def _oversized_number(arguments: dict[str, Any], tool_label: str) -> tuple[str, dict[str, Any]] | None:
    """An integer argument (at any depth) beyond the largest JavaScript number, worded as check_arguments
    words its problems: the runtime would read it as Infinity, which the message must not pretend was sent."""
    for key, value in arguments.items():
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > sys.float_info.max:
                digits = str(abs(item))  # within Python's int digit limit: the parser refuses longer ones
                shown = f"{'-' if item < 0 else ''}{digits[:8]}…{digits[-4:]}"
                problem = (
                    f"got a number of {len(digits):,} digits ({shown}), too large for a JavaScript number "
                    "(the runtime would read it as Infinity)"
                )
                return f"Invalid parameter '{key}' for {tool_label}: {problem}", {"parameter": key, "problem": problem}
    return None


def _error(request_id: object, code: int, message: str, data: object = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def _id_key(value: object) -> object:
    # JSON-RPC ids are strings or numbers; a cancel may name `1` for request 1 either way.
    return str(value)


@dataclass(slots=True, eq=False)  # compared by identity
class _Pending:
    """A faulty `tools/call` waiting for its due time, its cancellation or the server's shutdown."""

    request_id: object
    params: dict[str, Any]
    reply: Callable[[dict[str, Any] | None], None]
    cancelled: bool = False


class _Batch:
    """Collects a batch's answers and sends them as one JSON array once all `expected` (+1 for the
    reader) have been delivered; notifications and cancelled calls deliver None and get no entry."""

    def __init__(self, expected: int, send: Callable[[list[dict[str, Any]]], None]) -> None:
        self._remaining = expected + 1
        self._answers: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._send = send

    def deliver(self, answer: dict[str, Any] | None) -> None:
        with self._lock:
            if answer is not None:
                self._answers.append(answer)
            self._remaining -= 1
            done = self._remaining == 0
        if done and self._answers:
            self._send(self._answers)


class _NotStrictJson(ValueError):
    """A line that is not one strict JSON value (RFC 8259 in UTF-8)."""


_REJECTIONS = {
    "deep": "the message is nested too deeply",
    "number": "a number in the message is too large",
    "surrogate": "a string in the message is a lone surrogate, not Unicode text",
}


def _strict_loads(line: bytes) -> object:
    """Parse one line as strict JSON (`core.strictjson`), or raise `_NotStrictJson` saying what is wrong."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise _NotStrictJson("a message must be UTF-8") from None
    try:
        value, _ = loads_bounded(text)
    except json.JSONDecodeError:
        raise _NotStrictJson("a message must be one line of JSON") from None
    except JsonRejected as rejected:
        if rejected.kind == "non-finite":
            name = rejected.detail
            if name in ("NaN", "Infinity", "-Infinity"):
                raise _NotStrictJson(f"{name} is not JSON") from None
            raise _NotStrictJson(f"the number {name[:20]}... is too large") from None
        raise _NotStrictJson(_REJECTIONS[rejected.kind]) from None
    return value


def _encode(message: dict[str, Any] | list[dict[str, Any]]) -> bytes:
    """One line of strict JSON in UTF-8. Data that cannot be written as such (NaN or a lone surrogate
    from a capture file) becomes an internal error for that request, never invalid output."""
    try:
        return (json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n").encode()
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        if isinstance(message, list):
            return b"[" + b",".join(_encode(item).rstrip(b"\n") for item in message) + b"]\n"
        request_id = message.get("id")
        fallback = _error(request_id, INTERNAL_ERROR, "Internal error: the answer is not strict JSON in UTF-8")
        return (json.dumps(fallback, separators=(",", ":")) + "\n").encode()


def _valid_id(value: object) -> bool:
    """JSON-RPC 2.0: an id is a string, a number or null (never a boolean, an object or an array)."""
    return value is None or isinstance(value, str) or (isinstance(value, int | float) and not isinstance(value, bool))


def run_mock(definitions: list[Definition], captures: Path | None, fault: Fault) -> None:
    """Serve over the process's stdin/stdout until stdin closes."""
    records = load_captures(captures) if captures is not None else []
    server = MockServer(definitions, records, fault)
    server.serve(sys.stdin.buffer, sys.stdout.buffer)
