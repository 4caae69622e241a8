"""capture: requests as the FlowMCP runtime builds them, retries, timeouts, SQLite, secrets, pacing."""

from __future__ import annotations

import contextlib
import itertools
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from conftest import invoke_cli, serving
from flowlint.capture.http import parse_retry_after
from flowlint.capture.runner import CaptureOptions, CaptureResult, capture
from flowlint.captures.records import iter_record_files, read_record
from flowlint.core.errors import UsageError
from flowlint.definition.handlers import tools_with_handlers

SECRET = "s3cr3t-K3Y/with+chars"

DEFINITION = """
export const main = {
    namespace: 'demo',
    name: 'Demo',
    description: 'demo',
    version: '3.0.0',
    root: '%(root)s',
    requiredServerParams: [ 'DEMO_KEY' ],
    headers: { 'X-Api-Key': '{{SERVER_PARAM:DEMO_KEY}}', Accept: 'application/json' },
    tools: {
        getPrice: {
            method: 'GET',
            path: '/coins/:id/price',
            description: 'price',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [] } },
                { position: { key: 'vs', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'change', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } },
                { position: { key: 'module', value: 'prices', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:DEMO_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Two coins', id: 'bit coin', ids: [ 'bitcoin', 'ethereum' ], vs: 'usd&eur', change: true, limit: 10 }
            ]
        },
        postQuery: {
            method: 'POST',
            path: '/query',
            description: 'post',
            parameters: [
                { position: { key: 'filter', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'object()', options: [] } },
                { position: { key: 'count', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [] } }
            ],
            tests: [
                { _description: 'A body', filter: { chain: 'eth', ids: [ 1, 2 ] }, count: 3 }
            ]
        }
    }
}

export const handlers = ( { sharedLists } ) => ( {
    getPrice: { postRequest: async ( { response } ) => ( { response } ) },
    postQuery: { preRequest: async ( { struct, payload } ) => ( { struct, payload } ) }
} )
"""

SIMPLE = """
export const main = {
    namespace: '%(namespace)s',
    name: 'Simple',
    description: 'simple',
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
            tests: [ %(tests)s ],
            output: { mimeType: 'application/json', schema: { type: 'object', properties: { n: { type: 'number' } } } }
        }
    }
}
"""


def simple(tmp_path: Path, root: str, count: int = 1, namespace: str = "simple", name: str = "simple") -> Path:
    tests = ", ".join(f"{{ _description: 'test {i}', n: {i} }}" for i in range(count))
    folder = tmp_path / name
    folder.mkdir(exist_ok=True)
    path = folder / "simple.mjs"
    path.write_text(SIMPLE % {"root": root, "tests": tests, "namespace": namespace}, encoding="utf-8")
    return path


def options(tmp_path: Path, **changes: Any) -> CaptureOptions:
    base: dict[str, Any] = {
        "output": tmp_path / "capture",
        "delay": 0.0,
        "timeout": 2.0,
        "retries": 2,
        "backoff": 0.05,
        "environ": {},
        "env_files": [],
    }
    base.update(changes)
    return CaptureOptions(**base)


def run_files(result: CaptureResult) -> dict[str, Any]:
    return {p.relative_to(result.run_dir).as_posix(): json.loads(p.read_text()) for p in result.run_dir.rglob("*.json")}


def assert_no_secret(folder: Path, secret: str = SECRET) -> None:
    from urllib.parse import quote, quote_plus

    for path in folder.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            for form in (secret, quote(secret, safe=""), quote_plus(secret)):
                assert form not in text, f"{path} leaks the secret"


# --- request building ---------------------------------------------------------------------------


def test_request_matches_runtime(tmp_path: Path, httpserver: HTTPServer) -> None:
    seen: list[Request] = []

    def handler(request: Request) -> Response:
        seen.append(request)
        return Response(json.dumps({"ok": True, "echo": request.args.get("apikey")}), content_type="application/json")

    httpserver.expect_request("/coins/bit coin/price").respond_with_handler(handler)
    httpserver.expect_request("/query", method="POST").respond_with_handler(handler)
    definition = tmp_path / "demo.mjs"
    definition.write_text(DEFINITION % {"root": httpserver.url_for("/").rstrip("/")}, encoding="utf-8")
    result = capture([definition], options(tmp_path, environ={"DEMO_KEY": SECRET}))

    assert result.ok == 2 and result.failed == 0
    get, post = seen
    assert get.path == "/coins/bit coin/price"
    raw_query = get.query_string.decode()
    assert raw_query.startswith("ids=bitcoin%2Cethereum&vs=usd%26eur&change=true&limit=10&module=prices&apikey=")
    assert list(get.args) == ["ids", "vs", "change", "limit", "module", "apikey"]
    assert get.args["apikey"] == SECRET and get.args["ids"] == "bitcoin,ethereum"
    assert get.headers["X-Api-Key"] == SECRET and get.headers["Accept"] == "application/json"
    assert post.method == "POST" and post.headers["Content-Type"] == "application/json"
    assert json.loads(post.get_data()) == {"filter": {"chain": "eth", "ids": [1, 2]}, "count": 3}

    files = run_files(result)
    record = files["demo/getPrice-0.json"]
    assert record["namespace"] == "demo" and record["toolName"] == "getPrice" and record["testIndex"] == 0
    assert record["_description"] == "Two coins" and record["userParams"]["ids"] == ["bitcoin", "ethereum"]
    assert record["method"] == "GET" and record["httpStatus"] == 200
    assert record["contentType"] == "application/json" and record["response"]["status"] is True
    assert "apikey={{SERVER_PARAM:DEMO_KEY}}" in record["url"]
    assert record["response"]["data"]["echo"] == "{{SERVER_PARAM:DEMO_KEY}}"
    assert record["rawData"] is True  # getPrice has postRequest
    assert files["demo/postQuery-0.json"]["rawData"] is False  # preRequest only
    assert files["demo/metrics.json"]["counts"] == {"total": 2, "ok": 2, "failed": 0, "skipped": 0, "rawData": 1}
    assert_no_secret(result.run_dir)


def test_missing_server_param_is_skipped_without_request(tmp_path: Path, httpserver: HTTPServer) -> None:
    definition = tmp_path / "demo.mjs"
    definition.write_text(DEFINITION % {"root": httpserver.url_for("/").rstrip("/")}, encoding="utf-8")
    for environ in ({}, {"DEMO_KEY": "  "}):
        result = capture([definition], options(tmp_path, environ=environ))
        assert result.skipped == 2 and result.ok == 0
        assert all(r.reason == "server param DEMO_KEY is not set" for r in result.records)
    assert len(httpserver.log) == 0


def test_secret_never_in_files_even_in_errors(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/coins/bit coin/price").respond_with_data(
        f"denied for key {SECRET}", status=403, content_type="text/plain"
    )
    httpserver.expect_request("/query", method="POST").respond_with_json({"key": SECRET, SECRET: 1})
    definition = tmp_path / "demo.mjs"
    definition.write_text(DEFINITION % {"root": httpserver.url_for("/").rstrip("/")}, encoding="utf-8")
    result = capture([definition], options(tmp_path, environ={"DEMO_KEY": SECRET}))
    assert result.failed == 1 and result.ok == 1
    failed = next(r for r in result.records if r.outcome == "failed")
    assert failed.reason == "HTTP 403: FORBIDDEN" and failed.httpStatus == 403
    assert any("{{SERVER_PARAM:DEMO_KEY}}" in m for m in failed.response.messages)
    assert_no_secret(result.run_dir)


# --- retries, timeouts, bodies --------------------------------------------------------------------


def test_429_retry_after_is_honoured(tmp_path: Path, httpserver: HTTPServer) -> None:
    times: list[float] = []

    def handler(request: Request) -> Response:
        times.append(time.monotonic())
        if len(times) == 1:
            return Response("slow down", status=429, headers={"Retry-After": "0.4"})
        return Response(json.dumps({"n": 0}), content_type="application/json")

    httpserver.expect_request("/thing").respond_with_handler(handler)
    result = capture([simple(tmp_path, httpserver.url_for(""))], options(tmp_path))
    assert result.ok == 1 and len(times) == 2
    assert times[1] - times[0] >= 0.38
    assert result.records[0].model_extra == {"attempts": 2}


def test_503_retry_after_http_date_and_cap(tmp_path: Path, httpserver: HTTPServer) -> None:
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert parse_retry_after("3") == 3.0 and parse_retry_after("soon") is None
    httpserver.expect_request("/thing").respond_with_data("busy", status=503, headers={"Retry-After": "120"})
    result = capture([simple(tmp_path, httpserver.url_for(""))], options(tmp_path, max_retry_after=5))
    assert result.failed == 1 and len(httpserver.log) == 1
    assert "Retry-After of 120 s exceeds" in (result.records[0].reason or "")


def test_500_then_200_and_bounded_retries(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request("/thing").respond_with_data("oops", status=500)
    httpserver.expect_ordered_request("/thing").respond_with_json({"n": 1})
    result = capture([simple(tmp_path, httpserver.url_for(""))], options(tmp_path))
    assert result.ok == 1 and result.records[0].response.data == {"n": 1}
    httpserver.clear()
    httpserver.expect_request("/thing").respond_with_data("oops", status=500)
    result = capture([simple(tmp_path, httpserver.url_for(""))], options(tmp_path, retries=2))
    assert result.failed == 1 and len(httpserver.log) == 3
    assert result.records[0].reason == "HTTP 500: INTERNAL SERVER ERROR"


def test_a_refusing_host_is_retried_once_then_not_called_again(tmp_path: Path) -> None:
    """The per-host breaker: a closed port costs one retry in all, not the full retries for every test."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    definition = simple(tmp_path, f"http://127.0.0.1:{port}", count=3)
    result = capture([definition], options(tmp_path, retries=5, backoff=0.1))  # the wait before the retry
    # counted, not timed: two attempts in all, the other tests not sent (five retries each would be 18)
    first, *rest = sorted(result.records, key=lambda r: r.testIndex)
    assert first.outcome == "failed" and first.reason and first.reason.startswith(f"127.0.0.1:{port} refused")
    assert "(2 attempts over " in first.reason
    assert first.model_extra == {"attempts": 2}
    assert rest and all(r.outcome == "failed" and r.reason == f"not sent: {first.reason}" for r in rest)


def test_slow_response_times_out(tmp_path: Path, httpserver: HTTPServer) -> None:
    answer = threading.Event()

    def slow(request: Request) -> Response:
        answer.wait(30)  # answers only when the test is over: a timeout must have ended the call
        return Response("{}", content_type="application/json")

    httpserver.expect_request("/thing").respond_with_handler(slow)
    try:
        result = capture([simple(tmp_path, httpserver.url_for(""))], options(tmp_path, timeout=0.2))
    finally:
        answer.set()
    # the handler answers only once capture has returned: a failure that says "timed out" did not wait
    assert result.failed == 1 and "timed out after 0.2 s" in (result.records[0].reason or "")
    assert len(httpserver.log) <= 1  # a read timeout is not retried


def test_non_json_body_is_text_with_note(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request("/thing").respond_with_data("<html>hi</html>", content_type="text/html")
    httpserver.expect_ordered_request("/thing").respond_with_data("x" * 70_000, content_type="text/plain")
    httpserver.expect_ordered_request("/thing").respond_with_data("{broken", content_type="application/json")
    result = capture([simple(tmp_path, httpserver.url_for(""), count=3)], options(tmp_path))
    html, big, broken = result.records
    assert html.outcome == "ok" and html.response.data == "<html>hi</html>"
    assert "not JSON (text/html)" in html.response.messages[0]
    assert len(big.response.data) == 64 * 1024 and "truncated" in big.response.messages[0]
    assert broken.response.data == "{broken" and "not valid JSON" in broken.response.messages[0]


# --- pacing ---------------------------------------------------------------------------------------


class _Recorder(BaseHTTPRequestHandler):
    starts: list[float]
    latency = 0.0

    def do_GET(self) -> None:
        self.starts.append(time.monotonic())
        time.sleep(self.latency)
        body = b'{"n": 1}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def two_hosts() -> Iterator[list[tuple[str, list[float]]]]:
    with contextlib.ExitStack() as stack:
        hosts = []
        for _ in range(2):
            starts: list[float] = []
            handler = type("H", (_Recorder,), {"starts": starts, "latency": 0.02})
            server = stack.enter_context(serving(ThreadingHTTPServer(("127.0.0.1", 0), handler)))
            hosts.append((f"http://127.0.0.1:{server.server_address[1]}", starts))
        yield hosts


def test_per_host_delay_and_cross_host_concurrency(
    tmp_path: Path, two_hosts: list[tuple[str, list[float]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Functional timing only: the delay is a minimum gap per host; concurrency shows as overlap.
    How close to the ideal wall time a run gets is measured by benchmarks/bench_capture.py."""
    from flowlint.capture import http

    (root_a, starts_a), (root_b, starts_b) = two_hosts
    sent: dict[str, list[float]] = {}  # the client's start of each call, per host: what `delay` spaces
    attempt = http.HostLane._attempt

    def timed(self: http.HostLane, request: Any, started: float, *rest: Any) -> Any:
        sent.setdefault(request.host, []).append(started)
        return attempt(self, request, started, *rest)

    monkeypatch.setattr(http.HostLane, "_attempt", timed)
    paths = [simple(tmp_path, root_a, 3, "alpha", "a"), simple(tmp_path, root_b, 3, "beta", "b")]
    result = capture(paths, options(tmp_path, delay=0.3, concurrency=2))
    assert result.ok == 6 and len(sent) == 2
    for starts in sent.values():  # server-side arrivals would not do: a busy machine delays one, not the next
        gaps = [b - a for a, b in itertools.pairwise(starts)]
        assert all(gap >= 0.3 for gap in gaps), gaps
    # Both hosts at once: each host's first call starts before the other host's last call.
    assert starts_a[0] < starts_b[-1] and starts_b[0] < starts_a[-1], (starts_a, starts_b)

    starts_a.clear()
    starts_b.clear()
    capture(paths, options(tmp_path, delay=0.3, concurrency=1))
    # One host after the other: every call to one host starts after every call to the other.
    first, second = sorted((starts_a, starts_b), key=lambda starts: starts[0])
    assert max(first) < min(second), (starts_a, starts_b)


# --- SQLite ---------------------------------------------------------------------------------------

RESOURCE = """
export const main = {
    namespace: 'local', name: 'Local', description: 'sqlite', version: '3.0.0', root: 'https://example.invalid',
    tools: {},
    resources: {
        tokens: {
            source: 'sqlite', description: 'tokens', origin: 'inline', name: 'tokens.db', mode: 'read-only',
            queries: {
                bySymbol: {
                    sql: 'SELECT symbol, chain_id, blob FROM tokens WHERE symbol = ? AND chain_id >= ? ORDER BY chain_id',
                    description: 'by symbol',
                    parameters: [
                        { position: { key: 'symbol', value: '{{USER_PARAM}}' }, z: { primitive: 'string()', options: [] } },
                        { position: { key: 'minChain', value: '{{USER_PARAM}}' }, z: { primitive: 'number()', options: [] } }
                    ],
                    tests: [ { _description: 'USDC', symbol: 'USDC', minChain: 1 } ]
                },
                withCte: {
                    sql: '-- comment\\nWITH t AS (SELECT symbol FROM tokens) SELECT count(*) AS n FROM t',
                    description: 'cte', parameters: [], tests: [ { _description: 'count' } ]
                },
                sneaky: {
                    sql: 'DELETE FROM tokens', description: 'write', parameters: [], tests: [ { _description: 'no' } ]
                }
            }
        },
        missing: {
            source: 'sqlite', description: 'gone', origin: 'inline', name: 'absent.db',
            queries: { all: { sql: 'SELECT 1', description: 'x', parameters: [], tests: [ { _description: 'x' } ] } }
        }
    }
}
"""


def test_sqlite_queries_read_only(tmp_path: Path) -> None:
    (tmp_path / "resources").mkdir()
    database = tmp_path / "resources" / "tokens.db"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE tokens (symbol TEXT, chain_id INTEGER, blob BLOB)")
        connection.executemany(
            "INSERT INTO tokens VALUES (?, ?, ?)", [("USDC", 1, b"\x01\x02"), ("USDC", 137, None), ("DAI", 1, None)]
        )
    connection.close()
    definition = tmp_path / "local.mjs"
    definition.write_text(RESOURCE, encoding="utf-8")
    result = capture([definition], options(tmp_path))
    records = {r.toolName: r for r in result.records}
    usdc = records["tokens.bySymbol"]
    assert usdc.outcome == "ok" and usdc.source == "sqlite" and usdc.kind == "query"
    assert usdc.response.data == [
        {"symbol": "USDC", "chain_id": 1, "blob": "0x0102"},
        {"symbol": "USDC", "chain_id": 137, "blob": None},
    ]
    assert usdc.url and usdc.url.endswith("tokens.db?mode=ro")
    assert records["tokens.withCte"].response.data == [{"n": 3}]
    assert records["tokens.sneaky"].outcome == "failed"
    assert "only SELECT or WITH" in (records["tokens.sneaky"].reason or "")
    missing = records["missing.all"]
    assert missing.outcome == "skipped"
    assert missing.reason == f"database file not found: {(tmp_path / 'resources' / 'absent.db').resolve()}"
    assert (tmp_path / "capture").is_dir() and sqlite3.connect(database).execute(
        "SELECT count(*) FROM tokens"
    ).fetchone() == (3,)


def test_sqlite_authorizer_blocks_writes_hidden_in_with(tmp_path: Path) -> None:
    from flowlint.capture.sqlite import QueryFailure, run_query

    database = tmp_path / "x.db"
    sqlite3.connect(database).execute("CREATE TABLE t (a)").connection.commit()
    with pytest.raises(QueryFailure):
        run_query(database, "WITH x AS (SELECT 1) DELETE FROM t", [], 1.0)
    with pytest.raises(QueryFailure):
        run_query(database, "SELECT 1; DROP TABLE t", [], 1.0)
    assert run_query(database, "SELECT ? AS v", [5], 1.0) == [{"v": 5}]


# --- helpers and options --------------------------------------------------------------------------


def test_handler_detection_by_text() -> None:
    source = """( { sharedLists } ) => ( {
        'oddName': { executeRequest: async () => {} },
        plain: { preRequest: async ( { struct } ) => { const x = { postRequest: 1 }; return x } },
        other: { postRequest: async () => ( { response: '}' } ) }
    } )"""
    assert tools_with_handlers(source, ["oddName", "plain", "other", "absent"]) == {"oddName", "plain", "other"}


def test_base_url_override_and_unknown_namespace(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v2/thing").respond_with_json({"n": 1})
    path = simple(tmp_path, "https://api.example.invalid")
    result = capture([path], options(tmp_path, base_urls={"simple": httpserver.url_for("/v2")}))
    assert result.ok == 1 and result.records[0].url == httpserver.url_for("/v2/thing") + "?n=0"
    with pytest.raises(UsageError, match="no definition has the namespace nope"):
        capture([path], options(tmp_path, base_urls={"nope": "http://127.0.0.1:1"}))


def test_env_file_beside_definitions(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/coins/bit coin/price").respond_with_json({})
    httpserver.expect_request("/query", method="POST").respond_with_json({})
    (tmp_path / "defs").mkdir()
    definition = tmp_path / "defs" / "demo.mjs"
    definition.write_text(DEFINITION % {"root": httpserver.url_for("/").rstrip("/")}, encoding="utf-8")
    (tmp_path / "defs" / ".env").write_text(f"# keys\nexport DEMO_KEY='{SECRET}'\n", encoding="utf-8")
    result = capture([tmp_path / "defs"], options(tmp_path, env_files=None))
    assert result.ok == 2
    assert httpserver.log[0][0].args["apikey"] == SECRET
    assert_no_secret(result.run_dir)


def test_records_are_readable_by_the_contract(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/thing").respond_with_json({"n": 1})
    result = capture([simple(tmp_path, httpserver.url_for(""), 2)], options(tmp_path))
    files = list(iter_record_files(result.run_dir))
    assert [p.name for p in files] == ["getThing-0.json", "getThing-1.json"]
    assert [read_record(p).testIndex for p in files] == [0, 1]
    metrics = json.loads((result.run_dir / "simple" / "metrics.json").read_text())
    assert set(metrics["timings"]) == {"min", "median", "max"} and metrics["counts"]["ok"] == 2
    assert not list(result.run_dir.rglob("*.tmp"))


# --- the CLI --------------------------------------------------------------------------------------


def test_cli_capture_exit_codes(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/thing").respond_with_json({"n": 1})
    path = simple(tmp_path, "https://api.example.invalid", 2)
    out = tmp_path / "out"
    ok = invoke_cli(
        "capture", str(path), "--base-url", f"simple={httpserver.url_for('')}", "--delay", "0.01", "-o", str(out)
    )
    assert ok.returncode == 0, ok.stderr
    assert "2 tests captured" in ok.stdout and "2 ok" in ok.stdout
    assert "[2/2] ok simple.getThing#1" in ok.stderr  # piped: plain lines
    assert len(list(out.glob("*/simple/getThing-*.json"))) == 2

    httpserver.clear()
    httpserver.expect_request("/thing").respond_with_data("no", status=404)
    failed = invoke_cli(
        "capture",
        str(path),
        "--base-url",
        f"simple={httpserver.url_for('')}",
        "--delay",
        "0",
        "-o",
        str(out),
        "--quiet",
    )
    assert failed.returncode == 1 and failed.stderr == ""
    assert invoke_cli("capture", str(tmp_path / "nope.mjs"), cwd=tmp_path).returncode == 2
    bad = invoke_cli("capture", str(path), "--base-url", "simple", cwd=tmp_path)
    assert bad.returncode == 2 and "NAMESPACE=" in bad.stderr
    assert invoke_cli("capture", str(path), "--env-file", str(tmp_path / "missing.env"), cwd=tmp_path).returncode == 2
    assert not (tmp_path / "capture").exists()  # a usage error creates no run folder


def test_cli_capture_verify_json(tmp_path: Path, httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request("/thing").respond_with_json({"n": "one"})
    httpserver.expect_ordered_request("/thing").respond_with_json({"n": 2})
    path = simple(tmp_path, httpserver.url_for(""), 2)
    done = invoke_cli(
        "capture", str(path), "--verify", "--format", "json", "--delay", "0", "-o", str(tmp_path / "out"), "-q"
    )
    assert done.returncode == 1, done.stderr  # drift (a VER001 warning) fails verify by default (issue 27)
    report = json.loads(done.stdout)
    assert [d["code"] for d in report["diagnostics"]] == ["VER001"]
    assert report["diagnostics"][0]["message"] == "getThing test 0: data.n: expected number, got string"
    assert "2 tests captured" in done.stderr and "flowlint: compared 2 captures" in done.stderr
    assert "1 matched, 1 drifted" in done.stderr
    httpserver.expect_ordered_request("/thing").respond_with_json({"n": "one"})
    httpserver.expect_ordered_request("/thing").respond_with_json({"n": 2})
    lenient = invoke_cli(
        "capture", str(path), "--verify", "--fail-on", "error", "--delay", "0", "-o", str(tmp_path / "out"), "-q"
    )
    assert lenient.returncode == 0, lenient.stderr


def _third_call_waits_an_hour(calls: list[str], parked: threading.Event) -> Any:
    """Tests 0 and 1 are answered; test 2 is told to come back in an hour (503 + Retry-After), so the
    run is parked in its interruptible wait, at a known point, when the test interrupts it."""

    def handler(request: Request) -> Response:
        calls.append(request.args["n"])
        if len(calls) <= 2:
            return Response(json.dumps({"n": len(calls)}), content_type="application/json")
        parked.set()
        return Response("busy", status=503, headers={"Retry-After": "3600"})

    return handler


def _assert_interrupted_after_two(out: Path, calls: list[str], summary: str) -> None:
    assert "2 tests captured" in summary and "2 ok" in summary and "(interrupted; 3 not run)" in summary
    [run] = list(out.iterdir())
    assert sorted(p.name for p in (run / "simple").iterdir()) == ["getThing-0.json", "getThing-1.json", "metrics.json"]
    assert calls == ["0", "1", "2"]  # nothing was sent after the interrupt


def test_interrupt_keeps_what_was_captured(
    tmp_path: Path, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C as the capture loop sees it: KeyboardInterrupt in the main thread's wait, raised in-process
    once test 2 is parked (no sleeps, no signals; test_ctrl_c_... sends a real one)."""
    import concurrent.futures

    calls: list[str] = []
    parked = threading.Event()
    httpserver.expect_request("/thing").respond_with_handler(_third_call_waits_an_hour(calls, parked))
    path = simple(tmp_path, httpserver.url_for(""), 5)
    real_wait = concurrent.futures.wait

    def wait(futures: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        if parked.is_set():
            raise KeyboardInterrupt
        return real_wait(futures, timeout=timeout, **kwargs)

    monkeypatch.setattr(concurrent.futures, "wait", wait)
    out = tmp_path / "out"
    result = invoke_cli("capture", str(path), "--delay", "0", "--max-retry-after", "7200", "-o", str(out), "-q")
    assert result.returncode == 1, result.stderr
    _assert_interrupted_after_two(out, calls, result.stdout)


def test_interrupt_before_any_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import flowlint.capture.runner

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(flowlint.capture.runner, "capture", interrupted)
    result = invoke_cli("capture", str(simple(tmp_path, "http://127.0.0.1:9")), cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "flowlint: interrupted\n")


def test_ctrl_c_keeps_what_was_captured(tmp_path: Path, httpserver: HTTPServer) -> None:
    """Subprocess: a real SIGINT, as Ctrl-C sends it, to a real process. Deterministic: the signal is
    sent once test 2 is parked in its hour-long Retry-After wait; nothing races a sleep.

    The child installs Python's SIGINT handler itself. A process started while SIGINT is ignored
    (a test run in the background of a non-interactive shell, under nohup or some CI runners)
    inherits SIG_IGN, and Python then never raises KeyboardInterrupt: the signal was silently
    dropped and the capture ran to the end. That, not timing, made this test fail in such runs.
    """
    import signal
    import subprocess
    import sys

    calls: list[str] = []
    parked = threading.Event()
    httpserver.expect_request("/thing").respond_with_handler(_third_call_waits_an_hour(calls, parked))
    path = simple(tmp_path, httpserver.url_for(""), 5)
    out = tmp_path / "out"
    code = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from flowlint.cli import main; main(prog_name='flowlint')\n"
    )
    argv = ["capture", str(path), "--delay", "0", "--max-retry-after", "7200", "-o", str(out)]
    process = subprocess.Popen(
        [sys.executable, "-c", code, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert parked.wait(60), "the capture never reached test 2"
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 1, stderr
    assert "Traceback" not in stderr, stderr
    assert "[2/5] ok simple.getThing#1" in stderr
    _assert_interrupted_after_two(out, calls, stdout)


def test_env_parsing_and_progress_modes() -> None:
    import io

    from flowlint.capture.env import parse_env_text
    from flowlint.capture.progress import Progress, choose_mode
    from flowlint.captures.records import CaptureRecord

    assert parse_env_text("# c\nexport A='x y'\nB=\"q\"\nC=plain # note\nbad line\n=v\n") == {
        "A": "x y",
        "B": "q",
        "C": "plain",
    }
    stream = io.StringIO()
    assert choose_mode(stream, quiet=True) == "quiet" and choose_mode(stream, quiet=False) == "lines"
    record = CaptureRecord.model_validate(
        {"namespace": "n", "toolName": "t", "testIndex": 0, "timestamp": "x", "response": {"status": True}}
    )
    bar = Progress(2, stream, "bar")
    bar.advance(record)
    bar.close()
    assert stream.getvalue().startswith("\r[1/2] ok      n.t#0") and stream.getvalue().endswith("\r")


def test_the_live_line_shows_the_call_in_flight_and_the_failures_are_listed_at_the_end() -> None:
    import io

    from flowlint.capture.progress import Progress
    from flowlint.captures.records import CaptureRecord

    stream = io.StringIO()
    progress = Progress(2, stream, "bar")
    progress.REDRAW_SECONDS = 0.05
    progress.start("demo.getThing#0")
    deadline = time.monotonic() + 30  # waits for the redraw (an event), bounded only against a hang
    while "calling demo.getThing#0 (0." not in stream.getvalue() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "calling demo.getThing#0 (0." in stream.getvalue()  # redrawn while the call waits
    record = {
        "namespace": "demo", "toolName": "getThing", "testIndex": 0, "_description": "d", "userParams": {},
        "responseTime": None, "timestamp": "2026-11-24T00:00:00Z",
        "response": {"status": False, "messages": ["boom"], "data": None},
        "outcome": "failed", "reason": "HTTP 500: boom", "definitionPath": "demo.mjs",
    }  # fmt: skip
    progress.advance(CaptureRecord.model_validate(record))
    progress.close()
    assert stream.getvalue().endswith("1 failed:\n  demo.getThing#0: HTTP 500: boom\n")
