"""A language server (pygls, stdio) that publishes flowlint's diagnostics on open, change and save.

Diagnostics are the ones `flowlint check` reports for the same file: configuration and `_lists/` are
looked up from the document's own folder. Positions are converted from flowlint's 1-based code-point
columns to LSP's 0-based UTF-16 ones.

Lints run one at a time in a worker thread, never on the thread that reads the client's messages: a
change is linted at once when nothing is being linted, and while a lint runs, each document keeps
only its newest text waiting (no fixed delay). A lint whose text is no longer the newest when it
ends publishes nothing: the newest text is linted next. Hovers and code actions are answered from the
last lint of the text they are about (`DocumentReports`), or wait for it without holding up other
messages.

The lifecycle is the specification's: a request before `initialize` is answered -32002 (and a
notification dropped), one after `shutdown` -32600, `exit` ends the process with 0 after `shutdown`
and 1 without, and no answer carries a Python traceback. Every request is answered: one whose body
cannot be read (not UTF-8, nested too deeply for Python's parser) -32700, with its id when the top
level of the body names one; one whose params do not fit its method (`initialize` with a number for
`capabilities`) -32602; one that is no JSON-RPC 2.0 message -32600.

A document over `MAX_DOCUMENT_BYTES` gets one diagnostic instead of
being checked as you type; a file that is not open is read from disk only when it is a regular file
within that bound.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import re
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple, cast
from urllib.parse import quote

from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

from flowlint.core.errors import FileProblem
from flowlint.core.fileio import MAX_READ_BYTES, read_regular
from flowlint.core.severity import Severity
from flowlint.core.source import SourceText
from flowlint.core.version import __version__
from flowlint.definition.sharedlists import SharedListResolver
from flowlint.lint.cache import ResultCache
from flowlint.lint.codes import Code
from flowlint.lint.config import Config, ConfigResolver
from flowlint.lint.diagnostics import Diagnostic
from flowlint.lint.docs import rule_doc
from flowlint.lint.engine import Engine
from flowlint.lint.fixing import FileFix, fix_bytes
from flowlint.lint.registry import rule_for
from flowlint.lint.result import FileReport

MAX_DOCUMENT_BYTES = 2_000_000
"""The largest document checked as you type: a 2.1 MB definition of 10,000 tools takes about 1.4 s of CPU
to check (4.2 MB: 2.8 s; 25.8 MB blocked the server for 14 s), the public library's largest is 154 KB.
A larger one gets a single FL001 diagnostic saying so; `flowlint check` still checks it."""
SERVER_NOT_INITIALIZED = -32002
EXPLAIN_COMMAND = "flowlint.explainRule"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}


def utf16_column(line_text: str, column: int) -> int:
    """0-based UTF-16 offset of the 1-based code-point `column` in `line_text`. A lone surrogate (a JSON
    `"\\ud800"` in the client's text) is one UTF-16 unit, as the client counts it."""
    prefix = line_text[: max(column - 1, 0)]
    return len(prefix.encode("utf-16-le", "surrogatepass")) // 2


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


class Linted:
    """One lint of a document's text: what was linted (`keyed`: its bytes, path, settings and key), the
    report (fixes included), and the outcome of fixing it all, worked out when first asked for (the
    server asks in its fix thread)."""

    __slots__ = ("_fixed", "keyed", "report")

    def __init__(self, keyed: Keyed, report: FileReport) -> None:
        self.keyed = keyed
        self.report = report
        self._fixed: FileFix | None = None

    @property
    def fix_known(self) -> bool:
        return self._fixed is not None

    def fixed(self) -> FileFix:
        """Every safe fix, in verified rounds (what `check --fix` writes). With an engine of its own: the
        lint thread may be using the document's engine meanwhile."""
        if self._fixed is None:
            data, path, config, _key = self.keyed
            self._fixed = fix_bytes(Engine(config), data, path, str(path), unsafe=False)
        return self._fixed


class Keyed(NamedTuple):
    """An open document's bytes, path and settings (`_document`), and the key of their lint."""

    data: bytes
    path: Path
    config: Config
    key: str


class DocumentReports:
    """The last lint of each document, by path: publishing, hovers and code actions on a text whose
    bytes, settings and shared lists are unchanged (`ResultCache.key`, the digest `flowlint check`'s
    cache keys on) reuse it instead of linting again (a 2 MB document takes about a second); any
    change lints afresh, with the engine of the document's settings and shared lists (their rules and
    parsed lists serve every keystroke). One entry per document, dropped when it is closed. Safe to use
    from the worker thread that lints and the thread that answers hovers at once."""

    def __init__(self) -> None:
        self._keys = ResultCache(None)  # its `key`: never stores a report
        self._latest: dict[str, Linted] = {}
        self._engines: dict[str, Engine] = {}  # by the key's context: settings and shared lists
        self._lock = threading.Lock()
        self.hits = 0
        self.lints = 0

    def keyed(self, uri: str, source: str) -> Keyed:
        """What a lint of this text of the document needs, and the key its lint is found by."""
        data, path, config = _document(uri, source)
        with self._lock:
            self._keys.forget_lists()  # list files may have changed since the last request
            key = self._keys.key(data, path, config, SharedListResolver(config.lists_dir))
        return Keyed(data, path, config, key)

    def cached(self, keyed: Keyed) -> Linted | None:
        """The last lint of the document when it is of this text (and settings and lists), else None."""
        latest = self._latest.get(str(keyed.path))
        if latest is not None and latest.keyed.key == keyed.key:
            self.hits += 1
            return latest
        return None

    def lint(self, uri: str, source: str) -> Linted:
        return self.lint_keyed(self.keyed(uri, source))

    def lint_keyed(self, keyed: Keyed) -> Linted:
        """`lint` of a text keyed already (a hover keys its text once: to look for its lint, and to make it)."""
        latest = self.cached(keyed)  # made meanwhile, when the text was keyed before this lint began
        if latest is not None:
            return latest
        data, path, config, key = keyed
        context = key.partition("/")[2]
        with self._lock:
            engine = self._engines.get(context)
            if engine is None:
                if len(self._engines) >= 8:
                    self._engines.clear()
                engine = self._engines[context] = Engine(config)
        report = engine.lint_bytes(data, path, str(path))
        report.config = config
        linted = Linted(keyed, report)
        with self._lock:
            self.lints += 1
            self._latest[str(path)] = linted
        return linted

    def forget(self, uri: str) -> None:
        self._latest.pop(str(Path(to_fs_path(uri) or uri)), None)


_REPORTS = DocumentReports()


def lint_document(uri: str, source: str, lines: Sequence[str]) -> list[types.Diagnostic]:
    """Lint an open document; an unchanged text under an unchanged configuration and shared lists
    is answered from memory (`DocumentReports`), as `flowlint check` answers from its result cache."""
    return diagnostics_of(_REPORTS.lint(uri, source), lines)


def diagnostics_of(linted: Linted, lines: Sequence[str]) -> list[types.Diagnostic]:
    return [to_lsp(d, lines) for d in linted.report.diagnostics]


FIX_ALL_KIND = "source.fixAll.flowlint"


def _wants_fix_all(context: types.CodeActionContext) -> bool:
    """Whether a code action request asks for `source.fixAll.flowlint` (it asks for every kind when it
    names none)."""
    only = context.only or []
    return not only or any(FIX_ALL_KIND.startswith(kind) for kind in only)


def _document(uri: str, source: str) -> tuple[bytes, Path, Config]:
    """An open document's bytes, its path and the settings `flowlint check` would lint it with
    (per-file-ignores included). Configuration files are read afresh: the user may have edited one."""
    path = Path(to_fs_path(uri) or uri)
    config = ConfigResolver().for_file(path)
    return source.encode("utf-8", "surrogatepass"), path, config


def _lsp_position(text: SourceText, lines: Sequence[str], offset: int) -> types.Position:
    where = text.position(offset)
    index = max(where.line - 1, 0)
    line = lines[index] if index < len(lines) else ""
    return types.Position(line=index, character=utf16_column(line.rstrip("\r\n"), where.column))


def code_actions(
    uri: str, source: str, lines: Sequence[str], wanted: types.Range, context: types.CodeActionContext
) -> list[types.CodeAction]:
    """Quick fixes for the findings in `wanted` (safe ones preferred), and `source.fixAll.flowlint`:
    every safe fix, in verified rounds, as one edit of the whole document (what `check --fix` writes)."""
    return actions_of(uri, _REPORTS.lint(uri, source), lines, wanted, context)


def actions_of(
    uri: str, linted: Linted, lines: Sequence[str], wanted: types.Range, context: types.CodeActionContext
) -> list[types.CodeAction]:
    """`code_actions` of a lint made already."""
    report = linted.report
    text = SourceText(linted.keyed.data)
    only = context.only or []
    actions: list[types.CodeAction] = []
    if not only or any(kind.startswith(types.CodeActionKind.QuickFix) for kind in only):
        for d in report.diagnostics:
            if d.fix is None or d.end_line - 1 < wanted.start.line or d.line - 1 > wanted.end.line:
                continue
            edits = [
                types.TextEdit(
                    range=types.Range(start=_lsp_position(text, lines, e.start), end=_lsp_position(text, lines, e.end)),
                    new_text=e.text,
                )
                for e in d.fix.edits
            ]
            actions.append(
                types.CodeAction(
                    title=f"{d.code}: {d.fix.title}" + ("" if d.fix.safe else " (changes behaviour)"),
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[to_lsp(d, lines)],
                    edit=types.WorkspaceEdit(changes={uri: edits}),
                    is_preferred=d.fix.safe,
                )
            )
    if _wants_fix_all(context):
        outcome = linted.fixed()
        if outcome.changed:
            end = types.Position(line=len(lines), character=0)
            whole = types.TextEdit(
                range=types.Range(start=types.Position(line=0, character=0), end=end),
                new_text=outcome.after.decode("utf-8", "surrogatepass"),
            )
            actions.append(
                types.CodeAction(
                    title=f"flowlint: fix all ({len(outcome.applied)} safe fixes)",
                    kind=FIX_ALL_KIND,
                    edit=types.WorkspaceEdit(changes={uri: [whole]}),
                )
            )
    return actions


def hover_at(uri: str, source: str, lines: Sequence[str], at: types.Position) -> types.Hover | None:
    """The documentation of the rules whose findings cover `at` (`flowlint rules CODE`)."""
    return hover_of(_REPORTS.lint(uri, source), lines, at)


def hover_of(linted: Linted, lines: Sequence[str], at: types.Position) -> types.Hover | None:
    """`hover_at` of a lint made already."""
    codes: list[str] = []
    for d in linted.report.diagnostics:
        lsp = to_lsp(d, lines).range
        inside = (lsp.start.line, lsp.start.character) <= (at.line, at.character) <= (lsp.end.line, lsp.end.character)
        if inside and d.code not in codes:
            codes.append(d.code)
    docs = [rule_doc(rule) for rule in (rule_for(code) for code in codes) if rule is not None]
    if not docs:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n".join(docs)))


class _Unfit:
    """A request or notification whose params do not have the form its method's (pygls cannot build it)."""

    def __init__(self, request_id: Any, method: str, problem: str) -> None:
        self.id = request_id
        self.method = method
        self.problem = problem


def message_id(value: Any) -> int | str | None:
    """`value` as a JSON-RPC id (a number or a string), else None: what an error answer carries."""
    return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None


_BODY_TOKEN = re.compile(rb'"(?:[^"\\]++|\\.)*+(?:"|\Z)|[\[\]{}]', re.S)
_ID_VALUE = re.compile(rb'[ \t\r\n]*:[ \t\r\n]*(-?[0-9]{1,18}(?![0-9.eE])|"(?:[^"\\]|\\.){0,200}")', re.S)
_MAX_ID_TOKENS = 1_000_000  # about 0.6 s of scanning at most


def top_level_id(body: bytes) -> int | str | None:
    """The `id` of a message body that cannot be parsed as a whole (not UTF-8, nested too deeply), read
    from its top level only and in at most `_MAX_ID_TOKENS` strings and brackets; None when there is none."""
    depth = 0
    for count, token in enumerate(_BODY_TOKEN.finditer(body)):
        text = token.group()
        if count > _MAX_ID_TOKENS:
            return None
        if text in (b"[", b"{"):
            depth += 1
        elif text in (b"]", b"}"):
            depth -= 1
        elif depth == 1 and text == b'"id"':
            value = _ID_VALUE.match(body, token.end())
            if value is None:
                return None
            try:
                return message_id(json.loads(value.group(1).decode("utf-8", "replace")))
            except ValueError:
                return None
    return None


def _why_unfit(error: BaseException) -> str:
    """What cattrs could not build, as its paths (`expected ClientCapabilities @ $.params.capabilities`)."""
    try:
        from cattrs import transform_error

        details = transform_error(error)
    except Exception:  # an error cattrs does not describe
        details = [_first_line(str(error)) or type(error).__name__]
    shown = "; ".join(details[:3]) + (f" and {len(details) - 3} more" if len(details) > 3 else "")
    return _first_line(shown)


class FlowlintProtocol(LanguageServerProtocol):
    """pygls's protocol with the lifecycle of the LSP specification (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.initialize_received = False
        self.exit_code: int | None = None  # set by `exit`: 0 after `shutdown`, else 1

    def structure_message(self, data: dict[str, Any]) -> Any:
        """pygls's message for `data`, or `_Unfit` for a request or notification whose params do not fit
        its method: pygls raises then, and the request went unanswered."""
        try:
            return super().structure_message(data)
        except (JsonRpcInvalidParams, JsonRpcInternalError) as error:
            if "method" not in data:
                raise
            return _Unfit(data.get("id"), str(data["method"])[:200], _why_unfit(error.__cause__ or error))

    def _answer_error(self, request_id: Any, code: int, message: str) -> None:
        answered = message_id(request_id)
        if answered is None and self.writer is not None:  # pygls would leave `"id": null` out
            self.writer.write(error_frame(code, message))
        else:
            self._send_response(answered, None, types.ResponseError(code=code, message=message))

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if self._shutdown and method is not None and method != types.EXIT:
            if getattr(message, "id", None) is not None:  # a request: answered; a notification: dropped
                self._answer_error(
                    message.id, INVALID_REQUEST, f"Invalid request: {method} after shutdown (only exit is accepted)"
                )
            return
        if isinstance(message, _Unfit):
            _LOG.warning("flowlint lsp: %s: the params do not fit the method (%s)", message.method, message.problem)
            if message.id is not None:
                self._answer_error(message.id, INVALID_PARAMS, f"Invalid params: {message.method}: {message.problem}")
            return
        if getattr(message, "jsonrpc", None) != "2.0":  # an array, a number, an object without "jsonrpc": "2.0"
            _LOG.warning("flowlint lsp: dropped a message that is not a JSON-RPC 2.0 message")
            if isinstance(message, dict):
                is_object, method, request_id = True, message.get("method"), message.get("id")
            else:  # a message pygls built (a `"jsonrpc": "1.0"` one), or an array, a number, a string
                is_object = hasattr(message, "jsonrpc")
                method, request_id = getattr(message, "method", None), getattr(message, "id", None)
            if not is_object or (method is not None and request_id is not None):  # not a notification or response
                self._answer_error(request_id, INVALID_REQUEST, "Invalid request: not a JSON-RPC 2.0 message")
            return
        if method == types.EXIT:
            self.exit_code = 0 if self._shutdown else 1
        elif method == types.INITIALIZE:
            self.initialize_received = True
        elif method is not None and not self.initialize_received:
            if getattr(message, "id", None) is not None:  # a request: answered; a notification: dropped
                self._send_response(
                    message.id,
                    None,
                    types.ResponseError(
                        code=SERVER_NOT_INITIALIZED,
                        message=f"Server not initialized: send initialize before {method}",
                    ),
                )
            else:
                _LOG.warning("flowlint lsp: dropped %s, sent before initialize", method)
            return
        super().handle_message(message)

    def _send_response(self, msg_id: Any, result: Any = None, error: types.ResponseError | None = None) -> None:
        if error is not None and error.data is not None:  # pygls puts the traceback here
            error = types.ResponseError(code=error.code, message=error.message)
        super()._send_response(msg_id, result, error)


class FlowlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "flowlint",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=FlowlintProtocol,
        )
        self.framed: FramedInput | None = None  # the filtered standard input, when serving over stdio
        # One lint at a time, off the thread that reads messages; per document its newest text waits.
        self.worker = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="flowlint-lint")
        # `source.fixAll` lints its text again, round by round: in a thread of its own, so that it neither
        # holds the messages nor waits behind the lint of another document
        self.fixer = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="flowlint-fix")
        self.waiting: dict[str, None] = {}  # documents to lint at their newest text, in order
        self.linting: asyncio.Task[None] | None = None
        self.running: tuple[str, str, asyncio.Future[Linted]] | None = None  # the lint under way: uri, text
        self.dropped = 0  # lints that ended after a newer text came: not published

    def text(self, uri: str) -> tuple[str, list[str]] | None:
        """An open document's text and lines; a file that is not open is read from disk only when it is a
        regular file of at most `MAX_DOCUMENT_BYTES` (never a device or a FIFO); else None."""
        document = self.workspace.text_documents.get(uri)
        if document is not None:
            return document.source, document.lines
        path = to_fs_path(uri)
        if not path:
            return None
        try:
            source = read_regular(Path(path), limit=MAX_DOCUMENT_BYTES).decode("utf-8", "surrogateescape")
        except FileProblem as problem:
            _LOG.warning("flowlint lsp: %s: %s", uri, problem)
            return None
        return source, source.splitlines(keepends=True)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """A message body that is not JSON is answered `-32700 Parse error` with `id: null`, as JSON-RPC
        says (pygls only logs it); one that is JSON Python's parser cannot read (bytes that are not
        UTF-8, nesting deeper than its recursion) the same, with the id its top level names (the
        body pygls failed on is the last one `FramedInput` passed: pygls reads and parses one at a
        time); other errors are reported as pygls does."""
        writer = self.protocol.writer
        if isinstance(error, json.JSONDecodeError) and writer is not None:
            writer.write(error_frame(PARSE_ERROR, f"Parse error: the message body is not JSON ({error})"))
            return
        if isinstance(error, (UnicodeDecodeError, RecursionError)) and writer is not None:
            body = self.framed.last_body if self.framed is not None else b""
            problem = (
                f"is not UTF-8 (byte 0x{error.object[error.start]:02x} at offset {error.start})"
                if isinstance(error, UnicodeDecodeError)
                else "is nested too deeply for the server's JSON parser"
            )
            writer.write(error_frame(PARSE_ERROR, f"Parse error: the message body {problem}", top_level_id(body)))
            return
        super().report_server_error(error, source)

    def lint_soon(self, uri: str) -> None:
        """Lint the document's newest text: at once when no lint runs, else next (its older waiting
        text, if any, is never linted)."""
        self.waiting[uri] = None
        if self.linting is None or self.linting.done():
            self.linting = asyncio.get_running_loop().create_task(self._lint_waiting())

    def forget(self, uri: str) -> None:
        self.waiting.pop(uri, None)

    async def _lint_waiting(self) -> None:
        """Lint the waiting documents one at a time in the worker thread, each at its newest text, and
        publish what is still the newest when its lint ends."""
        loop = asyncio.get_running_loop()
        while self.waiting:
            uri = next(iter(self.waiting))
            del self.waiting[uri]
            text = self.text(uri)
            if text is None:
                continue
            source, lines = text
            document = self.workspace.text_documents.get(uri)
            version = document.version if document is not None else None
            too_large = _too_large(source)
            try:
                if too_large is not None:
                    diagnostics = [too_large]
                else:
                    future = loop.run_in_executor(self.worker, _REPORTS.lint, uri, source)
                    self.running = (uri, source, future)
                    try:
                        linted = await future
                    finally:
                        self.running = None
                    diagnostics = diagnostics_of(linted, lines)
            except Exception as error:  # an editor must never lose its server over one file
                self.window_log_message(types.LogMessageParams(types.MessageType.Error, f"flowlint: {error}"))
                continue
            if uri in self.waiting or self._newest_version(uri, document is not None) != version:
                self.dropped += 1  # changed (or closed) while it was linted: its newest text is what counts
                continue
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
            )

    def _newest_version(self, uri: str, was_open: bool) -> int | None:
        """The version of the document's newest text (None for a file read from disk); -1 when a document
        that was open when its lint began is closed now."""
        document = self.workspace.text_documents.get(uri)
        if document is None:
            return -1 if was_open else None
        version: int | None = document.version
        return version

    async def linted(self, uri: str, source: str) -> Linted:
        """The lint of this text of the document: the last one when it is of this text, else made in the
        worker thread (after the lint running now), while other messages are answered."""
        keyed = _REPORTS.keyed(uri, source)
        found = _REPORTS.cached(keyed)
        if found is not None:
            return found
        running = self.running
        if running is not None and running[0] == uri and running[1] == source:
            return await asyncio.shield(running[2])  # the lint under way is of this text: wait for it
        return await asyncio.get_running_loop().run_in_executor(self.worker, _REPORTS.lint_keyed, keyed)


def _too_large(source: str) -> types.Diagnostic | None:
    """The diagnostic of a document too large to check as you type (None when it is not)."""
    size = len(source.encode("utf-8", "surrogatepass"))
    if size <= MAX_DOCUMENT_BYTES:
        return None
    message = (
        f"the document is too large to check as you type ({size / 1e6:.1f} MB; the language server checks "
        f"documents up to {MAX_DOCUMENT_BYTES / 1e6:g} MB): run `flowlint check` on it"
    )
    return to_lsp(Diagnostic(Code.FL001, Severity.ERROR, message, "", 1, 1, 1, 1), [""])


def create_server() -> FlowlintServer:
    server = FlowlintServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: FlowlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.lint_soon(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: FlowlintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.lint_soon(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: FlowlintServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.lint_soon(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: FlowlintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)
        _REPORTS.forget(params.text_document.uri)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=False
        ),
    )
    async def code_action(ls: FlowlintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        text = ls.text(uri)
        if text is None or _too_large(text[0]) is not None:
            return []
        linted = await ls.linted(uri, text[0])
        if not linted.fix_known and _wants_fix_all(params.context):
            await asyncio.get_running_loop().run_in_executor(ls.fixer, linted.fixed)
        return actions_of(uri, linted, text[1], params.range, params.context)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: FlowlintServer, params: types.HoverParams) -> types.Hover | None:
        text = ls.text(params.text_document.uri)
        if text is None or _too_large(text[0]) is not None:
            return None
        return hover_of(await ls.linted(params.text_document.uri, text[0]), text[1], params.position)

    @server.command(EXPLAIN_COMMAND)
    def explain_rule(ls: FlowlintServer, code: str) -> str:
        rule = rule_for(str(code))
        return rule_doc(rule) if rule is not None else f"unknown rule code '{code}'"

    return server


MAX_HEADER_LINE = 64 * 1024
MAX_CONTENT_LENGTH = MAX_READ_BYTES
"""The largest message body read: as large as the largest file flowlint reads. A larger one is
answered -32600 and skipped, 64 KiB at a time, to the next `Content-Length:` header."""
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
_LOG = logging.getLogger(__name__)


class FramedInput:
    """Standard input with only well-formed LSP frames left in it, for pygls to read.

    pygls reads headers line by line and skips any header block without a valid `Content-Length`,
    then takes the unframed body that follows for a header line: one bad message (`Content-Length:
    abc`, or a body with no header) swallows the next good one and the session falls out of step.
    This filter drops a header block with a missing, non-numeric or out-of-range `Content-Length`
    (logging it, and answering it through `answer` with the JSON-RPC error the spec names and `id:
    null`: -32600 for a body over `MAX_CONTENT_LENGTH`, -32700 for a header that cannot be read) and
    picks the stream up again at the next `Content-Length:`, even when that header follows the dropped
    body on the same line; well-formed frames pass through unchanged. Nothing is held beyond one
    accepted body or one `MAX_HEADER_LINE` chunk of a line, however long the line.
    """

    def __init__(self, raw: BinaryIO, answer: Callable[[bytes], None] | None = None) -> None:
        self._raw = raw
        self._answer = answer
        self._buffer = bytearray()
        self._pending_line = b""
        self._ended = False
        self.last_body = b""
        """The body of the last frame passed on: the one pygls is parsing when it reports an error."""

    def readline(self, size: int = -1) -> bytes:
        while b"\n" not in self._buffer and self._fill():
            pass
        end = self._buffer.find(b"\n")
        count = len(self._buffer) if end < 0 else end + 1
        if size >= 0:
            count = min(count, size)
        return self._take(count)

    def read(self, size: int = -1) -> bytes:
        while (size < 0 or len(self._buffer) < size) and self._fill():
            pass
        return self._take(len(self._buffer) if size < 0 else min(size, len(self._buffer)))

    def _take(self, count: int) -> bytes:
        data = bytes(self._buffer[:count])
        del self._buffer[:count]
        return data

    def _line(self) -> bytes:
        carry, self._pending_line = self._pending_line, b""
        line = carry + self._raw.readline(MAX_HEADER_LINE - len(carry))
        if len(line) >= MAX_HEADER_LINE and not line.endswith(b"\n"):
            # A piece of a longer line: a header that starts near its end goes on in the next piece,
            # so it is carried over whole instead of being cut in two (and its message lost).
            cut = _header_tail(line)
            if cut > 0:
                line, self._pending_line = line[:cut], line[cut:]
        return line

    def _fill(self) -> bool:
        """Append the next well-formed frame to the buffer; False at the end of input."""
        if self._ended:
            return False
        length: int | None = None
        problem = ""
        seen = False
        while True:
            line = self._line()
            if not line:
                self._ended = True
                return False
            start = line.find(b"Content-Length:")
            if start > 0:  # a header after the body of a dropped message: start over from it
                _LOG.warning("flowlint lsp: dropped %d bytes that were not an LSP message", start)
                line, length, problem, seen = line[start:], None, "", False
            elif start == 0 and problem:  # a header line after lines that were not headers: start over
                self._dropped(problem)
                length, problem, seen = None, "", False
            if not line.strip():
                if length == 0 and not problem:
                    problem = "Content-Length 0: an empty body is not a message"  # pygls would skip it unanswered
                if length is not None and not problem:
                    body = self._raw.read(length)
                    if len(body) < length:
                        self._ended = True
                        return False
                    self._buffer += b"Content-Length: %d\r\n\r\n" % length + body
                    self.last_body = body
                    return True
                if seen:
                    self._dropped(problem or "no Content-Length header")
                length, problem, seen = None, "", False
                continue
            seen = True
            name, colon, value = line.partition(b":")
            if not colon or not line.endswith(b"\n"):
                problem = problem or "a header line that is not 'Name: value'"
            elif name.strip().lower() == b"content-length":
                digits = value.strip()
                if not (digits.isascii() and digits.isdigit()):
                    problem = f"Content-Length {digits[:40].decode('ascii', 'replace')!r} is not a byte count"
                elif len(digits) > 18 or int(digits) > MAX_CONTENT_LENGTH:
                    problem = f"Content-Length {digits[:40].decode()} is over the {MAX_CONTENT_LENGTH:,}-byte limit"
                else:
                    length = int(digits)

    def _dropped(self, problem: str) -> None:
        _LOG.warning("flowlint lsp: dropped a message: %s", problem)
        if self._answer is None:
            return
        code, kind = (INVALID_REQUEST, "Invalid request") if "-byte limit" in problem else (PARSE_ERROR, "Parse error")
        self._answer(error_frame(code, f"{kind}: dropped a message: {problem}"))


def error_frame(code: int, message: str, request_id: int | str | None = None) -> bytes:
    """A framed JSON-RPC error response (`id: null` unless given): the answer to a message that cannot be read."""
    body = json.dumps({"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


_HEADER = b"Content-Length:"


def _header_tail(piece: bytes) -> int:
    """Where a `Content-Length:` header (or the start of one) begins near the end of `piece`; -1 if none."""
    at = piece.rfind(_HEADER)
    if at > 0 and at >= len(piece) - 64:
        return at
    for size in range(len(_HEADER) - 1, 0, -1):
        if piece.endswith(_HEADER[:size]):
            return len(piece) - size
    return -1


class SharedOutput:
    """Standard output shared by pygls and `FramedInput`'s answers: each write is one whole message
    (pygls writes header and body in one call), so the two threads never interleave."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._lock = threading.Lock()

    def write(self, data: bytes) -> int:
        with self._lock:
            written = self._raw.write(data)
            self._raw.flush()
            return written

    def flush(self) -> None:
        with self._lock:
            self._raw.flush()

    def close(self) -> None:
        self._raw.close()


def _quiet_bad_json(record: logging.LogRecord) -> bool:
    """A message body that is not JSON (or JSON Python cannot read: not UTF-8, too deep) is the
    client's mistake, not a defect: pygls logs it with a traceback; say it in one line instead (other
    exceptions keep their tracebacks)."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, (json.JSONDecodeError, UnicodeDecodeError, RecursionError)):
        why = "is not JSON" if isinstance(error, json.JSONDecodeError) else "cannot be read"
        record.msg, record.args = f"flowlint lsp: dropped a message whose body {why} (%s)", (_first_line(str(error)),)
        record.exc_info, record.exc_text, record.levelno, record.levelname = None, None, logging.WARNING, "WARNING"
    return True


def _quiet_unfit_params(record: logging.LogRecord) -> bool:
    """pygls logs a message whose params do not fit its method with a traceback before raising; the
    protocol answers it (`_Unfit`) and logs one line: drop pygls's."""
    return not str(record.msg).startswith("Unable to deserialize message")


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= 300 else line[:297] + "..."


def serve() -> int:
    """Run the server over standard input and output until the client says exit; malformed message
    headers are dropped (see `FramedInput`) rather than knocking the session out of step. Returns the
    exit code: 1 when `exit` came without `shutdown` (the LSP specification), else 0."""
    logging.getLogger("pygls.server").addFilter(_quiet_bad_json)
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_quiet_unfit_params)
    output = SharedOutput(sys.stdout.buffer)

    def answer(frame: bytes) -> None:
        try:
            output.write(frame)
        except (BrokenPipeError, OSError, ValueError):
            pass  # the client is gone; pygls notices on its own next write

    server = create_server()
    sys.setswitchinterval(0.001)  # the thread answering messages waits at most 1 ms (not 5) for a lint's GIL
    server.framed = FramedInput(sys.stdin.buffer, answer)
    server.start_io(cast(BinaryIO, server.framed), cast(BinaryIO, output))
    exit_code = cast(FlowlintProtocol, server.protocol).exit_code
    return 1 if exit_code == 1 else 0


__all__ = [
    "MAX_DOCUMENT_BYTES",
    "FlowlintProtocol",
    "FlowlintServer",
    "FramedInput",
    "SharedOutput",
    "create_server",
    "serve",
    "to_lsp",
    "utf16_column",
]
