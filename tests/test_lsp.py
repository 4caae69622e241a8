"""`flowlint lsp` in a real client session over stdio: initialize, didOpen, didChange, didSave,
publishDiagnostics, executeCommand, shutdown, exit; plus position conversion and the missing-extra error."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from lsp_frames import read_messages

from conftest import REPO, invoke_cli

pytest.importorskip("pygls")

from flowlint.core.severity import Severity
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lsp import to_lsp, utf16_column

BROKEN = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API \U0001f600', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getPing: { method: 'GET', path: '/ping', description: 'Health \U0001f600 check', parameters: [], output: { mimeType: 'application/json', schema: { type: 'object' } } }
    }
}
"""
FIXED = BROKEN.replace(
    "type: 'object' } } }",
    "type: 'object' } }, tests: [ { _description: 'Up' }, { _description: 'Still up' }, { _description: 'Up again' } ] }",
)
assert FIXED != BROKEN


class Client:
    """A minimal LSP client: Content-Length framed JSON-RPC over the server's stdin/stdout."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        read_messages(stream, self.messages.put)

    def send(self, message: dict[str, Any]) -> None:
        data = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(data)}\r\n\r\n".encode("ascii") + data)
        self.process.stdin.flush()

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        message = self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)
        assert "error" not in message, message
        return message.get("result")

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def wait(self, match: Any, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.messages.get(timeout=max(deadline - time.monotonic(), 0.01))
            if match(message):
                return message

    def shutdown(self) -> int:
        """The LSP shutdown handshake (shutdown answered with null, then exit); the server's exit code."""
        assert self.request("shutdown", None) is None
        self.notify("exit", None)
        return self.process.wait(timeout=20)

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        message = self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
        )
        return list(message["params"]["diagnostics"])


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@contextlib.contextmanager
def lsp_session(stderr: int | None = subprocess.PIPE, limit_memory: bool = False) -> Iterator[Client]:
    """Subprocess: `flowlint lsp` over stdio and a client for it (`client.process` is the server); the
    server is killed if the block leaves it running, and its pipes are closed. `limit_memory` caps the
    server's address space at 2 GiB (a test that could make it read without end must not take the machine)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "flowlint", "lsp"],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        preexec_fn=_limit_memory if limit_memory else None,  # (the child starts no thread before exec)
    )
    try:
        yield Client(process)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def test_a_real_lsp_session(tmp_path: Path) -> None:
    """Subprocess: a language server is a process an editor talks to over stdio; this is that session."""
    file = tmp_path / "demo.mjs"
    file.write_text(BROKEN, encoding="utf-8")
    uri = file.as_uri()
    with lsp_session() as client:
        result = client.request(
            "initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}}
        )
        assert result["serverInfo"]["name"] == "flowlint"
        assert result["capabilities"]["textDocumentSync"]["openClose"] is True
        assert result["capabilities"]["hoverProvider"] and "source.fixAll.flowlint" in str(
            result["capabilities"]["codeActionProvider"]
        )
        client.notify("initialized", {})

        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "javascript", "version": 1, "text": BROKEN}},
        )
        [diagnostic] = client.diagnostics(uri)
        assert diagnostic["code"] == "TST001"
        assert diagnostic["severity"] == 1
        assert diagnostic["source"] == "flowlint"
        assert "TST001" in diagnostic["codeDescription"]["href"]
        assert diagnostic["data"]["explain"] == "flowlint rules TST001"
        assert diagnostic["range"]["start"] == {"line": 3, "character": 8}  # 1-based 4:9

        # Two quick changes: no fixed delay; the first is linted at once or skipped, the newest always.
        half = BROKEN.replace("getPing", "getPong")
        client.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": half}]}
        )
        client.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": FIXED}]}
        )
        newest = client.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == 3
        )
        assert newest["params"]["diagnostics"] == []

        client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": 4},
                "contentChanges": [
                    {
                        "range": {"start": {"line": 3, "character": 0}, "end": {"line": 4, "character": 0}},
                        "text": BROKEN.splitlines(keepends=True)[3],
                    }
                ],
            },
        )
        client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        [again] = client.diagnostics(uri)
        assert again["code"] == "TST001"

        explained = client.request(
            "workspace/executeCommand", {"command": "flowlint.explainRule", "arguments": ["TST001"]}
        )
        assert explained.startswith("# TST001: min-tests")

        assert client.shutdown() == 0


def test_columns_become_utf16() -> None:
    line = "  name: '\U0001f600é', x"
    # code point column 13 (1-based) is the `,`: the emoji takes two UTF-16 units
    assert line[12] == ","
    assert utf16_column(line, 13) == 13
    d = Diagnostic("TST001", Severity.WARNING, "m", "x.mjs", 1, 13, 1, 14)
    converted = to_lsp(d, [line + "\n"])
    assert (converted.range.start.line, converted.range.start.character) == (0, 13)
    assert converted.range.end.character == 14
    assert converted.code == "TST001"


def test_missing_pygls_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process: pygls is made unimportable (None in sys.modules, its submodules dropped) and
    flowlint.lsp is imported afresh; monkeypatch puts every module back afterwards."""
    for name in [name for name in sys.modules if name.startswith("pygls.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pygls", None)
    monkeypatch.delitem(sys.modules, "flowlint.lsp")
    result = invoke_cli("lsp")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "pip install 'flowmcp-lint[lsp]'" in lines[0]


FIXABLE = """\
export const main = {
    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',
    tools: {
        getMarkets: { method: 'GET', path: '/markets', description: 'Markets',
            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],
            output: { mimeType: 'application/json', schema: { type: 'object' } },
            tests: [ { _description: 'Zehn – ten', limit: '10' }, { _description: 'Five', limit: 5 }, { _description: 'One', limit: 1 } ] }
    }
}
"""


def _apply(text: str, edit: dict[str, Any]) -> str:
    """Apply one LSP TextEdit (0-based lines, UTF-16 characters) to `text`, as an editor does."""
    lines = text.splitlines(keepends=True)

    def offset(position: dict[str, int]) -> int:
        line = lines[position["line"]]
        units = line.encode("utf-16-le")[: 2 * position["character"]].decode("utf-16-le")
        return sum(len(x) for x in lines[: position["line"]]) + len(units)

    return text[: offset(edit["range"]["start"])] + edit["newText"] + text[offset(edit["range"]["end"]) :]


def test_a_real_session_applies_a_code_action(tmp_path: Path) -> None:
    """Subprocess: the editor asks for code actions on a finding, applies the quick fix, the finding goes."""
    file = tmp_path / "markets.mjs"
    file.write_text(FIXABLE, encoding="utf-8")
    uri = file.as_uri()
    with lsp_session() as client:
        client.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "javascript", "version": 1, "text": FIXABLE}},
        )
        [diagnostic] = client.diagnostics(uri)
        assert diagnostic["code"] == "TST004"
        actions = client.request(
            "textDocument/codeAction",
            {"textDocument": {"uri": uri}, "range": diagnostic["range"], "context": {"diagnostics": [diagnostic]}},
        )
        quick = [a for a in actions if a["kind"] == "quickfix"]
        assert [a["title"] for a in quick] == ["TST004: write 10 without quotes"] and quick[0]["isPreferred"]
        [edit] = quick[0]["edit"]["changes"][uri]
        fixed = _apply(FIXABLE, edit)
        assert "limit: 10 }" in fixed
        client.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}
        )
        assert client.diagnostics(uri) == []
        hover = client.request(
            "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
        )
        assert hover is None
        assert client.shutdown() == 0


def test_no_diagnostics_are_published_for_a_text_that_is_no_longer_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process, with events instead of time: the first text's lint is held until two newer texts
    have come; it publishes nothing, the middle text is never linted, the newest is linted and published;
    a hover on the text under way waits for that lint instead of starting another."""
    import asyncio

    from lsprotocol import types
    from pygls.workspace import Workspace

    from flowlint import lsp

    server = lsp.create_server()
    server.protocol._workspace = Workspace(None, sync_kind=types.TextDocumentSyncKind.Full)
    published: list[types.PublishDiagnosticsParams] = []
    monkeypatch.setattr(server, "text_document_publish_diagnostics", published.append)
    started, release = threading.Event(), threading.Event()
    linted: list[str] = []
    lint = lsp._REPORTS.lint

    def held(uri: str, source: str) -> lsp.Linted:
        linted.append(source)
        if len(linted) == 1:
            started.set()
            assert release.wait(20)
        return lint(uri, source)

    monkeypatch.setattr(lsp._REPORTS, "lint", held)
    uri = (tmp_path / "demo.mjs").as_uri()
    half = BROKEN.replace("getPing", "getPong")

    def change(version: int, text: str) -> None:
        server.workspace.put_text_document(
            types.TextDocumentItem(uri=uri, language_id="javascript", version=version, text=text)
        )
        server.lint_soon(uri)

    async def session() -> None:
        loop = asyncio.get_running_loop()
        change(1, BROKEN)
        assert await loop.run_in_executor(None, started.wait, 20)  # the lint of version 1 is under way
        hover = loop.create_task(server.linted(uri, BROKEN))
        change(2, half)
        change(3, FIXED)
        await asyncio.sleep(0)
        assert published == [] and not hover.done()
        release.set()
        assert (await hover).keyed.data == BROKEN.encode()  # the hover had the lint under way, not its own
        assert server.linting is not None
        await server.linting

    try:
        asyncio.run(session())
    finally:
        release.set()
        server.worker.shutdown(wait=True)
        lsp._REPORTS.forget(uri)
    assert linted == [BROKEN, FIXED]  # version 2 waited behind version 3 and was never linted
    assert [(p.version, p.diagnostics) for p in published] == [(3, [])]
    assert server.dropped == 1


def test_a_hover_keys_its_text_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process: a hover on a text not linted yet reads its settings and computes its key once, to
    look for its lint and to make it; a second hover on the same text finds that lint."""
    import asyncio

    from flowlint import lsp
    from flowlint.lint.config import Config

    server = lsp.create_server()
    documents: list[str] = []
    document = lsp._document

    def counted(uri: str, source: str) -> tuple[bytes, Path, Config]:
        documents.append(uri)
        return document(uri, source)

    monkeypatch.setattr(lsp, "_document", counted)
    uri = (tmp_path / "demo.mjs").as_uri()
    lints, hits = lsp._REPORTS.lints, lsp._REPORTS.hits
    try:
        first = asyncio.run(server.linted(uri, BROKEN))
        assert len(documents) == 1 and lsp._REPORTS.lints == lints + 1
        assert asyncio.run(server.linted(uri, BROKEN)) is first
        assert len(documents) == 2 and lsp._REPORTS.hits == hits + 1
    finally:
        server.worker.shutdown(wait=True)
        lsp._REPORTS.forget(uri)
