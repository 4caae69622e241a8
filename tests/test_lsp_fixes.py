"""The language server offers the fixes of `check --fix` as code actions, and hover shows rule docs."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from lsprotocol import types

from flowlint.lsp import FIX_ALL_KIND, code_actions, hover_at

SOURCE = (
    "export const main = {\n"
    "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '3.0.0', root: 'https://api.example.com',\n"
    "    tools: {\n"
    "        getMärkte: { method: 'GET', path: '/markets', description: 'Märkte',\n"
    "            parameters: [ { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [] } } ],\n"
    "            output: { mimeType: 'application/json', schema: { type: 'object' } },\n"
    "            tests: [ { _description: 'Zehn – 10', limit: '10' }, { _description: 'Fünf', limit: 5 }, { _description: 'Eins', limit: 1 } ] }\n"
    "    }\n"
    "}\n"
)


def _uri(tmp_path: Path) -> str:
    return (tmp_path / "demo.mjs").as_uri()


def _everything() -> types.Range:
    return types.Range(start=types.Position(line=0, character=0), end=types.Position(line=99, character=0))


def test_quick_fix_edits_the_value_at_utf16_positions(tmp_path: Path) -> None:
    lines = SOURCE.splitlines(keepends=True)
    actions = code_actions(_uri(tmp_path), SOURCE, lines, _everything(), types.CodeActionContext(diagnostics=[]))
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert [a.title for a in quick] == ["TST004: write 10 without quotes"]
    assert quick[0].is_preferred
    assert quick[0].edit is not None and quick[0].edit.changes is not None
    [edit] = quick[0].edit.changes[_uri(tmp_path)]
    line = lines[edit.range.start.line]
    # the range counts UTF-16 units (the en dash before it is one unit, three bytes)
    units = line.encode("utf-16-le")
    start, end = edit.range.start.character * 2, edit.range.end.character * 2
    assert units[start:end].decode("utf-16-le") == "'10'" and edit.new_text == "10"


def test_fix_all_is_one_edit_of_the_whole_document(tmp_path: Path) -> None:
    lines = SOURCE.splitlines(keepends=True)
    context = types.CodeActionContext(diagnostics=[], only=[FIX_ALL_KIND])
    [action] = code_actions(_uri(tmp_path), SOURCE, lines, _everything(), context)
    assert action.kind == FIX_ALL_KIND and action.edit is not None and action.edit.changes is not None
    [edit] = action.edit.changes[_uri(tmp_path)]
    assert edit.new_text == SOURCE.replace("limit: '10'", "limit: 10")


def test_hover_shows_the_rule_documentation(tmp_path: Path) -> None:
    lines = SOURCE.splitlines(keepends=True)
    column = lines[6].index("'10'")
    at = types.Position(line=6, character=len(lines[6][:column].encode("utf-16-le")) // 2 + 1)
    shown = hover_at(_uri(tmp_path), SOURCE, lines, at)
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    assert shown.contents.kind == types.MarkupKind.Markdown
    assert shown.contents.value.startswith("# TST004: valid-values")
    assert hover_at(_uri(tmp_path), SOURCE, lines, types.Position(line=0, character=0)) is None


def test_fix_all_is_worked_out_off_the_message_thread_and_not_behind_a_lint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process, with events instead of time: `source.fixAll` lints the text again, round by round; the
    server does that in a thread of its own, neither on the thread that reads messages (as it did: a large
    document held every hover meanwhile) nor behind the lint of another document under way."""
    from pygls.workspace import Workspace

    from flowlint import lsp

    server = lsp.create_server()
    server.protocol._workspace = Workspace(None, sync_kind=types.TextDocumentSyncKind.Full)
    uri = _uri(tmp_path)
    server.workspace.put_text_document(
        types.TextDocumentItem(uri=uri, language_id="javascript", version=1, text=SOURCE)
    )
    threads: list[str] = []
    fix_bytes = lsp.fix_bytes

    def recorded(*args: object, **kwargs: object) -> object:
        threads.append(threading.current_thread().name)
        return fix_bytes(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(lsp, "fix_bytes", recorded)
    handler = server.protocol.fm.features[types.TEXT_DOCUMENT_CODE_ACTION]
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=_everything(),
        context=types.CodeActionContext(diagnostics=[], only=[FIX_ALL_KIND]),
    )
    busy, release = threading.Event(), threading.Event()

    def another_documents_lint() -> None:  # the lint thread stays busy until the fix is answered
        busy.set()
        assert release.wait(20)

    async def session() -> tuple[list[types.CodeAction], list[types.CodeAction]]:
        loop = asyncio.get_running_loop()
        held = loop.run_in_executor(server.worker, another_documents_lint)
        assert await loop.run_in_executor(None, busy.wait, 20)
        actions = await handler(params)
        again = await handler(params)  # the outcome is kept with the lint: not worked out twice
        release.set()
        await held
        return actions, again

    lsp._REPORTS.lint(uri, SOURCE)  # the text's lint is done: the code action waits for no lint of it
    try:
        actions, again = asyncio.run(session())
    finally:
        release.set()
        server.worker.shutdown(wait=True)
        server.fixer.shutdown(wait=True)
        lsp._REPORTS.forget(uri)
    assert [a.kind for a in actions] == [FIX_ALL_KIND] and [a.title for a in again] == [a.title for a in actions]
    assert len(threads) == 1 and threads[0].startswith("flowlint-fix"), threads
