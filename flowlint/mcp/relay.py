"""Between `capture --via-mcp` and the server under test: pass the server's stdout on, line by line,
turning an answer that is not strict UTF-8 JSON into a JSON-RPC error for the request it answers.

The MCP SDK's stdio client stops reading a server for good at the first invalid UTF-8 byte, and drops a
line that holds a lone surrogate escape (`"\\ud800"`) without saying which request it answered, so the
call waits for its timeout and the reason says "no answer". Run as `python -m flowlint.mcp.relay
COMMAND...`: the server inherits the relay's stdin and stderr, only its stdout goes through here.
Lines longer than `MAX_LINE_BYTES` are not held in memory: they are skipped (and answered with an
error when their request id is at the start, where JSON-RPC libraries write it).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import IO, Any

__all__ = ["MAX_LINE_BYTES", "RELAY_PREFIX", "check_line", "main"]

MAX_LINE_BYTES = 64 * 1024 * 1024
"""Longest line passed on, as the largest file flowlint reads."""

RELAY_PREFIX = "flowlint relay: "
"""Starts the message of every error the relay writes, so the client can tell it from the server's."""

# A request id near the start of an oversized line: `{"jsonrpc":"2.0","id":7,...` or `{"id":"a",...`.
_LEADING_ID = re.compile(rb'\A\s*\{(?:\s*"jsonrpc"\s*:\s*"2\.0"\s*,)?\s*"id"\s*:\s*(-?\d{1,18}|"[^"\\]{0,200}")')


def check_line(line: bytes) -> bytes:
    """The line unchanged when it is strict UTF-8 JSON (or not JSON at all: the SDK reports that), else
    a JSON-RPC error answering the same request id, or b"" when it answers no request (dropped)."""
    try:
        text = line.decode("utf-8")
        problem = None
    except UnicodeDecodeError as error:
        text = line.decode("utf-8", errors="replace")
        problem = f"the answer is not valid UTF-8 (byte 0x{line[error.start]:02x} at offset {error.start})"
    try:
        message = json.loads(text)  # Python's parser accepts lone surrogates, so the id can be read
    except (ValueError, RecursionError):
        if problem is None:
            return line  # not JSON: the SDK reports it as it would without the relay
        head = _LEADING_ID.match(line)
        return _error(json.loads(head.group(1)), problem) if head else text.encode("utf-8")
    if problem is None:
        surrogate = _lone_surrogate(message)
        if surrogate is None:
            return line
        problem = f"the answer holds a lone surrogate ({surrogate}), which is not Unicode text"
    if not isinstance(message, dict) or "id" not in message or not ("result" in message or "error" in message):
        return b""
    return _error(message["id"], problem)


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in a parsed JSON value, as `\\uXXXX`, or None."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                return f"\\u{ord(item[error.start]):04x}"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def _error(request_id: Any, problem: str) -> bytes:
    if isinstance(request_id, str):
        request_id = request_id.encode("utf-8", errors="replace").decode("utf-8")
    elif not isinstance(request_id, int) or isinstance(request_id, bool):
        request_id = None
    answer = {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32700, "message": RELAY_PREFIX + problem}}
    return json.dumps(answer).encode("ascii")


def relay(source: IO[bytes], sink: IO[bytes], limit: int = MAX_LINE_BYTES) -> None:
    """Copy `source` to `sink` line by line through `check_line`, never holding more than `limit` bytes."""
    while True:
        line = source.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            head = _LEADING_ID.match(line)
            while line and not line.endswith(b"\n"):  # skip the rest of the oversized line
                line = source.readline(limit + 1)
            if head is None:
                continue
            request_id = json.loads(head.group(1))
            out = _error(request_id, f"the answer is longer than the {limit:,}-byte limit of a line")
        else:
            out = check_line(line.rstrip(b"\r\n"))
            if not out:
                continue
        sink.write(out + b"\n")
        sink.flush()


def main(argv: list[str] | None = None) -> int:
    command = sys.argv[1:] if argv is None else argv
    if not command:
        print("usage: python -m flowlint.mcp.relay COMMAND [ARG...]", file=sys.stderr)
        return 2
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE)
    except OSError as error:
        print(f"cannot start the MCP server `{command[0]}`: {error.strerror or error}", file=sys.stderr)
        return 127
    assert process.stdout is not None
    try:
        relay(process.stdout, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        process.stdout.close()
    return process.wait()


if __name__ == "__main__":
    sys.exit(main())
