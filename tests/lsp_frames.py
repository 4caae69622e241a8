"""The client's side of LSP's framing, for the tests and benchmarks that talk to `flowlint lsp` over pipes:
read Content-Length framed JSON-RPC messages from the server's standard output."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, Any


def read_messages(stream: IO[bytes], deliver: Callable[[dict[str, Any]], None]) -> None:
    """Hand every message on `stream` to `deliver`, in order, until the stream ends."""
    while True:
        headers: dict[str, str] = {}
        while True:
            line = stream.readline()
            if not line:
                return
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            headers[name.strip().lower()] = value.strip()
        deliver(json.loads(stream.read(int(headers["content-length"]))))
