"""Secret redaction: no server-param value (from `.env` or the environment), no `--base-url` credential
or query value and no argument of a `--via-mcp` command line may appear in any byte capture writes or
prints, in any form the secret can take on the wire.

One `Redactor` per definition (or MCP session) does it all, at two places:

- **On the bytes as they arrive** (`Redactor.binary`): an HTTP body, a SQLite blob and the text of an
  MCP error or of the server's stderr are redacted before anything decodes, truncates, excerpts or
  base64-encodes them, so no cut (the 64 KiB text limit, a 500-character excerpt, a 300-character
  error line) leaves part of a secret, and a body stored as base64 holds no secret either.
- **On every record as it is written** (`captures.store.write_record` applies `Redactor.value` to
  every string, keys included), so no writer of records can forget it; metrics.json is built from
  the written records.

Besides that, the request builder records the URL with each server param's token where its value
went (`HttpRequest.shown_url`): redaction by position, whatever the value's length.

Blind redaction looks for every form the secret takes on the wire, in any ASCII letter case (httpx
lower-cases host names; a server may upper-case an echo): as is; percent-encoded as
`encodeURIComponent` (FlowMCP's query values and path inserts), as Python's `quote` and `quote_plus`,
as httpx and node's URL parser encode a raw value in a path, a query or a user-info (a bare
`{{KEY}}` in the root or path); as an IDNA host name; as a JSON string (with and without
`\\u` escapes and escaped slashes); with bytes that are not UTF-8 (an environment value read with
surrogate escapes) as those bytes and as U+FFFD; and, in bodies, in UTF-16 and Latin-1; for
credentials also the Basic `user:pass` and its base64. Overlapping matches are replaced as one.
Values shorter than `MIN_BLIND_LENGTH` are never replaced blindly (a secret `1` would rewrite every
timestamp): they are redacted by position only.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote, quote_plus

from flowlint.core.jsvalues import as_node_reads

__all__ = ["BASE_URL_QUERY", "MIN_BLIND_LENGTH", "VIA_MCP_ARGUMENT", "Redactor", "encode_component"]

BASE_URL_QUERY = "{{BASE_URL_QUERY}}"
"""What records show for each value of a `--base-url` query string (`?api_key=...`)."""

VIA_MCP_ARGUMENT = "{{VIA_MCP_ARGUMENT}}"
"""What records and messages show for an argument of the `--via-mcp` command line (`--api-key sk_...`)."""

MIN_BLIND_LENGTH = 6
"""Secrets shorter than this are redacted where flowlint put them, never searched for in responses."""


def encode_component(value: str) -> str:
    """JavaScript's `encodeURIComponent`, which FlowMCP uses for query values and path inserts."""
    return quote(value, safe="-_.!~*'()")


# The WHATWG URL standard's percent-encode sets (what node's `new URL()` and fetch() send for raw text
# in each part), besides C0 controls, DEL and every non-ASCII character.
_WHATWG_QUERY = " \"#<>'"
_WHATWG_PATH = _WHATWG_QUERY.replace("'", "") + "?`{}"
_WHATWG_USERINFO = _WHATWG_PATH + "/:;=@[\\]^|"


def _whatwg(raw: bytes, encoded: str) -> str:
    return "".join(f"%{byte:02X}" if byte < 0x21 or byte > 0x7E or chr(byte) in encoded else chr(byte) for byte in raw)


def _httpx_forms(value: str) -> set[str]:
    """How httpx writes `value` when it stands raw in a URL's path, query or host."""
    try:
        import httpx
    except ImportError:  # pragma: no cover - httpx is a dependency
        return set()
    forms: set[str] = set()
    for url, part in ((f"http://h/{value}", "path"), (f"http://h/?{value}", "query"), (f"http://{value}/", "host")):
        try:
            parsed = httpx.URL(url)
            raw = parsed.raw_path if part == "path" else parsed.query if part == "query" else parsed.raw_host
            text = raw.decode("ascii", "replace")
        except (httpx.InvalidURL, ValueError, UnicodeError):
            continue
        forms.add(text[1:] if part == "path" else text)
    return forms


def _variants(value: str) -> set[str]:
    """`value` with its surrogate escapes as the bytes they escape, and as node reads it (`as_node_reads`:
    bytes that are not UTF-8 as U+FFFD). A lone surrogate that escapes no byte has no bytes of its own: a
    value holding one takes only the second form (node's U+FFFD) on the wire."""
    node = as_node_reads(value)
    try:
        value.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return {node}
    return {value, node}


def _text_forms(value: str) -> set[str]:
    """Every text form of `value` on the wire (see the module docstring)."""
    forms: set[str] = set()
    for variant in _variants(value):
        raw = variant.encode("utf-8", "surrogateescape")
        forms |= {variant, quote(raw, safe=""), quote_plus(raw), quote(raw, safe="/:@"), quote(raw, safe="-_.!~*'()")}
        forms |= {_whatwg(raw, _WHATWG_PATH), _whatwg(raw, _WHATWG_QUERY), _whatwg(raw, _WHATWG_USERINFO)}
        forms |= _httpx_forms(variant)
        for ascii_only in (False, True):
            quoted = json.dumps(variant, ensure_ascii=ascii_only)[1:-1]
            forms |= {quoted, quoted.replace("/", "\\/")}
        try:
            forms.add(variant.encode("idna").decode("ascii"))
        except UnicodeError:
            pass
    return {form for form in forms if form}


class Redactor:
    """Replaces secret values with tokens (`{{SERVER_PARAM:NAME}}`...) in bytes, text and JSON-like values."""

    def __init__(
        self,
        secrets: Mapping[str, str] = {},
        credentials: Iterable[tuple[str, str]] = (),
        query_values: Iterable[str] = (),
        arguments: Iterable[str] = (),
    ) -> None:
        found: list[tuple[str, str]] = []  # (secret, its token), the first token of a secret winning
        for name, value in secrets.items():
            found.append((value, "{{SERVER_PARAM:" + name + "}}"))
        for user, password in credentials:
            basic = f"{user}:{password}"
            found += [(basic, "{{BASE_URL_CREDENTIALS}}"), (password, "{{BASE_URL_CREDENTIALS}}")]
            for variant in _variants(basic):
                encoded_basic = base64.b64encode(variant.encode("utf-8", "surrogateescape")).decode("ascii")
                found.append((encoded_basic, "{{BASE_URL_CREDENTIALS}}"))
        found += [(value, BASE_URL_QUERY) for value in query_values]  # the values of a `--base-url` query
        found += [(value, VIA_MCP_ARGUMENT) for value in arguments]
        text_forms: dict[bytes, str] = {}
        byte_forms: dict[bytes, str] = {}
        for secret, token in found:
            if not secret or len(secret) < MIN_BLIND_LENGTH:
                continue
            for form in _text_forms(secret):
                encoded = form.encode("utf-8", "surrogateescape").lower()
                text_forms.setdefault(encoded, token)
                byte_forms.setdefault(encoded, token)
            for variant in _variants(secret):
                for codec in ("utf-16-le", "utf-16-be", "latin-1"):
                    try:
                        byte_forms.setdefault(variant.encode(codec).lower(), token)
                    except UnicodeError:
                        continue
        self._text_forms = sorted(text_forms.items(), key=lambda item: -len(item[0]))
        self._byte_forms = sorted(byte_forms.items(), key=lambda item: -len(item[0]))

    def __bool__(self) -> bool:
        return bool(self._byte_forms)

    def binary(self, data: bytes) -> bytes:
        """`data` with every secret replaced by its token (as UTF-8), in every form of the module docstring."""
        return _replace(data, self._byte_forms)

    def finds(self, data: bytes | str) -> bool:
        """Whether `data` holds a secret in any form."""
        raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        lowered = raw.lower()
        return any(form in lowered for form, _token in self._byte_forms)

    def text(self, value: str) -> str:
        if not self._text_forms:
            return value
        data = value.encode("utf-8", "surrogatepass")
        redacted = _replace(data, self._text_forms)  # UTF-8 forms: every match starts and ends on a character
        return value if redacted is data else redacted.decode("utf-8", "surrogatepass")

    def value(self, value: Any) -> Any:
        """A deep copy of JSON-like `value` with every string (keys too) redacted."""
        if not self._text_forms:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(v) for v in value]
        return value


def _replace(data: bytes, forms: list[tuple[bytes, str]]) -> bytes:
    """`data` with each occurrence of a form (lower-case ASCII; matched in any ASCII case) replaced by its
    token; overlapping occurrences are one, replaced by the token of the longest. `data` itself when
    nothing matched."""
    if not forms or not data:
        return data
    lowered = data.lower()  # ASCII only: every offset stays where it was
    spans: list[tuple[int, int, int, str]] = []
    for form, token in forms:
        start = lowered.find(form)
        while start >= 0:
            spans.append((start, start + len(form), len(form), token))
            start = lowered.find(form, start + 1)
    if not spans:
        return data
    spans.sort()
    parts: list[bytes] = []
    position = 0
    index = 0
    while index < len(spans):
        start, end, longest, token = spans[index]
        index += 1
        while index < len(spans) and spans[index][0] < end:  # overlapping: one redaction
            _start, other_end, length, other_token = spans[index]
            end = max(end, other_end)
            if length > longest:
                longest, token = length, other_token
            index += 1
        parts += [data[position:start], token.encode("ascii")]
        position = end
    parts.append(data[position:])
    return b"".join(parts)
