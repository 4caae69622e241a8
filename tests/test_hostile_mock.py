"""`flowlint mock` against hostile input (issue "hostile input"): every malformed line gets the
JSON-RPC error the spec names, with `id: null`, and the server keeps serving; output is strict JSON."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import invoke_cli, peak_memory_kib

pytest.importorskip("mcp")

from flowlint.definition.loading import load_paths
from flowlint.mcp.server import Fault, MockServer

REPO = Path(__file__).resolve().parent.parent
COINGECKO = REPO / "sample_schemas" / "coingecko" / "simple-price.mjs"
PING = '{"jsonrpc":"2.0","id":"after","method":"ping"}'
CALL = {
    "jsonrpc": "2.0",
    "method": "tools/call",
    "params": {"name": "get_simple_price_coingecko", "arguments": {"ids": ["x"], "vs_currencies": "usd"}},
}


def _strict(line: str) -> Any:
    def reject(name: str) -> None:
        raise AssertionError(f"non-strict JSON in the output: {name}")

    return json.loads(line, parse_constant=reject)


def exchange(lines: list[str], *args: str) -> list[Any]:
    """Feed raw lines to `flowlint mock` in-process; every output line must be strict JSON."""
    completed = invoke_cli("mock", *args, str(COINGECKO), input="".join(line + "\n" for line in lines))
    assert completed.returncode == 0, completed.stderr
    return [_strict(line) for line in completed.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("[" * 100_000, -32700),
        ("[" * 100_000 + "]" * 100_000, -32700),
        ('{"jsonrpc":"2.0","id":' + "9" * 5000 + ',"method":"ping"}', -32700),
        ('{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}', -32700),
        ('{"jsonrpc":"2.0","id":1,"method":"\\ud800"}', -32700),
        ('{"jsonrpc":"2.0","id":NaN,"method":"ping"}', -32700),
        ('{"jsonrpc":"2.0","id":Infinity,"method":"ping"}', -32700),
        ('{"jsonrpc":"2.0","id":1e999,"method":"ping"}', -32700),
        ("not json", -32700),
        ("42", -32600),
        ('"text"', -32600),
        ('{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600),
        ('{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600),
    ],
    ids=[
        "deep-open",
        "deep-balanced",
        "huge-int",
        "surrogate-id",
        "surrogate-method",
        "nan-id",
        "infinity-id",
        "overflow-float-id",
        "not-json",
        "number",
        "string",
        "object-id",
        "bool-id",
    ],
)
def test_malformed_line_gets_its_error_and_the_server_stays_up(line: str, code: int) -> None:
    answers = exchange([line, PING])
    assert len(answers) == 2, answers
    error, pong = answers
    assert error["id"] is None and error["error"]["code"] == code and error["jsonrpc"] == "2.0"
    assert pong == {"jsonrpc": "2.0", "id": "after", "result": {}}


def test_invalid_utf8_is_a_parse_error() -> None:
    completed = invoke_cli("mock", str(COINGECKO), input=b'{"id":"\xff"}\n' + PING.encode() + b"\n")
    answers = [_strict(line) for line in completed.stdout.splitlines()]
    assert [answer["id"] for answer in answers] == [None, "after"]
    assert answers[0]["error"]["code"] == -32700


def test_empty_batch_gets_one_invalid_request_error() -> None:
    answers = exchange(["[]", PING])
    assert answers[0]["id"] is None and answers[0]["error"]["code"] == -32600
    assert answers[1]["id"] == "after"


def test_batch_is_answered_as_one_array_without_entries_for_notifications() -> None:
    batch = [
        {"jsonrpc": "2.0", "id": 1, "method": "ping"},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        dict(CALL, id=2),
        1,
    ]
    answers = exchange([json.dumps(batch), PING])
    assert len(answers) == 2
    array = answers[0]
    assert isinstance(array, list) and len(array) == 3
    by_id = {answer["id"]: answer for answer in array}
    assert by_id[1]["result"] == {} and by_id[2]["result"]["isError"] is False
    assert by_id[None]["error"]["code"] == -32600


def test_batch_of_only_notifications_gets_no_answer() -> None:
    batch = [{"jsonrpc": "2.0", "method": "notifications/initialized"}] * 2
    assert exchange([json.dumps(batch), PING]) == [{"jsonrpc": "2.0", "id": "after", "result": {}}]


@pytest.mark.parametrize(
    "fault", ["slow:" + "9" * 5000, "slow:-1", "slow:1.5", "slow:١٢", "recover-after:99999999999", "slow:"]
)
def test_bad_fault_arguments_are_usage_errors(fault: str) -> None:
    completed = invoke_cli("mock", "--fault", fault, str(COINGECKO), input="")
    assert completed.returncode == 2
    assert "--fault" in completed.stderr and "Traceback" not in completed.stderr


class _Live:
    """A MockServer serving over OS pipes on a thread of this process."""

    def __init__(self, fault: Fault) -> None:
        definitions = [item.definition for item in load_paths([COINGECKO], []) if item.definition is not None]
        self.server = MockServer(definitions, [], fault)
        in_read, self._in_write = os.pipe()
        self._out_read, out_write = os.pipe()
        self._stdin = os.fdopen(in_read, "rb")
        self._stdout = os.fdopen(out_write, "wb")
        self.writer = os.fdopen(self._in_write, "wb")
        self.reader = os.fdopen(self._out_read, "rb")
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        try:
            self.server.serve(self._stdin, self._stdout)
        finally:
            self._stdout.close()

    def send(self, message: Any) -> None:
        self.writer.write((json.dumps(message) + "\n").encode())
        self.writer.flush()

    def close(self) -> None:
        self.writer.close()
        self.thread.join(timeout=10)
        self.reader.close()
        self._stdin.close()


@pytest.mark.timeout(60)
def test_thousands_of_hung_calls_cost_no_thread_each_and_ping_still_answers() -> None:
    live = _Live(Fault("hang"))
    try:
        before = threading.active_count()
        started = time.monotonic()
        for number in range(5000):
            live.send(dict(CALL, id=number))
            if time.monotonic() - started > 30:
                break
        assert threading.active_count() - before <= 2
        live.send({"jsonrpc": "2.0", "id": "ping", "method": "ping"})
        assert json.loads(live.reader.readline()) == {"jsonrpc": "2.0", "id": "ping", "result": {}}  # no hang
        live.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 4999}})
    finally:
        live.close()
    assert not live.thread.is_alive()


@pytest.mark.timeout(30)
def test_slow_call_in_a_batch_is_answered_in_the_array_and_a_cancelled_one_is_left_out() -> None:
    live = _Live(Fault("slow", 200))
    try:
        live.send([dict(CALL, id=1), dict(CALL, id=2), {"jsonrpc": "2.0", "id": 3, "method": "ping"}])
        live.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}})
        array = json.loads(live.reader.readline())
        assert sorted(answer["id"] for answer in array) == [1, 3]
    finally:
        live.close()


# --------------------------------------------------------------------------- the language server
# (here because this tests live in the two hostile-input modules)


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


LSP_PING = {"jsonrpc": "2.0", "id": 5, "method": "shutdown"}


@pytest.mark.parametrize(
    "bad",
    [
        b'Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":9,"method":"shutdown"}',
        b'{"jsonrpc":"2.0","id":9,"method":"shutdown"}',
        b"Content-Length: " + b"9" * 5000 + b"\r\n\r\n{}",
        b"garbage without a colon\r\n\r\n",
    ],
    ids=["non-numeric", "missing", "huge", "no-colon"],
)
def test_lsp_input_drops_a_malformed_message_and_keeps_the_next(bad: bytes) -> None:
    pytest.importorskip("pygls")
    import io

    from flowlint.lsp import FramedInput

    stream = FramedInput(io.BytesIO(bad + _frame(LSP_PING) + _frame(LSP_PING)))  # type: ignore[arg-type]
    for _ in range(2):
        assert stream.readline() == b"Content-Length: %d\r\n" % len(json.dumps(LSP_PING))
        assert stream.readline() == b"\r\n"
        assert json.loads(stream.read(len(json.dumps(LSP_PING)))) == LSP_PING
    assert stream.readline() == b""


@pytest.mark.timeout(60)
def test_lsp_server_answers_after_a_malformed_header() -> None:
    """Subprocess: the language server's own stdin, framed by the client, is what this is about."""
    pytest.importorskip("pygls")
    import subprocess
    import sys

    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}}
    process = subprocess.Popen(
        [sys.executable, "-m", "flowlint", "lsp"],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(b'Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":9,"method":"shutdown"}')
        process.stdin.write(_frame(initialize))
        process.stdin.flush()
        answers = []
        while not answers or answers[-1]["id"] is None:
            length = 0
            while (line := process.stdout.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            answers.append(json.loads(process.stdout.read(length)))
        refused, answer = answers  # the dropped message is answered first, with id null
        assert (
            refused["error"]["code"] == -32700
            and "Content-Length 'abc' is not a byte count" in refused["error"]["message"]
        )
        assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"] == "flowlint"
    finally:
        process.kill()
        process.wait(timeout=10)


@pytest.mark.timeout(30)
def test_a_reused_id_in_a_batch_still_completes_the_batch() -> None:
    live = _Live(Fault("slow", 100))
    try:
        live.send([dict(CALL, id=1), dict(CALL, id=1)])
        array = json.loads(live.reader.readline())
        assert [answer["id"] for answer in array] == [1, 1]
    finally:
        live.close()


@pytest.mark.timeout(120)
def test_a_100_mb_line_without_newline_is_skipped_in_bounded_memory() -> None:
    import subprocess
    import sys

    from flowlint.mcp.server import MAX_LINE_BYTES

    child = subprocess.Popen(
        [sys.executable, "-m", "flowlint", "mock", str(COINGECKO)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        block = b"x" * (1 << 20)
        for _ in range(100):
            child.stdin.write(block)
        child.stdin.write(b"\n" + PING.encode() + b"\n")
        child.stdin.flush()
        refused, after = _strict(child.stdout.readline()), _strict(child.stdout.readline())
        peak_kib = peak_memory_kib(child.pid)
        child.stdin.close()
        assert child.wait(timeout=20) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert refused["id"] is None and refused["error"]["code"] == -32600
    assert f"at most {MAX_LINE_BYTES:,} bytes" in refused["error"]["message"]
    assert after == {"jsonrpc": "2.0", "id": "after", "result": {}}
    assert peak_kib < 150 * 1024, peak_kib  # about 80 MiB; holding the 100 MB line took 235 MiB


@pytest.mark.parametrize(
    "line",
    [
        '{"id":7,"method":"ping"}',
        '{"jsonrpc":"1.0","id":7,"method":"ping"}',
        '{"jsonrpc":2.0,"id":7,"method":"ping"}',
        '{"jsonrpc":null,"id":7,"method":"tools/list"}',
    ],
)
def test_a_message_that_is_not_json_rpc_2_0_is_an_invalid_request(line: str) -> None:
    # A missing `jsonrpc` or "1.0" was accepted and answered as if it were 2.0.
    answers = exchange([line, PING])
    assert [(a["id"], a.get("error", {}).get("code")) for a in answers] == [(7, -32600), ("after", None)]
    assert answers[0]["error"]["message"] == 'Invalid request: "jsonrpc" must be "2.0"'


def test_a_notification_without_jsonrpc_is_an_invalid_request_with_id_null() -> None:
    answers = exchange(['{"method":"notifications/initialized"}', PING])
    assert [(a["id"], a.get("error", {}).get("code")) for a in answers] == [(None, -32600), ("after", None)]


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_4000_digit_argument_is_reported_as_what_was_sent(sign: str) -> None:
    # It was reported as "got number Infinity": the number the runtime would read, not the one sent.
    number = sign + "1" + "2" * 3998 + "3"
    call = json.dumps(dict(CALL, id=1)).replace('["x"]', number)
    [answer] = exchange([call])
    error = answer["error"]
    assert error["code"] == -32602
    assert "Infinity" not in error["message"].replace("would read it as Infinity", "")
    assert (
        f"Invalid parameter 'ids' for tool 'get_simple_price_coingecko': got a number of 4,000 digits "
        f"({sign}12222222…2223), too large for a JavaScript number (the runtime would read it as Infinity)"
    ) == error["message"]
    assert error["data"]["parameter"] == "ids"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("1" * 4000, "got a number of 4,000 digits (11111111…1111), too large for a JavaScript number"),
        ("1" * 5000, "a value in the URI is a number too long or nested too deeply to read"),
        ("[" * 5000 + "]" * 5000, "a value in the URI is a number too long or nested too deeply to read"),
    ],
    ids=["4000-digits", "5000-digits", "5000-deep"],
)
def test_a_resource_uri_with_a_huge_number_is_invalid_params_and_the_server_goes_on(value: str, expected: str) -> None:
    # 5,000 digits ended the mock with a ValueError traceback; 4,000 were accepted as a number.
    chainlist = REPO / "sample_schemas" / "chainlist" / "verified-contracts.mjs"
    uri = f"flowmcp://chainlist/verifiedContracts/byChain?chainId={value}&limit=5"
    read = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": {"uri": uri}})
    completed = invoke_cli("mock", str(chainlist), input=read + "\n" + PING + "\n")
    assert completed.returncode == 0 and "Traceback" not in completed.stderr
    answers = [_strict(line) for line in completed.stdout.splitlines()]
    assert [(a["id"], a.get("error", {}).get("code")) for a in answers] == [(1, -32602), ("after", None)]
    assert expected in answers[0]["error"]["message"]
