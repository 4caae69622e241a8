"""Strict JSON (RFC 8259) loader that keeps the byte span of every value and key.

The parser is hand-written and iterative (an explicit stack, no recursion), so any nesting depth is
safe: containers deeper than `MAX_DEPTH` become `NonStatic('nested too deeply')`. It stops at the
first error and reports it with a precise span and a readable message ("trailing comma is not
allowed in JSON", "invalid escape `\\q`", "NaN is not valid JSON"...). A UTF-8 BOM is accepted;
duplicate keys keep every entry (`SObject.get` takes the last); integers become `int`, numbers with
a fraction or an exponent `float`. The `json` module only decodes the escapes of single strings.

Exports: when the root is an object whose "main" member is an object, that member is `main`, and
the root's other object members (e.g. "list") are exported too; otherwise the root is `main`.

Valid input takes a fast path (`_parse_fast`: a value, `{` with the first key, or `, "key":` in
one regex match, nodes built without the dataclasses' __init__); anything it does not accept is
parsed again by the reference parser (`_parse_checked`), which finds and explains the error.
"""

from __future__ import annotations

import codecs
import re
from json import loads as _json_loads

from flowlint.core.gcpause import gc_paused
from flowlint.core.nodes import NonStatic, SArray, SEntry, SNode, SObject, Span, SScalar
from flowlint.formats.base import ParsedModule, SyntaxProblem

#: Containers nested deeper than this (the root is at depth 1) become NonStatic('nested too deeply'),
#: so consumers can recurse: a tree is at most MAX_DEPTH + 1 nodes high, as in the JavaScript loader.
MAX_DEPTH = 100

_BOM = b"\xef\xbb\xbf"

# Whitespace, then one token. Group 1: punctuation; 2: string body (valid escapes only);
# 3: number (4: its fraction/exponent part); 5: literal. Anything else is diagnosed by `_Fail`.
_TOKEN = re.compile(
    rb"""[ \t\n\r]*(?:
      ([{}\[\],:])
    | "([^"\\\x00-\x1f]*+(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*+)*+)"
    | (-?(?:0|[1-9][0-9]*)((?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?))
    | (true|false|null)
    )""",
    re.VERBOSE,
)
_WS = re.compile(rb"[ \t\n\r]*")


def _skip_ws(data: bytes, pos: int) -> int:
    m = _WS.match(data, pos)
    return pos if m is None else m.end()


# Bytes that may not directly follow a number or a literal (they would be part of a bad token).
_WORD_TAIL = frozenset(b"0123456789.eE+-_abcdfghijklmnopqrstuvwxyzABCDFGHIJKLMNOPQRSTUVWXYZ$")
_LITERALS = {b"true": True, b"false": False, b"null": None}

_OBJ_FIRST, _OBJ_KEY, _OBJ_COLON, _OBJ_NEXT, _ARR_FIRST, _ARR_NEXT, _VALUE = range(7)


class _Fail(Exception):
    def __init__(self, message: str, start: int, end: int) -> None:
        super().__init__(message)
        self.message = message
        self.start = start
        self.end = end


def parse_json(data: bytes) -> ParsedModule:
    """Parse `data` as strict JSON; never raises (problems are returned as a `SyntaxProblem`)."""
    try:
        with gc_paused():  # the tree is acyclic; collecting while building millions of nodes is quadratic
            pos = 0
            if data.startswith(_BOM):
                pos = 3
            elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
                raise _Fail("the file is UTF-16 encoded; JSON must be UTF-8", 0, 2)
            root = _parse_fast(data, pos)
            if root is None:  # invalid, or a rare valid case the fast path leaves to the reference parser
                root = _parse_checked(data, pos)
    except _Fail as fail:
        return ParsedModule(problems=[SyntaxProblem(fail.message, Span(fail.start, fail.end))])
    except (RecursionError, MemoryError) as exc:  # pragma: no cover - defensive
        return ParsedModule(internal_error=f"{type(exc).__name__} while parsing")
    return ParsedModule(exports=_exports(root))


def _exports(root: SNode) -> dict[str, SNode]:
    if isinstance(root, SObject) and isinstance(root.get("main"), SObject):
        exports: dict[str, SNode] = {}
        main = root.get("main")
        assert main is not None
        exports["main"] = main
        for entry in root.entries:
            if entry.key != "main" and isinstance(entry.value, SObject):
                exports[entry.key] = entry.value
        return exports
    return {"main": root}


class _Frame:
    """An open container: its kind, where it starts, its children so far, and the key it belongs to."""

    __slots__ = ("children", "entries", "is_object", "key", "key_span", "start")

    def __init__(self, is_object: bool, start: int, key: str, key_span: Span) -> None:
        self.is_object = is_object
        self.start = start
        self.key = key
        self.key_span = key_span
        self.entries: list[SEntry] = []
        self.children: list[SNode] = []


# Stands in for containers nested even deeper inside a container already replaced by a NonStatic.
_DISCARDED = SScalar(None, Span(0, 0))
_NO_SPAN = Span(0, 0)


# The reference parser's transitions: the states that accept a string (a key or a value) or any
# other scalar value, and the closing brackets with the states in which they close a container.
_TAKES_STRING = frozenset({_OBJ_FIRST, _OBJ_KEY, _ARR_FIRST, _VALUE})
_TAKES_VALUE = frozenset({_ARR_FIRST, _VALUE})
_CLOSES = frozenset({(125, _OBJ_FIRST), (125, _OBJ_NEXT), (93, _ARR_FIRST), (93, _ARR_NEXT)})


def _parse_checked(data: bytes, pos: int) -> SNode:
    """The reference parser: token by token, with a precise error for anything invalid."""
    token = _TOKEN.match
    stack: list[_Frame] = []
    state = _VALUE
    key = ""
    key_span = Span(0, 0)
    last_comma = -1
    node: SNode
    while True:
        m = token(data, pos)
        if m is None:
            raise _fail_at(data, _skip_ws(data, pos), state, stack)
        kind = m.lastindex
        # where the token starts (the group of a string is its body, after the opening quote)
        start = m.start(2) - 1 if kind == 2 else m.start(kind or 0)
        end = pos = m.end()
        if kind == 1:
            c = data[start]
            if c == 58 and state == _OBJ_COLON:  # ':'
                state = _VALUE
                continue
            if c == 44 and (state == _OBJ_NEXT or state == _ARR_NEXT):  # ','
                state = _OBJ_KEY if state == _OBJ_NEXT else _VALUE
                last_comma = start
                continue
            if (c == 123 or c == 91) and (state == _VALUE or state == _ARR_FIRST):  # '{' / '['
                stack.append(_Frame(c == 123, start, key, key_span))
                state = _OBJ_FIRST if c == 123 else _ARR_FIRST
                last_comma = -1
                continue
            if (c, state) not in _CLOSES:
                raise _punctuation_fail(data, start, c, state, stack, last_comma)
            frame = stack.pop()
            key = frame.key
            key_span = frame.key_span
            node = _closed(frame, data, end, len(stack) + 1)
        elif state not in (_TAKES_STRING if kind == 2 else _TAKES_VALUE):
            raise _fail_at(data, start, state, stack)
        elif kind == 2:
            body = m.group(2)
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _utf8_fail(data, start + 1, exc) from None
            text = _json_loads(f'"{text}"') if 92 in body else text  # 92: a backslash (valid escapes)
            if state != _VALUE and state != _ARR_FIRST:  # an object key
                key = text
                key_span = Span(start, end)
                state = _OBJ_COLON
                continue
            node = SScalar(text, Span(start, end))
        else:
            node = _number_or_literal(m, data, start, end)
        # A value is complete: attach it to the enclosing container, or finish.
        if not stack:
            _check_end(data, end)
            return node
        frame = stack[-1]
        if frame.is_object:
            frame.entries.append(SEntry(key, key_span, node))
            state = _OBJ_NEXT
        else:
            frame.children.append(node)
            state = _ARR_NEXT
        last_comma = -1


def _closed(frame: _Frame, data: bytes, end: int, depth: int) -> SNode:
    """The node of the container `frame` that closes at `end`, found at nesting `depth` (root: 1)."""
    if depth > MAX_DEPTH:
        if depth == MAX_DEPTH + 1:
            return NonStatic(_text(data, frame.start, end), "nested too deeply", Span(frame.start, end))
        return _DISCARDED
    if frame.is_object:
        return SObject(tuple(frame.entries), Span(frame.start, end))
    return SArray(tuple(frame.children), Span(frame.start, end))


def _number_or_literal(m: re.Match[bytes], data: bytes, start: int, end: int) -> SNode:
    """The value of a number or `true`/`false`/`null` token (`_TOKEN` groups 3 to 5)."""
    if end < len(data) and data[end] in _WORD_TAIL:
        raise _bad_value(data, start)
    number = m.group(3)
    if number is None:
        return SScalar(_LITERALS[m.group(5)], Span(start, end))
    if m.group(4):
        return SScalar(float(number), Span(start, end))
    try:
        return SScalar(int(number), Span(start, end))
    except ValueError:  # more digits than int() accepts (sys.get_int_max_str_digits)
        return NonStatic(number.decode("ascii"), "integer with too many digits", Span(start, end))


def _check_end(data: bytes, pos: int) -> None:
    """Only whitespace may follow the top-level value."""
    rest = _skip_ws(data, pos)
    if rest < len(data):
        raise _Fail("unexpected data after the top-level value", rest, _token_end(data, rest))


def _punctuation_fail(data: bytes, pos: int, c: int, state: int, stack: list[_Frame], last_comma: int) -> _Fail:
    """A bracket, comma or colon where it does not belong: a trailing comma, or what `_fail_at` says."""
    if (c == 125 and state == _OBJ_KEY) or (
        c == 93 and state == _VALUE and last_comma >= 0 and stack and not stack[-1].is_object
    ):
        return _Fail("trailing comma is not allowed in JSON", last_comma, last_comma + 1)
    return _fail_at(data, pos, state, stack)


# --- The fast path -------------------------------------------------------------------------------
# Valid JSON only: a value is read in one regex match (an object's opening brace together with its
# first key), members as `, "key":` in one match, and nodes are built without the frozen
# dataclasses' __init__ (which costs about half of the parse). Anything unusual (errors, nesting
# deeper than MAX_DEPTH, integers with hundreds of digits, invalid UTF-8) returns None and is left
# to `_parse_checked`.

_STRING = rb'"([^"\\\x00-\x1f]*+(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*+)*+)"'
# A number or a literal must end here; otherwise it is a bad token (`1x`, `truex`, `01`).
_TOKEN_END = rb"(?![0-9A-Za-z.+\-_$])"
# Group numbers of `_FAST_VALUE`; `m.lastindex` tells which alternative matched.
_F_OBJECT, _F_KEY, _F_ARRAY, _F_EMPTY, _F_STRING, _F_NUMBER, _F_FRACTION, _F_LITERAL = range(1, 9)
_FAST_VALUE = re.compile(
    rb"[ \t\n\r]*(?:"
    + rb"(\{[ \t\n\r]*"  # 1: `{` with its first key (2: the key's body)
    + _STRING
    + rb"[ \t\n\r]*:)"
    + rb"|(\[)(?![ \t\n\r]*\])"  # 3: the `[` of a non-empty array
    + rb"|(\{[ \t\n\r]*\}|\[[ \t\n\r]*\])"  # 4: an empty object or array
    + rb"|"
    + _STRING  # 5: a string's body
    # 6: a number (7: its fraction and exponent). At most 599 digits before the point: int() accepts
    # them whatever sys.set_int_max_str_digits says (at least 640); longer ones take the slow path.
    + rb"|(-?(?:0|[1-9][0-9]{0,598})((?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?))"
    + _TOKEN_END
    + rb"|(true|false|null)"  # 8
    + _TOKEN_END
    + rb")"
)
# After a member: `, "key":` (1: the key's body), or the `}` that closes the object.
_AFTER_MEMBER = re.compile(rb"[ \t\n\r]*(?:,[ \t\n\r]*" + _STRING + rb"[ \t\n\r]*:|\})")
_AFTER_ITEM = re.compile(rb"[ \t\n\r]*([,\]])")


# The node classes are plain `__slots__` classes (flowlint.core.record): calling them is cheap.
_span = Span
_scalar = SScalar
_entry = SEntry


def _parse_fast(data: bytes, pos: int) -> SNode | None:
    """The value at `pos` if `data` is valid JSON that the fast path reads, else None."""
    if not _is_utf8(data):
        return None  # the reference parser says where
    return _read_fast(data, pos)


def _is_utf8(data: bytes) -> bool:
    """Whether `data` is valid UTF-8 (checked in chunks: no copy of a large file in memory)."""
    if data.isascii():
        return True
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    try:
        for start in range(0, len(data), _CHUNK):
            decoder.decode(view[start : start + _CHUNK])
        decoder.decode(b"", True)
    except UnicodeDecodeError:
        return False
    return True


_CHUNK = 1 << 20


def _read_fast(data: bytes, pos: int) -> SNode | None:
    """The fast path proper, for valid UTF-8: every string body, sliced between two quotes, decodes."""
    n = len(data)
    value_match = _FAST_VALUE.match
    after_member = _AFTER_MEMBER.match
    after_item = _AFTER_ITEM.match
    span = _span
    scalar = _scalar
    entry = _entry
    literals = _LITERALS
    stack: list[_Frame] = []
    key = ""
    key_span = _NO_SPAN
    node: SNode
    while True:
        # A value starts at `pos`.
        m = value_match(data, pos)
        if m is None:
            return None
        kind: int = m.lastindex  # type: ignore[assignment]  # never None: every alternative is a group
        end = m.end()
        if kind <= _F_EMPTY:  # a container
            if len(stack) >= MAX_DEPTH:
                return None
            if kind == _F_OBJECT:  # `{` and the first key
                stack.append(_Frame(True, m.start(_F_OBJECT), key, key_span))
                body = m.group(_F_KEY)
                key = body.decode("utf-8")
                key = _json_loads(f'"{key}"') if 92 in body else key  # 92: a backslash
                key_span = span(m.start(_F_KEY) - 1, m.end(_F_KEY) + 1)
                pos = end
                continue
            if kind == _F_ARRAY:
                stack.append(_Frame(False, end - 1, key, key_span))
                pos = end
                continue
            start = m.start(_F_EMPTY)
            node = SObject((), span(start, end)) if data[start] == 123 else SArray((), span(start, end))
        elif kind == _F_STRING:
            body = m.group(_F_STRING)
            text = body.decode("utf-8")
            node = scalar(_json_loads(f'"{text}"') if 92 in body else text, span(m.start(_F_STRING) - 1, end))
        elif kind == _F_NUMBER:
            number = m.group(_F_NUMBER)
            node = scalar(float(number) if m.group(_F_FRACTION) else int(number), span(m.start(_F_NUMBER), end))
        else:
            node = scalar(literals[m.group(_F_LITERAL)], span(m.start(_F_LITERAL), end))
        pos = end
        # Attach the finished value; close containers while they end here.
        while stack:
            frame = stack[-1]
            if frame.is_object:
                frame.entries.append(entry(key, key_span, node))
                am = after_member(data, pos)
                if am is None:
                    return None
                pos = am.end()
                if am.lastindex:  # `, "key":` -- the next member's key
                    body = am.group(1)
                    key = body.decode("utf-8")
                    key = _json_loads(f'"{key}"') if 92 in body else key
                    key_span = span(am.start(1) - 1, am.end(1) + 1)
                    break
                node = SObject(tuple(frame.entries), span(frame.start, pos))
            else:
                frame.children.append(node)
                am = after_item(data, pos)
                if am is None:
                    return None
                pos = am.end()
                if data[pos - 1] == 44:  # ','
                    break
                node = SArray(tuple(frame.children), span(frame.start, pos))
            stack.pop()
            key = frame.key
            key_span = frame.key_span
        else:  # the root value is complete
            return node if _skip_ws(data, pos) == n else None


_NEXT_MESSAGE = {
    _OBJ_NEXT: "expected `,` or `}` after an object member",
    _ARR_NEXT: "expected `,` or `]` after an array element",
}


def _text(data: bytes, start: int, end: int) -> str:
    return data[start:end].decode("utf-8", "replace")


def _char_end(data: bytes, pos: int) -> int:
    """The end of the (possibly multi-byte) character at `pos`."""
    end = pos + 1
    if data[pos] >= 0xC0:
        while end < len(data) and end - pos < 4 and 0x80 <= data[end] < 0xC0:
            end += 1
    return end


_RUN = re.compile(rb"[A-Za-z0-9_$.+\-]+")


def _token_end(data: bytes, pos: int) -> int:
    """The end of the word-like run (or single character) starting at `pos`, for error spans."""
    m = _RUN.match(data, pos)
    if m is not None:
        return m.end()
    return _char_end(data, pos)


def _describe(data: bytes, pos: int) -> str:
    if pos >= len(data):
        return "end of input"
    end = _char_end(data, pos)
    try:
        char = data[pos:end].decode("utf-8")
    except UnicodeDecodeError:
        return f"byte 0x{data[pos]:02X} (not valid UTF-8)"
    if char.isprintable() and char != "`":
        return f"`{char}`"
    return f"character U+{ord(char):04X}"


def _expected(data: bytes, pos: int, message: str) -> _Fail:
    if pos >= len(data):
        return _Fail(f"unexpected end of input, {message}", pos, pos)
    if data.startswith((b"//", b"/*"), pos):
        return _Fail("comments are not allowed in JSON", pos, pos + 2)
    return _Fail(f"{message}, found {_describe(data, pos)}", pos, _char_end(data, pos))


def _key_expected(data: bytes, pos: int, state: int) -> _Fail:
    if pos >= len(data):
        return _Fail("unexpected end of input, expected an object key or `}`", pos, pos)
    c = data[pos]
    if c == 34:  # '"': a string token that did not match, i.e. a bad string
        return _bad_string(data, pos)
    if c == 39:
        return _Fail(
            "object keys must be double-quoted strings (single quotes are not JSON)", pos, _char_end(data, pos)
        )
    if data.startswith((b"//", b"/*"), pos):
        return _Fail("comments are not allowed in JSON", pos, pos + 2)
    word = re.compile(rb"[A-Za-z_$][A-Za-z0-9_$]*").match(data, pos)
    if word is not None:
        return _Fail(f'object keys must be double-quoted strings: write `"{word.group().decode()}"`', pos, word.end())
    expected = "an object key" if state == _OBJ_KEY else "an object key or `}`"
    return _Fail(
        f"expected {expected} (a double-quoted string), found {_describe(data, pos)}", pos, _char_end(data, pos)
    )


_NOT_JSON_WORDS = {
    b"NaN": "NaN is not valid JSON",
    b"Infinity": "Infinity is not valid JSON",
    b"-Infinity": "-Infinity is not valid JSON",
    b"+Infinity": "Infinity is not valid JSON",
    b"-NaN": "NaN is not valid JSON",
    b"True": "`True` is not valid JSON: write `true`",
    b"False": "`False` is not valid JSON: write `false`",
    b"None": "`None` is not valid JSON: write `null`",
    b"undefined": "`undefined` is not valid JSON: write `null`",
}


def _value_expected(data: bytes, pos: int, stack: list[_Frame]) -> _Fail:
    if pos >= len(data):
        if not stack:
            return _Fail("expected a JSON value, but the input is empty", pos, pos)
        return _Fail("unexpected end of input, expected a value", pos, pos)
    c = data[pos]
    if c == 34:
        return _bad_string(data, pos)
    if c == 39:
        return _Fail("strings must use double quotes in JSON", pos, pos + 1)
    if data.startswith((b"//", b"/*"), pos):
        return _Fail("comments are not allowed in JSON", pos, pos + 2)
    return _bad_value(data, pos)


def _bad_value(data: bytes, pos: int) -> _Fail:
    c = data[pos]
    if c in b"-+.0123456789" and not data.startswith((b"-I", b"+I", b"-N"), pos):
        return _bad_number(data, pos)
    word = re.compile(rb"[-+]?[A-Za-z_$][A-Za-z0-9_$]*").match(data, pos)
    if word is not None:
        text = word.group()
        if text in _NOT_JSON_WORDS:
            return _Fail(_NOT_JSON_WORDS[text], pos, word.end())
        if text.startswith(b"+"):
            return _Fail("a leading `+` is not allowed in JSON numbers", pos, pos + 1)
        shown = text.decode("ascii")
        return _Fail(f"unexpected `{shown}`: expected a value (a string must be double-quoted)", pos, word.end())
    if c in b",]}:":
        return _Fail(f"expected a value, found `{chr(c)}`", pos, pos + 1)
    return _Fail(f"expected a value, found {_describe(data, pos)}", pos, _char_end(data, pos))


def _bad_number(data: bytes, pos: int) -> _Fail:
    m = re.compile(rb"[-+0-9A-Za-z_.]*").match(data, pos)
    assert m is not None
    end = max(m.end(), pos + 1)
    text = data[pos:end]
    i = 0
    if text.startswith(b"+"):
        return _Fail("a leading `+` is not allowed in JSON numbers", pos, pos + 1)
    if text.startswith(b"-"):
        i = 1
    digits = text[i:]
    if not digits[:1].isdigit():
        if digits.startswith(b"."):
            return _Fail("a number must start with a digit: write `0.`", pos, end)
        return _Fail("expected a digit after `-`", pos, pos + 1)
    if re.match(rb"0[xX]", digits):
        return _Fail("hexadecimal numbers are not valid JSON", pos, end)
    if re.match(rb"0[0-9]", digits):
        return _Fail("leading zeros are not allowed in JSON numbers", pos, end)
    m2 = re.compile(rb"-?(?:0|[1-9][0-9]*)").match(text)
    assert m2 is not None
    j = m2.end()
    if text[j : j + 1] == b".":
        j += 1
        if not text[j : j + 1].isdigit():
            return _Fail("expected a digit after the decimal point", pos + j - 1, pos + j)
        while text[j : j + 1].isdigit():
            j += 1
    if text[j : j + 1] in (b"e", b"E"):
        j += 1
        if text[j : j + 1] in (b"+", b"-"):
            j += 1
        if not text[j : j + 1].isdigit():
            return _Fail("expected a digit in the exponent", pos, pos + j)
        while text[j : j + 1].isdigit():
            j += 1
    if b"_" in text:
        return _Fail("underscores are not allowed in JSON numbers", pos, end)
    return _Fail(f"invalid number `{text.decode('ascii', 'replace')}`", pos, end)


def _bad_string(data: bytes, pos: int) -> _Fail:
    """Diagnose a string starting at `pos` that the token regex rejected."""
    n = len(data)
    plain = re.compile(rb'[^"\\\x00-\x1f]*')
    i = pos + 1
    while True:
        m = plain.match(data, i)
        assert m is not None
        i = m.end()
        if i >= n:
            return _Fail("unterminated string", pos, pos + 1)
        c = data[i]
        if c == 34:  # pragma: no cover - a well-formed string matches the token regex
            return _Fail("invalid string", pos, i + 1)
        if c == 92:  # backslash
            if i + 1 >= n:
                return _Fail("unterminated string", pos, pos + 1)
            e = data[i + 1]
            if e in b'"\\/bfnrt':
                i += 2
                continue
            if e == 117:  # 'u'
                hexes = data[i + 2 : i + 6]
                if len(hexes) == 4 and re.fullmatch(rb"[0-9a-fA-F]{4}", hexes):
                    i += 6
                    continue
                shown = re.compile(rb"[0-9A-Za-z]{0,4}").match(data, i + 2)
                assert shown is not None
                text = data[i : shown.end()].decode("ascii")
                return _Fail(f"invalid unicode escape `{text}`: expected 4 hex digits after `\\u`", i, shown.end())
            end = _char_end(data, i + 1)
            try:
                shown_char = data[i + 1 : end].decode("utf-8")
            except UnicodeDecodeError:
                shown_char = "?"
            if not shown_char.isprintable():
                return _Fail(f"invalid escape: `\\` followed by U+{ord(shown_char):04X}", i, end)
            return _Fail(f"invalid escape `\\{shown_char}`", i, end)
        if c in (10, 13):
            return _Fail("line break inside a string: close the string, or write it as `\\n`", i, i + 1)
        return _Fail(f"control character U+{c:04X} must be escaped inside a string", i, i + 1)


def _utf8_fail(data: bytes, base: int, exc: UnicodeDecodeError) -> _Fail:
    at = base + exc.start
    return _Fail(f"invalid UTF-8 byte 0x{data[at]:02X} in a string", at, base + exc.end)


def _fail_at(data: bytes, pos: int, state: int, stack: list[_Frame]) -> _Fail:
    """The token regex matched nothing at `pos`: explain what is there."""
    if state == _OBJ_COLON:
        return _expected(data, pos, "expected `:` after an object key")
    if state in _NEXT_MESSAGE:
        return _expected(data, pos, _NEXT_MESSAGE[state])
    if state in (_OBJ_FIRST, _OBJ_KEY):
        return _key_expected(data, pos, state)
    return _value_expected(data, pos, stack)


# --- JSONC: JSON with comments and trailing commas (tsconfig.json, VS Code settings) ----------------

# Every quantifier is possessive and no two alternatives of a loop start alike, so nothing backtracks: a
# `////...` line after a comma once took exponential time. An unterminated string or comment runs to the
# end of its line or of the file (as the security scan's `_LITERAL`), so no scan starts again inside it.
_JSONC_TOKEN = re.compile(
    rb'"(?:[^"\\\n]++|\\.)*+"|"[^\n]*+'
    rb"|//[^\n]*+"
    rb"|/\*(?:[^*]++|\*(?!/))*+(?:\*/|\Z)"
    rb"|,(?=(?:[ \t\n\r\f\v]++|//[^\n]*+|/\*(?:[^*]++|\*(?!/))*+\*/)*+[}\]])",
    re.S,
)


def relax_jsonc(data: bytes) -> bytes | None:
    """`data` with JSONC's comments and trailing commas blanked out (replaced by spaces, so every byte
    keeps its offset), or None when it holds neither. Strings are kept as written."""
    changed = False

    def blank(match: re.Match[bytes]) -> bytes:
        nonlocal changed
        token = match.group()
        if token.startswith(b'"'):
            return token
        changed = True
        return re.sub(rb"[^\n]", b" ", token)

    relaxed = _JSONC_TOKEN.sub(blank, data)
    return relaxed if changed else None
