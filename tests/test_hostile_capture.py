"""capture against hostile servers: bodies and headers that must fail one test, never the run."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from flowlint.capture.http import MAX_DEPTH
from flowlint.capture.runner import CaptureOptions, capture

SIMPLE = """
export const main = {
    namespace: 'hostile',
    name: 'Hostile',
    description: 'hostile',
    version: '3.0.0',
    root: '%(root)s',
    requiredServerParams: [],
    headers: {},
    tools: {
        getThing: {
            method: 'GET',
            path: '/thing',
            description: 'thing',
            parameters: [ { position: { key: 'n', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            tests: [ %(tests)s ]
        }
    }
}
"""

Reply = tuple[bytes, list[tuple[bytes, bytes]]]


def definition(tmp_path: Path, root: str, count: int) -> Path:
    tests = ", ".join(f"{{ _description: 'test {i}', n: {i} }}" for i in range(count))
    path = tmp_path / "hostile.mjs"
    path.write_text(SIMPLE % {"root": root, "tests": tests}, encoding="utf-8")
    return path


@pytest.fixture
def serve() -> Iterator[Callable[[Callable[[int], Reply]], str]]:
    """`serve(reply)` starts a raw HTTP/1.0 server on 127.0.0.1 whose answer to `?n=i` is `reply(i)`:
    (body, extra raw header lines); returns its root URL."""
    servers: list[ThreadingHTTPServer] = []

    def start(reply: Callable[[int], Reply]) -> str:
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                n = int(parse_qs(urlsplit(self.path).query).get("n", ["0"])[0])
                body, headers = reply(n)
                head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                head += b"".join(k + b": " + v + b"\r\n" for k, v in headers)
                head += b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n"
                self.wfile.write(head + body)
                self.close_connection = True

            def log_message(self, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


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
