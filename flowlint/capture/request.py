"""Turn one test of one tool into an HTTP request, the way the FlowMCP runtime does (reference §4).

- URL = `root + path`; `insert` values replace `{{key}}` and `:key` in the path; `{{NAME}}` and
  `{{SERVER_PARAM:NAME}}` in root, path and headers are filled from server params.
- `query` values are URL-encoded like `encodeURIComponent`, arrays joined with `,`, booleans as
  `true`/`false`; user params the test omits are left out (defaults are not added).
- `body` values form a JSON object, sent for POST/PUT/PATCH; a user value keeps its JSON type.
- Named placeholders (`'intitle:{{USER_PARAM}}'`, `'{{LATITUDE}}'`) are filled from the test (by
  parameter key, then by placeholder name) or from server params; otherwise sent as written.
- Only the server params a definition declares in `requiredServerParams` are ever filled (as the
  FlowMCP CLI passes only those to the runtime), never any other variable of the environment: a
  definition cannot make capture send a CI secret it did not declare. An undeclared name is sent as
  the runtime sends an unset one (empty in a header or a parameter value, as written in the root or
  path) and the request lists it in `undeclared`.

A test that needs a declared server param that is unset or blank is not built: `RequestSkip` says which.

`runtime_request` is the other view, for the migration's proof (`flowlint migrate`): the request a FlowMCP
runtime generation sends when its MCP server is called with given arguments (what the registered zod made
of a test), as `Fetch.mjs` builds it, quirks included: 3.x (flowmcp-core c9c0f57) sends every body value
as text ("5", "a,b"), 4.x (8dab10b) keeps the JSON type of an exact `{{USER_PARAM}}` body value.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

import httpx

from flowlint.captures.redact import BASE_URL_QUERY, encode_component
from flowlint.core.jsvalues import js_number, js_string
from flowlint.core.nodes import SObject, first_non_json, string_value, to_python
from flowlint.definition.model import USER_PARAM, Definition, Parameter, Tool

_PLACEHOLDER = re.compile(r"\{\{([^{}]+)\}\}")
_SERVER = re.compile(r"^SERVER_PARAM:(.+)$")
BODY_METHODS = {"POST", "PUT", "PATCH"}


@dataclass
class HttpRequest:
    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: dict[str, Any] | None = None
    user_params: dict[str, Any] = field(default_factory=dict)
    server_params: tuple[str, ...] = ()
    secret_headers: tuple[str, ...] = ()  # headers that carry a server param: never sent to another origin
    shown_url: str = ""  # the URL as records show it: each server param's token where its value went
    undeclared: tuple[str, ...] = ()  # placeholder names not in requiredServerParams: never filled from the env

    @property
    def host(self) -> str:
        match = re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]*)", self.url)
        return (match.group(1) if match else self.url).lower().rsplit("@", 1)[-1]


class RequestSkip(Exception):
    """The test cannot be sent (a missing server param, a value flowlint cannot read...)."""


class RequestInvalid(RequestSkip):
    """The test's request is not one that can be sent (an invalid URL...): the test fails, not sent."""


def test_values(tool: Tool, index: int) -> dict[str, Any]:
    """The plain values of test `index` (without `_description`); raises RequestSkip if not static."""
    case = tool.tests[index]
    if case.obj is None:
        raise RequestSkip(f"test {index} is not an object")
    values: dict[str, Any] = {}
    for entry in case.obj.entries:
        if entry.key == "_description":
            continue
        if first_non_json(entry.value) is not None:
            raise RequestSkip(f"test {index}: the value of '{entry.key}' is not static data")
        values[entry.key] = to_python(entry.value)
    return values


class _Filler:
    """Fills placeholders from the declared server params, remembering which ones a request used and
    which undeclared names it met."""

    def __init__(
        self, env: Mapping[str, str], test: Mapping[str, Any] | None = None, required: tuple[str, ...] = ()
    ) -> None:
        self.env = env
        self.test = test or {}
        self.required = set(required)
        self.used: set[str] = set()
        self.undeclared: set[str] = set()
        self.fills = 0  # how many placeholders server params filled so far

    def server(self, name: str, unset: str = "") -> str:
        """The value of server param `name`; `unset` (the runtime's `''`, or the placeholder as
        written) for a name the definition does not declare, whatever the environment holds."""
        if name not in self.required:
            self.undeclared.add(name)
            return unset
        value = self.env.get(name)
        if value is None or not value.strip():
            raise RequestSkip(f"server param {name} is not set")
        self.used.add(name)
        self.fills += 1
        return value

    def fill(self, text: str, key: str | None = None, in_url: bool = False) -> str:
        """`text` with its placeholders filled; an undeclared server param is `''` (the runtime's
        header and parameter values) or, `in_url` (root and path), left as written."""

        def replace(match: re.Match[str]) -> str:
            name = match.group(1).strip()
            unset = match.group(0) if in_url else ""
            server = _SERVER.match(name)
            if server:
                return self.server(server.group(1).strip(), unset)
            if name == "USER_PARAM" and key is not None and key in self.test:
                return js_string(self.test[key])
            if name in self.test:
                return js_string(self.test[name])
            if key is not None and key in self.test and name != "USER_PARAM":
                return js_string(self.test[key])
            if name in self.required or name in self.env or not in_url:
                return self.server(name, unset)
            return match.group(0)

        return _PLACEHOLDER.sub(replace, text)


def _constant(text: str) -> Callable[[re.Match[str]], str]:
    return lambda _match: text


def build_request(
    definition: Definition, tool: Tool, index: int, env: Mapping[str, str], root_override: str | None = None
) -> HttpRequest:
    """The request for test `index` of `tool`. Raises RequestSkip when it cannot or must not be sent."""
    values = test_values(tool, index)
    filler = _Filler(env, values, definition.required_server_params)
    root = root_override if root_override is not None else string_value(definition.get("root"))
    base_query: list[tuple[str, str]] = []
    if root_override is not None:  # `--base-url URL?key=value`: the path goes before the query
        root, base_query = split_base_url(root_override)
    if not root:
        raise RequestSkip("the definition has no root URL")
    if tool.path is None:
        raise RequestSkip("the tool has no path")
    method = (tool.method or "GET").upper()
    url, body = _build_url(tool, root, values, filler, base_query)
    try:
        shown = [(key, BASE_URL_QUERY if value else "") for key, value in base_query]
        shown_url = _shown_url(tool, root, values, env, definition.required_server_params, shown)
    except ValueError:  # urlsplit: an invalid authority (`https://[::1`); said by _check_url
        shown_url = url
        for name in filler.used:
            shown_url = shown_url.replace(env[name], "{{SERVER_PARAM:" + name + "}}")
    _check_url(url, shown_url, {env[name]: "{{SERVER_PARAM:" + name + "}}" for name in filler.used})
    headers, secret_headers = _headers(definition, filler)
    send_body: dict[str, Any] | None = None
    if method in BODY_METHODS:
        send_body = body
        headers.setdefault("Content-Type", "application/json")
    for value in body.values():
        json.dumps(value)  # tests are JSON by construction; fail loudly if not
    return HttpRequest(
        method=method,
        url=url,
        headers=headers,
        body=send_body,
        user_params=values,
        server_params=tuple(sorted(filler.used)),
        secret_headers=secret_headers,
        shown_url=shown_url,
        undeclared=tuple(sorted(filler.undeclared)),
    )


def split_base_url(url: str) -> tuple[str, list[tuple[str, str]]]:
    """A `--base-url` as (root without query or fragment, its query pairs)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(query="", fragment="")), parse_qsl(parts.query, keep_blank_values=True)


def _build_url(
    tool: Tool, root: str, values: Mapping[str, Any], filler: _Filler, base_query: list[tuple[str, str]]
) -> tuple[str, dict[str, Any]]:
    assert tool.path is not None
    root = filler.fill(root, in_url=True)
    path, query, body = _place_parameters(tool, tool.path, values, filler)
    return _url(root, filler.fill(path, in_url=True), base_query + query), body


def _check_url(url: str, shown_url: str, secrets: Mapping[str, str]) -> None:
    """Raise `RequestInvalid` for a URL that cannot be sent (no http(s) scheme, no host, a bad port, a
    broken IPv6 address), saying why with each server param's value replaced by its token."""
    try:
        urlsplit(url)  # "Invalid IPv6 URL"
        parsed = httpx.URL(url)  # "Invalid port: 'abc'"
        _ = urlsplit(url).port  # "Port out of range 0-65535"
    except (httpx.InvalidURL, ValueError) as error:
        detail = str(error)
        for value, token in sorted(secrets.items(), key=lambda item: -len(item[0])):
            detail = detail.replace(value, token)
        raise RequestInvalid(f"not sent: the URL is not valid ({detail}): {shown_url}") from None
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise RequestInvalid(f"not sent: the URL is not valid (not http(s)://host...): {shown_url}")


def _shown_url(
    tool: Tool,
    root: str,
    values: Mapping[str, Any],
    env: Mapping[str, str],
    required: tuple[str, ...],
    base_query: list[tuple[str, str]],
) -> str:
    """The request's URL with `{{SERVER_PARAM:NAME}}` wherever a server param's value went, no
    credentials in the authority and `{{BASE_URL_QUERY}}` for each value of the `--base-url` query:
    redaction by position, whatever the value's length."""
    tokens = {name: "{{SERVER_PARAM:" + name + "}}" for name, value in env.items() if value and value.strip()}
    shown, _ = _build_url(tool, root, values, _Filler(tokens, values, required), base_query)
    for token in [*tokens.values(), BASE_URL_QUERY]:
        shown = shown.replace(encode_component(token), token)
    parts = urlsplit(shown)
    if "@" in parts.netloc:
        parts = parts._replace(netloc="{{BASE_URL_CREDENTIALS}}@" + parts.netloc.rsplit("@", 1)[1])
        shown = urlunsplit(parts)
    return shown


_ABSENT = object()


def _parameter_value(parameter: Parameter, values: Mapping[str, Any], filler: _Filler) -> Any:
    """What a parameter sends: the test's value, a server param, a filled placeholder or the fixed value;
    `_ABSENT` for a user parameter the test leaves out."""
    key = parameter.key
    if parameter.role == "user":
        if key is None or key not in values:
            return _ABSENT
        if parameter.value is not None and parameter.value != USER_PARAM:
            # 'intitle:{{USER_PARAM}}': the runtime replaces the first occurrence with the caller's value.
            return parameter.value.replace(USER_PARAM, js_string(values[key]), 1)
        return values[key]
    if parameter.role == "server":
        return filler.server(parameter.server_param or "")
    if parameter.role == "placeholder":
        return filler.fill(parameter.value or "", key)
    return parameter.value


def _place_parameters(
    tool: Tool, path: str, values: Mapping[str, Any], filler: _Filler
) -> tuple[str, list[tuple[str, str]], dict[str, Any]]:
    """(path with insert values, query pairs, body) for one test."""
    query: list[tuple[str, str]] = []
    body: dict[str, Any] = {}
    for parameter in tool.parameters:
        key = parameter.key
        if key is None:
            continue
        raw = _parameter_value(parameter, values, filler)
        if raw is _ABSENT:
            continue
        location = parameter.location
        if location == "insert":
            text = encode_component(js_string(raw))
            path = path.replace("{{" + key + "}}", text)
            path = re.sub(r":" + re.escape(key) + r"(?![A-Za-z0-9_])", _constant(text), path)
        elif location == "body":
            body[key] = raw
        elif (location == "query" or location is None) and raw is not None:
            query.append((key, js_string(raw)))
    return path, query, body


def _url(root: str, path: str, query: list[tuple[str, str]]) -> str:
    """`root + path`, with one `/` between them, and the query string."""
    url = root.rstrip("/") + path if path.startswith("/") or not path else root.rstrip("/") + "/" + path
    if query:
        encoded = "&".join(f"{encode_component(k)}={encode_component(v)}" for k, v in query)
        url += ("&" if "?" in url else "?") + encoded
    return url


def _headers(definition: Definition, filler: _Filler) -> tuple[dict[str, str], tuple[str, ...]]:
    """`main.headers` with placeholders filled (non-string scalars as JavaScript writes them), and the
    names of the headers a server param went into."""
    headers: dict[str, str] = {}
    secret: list[str] = []
    header_node = definition.get("headers")
    if isinstance(header_node, SObject):
        for entry in header_node.entries:
            header = string_value(entry.value)
            if header is None:
                raw_value = to_python(entry.value)
                if not isinstance(raw_value, (int, float, bool)):
                    continue
                header = js_string(raw_value)
            before = filler.fills
            # fetch() normalizes a header value: leading and trailing HTTP whitespace is dropped
            headers[entry.key] = _fetch_header(entry.key, filler.fill(header).strip(" \t\r\n"))
            if filler.fills != before:
                secret.append(entry.key)
    return headers, tuple(secret)


_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+\Z")


def _fetch_header(name: str, value: str) -> str:
    """`value`, if fetch() would send it in header `name`; else `RequestInvalid` saying why as node
    does (a header value is a ByteString: every character U+0000-U+00FF, sent as that byte, and no
    NUL, CR or LF; a name is an HTTP token). The value itself is never quoted: it may be a secret."""
    if not _TOKEN.match(name):
        raise RequestInvalid(f"not sent: {name!r} is not a valid header name for fetch()")
    problem = None
    for index, char in enumerate(value):
        if ord(char) > 0xFF:
            problem = (
                f"the character at index {index} (U+{ord(char):04X}) is above U+00FF (a header value is a ByteString)"
            )
        elif char in "\0\r\n":
            problem = f"the character at index {index} is {'NUL' if char == chr(0) else 'a line break'}"
        if problem:
            raise RequestInvalid(f"not sent: header {name!r} is not a valid header value for fetch(): {problem}")
    return value


# --------------------------------------------------------------------------- the runtime's own request


@dataclass(frozen=True)
class RuntimeRequest:
    """What FlowMCP's `Fetch` hands to `fetch()`: header names lower-cased (as `Headers` keeps them), the
    body as the JSON text it sends (None when it sends none)."""

    method: str
    url: str
    headers: tuple[tuple[str, str], ...]
    body: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"method": self.method, "url": self.url, "headers": dict(self.headers), "body": self.body}


class RuntimeRequestError(Exception):
    """The runtime's `Fetch` throws before sending (a header or parameter value that is not a string)."""


_ABSENT_ARGUMENT = object()


def runtime_request(
    definition: Definition, tool: Tool, arguments: Mapping[str, Any], server_params: Mapping[str, str], generation: int
) -> RuntimeRequest:
    """The request `Fetch.execute` of FlowMCP's `generation` (3 or 4) sends for `arguments` (the tool's
    zod parse of a call: defaults applied, unknown keys gone), before any preRequest handler:

    - URL = root + path; each `insert` parameter replaces every `:key` and `{{key}}` in it with its value
      as text (not encoded; an omitted value is written `undefined`), then each server param `{{NAME}}`;
    - `query` parameters whose value is set go through `URLSearchParams` (`+` for a space);
    - `body` parameters form the JSON body, sent for POST and PUT only (case as written), with
      `Content-Type: application/json` before `main.headers`; under 3.x every value is text, under 4.x an
      exact `{{USER_PARAM}}` value keeps its type;
    - a value with `{{USER_PARAM}}` takes the argument (its first occurrence, `String.replace`), any other
      `{{...}}` the server param named by its first placeholder (`''` when not given), anything else is sent
      as written.

    Raises `RuntimeRequestError` where the runtime throws (a non-string value in `position.value` or
    `main.headers`)."""
    root = _raw_text(definition.get("root"))
    path = tool.path if tool.path is not None else "undefined"
    method = _tool_text(tool, "method")
    headers: dict[str, str] = {}
    header_node = definition.get("headers")
    if isinstance(header_node, SObject):
        for entry in header_node.entries:
            value = _insert_value(arguments, server_params, entry.key, to_python(entry.value), None, generation)
            headers[entry.key] = "undefined" if value is _ABSENT_ARGUMENT else js_string(value)
    body: dict[str, Any] = {}
    url = f"{root}{path}"
    query: list[tuple[str, str]] = []
    for parameter in tool.parameters:
        position = parameter.node.get("position") if isinstance(parameter.node, SObject) else None
        if not isinstance(position, SObject):
            raise RuntimeRequestError(f"parameter {parameter.index} has no position")
        key = _raw_text(position.get("key"))
        value_node = position.get("value")
        raw = to_python(value_node) if value_node is not None else None
        location = parameter.location
        if location == "body":
            body[key] = _insert_value(arguments, server_params, key, raw, "body", generation)
        elif location == "insert":
            to = _insert_value(arguments, server_params, key, raw, None, generation)
            text = "undefined" if to is _ABSENT_ARGUMENT else js_string(to)
            url = _js_replace_all(_js_replace_all(url, f":{key}", text), "{{" + key + "}}", text)
        elif location == "query":
            value = _insert_value(arguments, server_params, key, raw, None, generation)
            if value is not _ABSENT_ARGUMENT:
                query = [(k, v) for k, v in query if k != key] + [(key, js_string(value))]
    for name, value in server_params.items():
        url = _js_replace_all(url, "{{" + name + "}}", value)
    if query:
        url += ("&" if "?" in url else "?") + "&".join(f"{_form(k)}={_form(v)}" for k, v in query)
    sent_body: str | None = None
    if method in ("POST", "PUT"):
        headers = {"Content-Type": "application/json", **headers}  # `{ 'Content-Type': ..., ...headers }`
        sent_body = _js_json({k: v for k, v in body.items() if v is not _ABSENT_ARGUMENT})
    lowered: dict[str, str] = {}
    for name, value in headers.items():  # `new Headers(...)`: names case-insensitive, repeated ones joined
        value = value.strip(" \t\r\n")
        lowered[name.lower()] = f"{lowered[name.lower()]}, {value}" if name.lower() in lowered else value
    return RuntimeRequest(method=method, url=url, headers=tuple(sorted(lowered.items())), body=sent_body)


def _raw_text(node: object) -> str:
    """A node's value as JavaScript's template literal writes it (`${value}`)."""
    if node is None:
        return "undefined"
    value = to_python(node)  # type: ignore[arg-type]
    return value if isinstance(value, str) else js_string(value)


def _tool_text(tool: Tool, key: str) -> str:
    obj = tool.obj
    node = obj.get(key) if obj is not None else None
    return _raw_text(node)


def _insert_value(
    arguments: Mapping[str, Any],
    server_params: Mapping[str, str],
    key: str,
    value: Any,
    location: str | None,
    generation: int,
) -> Any:
    """`Fetch.#insertValue`: the value a parameter or header sends (`_ABSENT_ARGUMENT` for undefined)."""
    if not isinstance(value, str):
        raise RuntimeRequestError(f"'{key}': value.includes is not a function (the value is not a string)")
    if USER_PARAM in value:
        argument = arguments.get(key, _ABSENT_ARGUMENT)
        if argument is _ABSENT_ARGUMENT:
            return _ABSENT_ARGUMENT
        if generation >= 4 and location == "body" and value == USER_PARAM:
            return argument
        return _js_replace_first(value, USER_PARAM, js_string(argument))
    if "{{" not in value:
        return value
    start = value.find("{{")
    end = value.find("}}")
    name = None
    if end != -1:
        name = value[start + 2 : end].strip()
        if name.startswith("SERVER_PARAM:"):
            name = name.replace("SERVER_PARAM:", "", 1)
    resolved = server_params.get(name) if name is not None else None
    # value.replace(`{{${value.slice(indexOf('{{') + 2, indexOf('}}'))}}}`, resolved || '')
    pattern = "{{" + (value[start + 2 : end] if end >= start + 2 else _js_slice(value, start + 2, end)) + "}}"
    return _js_replace_first(value, pattern, resolved or "")


def _js_slice(text: str, start: int, end: int) -> str:
    """`text.slice(start, end)` with JavaScript's negative and reversed bounds."""
    size = len(text)
    start = max(size + start, 0) if start < 0 else min(start, size)
    end = max(size + end, 0) if end < 0 else min(end, size)
    return text[start:end] if start < end else ""


def _js_substitution(replacement: str, match: str, before: str, after: str) -> str:
    """A `String.replace` replacement text with its `$$`, `$&`, `` $` `` and `$'` patterns expanded."""
    if "$" not in replacement:
        return replacement
    out: list[str] = []
    index = 0
    while index < len(replacement):
        char = replacement[index]
        following = replacement[index + 1 : index + 2]
        if char == "$" and following in ("$", "&", "`", "'"):
            out.append({"$": "$", "&": match, "`": before, "'": after}[following])
            index += 2
            continue
        out.append(char)
        index += 1
    return "".join(out)


def _js_replace_first(text: str, pattern: str, replacement: str) -> str:
    """`text.replace(pattern, replacement)` with a string pattern."""
    at = text.find(pattern)
    if at == -1:
        return text
    after = text[at + len(pattern) :]
    return text[:at] + _js_substitution(replacement, pattern, text[:at], after) + after


def _js_replace_all(text: str, pattern: str, replacement: str) -> str:
    """`text.replaceAll(pattern, replacement)` with a string pattern (an empty one matches between characters)."""
    if pattern == "":
        pieces = list(text)
        return replacement + "".join(piece + replacement for piece in pieces)
    out: list[str] = []
    position = 0
    while True:
        at = text.find(pattern, position)
        if at == -1:
            break
        out.append(text[position:at])
        out.append(_js_substitution(replacement, pattern, text[:at], text[at + len(pattern) :]))
        position = at + len(pattern)
    out.append(text[position:])
    return "".join(out)


_FORM_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._")


def _form(text: str) -> str:
    """`URLSearchParams`' serialization of one name or value (application/x-www-form-urlencoded)."""
    out: list[str] = []
    for char in text.encode("utf-16", "surrogatepass").decode("utf-16", "replace"):
        if char in _FORM_SAFE:
            out.append(char)
        elif char == " ":
            out.append("+")
        else:
            out.extend(f"%{byte:02X}" for byte in char.encode("utf-8", "replace"))
    return "".join(out)


def _js_json(value: Any) -> str:
    """`JSON.stringify(value)` for JSON-like values: compact, numbers as JavaScript writes them."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return js_number(value) if math.isfinite(value) else "null"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join("null" if item is _ABSENT_ARGUMENT else _js_json(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{_js_json(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value), ensure_ascii=False)


def referenced_server_params(definition: Definition) -> set[str]:
    """Every server-param name a definition declares or refers to (all are treated as secrets)."""
    names = set(definition.required_server_params)
    for tool in definition.tools:
        for parameter in tool.parameters:
            if parameter.server_param:
                names.add(parameter.server_param)
            for placeholder in parameter.placeholders:
                server = _SERVER.match(placeholder)
                if server:
                    names.add(server.group(1).strip())
    for key in ("root", "headers"):
        node = definition.get(key)
        texts = (
            [string_value(node)]
            if key == "root"
            else ([string_value(e.value) for e in node.entries] if isinstance(node, SObject) else [])
        )
        for text in texts:
            for match in _PLACEHOLDER.findall(text or ""):
                server = _SERVER.match(match.strip())
                names.add(server.group(1).strip() if server else match.strip())
    return names
