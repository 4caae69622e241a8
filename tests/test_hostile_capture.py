"""capture against hostile servers: bodies and headers that must fail one test, never the run."""

from __future__ import annotations

import base64
import contextlib
import errno
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import invoke_cli, serving
from flowlint.capture.http import MAX_DEPTH
from flowlint.capture.runner import CaptureOptions, capture

SIMPLE = """
export const main = {
    namespace: '%(namespace)s',
    name: 'Hostile',
    description: 'hostile',
    version: '3.0.0',
    root: '%(root)s',
    requiredServerParams: [ %(required)s ],
    headers: { %(headers)s },
    tools: {
        getThing: {
            method: 'GET',
            path: '%(path)s',
            description: 'thing',
            parameters: [ %(parameters)s ],
            tests: [ %(tests)s ]
        }
    }
}
"""
N_PARAMETER = (
    "{ position: { key: 'n', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } }"
)

Reply = tuple[bytes, list[tuple[bytes, bytes]]]


def definition_text(root: str, count: int, **fields: str) -> str:
    """SIMPLE with `count` tests (`n: 0`, `n: 1`...); `fields` replace its other parts."""
    tests = ", ".join(f"{{ _description: 'test {i}', n: {i} }}" for i in range(count))
    values = {"namespace": "hostile", "required": "", "headers": "", "path": "/thing", "parameters": N_PARAMETER}
    return SIMPLE % {**values, "root": root, "tests": tests, **fields}


def definition(tmp_path: Path, root: str, count: int, **fields: str) -> Path:
    path = tmp_path / f"{fields.get('namespace', 'hostile')}.mjs"
    path.write_text(definition_text(root, count, **fields), encoding="utf-8")
    return path


@pytest.fixture
def http_servers() -> Iterator[Callable[[type[BaseHTTPRequestHandler]], str]]:
    """`start(handler)` serves `handler` on 127.0.0.1 until the test ends; returns the root URL."""
    with contextlib.ExitStack() as servers:

        def start(handler: type[BaseHTTPRequestHandler]) -> str:
            server = servers.enter_context(serving(ThreadingHTTPServer(("127.0.0.1", 0), handler)))
            return f"http://127.0.0.1:{server.server_address[1]}"

        yield start


class _Quiet(BaseHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def serve(http_servers: Callable[[type[BaseHTTPRequestHandler]], str]) -> Callable[[Callable[[int], Reply]], str]:
    """`serve(reply)` starts a raw HTTP/1.0 server on 127.0.0.1 whose answer to `?n=i` is `reply(i)`:
    (body, extra raw header lines; a `Content-Type` among them replaces `application/json`); returns
    its root URL."""

    def start(reply: Callable[[int], Reply]) -> str:
        class Handler(_Quiet):
            def do_GET(self) -> None:
                n = int(parse_qs(urlsplit(self.path).query).get("n", ["0"])[0])
                body, headers = reply(n)
                head = b"HTTP/1.1 200 OK\r\n"
                if not any(k.lower() == b"content-type" for k, _ in headers):
                    head += b"Content-Type: application/json\r\n"
                head += b"".join(k + b": " + v + b"\r\n" for k, v in headers)
                head += b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n"
                self.wfile.write(head + body)
                self.close_connection = True

        return http_servers(Handler)

    return start


def options(tmp_path: Path, **changes: Any) -> CaptureOptions:
    base: dict[str, Any] = {
        "output": tmp_path / "capture",
        "delay": 0.0,
        "timeout": 5.0,
        "retries": 0,
        "backoff": 0.01,
        "environ": {},
        "env_files": [],
    }
    base.update(changes)
    return CaptureOptions(**base)


def _reject(name: str) -> Any:
    raise ValueError(f"not strict JSON: {name}")


def strict_files(folder: Path) -> dict[str, Any]:
    """Every JSON file under `folder`, parsed as strict JSON from strict UTF-8."""
    files = {}
    for path in sorted(folder.rglob("*.json")):
        text = path.read_bytes().decode("utf-8")
        files[path.relative_to(folder).as_posix()] = json.loads(text, parse_constant=_reject)
    return files


HOSTILE_BODIES: list[tuple[bytes, str]] = [
    (b"[" * 1000 + b"]" * 1000, "nested deeper than"),
    (b'{"a": ' * 600 + b"1" + b"}" * 600, "nested deeper than"),
    (b'{"n": ' + b"9" * 5000 + b"}", "number too large"),
    (b'{"s": "\\ud800"}', "invalid Unicode escape"),
    (b'{"\\udfff": 1}', "invalid Unicode escape"),
]


def test_hostile_bodies_fail_one_test_each_and_the_run_goes_on(tmp_path: Path, serve: Any) -> None:
    good = b'{"ok": true, "text": "caf\\u00e9 \\ud83d\\ude00"}'
    deep_enough = b'{"a": ' * (MAX_DEPTH - 1) + b"[1]" + b"}" * (MAX_DEPTH - 1)  # the deepest body kept
    bodies = [good] + [body for body, _ in HOSTILE_BODIES] + [deep_enough]
    root = serve(lambda n: (bodies[n], []))
    result = capture([definition(tmp_path, root, len(bodies))], options(tmp_path))

    assert len(result.records) == len(bodies) and not result.interrupted
    by_index = {r.testIndex: r for r in result.records}
    assert by_index[0].outcome == "ok" and by_index[0].response.data["text"] == "café 😀"
    assert by_index[len(bodies) - 1].outcome == "ok"
    for i, (_body, reason) in enumerate(HOSTILE_BODIES, start=1):
        record = by_index[i]
        assert record.outcome == "failed", (i, record.reason)
        assert record.reason is not None and reason in record.reason
        assert record.response.data is None and record.httpStatus == 200
    files = strict_files(result.run_dir)
    assert files["hostile/metrics.json"]["counts"]["failed"] == len(HOSTILE_BODIES)
    assert len(files) == len(bodies) + 1


def test_lower_int_digit_limit_of_the_process_fails_the_test(tmp_path: Path, serve: Any) -> None:
    bodies = [b'{"n": ' + b"7" * 2000 + b"}", b'{"n": 1}']
    root = serve(lambda n: (bodies[n], []))
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(1000)
    try:
        result = capture([definition(tmp_path, root, len(bodies))], options(tmp_path))
    finally:
        sys.set_int_max_str_digits(previous)
    assert [r.outcome for r in result.records] == ["failed", "ok"]
    assert "number too large" in (result.records[0].reason or "")


def test_non_finite_numbers_are_kept_as_strings_with_a_note(tmp_path: Path, serve: Any) -> None:
    bodies = [b'{"a": NaN, "b": [Infinity, -Infinity], "c": 1e400, "d": 1.5}', b'{"plain": 1}']
    root = serve(lambda n: (bodies[n], []))
    result = capture([definition(tmp_path, root, len(bodies))], options(tmp_path))
    assert result.ok == 2
    files = strict_files(result.run_dir)
    record = files["hostile/getThing-0.json"]
    assert record["response"]["data"] == {"a": "NaN", "b": ["Infinity", "-Infinity"], "c": "1e400", "d": 1.5}
    assert any("not finite" in m for m in record["response"]["messages"])
    assert files["hostile/getThing-1.json"]["response"]["messages"] == []


def test_non_ascii_header_values_are_not_a_traceback(tmp_path: Path, serve: Any) -> None:
    replies: list[Reply] = [
        (b'{"ok": 1}', [(b"X-Note", "café ☕".encode())]),
        (b'{"ok": 2}', [(b"Content-Type", b"application/json; charset=\xff\xfe")]),
        (b'{"ok": 3}', [(b"Retry-After", b"\xc3\xa9t\xc3\xa9"), (b"X-Bin", b"\x80\x81\xfe")]),
    ]
    root = serve(lambda n: replies[n])
    result = capture([definition(tmp_path, root, len(replies))], options(tmp_path))
    assert len(result.records) == 3
    assert {r.testIndex: r.response.data for r in result.records if r.outcome == "ok"}.get(0) == {"ok": 1}
    strict_files(result.run_dir)


def test_writer_refuses_non_strict_json_and_the_test_fails_instead(
    tmp_path: Path, serve: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import flowlint.capture.http as http
    from flowlint.captures.store import write_json

    with pytest.raises(ValueError):
        write_json(tmp_path / "nan.json", {"x": float("nan")})
    with pytest.raises(ValueError):
        write_json(tmp_path / "surrogate.json", {"x": "\ud800"})
    assert not list(tmp_path.glob("*.json"))

    # values the decoder let through (here forced): a lone surrogate fails its test, not the run;
    # a non-finite float is written as a string by write_record
    values: list[Any] = [{"x": float("inf")}, {"y": "\udc80"}, {"z": 1}]
    monkeypatch.setattr(http, "decode_body", lambda *args: http.DecodedBody(values.pop(0)))
    root = serve(lambda n: (b"{}", []))
    result = capture([definition(tmp_path, root, 3)], options(tmp_path, concurrency=1))
    assert [r.outcome for r in result.records] == ["ok", "failed", "ok"]
    assert "cannot be stored as JSON" in (result.records[1].reason or "")
    files = strict_files(result.run_dir)
    assert len(files) == 4 and files["hostile/getThing-0.json"]["response"]["data"] == {"x": "Infinity"}


def test_write_record_keeps_non_finite_floats_as_strings(tmp_path: Path) -> None:
    from flowlint.captures.records import CaptureRecord, read_record
    from flowlint.captures.store import record_path, write_record

    data = {"a": float("nan"), "b": [float("inf"), float("-inf"), 1.5]}
    record = CaptureRecord.model_validate(
        {
            "namespace": "ns",
            "toolName": "t",
            "testIndex": 0,
            "timestamp": "x",
            "response": {"status": True, "data": data},
        }
    )
    path = record_path(tmp_path, write_record(tmp_path, record, None))
    assert strict_files(tmp_path)["ns/t-0.json"]["response"]["data"] == {
        "a": "NaN",
        "b": ["Infinity", "-Infinity", 1.5],
    }
    assert read_record(path).response.data["b"][2] == 1.5


# --- a capture folder that cannot be written ------------------------------------------------------


class _FullDisk:
    """Stands in for `os` in flowlint.core.fileio: the first `room` files are written, then every write
    fails with ENOSPC, as on a disk that fills up during the run."""

    def __init__(self, room: int) -> None:
        self.room = room

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def fdopen(self, handle: int, mode: str) -> Any:
        stream = os.fdopen(handle, mode)
        if self.room > 0:
            self.room -= 1
            return stream
        stream.close()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_full_disk_stops_the_run_with_a_message(tmp_path: Path, serve: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import flowlint.core.fileio as fileio

    root = serve(lambda n: (b'{"n": %d}' % n, []))
    path = definition(tmp_path, root, 6)
    monkeypatch.setattr(fileio, "os", _FullDisk(room=2))
    result = capture([path], options(tmp_path, concurrency=1))
    assert result.write_error is not None and "No space left on device" in result.write_error
    assert len(result.records) == 2 and result.not_run == 4 and not result.metrics_written
    assert "2 records were written before it" in result.summary()
    monkeypatch.undo()
    files = strict_files(result.run_dir)
    assert sorted(files) == ["hostile/getThing-0.json", "hostile/getThing-1.json"]


def test_unwritable_namespace_folder_exits_2_with_a_message(
    tmp_path: Path, serve: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import flowlint.capture.runner as runner
    from flowlint.captures.store import make_run_dir

    def blocked_run_dir(base: Path) -> Path:  # the namespace's folder name is taken by a file
        folder = make_run_dir(base)
        (folder / "hostile").write_text("not a folder", encoding="utf-8")
        return folder

    root = serve(lambda n: (b"{}", []))
    path = definition(tmp_path, root, 3)
    monkeypatch.setattr(runner, "make_run_dir", blocked_run_dir)
    cli = invoke_cli("capture", str(path), "-o", str(tmp_path / "out"), "--delay", "0", "-q", cwd=tmp_path)
    assert cli.returncode == 2, cli.stderr
    assert "capture stopped, cannot write" in cli.stderr and "0 records were written" in cli.stderr
    assert "metrics.json not written" in cli.stderr
    assert "Traceback" not in cli.stderr


def test_output_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "out").write_text("a file", encoding="utf-8")
    path = definition(tmp_path, "http://127.0.0.1:9", 1)
    cli = invoke_cli("capture", str(path), "-o", str(tmp_path / "out" / "sub"), "-q", cwd=tmp_path)
    assert cli.returncode == 2 and "cannot create a run folder" in cli.stderr, cli.stderr


# --- interrupts -------------------------------------------------------------------------------------


@pytest.mark.parametrize("signals", [[signal.SIGTERM], [signal.SIGINT], [signal.SIGINT, signal.SIGINT]])
def test_interrupt_still_writes_metrics_and_summary(tmp_path: Path, serve: Any, signals: list[int]) -> None:
    blocked = threading.Event()
    release = threading.Event()

    def reply(n: int) -> Reply:
        if n == 1:
            blocked.set()
            release.wait(20)
        return b'{"n": %d}' % n, []

    root = serve(reply)
    path = definition(tmp_path, root, 3)
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV")}
    command = [sys.executable, "-m", "flowlint", "capture", str(path), "-o", "out", "--delay", "0", "--timeout", "3"]
    child = subprocess.Popen(
        [*command, "--retries", "0", "-q"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # as under a CI runner or `cmd &`: SIGINT ignored by inheritance; the CLI must set its own
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        assert blocked.wait(20), "the capture never reached the blocking call"
        for number in signals:
            time.sleep(0.3)
            child.send_signal(number)
        out, err = child.communicate(timeout=15)  # bounds a hang only
    finally:
        release.set()
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode not in (0, None), err
    assert "Traceback" not in err.decode()
    assert "interrupted" in out.decode(), (out, err)
    metrics = list((tmp_path / "out").rglob("metrics.json"))
    assert len(metrics) == 1, err
    counts = json.loads(metrics[0].read_text())["counts"]
    if signals == [signal.SIGINT]:  # the call in flight ends (here: times out) and is recorded
        assert counts == {"total": 2, "ok": 1, "failed": 1, "skipped": 0, "rawData": 0}, err
    else:  # SIGTERM or a second Ctrl-C: metrics.json is written without waiting for it
        assert counts == {"total": 1, "ok": 1, "failed": 0, "skipped": 0, "rawData": 0}, err
    # No wait for the call in flight after SIGTERM: shown by the counts (the call blocks until the
    # test releases it, so waiting for it would have recorded it), not by a wall-clock budget.


# ------------------------------------------------------------------------ capture --via-mcp

# A raw stdio MCP server (no SDK): `tools/call` answers with the hostile line its `id` argument names.
RAW_MCP_SERVER = r"""
import json, sys
out = sys.stdout.buffer
HOSTILE = {
    "surrogate": b'"content":[{"type":"text","text":"{\\"v\\": \\"x\\ud800y\\"}"}]',
    "surrogate-text": b'"content":[{"type":"text","text":"plain \\udc80 text"}]',
    "bad-utf8": b'"content":[{"type":"text","text":"{\\"v\\": \\"x\xff\xfey\\"}"}]',
    "structured-key": b'"content":[],"structuredContent":{"k\\udfff":"v"}',
    "huge-number": b'"content":[],"structuredContent":{"v":' + b"9" * 5000 + b"}",
    "too-deep": b'"content":[],"structuredContent":{"v":' + b"[" * 300 + b"]" * 300 + b"}",
    "not-json": b'"content": oops',
}
for line in sys.stdin.buffer:
    message = json.loads(line)
    method, ident = message.get("method"), message.get("id")
    if ident is None:
        continue
    if method == "tools/call":
        kind = message["params"]["arguments"]["id"]
        if kind in HOSTILE:
            head = b'{"jsonrpc":"2.0","id":' + json.dumps(ident).encode() + b',"result":{'
            out.write(head + HOSTILE[kind] + b"}}\n")
            out.flush()
            continue
        result = {"content": [{"type": "text", "text": json.dumps({"v": kind})}]}
    elif method == "initialize":
        result = {"protocolVersion": message["params"]["protocolVersion"], "capabilities": {"tools": {}},
                  "serverInfo": {"name": "hostile", "version": "1"}}
    elif method == "tools/list":
        result = {"tools": [{"name": "get_thing_demo", "inputSchema": {"type": "object"}}]}
    else:
        result = {}
    out.write(json.dumps({"jsonrpc": "2.0", "id": ident, "result": result}).encode() + b"\n")
    out.flush()
"""

MCP_DEFINITION = """
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo.', version: '3.0.0', root: 'https://example.invalid',
    tools: {
        getThing: {
            method: 'GET', path: '/thing', description: 'Get a thing.',
            parameters: [ { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' },
                            z: { primitive: 'string()', options: [] } } ],
            tests: [ %s ]
        }
    }
}
"""


def keyed_mcp_definition(tests: str) -> str:
    """MCP_DEFINITION declaring API_KEY, with `tests`."""
    keyed = "root: 'https://example.invalid', requiredServerParams: [ 'API_KEY' ],"
    return MCP_DEFINITION.replace("root: 'https://example.invalid',", keyed) % tests


@pytest.mark.timeout(60)
def test_via_mcp_answers_that_are_not_strict_utf8_fail_one_test_each(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from flowlint.mcp.client import capture_via_mcp

    kinds = ["fine", "surrogate", "surrogate-text", "bad-utf8", "structured-key", "huge-number", "too-deep", "not-json"]
    kinds.append("after")
    path = tmp_path / "demo.mjs"
    path.write_text(MCP_DEFINITION % ", ".join(f"{{ _description: '{k}', id: '{k}' }}" for k in kinds))
    server = tmp_path / "server.py"
    server.write_text(RAW_MCP_SERVER)
    result = capture_via_mcp(
        [path], CaptureOptions(output=tmp_path / "out", via_mcp=f"{sys.executable} {server}", timeout=10, delay=0)
    )
    reasons = {outcome.testIndex: outcome.reason for outcome in result.records}
    assert not any("within 10s" in (reason or "") for reason in reasons.values()), reasons  # none timed out
    assert (result.ok, result.failed) == (2, 7), reasons
    assert reasons[0] is None and reasons[8] is None  # the run goes on after invalid UTF-8
    assert "lone surrogate (\\ud800)" in (reasons[1] or "") and "lone surrogate (\\udc80)" in (reasons[2] or "")
    assert reasons[3] == "the answer is not valid UTF-8 (byte 0xff at offset 79)"
    assert reasons[4] is not None and "lone surrogate (\\udfff)" in reasons[4]
    assert result.run_dir is not None
    files = strict_files(result.run_dir)
    unreadable = "the answer is not a message the MCP client can read (Invalid JSON: "
    assert (reasons[5] or "").startswith(unreadable + "number out of range")
    assert (reasons[6] or "").startswith(unreadable + "recursion limit exceeded")
    assert (reasons[7] or "").startswith(unreadable + "expected value")
    assert files["demo/getThing-8.json"]["response"]["data"] == {"v": "after"}
    assert files["demo/getThing-3.json"]["response"]["status"] is False


def test_the_relay_bounds_a_line_and_answers_its_request(tmp_path: Path) -> None:
    import io

    from flowlint.mcp.relay import relay

    source = io.BytesIO(
        b'{"jsonrpc":"2.0","id":7,"result":{"text":"' + b"x" * 5000 + b'"}}\n'
        b'{"jsonrpc":"2.0","id":8,"result":{}}\n' + b"y" * 5000 + b"\n"
    )
    sink = io.BytesIO()
    relay(source, sink, limit=1000)
    first, second = sink.getvalue().splitlines()
    assert json.loads(first) == {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {
            "code": -32700,
            "message": "flowlint relay: the answer is longer than the 1,000-byte limit of a line",
        },
    }
    assert json.loads(second) == {"jsonrpc": "2.0", "id": 8, "result": {}}


def test_the_relay_never_turns_a_server_request_into_a_response() -> None:
    pytest.importorskip("mcp")
    from flowlint.mcp.relay import check_line

    request = b'{"jsonrpc":"2.0","id":3,"method":"sampling/createMessage","params":{"v":"\\ud800"}}'
    assert check_line(request) == request  # the SDK decides; an error for id 3 would answer our own call 3
    assert (
        check_line(b'{"jsonrpc":"2.0","id":3,"method":"x"} \xff')
        == '{"jsonrpc":"2.0","id":3,"method":"x"} \ufffd'.encode()
    )
    fine = b'{"jsonrpc":"2.0","id":3,"result":{"v":"caf\xc3\xa9"}}'
    assert check_line(fine) == fine


# A raw stdio MCP server that floods its stderr before it dies on the first call.
FLOODING_SERVER = r"""
import json, sys
for line in sys.stdin.buffer:
    message = json.loads(line)
    method, ident = message.get("method"), message.get("id")
    if ident is None:
        continue
    if method == "tools/call":
        for _ in range(40):
            sys.stderr.buffer.write(b"noise " * 100_000 + b"\n")
        sys.stderr.buffer.write(b"fatal: out of cheese\n")
        sys.stderr.flush()
        sys.exit(3)
    result = {"protocolVersion": message["params"]["protocolVersion"], "capabilities": {"tools": {}},
              "serverInfo": {"name": "flood", "version": "1"}} if method == "initialize" else {}
    if method == "tools/list":
        result = {"tools": [{"name": "get_thing_demo", "inputSchema": {"type": "object"}}]}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": ident, "result": result}) + "\n")
    sys.stdout.flush()
"""


@pytest.mark.timeout(60)
def test_via_mcp_a_server_flooding_stderr_is_kept_to_a_megabyte_and_its_last_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("mcp")
    import tempfile

    from flowlint.mcp import client

    logs: list[Path] = []

    def recorded(**options: Any) -> Any:  # the stderr log, kept on disk to be measured
        handle = tempfile.NamedTemporaryFile(dir=tmp_path, delete=False, **options)
        logs.append(Path(handle.name))
        return handle

    monkeypatch.setattr(client.tempfile, "TemporaryFile", recorded)
    path = tmp_path / "demo.mjs"
    path.write_text(MCP_DEFINITION % "{ _description: 'one', id: 'a' }")
    server = tmp_path / "server.py"
    server.write_text(FLOODING_SERVER)
    result = client.capture_via_mcp(
        [path], CaptureOptions(output=tmp_path / "out", via_mcp=f"{sys.executable} {server}", timeout=10, delay=0)
    )
    [outcome] = result.records
    assert outcome.outcome == "failed"
    assert "the MCP server exited (stderr: fatal: out of cheese)" in (outcome.reason or ""), outcome.reason
    [log] = logs
    assert log.stat().st_size < 1_100_000  # 24 MB were written to stderr


# A raw stdio MCP server that closes its stdout on the first call and lingers, as a daemonizing one would:
# it stays until its stdin is closed, which the client does when it stops it (a server that ignored that
# too would add the MCP SDK's two-second wait before it terminates the server, twice, and test nothing more).
CLOSING_SERVER = FLOODING_SERVER.replace(
    """        for _ in range(40):
            sys.stderr.buffer.write(b"noise " * 100_000 + b"\\n")
        sys.stderr.buffer.write(b"fatal: out of cheese\\n")
        sys.stderr.flush()
        sys.exit(3)""",
    """        import os
        sys.stdout.flush()
        os.close(1)
        sys.stdin.buffer.read()""",
)


@pytest.mark.timeout(60)
def test_via_mcp_a_server_that_closes_stdout_but_lingers_fails_at_once(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from flowlint.mcp.client import capture_via_mcp

    assert "os.close(1)" in CLOSING_SERVER
    path = tmp_path / "demo.mjs"
    path.write_text(MCP_DEFINITION % "{ _description: 'one', id: 'a' }, { _description: 'two', id: 'b' }")
    server = tmp_path / "server.py"
    server.write_text(CLOSING_SERVER)
    result = capture_via_mcp(
        [path], CaptureOptions(output=tmp_path / "out", via_mcp=f"{sys.executable} {server}", timeout=10, delay=0)
    )
    # the relay passes the end of stdout on: the reason is the exit, not "no answer ... within 10s"
    assert [outcome.reason for outcome in result.records] == ["the MCP server exited"] * 2


# --- issue 20: what a definition may make capture send ------------------------------------------------

ENV_SECRET = "ghp_fromTheCiEnvironment42"

UNDECLARED = {
    "namespace": "leaky",
    "required": "'API_KEY'",
    "headers": "'X-Token': '{{GITHUB_TOKEN}}', 'X-Other': 'token {{SERVER_PARAM:GITHUB_TOKEN}}', 'X-Key': '{{API_KEY}}'",
    "path": "/thing/{{GITHUB_TOKEN}}",
    "parameters": "{ position: { key: 'q', value: '{{SERVER_PARAM:GITHUB_TOKEN}}', location: 'query' }, "
    "z: { primitive: 'string()', options: [] } }",
    "tests": "{ _description: 'one' }",
}


@pytest.fixture
def recorder(http_servers: Callable[[type[BaseHTTPRequestHandler]], str]) -> tuple[str, list[dict[str, Any]]]:
    """An echo server on 127.0.0.1 that keeps each request's raw path and headers."""
    seen: list[dict[str, Any]] = []

    class Handler(_Quiet):
        def do_GET(self) -> None:
            seen.append({"path": self.path, "headers": dict(self.headers.items())})
            body = b'{"ok": true}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return http_servers(Handler), seen


def test_undeclared_placeholders_are_never_filled_from_the_environment(
    tmp_path: Path, recorder: tuple[str, list[dict[str, Any]]]
) -> None:
    root, seen = recorder
    path = definition(tmp_path, root, 1, **UNDECLARED)
    environ = {"GITHUB_TOKEN": ENV_SECRET, "API_KEY": "declared-key-1"}
    result = capture([path], options(tmp_path, environ=environ))
    [request] = seen
    assert ENV_SECRET not in json.dumps(request)
    # as FlowMCP's runtime sends them: an unset server param in a header or a parameter value is ''
    # (fetch() then trims the header value), a placeholder in the path stays as written
    assert request["headers"]["X-Token"] == "" and request["headers"]["X-Other"] == "token"
    assert request["headers"]["X-Key"] == "declared-key-1"  # a declared one is filled
    assert request["path"] == "/thing/%7B%7BGITHUB_TOKEN%7D%7D?q="
    [record] = result.records
    assert record.outcome == "ok"
    assert record.model_dump().get("undeclaredServerParams") == ["GITHUB_TOKEN"]
    assert "GITHUB_TOKEN" in result.summary() and "requiredServerParams" in result.summary()


def rooted(folder: Path, namespace: str, root: str) -> Path:
    """A definition with two tests that declares PORT_TOKEN."""
    return definition(folder, root, 2, namespace=namespace, required="'PORT_TOKEN'")


def written_text(folder: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*")) if p.is_file())


def test_a_secret_that_makes_the_url_invalid_reaches_no_output_and_the_run_goes_on(
    tmp_path: Path, recorder: tuple[str, list[dict[str, Any]]]
) -> None:
    root, seen = recorder
    rooted(tmp_path, "aleak", "https://api.x.test:{{SERVER_PARAM:PORT_TOKEN}}")
    rooted(tmp_path, "fine", root)
    cli = invoke_cli(
        "capture", ".", "-o", "out", "--delay", "0", "--retries", "0", "-q",
        cwd=tmp_path, env={"PORT_TOKEN": "tok_abcdef123"},
    )  # fmt: skip
    assert cli.returncode == 1, cli.stderr
    assert "Traceback" not in cli.stderr
    everything = cli.stdout + cli.stderr + written_text(tmp_path / "out")
    assert "tok_abcdef123" not in everything
    assert "4 tests captured" in cli.stdout and "2 ok, 2 failed" in cli.stdout, cli.stdout
    assert len(seen) == 2  # the other definition was captured
    [run] = (tmp_path / "out").iterdir()
    leak = json.loads((run / "aleak" / "getThing-0.json").read_text())
    assert leak["outcome"] == "failed"
    assert leak["reason"] == (
        "not sent: the URL is not valid (Invalid port: '{{SERVER_PARAM:PORT_TOKEN}}'): "
        "https://api.x.test:{{SERVER_PARAM:PORT_TOKEN}}/thing?n=0"
    )
    assert json.loads((run / "aleak" / "metrics.json").read_text())["counts"]["failed"] == 2
    assert json.loads((run / "fine" / "metrics.json").read_text())["counts"]["ok"] == 2


def test_an_unexpected_error_in_one_call_fails_that_test_redacted(
    tmp_path: Path, recorder: tuple[str, list[dict[str, Any]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import flowlint.capture.http as http

    root, _seen = recorder
    path = rooted(tmp_path, "fine", root)
    real_send = http.HostLane.send
    calls: list[int] = []

    def send(self: Any, request: Any, redactor: Any = None) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("unexpected, with tok_abcdef123 in its text")
        return real_send(self, request, redactor)

    monkeypatch.setattr(http.HostLane, "send", send)
    result = capture([path], options(tmp_path, environ={"PORT_TOKEN": "tok_abcdef123"}, concurrency=1))
    assert [r.outcome for r in result.records] == ["failed", "ok"]
    assert result.records[0].reason == (
        "flowlint could not send this request (RuntimeError: unexpected, with {{SERVER_PARAM:PORT_TOKEN}} in its text)"
    )
    assert "tok_abcdef123" not in written_text(result.run_dir)


@pytest.mark.parametrize(
    ("root", "why"),
    [("https://[::1", "Invalid IPv6 URL"), ("https://api.x.test:abc", "Invalid port: 'abc'")],
)
def test_an_invalid_static_root_fails_its_definition_only(
    tmp_path: Path, recorder: tuple[str, list[dict[str, Any]]], root: str, why: str
) -> None:
    good, seen = recorder
    bad = rooted(tmp_path, "broken", root)
    fine = rooted(tmp_path, "fine", good)
    result = capture([bad, fine], options(tmp_path, environ={"PORT_TOKEN": "x"}))
    outcomes = {(r.namespace, r.testIndex): (r.outcome, r.reason) for r in result.records}
    assert outcomes[("fine", 0)] == ("ok", None) and outcomes[("fine", 1)] == ("ok", None)
    assert outcomes[("broken", 0)] == ("failed", f"not sent: the URL is not valid ({why}): {root}/thing?n=0")
    assert len(seen) == 2 and result.failed == 2
    assert sorted(p.parent.name for p in result.run_dir.rglob("metrics.json")) == ["broken", "fine"]


@pytest.fixture
def dripping() -> Iterator[str]:
    """A raw-socket server on 127.0.0.1 that answers `HTTP/1.1 200 OK` and then sends one header byte
    every 0.5 s (for at most 60 s, or until the client goes away): each read gets data in time."""
    import socket

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    done = threading.Event()

    def drip(conn: socket.socket) -> None:
        with conn:
            try:
                conn.recv(65536)
                conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                for _ in range(120):
                    if done.wait(0.5):
                        return
                    conn.sendall(b"a")
            except OSError:
                return

    def accept() -> None:
        while not done.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=drip, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    done.set()
    listener.close()


@pytest.mark.timeout(60)
def test_headers_sent_slowly_cannot_outlast_the_timeout(tmp_path: Path, dripping: str) -> None:
    path = definition(tmp_path, dripping, 1)
    started = time.monotonic()
    result = capture([path], options(tmp_path, timeout=1.0))
    took = time.monotonic() - started
    [record] = result.records
    assert record.outcome == "failed" and (record.reason or "").startswith("timed out after 1 s"), record.reason
    assert took < 30, took  # a bound on a hang only: the drip lasts 60 s


# Answers whose text content is JSON that cannot be stored: a lone surrogate escaped inside the text
# (valid Unicode as text, a lone surrogate once parsed) and a 900-deep array.
INNER_MCP_SERVER = RAW_MCP_SERVER.replace(
    r"""    "not-json": b'"content": oops',""",
    r"""    "not-json": b'"content": oops',
    "inner-surrogate": b'"content":[{"type":"text","text":"{\\"v\\": \\"\\\\ud800\\"}"}]',
    "deep-text": b'"content":[{"type":"text","text":"' + b"[" * 900 + b"]" * 900 + b'"}]',""",
)


@pytest.mark.timeout(60)
def test_via_mcp_text_answers_that_cannot_be_stored_fail_one_test_each(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from flowlint.mcp.client import capture_via_mcp

    assert "inner-surrogate" in INNER_MCP_SERVER
    kinds = ["fine", "inner-surrogate", "deep-text", "after"]
    path = tmp_path / "demo.mjs"
    path.write_text(MCP_DEFINITION % ", ".join(f"{{ _description: '{k}', id: '{k}' }}" for k in kinds))
    server = tmp_path / "server.py"
    server.write_text(INNER_MCP_SERVER)
    result = capture_via_mcp(
        [path], CaptureOptions(output=tmp_path / "out", via_mcp=f"{sys.executable} {server}", timeout=10, delay=0)
    )
    reasons = {outcome.testIndex: (outcome.outcome, outcome.reason) for outcome in result.records}
    assert reasons[0] == ("ok", None) and reasons[3] == ("ok", None), reasons
    assert reasons[1] == (
        "failed",
        "the answer's text is JSON that holds an invalid Unicode escape (a lone surrogate such as \\ud800)",
    )
    assert reasons[2] == ("failed", f"the answer's text is JSON that is nested deeper than {MAX_DEPTH} levels")
    assert result.run_dir is not None
    strict_files(result.run_dir)


@pytest.mark.timeout(60)
def test_via_mcp_metrics_never_hold_the_server_command_line(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    path = tmp_path / "demo.mjs"
    path.write_text(MCP_DEFINITION % "{ _description: 'one', id: 'a' }")
    server = tmp_path / "server.py"
    server.write_text(RAW_MCP_SERVER)
    secret = "sk_live_commandLineSecret9"
    cli = invoke_cli(
        "capture", "demo.mjs", "-o", "out", "--delay", "0", "-q",
        "--via-mcp", f"{sys.executable} {server} --api-key {secret}",
        cwd=tmp_path,
    )  # fmt: skip
    assert cli.returncode == 0, cli.stderr
    [metrics] = (tmp_path / "out").rglob("metrics.json")
    assert json.loads(metrics.read_text())["server"] == sys.executable
    assert secret not in written_text(tmp_path / "out") + cli.stdout + cli.stderr


def test_a_base_url_query_is_kept_after_the_path_and_its_values_redacted(
    tmp_path: Path, recorder: tuple[str, list[dict[str, Any]]]
) -> None:
    root, seen = recorder
    path = definition(tmp_path, "https://api.example.invalid", 1)
    cli = invoke_cli(
        "capture", str(path), "-o", "out", "--delay", "0", "-q",
        "--base-url", f"hostile={root}/base?api_key=qs_secret_12345",
        cwd=tmp_path,
    )  # fmt: skip
    assert cli.returncode == 0, cli.stderr
    [request] = seen
    assert request["path"] == "/base/thing?api_key=qs_secret_12345&n=0"
    assert "qs_secret_12345" not in written_text(tmp_path / "out") + cli.stdout + cli.stderr
    [record] = (tmp_path / "out").rglob("getThing-0.json")
    assert json.loads(record.read_text())["url"] == f"{root}/base/thing?api_key={{{{BASE_URL_QUERY}}}}&n=0"


def test_a_header_value_fetch_refuses_fails_its_test_as_node_does(
    tmp_path: Path, recorder: tuple[str, list[dict[str, Any]]]
) -> None:
    # node's fetch: `new Headers({'X-Uni': 'café ☃'})` throws "Cannot convert argument to a ByteString
    # because the character at index 5 has a value of 9731"; 'café' (all code points < 256) is sent,
    # as the bytes of those code points (latin-1)
    root, seen = recorder
    for namespace, value in [("snowman", "café ☃"), ("latin", "café")]:
        definition(tmp_path, root, 1, namespace=namespace, headers=f"'X-Uni': '{value}'")
    cli = invoke_cli("capture", ".", "-o", "out", "--delay", "0", "--retries", "0", "-q", cwd=tmp_path)
    assert cli.returncode == 1 and "Traceback" not in cli.stderr, cli.stderr
    records = {p.parent.name: json.loads(p.read_text()) for p in (tmp_path / "out").rglob("getThing-0.json")}
    assert records["latin"]["outcome"] == "ok"
    assert records["snowman"]["outcome"] == "failed"
    assert records["snowman"]["reason"] == (
        "not sent: header 'X-Uni' is not a valid header value for fetch(): the character at index 5 "
        "(U+2603) is above U+00FF (a header value is a ByteString)"
    )
    [request] = seen
    assert request["headers"]["X-Uni"] == "café"  # http.server reads header bytes as latin-1


def test_a_file_name_that_is_not_utf8_is_escaped_in_records_and_neighbours_are_captured(
    tmp_path: Path, recorder: tuple[str, list[dict[str, Any]]]
) -> None:
    root, seen = recorder
    folder = tmp_path / "defs"
    folder.mkdir()
    odd = os.path.join(os.fsencode(folder), b"def\xff\xfe.mjs")
    with open(odd, "wb") as handle:
        handle.write(definition_text(root, 2, namespace="odd", required="'PORT_TOKEN'").encode())
    rooted(folder, "good", root)
    cli = invoke_cli("capture", "defs", "-o", "out", "--delay", "0", "-q", cwd=tmp_path, env={"PORT_TOKEN": "x"})
    assert cli.returncode == 0 and "Traceback" not in cli.stderr, cli.stderr
    assert "4 tests captured" in cli.stdout and len(seen) == 4
    records = {p.parent.name: json.loads(p.read_text()) for p in (tmp_path / "out").rglob("getThing-1.json")}
    assert records["odd"]["definitionPath"] == os.path.join("defs", "def\\xff\\xfe.mjs")
    assert records["good"]["outcome"] == "ok"


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\xff\xfe"


def test_binary_bodies_are_stored_losslessly_and_declared_charsets_are_read(tmp_path: Path, serve: Any) -> None:
    import base64

    replies = [
        ("image/png", PNG),
        ("text/plain; charset=ISO-8859-1", "café crème".encode("latin-1")),
        ("application/json; charset=utf-16", json.dumps({"v": "café ☃"}, ensure_ascii=False).encode("utf-16")),
        ("text/plain; charset=utf-16le", "naïve ☃".encode("utf-16-le")),
        ("application/octet-stream", b"\x00\x01\xfe\xff"),
        ("text/plain", "plain ☃".encode()),
    ]
    root = serve(lambda n: (replies[n][1], [(b"Content-Type", replies[n][0].encode())]))
    result = capture([definition(tmp_path, root, len(replies))], options(tmp_path))
    records = {r.testIndex: r for r in result.records}
    assert all(r.outcome == "ok" for r in records.values()), [r.reason for r in records.values()]
    png = records[0].model_dump()
    assert png["bodyEncoding"] == "base64" and base64.b64decode(png["response"]["data"]) == PNG
    assert records[1].response.data == "café crème" and "bodyEncoding" not in records[1].model_dump()
    assert records[2].response.data == {"v": "café ☃"}
    assert records[2].response.messages == ["read as utf-16, as declared: FlowMCP's response.json() reads UTF-8 only"]
    assert records[3].response.data == "naïve ☃"
    assert base64.b64decode(records[4].response.data) == b"\x00\x01\xfe\xff"
    assert records[5].response.data == "plain ☃"
    files = strict_files(result.run_dir)
    assert "\ufffd" not in json.dumps(files, ensure_ascii=False)

    # verify and schema read the base64 text as FlowMCP describes binary data: a base64 string
    [stored] = result.run_dir.rglob("getThing-0.json")
    made = invoke_cli("schema", "--from-response", str(stored), cwd=tmp_path)
    assert json.loads(made.stdout) == {"mimeType": "image/png", "schema": {"type": "string", "format": "base64"}}
    png_tool = (
        (tmp_path / "hostile.mjs")
        .read_text()
        .replace(
            "tests: [",
            "output: { mimeType: 'image/png', schema: { type: 'string', format: 'base64' } },\n            tests: [",
        )
    )
    (tmp_path / "hostile.mjs").write_text(png_tool)
    only_png = tmp_path / "png-run"
    (only_png / "hostile").mkdir(parents=True)
    (only_png / "hostile" / "getThing-0.json").write_bytes(stored.read_bytes())
    checked = invoke_cli("verify", "hostile.mjs", "--captures", str(only_png), cwd=tmp_path)
    assert checked.returncode == 0 and "VER001" not in checked.stdout, checked.stdout + checked.stderr
    assert "compared 1 capture" in checked.stderr


def test_a_name_that_does_not_resolve_is_not_called_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    real = socket.getaddrinfo

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host == "api.example.invalid":  # no query leaves the machine
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    result = capture([definition(tmp_path, "http://api.example.invalid", 2)], options(tmp_path, retries=1))
    reasons = [r.reason or "" for r in result.records]
    assert reasons[0].startswith("the name api.example.invalid did not resolve (2 attempts"), reasons
    assert "refused" not in " ".join(reasons)
    assert reasons[1].startswith("not sent: the name api.example.invalid did not resolve")


def test_via_mcp_without_the_mcp_sdk_names_the_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)  # `import mcp` fails, as without the extra
    path = tmp_path / "demo.mjs"
    path.write_text(MCP_DEFINITION % "{ _description: 'one', id: 'a' }")
    cli = invoke_cli("capture", "demo.mjs", "-o", "out", "--via-mcp", f"{sys.executable} server.py", cwd=tmp_path)
    assert cli.returncode == 2 and "Traceback" not in cli.stderr
    assert "--via-mcp needs the MCP SDK: pip install 'flowmcp-lint[mcp]'" in cli.stderr, cli.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.timeout(60)
def test_via_mcp_a_server_that_prints_a_secret_and_dies_reaches_no_output_with_it(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    secret = "sk_live_printedOnStderr77"
    path = tmp_path / "demo.mjs"
    path.write_text(keyed_mcp_definition("{ _description: 'one', id: 'a' }"))
    server = tmp_path / "server.py"
    # the SDK starts a server with a minimal environment: this one has the key in its own configuration
    server.write_text(f"import sys\nsys.stderr.write('rejected key {secret}\\n')\nsys.exit(3)\n")
    cli = invoke_cli(
        "capture", "demo.mjs", "-o", "out", "-q", "--timeout", "5", "--via-mcp", f"{sys.executable} {server}",
        cwd=tmp_path, env={"API_KEY": secret},
    )  # fmt: skip
    assert cli.returncode == 1 and "Traceback" not in cli.stderr
    assert "rejected key {{SERVER_PARAM:API_KEY}}" in cli.stderr + written_text(tmp_path / "out"), cli.stderr
    assert secret not in cli.stdout + cli.stderr + written_text(tmp_path / "out")


# --- issue 28: bounded decoding, and no secret in any form ------------------------------------------


def _gzip(data: bytes, times: int = 1) -> bytes:
    import gzip

    for _ in range(times):
        data = gzip.compress(data, compresslevel=9)
    return data


def test_a_body_decoder_inflates_in_bounded_steps_and_stops_at_the_limit() -> None:
    # `gzip, gzip` of 300 MB of zeros is 1 KB: httpx inflated the inner layer's whole output in one call.
    from flowlint.capture.http import DECODE_STEP, BodyDecoder, BodyTooLarge

    bomb = _gzip(b"\0" * 300_000_000, times=2)
    assert len(bomb) < 2_000
    decoder = BodyDecoder(["gzip", " GZIP"], limit=10_000_000)
    produced = 0
    with pytest.raises(BodyTooLarge, match="larger than 10000000 bytes"):
        for piece in decoder.feed(bomb):
            assert len(piece) <= DECODE_STEP
            produced += len(piece)
    assert produced <= 10_000_000
    plain = BodyDecoder(["identity"], limit=100)
    assert b"".join([*plain.feed(b"abc"), *plain.flush()]) == b"abc"
    with pytest.raises(BodyTooLarge, match="lists 6 content codings; at most 5"):
        BodyDecoder(["gzip"] * 6, limit=100)


def test_a_decompression_bomb_fails_its_test_in_bounded_memory(tmp_path: Path, serve: Any) -> None:
    import tracemalloc

    replies: list[Reply] = [
        (_gzip(b"\0" * 300_000_000, times=2), [(b"Content-Encoding", b"gzip, gzip")]),
        (_gzip(b'{"ok": 1}', times=5), [(b"Content-Encoding", b"gzip,gzip, gzip ,gzip,gzip")]),
        (_gzip(b'{"ok": 1}', times=6), [(b"Content-Encoding", b", ".join([b"gzip"] * 6))]),
        (b"\x1f\x8b not gzip", [(b"Content-Encoding", b"gzip")]),
        (b'{"ok": "br"}', [(b"Content-Encoding", b"br")]),
    ]
    root = serve(lambda n: replies[n])
    tracemalloc.start()
    try:
        result = capture([definition(tmp_path, root, len(replies))], options(tmp_path, concurrency=1))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 150_000_000, peak  # before: the 300 MB layer was inflated whole (2 GB from 1.8 KB)
    by_index = {r.testIndex: r for r in result.records}
    assert by_index[0].outcome == "failed"
    assert by_index[0].reason == "response body larger than 52428800 bytes (decoded)"
    assert by_index[1].outcome == "ok" and by_index[1].response.data == {"ok": 1}
    assert by_index[2].reason == "response lists 6 content codings; at most 5 are decoded"
    assert by_index[3].outcome == "failed" and "connection error" in (by_index[3].reason or "")
    assert by_index[4].outcome == "ok" and by_index[4].response.data == {"ok": "br"}
    assert "Content-Encoding br is not decoded: the body is kept as sent" in by_index[4].response.messages


KEYED = {"namespace": "keyed", "required": "'API_KEY'", "headers": "'X-Key': '{{SERVER_PARAM:API_KEY}}'"}
KEY = "sk_live_Ab12Cd34Ef56"


def everything_written(result: Any) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(result.run_dir.rglob("*")) if path.is_file())


@pytest.mark.parametrize(
    ("content_type", "encode"),
    [(b"application/octet-stream", "utf-8"), (b"text/plain; charset=utf-8", "utf-16-le"), (b"image/png", "latin-1")],
)
def test_a_body_stored_as_base64_holds_no_secret(tmp_path: Path, serve: Any, content_type: bytes, encode: str) -> None:
    # Redaction ran over the record's strings: the base64 of a non-text body kept the key.
    body = b"\x89\xff binary " + f"echo {KEY} back".encode(encode) + b" \xfe\x00"
    root = serve(lambda n: (body, [(b"Content-Type", content_type)]))
    result = capture([definition(tmp_path, root, 1, **KEYED)], options(tmp_path, environ={"API_KEY": KEY}))
    [record] = result.records
    assert record.model_dump().get("bodyEncoding") == "base64"
    stored = base64.b64decode(record.response.data)
    assert KEY.encode(encode) not in stored and b"{{SERVER_PARAM:API_KEY}}" in stored
    assert KEY.encode() not in everything_written(result)


@pytest.mark.parametrize(("status", "size"), [(500, 495), (200, 64 * 1024 - 8)])
def test_no_cut_leaves_part_of_a_secret(tmp_path: Path, serve: Any, status: int, size: int) -> None:
    # The 500-character error excerpt and the 64 KiB text limit cut first and redacted after: all but
    # the last characters of the key survived.
    body = b"x" * size + KEY.encode() + b" and more text after it" * 10

    def reply(n: int) -> Reply:
        return body, [(b"Content-Type", b"text/plain")]

    class Failing(_Quiet):
        def do_GET(self) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    root = serve(reply) if status == 200 else _serve_handler(tmp_path, Failing)
    result = capture([definition(tmp_path, root, 1, **KEYED)], options(tmp_path, environ={"API_KEY": KEY}))
    written = everything_written(result)
    assert KEY[:8].encode() not in written  # not even a prefix
    assert b"x{{SER" in written  # what is cut is the token


_HANDLER_SERVERS: list[Any] = []


def _serve_handler(tmp_path: Path, handler: type[BaseHTTPRequestHandler]) -> str:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True).start()
    _HANDLER_SERVERS.append(server)
    return f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(autouse=True)
def _stop_handler_servers() -> Iterator[None]:
    yield
    while _HANDLER_SERVERS:
        server = _HANDLER_SERVERS.pop()
        server.shutdown()
        server.server_close()


def test_a_secret_in_the_host_name_leaks_in_no_letter_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # httpx lower-cases a host: "the name mysecrettenant42.invalid did not resolve" kept the key.
    import socket

    real = socket.getaddrinfo

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if str(host).endswith(".invalid"):  # no query leaves the machine
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    tenant = "MySecretTenant42"
    path = definition(tmp_path, "http://{{TENANT}}.invalid", 2, namespace="tenant", required="'TENANT'")
    cli = invoke_cli(
        "capture", path.name, "-o", "out", "--delay", "0", "--retries", "0", cwd=tmp_path, env={"TENANT": tenant}
    )
    assert cli.returncode == 1 and "Traceback" not in cli.stderr
    everything = (cli.stdout + cli.stderr + written_text(tmp_path / "out")).lower()
    assert tenant.lower() not in everything
    assert "the name {{server_param:tenant}}.invalid did not resolve" in everything


def test_a_bare_placeholder_in_the_path_is_redacted_in_httpxs_encoding(
    tmp_path: Path, http_servers: Callable[[type[BaseHTTPRequestHandler]], str]
) -> None:
    # A bare {{KEY}} in the path goes out as httpx encodes it (a space as %20, `!` kept); an echo of
    # that form was not known to the redactor.
    secret = 'sk live!"<key>|' + "x" * 6

    class Echo(_Quiet):
        def do_GET(self) -> None:
            body = json.dumps({"you asked for": self.path}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    root = http_servers(Echo)
    path = definition(tmp_path, root, 1, namespace="bare", required="'KEY'", path="/v1/{{KEY}}/thing")
    result = capture([path], options(tmp_path, environ={"KEY": secret}))
    [record] = result.records
    asked = record.response.data["you asked for"]
    assert asked.startswith("/v1/{{SERVER_PARAM:KEY}}/thing"), asked
    written = everything_written(result).decode()
    for form in (secret, "sk%20live", "sk live", "live!%22%3Ckey%3E"):
        assert form.lower() not in written.lower(), form


def test_a_redirect_to_another_origin_carrying_a_secret_is_not_followed(
    tmp_path: Path, http_servers: Callable[[type[BaseHTTPRequestHandler]], str]
) -> None:
    # A 307 re-sends the POST body, which held the key, to the other origin (curl, httpx and node do).
    landed: list[dict[str, Any]] = []

    class Elsewhere(_Quiet):
        def do_POST(self) -> None:
            landed.append({"path": self.path, "body": self.rfile.read(int(self.headers.get("Content-Length", 0)))})
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")

        do_GET = do_POST

    other = http_servers(Elsewhere)

    class Redirecting(_Quiet):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            n = parse_qs(urlsplit(self.path).query).get("n", ["0"])[0]
            location = {"0": f"{other}/landing", "1": f"{other}/landing?k={KEY}", "2": f"{other}/landing"}[n]
            self.send_response(307 if n != "2" else 303)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.end_headers()

    root = http_servers(Redirecting)
    body_param = (
        "{ position: { key: 'token', value: '{{SERVER_PARAM:API_KEY}}', location: 'body' }, "
        "z: { primitive: 'string()', options: [] } }, " + N_PARAMETER
    )
    text = definition_text(root, 3, namespace="posting", required="'API_KEY'", parameters=body_param)
    path = tmp_path / "posting.mjs"
    path.write_text(text.replace("method: 'GET'", "method: 'POST'"))
    result = capture([path], options(tmp_path, environ={"API_KEY": KEY}))
    by_index = {r.testIndex: r for r in result.records}
    assert by_index[0].reason == (
        "HTTP 307: redirect to another origin not followed: it would send the POST body, which holds a server "
        "param, again"
    )
    assert by_index[1].reason == "HTTP 307: redirect to another origin not followed: its URL holds a server param"
    assert by_index[2].outcome == "ok"  # a 303 turns the POST into a GET without a body: followed
    assert KEY not in json.dumps([{**seen, "body": seen["body"].decode()} for seen in landed])
    assert len(landed) == 1


def test_an_environment_value_that_is_not_utf8_is_no_traceback(tmp_path: Path, serve: Any) -> None:
    # os.environ keeps such bytes as surrogate escapes: quote() raised UnicodeEncodeError, the run
    # folder stayed empty.
    root = serve(lambda n: (b'{"ok": true}', []))
    keyed = {**KEYED, "headers": "", "parameters": "{ position: { key: 'k', value: '{{SERVER_PARAM:API_KEY}}', "
             "location: 'query' }, z: { primitive: 'string()', options: [] } }"}  # fmt: skip
    result = capture([definition(tmp_path, root, 1, **keyed)], options(tmp_path, environ={"API_KEY": "abc\udcffdefgh"}))
    [record] = result.records
    assert record.outcome == "ok"  # sent as node sends it: the bad byte as U+FFFD, percent-encoded
    assert record.url is not None and "{{SERVER_PARAM:API_KEY}}" in record.url
    assert b"abc" not in everything_written(result)


def test_an_environment_value_is_read_as_node_reads_it() -> None:
    """Each ill-formed byte sequence (a surrogate escape) one U+FFFD, and a surrogate that escapes no byte
    (a lone one, from a mapping given to the API) U+FFFD too, as node writes it: not `?`, which no runtime
    sends (a lone surrogate turned every bad character of the value into `?`, escaped bytes included)."""
    from flowlint.capture.env import build_environment

    environ = {"ESCAPED": "abc\udcffdef", "CUT": "a\udce2\udc82b", "LONE": "abc\ud800def\udcff", "OK": "caf\u00e9"}
    assert build_environment([], environ) == {
        "ESCAPED": "abc\ufffddef",
        "CUT": "a\ufffdb",  # one sequence cut short: one U+FFFD, as node decodes it
        "LONE": "abc\ufffddef\ufffd",
        "OK": "caf\u00e9",
    }


SQLITE_BIG = """
export const main = {
    namespace: 'big', name: 'Big', description: 'sqlite', version: '3.0.0', root: 'https://example.invalid',
    tools: {},
    resources: {
        data: {
            source: 'sqlite', description: 'data', origin: 'inline', name: 'data.db', mode: 'read-only',
            queries: {
                oneHugeValue: { sql: 'SELECT zeroblob(1000000000) AS b', description: 'x', parameters: [],
                    tests: [ { _description: 'x' } ] },
                manyRows: { sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 60000) SELECT randomblob(1000) AS b FROM c',
                    description: 'x', parameters: [], tests: [ { _description: 'x' } ] },
                secretBlob: { sql: 'SELECT blob FROM secrets', description: 'x', parameters: [],
                    tests: [ { _description: 'x' } ] }
            }
        }
    }
}
"""


def test_sqlite_values_and_rows_are_capped(tmp_path: Path) -> None:
    # zeroblob(1e9) wrote two 2 GB records at 7.8 GB of memory under --timeout 2.
    import sqlite3
    import tracemalloc

    (tmp_path / "resources").mkdir()
    with sqlite3.connect(tmp_path / "resources" / "data.db") as connection:
        connection.execute("CREATE TABLE secrets (blob BLOB)")
        connection.execute("INSERT INTO secrets VALUES (?)", (b"\x00key=" + KEY.encode() + b"\x01",))
    connection.close()
    path = tmp_path / "big.mjs"
    path.write_text(SQLITE_BIG.replace("tools: {},", "requiredServerParams: [ 'API_KEY' ], tools: {},"))
    tracemalloc.start()
    try:
        result = capture([path], options(tmp_path, environ={"API_KEY": KEY}, timeout=60))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 400_000_000, peak
    records = {r.toolName: r for r in result.records}
    assert records["data.oneHugeValue"].outcome == "failed"
    assert "string or blob too big (flowlint reads strings and blobs up to 8,388,608 bytes)" in (
        records["data.oneHugeValue"].reason or ""
    )
    assert records["data.manyRows"].reason == "the query's rows hold more than 52,428,800 bytes; not kept"
    secret = records["data.secretBlob"]
    assert secret.outcome == "ok" and KEY.encode().hex() not in json.dumps(secret.response.data)
    assert b"{{SERVER_PARAM:API_KEY}}".hex() in json.dumps(secret.response.data)


# A raw stdio MCP server that echoes a secret near the end of long texts: its command line's last
# argument in an isError answer, a JSON-RPC error and, when asked, on stderr before it dies.
ECHOING_MCP_SERVER = r"""
import json, sys
secret = sys.argv[-1]
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    message = json.loads(line)
    method, ident = message.get("method"), message.get("id")
    if ident is None:
        continue
    if method == "tools/call":
        kind = message["params"]["arguments"]["id"]
        if kind == "error":
            answer = {"error": {"code": -32000, "message": "y" * 290 + " bad key " + secret}}
        elif kind == "die":
            sys.stderr.write("z" * 190 + " " + secret + "\n")
            sys.stderr.flush()
            sys.exit(3)
        else:
            answer = {"result": {"isError": True, "content": [{"type": "text", "text": "w" * 295 + secret}]}}
        out.write(json.dumps({"jsonrpc": "2.0", "id": ident, **answer}).encode() + b"\n")
        out.flush()
        continue
    if method == "initialize":
        result = {"protocolVersion": message["params"]["protocolVersion"], "capabilities": {"tools": {}},
                  "serverInfo": {"name": "echoing", "version": "1"}}
    elif method == "tools/list":
        result = {"tools": [{"name": "get_thing_demo", "inputSchema": {"type": "object"}}]}
    else:
        result = {}
    out.write(json.dumps({"jsonrpc": "2.0", "id": ident, "result": result}).encode() + b"\n")
    out.flush()
"""


@pytest.mark.timeout(120)
def test_via_mcp_no_secret_survives_in_cut_lines_or_the_command_line(tmp_path: Path) -> None:
    # The error line (300 characters) and the stderr tail (200) were cut before redaction, and an
    # argument of the --via-mcp command line was no secret at all: all reached records and stderr.
    pytest.importorskip("mcp")
    argument = "sk_live_commandLine99"
    path = tmp_path / "demo.mjs"
    path.write_text(
        keyed_mcp_definition(
            "{ _description: 'is error', id: 'x' }, { _description: 'rpc error', id: 'error' }, "
            "{ _description: 'now', id: Date.now() }, { _description: 'dies', id: 'die' }"
        )
    )
    (tmp_path / "server.py").write_text(ECHOING_MCP_SERVER)
    cli = invoke_cli(
        "capture", "demo.mjs", "-o", "out", "--delay", "0", "--timeout", "20",
        "--via-mcp", f"{sys.executable} server.py --api-key {argument}",
        cwd=tmp_path, env={"API_KEY": "unused-api-key-1"},
    )  # fmt: skip
    assert cli.returncode == 1 and "Traceback" not in cli.stderr
    everything = cli.stdout + cli.stderr + written_text(tmp_path / "out")
    assert argument[:8] not in everything, everything
    [run] = (tmp_path / "out").iterdir()
    records = [json.loads((run / "demo" / f"getThing-{i}.json").read_text()) for i in range(4)]
    assert records[0]["reason"].endswith("w{{...")  # what the cut leaves is the start of the token
    assert [r["outcome"] for r in records] == ["failed", "failed", "skipped", "failed"]
    # a value that is not static data is skipped, as HTTP capture skips it (was PydanticSerializationError)
    assert records[2]["reason"] == "test 2: the value of 'id' is not static data"
    assert records[3]["reason"] == "the MCP server exited (stderr: " + "z" * 190 + " {{VIA_MCP)"
