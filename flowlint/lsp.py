"""A language server (pygls, stdio) that publishes flowlint's diagnostics on open, change and save.

Diagnostics are the ones `flowlint check` reports for the same file: configuration and `_lists/` are
looked up from the document's own folder. Changes are debounced; open and save lint at once.
Positions are converted from flowlint's 1-based code-point columns to LSP's 0-based UTF-16 ones.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from urllib.parse import quote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from flowlint.core.severity import Severity
from flowlint.core.version import __version__
from flowlint.lint.diagnostics import Diagnostic

DEBOUNCE_SECONDS = 0.3
EXPLAIN_COMMAND = "flowlint.explainRule"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}


def utf16_column(line_text: str, column: int) -> int:
    """0-based UTF-16 offset of the 1-based code-point `column` in `line_text`."""
    prefix = line_text[: max(column - 1, 0)]
    return len(prefix.encode("utf-16-le")) // 2


def rule_link(code: str) -> str:
    """A `command:` URI that runs `flowlint.explainRule` (the text of `flowlint rules CODE`)."""
    arguments = quote(json.dumps([code]), safe="")
    return f"command:{EXPLAIN_COMMAND}?{arguments}"


def to_lsp(d: Diagnostic, lines: Sequence[str]) -> types.Diagnostic:
    def position(line: int, column: int) -> types.Position:
        index = max(line - 1, 0)
        text = lines[index] if index < len(lines) else ""
        return types.Position(line=index, character=utf16_column(text.rstrip("\r\n"), column))

    start = position(d.line, d.column)
    end = position(d.end_line, d.end_column)
    if (end.line, end.character) < (start.line, start.character):
        end = start
    return types.Diagnostic(
        range=types.Range(start=start, end=end),
        message=d.message,
        severity=_SEVERITY[d.severity],
        code=d.code,
        code_description=types.CodeDescription(href=rule_link(d.code)),
        source="flowlint",
        data={
            "explain": f"flowlint rules {d.code}",
            "tool": d.tool,
            "test_index": d.test_index,
            "parameter": d.parameter,
        },
    )


def lint_document(uri: str, source: str, lines: Sequence[str]) -> list[types.Diagnostic]:
    from flowlint.api import lint_source

    path = to_fs_path(uri) or uri
    report = lint_source(source, path=path)
    return [to_lsp(d, lines) for d in report.diagnostics]


class FlowlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("flowlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.pending: dict[str, asyncio.Task[None]] = {}

    def publish(self, uri: str) -> None:
        document = self.workspace.get_text_document(uri)
        try:
            diagnostics = lint_document(uri, document.source, document.lines)
        except Exception as error:  # an editor must never lose its server over one file
            self.window_log_message(types.LogMessageParams(types.MessageType.Error, f"flowlint: {error}"))
            return
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=document.version)
        )

    def cancel(self, uri: str) -> None:
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()

    def schedule(self, uri: str) -> None:
        self.cancel(uri)

        async def later() -> None:
            await asyncio.sleep(DEBOUNCE_SECONDS)
            self.pending.pop(uri, None)
            self.publish(uri)

        self.pending[uri] = asyncio.get_running_loop().create_task(later())


def create_server() -> FlowlintServer:
    server = FlowlintServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: FlowlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: FlowlintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: FlowlintServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.cancel(params.text_document.uri)
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: FlowlintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.cancel(params.text_document.uri)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )

    @server.command(EXPLAIN_COMMAND)
    def explain_rule(ls: FlowlintServer, code: str) -> str:
        from flowlint.lint.docs import rule_doc
        from flowlint.lint.registry import rule_for

        rule = rule_for(str(code))
        return rule_doc(rule) if rule is not None else f"unknown rule code '{code}'"

    return server


def serve() -> None:
    """Run the server over standard input and output until the client says exit."""
    create_server().start_io()


__all__ = ["DEBOUNCE_SECONDS", "FlowlintServer", "create_server", "serve", "to_lsp", "utf16_column"]
