"""Benchmark: every command stays bounded in time and memory on issue 28's hostile inputs.

Builds each hostile input in a temporary folder (local servers on 127.0.0.1 where a case needs one),
runs the real `flowlint` command on it as a process, checks its exit code and what it printed or
wrote (a case whose outcome is wrong stops the benchmark with exit code 1 before any figure), and
prints the wall time and the peak resident memory of that process (`wait4`'s `ru_maxrss`), with the
machine's load. A valid definition of the same size as the dense ones is measured beside them, as the
yardstick of what a real file costs.

    python benchmarks/bench_hostile.py [--only check,lsp,capture,mock,schema] [--match TEXT] [--scale 1.0]
                                       [--flowlint PATH]

`--scale` multiplies the size of the dense inputs (1.0: the issue's 8 MB `.mjs` and 0.9 MB `.py`).
"""

# ruff: noqa: E501  (definition texts and expected messages read best on one line)

from __future__ import annotations

import argparse
import base64
import gzip
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, NoReturn

from bench_check import flowlint_command

KEY = "sk_live_Ab12Cd34Ef56"

DEFINITION = """export const main = {
    namespace: '%(namespace)s', name: 'Bench', description: 'Hostile bench', version: '3.0.0',
    root: '%(root)s', requiredServerParams: [ 'API_KEY' ], headers: { 'X-Key': '{{SERVER_PARAM:API_KEY}}' },
    tools: {
        getThing: { method: '%(method)s', path: '/thing', description: 'thing',
            parameters: [
                { position: { key: 'token', value: '{{SERVER_PARAM:API_KEY}}', location: '%(where)s' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'n', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ %(tests)s ] }
    }
}
"""

TOOL = (
    "        tool{i}: {{ method: 'GET', path: '/t/{i}', description: 'Tool {i}', parameters: [], // unit: none\n"
    "            tests: [ {{ _description: 'one' }}, {{ _description: 'two' }}, {{ _description: 'three' }} ] }},\n"
)


def valid_definition(tools: int) -> bytes:
    head = "export const main = {\n    namespace: 'big', name: 'Big', description: 'Big API', version: '3.0.0',\n    root: 'https://api.example.com',\n    tools: {\n"
    return (head + "".join(TOOL.format(i=i) for i in range(tools)) + "    }\n}\n").encode()


def fail(message: str) -> NoReturn:
    """Stop the benchmark: a figure for a run that did not do its job is worse than no figure."""
    print(f"bench_hostile: {message}", file=sys.stderr)
    raise SystemExit(1)


class Measured:
    def __init__(self, code: int, stdout: bytes, stderr: bytes, wall: float, peak_mb: float) -> None:
        self.code, self.stdout, self.stderr, self.wall, self.peak_mb = code, stdout, stderr, wall, peak_mb

    @property
    def out(self) -> str:
        return self.stdout.decode("utf-8", "replace") + self.stderr.decode("utf-8", "replace")


# A child's peak memory counts what it shared with its parent when it was forked: this small process
# forks the command, so the figure is the command's own (plus the wrapper's 10 MB or so at most).
_WRAPPER = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
"""


def measure(
    argv: list[str], cwd: Path, stdin: bytes = b"", env: dict[str, str] | None = None, timeout: float = 600
) -> Measured:
    """Run argv to its end; its wall time and the peak resident memory of that one process."""
    report = cwd / ".bench-maxrss"
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", _WRAPPER, str(report), *argv], cwd=cwd,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
    )  # fmt: skip
    streams: dict[str, bytes] = {}

    def drain(name: str, stream: Any) -> None:
        streams[name] = stream.read()

    readers = [threading.Thread(target=drain, args=(name, getattr(process, name))) for name in ("stdout", "stderr")]
    for reader in readers:
        reader.start()
    assert process.stdin is not None
    try:
        process.stdin.write(stdin)
        process.stdin.close()
    except BrokenPipeError:
        pass
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        fail(f"{' '.join(argv[:3])} did not end within {timeout:g} s")
    for reader in readers:
        reader.join()
    wall = time.perf_counter() - started
    if b"Traceback (most recent call last)" in streams["stderr"]:
        fail(f"{' '.join(argv)} crashed:\n{streams['stderr'][-2000:].decode('utf-8', 'replace')}")
    peak_kib = int(report.read_text())
    report.unlink()
    return Measured(process.returncode, streams["stdout"], streams["stderr"], wall, peak_kib / 1024)


def expect(condition: bool, case: str, result: Measured) -> None:
    if not condition:
        fail(f"{case}: unexpected outcome (exit {result.code}):\n{result.out[-3000:]}")


class Servers:
    """Local HTTP servers on 127.0.0.1, stopped at the end."""

    def __init__(self) -> None:
        self.running: list[ThreadingHTTPServer] = []

    def start(self, handler: type[BaseHTTPRequestHandler]) -> str:
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True).start()
        self.running.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    def stop(self) -> None:
        for server in self.running:
            server.shutdown()
            server.server_close()


class _Quiet(BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def replying(body: bytes, headers: dict[str, str], status: int = 200) -> type[BaseHTTPRequestHandler]:
    class Handler(_Quiet):
        def do_GET(self) -> None:
            self.send_response(status)
            for name, value in {"Content-Type": "application/json", **headers}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_POST = do_GET

    return Handler


def definition(folder: Path, name: str, root: str, method: str = "GET", where: str = "query") -> Path:
    path = folder / f"{name}.mjs"
    tests = "{ _description: 'one', n: 1 }"
    path.write_text(DEFINITION % {"namespace": name, "root": root, "method": method, "where": where, "tests": tests})
    return path


# -- the cases ------------------------------------------------------------------------------------------

Case = Callable[[str, Path, Servers, float], Measured]


def check_jsonc(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    sep = "/" * 60
    (folder / "settings.json").write_text(f'{{\n  "a": 1,\n  {sep}\n  "b": [1,\n  {sep}\n  ]\n}}\n')
    result = measure([flowlint, "check", "--no-cache", "."], folder)
    expect(result.code == 0, "jsonc", result)
    return result


def check_deep_pyproject(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    (folder / "pyproject.toml").write_text("x = " + "[" * 2000 + "]" * 2000 + "\n[tool.flowlint]\n")
    (folder / "d.mjs").write_bytes(valid_definition(1))
    result = measure([flowlint, "check", "."], folder)
    expect(result.code == 2 and "nested too deeply" in result.out, "pyproject", result)
    return result


def _dense(folder: Path, name: str, data: bytes, flowlint: str, message: str = "too dense to analyse") -> Measured:
    (folder / name).write_bytes(data)
    result = measure([flowlint, "check", "--no-cache", name], folder)
    expect(result.code == 1 and message in result.out, name, result)
    return result


def check_dense_plus(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    count = int(4_000_000 * scale)
    return _dense(folder, "plus.mjs", b"export const main = { namespace: a" + b"+a" * count + b" }\n", flowlint)


def check_dense_array(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    count = int(4_000_000 * scale)
    return _dense(
        folder, "array.mjs", b"export const main = { namespace: 'x', a: [" + b"1," * count + b"] }\n", flowlint
    )


def check_dense_python(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    count = int(450_000 * scale)
    return _dense(folder, "array.py", b"main = {'namespace': 'x', 'a': [" + b"1," * count + b"]}\n", flowlint)


def check_valid_yardstick(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    data = valid_definition(int(38_000 * scale))  # the size of the dense .mjs files
    return _dense(folder, "valid.mjs", data, flowlint, message="VAL031")


def check_cache_link(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    outside = folder.parent / (folder.name + "-outside")
    outside.mkdir()
    os.symlink(outside, folder / ".flowlint_cache")
    (folder / "pyproject.toml").write_text('[tool.flowlint]\ncache_dir = ".flowlint_cache/."\n')
    (folder / "d.mjs").write_bytes(valid_definition(1))
    result = measure([flowlint, "check", "."], folder)
    expect(
        result.code == 0 and "neither read nor written" in result.out and not any(outside.iterdir()), "cache", result
    )
    return result


def _frame(message: dict[str, Any] | bytes) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps({"jsonrpc": "2.0", **message}).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _answers(stdout: bytes) -> dict[Any, dict[str, Any]]:
    found: dict[Any, dict[str, Any]] = {}
    while stdout:
        head, _, rest = stdout.partition(b"\r\n\r\n")
        headers = dict(line.split(b":", 1) for line in head.split(b"\r\n"))
        length = int(headers[b"Content-Length"])
        message = json.loads(rest[:length])
        stdout = rest[length:]
        if "method" not in message:
            found[message.get("id")] = message
    return found


def lsp_unanswered(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    init = {"processId": None, "rootUri": folder.as_uri(), "capabilities": {}}
    frames = [
        _frame({"id": 1, "method": "initialize", "params": {"processId": "x", "capabilities": 5}}),
        _frame({"id": 2, "method": "initialize", "params": init}),
        _frame({"method": "initialized", "params": {}}),
        _frame(b'{"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": "\xff\xfe"}'),
        _frame(b'{"jsonrpc": "2.0", "id": 4, "method": "x", "params": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
        _frame({"id": 5, "method": "shutdown"}),
        _frame({"id": 6, "method": "textDocument/hover", "params": {}}),
        _frame({"method": "exit"}),
    ]
    result = measure([flowlint, "lsp"], folder, stdin=b"".join(frames))
    answers = _answers(result.stdout)
    codes = {key: answers.get(key, {}).get("error", {}).get("code") for key in (1, 3, 4, 6)}
    expect(result.code == 0 and codes == {1: -32602, 3: -32700, 4: -32700, 6: -32600} and 5 in answers, "lsp", result)
    return result


def lsp_hovers(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    text = valid_definition(9300).decode()
    if not 1_900_000 < len(text) < 2_000_000:
        fail(f"the hover document is {len(text):,} bytes, not just under 2 MB")
    uri = (folder / "big.mjs").as_uri()
    frames = [
        _frame(
            {
                "id": 1,
                "method": "initialize",
                "params": {"processId": None, "rootUri": folder.as_uri(), "capabilities": {}},
            }
        ),
        _frame({"method": "initialized", "params": {}}),
        _frame(
            {
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "javascript", "version": 1, "text": text}},
            }
        ),
    ]
    frames += [
        _frame(
            {
                "id": 10 + i,
                "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri}, "position": {"line": 4 + 2 * i, "character": 10}},
            }
        )
        for i in range(10)
    ]
    frames += [_frame({"id": 99, "method": "shutdown"}), _frame({"method": "exit"})]
    result = measure([flowlint, "lsp"], folder, stdin=b"".join(frames))
    answers = _answers(result.stdout)
    expect(result.code == 0 and all(10 + i in answers for i in range(10)), "hovers", result)
    return result


def _capture(flowlint: str, folder: Path, *extra: str) -> Measured:
    return measure(
        [flowlint, "capture", ".", "-o", "out", "--delay", "0", "--retries", "0", "--timeout", "10", *extra],
        folder, env={"API_KEY": KEY},
    )  # fmt: skip


def _records(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((folder / "out").rglob("*.json")) if p.name != "metrics.json"]


def _no_key(folder: Path, result: Measured) -> bool:
    written = b"".join(p.read_bytes() for p in (folder / "out").rglob("*") if p.is_file())
    return KEY.encode() not in written + result.stdout + result.stderr


def capture_bomb(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    bomb = gzip.compress(gzip.compress(b"\0" * 2_000_000_000, 9), 9)
    root = servers.start(replying(bomb, {"Content-Encoding": "gzip, gzip"}))
    definition(folder, "bomb", root)
    result = _capture(flowlint, folder)
    [record] = _records(folder)
    expect(
        record["reason"] == "response body larger than 52428800 bytes (decoded)" and len(bomb) < 10_000, "bomb", result
    )
    return result


def capture_secrets(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    body = b"\x89\xff " + f"your key is {KEY}".encode("utf-16-le") + b"x" * 600
    root = servers.start(replying(body, {"Content-Type": "application/octet-stream"}))
    definition(folder, "echo", root)
    error = b"e" * 495 + KEY.encode() + b" rejected"
    definition(folder, "excerpt", servers.start(replying(error, {"Content-Type": "text/plain"}, status=500)))
    result = _capture(flowlint, folder)
    records = _records(folder)
    stored = base64.b64decode(next(r for r in records if r["namespace"] == "echo")["response"]["data"])
    expect(
        _no_key(folder, result) and KEY[:8].encode() not in stored and b"sk_live" not in str(records).encode(),
        "secrets",
        result,
    )
    return result


def capture_redirect(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    landed: list[bytes] = []

    class Elsewhere(_Quiet):
        def do_POST(self) -> None:
            landed.append(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")

    other = servers.start(Elsewhere)

    class Redirect(_Quiet):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(307)
            self.send_header("Location", other + "/landing")
            self.send_header("Content-Length", "0")
            self.end_headers()

    definition(folder, "redirect", servers.start(Redirect), method="POST", where="body")
    result = _capture(flowlint, folder)
    [record] = _records(folder)
    expect("not followed" in (record["reason"] or "") and not landed and _no_key(folder, result), "redirect", result)
    return result


def capture_sqlite(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    (folder / "resources").mkdir()
    sqlite3.connect(folder / "resources" / "data.db").close()
    (folder / "big.mjs").write_text(
        "export const main = { namespace: 'big', name: 'Big', description: 'sqlite', version: '3.0.0', root: 'https://example.invalid', tools: {},\n"
        "  resources: { data: { source: 'sqlite', description: 'data', origin: 'inline', name: 'data.db', mode: 'read-only', queries: {\n"
        "    huge: { sql: 'SELECT zeroblob(1000000000) AS a, zeroblob(1000000000) AS b', description: 'x', parameters: [], tests: [ { _description: 'x' } ] } } } } }\n"
    )
    result = measure([flowlint, "capture", "big.mjs", "-o", "out", "--timeout", "2"], folder)
    [record] = _records(folder)
    expect(result.code == 1 and "too big" in (record["reason"] or ""), "sqlite", result)
    return result


_MCP_INIT = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}


def _mcp(flowlint: str, folder: Path, *args: str) -> Measured:
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": _MCP_INIT},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "getThing_echo", "arguments": {"n": 1}}},
        {"jsonrpc": "2.0", "id": 4, "method": "ping"},
    ]
    return measure(
        [flowlint, "mock", *args], folder, stdin=b"".join(json.dumps(line).encode() + b"\n" for line in lines)
    )


def mock_dense(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    (folder / "plus.mjs").write_bytes(b"export const main = { namespace: a" + b"+a" * int(4_000_000 * scale) + b" }\n")
    result = _mcp(flowlint, folder, "plus.mjs")
    expect(result.code == 2 and "too dense to analyse" in result.out, "mock dense", result)
    return result


def mock_captures(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    root = servers.start(replying(b'{"ok": true, "note": "' + KEY.encode() + b'"}', {}))
    definition(folder, "echo", root)
    _capture(flowlint, folder)
    result = _mcp(flowlint, folder, "echo.mjs", "--captures", "out")
    answers = {json.loads(line).get("id") for line in result.stdout.splitlines() if line.strip()}
    expect(result.code == 0 and {1, 2, 3, 4} <= answers and KEY.encode() not in result.stdout, "mock", result)
    return result


def _one_record(folder: Path, namespace: str, tool: str, data: Any) -> None:
    """A `capture` folder in `folder` with one record of `tool` answering `data`."""
    (folder / "capture").mkdir()
    record = {
        "namespace": namespace,
        "toolName": tool,
        "testIndex": 0,
        "timestamp": "x",
        "response": {"status": True, "data": data},
    }
    (folder / "capture" / "r.json").write_text(json.dumps(record))


def schema_lone_cr(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    text = (
        "export const main = {\n    namespace: 'big', name: 'Big', description: 'Big API', version: '3.0.0', root: 'https://api.example.com',\n"
        "    tools: {\n        tool0: { method: 'GET', path: '/t', description: 'Tool', parameters: [],\n"
        "            tests: [ { _description: 'one' } ] // the one test\n        }\n    }\n}\n"
    )
    (folder / "d.mjs").write_bytes(text.replace("\n", "\r").encode())
    _one_record(folder, "big", "tool0", {"id": 1})
    result = measure([flowlint, "schema", "--write", "d.mjs", "--captures", "capture"], folder)
    expect(result.code == 0 and b"output" in (folder / "d.mjs").read_bytes(), "lone CR", result)
    return result


def schema_dense(flowlint: str, folder: Path, servers: Servers, scale: float) -> Measured:
    (folder / "plus.mjs").write_bytes(b"export const main = { namespace: a" + b"+a" * int(4_000_000 * scale) + b" }\n")
    _one_record(folder, "x", "t", {})
    result = measure([flowlint, "schema", "--write", "plus.mjs", "--captures", "capture"], folder)
    expect(result.code == 0 and b"output" not in (folder / "plus.mjs").read_bytes()[-100:], "schema dense", result)
    return result


CASES: dict[str, list[tuple[str, Case]]] = {
    "check": [
        ("JSONC `////...` after a comma (2)", check_jsonc),
        ("pyproject.toml nested 2,000 deep (19)", check_deep_pyproject),
        ("8 MB .mjs of a+a+... (9)", check_dense_plus),
        ("8 MB .mjs of [1,1,...] (9)", check_dense_array),
        ("0.9 MB .py of [1,1,...] (9)", check_dense_python),
        ("8 MB valid .mjs (yardstick, not hostile)", check_valid_yardstick),
        ("cache_dir through a committed link (23)", check_cache_link),
    ],
    "lsp": [
        ("bodies it could not answer (20)", lsp_unanswered),
        ("10 hovers on a 1.99 MB document (21)", lsp_hovers),
    ],
    "capture": [
        ("`gzip, gzip` bomb of 2 GB (3)", capture_bomb),
        ("key in a base64 body and a cut excerpt (4, 5)", capture_secrets),
        ("307 to another origin with a keyed body (11)", capture_redirect),
        ("SQLite zeroblob(1e9) twice, --timeout 2 (10)", capture_sqlite),
    ],
    "mock": [
        ("8 MB .mjs of a+a+... (9)", mock_dense),
        ("captures holding a key", mock_captures),
    ],
    "schema": [
        ("--write, lone CR and a comment after tests (22)", schema_lone_cr),
        ("--write on an 8 MB a+a+... (9)", schema_dense),
    ],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(CASES), help="the command classes to run")
    parser.add_argument("--match", default="", help="only the cases whose label holds this text")
    parser.add_argument("--scale", type=float, default=1.0, help="size factor of the dense inputs")
    parser.add_argument("--flowlint", help="another build's flowlint command (the one of this environment by default)")
    args = parser.parse_args()
    flowlint = args.flowlint or flowlint_command()  # bench_check's: this environment's console script
    classes = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(classes) - set(CASES))
    if unknown:
        fail(f"unknown classes: {', '.join(unknown)}")
    print(f"bench_hostile: {flowlint}, load " + " ".join(f"{value:.2f}" for value in os.getloadavg()))
    worst: dict[str, tuple[float, float]] = {}
    servers = Servers()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-hostile-") as temporary:
            chosen = [(k, c) for k in classes for c in CASES[k] if args.match in c[0]]
            for number, (kind, (label, case)) in enumerate(chosen):
                folder = Path(temporary) / f"case{number}"
                folder.mkdir()
                result = case(flowlint, folder, servers, args.scale)
                print(f"  {kind:8} {label:52} exit {result.code}  {result.wall:6.2f} s  {result.peak_mb:7.0f} MB")
                if "yardstick" not in label:
                    time_worst, memory_worst = worst.get(kind, (0.0, 0.0))
                    worst[kind] = (max(time_worst, result.wall), max(memory_worst, result.peak_mb))
    finally:
        servers.stop()
    for kind, (seconds, megabytes) in worst.items():
        print(f"worst {kind:8} {seconds:6.2f} s  {megabytes:7.0f} MB")
    print("load " + " ".join(f"{value:.2f}" for value in os.getloadavg()))


if __name__ == "__main__":
    main()
