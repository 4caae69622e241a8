"""Between `capture --via-mcp` and the server under test: pass the server's stdout on, line by line,
turning an answer the MCP client cannot read into a JSON-RPC error for the request it answers.

The MCP SDK's stdio client stops reading a server for good at the first invalid UTF-8 byte, and drops a
line its validation rejects (a lone surrogate escape `"\\ud800"`, a number too long, nesting too deep,
broken JSON) without saying which request it answered, so the call waits for its timeout and the
reason says "no answer". The relay runs the SDK's own validation on each line to know.

Run as `python -m flowlint.mcp.relay COMMAND...`: the server inherits the relay's stdin; its stdout
goes through here, and its stderr is passed on up to `MAX_STDERR_BYTES` (then only its end), since
flowlint keeps it in a temporary file to quote its last line when the server dies.
Lines longer than `MAX_LINE_BYTES` are not held in memory: they are skipped (and answered with an
error when their request id is at the start, where JSON-RPC libraries write it).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from typing import IO, Any

__all__ = ["MAX_LINE_BYTES", "MAX_STDERR_BYTES", "RELAY_PREFIX", "check_line", "main", "pass_stderr"]

MAX_LINE_BYTES = 64 * 1024 * 1024
"""Longest line passed on, as the largest file flowlint reads."""

MAX_STDERR_BYTES = 1024 * 1024
"""The server's stderr passed on (flowlint keeps it in a temporary file and quotes its last line);
after this much, only the last `STDERR_TAIL_BYTES` are, once the server has exited."""

STDERR_TAIL_BYTES = 4096

RELAY_PREFIX = "flowlint relay: "
"""Starts the message of every error the relay writes, so the client can tell it from the server's."""

# The id of a response near the start of a line: `{"jsonrpc":"2.0","id":7,"result":...` (the order
# JSON-RPC libraries write), so a line that cannot be parsed can still be answered for its request.
_LEADING_ID = re.compile(
    rb'\A\s*\{(?:\s*"jsonrpc"\s*:\s*"2\.0"\s*,)?\s*"id"\s*:\s*(-?\d{1,18}|"[^"\\]{0,200}")\s*,\s*"(?:result|error)"'
)


def check_line(line: bytes) -> bytes:
    """The line unchanged when the MCP client can read it; else, for a response, a JSON-RPC error that
    answers the same request id and says what is wrong. A line that answers no request it can tell is
    passed on (the SDK logs and drops it), made valid UTF-8 first."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        text = line.decode("utf-8", errors="replace")
        problem = f"the answer is not valid UTF-8 (byte 0x{line[error.start]:02x} at offset {error.start})"
    else:
        unreadable = _client_problem(line)
        if unreadable is None:
            return line
        problem = f"the answer is not a message the MCP client can read ({unreadable})"
    try:
        message = json.loads(text)  # Python's parser accepts lone surrogates, so the id can be read
    except (ValueError, RecursionError):
        message = None
    if isinstance(message, dict) and "id" in message and ("result" in message or "error" in message):
        surrogate = _lone_surrogate(message)
        if surrogate is not None:
            problem = f"the answer holds a lone surrogate ({surrogate}), which is not Unicode text"
        return _error(message["id"], problem)
    head = _LEADING_ID.match(line) if message is None else None
    if head is not None:
        return _error(json.loads(head.group(1)), problem)
    return text.encode("utf-8")


def _client_problem(line: bytes) -> str | None:
    """Why the MCP SDK's client would drop this line (its own JSON-RPC validation), or None."""
    try:
        from mcp import types
    except ImportError:  # no SDK, no client to protect
        return None
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except Exception as error:  # pydantic's ValidationError, or anything else the SDK would not survive
        errors = getattr(error, "errors", None)
        details = errors() if callable(errors) else []
        if details:
            return str(details[0].get("msg", error))[:200]
        return f"{type(error).__name__}: {str(error)[:200]}"
    return None


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


def pass_stderr(source: IO[bytes], sink: IO[bytes], limit: int = MAX_STDERR_BYTES) -> None:
    """Copy `source` to `sink` up to `limit` bytes, then only its last `STDERR_TAIL_BYTES`, at its end."""
    written = dropped = 0
    tail = b""
    read = getattr(source, "read1", source.read)  # read1: pass on what has come, without waiting for more
    while chunk := read(1 << 16):
        if written < limit:
            part = chunk[: limit - written]
            sink.write(part)
            sink.flush()
            written += len(part)
            chunk = chunk[len(part) :]
        if chunk:
            dropped += len(chunk)
            tail = (tail + chunk)[-STDERR_TAIL_BYTES:]
    if dropped:
        skipped = dropped - len(tail)
        sink.write(b"\n[flowlint relay: %d bytes of the server's stderr not kept]\n" % skipped + tail)
        sink.flush()


def _close_stdout() -> None:
    """Close the pipe to the client (file descriptor 1 becomes /dev/null, so late writes are harmless)."""
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError, OSError):
        pass
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)


def main(argv: list[str] | None = None) -> int:
    command = sys.argv[1:] if argv is None else argv
    if not command:
        print("usage: python -m flowlint.mcp.relay COMMAND [ARG...]", file=sys.stderr)
        return 2
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:
        print(f"cannot start the MCP server `{command[0]}`: {error.strerror or error}", file=sys.stderr)
        return 127
    assert process.stdout is not None and process.stderr is not None
    # The SDK's validation takes about a second to import: do it while the server starts.
    threading.Thread(target=_client_problem, args=(b"{}",), daemon=True).start()
    errors = threading.Thread(target=pass_stderr, args=(process.stderr, sys.stderr.buffer), daemon=True)
    errors.start()
    try:
        relay(process.stdout, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        process.stdout.close()
        # A server that died has closed its stderr too: let its last lines reach the log before the
        # client, seeing the end of stdout, goes to quote them (one that lingers gets a second).
        errors.join(timeout=1.0)
        _close_stdout()  # the server closed its stdout: the client must see that now, not when it exits
    code = process.wait()
    errors.join(timeout=5)
    return code


if __name__ == "__main__":
    sys.exit(main())
