"""HTTP execution for capture: one lane per host, with spacing, retries, backoff and timeouts.

Why threads with a sync `httpx.Client` per host rather than asyncio: every host is an independent,
strictly sequential lane (one call, wait, next call), which is plain sequential code in a thread;
concurrency is only *across* hosts and bounded by a small pool, so a handful of threads costs
nothing, Ctrl-C stays simple (a shared stop event that every wait observes), and the library needs
no event loop, so `capture()` can be called from any code, including code already running a loop.

Per-host rules:
- `delay` is the minimum time between the *starts* of two requests to the same host (retries
  included), so a 1 s delay means at most one request per second, whatever the latency.
- 429 and 503 honour `Retry-After` (seconds or an HTTP date), capped by `max_retry_after`; without
  it, and for other 5xx and connection errors, exponential backoff (`backoff * 2**attempt`).
  At most `retries` retries per test.
- `timeout` bounds each attempt as a whole: connecting, sending, waiting for the headers (a server
  that sends them one byte at a time included), redirects and the body download. httpx bounds each
  read only, so every socket operation of a lane goes through `_DeadlineBackend`, which gives it at
  most the time left before the attempt's deadline. A read timeout is not retried (a slow endpoint
  stays slow; retrying would only multiply the wait).

Bodies are read raw and decoded here (`BodyDecoder`), not by httpx, whose decoders inflate a whole
chunk at once: a 2 KB answer with `Content-Encoding: gzip, gzip` grew past 2 GB before its size was
looked at. Each coding inflates at most `DECODE_STEP` bytes at a time, every byte produced counts
against the body limit as it is produced, and at most `MAX_CODINGS` codings are decoded (as curl and
undici). The body's bytes are redacted (`Redactor.binary`) before anything reads them as text, cuts
them or stores them as base64.

Redirects are followed here too, never with a secret to another origin: headers that carry one are
dropped, and a redirect to another origin whose URL holds a secret, or that would send a body holding
one again (307, 308), is not followed (the test fails and says why). curl, httpx and node re-send such
a body; flowlint promises that no secret reaches another origin.
"""

from __future__ import annotations

import base64
import codecs
import email.utils
import json
import math
import socket
import ssl
import threading
import time
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpcore
import httpx

from flowlint.capture.request import HttpRequest
from flowlint.captures.redact import Redactor
from flowlint.core.strictjson import MAX_DATA_DEPTH, JsonRejected, loads_bounded

USER_AGENT = "flowlint-capture (+https://github.com/flowmcp)"
_SSL_LOCK = threading.Lock()
_SSL_CONTEXT: list[ssl.SSLContext] = []


def shared_ssl_context() -> ssl.SSLContext:
    """The default verifying context (certifi's CA bundle, as httpx uses), built once per process."""
    with _SSL_LOCK:
        if not _SSL_CONTEXT:
            _SSL_CONTEXT.append(httpx.create_ssl_context())
        return _SSL_CONTEXT[0]


class Interrupted(Exception):
    """The run was stopped (Ctrl-C) before this call was sent."""


@dataclass(frozen=True)
class HttpOptions:
    delay: float = 1.0
    timeout: float = 30.0
    retries: int = 2
    backoff: float = 1.0
    max_retry_after: float = 60.0
    max_text: int = 64 * 1024  # characters of a non-JSON body kept in a record
    max_body: int = 50 * 1024 * 1024  # bytes downloaded at most


@dataclass
class HttpOutcome:
    ok: bool
    status_code: int | None = None
    content_type: str | None = None
    data: Any = None
    messages: list[str] = field(default_factory=list)
    reason: str | None = None
    response_time: float | None = None  # ms, of the last attempt
    attempts: int = 0
    retry_after: str | None = None  # the last response's Retry-After header, if any
    encoding: str | None = None  # `base64`: `data` is the base64 of a body that is not text


class _Deadline:
    """The end of the attempt in flight of one lane (monotonic seconds); each socket operation gets at
    most the time left, and none starts after it."""

    def __init__(self) -> None:
        self.at = math.inf

    def cap(self, timeout: float | None, expired: type[Exception]) -> float:
        left = self.at - time.monotonic()
        if left <= 0:
            raise expired("the whole exchange exceeded the timeout")
        return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream, deadline: _Deadline) -> None:
        self.inner = inner
        self.deadline = deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self.inner.read(max_bytes, self.deadline.cap(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self.inner.write(buffer, self.deadline.cap(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self.inner.close()

    def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        capped = self.deadline.cap(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self.inner.start_tls(ssl_context, server_hostname, capped), self.deadline)

    def get_extra_info(self, info: str) -> Any:
        return self.inner.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    """httpcore's socket layer with every operation bounded by the lane's `_Deadline`."""

    def __init__(self, inner: httpcore.NetworkBackend, deadline: _Deadline) -> None:
        self.inner = inner
        self.deadline = deadline

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        capped = self.deadline.cap(timeout, httpcore.ConnectTimeout)
        stream = self.inner.connect_tcp(host, port, capped, local_address, socket_options)
        return _DeadlineStream(stream, self.deadline)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        capped = self.deadline.cap(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self.inner.connect_unix_socket(path, capped, socket_options), self.deadline)

    def sleep(self, seconds: float) -> None:
        self.inner.sleep(seconds)


def _bound_by(client: httpx.Client, deadline: _Deadline) -> None:
    """Route the socket operations of every transport of `client` (proxies from the environment
    included) through `_DeadlineBackend`. httpx has no option for it: its transports keep their
    httpcore pool in `_pool`, whose `_network_backend` is httpcore's documented extension point."""
    transports = [client._transport, *(t for t in client._mounts.values() if t is not None)]
    for transport in transports:
        pool = getattr(transport, "_pool", None)
        inner = getattr(pool, "_network_backend", None)
        if pool is None or not isinstance(inner, httpcore.NetworkBackend):
            raise RuntimeError("httpx's transport has changed: cannot bound a whole request by the timeout")
        pool._network_backend = _DeadlineBackend(inner, deadline)


class HostLane:
    """All calls to one host: one client, sequential, spaced by `delay`."""

    def __init__(self, options: HttpOptions, stop: threading.Event, ssl_context: ssl.SSLContext | None = None) -> None:
        self.options = options
        self.stop = stop
        self.next_start = 0.0
        self.refused: str | None = None  # set when the host refused connections: later calls are not made
        # One SSL context for all lanes: building one costs ~20 ms of CPU, held under the GIL.
        self.client = httpx.Client(
            verify=ssl_context if ssl_context is not None else True,
            timeout=httpx.Timeout(options.timeout),
            follow_redirects=False,  # followed by `_attempt`, which keeps secrets on their origin
            # the codings `BodyDecoder` decodes (httpx would offer br and zstd when their modules are installed)
            headers={"User-Agent": USER_AGENT, "Accept": "application/json, */*;q=0.5", "Accept-Encoding": ACCEPTED},
        )
        self.deadline = _Deadline()
        _bound_by(self.client, self.deadline)

    def close(self) -> None:
        self.client.close()

    def _wait_turn(self) -> None:
        while True:
            remaining = self.next_start - time.monotonic()
            if remaining <= 0:
                break
            if self.stop.wait(remaining):
                raise Interrupted
        if self.stop.is_set():
            raise Interrupted

    def _postpone(self, seconds: float) -> None:
        self.next_start = max(self.next_start, time.monotonic() + seconds)

    def send(self, request: HttpRequest, redactor: Redactor | None = None) -> HttpOutcome:
        """Send `request` (retries and pacing included); `redactor` knows the secrets it may carry."""
        if self.refused is not None:  # the per-host breaker: one refusing host costs one retry, not one per test
            return HttpOutcome(False, reason=f"not sent: {self.refused}", attempts=0)
        options = self.options
        attempt = 0
        first = time.monotonic()
        while True:
            self._wait_turn()
            started = time.monotonic()
            self.next_start = started + options.delay
            try:
                outcome = self._attempt(request, started, redactor or Redactor())
            except httpx.TimeoutException as error:
                if isinstance(error, httpx.ConnectTimeout) and attempt < options.retries:
                    self._postpone(options.backoff * 2**attempt)
                    attempt += 1
                    continue
                return HttpOutcome(
                    False,
                    reason=f"timed out after {options.timeout:g} s ({type(error).__name__})",
                    response_time=_ms(started),
                    attempts=attempt + 1,
                )
            except httpx.ConnectError as error:
                if attempt < min(1, options.retries):
                    self._postpone(options.backoff)
                    attempt += 1
                    continue
                what = (
                    f"the name {httpx.URL(request.url).host} did not resolve"
                    if _unresolved(error)
                    else f"{request.host} refused the connection"
                )
                self.refused = (
                    f"{what} ({attempt + 1} attempt{'s' if attempt else ''} "
                    f"over {time.monotonic() - first:.1f} s: {error})"
                )
                return HttpOutcome(False, reason=self.refused, response_time=_ms(started), attempts=attempt + 1)
            except httpx.HTTPError as error:
                if attempt < options.retries:
                    self._postpone(options.backoff * 2**attempt)
                    attempt += 1
                    continue
                return HttpOutcome(
                    False,
                    reason=f"connection error: {type(error).__name__}: {error}",
                    response_time=_ms(started),
                    attempts=attempt + 1,
                )
            outcome.attempts = attempt + 1
            status = outcome.status_code or 0
            if (status == 429 or status >= 500) and attempt < options.retries:
                wait = parse_retry_after(outcome.retry_after) if status in (429, 503) else None
                if wait is None:
                    wait = options.backoff * 2**attempt
                elif wait > options.max_retry_after:
                    outcome.reason = (
                        f"HTTP {status}: Retry-After of {wait:g} s exceeds the {options.max_retry_after:g} s limit"
                    )
                    return outcome
                self._postpone(wait)
                attempt += 1
                continue
            return outcome

    def _attempt(self, request: HttpRequest, started: float, redactor: Redactor) -> HttpOutcome:
        options = self.options
        # as fetch() sends a ByteString: each character (all <= U+00FF, see `request._fetch_header`) one byte
        kwargs: dict[str, Any] = {"headers": {name: value.encode("latin-1") for name, value in request.headers.items()}}
        if request.body is not None:
            kwargs["content"] = json.dumps(request.body, ensure_ascii=False).encode("utf-8")
        deadline = started + options.timeout
        self.deadline.at = deadline
        hop = self.client.build_request(request.method, request.url, **kwargs)
        origin = _origin(hop.url)
        for _ in range(MAX_REDIRECTS):
            response = self.client.send(hop, stream=True)
            following = response.next_request
            if following is None:
                break
            response.close()
            if _origin(following.url) != origin:  # never carry a secret to another origin
                resent = kwargs.get("content") if following.method == hop.method else None  # 307, 308...
                refused = _carries_secret(following, resent, redactor)
                if refused is not None:
                    reason = f"HTTP {response.status_code}: redirect to another origin not followed: {refused}"
                    return HttpOutcome(False, response.status_code, reason=reason, messages=[reason])
                for name in (*request.secret_headers, "Authorization", "Cookie", "Proxy-Authorization"):
                    following.headers.pop(name, None)
            hop = following
        else:
            raise httpx.TooManyRedirects(f"more than {MAX_REDIRECTS} redirects")
        try:
            content_type = response.headers.get("content-type")
            try:
                body, undecoded = read_body(response, options.max_body, deadline)
            except BodyTooLarge as error:
                return HttpOutcome(
                    False, response.status_code, content_type, reason=str(error), response_time=_ms(started)
                )
            status, phrase = response.status_code, response.reason_phrase
            outcome = interpret(status, phrase, content_type, redactor.binary(body), options.max_text)
            if undecoded is not None:
                outcome.messages.append(f"Content-Encoding {undecoded} is not decoded: the body is kept as sent")
            outcome.response_time = _ms(started)
            outcome.retry_after = response.headers.get("retry-after")
            return outcome
        finally:
            response.close()


def _carries_secret(following: httpx.Request, body: bytes | None, redactor: Redactor) -> str | None:
    """Why a redirect to another origin must not be followed (it would carry a secret there), or None:
    its URL holds a secret (the server put it in the Location), or `body`, which it would send again
    (a 307 or 308, or any redirect that keeps the method), holds one."""
    if redactor.finds(str(following.url)):
        return "its URL holds a server param"
    if body and redactor.finds(body):
        return f"it would send the {following.method} body, which holds a server param, again"
    return None


ACCEPTED = "gzip, deflate"
"""The content codings capture asks for: those `BodyDecoder` decodes with bounded output."""
MAX_CODINGS = 5
"""The most content codings one body may list (curl and undici stop at 5 too)."""
DECODE_STEP = 64 * 1024
"""Bytes a coding inflates at a time: the body limit is checked after each step."""


class BodyTooLarge(ValueError):
    """The body, as downloaded or as decoded so far, is over the limit (or lists too many codings)."""


class _Inflater:
    """One `gzip` or `deflate` coding, inflating at most `DECODE_STEP` bytes at a time."""

    def __init__(self, coding: str) -> None:
        self.coding = coding
        self.started = False
        self.inflater = zlib.decompressobj(zlib.MAX_WBITS | 16 if coding in ("gzip", "x-gzip") else zlib.MAX_WBITS)

    def feed(self, data: bytes) -> Iterator[bytes]:
        pending = data
        while True:
            try:
                piece = self.inflater.decompress(pending, DECODE_STEP)
            except zlib.error:
                if self.coding == "deflate" and not self.started:  # raw deflate without the zlib header (as httpx)
                    self.started = True
                    self.inflater = zlib.decompressobj(-zlib.MAX_WBITS)
                    continue
                raise
            self.started = True
            if piece:
                yield piece
            pending = self.inflater.unconsumed_tail
            if not pending and len(piece) < DECODE_STEP:
                return

    def flush(self) -> Iterator[bytes]:
        yield from self.feed(b"")


class BodyDecoder:
    """The content codings of a response undone, in bounded steps (see the module docstring). A body
    with a coding flowlint does not decode (`br`, `compress`) is kept as sent, as fetch() keeps one it
    does not know; `undecoded` names it."""

    def __init__(self, codings: list[str], limit: int) -> None:
        listed = [coding.strip().lower() for coding in codings if coding.strip()]
        listed = [coding for coding in listed if coding != "identity"]
        if len(listed) > MAX_CODINGS:
            raise BodyTooLarge(f"response lists {len(listed)} content codings; at most {MAX_CODINGS} are decoded")
        unknown = [coding for coding in listed if coding not in ("gzip", "x-gzip", "deflate")]
        self.undecoded = ", ".join(unknown) or None
        self.layers = [] if unknown else [_Inflater(coding) for coding in reversed(listed)]
        self.limit = limit
        self.size = 0

    def feed(self, data: bytes) -> Iterator[bytes]:
        yield from self._through(0, data, final=False)

    def flush(self) -> Iterator[bytes]:
        yield from self._through(0, b"", final=True)

    def _through(self, index: int, data: bytes, final: bool) -> Iterator[bytes]:
        if index == len(self.layers):
            self.size += len(data)
            if self.size > self.limit:
                raise BodyTooLarge(f"response body larger than {self.limit} bytes (decoded)")
            if data:
                yield data
            return
        layer = self.layers[index]
        pieces = layer.flush() if final and not data else layer.feed(data)
        for piece in pieces:
            yield from self._through(index + 1, piece, final=False)
        if final:
            yield from self._through(index + 1, b"", final=True)


def read_body(response: httpx.Response, limit: int, deadline: float) -> tuple[bytes, str | None]:
    """The decoded body of a streamed response, at most `limit` bytes downloaded and decoded, and the
    codings left undecoded (None: all were decoded); raises `BodyTooLarge` beyond the limit,
    `httpx.ReadTimeout` past `deadline`, and `httpx.DecodingError` for a body its codings cannot undo."""
    decoder = BodyDecoder(response.headers.get_list("content-encoding", split_commas=True), limit)
    chunks: list[bytes] = []
    downloaded = 0
    try:
        for raw in response.iter_raw():
            downloaded += len(raw)
            if downloaded > limit:
                raise BodyTooLarge(f"response body larger than {limit} bytes")
            for piece in decoder.feed(raw):
                chunks.append(piece)
                if time.monotonic() > deadline:
                    raise httpx.ReadTimeout("body download exceeded the timeout")
            if time.monotonic() > deadline:
                raise httpx.ReadTimeout("body download exceeded the timeout")
        chunks.extend(decoder.flush())
    except zlib.error as error:
        codings = ", ".join(layer.coding for layer in reversed(decoder.layers))
        raise httpx.DecodingError(f"the body is not valid {codings} data ({error})") from None
    return b"".join(chunks), decoder.undecoded


MAX_REDIRECTS = 20


def _unresolved(error: BaseException) -> bool:
    """Whether a connection failed because the host name did not resolve (`socket.gaierror` in the
    chain httpx and httpcore raise from), not because the host refused it."""
    seen: BaseException | None = error
    for _ in range(10):
        if seen is None:
            return False
        if isinstance(seen, socket.gaierror):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    """Scheme, host and port (the default port made explicit): what a redirect may not change for a
    secret header to go along."""
    default = {"http": 80, "https": 443}.get(url.scheme)
    return url.scheme, url.host, url.port or default


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a `Retry-After` header: delta-seconds or an HTTP date."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


MAX_DEPTH = MAX_DATA_DEPTH
"""Deepest nesting of arrays and objects kept from a JSON body; a deeper body fails its test."""
MAX_INT_DIGITS = 4300
"""Longest integer kept from a JSON body (Python's default `int` string limit)."""


class BodyRejected(ValueError):
    """A JSON body flowlint will not store: too deep, a number too large, or not valid Unicode.
    `problem` says what is wrong with it (`is nested deeper than 200 levels`)."""

    def __init__(self, problem: str) -> None:
        super().__init__("response body " + problem)
        self.problem = problem


def interpret(status: int, phrase: str, content_type: str | None, body: bytes, max_text: int) -> HttpOutcome:
    """FlowMCP's envelope for a response: JSON bodies become `data`; other bodies are kept as text, or
    as base64 when they are not text (`encoding`). A JSON body that cannot be stored safely (see
    `decode_body`) fails the test with the reason."""
    ok = 200 <= status < 300
    outcome = HttpOutcome(ok, status, content_type)
    try:
        decoded = decode_body(content_type, body, max_text)
    except BodyRejected as error:
        outcome.ok = False
        outcome.reason = str(error) if ok else f"HTTP {status}: {phrase or 'error'}"
        outcome.messages.append(outcome.reason)
        if not ok:
            outcome.messages.append(f"body: not stored ({error})")
        return outcome
    data, note = decoded.data, decoded.note
    if ok:
        outcome.data = data
        outcome.encoding = decoded.encoding
        if note:
            outcome.messages.append(note)
    else:
        outcome.reason = f"HTTP {status}: {phrase or 'error'}"
        outcome.messages.append(outcome.reason)
        excerpt = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        if excerpt:
            outcome.messages.append(("body (base64): " if decoded.encoding else "body: ") + excerpt[:500])
    return outcome


MAX_BINARY = 8 * 1024 * 1024
"""Bytes of a body that is not text kept (as base64) in a record; a larger one is cut, and says so."""


@dataclass(frozen=True, slots=True)
class DecodedBody:
    """A response body as a record keeps it: JSON data, text, or (`encoding` `base64`) the bytes of a
    body that is not text in its charset, as base64 text; `note` says how it was read."""

    data: Any
    note: str | None = None
    encoding: str | None = None


def decode_body(content_type: str | None, body: bytes, max_text: int) -> DecodedBody:
    """The body as data: parsed JSON, text (decoded by the declared charset, else UTF-8, or UTF-16
    with a byte-order mark) with a note saying why it is not JSON, or base64 of its bytes when it is
    not text (`image/png`, or bytes its charset cannot decode): nothing is replaced by U+FFFD.
    Raises `BodyRejected` for JSON nested deeper than `MAX_DEPTH`, an integer longer than
    `MAX_INT_DIGITS` digits or a lone surrogate escape (`"\\ud800"`), none of which can be stored as
    strict JSON in UTF-8. NaN, Infinity and numbers too large for a float are kept as strings (their
    JSON text) and the note says so."""
    kind = (content_type or "").split(";")[0].strip().lower()
    stripped = body.lstrip()
    if not stripped:
        return DecodedBody(None, "empty response body" if body == b"" else None)
    decoded = decode_text(content_type, body)
    if decoded is None:
        kept = body[:MAX_BINARY]
        cut = f", truncated to {MAX_BINARY} of {len(body)} bytes" if len(body) > MAX_BINARY else ""
        said = f"body is not text ({kind or 'no content type'}); stored as base64{cut}"
        return DecodedBody(base64.b64encode(kept).decode("ascii"), said, "base64")
    text, codec = decoded
    looks_json = "json" in kind or (not kind and text.lstrip()[:1] in ("{", "["))
    if looks_json or text.lstrip()[:1] in ("{", "["):
        try:
            data, note = bounded_json(text)
            if not codec.startswith("utf-8"):  # fetch's response.json() decodes UTF-8 whatever the charset
                utf8 = f"read as {codec}, as declared: FlowMCP's response.json() reads UTF-8 only"
                note = f"{note}; {utf8}" if note else utf8
            return DecodedBody(data, note)
        except json.JSONDecodeError as error:
            if looks_json:
                shown, cut = _text(text, max_text)
                return DecodedBody(shown, f"body is not valid JSON ({error}); stored as text{cut}")
    shown, cut = _text(text, max_text)
    return DecodedBody(shown, f"body is not JSON ({kind or 'no content type'}); stored as text{cut}")


_TEXT_KINDS = ("text/", "json", "xml", "javascript", "ecmascript", "x-www-form-urlencoded", "csv", "yaml")


def decode_text(content_type: str | None, body: bytes) -> tuple[str, str] | None:
    """(the body as text, the codec that read it), or None when it is not text: a binary media type
    (`image/png`), or bytes that its declared charset (else UTF-8, or UTF-16 after a byte-order mark)
    cannot decode."""
    kind, _, params = (content_type or "").partition(";")
    kind = kind.strip().lower()
    if kind and not any(part in kind for part in _TEXT_KINDS):
        return None
    charset = None
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            charset = value.strip().strip("\"'").lower() or None
    if charset is not None:
        try:
            codecs.lookup(charset)
        except LookupError:
            charset = None
    if charset is None or charset.replace("-", "").replace("_", "") in ("utf8", "utf8sig"):
        charset = "utf-16" if body[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) else "utf-8-sig"
    try:
        return body.decode(charset), codecs.lookup(charset).name
    except (UnicodeDecodeError, ValueError):
        return None


_REJECTIONS = {
    "deep": f"is nested deeper than {MAX_DEPTH} levels",
    "surrogate": "holds an invalid Unicode escape (a lone surrogate such as \\ud800)",
}


def bounded_json(text: str) -> tuple[Any, str | None]:
    """Parse a JSON body with `core.strictjson`'s bounds; non-finite numbers are kept as strings.
    Raises `json.JSONDecodeError` for text that is not JSON, `BodyRejected` for JSON not stored."""
    try:
        data, non_finite = loads_bounded(text, max_depth=MAX_DEPTH, max_int_digits=MAX_INT_DIGITS, keep_non_finite=True)
    except JsonRejected as rejected:
        if rejected.kind == "number":
            raise BodyRejected(f"holds a number too large ({rejected.detail})") from None
        raise BodyRejected(_REJECTIONS[rejected.kind]) from None
    note = None
    if non_finite:
        shown = ", ".join(sorted(set(non_finite))[:5])
        note = f"{len(non_finite)} numbers are not finite ({shown}) and are kept as strings: JSON has no such numbers"
    return data, note


def _text(text: str, max_text: int) -> tuple[str, str]:
    if len(text) > max_text:
        return text[:max_text], f", truncated to {max_text} of {len(text)} characters"
    return text, ""


def _ms(started: float) -> float:
    return round((time.monotonic() - started) * 1000, 1)
