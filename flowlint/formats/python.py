"""Python loader: the module-level bindings of a `.py` definition, evaluated statically with libcst.

Nothing is executed. Every module-level binding is an export, later bindings replacing earlier ones:
`main = {...}`, `main: dict = {...}`, tuple unpacking of static tuples, `+=` of strings or numbers;
functions, classes and imports are exported as `NonStatic`, and so are names bound inside `if`,
`for`, `try`, `with`... blocks (their value depends on how the code runs). `del` removes an export.

Values are evaluated exactly as Python would: dicts with string keys (a non-string key makes the
whole dict `NonStatic`; `**spread` of a static dict merges its entries in place, with the same
`flowlint.formats.base.SpreadMerger` as the JavaScript loader; two explicit entries with one key stay
two entries, so rules can report the duplicate), lists and tuples (both `SArray`; a tuple's span
includes its parentheses; `*spread` of a static list, tuple or string splices its items in),
strings with every prefix, quote style and escape, implicit concatenation, f-strings without
placeholders, ints and floats in every notation with unary `-`/`+`, True/False/None, `+` of two
strings or two numbers, and names bound earlier at module level to their (shared) value tree, whose
spans stay at the definition. Everything else (calls, lambdas, comprehensions, attribute access,
sets, bytes, complex numbers...) becomes a `NonStatic` with its exact source text and a short reason.

Safety: libcst's parser is native code that recurses on the syntax tree, so deeply nested input
would overflow the C stack (a crash, not an exception), and its position computation recurses in
Python. A fast pre-scan (`_prescan`) therefore bounds the depth of the tree before libcst sees the
source and reports too deeply nested code as a problem instead; it also gives precise positions to
the lexical errors libcst reports without one (unterminated strings, stray characters, unbalanced
brackets). Files over `MAX_SOURCE_BYTES` are not analysed (libcst needs about 10 s per MB).
Evaluation is bounded by a `WorkBudget` (references to earlier names, spreads and `+` of strings are
counted in values); a file that needs more is reported as `ParsedModule.over_budget`.
"""

from __future__ import annotations

import ast
import bisect
import codecs
import io
import re
import tokenize
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flowlint.core.gcpause import gc_paused
from flowlint.core.nodes import NonStatic, SArray, SEntry, SNode, SObject, Span, SScalar, type_name
from flowlint.formats.base import EvaluationBudgetExceeded, ParsedModule, SpreadMerger, SyntaxProblem, WorkBudget

if TYPE_CHECKING:
    from libcst.metadata import CodeSpan

#: Bound on the pre-scan's estimate of the syntax tree depth (see `_prescan`). Real definitions
#: stay far below it (a 10-level nested definition estimates around 60).
MAX_DEPTH_ESTIMATE = 200
#: Dicts, lists and tuples nested deeper than this (names resolved) become NonStatic('nested too
#: deeply'), as in the JavaScript loader: a tree is at most MAX_DEPTH + 1 nodes high.
MAX_DEPTH = 100
#: Python files larger than this are not analysed: libcst needs about 10 seconds per megabyte.
MAX_SOURCE_BYTES = 1_000_000
#: The most tokens per character a file may hold, beyond `TOKENS_FREE`, for libcst to read it: its tree
#: takes about 4 KB per token. Real definitions hold about 0.2 tokens per character; `[1,1,1...]`
#: holds 1 (a 0.9 MB file: 2.4 GB of tree). A denser file is reported (FL001) where its density ran
#: over, before libcst sees it.
TOKENS_PER_CHARACTER = 0.3
#: Tokens every file may hold whatever its density (about 200 MB of libcst tree).
TOKENS_FREE = 50_000

_BOM = b"\xef\xbb\xbf"


def parse_python(data: bytes) -> ParsedModule:
    """Statically evaluate the module-level bindings of a Python file; never raises."""
    try:
        with gc_paused():  # libcst builds large acyclic trees; collecting meanwhile is slow and pointless
            return _parse(data)
    except Exception as exc:  # pragma: no cover - a defect; reported rather than crashing the run
        # Never str() the exception: libcst errors can embed (deep) syntax trees in their message.
        if _caused_by_recursion(exc):
            return ParsedModule(internal_error="RecursionError: the code is nested too deeply to analyse")
        return ParsedModule(internal_error=type(exc).__name__)


def _caused_by_recursion(exc: BaseException) -> bool:
    seen = 0
    current: BaseException | None = exc
    while current is not None and seen < 50:
        if isinstance(current, RecursionError):
            return True
        current = current.__cause__ or current.__context__
        seen += 1
    return False


def _safe_str(exc: BaseException, limit: int = 200) -> str:
    try:
        text = str(exc)
    except Exception:
        text = type(exc).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- Source text and offsets -----------------------------------------------------------------------


class _Source:
    """The decoded text, and the mapping of its character offsets to byte offsets of the original."""

    def __init__(self, data: bytes, text: str, base: int, encoding: str) -> None:
        self.data = data
        self.text = text
        self.base = base  # bytes before `text` starts (a BOM)
        self.encoding = encoding
        self._line_starts: list[int] | None = None
        # Non-ASCII characters: their offsets and the extra bytes of the encoding up to each one.
        self._wide: list[int] | None = None
        self._extra: list[int] = []

    def byte_offset(self, char: int) -> int:
        """The byte offset in the original data of character offset `char` of `text`."""
        if self._wide is None:
            self._wide = []
            if not self.text.isascii():  # Python source encodings are ASCII-compatible
                extra = 0
                errors = "surrogatepass" if self.encoding == "utf-8" else "replace"
                for m in re.finditer(r"[^\x00-\x7f]", self.text):
                    self._wide.append(m.start())
                    extra += len(m.group().encode(self.encoding, errors)) - 1
                    self._extra.append(extra)
        if not self._wide:
            return self.base + char
        index = bisect.bisect_left(self._wide, char)  # wide characters strictly before `char`
        return self.base + char + (self._extra[index - 1] if index else 0)

    def span(self, start: int, end: int) -> Span:
        """Character offsets into `text` as a byte span of the original data."""
        return Span(self.byte_offset(start), self.byte_offset(end))

    def char_offset_to_byte(self, offset: int) -> int:
        return self.byte_offset(max(0, min(offset, len(self.text))))

    def line_col_to_char(self, line: int, col: int) -> int:
        """1-based line, 0-based column (characters) to a character offset into `text`."""
        if self._line_starts is None:
            starts = [0]
            for m in re.finditer(r"\r\n|\r|\n", self.text):
                starts.append(m.end())
            self._line_starts = starts
        if line < 1:
            return 0
        if line > len(self._line_starts):
            return len(self.text)
        start = self._line_starts[line - 1]
        line_end = self._line_starts[line] if line < len(self._line_starts) else len(self.text)
        return min(start + max(col, 0), line_end)

    def source_of(self, span: Span) -> str:
        return self.data[span.start : span.end].decode(self.encoding, "replace")


def _decode(data: bytes) -> _Source | SyntaxProblem:
    base = 0
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        if "invalid or missing encoding declaration" not in str(exc):
            return SyntaxProblem(str(exc.msg), Span(0, 0))
        encoding = "utf-8"  # no declaration and not UTF-8: the decoding below says where
    try:
        encoding = codecs.lookup(encoding).name
    except LookupError:  # pragma: no cover - detect_encoding already checked it
        return SyntaxProblem(f"unknown encoding {encoding!r}", Span(0, 0))
    if encoding == "utf-8-sig" or data.startswith(_BOM):
        encoding = "utf-8"
        base = 3 if data.startswith(_BOM) else 0
    try:
        ascii_compatible = "coding = 1".encode(encoding) == b"coding = 1"
    except (UnicodeError, LookupError, TypeError):  # pragma: no cover - an odd codec
        ascii_compatible = False
    if not ascii_compatible:  # as in Python, a source encoding must be ASCII-compatible
        return SyntaxProblem(f"encoding problem: {encoding} is not ASCII-compatible", Span(0, 0))
    body = data[base:]
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        at = base + exc.start
        what = f"byte 0x{body[exc.start]:02X}" if exc.start < len(body) else "end of file"
        name = "UTF-8" if encoding == "utf-8" else encoding
        return SyntaxProblem(f"invalid {name} in the source: {what} cannot be decoded", Span(at, at + 1))
    if "\x00" in text:
        at = text.index("\x00")
        source = _Source(data, text, base, encoding)
        offset = source.char_offset_to_byte(at)
        return SyntaxProblem("source code cannot contain null bytes", Span(offset, offset + 1))
    return _Source(data, text, base, encoding)


# --- Pre-scan: a lexer that bounds the depth of the syntax tree ---------------------------------------

_NAME_RE = r"[^\W\d]\w*"
_SCAN = re.compile(
    r"""
      (?P<ws>[ \t\f]+)
    | (?P<nl>\r\n|\r|\n)
    | (?P<cont>\\(?:\r\n|\r|\n))
    | (?P<comment>\#[^\r\n]*)
    | (?P<str>(?P<prefix>[rRuUbBfFtT]{1,2})?(?P<quote>'''|\"\"\"|'|\"))
    | (?P<name>"""
    + _NAME_RE
    + r""")
    | (?P<num>(?:\d|\.\d)(?:[\w.]|(?<=[eE])[+-])*)
    | (?P<op>\*\*=?|//=?|>>=?|<<=?|->|:=|\.\.\.|[-+*/%@&|^<>=!]=?|[~.,:;])
    | (?P<open>[(\[{])
    | (?P<close>[)\]}])
    | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)
# The body of a complete (non-f) string after its opening quote, by quote.
_STRING_BODY = {
    "'": re.compile(r"[^'\\\r\n]*+(?:\\(?:\r\n|[\s\S])[^'\\\r\n]*+)*+'"),
    '"': re.compile(r'[^"\\\r\n]*+(?:\\(?:\r\n|[\s\S])[^"\\\r\n]*+)*+"'),
    "'''": re.compile(r"(?:[^'\\]++|\\[\s\S]|'(?!''))*+'''"),
    '"""': re.compile(r'(?:[^"\\]++|\\[\s\S]|"(?!""))*+"""'),
}


def _ftext_pattern(quote: str, raw: bool) -> re.Pattern[str]:
    """Literal text of an f-string: up to a replacement field, the closing quote or a bad line break.

    `{{` and `}}` are literal braces and `\\N{...}` a named escape (not in raw strings); a backslash
    right before `{` is left alone (the `{` still opens a field).
    """
    q = re.escape(quote[0])
    triple = len(quote) == 3
    line_breaks = "" if triple else r"\r\n"
    parts = [r"[^{}\\" + q + line_breaks + "]", r"\{\{", r"\}\}"]
    if not raw:
        parts.append(r"\\N\{[^}\r\n]*+\}")
    parts += [r"\\\r\n", r"\\[^{]"]
    if triple:
        parts.append(q + "(?!" + q + q + ")")
    return re.compile("(?:" + "|".join(parts) + ")*+")


_QUOTES = ("'", '"', "'''", '"""')
_FTEXT = {(quote, raw): _ftext_pattern(quote, raw) for quote in _QUOTES for raw in (False, True)}
# A format spec (after `:` in a replacement field): text up to a nested field or the closing `}`.
_FORMAT_SPEC = {
    quote: re.compile(r"[^{}" + re.escape(quote[0]) + ("" if len(quote) == 3 else r"\r\n") + "]*") for quote in _QUOTES
}
_OPEN_FOR = {")": "(", "]": "[", "}": "{"}

_BRACKET_WEIGHT = 3  # a bracket level costs about as much as three chained operators
_PSEUDO_WEIGHT = 2  # a lambda or a comprehension `for` clause
_INDENT_WEIGHT = 3  # an indented block
_ELIF_WEIGHT = 2  # each `elif` nests the rest of its chain one level deeper


@dataclass
class _Scan:
    too_deep_at: int | None = None  # character offset where the estimate first exceeded the bound
    too_dense_at: int | None = None  # character offset where the tokens first exceeded their bound
    tokens: int = 0  # tokens read up to there
    # The first lexical error: message, start, end (character offsets) and its kind ("string",
    # "character", "bracket", "number" or "indent").
    lexical_error: tuple[str, int, int, str] | None = None
    unclosed: tuple[str, int] | None = None  # the innermost bracket still open at the end
    complete: bool = True  # False if scanning stopped early (at an unterminated string)


class _Level:
    """A nesting level of the estimate: a bracket, an f-string field, a lambda or a `for` clause."""

    __slots__ = ("at", "count", "kind", "opener", "state")

    def __init__(self, kind: str, opener: str = "", at: int = 0) -> None:
        self.kind = kind  # "top", "bracket", "field", "lambda" or "for"
        self.opener = opener
        self.at = at
        self.count = 0  # tokens of the current segment (since the last separator) at this level
        self.state = 0  # lambda: 0 while reading the parameters, 1 in the body


class _FString:
    __slots__ = ("field", "quote", "raw", "start")

    def __init__(self, quote: str, raw: bool, start: int) -> None:
        self.quote = quote
        self.raw = raw
        self.start = start
        self.field: _Level | None = None  # the open replacement field, if any


# The pre-scan's tokens. Whitespace, line continuations and comments are skipped as the prefix of
# the next token (a line continuation only matters at the start of a logical line, which
# `_Prescan.line_start` reads itself). The groups tell what a token does to the estimate: `name`,
# `str`, `comma`, `open`, `close` and `nl` are the common tokens, handled in the loop of
# `_Prescan.run`; everything else goes to a method of `_Prescan` (`_RARE_TOKENS`).
_PRESCAN = re.compile(
    r"""
    (?:[ \t\f]++|\\(?:\r\n|\r|\n))*+(?:\#[^\r\n]*+)?
    (?:
      (?P<nl>\r\n|\r|\n)
    | (?P<fstr>(?P<fprefix>[rRuUbBfFtT][fFtT]|[fFtT][rRuUbBfFtT]?)(?P<fquote>'''|\"\"\"|'|\"))
    | (?P<str>[rRuUbB]{0,2}(?P<quote>'''|\"\"\"|'|\"))
    | (?P<word>(?:lambda|for)(?!\w))
    | (?P<name>"""
    + _NAME_RE
    + r""")
    | (?P<num>(?:\d|\.\d)(?:[\w.]|(?<=[eE])[+-])*)
    | (?P<comma>,)
    | (?P<colon>:(?!=))
    | (?P<op>\*\*=?|//=?|>>=?|<<=?|->|:=|\.\.\.|[-+*/%@&|^<>=!]=?|[~.;])
    | (?P<open>[(\[{])
    | (?P<close>[)\]}])
    | (?P<other>.)
    | (?P<eof>\Z)
    )
    """,
    re.VERBOSE | re.DOTALL,
)
# What precedes the first token of a logical line: blank lines, comments, line continuations.
_BLANK = re.compile(r"(?:[ \t\f]++|\#[^\r\n]*+|\\(?:\r\n|\r|\n)|\r\n|\r|\n)*+")
# Levels at whose top a `:` is an ordinary token (at the top of a lambda or an f-string field it is not).
_ORDINARY_COLON = frozenset({"top", "bracket", "for"})


def _prescan(text: str, limit: int = MAX_DEPTH_ESTIMATE) -> _Scan:
    """Bound the depth of the syntax tree libcst would build, stopping where it exceeds `limit`.

    Each nesting level (bracket, f-string replacement field, lambda, comprehension `for` clause,
    indented block, `elif`) adds a weight, and each token of the current segment of a level (the
    tokens since the last `,`, `=` or `;`) adds one, because chained operators, calls, subscripts
    and attribute accesses each nest the tree once more. The estimate only over-approximates.
    """
    return _Prescan(text, limit).run()


class _Prescan:
    """The state of one pre-scan. `run` is the loop over the tokens; it keeps the running estimate
    in local variables, and hands it to the methods for the rarer tokens through `total` and
    `real_depth`."""

    __slots__ = ("base", "elifs", "fstrings", "indents", "levels", "limit", "real_depth", "result", "text", "total")

    def __init__(self, text: str, limit: int) -> None:
        self.text = text
        self.limit = limit
        self.result = _Scan()
        self.levels: list[_Level] = [_Level("top")]
        self.fstrings: list[_FString] = []
        self.indents: list[int] = [0]  # indentation widths of the open blocks
        self.elifs: list[int] = [0]  # length of the current `elif` chain in each open block
        self.base = 0  # weight of the blocks around the current logical line
        self.total = 0  # sum of the levels' counts and weights
        self.real_depth = 0  # open brackets and f-string fields

    def run(self) -> _Scan:
        text = self.text
        limit = self.limit
        result = self.result
        levels = self.levels
        scan = _PRESCAN.match
        string_body = _STRING_BODY
        open_for = _OPEN_FOR
        ordinary_colon = _ORDINARY_COLON
        rare = _RARE_TOKENS
        n = len(text)
        pos = self.line_start(0)
        base = self.base
        total = real_depth = 0
        tokens = 0
        while pos < n:
            m = scan(text, pos)
            assert m is not None  # `other` matches any character, `eof` the end
            kind = m.lastgroup
            pos = m.end()
            tokens += 1
            if not tokens & 1023 and tokens > TOKENS_FREE + TOKENS_PER_CHARACTER * pos:
                result.too_dense_at, result.tokens = pos, tokens
                return result
            top = levels[-1]
            if kind == "name" or (kind == "colon" and top.kind in ordinary_colon):
                top.count += 1
                total += 1
            elif kind == "str":
                top.count += 1
                total += 1
                body = string_body[m.group("quote")].match(text, pos)
                if body is None:
                    return self.unterminated(m)
                pos = body.end()
            elif kind == "comma":
                if top.kind == "lambda":  # a comma ends the body of a lambda
                    total = self.end_lambdas(total)
                    top = levels[-1]
                total -= top.count
                top.count = 0
            elif kind == "open":
                top.count += 1
                levels.append(_Level("bracket", m.group(kind), m.start(kind)))
                real_depth += 1
                total += 1 + _BRACKET_WEIGHT
            elif kind == "close" and top.kind == "bracket" and top.opener == open_for[m.group(kind)]:
                levels.pop()
                real_depth -= 1
                total -= top.count + _BRACKET_WEIGHT
            elif kind == "nl":
                if real_depth == 0:  # the end of a logical line
                    del levels[1:]
                    levels[0].count = 0
                    total = 0
                    pos = self.line_start(pos)
                    base = self.base
                continue
            else:
                self.total = total
                self.real_depth = real_depth
                pos = rare[kind](self, m, pos)
                if pos < 0:
                    return result
                total = self.total
                real_depth = self.real_depth
            if base + total > limit:
                result.too_deep_at = m.start(kind or 0)
                return result
        return self.finish()

    def line_start(self, pos: int) -> int:
        """Skip the blank lines from `pos`, the start of a physical line; at the first token of the
        logical line, set `base` to the weight of the blocks around it. Returns where the token is."""
        text = self.text
        blank = _BLANK.match(text, pos)
        first = pos if blank is None else blank.end()
        m = _SCAN.match(text, first)
        if m is None or (m.lastgroup == "op" and m.group() == ";"):  # the end of the file, or no statement
            return first
        breaks = max(text.rfind("\n", pos, first), text.rfind("\r", pos, first))
        line_begin = breaks + 1 if breaks >= 0 else pos
        width = _indent_width(text[line_begin:first])
        indents = self.indents
        elifs = self.elifs
        dedented = False
        while len(indents) > 1 and width < indents[-1]:
            indents.pop()
            elifs.pop()
            dedented = True
        if dedented and width != indents[-1] and self.result.lexical_error is None:
            message = "unindent does not match any outer indentation level"
            self.result.lexical_error = (message, first, first + len(m.group()), "indent")
        if width > indents[-1]:
            indents.append(width)
            elifs.append(0)
        word = m.group() if m.lastgroup == "name" else ""
        if word == "elif":
            elifs[-1] += 1
        elif word != "else":
            elifs[-1] = 0
        self.base = _INDENT_WEIGHT * (len(indents) - 1) + _ELIF_WEIGHT * sum(elifs)
        return first

    def count(self) -> None:
        """Count a token in the current segment of the innermost level."""
        self.levels[-1].count += 1
        self.total += 1

    def end_lambdas(self, total: int) -> int:
        """A comma ends the lambdas whose body is being read: the total without them."""
        levels = self.levels
        while levels[-1].kind == "lambda" and levels[-1].state == 1:
            gone = levels.pop()
            total -= gone.count + _PSEUDO_WEIGHT
        return total

    def unterminated(self, m: re.Match[str]) -> _Scan:
        """A string (not an f-string) without its closing quote: scanning cannot go on."""
        quote = m.group("quote")
        message = "unterminated triple-quoted string literal" if len(quote) == 3 else "unterminated string literal"
        self.result.lexical_error = (message, m.start("str"), m.end(), "string")
        self.result.complete = False
        return self.result

    def finish(self) -> _Scan:
        """At the end of the text: an f-string still open, the innermost bracket still open."""
        result = self.result
        if self.fstrings and result.lexical_error is None:
            start = self.fstrings[-1].start
            result.lexical_error = ("unterminated f-string literal", start, start + 1, "string")
        for level in reversed(self.levels):
            if level.kind == "bracket":
                result.unclosed = (level.opener, level.at)
                break
        return result

    # The rarer tokens: each method returns where scanning goes on, or -1 if it stops (`result` says why).

    def number(self, m: re.Match[str], pos: int) -> int:
        self.count()
        token = m.group("num")
        if self.result.lexical_error is None and not _valid_number(token):
            self.result.lexical_error = (f"invalid number `{token}`", m.start("num"), pos, "number")
        return pos

    def keyword(self, m: re.Match[str], pos: int) -> int:
        """`lambda`, and `for` in brackets (a comprehension), nest what follows them."""
        self.count()
        if m.group("word") == "lambda":
            self.levels.append(_Level("lambda"))
            self.total += _PSEUDO_WEIGHT
        elif self.real_depth > 0:
            self.levels.append(_Level("for"))
            self.total += _PSEUDO_WEIGHT
        return pos

    def operator(self, m: re.Match[str], pos: int) -> int:
        op = m.group("op")
        top = self.levels[-1]
        if op == "=":  # a separator
            self.total -= top.count
            top.count = 0
        elif op == ";" and self.real_depth == 0:  # the end of a simple statement
            del self.levels[1:]
            self.levels[0].count = 0
            self.total = 0
        else:
            self.count()
        return pos

    def colon(self, m: re.Match[str], pos: int) -> int:
        """A `:` at the top of a lambda (the end of its parameters) or of an f-string field."""
        top = self.levels[-1]
        if top.kind == "lambda" and top.state == 0:
            top.state = 1
            self.total -= top.count
            top.count = 0
            return pos
        self.count()
        fstrings = self.fstrings
        if top.kind == "field" and fstrings and fstrings[-1].field is top:
            # A format spec: literal text up to a nested field or the closing `}`.
            spec = _FORMAT_SPEC[fstrings[-1].quote].match(self.text, pos)
            pos = spec.end() if spec is not None else pos
        return pos

    def close(self, m: re.Match[str], pos: int) -> int:
        """A closing bracket that does not simply close the innermost bracket level."""
        levels = self.levels
        result = self.result
        closer = m.group("close")
        start = m.start("close")
        while levels[-1].kind in ("lambda", "for"):  # pseudo levels end with their bracket
            gone = levels.pop()
            self.total -= gone.count + _PSEUDO_WEIGHT
        top = levels[-1]
        if top.kind == "top":
            if result.lexical_error is None:
                result.lexical_error = (f"unmatched `{closer}`", start, pos, "bracket")
        elif top.opener != _OPEN_FOR[closer]:
            if result.lexical_error is None:
                message = f"closing `{closer}` does not match the opening `{top.opener}`"
                result.lexical_error = (message, start, pos, "bracket")
            if top.kind == "bracket":
                levels.pop()
                self.real_depth -= 1
                self.total -= top.count + _BRACKET_WEIGHT
        else:
            levels.pop()
            self.real_depth -= 1
            self.total -= top.count + _BRACKET_WEIGHT
            if top.kind == "field" and self.fstrings and self.fstrings[-1].field is top:
                self.fstrings[-1].field = None
                return self.fstring_text(pos)
        return pos

    def fstring(self, m: re.Match[str], pos: int) -> int:
        """The start of an f-string (or t-string): its literal text is read up to a field or its end."""
        self.count()
        start = m.start("fstr")
        if self.base + self.total > self.limit:
            self.result.too_deep_at = start
            return -1
        self.fstrings.append(_FString(m.group("fquote"), "r" in m.group("fprefix").lower(), start))
        return self.fstring_text(pos)

    def fstring_text(self, pos: int) -> int:
        """Literal text of the innermost f-string: up to its end or to a replacement field."""
        text = self.text
        n = len(text)
        result = self.result
        fstring = self.fstrings[-1]
        pattern = _FTEXT[(fstring.quote, fstring.raw)]
        while pos < n:
            m = pattern.match(text, pos)
            pos = m.end() if m is not None else pos
            if text.startswith(fstring.quote, pos):
                self.fstrings.pop()
                return pos + len(fstring.quote)
            char = text[pos : pos + 1]
            if char == "{":
                fstring.field = _Level("field", "{", pos)
                self.levels.append(fstring.field)
                self.real_depth += 1
                self.total += _BRACKET_WEIGHT
                if self.base + self.total > self.limit:
                    result.too_deep_at = pos
                    return -1
                return pos + 1
            if char == "}":  # a single `}`: an error
                if result.lexical_error is None:
                    result.lexical_error = ("f-string: single `}` is not allowed", pos, pos + 1, "string")
                pos += 1
            elif char == "\\":  # a backslash before `{`
                pos += 1
            else:  # a line break in a single-quoted f-string, or the end of the file
                result.lexical_error = ("unterminated f-string literal", fstring.start, fstring.start + 1, "string")
                result.complete = False
                return -1
        return pos

    def other(self, m: re.Match[str], pos: int) -> int:
        """A character that cannot appear here."""
        self.count()
        if self.result.lexical_error is None:
            char = m.group("other")
            shown = f"`{char}`" if char.isprintable() and char != "`" else f"U+{ord(char):04X}"
            if char == "\\":
                message = "unexpected character after the line continuation character `\\`"
            else:
                message = f"invalid character {shown}"
            self.result.lexical_error = (message, m.start("other"), pos, "character")
        return pos

    def end(self, m: re.Match[str], pos: int) -> int:
        return pos


_RARE_TOKENS: dict[str | None, Callable[[_Prescan, re.Match[str], int], int]] = {
    "num": _Prescan.number,
    "word": _Prescan.keyword,
    "op": _Prescan.operator,
    "colon": _Prescan.colon,
    "close": _Prescan.close,
    "fstr": _Prescan.fstring,
    "other": _Prescan.other,
    "eof": _Prescan.end,
}


_INTEGER = re.compile(r"[1-9](?:_?[0-9])*|0(?:_?0)*|0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+")
_DIGITS = r"[0-9](?:_?[0-9])*"
_FLOAT = re.compile(rf"(?:(?:{_DIGITS})?\.{_DIGITS}|{_DIGITS}\.?)(?:[eE][+-]?{_DIGITS})?[jJ]?")


def _valid_number(token: str) -> bool:
    """Whether a number token is a valid Python literal (`0777` and `1_` are not)."""
    if _INTEGER.fullmatch(token):
        return True
    return _FLOAT.fullmatch(token) is not None and not _INTEGER_LIKE.fullmatch(token)


# Digits only (no point, exponent or `j`): an integer, which `_INTEGER` rejected (e.g. `0777`).
_INTEGER_LIKE = re.compile(r"[0-9_]+")


def _indent_width(indent: str) -> int:
    width = 0
    for char in indent:
        if char == "\t":
            width = (width // 8 + 1) * 8
        elif char == " ":
            width += 1
        else:  # a form feed resets the column
            width = 0
    return width


# --- Parsing -------------------------------------------------------------------------------------------


def _parse(data: bytes) -> ParsedModule:
    if len(data) > MAX_SOURCE_BYTES:
        return ParsedModule(
            problems=[
                SyntaxProblem(
                    f"the file is too large to analyse ({len(data) / 1e6:.1f} MB; Python definitions are analysed "
                    f"up to {MAX_SOURCE_BYTES / 1e6:g} MB)",
                    Span(0, 0),
                )
            ]
        )
    decoded = _decode(data)
    if isinstance(decoded, SyntaxProblem):
        return ParsedModule(problems=[decoded])
    source = decoded
    text = source.text
    scan = _prescan(text)
    if scan.too_deep_at is not None:
        at = source.char_offset_to_byte(scan.too_deep_at)
        return ParsedModule(
            problems=[
                SyntaxProblem(
                    "the code is nested too deeply to analyse (brackets, operators or blocks nested hundreds of "
                    "levels deep)",
                    Span(at, at + 1),
                )
            ]
        )
    if scan.too_dense_at is not None:
        at = source.char_offset_to_byte(scan.too_dense_at)
        message = (
            f"the file is too dense to analyse: its first {scan.too_dense_at:,} characters hold more than "
            f"{scan.tokens:,} tokens (flowlint analyses {TOKENS_PER_CHARACTER:g} per character, and "
            f"{TOKENS_FREE:,} more: libcst takes about 4 KB per token); Python would run it, but flowlint "
            "cannot check it"
        )
        return ParsedModule(problems=[SyntaxProblem(message, Span(at, at))])
    if not scan.complete and not _rest_is_shallow(text, scan):
        return ParsedModule(problems=[_lexical_problem(source, scan)])

    import libcst as cst

    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        return ParsedModule(problems=[_syntax_problem(source, scan, exc)])
    except Exception as exc:  # e.g. CSTValidationError("Cannot concatenate string and bytes."), no position
        if _caused_by_recursion(exc):
            raise
        detail = _safe_str(exc).rstrip(".")
        return ParsedModule(problems=[SyntaxProblem(f"invalid Python: {detail[:1].lower()}{detail[1:]}", Span(0, 0))])
    positions = _char_spans(module, text)
    evaluator = _Evaluator(cst, source, positions)
    try:
        evaluator.run(module)
    except EvaluationBudgetExceeded as exceeded:
        return ParsedModule(problems=evaluator.problems, over_budget=exceeded.problem())
    return ParsedModule(exports=evaluator.exports, problems=evaluator.problems)


def _char_spans(module: Any, text: str) -> Mapping[Any, CodeSpan]:
    """The character span of every node, computed like libcst's ByteSpanPositionProvider.

    The provider's code generation runs directly with `len` as the token length (byte offsets are
    derived afterwards, only for the spans used): about 2.5 times faster than
    `MetadataWrapper.resolve`, which adds a visit of the whole tree. If libcst's internals ever
    change, the public API is used instead (with byte offsets turned back into characters).
    """
    from libcst.metadata import ByteSpanPositionProvider

    provider = ByteSpanPositionProvider()
    try:
        from libcst.metadata.span_provider import SpanProvidingCodegenState

        provider._computed = {}
        state = SpanProvidingCodegenState(
            default_indent=module.default_indent,
            default_newline=module.default_newline,
            provider=provider,
            get_length=len,
        )
        module._codegen(state)
        computed: Mapping[Any, CodeSpan] = provider._computed  # type: ignore[assignment]
        return computed
    except (ImportError, AttributeError, TypeError):  # pragma: no cover - libcst internals changed
        pass
    from libcst.metadata import CodeSpan as CodeSpan_
    from libcst.metadata import MetadataWrapper

    spans = MetadataWrapper(module, unsafe_skip_copy=True).resolve(ByteSpanPositionProvider)
    if text.isascii():
        return spans
    utf8_offsets = [0]  # the UTF-8 offset of each character
    for char in text:
        utf8_offsets.append(utf8_offsets[-1] + len(char.encode("utf-8", "surrogatepass")))

    def to_char(offset: int) -> int:
        return bisect.bisect_left(utf8_offsets, offset)

    return {
        node: CodeSpan_(to_char(s.start), to_char(s.start + s.length) - to_char(s.start)) for node, s in spans.items()
    }


def _rest_is_shallow(text: str, scan: _Scan) -> bool:
    """Whether the text the pre-scan could not read (after a string it thinks is unterminated) is
    harmless for libcst anyway: then libcst, not the pre-scan, has the last word on the syntax."""
    assert scan.lexical_error is not None
    rest = text[scan.lexical_error[1] :]
    return len(rest) < 20_000 and sum(rest.count(c) for c in "([{-+~*.@") < MAX_DEPTH_ESTIMATE // 4


def _lexical_problem(source: _Source, scan: _Scan) -> SyntaxProblem:
    assert scan.lexical_error is not None
    message, start, end, _ = scan.lexical_error
    return SyntaxProblem(message, Span(source.char_offset_to_byte(start), source.char_offset_to_byte(end)))


_ERROR_AT = re.compile(r"error at (\d+):(\d+): (.*)", re.DOTALL)


def _syntax_problem(source: _Source, scan: _Scan, exc: Any) -> SyntaxProblem:
    """A libcst ParserSyntaxError as a problem with a readable message at the right place."""
    message = str(getattr(exc, "message", "")) or _safe_str(exc, 2000)
    if message.startswith("tokenizer error: "):
        detail = message[len("tokenizer error: ") :].strip()
        detail = detail[:1].lower() + detail[1:]
        if scan.lexical_error is not None:
            problem = _lexical_problem(source, scan)
            if scan.lexical_error[3] == "number":  # libcst says what is wrong with it
                return SyntaxProblem(detail, problem.span)
            return problem
        if scan.unclosed is not None and any(w in detail for w in ("EOF", "end of file", "unmatched")):
            return _unclosed_problem(source, scan)
        line, col = getattr(exc, "raw_line", 1), getattr(exc, "raw_column", 0)
        at = source.char_offset_to_byte(source.line_col_to_char(line, col))
        return SyntaxProblem(detail, Span(at, at))
    m = _ERROR_AT.search(message)
    if m is None:  # pragma: no cover - an unknown message shape
        line, col = getattr(exc, "raw_line", 1), getattr(exc, "raw_column", 0)
        at = source.char_offset_to_byte(source.line_col_to_char(line, col))
        return SyntaxProblem(f"invalid Python syntax ({message.strip()})", Span(at, at))
    line, col = int(m.group(1)), int(m.group(2))
    # libcst reports 1-based columns in characters (0 at the end of the file).
    char = source.line_col_to_char(line, col - 1 if col > 0 else 0)
    text = source.text
    while char < len(text) and text[char] in " \t\f\\":
        char += 1 if text[char] != "\\" or text[char + 1 : char + 2] not in ("\n", "\r") else 2
    if char >= len(text.rstrip()) and scan.unclosed is not None:
        return _unclosed_problem(source, scan)
    token_end = _token_end(text, char)
    start = source.char_offset_to_byte(char)
    end = source.char_offset_to_byte(token_end)
    found = _describe_token(text, char, token_end)
    detail = f"invalid Python syntax: unexpected {found}"
    expected = m.group(3).strip()
    if expected.startswith("expected one of "):
        options = [o.strip() for o in expected[len("expected one of ") :].split(", ") if o.strip()]
        if 0 < len(options) <= 6:
            detail += " (expected " + ", ".join(f"`{o}`" for o in options) + ")"
    elif expected.startswith("expected ") and len(expected) < 60:
        detail += f" ({expected})"
    return SyntaxProblem(detail, Span(start, end))


def _unclosed_problem(source: _Source, scan: _Scan) -> SyntaxProblem:
    assert scan.unclosed is not None
    opener, at = scan.unclosed
    offset = source.char_offset_to_byte(at)
    return SyntaxProblem(f"`{opener}` was never closed", Span(offset, offset + 1))


def _token_end(text: str, char: int) -> int:
    if char >= len(text):
        return char
    m = _SCAN.match(text, char)
    if m is None or m.lastgroup in ("ws", "nl", "comment"):
        return char + 1 if text[char] not in "\r\n" else char
    if m.lastgroup == "str":
        quote = m.group("quote")
        if "f" in (m.group("prefix") or "").lower():
            return m.end()
        body = _STRING_BODY[quote].match(text, m.end())
        return body.end() if body is not None else m.end()
    return m.end()


def _describe_token(text: str, start: int, end: int) -> str:
    if start >= len(text):
        return "end of file"
    if end <= start:
        return "line break" if text[start] in "\r\n" else f"`{text[start]}`"
    token = text[start:end]
    if len(token) > 40:
        token = token[:37] + "..."
    if "`" in token:
        return repr(token)
    return f"`{token}`"


# --- Static evaluation -------------------------------------------------------------------------------

_HINTS = {
    "true": "Python spells it `True`",
    "false": "Python spells it `False`",
    "null": "Python spells it `None`",
    "undefined": "Python spells it `None`",
}


class _Evaluator:
    """Walks the module's statements in order, binding names to static value trees."""

    def __init__(self, cst: Any, source: _Source, positions: Mapping[Any, CodeSpan]) -> None:
        self.cst = cst
        self.source = source
        self.positions = positions
        self.exports: dict[str, SNode] = {}
        self.levels: dict[int, int] = {}  # id of each dict/list built -> its number of container levels
        self.problems: list[SyntaxProblem] = []  # invalid string literals (libcst does not check them)
        self.budget = WorkBudget()

    # Spans and source text.

    def span(self, node: Any) -> Span:
        code = self.positions[node]
        return self.source.span(code.start, code.start + code.length)

    def outer_span(self, node: Any) -> Span:
        """The span including the node's own parentheses (for tuples, whose extent they are)."""
        lpar = getattr(node, "lpar", ())
        rpar = getattr(node, "rpar", ())
        if lpar and rpar:
            return Span(self.span(lpar[-1]).start, self.span(rpar[0]).end)
        return self.span(node)

    def non_static(self, node: Any, reason: str, span: Span | None = None) -> NonStatic:
        span = span or self.span(node)
        return NonStatic(self.source.source_of(span), reason, span)

    # Statements.

    def run(self, module: Any) -> None:
        cst = self.cst
        for statement in module.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    self.small_statement(small)
            elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                what = "a function" if isinstance(statement, cst.FunctionDef) else "a class"
                span = self.span(statement)
                if statement.decorators:
                    span = Span(self.span(statement.decorators[0]).start, span.end)
                self.bind(statement.name.value, self.non_static(statement, what, span))
            else:
                self.conditional_bindings(statement)

    def bind(self, name: str, value: SNode) -> None:
        self.exports.pop(name, None)  # later bindings replace earlier ones (and move to the end)
        self.exports[name] = value

    def small_statement(self, small: Any) -> None:
        cst = self.cst
        if isinstance(small, cst.Assign):
            value = self.evaluate(small.value)
            for target in small.targets:
                self.assign(target.target, value, small.value)
        elif isinstance(small, cst.AnnAssign):
            if small.value is not None:
                self.assign(small.target, self.evaluate(small.value), small.value)
        elif isinstance(small, cst.AugAssign):
            if isinstance(small.target, cst.Name):
                name = small.target.value
                current = self.exports.get(name)
                value = self.evaluate(small.value)
                combined: SNode | None = None
                if isinstance(small.operator, cst.AddAssign) and current is not None:
                    combined = self.add(current, value, self.span(small))
                if combined is None:
                    combined = self.non_static(small, "changed by an augmented assignment")
                self.bind(name, combined)
        elif isinstance(small, (cst.Import, cst.ImportFrom)):
            self.imports(small)
        elif isinstance(small, cst.Del):
            for name in self.target_names(small.target):
                self.exports.pop(name, None)
        elif type(small).__name__ == "TypeAlias" and isinstance(getattr(small, "name", None), cst.Name):
            self.bind(small.name.value, self.non_static(small, "a type alias"))

    def assign(self, target: Any, value: SNode, value_node: Any) -> None:
        cst = self.cst
        if isinstance(target, cst.Name):
            self.bind(target.value, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = list(target.elements)
            starred = any(isinstance(e, cst.StarredElement) for e in elements)
            if not starred and isinstance(value, SArray) and len(value.items) == len(elements):
                for element, item in zip(elements, value.items, strict=True):
                    self.assign(element.value, item, value_node)
            else:
                for name in self.target_names(target):
                    self.bind(name, self.non_static(value_node, f"unpacked into `{name}`"))
        # Attribute and subscript targets mutate objects; they bind no module-level name.

    def target_names(self, target: Any) -> Iterator[str]:
        cst = self.cst
        stack = [target]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Name):
                yield node.value
            elif isinstance(node, (cst.Tuple, cst.List)):
                stack.extend(reversed([e.value for e in node.elements]))
            elif isinstance(node, cst.StarredElement):
                stack.append(node.value)
            elif isinstance(node, cst.Del):  # pragma: no cover
                stack.append(node.target)

    def imports(self, small: Any) -> None:
        cst = self.cst
        if isinstance(small.names, cst.ImportStar):
            return
        module = ""
        if isinstance(small, cst.ImportFrom):
            dots = "." * len(small.relative)
            module = dots + (self.source_text(small.module) if small.module is not None else "")
        for alias in small.names:
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                name = alias.asname.name.value
            else:
                full = self.source_text(alias.name)
                name = full if isinstance(small, cst.ImportFrom) else full.split(".")[0]
            reason = f"imported from `{module}`" if module else "an imported module"
            self.bind(name, self.non_static(alias, reason))

    def source_text(self, node: Any) -> str:
        return self.source.source_of(self.span(node))

    def conditional_bindings(self, statement: Any) -> None:
        """Names bound inside compound statements (`if`, `for`, `try`, `with`...) depend on how the
        code runs: they are exported as NonStatic."""
        cst = self.cst
        reason = _compound_reason(cst, statement)
        stack = [statement]
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
                for small in node.body:
                    self.conditional_small_statement(small, reason)
                continue
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                self.bind(node.name.value, self.non_static(node, reason))
                continue
            self.loop_and_with_targets(node)
            children = [c for c in node.children if isinstance(c, cst.CSTNode)]
            stack.extend(reversed(children))

    def conditional_small_statement(self, small: Any, reason: str) -> None:
        """The names a simple statement inside a compound statement binds (assignments, imports)."""
        cst = self.cst
        targets: list[Any] = []
        if isinstance(small, cst.Assign):
            targets = [t.target for t in small.targets]
        elif isinstance(small, (cst.AnnAssign, cst.AugAssign)) and (
            not isinstance(small, cst.AnnAssign) or small.value is not None
        ):
            targets = [small.target]
        elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                if alias.asname is not None:
                    targets.append(alias.asname.name)
                else:
                    name = self.source_text(alias.name)
                    if not isinstance(small, cst.ImportFrom):
                        name = name.split(".")[0]
                    self.bind(name, self.non_static(alias, reason))
        for target in targets:
            for name in self.target_names(target):
                self.bind(name, self.non_static(small, reason))

    def loop_and_with_targets(self, node: Any) -> None:
        """The names a `for` loop or a `with ... as` binds, whatever the statement around them."""
        cst = self.cst
        if isinstance(node, cst.For):
            for name in self.target_names(node.target):
                self.bind(name, self.non_static(node.target, "a `for` loop variable"))
        if isinstance(node, cst.With):
            for item in node.items:
                if item.asname is not None:
                    for name in self.target_names(item.asname.name):
                        self.bind(name, self.non_static(item.asname.name, "bound by a `with` statement"))

    # Expressions.

    def evaluate(self, node: Any, depth: int = 1) -> SNode:
        """The value of expression `node`, found at nesting `depth` (1 for a binding's own value)."""
        cst = self.cst
        if isinstance(node, (cst.Dict, cst.List, cst.Tuple)):
            if depth > MAX_DEPTH:
                return self.non_static(node, "nested too deeply")
            container = self.dict_(node, depth) if isinstance(node, cst.Dict) else self.sequence(node, depth)
            if isinstance(container, (SObject, SArray)):
                children = [e.value for e in container.entries] if isinstance(container, SObject) else container.items
                levels = self.levels
                levels[id(container)] = 1 + max((levels.get(id(c), 0) for c in children), default=0)
            return container
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return self.string(node)
        if isinstance(node, cst.Integer):
            try:
                number = int(node.value, 0)
            except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
                return self.non_static(node, "an integer with too many digits")
            return SScalar(number, self.span(node))
        if isinstance(node, cst.Float):
            return SScalar(float(node.value), self.span(node))
        if isinstance(node, cst.Name):
            return self.name(node, depth)
        if isinstance(node, cst.UnaryOperation):
            return self.unary(node, depth)
        if isinstance(node, cst.BinaryOperation):
            return self.binary(node, depth)
        return self.non_static(node, self.describe(node))

    def describe(self, node: Any) -> str:
        cst = self.cst
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, (cst.Name, cst.Attribute)):
                return f"a call to `{self.source_text(func)}`"
            return "a function call"
        simple = {
            cst.Lambda: "a lambda",
            cst.Set: "a set (not JSON data)",
            cst.Imaginary: "a complex number",
            cst.ListComp: "a comprehension",
            cst.SetComp: "a comprehension",
            cst.DictComp: "a comprehension",
            cst.GeneratorExp: "a generator expression",
            cst.Attribute: "attribute access",
            cst.Subscript: "a subscript",
            cst.IfExp: "a conditional expression",
            cst.BooleanOperation: "a boolean operation",
            cst.Comparison: "a comparison",
            cst.Await: "an await expression",
            cst.Yield: "a yield expression",
            cst.NamedExpr: "an assignment expression",
            cst.Ellipsis: "`...` (Ellipsis)",
        }
        for kind, text in simple.items():
            if isinstance(node, kind):
                return text
        if type(node).__name__ == "TemplatedString":
            return "a template string"
        return "an expression that needs code to run"

    def dict_(self, node: Any, depth: int) -> SNode:
        cst = self.cst
        entries: list[SEntry] = []
        merger: SpreadMerger | None = None  # from the first `**spread` on
        for element in node.elements:
            if isinstance(element, cst.StarredDictElement):
                spread = self.evaluate(element.value, depth)  # its entries join this dict
                if not isinstance(spread, SObject):
                    spread_text = self.source_text(element.value)
                    return self.non_static(node, f"`**{spread_text}` is not a static dict")
                if merger is None:
                    merger = SpreadMerger(entries)
                for spread_entry in spread.entries:
                    merger.spread(spread_entry)
                continue
            key = self.evaluate(element.key, depth + 1)
            if not (isinstance(key, SScalar) and isinstance(key.value, str)):
                what = "a non-static key" if isinstance(key, NonStatic) else "a non-string key"
                return self.non_static(node, f"a dict with {what} `{self.source_text(element.key)}`")
            entry = SEntry(key.value, self.span(element.key), self.evaluate(element.value, depth + 1))
            if merger is None:
                entries.append(entry)
            else:
                merger.add(entry)
        return SObject(tuple(entries), self.span(node))

    def sequence(self, node: Any, depth: int) -> SNode:
        cst = self.cst
        items: list[SNode] = []
        for element in node.elements:
            if isinstance(element, cst.StarredElement):
                spread = self.evaluate(element.value, depth)  # its items join this list
                if isinstance(spread, SScalar) and isinstance(spread.value, str):  # `*'ab'`: its characters
                    self.budget.charge(len(spread.value), spread.span)  # a value per character
                    items.extend(SScalar(char, spread.span) for char in spread.value)
                    continue
                if not isinstance(spread, SArray):
                    return self.non_static(
                        node,
                        f"`*{self.source_text(element.value)}` is not a static list",
                        self.outer_span(node) if isinstance(node, cst.Tuple) else None,
                    )
                items.extend(spread.items)
                continue
            items.append(self.evaluate(element.value, depth + 1))
        span = self.outer_span(node) if isinstance(node, cst.Tuple) else self.span(node)
        return SArray(tuple(items), span)

    def string(self, node: Any) -> SNode:
        cst = self.cst
        parts: list[Any] = []
        stack = [node]
        while stack:  # flatten implicit concatenation ('a' 'b' 'c'), iteratively
            item = stack.pop()
            if isinstance(item, cst.ConcatenatedString):
                stack.append(item.right)
                stack.append(item.left)
            else:
                parts.append(item)
        pieces: list[str] = []
        for part in parts:
            if isinstance(part, cst.FormattedString):
                if any(isinstance(p, cst.FormattedStringExpression) for p in part.parts):
                    return self.non_static(node, "an f-string with placeholders")
                literal = part.start + "".join(p.value for p in part.parts) + part.end
                value = _joined_string(literal)
            elif isinstance(part, cst.SimpleString):
                if "b" in part.prefix:
                    return self.non_static(node, "a bytes literal")
                value = _string_value(part.value, part.prefix)
            else:
                return self.non_static(node, "a template string")
            if value is None:
                self.problems.append(SyntaxProblem("invalid string literal", self.span(part)))
                return self.non_static(node, "an invalid string literal")
            pieces.append(value)
        return SScalar("".join(pieces), self.span(node))

    def name(self, node: Any, depth: int) -> SNode:
        name = node.value
        if name == "True":
            return SScalar(True, self.span(node))
        if name == "False":
            return SScalar(False, self.span(node))
        if name == "None":
            return SScalar(None, self.span(node))
        bound = self.exports.get(name)
        if bound is None:
            hint = _HINTS.get(name)
            reason = f"`{name}` is not defined at module level before this point"
            return self.non_static(node, f"{reason}; {hint}" if hint else reason)
        if isinstance(bound, NonStatic):
            reason = bound.reason
            text = f"`{name}` is not static ({reason})" if reason.startswith("`") else f"`{name}` is {reason}"
            return self.non_static(node, text)
        if depth + self.levels.get(id(bound), 0) - 1 > MAX_DEPTH:  # its containers would nest too deeply
            return self.non_static(node, "nested too deeply")
        self.budget.charge_tree(bound, self.span(node))  # rules walk it once per reference
        return bound

    def unary(self, node: Any, depth: int) -> SNode:
        cst = self.cst
        if isinstance(node.operator, (cst.Minus, cst.Plus)):
            operand = self.evaluate(node.expression, depth)
            if isinstance(operand, SScalar) and isinstance(operand.value, (int, float)):
                value = operand.value  # bool is an int here too, as in Python: -True == -1
                result = -value if isinstance(node.operator, cst.Minus) else +value
                return SScalar(result, self.span(node))
            if isinstance(operand, NonStatic):
                return self.non_static(node, operand.reason)
            return self.non_static(node, f"a sign applied to a {_type_word(operand)}")
        if isinstance(node.operator, cst.Not):
            return self.non_static(node, "a boolean operation")
        return self.non_static(node, "an arithmetic expression")

    def binary(self, node: Any, depth: int) -> SNode:
        cst = self.cst
        if isinstance(node.operator, cst.Add):
            left = self.evaluate(node.left, depth)
            right = self.evaluate(node.right, depth)
            combined = self.add(left, right, self.span(node))
            if combined is not None:
                return combined
            for operand in (left, right):
                if isinstance(operand, NonStatic):
                    return self.non_static(node, operand.reason)
            return self.non_static(node, f"`+` of a {_type_word(left)} and a {_type_word(right)}")
        return self.non_static(node, "an arithmetic expression")

    def add(self, left: SNode, right: SNode, span: Span) -> SNode | None:
        """`_add`, with the string it computes charged to the budget before it is built."""
        if isinstance(left, SScalar) and isinstance(right, SScalar):
            a, b = left.value, right.value
            if isinstance(a, str) and isinstance(b, str):
                self.budget.charge_text(len(a) + len(b), span)
        return _add(left, right, span)


def _compound_reason(cst: Any, statement: Any) -> str:
    """Why a name bound inside `statement` is not static: "bound inside an `if` statement"..."""
    keyword = {
        cst.If: "if",
        cst.For: "for",
        cst.While: "while",
        cst.Try: "try",
        cst.With: "with",
        cst.Match: "match",
    }.get(type(statement), "compound")
    article = "an" if keyword == "if" else "a"
    return f"bound inside {article} `{keyword}` statement"


_PYTHON_WORDS = {"null": "None", "object": "dict", "array": "list"}


def _type_word(node: SNode) -> str:
    """`type_name` in Python's words (`None`, `dict`, `list`), for messages about Python expressions."""
    name = type_name(node)
    return _PYTHON_WORDS.get(name, name)


def _add(left: SNode, right: SNode, span: Span) -> SNode | None:
    """`left + right` for two static strings (concatenation) or two numbers (sum), else None."""
    if isinstance(left, SScalar) and isinstance(right, SScalar):
        a, b = left.value, right.value
        if isinstance(a, str) and isinstance(b, str):
            return SScalar(a + b, span)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return SScalar(a + b, span)
    return None


def _string_value(token: str, prefix: str) -> str | None:
    """The value of a (non-bytes) string token, exactly as Python evaluates it; None if invalid."""
    quote_len = 3 if token[len(prefix) : len(prefix) + 3] in ('"""', "'''") else 1
    body = token[len(prefix) + quote_len : len(token) - quote_len]
    if "r" in prefix or "\\" not in body:
        if "\r" in body and quote_len == 3:
            return _literal(token)  # Python normalizes line breaks inside triple-quoted strings
        return body
    return _literal(token)


def _literal(token: str) -> str | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes like '\q' warn but keep the backslash
        try:
            value = ast.literal_eval(token)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None
    return value if isinstance(value, str) else None


def _joined_string(literal: str) -> str | None:
    """The value of an f-string without placeholders (`{{`/`}}` are literal braces)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            tree = ast.parse(literal, mode="eval")
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None
    body = tree.body
    if isinstance(body, ast.Constant) and isinstance(body.value, str):
        return body.value
    if isinstance(body, ast.JoinedStr) and all(
        isinstance(v, ast.Constant) and isinstance(v.value, str) for v in body.values
    ):
        return "".join(v.value for v in body.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None
