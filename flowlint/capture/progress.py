"""Progress output: a live line on a terminal; plain lines (or nothing) in CI or when piped."""

from __future__ import annotations

import os
import sys
import threading
from typing import TextIO

from flowlint.captures.records import CaptureRecord


def choose_mode(stream: TextIO, quiet: bool) -> str:
    if quiet:
        return "quiet"
    if os.environ.get("CI") or not getattr(stream, "isatty", lambda: False)():
        return "lines"
    return "bar"


class Progress:
    """Thread-safe reporter of finished calls. `mode` is `bar`, `lines` or `quiet`."""

    def __init__(self, total: int, stream: TextIO | None = None, mode: str = "lines") -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.mode = mode
        self._lock = threading.Lock()
        self._width = 0

    def advance(self, record: CaptureRecord) -> None:
        with self._lock:
            self.done += 1
            name = f"{record.namespace}.{record.toolName}#{record.testIndex}"
            if self.mode == "bar":
                text = f"[{self.done}/{self.total}] {record.outcome:<7} {name}"[:100]
                self.stream.write("\r" + text.ljust(self._width))
                self._width = len(text)
                self.stream.flush()
            elif self.mode == "lines":
                detail = f"HTTP {record.httpStatus}" if record.httpStatus else ""
                if record.outcome != "ok" and record.reason:
                    detail = record.reason
                timing = f" {record.responseTime:.0f} ms" if record.responseTime is not None else ""
                line = f"[{self.done}/{self.total}] {record.outcome} {name}{timing} {detail}"
                self.stream.write(line.rstrip() + "\n")
                self.stream.flush()

    def close(self) -> None:
        with self._lock:
            if self.mode == "bar" and self._width:
                self.stream.write("\r" + " " * self._width + "\r")
                self.stream.flush()
