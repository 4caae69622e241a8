"""Strict JSON (RFC 8259) loader that keeps the byte span of every value and key.

The parser is hand-written and iterative (an explicit stack, no recursion), so any nesting depth is
safe: containers deeper than `MAX_DEPTH` become `NonStatic('nested too deeply')`. It stops at the
first error and reports it with a precise span and a readable message ("trailing comma is not
allowed in JSON", "invalid escape `\\q`", "NaN is not valid JSON"...). A UTF-8 BOM is accepted;
duplicate keys keep every entry (`SObject.get` takes the last); integers become `int`, numbers with
a fraction or an exponent `float`. The `json` module only decodes the escapes of single strings.

Exports: when the root is an object whose "main" member is an object, that member is `main`, and
the root's other object members (e.g. "list") are exported too; otherwise the root is `main`.

Valid input takes a fast path (`_parse_fast`: `, "key":` in one regex match, nodes built without
the dataclasses' __init__); anything it does not accept is parsed again by the reference parser
(`_parse_checked`), which finds and explains the error.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable
from json import loads as _json_loads

from flowlint.core.nodes import NonStatic, SArray, Scalar, SEntry, SNode, SObject, Span, SScalar
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
    | "([^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*)"
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
    gc_was_enabled = gc.isenabled()
    gc.disable()  # the tree is acyclic; collecting while building millions of nodes is quadratic
    try:
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
    finally:
        if gc_was_enabled:
            gc.enable()
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


def _parse_checked(data: bytes, pos: int) -> SNode:
    """The reference parser: token by token, with a precise error for anything invalid."""
    n = len(data)
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
        start = m.start(kind or 0)
        if kind == 2:
            start -= 1  # the group is the string's body; the token starts at its opening quote
        end = m.end()
        if kind == 1:
            c = data[start]
            if state == _OBJ_COLON:
                if c != 58:  # ':'
                    raise _expected(data, start, "expected `:` after an object key")
                state = _VALUE
                pos = end
                continue
            if state == _OBJ_NEXT or state == _ARR_NEXT:
                if c == 44:  # ','
                    state = _OBJ_KEY if state == _OBJ_NEXT else _VALUE
                    last_comma = start
                    pos = end
                    continue
                if c != (125 if state == _OBJ_NEXT else 93):  # '}' / ']'
                    raise _expected(data, start, _NEXT_MESSAGE[state])
                # Otherwise: close the container, below.
            elif c == 123 or c == 91:  # '{' / '['
                if state == _OBJ_FIRST or state == _OBJ_KEY:
                    raise _key_expected(data, start, state)
                stack.append(_Frame(c == 123, start, key, key_span))
                state = _OBJ_FIRST if c == 123 else _ARR_FIRST
                last_comma = -1
                pos = end
                continue
            elif (c == 125 and state == _OBJ_FIRST) or (c == 93 and state == _ARR_FIRST):
                pass  # an empty container: close it, below
            elif (c == 125 and state == _OBJ_KEY) or (
                c == 93 and state == _VALUE and last_comma >= 0 and stack and not stack[-1].is_object
            ):
                raise _Fail("trailing comma is not allowed in JSON", last_comma, last_comma + 1)
            elif state == _OBJ_FIRST or state == _OBJ_KEY:
                raise _key_expected(data, start, state)
            else:
                raise _value_expected(data, start, stack)
            frame = stack.pop()
            key = frame.key
            key_span = frame.key_span
            pos = end
            depth = len(stack) + 1
            if depth > MAX_DEPTH:
                if depth == MAX_DEPTH + 1:
                    node = NonStatic(_text(data, frame.start, end), "nested too deeply", Span(frame.start, end))
                else:
                    node = _DISCARDED
            elif frame.is_object:
                node = SObject(tuple(frame.entries), Span(frame.start, end))
            else:
                node = SArray(tuple(frame.children), Span(frame.start, end))
        else:
            if state == _OBJ_COLON:
                raise _expected(data, start, "expected `:` after an object key")
            if state == _OBJ_NEXT or state == _ARR_NEXT:
                raise _expected(data, start, _NEXT_MESSAGE[state])
            if kind == 2:
                body = m.group(2)
                try:
                    text = body.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise _utf8_fail(data, start + 1, exc) from None
                if 92 in body:  # a backslash: let the json module decode the (valid) escapes
                    text = _json_loads(f'"{text}"')
                if state == _OBJ_FIRST or state == _OBJ_KEY:
                    key = text
                    key_span = Span(start, end)
                    state = _OBJ_COLON
                    pos = end
                    continue
                node = SScalar(text, Span(start, end))
            elif state == _OBJ_FIRST or state == _OBJ_KEY:
                raise _key_expected(data, start, state)
            elif kind == 3:
                if end < n and data[end] in _WORD_TAIL:
                    raise _bad_value(data, start)
                number = m.group(3)
                if m.group(4):
                    node = SScalar(float(number), Span(start, end))
                else:
                    try:
                        node = SScalar(int(number), Span(start, end))
                    except ValueError:  # more digits than int() accepts (sys.get_int_max_str_digits)
                        node = NonStatic(number.decode("ascii"), "integer with too many digits", Span(start, end))
            else:
                if end < n and data[end] in _WORD_TAIL:
                    raise _bad_value(data, start)
                node = SScalar(_LITERALS[m.group(5)], Span(start, end))
            pos = end
        # A value is complete: attach it to the enclosing container, or finish.
        if not stack:
            rest = _skip_ws(data, pos)
            if rest < n:
                raise _Fail("unexpected data after the top-level value", rest, _token_end(data, rest))
            return node
        frame = stack[-1]
        if frame.is_object:
            frame.entries.append(SEntry(key, key_span, node))
            state = _OBJ_NEXT
        else:
            frame.children.append(node)
            state = _ARR_NEXT
        last_comma = -1


# --- The fast path -------------------------------------------------------------------------------
# Valid JSON only: members are read as `, "key":` in one regex match, and nodes are built without
# the frozen dataclasses' __init__ (which costs about half of the parse). Anything unusual (errors,
# nesting deeper than MAX_DEPTH, huge integers) returns None and is left to `_parse_checked`.

_STRING = rb'"([^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*)"'
_KEY_FIRST = re.compile(rb"[ \t\n\r]*" + _STRING + rb"[ \t\n\r]*:")
_KEY_NEXT = re.compile(rb"[ \t\n\r]*,[ \t\n\r]*" + _STRING + rb"[ \t\n\r]*:")
_FAST_VALUE = re.compile(
    rb"[ \t\n\r]*(?:([{\[])|"
    + _STRING
    + rb"|(-?(?:0|[1-9][0-9]*)((?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?))|(true|false|null))"
)
_CLOSE_OBJECT = re.compile(rb"[ \t\n\r]*\}")
_CLOSE_ARRAY = re.compile(rb"[ \t\n\r]*\]")
_AFTER_ITEM = re.compile(rb"[ \t\n\r]*([,\]])")


_SpanMaker = Callable[[int, int], Span]
_ScalarMaker = Callable[[Scalar, Span], SScalar]
_EntryMaker = Callable[[str, Span, SNode], SEntry]


def _fast_constructors() -> tuple[_SpanMaker, _ScalarMaker, _EntryMaker]:
    """Constructors equivalent to Span(...), SScalar(...), SEntry(...), about twice as fast.

    They fill the slots of the frozen dataclasses directly; if the node classes ever stop being
    slotted, the ordinary constructors are used.
    """
    new = object.__new__
    try:
        set_start = Span.__dict__["start"].__set__
        set_end = Span.__dict__["end"].__set__
        set_value = SScalar.__dict__["value"].__set__
        set_span = SScalar.__dict__["span"].__set__
        set_key = SEntry.__dict__["key"].__set__
        set_key_span = SEntry.__dict__["key_span"].__set__
        set_entry_value = SEntry.__dict__["value"].__set__
    except (KeyError, AttributeError):  # pragma: no cover - nodes.py changed
        return Span, SScalar, SEntry

    def span(start: int, end: int) -> Span:
        obj: Span = new(Span)
        set_start(obj, start)
        set_end(obj, end)
        return obj

    def scalar(value: Scalar, where: Span) -> SScalar:
        obj: SScalar = new(SScalar)
        set_value(obj, value)
        set_span(obj, where)
        return obj

    def entry(key: str, key_span: Span, value: SNode) -> SEntry:
        obj: SEntry = new(SEntry)
        set_key(obj, key)
        set_key_span(obj, key_span)
        set_entry_value(obj, value)
        return obj

    return span, scalar, entry


_span, _scalar, _entry = _fast_constructors()


def _parse_fast(data: bytes, pos: int) -> SNode | None:
    n = len(data)
    value_match = _FAST_VALUE.match
    key_first = _KEY_FIRST.match
    key_next = _KEY_NEXT.match
    close_object = _CLOSE_OBJECT.match
    close_array = _CLOSE_ARRAY.match
    after_item = _AFTER_ITEM.match
    span = _span
    scalar = _scalar
    entry = _entry
    literals = _LITERALS
    word_tail = _WORD_TAIL
    stack: list[_Frame] = []
    key = ""
    key_span = _NO_SPAN
    node: SNode
    while True:
        # A value starts at `pos`.
        m = value_match(data, pos)
        if m is None:
            return None
        kind = m.lastindex
        end = m.end()
        if kind == 1:
            start = end - 1
            if len(stack) >= MAX_DEPTH:
                return None
            if data[start] == 123:  # '{'
                km = key_first(data, end)
                if km is not None:
                    stack.append(_Frame(True, start, key, key_span))
                    body = km.group(1)
                    try:
                        key = body.decode("utf-8")
                    except UnicodeDecodeError:
                        return None
                    if 92 in body:
                        key = _json_loads(f'"{key}"')
                    key_span = span(km.start(1) - 1, km.end(1) + 1)
                    pos = km.end()
                    continue
                cm = close_object(data, end)
                if cm is None:
                    return None
                pos = cm.end()
                node = SObject((), span(start, pos))
            else:
                cm = close_array(data, end)
                if cm is None:
                    stack.append(_Frame(False, start, key, key_span))
                    pos = end
                    continue
                pos = cm.end()
                node = SArray((), span(start, pos))
        elif kind == 2:
            body = m.group(2)
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                return None
            if 92 in body:
                text = _json_loads(f'"{text}"')
            node = scalar(text, span(m.start(2) - 1, end))
            pos = end
        elif kind == 3:
            if end < n and data[end] in word_tail:
                return None
            number = m.group(3)
            if m.group(4):
                node = scalar(float(number), span(m.start(3), end))
            else:
                try:
                    node = scalar(int(number), span(m.start(3), end))
                except ValueError:
                    return None
            pos = end
        else:
            if end < n and data[end] in word_tail:
                return None
            node = scalar(literals[m.group(5)], span(m.start(5), end))
            pos = end
        # Attach the finished value; close containers while they end here.
        while True:
            if not stack:
                return node if _skip_ws(data, pos) == n else None
            frame = stack[-1]
            if frame.is_object:
                frame.entries.append(entry(key, key_span, node))
                km = key_next(data, pos)
                if km is not None:
                    body = km.group(1)
                    try:
                        key = body.decode("utf-8")
                    except UnicodeDecodeError:
                        return None
                    if 92 in body:
                        key = _json_loads(f'"{key}"')
                    key_span = span(km.start(1) - 1, km.end(1) + 1)
                    pos = km.end()
                    break
                cm = close_object(data, pos)
                if cm is None:
                    return None
                pos = cm.end()
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
