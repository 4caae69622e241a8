"""The language server against hostile input: malformed frames are dropped (and logged), the stream is
picked up again at the next frame, absurd sizes are refused without allocating them, and a real
session survives all of it."""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

from test_lsp import BROKEN, lsp_session

from conftest import peak_memory_kib
from flowlint.lsp import MAX_CONTENT_LENGTH, FramedInput


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


GOOD = frame(b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}')


def frames(data: bytes) -> bytes:
    """Everything FramedInput lets through, as pygls would read it."""
    framed = FramedInput(io.BytesIO(data))
    out = b""
    while True:
        chunk = framed.read(1 << 16)
        if not chunk:
            return out
        out += chunk


@pytest.mark.parametrize(
    "bad",
    [
        b"Content-Length: abc\r\n\r\n{}",  # not a number
        b"Content-Length: -5\r\n\r\n",  # negative
        b"Content-Length: 99999999999999999999\r\n\r\n",  # absurd: refused, never allocated
        b"Content-Length: %d\r\n\r\n" % (MAX_CONTENT_LENGTH + 1),  # over the bound
        b"Content-Type: application/json\r\n\r\n{}",  # no length at all
        b"garbage without a header\r\n\r\n",
        b"X" * 100_000 + b"\r\n\r\n",  # a header line far longer than any header
        b"Content-Length 12\r\n\r\n",  # no colon
        b"\xff\xfe\x00binary\r\n\r\n",
    ],
)
def test_a_malformed_frame_is_dropped_and_the_next_good_one_passes(bad: bytes) -> None:
    assert frames(bad + GOOD).endswith(GOOD)
    assert frames(bad + GOOD).count(b"Content-Length") == 1


def test_a_good_frame_after_a_dropped_body_on_the_same_line_is_found() -> None:
    assert frames(b"Content-Length: x\r\n\r\nleftover body" + GOOD) == GOOD


def test_a_truncated_body_ends_the_stream_cleanly() -> None:
    assert frames(b"Content-Length: 100\r\n\r\n{}") == b""


def test_good_frames_pass_unchanged() -> None:
    two = GOOD + frame('{"jsonrpc": "2.0", "id": 2, "method": "é"}'.encode())
    assert frames(two) == two


def test_a_real_session_survives_garbage_between_messages(tmp_path: Path) -> None:
    """Subprocess: garbage, a huge Content-Length, invalid JSON and an unknown method, then normal work."""
    file = tmp_path / "demo.mjs"
    file.write_text(BROKEN, encoding="utf-8")
    with lsp_session() as client:
        process = client.process
        assert process.stdin is not None
        process.stdin.write(b"Content-Length: 99999999999\r\n\r\nnot json at all\r\n\r\n")
        process.stdin.write(frame(b"{not json"))
        process.stdin.flush()
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        client.send({"id": 99, "method": "flowlint/noSuchMethod", "params": {}})
        answer = client.wait(lambda m: m.get("id") == 99)
        assert answer["error"]["code"] == -32601  # method not found, and the server stays up
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": file.as_uri(), "languageId": "javascript", "version": 1, "text": BROKEN}},
        )
        [diagnostic] = client.diagnostics(file.as_uri())
        assert diagnostic["code"] == "TST001"
        assert client.shutdown() == 0
        stderr = process.stderr.read().decode("utf-8", "replace") if process.stderr else ""
    assert "Traceback" not in stderr
    json.dumps(stderr)  # the log is text


def test_a_dropped_frame_is_answered_with_the_error_the_spec_names() -> None:
    answers: list[bytes] = []
    stream = FramedInput(
        io.BytesIO(
            b"Content-Length: abc\r\n\r\n"
            + b"Content-Length: %d\r\n\r\n" % (MAX_CONTENT_LENGTH + 1)
            + b"X" * 200_000  # one line far longer than a header: read 64 KiB at a time
            + b"\r\n\r\n"
            + GOOD
        ),
        answers.append,
    )
    assert stream.read(len(GOOD)) == GOOD
    bodies = [json.loads(answer.split(b"\r\n\r\n", 1)[1]) for answer in answers]
    assert [(body["id"], body["error"]["code"]) for body in bodies] == [(None, -32700), (None, -32600), (None, -32700)]
    assert f"is over the {MAX_CONTENT_LENGTH:,}-byte limit" in bodies[1]["error"]["message"]
    assert all(
        answer.startswith(b"Content-Length: %d\r\n\r\n" % len(answer.split(b"\r\n\r\n", 1)[1])) for answer in answers
    )


@pytest.mark.timeout(120)
def test_a_100_mb_body_is_refused_in_bounded_memory_and_the_session_goes_on(tmp_path: Path) -> None:
    with lsp_session(stderr=subprocess.DEVNULL) as client:
        process = client.process
        assert process.stdin is not None
        size = 100_000_000
        process.stdin.write(b"Content-Length: %d\r\n\r\n" % size)
        block = b"x" * (1 << 20)
        for _ in range(size // len(block)):
            process.stdin.write(block)
        process.stdin.write(b"x" * (size % len(block)))
        process.stdin.flush()
        refused = client.wait(lambda m: m.get("id") is None and "error" in m)
        assert refused["error"]["code"] == -32600
        assert "Content-Length 100000000 is over the" in refused["error"]["message"]
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        peak_kib = peak_memory_kib(process.pid)
        assert client.shutdown() == 0
    assert peak_kib < 100 * 1024, peak_kib  # about 42 MiB; reading the 100 MB body took 327 MiB


@pytest.mark.parametrize("junk", [65536 - 15, 65536 - 5, 65536 - 1, 65536, 2 * 65536 - 7, 10 * 65536 - 3])
def test_a_header_cut_by_the_64_kib_pieces_of_a_long_line_is_still_found(junk: int) -> None:
    # Junk without a line break is read 64 KiB at a time; a `Content-Length:` header that straddles
    # two pieces used to be cut in two, and its message lost.
    assert frames(b"x" * junk + GOOD).endswith(GOOD)
    assert frames(b"x" * junk + b"\r\n" + GOOD).endswith(GOOD)


@pytest.mark.timeout(60)
def test_a_body_that_is_not_json_is_answered_parse_error(tmp_path: Path) -> None:
    with lsp_session(stderr=None) as client:
        process = client.process
        assert process.stdin is not None
        process.stdin.write(frame(b"{not json"))
        process.stdin.flush()
        refused = client.wait(lambda m: m.get("id") is None and "error" in m)
        assert refused["error"]["code"] == -32700
        assert refused["error"]["message"].startswith("Parse error: the message body is not JSON")
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        assert client.shutdown() == 0


def test_a_lone_surrogate_in_a_document_still_gets_its_diagnostics(tmp_path: Path) -> None:
    from flowlint.lsp import utf16_column

    assert utf16_column("a\ud800b", 3) == 2
    file = tmp_path / "demo.mjs"
    text = BROKEN.replace("export const main", "// \ud800 a lone surrogate from the client\nexport const main")
    with lsp_session(stderr=None) as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        document = {"uri": file.as_uri(), "languageId": "javascript", "version": 1, "text": text}
        client.notify("textDocument/didOpen", {"textDocument": document})  # json.dumps writes "\ud800"
        assert [d["code"] for d in client.diagnostics(file.as_uri())] == ["TST001"]
        assert client.shutdown() == 0


def test_an_empty_body_is_dropped_and_answered() -> None:
    answers: list[bytes] = []
    stream = FramedInput(io.BytesIO(b"Content-Length: 0\r\n\r\n" + GOOD), answers.append)
    assert stream.read(len(GOOD)) == GOOD
    [answer] = answers
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert body["id"] is None and body["error"]["code"] == -32700
    assert "an empty body is not a message" in body["error"]["message"]


@pytest.mark.timeout(120)
def test_a_tiny_document_that_explodes_is_one_fl020_and_the_server_answers_on(tmp_path: Path) -> None:
    # 8 levels of `const aN = [aN-1, ... ten times]` (about 600 bytes) kept the old server busy for minutes.
    from test_hostile_parse import repeated

    file = tmp_path / "boom.mjs"
    text = repeated(8).decode()
    with lsp_session(stderr=None) as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        document = {"uri": file.as_uri(), "languageId": "javascript", "version": 1, "text": text}
        client.notify("textDocument/didOpen", {"textDocument": document})
        [diagnostic] = client.diagnostics(file.as_uri())  # the client waits 20 s at most
        assert diagnostic["code"] == "FL020" and diagnostic["severity"] == 1
        position = {"line": 0, "character": 0}
        client.request("textDocument/hover", {"textDocument": {"uri": file.as_uri()}, "position": position})
        assert client.shutdown() == 0


# -- the lifecycle of the LSP specification, and what is read from disk -------------------------------


def big_definition(over: int) -> str:
    """A definition of one tool after another, a little over `over` bytes."""
    tool = "        t{i}: {{ method: 'GET', path: '/t', description: 'T', parameters: [], tests: [] }},\n"
    body = "".join(tool.format(i=i) for i in range(over // 80 + 10))
    text = "export const main = {\n    namespace: 'big',\n    tools: {\n" + body + "    }\n}\n"
    assert over < len(text.encode()) < 2 * over
    return text


def initialize(client: Any, root: Path) -> None:
    client.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {}})
    client.notify("initialized", {})


def answer_to(client: Any, message_id: int, method: str, params: Any) -> dict[str, Any]:
    client.send({"id": message_id, "method": method, "params": params})
    return client.wait(lambda m: m.get("id") == message_id and "method" not in m)


@pytest.mark.timeout(60)
def test_a_request_before_initialize_is_32002_without_a_traceback(tmp_path: Path) -> None:
    file = tmp_path / "demo.mjs"
    file.write_text(BROKEN, encoding="utf-8")
    position = {"textDocument": {"uri": file.as_uri()}, "position": {"line": 0, "character": 0}}
    with lsp_session() as client:
        early = answer_to(client, 1, "textDocument/hover", position)
        assert early["error"]["code"] == -32002  # was -32603 with the Python traceback in `data`
        assert "data" not in early["error"] and "Traceback" not in json.dumps(early)
        document = {"uri": file.as_uri(), "languageId": "javascript", "version": 1, "text": BROKEN}
        client.notify("textDocument/didOpen", {"textDocument": document})  # dropped: not initialized
        initialize(client, tmp_path)
        assert client.request("textDocument/hover", position) is None  # the early didOpen was dropped
        assert client.shutdown() == 0
        stderr = client.process.stderr.read().decode() if client.process.stderr else ""
    assert "Traceback" not in stderr


@pytest.mark.timeout(60)
def test_initialize_is_answered_after_a_shutdown_sent_before_it(tmp_path: Path) -> None:
    with lsp_session(stderr=None) as client:
        assert answer_to(client, 1, "shutdown", None)["error"]["code"] == -32002
        result = client.request(  # the old server ignored every request after that shutdown
            "initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}}
        )
        assert result["serverInfo"]["name"] == "flowlint"
        assert client.shutdown() == 0


@pytest.mark.timeout(60)
@pytest.mark.parametrize("initialized", [True, False])
def test_exit_without_shutdown_exits_1(tmp_path: Path, initialized: bool) -> None:
    with lsp_session(stderr=None) as client:
        if initialized:
            initialize(client, tmp_path)
        client.notify("exit", None)
        assert client.process.wait(timeout=20) == 1  # the LSP specification; it used to be 0


@pytest.mark.timeout(60)
@pytest.mark.parametrize("target", ["fifo", "/dev/zero", "large"])
def test_a_file_that_is_not_open_is_read_only_when_regular_and_bounded(tmp_path: Path, target: str) -> None:
    # hover on file:///dev/zero ended in MemoryError; on a FIFO the server hung for good.
    from flowlint.lsp import MAX_DOCUMENT_BYTES

    if target == "fifo":
        path = tmp_path / "pipe.mjs"
        os.mkfifo(path)
    elif target == "large":  # a definition with a safe fix (FL009), just over the bound
        path = tmp_path / "large.mjs"
        path.write_text("// flowlint: ignore[TST002]\n" + big_definition(MAX_DOCUMENT_BYTES))
    else:
        path = Path(target)
        if not path.exists():
            pytest.skip("no /dev/zero")
    ok = tmp_path / "demo.mjs"
    ok.write_text(BROKEN, encoding="utf-8")
    with lsp_session(stderr=None, limit_memory=True) as client:
        initialize(client, tmp_path)
        at = {"line": 0, "character": 0}
        assert client.request("textDocument/hover", {"textDocument": {"uri": path.as_uri()}, "position": at}) is None
        context = {"diagnostics": [], "only": ["source.fixAll.flowlint"]}
        actions = client.request(
            "textDocument/codeAction",
            {"textDocument": {"uri": path.as_uri()}, "range": {"start": at, "end": at}, "context": context},
        )
        assert actions == []
        client.notify("textDocument/didSave", {"textDocument": {"uri": path.as_uri()}})
        document = {"uri": ok.as_uri(), "languageId": "javascript", "version": 1, "text": BROKEN}
        client.notify("textDocument/didOpen", {"textDocument": document})
        assert [d["code"] for d in client.diagnostics(ok.as_uri())] == ["TST001"]  # the session goes on
        assert client.shutdown() == 0


@pytest.mark.timeout(120)
def test_a_document_over_the_bound_is_one_diagnostic_not_a_long_block(tmp_path: Path) -> None:
    # A 25.8 MB document blocked the old server for 14 s; over MAX_DOCUMENT_BYTES it is not checked as you type.
    from flowlint.lsp import MAX_DOCUMENT_BYTES

    file = tmp_path / "big.mjs"
    text = big_definition(MAX_DOCUMENT_BYTES)
    with lsp_session(stderr=None) as client:
        initialize(client, tmp_path)
        document = {"uri": file.as_uri(), "languageId": "javascript", "version": 1, "text": text}
        client.notify("textDocument/didOpen", {"textDocument": document})
        [diagnostic] = client.diagnostics(file.as_uri())
        assert diagnostic["code"] == "FL001" and diagnostic["severity"] == 1
        assert f"the language server checks documents up to {MAX_DOCUMENT_BYTES / 1e6:g} MB" in diagnostic["message"]
        at = {"line": 0, "character": 0}
        assert client.request("textDocument/hover", {"textDocument": {"uri": file.as_uri()}, "position": at}) is None
        assert client.shutdown() == 0


# -- issue 28: every request answered; an unchanged document linted once ------------------------------


def test_every_request_is_answered_whatever_its_body(tmp_path: Path) -> None:
    """Subprocess: the server reads real frames. Before, each of these requests went unanswered (pygls
    logged a traceback and the editor waited for ever)."""
    with lsp_session() as client:
        process = client.process
        assert process.stdin is not None

        def raw(body: bytes) -> None:
            assert process.stdin is not None
            process.stdin.write(frame(body))
            process.stdin.flush()

        def answer(request_id: Any) -> dict[str, Any]:
            return client.wait(lambda m: "method" not in m and m.get("id") == request_id)

        client.send({"id": 1, "method": "initialize", "params": {"processId": "abc", "capabilities": 5}})
        refused = answer(1)["error"]
        assert refused["code"] == -32602 and "$.params.capabilities" in refused["message"]
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        raw(b'{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": "\xff\xfe"}')
        assert answer(2)["error"] == {
            "code": -32700,
            "message": "Parse error: the message body is not UTF-8 (byte 0xff at offset 71)",
        }
        raw(b'{"jsonrpc": "2.0", "id": 3, "method": "x", "params": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
        assert answer(3)["error"]["code"] == -32700
        raw(b'{"jsonrpc": "2.0", "method": "x", "params": ' + b"[" * 100_000 + b"]" * 100_000 + b', "id": "late"}')
        assert "too deeply" in answer("late")["error"]["message"]
        raw(b'[{"jsonrpc": "2.0", "id": 4, "method": "shutdown"}]')  # a batch: LSP has none
        assert answer(None)["error"]["code"] == -32600
        client.send({"id": 5, "method": "textDocument/hover", "params": {"textDocument": 5}})
        assert answer(5)["error"]["code"] == -32602
        assert client.request("shutdown", None) is None
        client.send({"id": 6, "method": "textDocument/hover", "params": {}})
        assert answer(6)["error"] == {
            "code": -32600,
            "message": "Invalid request: textDocument/hover after shutdown (only exit is accepted)",
        }
        client.notify("exit", None)
        assert process.wait(timeout=20) == 0
        stderr = process.stderr.read().decode("utf-8", "replace") if process.stderr else ""
    assert "Traceback" not in stderr


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b'{"jsonrpc": "2.0", "id": 7, "params": [[["\xff"]]]}', 7),
        (b'{"params": {"id": 1}, "id": "top"}', "top"),
        (b'{"params": "\\"id\\": 2", "id" : -3}', -3),
        (b'{"params": [' + b"[" * 10_000 + b"]" * 10_000 + b'], "id": 8}', 8),
        (b'{"id": true}', None),
        (b'{"id": 1.5}', None),
        (b'"id"', None),
        (b'{"a": "unterminated \\"id\\": 4', None),
    ],
)
def test_the_id_of_a_body_that_cannot_be_parsed_is_read_from_its_top_level(body: bytes, expected: object) -> None:
    from flowlint.lsp import top_level_id

    assert top_level_id(body) == expected


def test_an_unchanged_document_is_linted_once_for_every_hover_and_code_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 10 hovers on an unchanged 1.99 MB document took 9 s: each linted the whole document again.
    from lsprotocol import types

    from flowlint import lsp
    from flowlint.lint.engine import Engine

    lints = 0
    lint_bytes = Engine.lint_bytes

    def counting(self: Engine, *args: Any, **kwargs: Any) -> Any:
        nonlocal lints
        lints += 1
        return lint_bytes(self, *args, **kwargs)

    monkeypatch.setattr(Engine, "lint_bytes", counting)
    source = BROKEN
    uri = (tmp_path / "demo.mjs").as_uri()
    lines = source.splitlines(keepends=True)
    everything = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=99, character=0))
    lsp.lint_document(uri, source, lines)
    lsp.code_actions(uri, source, lines, everything, types.CodeActionContext(diagnostics=[]))
    after_first = lints
    for line in range(10):
        lsp.hover_at(uri, source, lines, types.Position(line=line, character=8))
        lsp.code_actions(uri, source, lines, everything, types.CodeActionContext(diagnostics=[]))
        lsp.lint_document(uri, source, lines)
    assert lints == after_first  # the text, settings and lists are unchanged: nothing is linted again
    changed = source.replace("getPing", "getPong")
    lsp.hover_at(uri, changed, changed.splitlines(keepends=True), types.Position(line=3, character=8))
    assert lints == after_first + 1  # a new text is linted afresh, once
    (tmp_path / "flowlint.toml").write_text('ignore = ["TST001"]\n')
    assert lsp.lint_document(uri, changed, changed.splitlines(keepends=True)) == []  # and a new configuration
    assert lints == after_first + 2
