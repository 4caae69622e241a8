"""Progress output: a live line on a terminal; plain lines (or nothing) in CI or when piped.

The live line shows the call in flight (the longest-running one when several hosts run at once) with
its elapsed time, redrawn while it waits; when the run ends the line is cleared and every failure is
listed, so nothing the line showed is lost.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import TextIO

from flowlint.captures.records import CaptureRecord


def choose_mode(stream: TextIO, quiet: bool) -> str:
    if quiet:
        return "quiet"
    if os.environ.get("CI") or not getattr(stream, "isatty", lambda: False)():
        return "lines"
    return "bar"


class Progress:
    """Thread-safe reporter of calls. `mode` is `bar`, `lines` or `quiet`."""

    REDRAW_SECONDS = 0.25

    def __init__(self, total: int, stream: TextIO | None = None, mode: str = "lines") -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.mode = mode
        self._lock = threading.Lock()
        self._width = 0
        self._running: dict[str, float] = {}  # call name -> when it started
        self.failures: list[str] = []
        self._last = ""  # the last finished call, shown while nothing is in flight
        self._closed = threading.Event()
        if mode == "bar":
            threading.Thread(target=self._tick, name="flowlint-progress", daemon=True).start()

    def start(self, name: str) -> None:
        """A call begins: the live line shows it (and how long it has been running) until it ends."""
        with self._lock:
            self._running[name] = time.monotonic()
            self._draw()

    def advance(self, record: CaptureRecord) -> None:
        with self._lock:
            self.done += 1
            name = f"{record.namespace}.{record.toolName}#{record.testIndex}"
            self._running.pop(name, None)
            self._last = f"{record.outcome:<7} {name}"
            if record.outcome == "failed":
                self.failures.append(f"{name}: {record.reason or 'failed'}")
            if self.mode == "bar":
                self._draw()
            elif self.mode == "lines":
                detail = f"HTTP {record.httpStatus}" if record.httpStatus else ""
                if record.outcome != "ok" and record.reason:
                    detail = record.reason
                timing = f" {record.responseTime:.0f} ms" if record.responseTime is not None else ""
                line = f"[{self.done}/{self.total}] {record.outcome} {name}{timing} {detail}"
                self.stream.write(line.rstrip() + "\n")
                self.stream.flush()

    def _draw(self) -> None:
        """Redraw the live line (the lock is held)."""
        if self.mode != "bar" or self._closed.is_set():
            return
        text = f"[{self.done}/{self.total}]"
        if self.failures:
            text += f" {len(self.failures)} failed"
        if not self._running and self._last:
            text += f" {self._last}"
        if self._running:
            name, since = min(self._running.items(), key=lambda item: item[1])
            text += f" calling {name} ({time.monotonic() - since:.1f} s)"
            if len(self._running) > 1:
                text += f" +{len(self._running) - 1} more"
        text = text[:120]
        self.stream.write("\r" + text.ljust(self._width))
        self._width = len(text)
        self.stream.flush()

    def _tick(self) -> None:
        while not self._closed.wait(self.REDRAW_SECONDS):
            with self._lock:
                if self._running:
                    self._draw()

    def close(self) -> None:
        with self._lock:
            self._closed.set()
            if self.mode == "bar":
                if self._width:
                    self.stream.write("\r" + " " * self._width + "\r")
                if self.failures:  # the live line showed them one at a time: list them all at the end
                    self.stream.write(f"{len(self.failures)} failed:\n")
                    self.stream.writelines(f"  {line}\n" for line in self.failures)
                self.stream.flush()
