"""Benchmark for the language server through a real LSP session (`flowlint lsp`, JSON-RPC over its
stdin and stdout): how long an editor waits from a change to its diagnostics, and whether hovers and
code actions are answered while a large document is linted.

Targets (issue 26, on a 2-core machine): `textDocument/didChange` -> `textDocument/publishDiagnostics`
median at most 50 ms on the median-size definition of the public library (before issue 26: 307 ms, of
which 300 ms were a fixed debounce); a hover and a code action on a document already linted answered
while a large generated definition (`--large-tools`, about 1 MB) is being linted, well before that lint
ends. `--baseline-flowlint OTHER` runs the same sessions with another build's command, taking turns
session by session (the same load for both).

Before any time is reported every answer is checked: the diagnostics published for the opened file
must be the findings `flowlint check --no-cache --format json FILE` reports (code, position, message),
every change's diagnostics (a comment appended: findings unchanged) the same with the change's
version, the hover a result, the code action a list, and the large document's diagnostics published.
A session that does not give the expected answers stops the benchmark with exit code 1.

    python benchmarks/bench_lsp.py [LIBRARY_FOLDER | --file DEFINITION] [--changes 40] [--sessions 3]
                                   [--large-tools 4000] [--baseline-flowlint PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).parent))
from bench_check import fail, flowlint_command, load
from bench_hostile import valid_definition

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from lsp_frames import read_messages


class Session:
    """`flowlint lsp` as a subprocess and a minimal client: Content-Length framed JSON-RPC."""

    def __init__(self, command: str, cwd: Path) -> None:
        self.process = subprocess.Popen(
            [command, "lsp"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.messages: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        self.next_id = 0
        self.kept: list[tuple[float, dict[str, Any]]] = []
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        read_messages(stream, lambda message: self.messages.put((time.perf_counter(), message)))

    def send(self, message: dict[str, Any]) -> float:
        """Send a message; the time it was written."""
        data = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(data)}\r\n\r\n".encode("ascii") + data)
        self.process.stdin.flush()
        return time.perf_counter()

    def notify(self, method: str, params: Any) -> float:
        return self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> int:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait(self, match: Any, timeout: float = 60) -> tuple[float, dict[str, Any]]:
        """The first message that matches, and when it was read; the others are kept for later waits."""
        for index, (at, message) in enumerate(self.kept):
            if match(message):
                del self.kept[index]
                return at, message
        deadline = time.monotonic() + timeout
        while True:
            try:
                at, message = self.messages.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                fail(f"no answer within {timeout} s; server stderr: {self.stderr()}")
            if "error" in message:
                fail(f"the server answered an error: {message}")
            if match(message):
                return at, message
            self.kept.append((at, message))

    def answer(self, request_id: int) -> tuple[float, Any]:
        at, message = self.wait(lambda m: m.get("id") == request_id and "method" not in m)
        return at, message.get("result")

    def published(self, uri: str, version: int | None = None) -> tuple[float, list[dict[str, Any]]]:
        def match(m: dict[str, Any]) -> bool:
            if m.get("method") != "textDocument/publishDiagnostics" or m["params"]["uri"] != uri:
                return False
            return version is None or m["params"].get("version") == version

        at, message = self.wait(match)
        return at, list(message["params"]["diagnostics"])

    def stderr(self) -> str:
        if self.process.poll() is None:
            self.process.kill()
        assert self.process.stderr is not None
        return self.process.stderr.read().decode("utf-8", "replace")[-2000:]

    def close(self) -> None:
        request = self.request("shutdown", None)
        self.answer(request)
        self.notify("exit", None)
        code = self.process.wait(timeout=30)
        if code != 0:
            fail(f"the server exited {code} after shutdown: {self.stderr()}")
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def expected_findings(command: str, file: Path) -> list[tuple[str, int, int, str]]:
    """What `flowlint check` reports for the file: (code, 0-based line, 1-based column, message)."""
    done = subprocess.run(
        [command, "check", "--no-cache", "--format", "json", str(file)], capture_output=True, check=False
    )
    if done.returncode not in (0, 1) or b"Traceback" in done.stderr:
        fail(f"flowlint check {file} exited {done.returncode}: {done.stderr.decode()[-2000:]}")
    report = json.loads(done.stdout)
    return sorted((d["code"], d["line"] - 1, d["column"], d["message"]) for d in report["diagnostics"])


def as_findings(diagnostics: list[dict[str, Any]]) -> list[tuple[str, int, int, str]]:
    """LSP diagnostics as findings; the column is compared as check's 1-based one (ASCII files)."""
    return sorted(
        (d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"] + 1, d["message"])
        for d in diagnostics
    )


def session(
    command: str, file: Path, expected: list[tuple[str, int, int, str]], changes: int, large: Path | None
) -> tuple[list[float], float | None, float | None]:
    """One session: open the file, then `changes` changes one after the other, each waiting for its
    diagnostics; with `large`, then a hover and a code action on the file while `large` is linted.
    Returns the change latencies, the hover-and-action latency and the large document's lint time."""
    client = Session(command, file.parent)
    init = client.request("initialize", {"processId": os.getpid(), "rootUri": file.parent.as_uri(), "capabilities": {}})
    client.answer(init)
    client.notify("initialized", {})
    uri = file.as_uri()
    text = file.read_text(encoding="utf-8")
    client.notify(
        "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "javascript", "version": 1, "text": text}}
    )
    _, diagnostics = client.published(uri, 1)
    if as_findings(diagnostics) != expected:
        fail(f"{command} lsp: the diagnostics on open are not `flowlint check`'s findings for {file}")
    latencies = []
    for version in range(2, changes + 2):
        changed = text + f"// edit {version}\n"
        sent = client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": changed}]},
        )
        at, diagnostics = client.published(uri, version)
        if as_findings(diagnostics) != expected:
            fail(f"{command} lsp: the diagnostics of change {version} are not the file's findings")
        latencies.append(at - sent)
    answered = lint = None
    if large is not None:
        large_uri = large.as_uri()
        opened = client.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": large_uri,
                    "languageId": "javascript",
                    "version": 1,
                    "text": large.read_text(encoding="utf-8"),
                }
            },
        )
        time.sleep(0.05)  # the large document's lint is under way
        asked = time.perf_counter()
        hover = client.request(
            "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
        )
        action = client.request(
            "textDocument/codeAction",
            {
                "textDocument": {"uri": uri},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 999, "character": 0}},
                "context": {"diagnostics": []},
            },
        )
        client.answer(hover)
        at, actions = client.answer(action)
        if not isinstance(actions, list):
            fail(f"{command} lsp: the code action request was answered {actions!r}")
        answered = at - asked
        done, large_diagnostics = client.published(large_uri)
        if not large_diagnostics:
            fail(f"{command} lsp: no diagnostics for the large document")
        lint = done - opened
    client.close()
    return latencies, answered, lint


def median_definition(library: Path) -> Path:
    """The median-size definition (`.mjs`) of a library folder (lists and helpers left out)."""
    files = sorted(
        (p for p in library.rglob("*.mjs") if "_lists" not in p.parts and "node_modules" not in p.parts),
        key=lambda p: (p.stat().st_size, str(p)),
    )
    if not files:
        fail(f"no definitions under {library}")
    return files[(len(files) - 1) // 2]


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("library", nargs="?", type=Path, help="a library folder: its median-size definition is used")
    parser.add_argument("--file", type=Path, help="the definition to edit (instead of a library's median)")
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--large-tools", type=int, default=4000, help="tools of the large document (0: none)")
    parser.add_argument("--baseline-flowlint", help="another build's flowlint command, sessions taken in turns")
    args = parser.parse_args()
    if args.file is None and args.library is None:
        parser.error("give a library folder or --file")
    file = (args.file or median_definition(args.library)).resolve()
    commands = {"flowlint": flowlint_command()}
    if args.baseline_flowlint:
        commands["baseline"] = args.baseline_flowlint
    print(f"file: {file} ({file.stat().st_size} bytes); {load()} at the start")
    expected = expected_findings(commands["flowlint"], file)
    for name, command in commands.items():
        if expected_findings(command, file) != expected:
            fail(f"{name}: `flowlint check` reports other findings for {file}")
    latencies: dict[str, list[float]] = {name: [] for name in commands}
    answers: dict[str, list[float]] = {name: [] for name in commands}
    lints: dict[str, list[float]] = {name: [] for name in commands}
    large_kb = 0
    with tempfile.TemporaryDirectory(prefix="bench-lsp-") as folder:
        large = None
        if args.large_tools:
            large = Path(folder) / "large.mjs"
            large.write_bytes(valid_definition(args.large_tools))
            large_kb = large.stat().st_size // 1000
        for _ in range(args.sessions):
            for name, command in commands.items():
                changed, answered, lint = session(command, file, expected, args.changes, large)
                latencies[name] += changed
                if answered is not None and lint is not None:
                    answers[name].append(answered)
                    lints[name].append(lint)
    for name in commands:
        values = latencies[name]
        print(
            f"{name}: didChange -> publishDiagnostics median {ms(statistics.median(values))}, "
            f"max {ms(max(values))} ({len(values)} changes in {args.sessions} sessions)"
        )
        if answers[name]:
            print(
                f"{name}: hover + code action while a {large_kb} KB document "
                f"is linted: median {ms(statistics.median(answers[name]))} "
                f"(that lint: median {ms(statistics.median(lints[name]))} from didOpen to its diagnostics)"
            )
    print(f"{load()} at the end")


if __name__ == "__main__":
    main()
