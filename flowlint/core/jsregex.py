"""JavaScript regular expressions as FlowMCP's runtime builds them (`new RegExp(text)`, no flags): whether
one compiles, and a matcher with JavaScript's semantics for flowlint to test values with."""

from __future__ import annotations

from flowlint.core.jsbacktrack import STEP_BUDGET, BacktrackingRegex, OutOfSteps, compile_backtracking
from flowlint.core.jsbacktrack import Unsupported as BacktrackingUnsupported
from flowlint.core.jspattern import (
    LINE_TERMINATORS,
    PLAIN,
    SPACE_RANGES,
    UNKNOWN_NAME,
    ClassRange,
    Escape,
    Groups,
    class_items,
    in_units,
    pieces,
    read_class,
    read_escape,
    read_group,
    read_groups,
    read_quantifier,
)

__all__ = ["DUPLICATE_NAME", "JsRegex", "compile_js_regex", "js_regex_source", "js_regex_syntax_error"]

_SOURCE_ESCAPES = {"\n": "\\n", "\r": "\\r", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def js_regex_source(pattern: str) -> str:
    """`new RegExp(pattern).source` as V8 writes it (what the MCP SDK puts in a JSON Schema `pattern`): a
    `/` outside a class escaped, line terminators as escapes, the empty pattern `(?:)`."""
    if not pattern:
        return "(?:)"
    return "".join(
        "\\/" if piece == "/" and not in_class else _SOURCE_ESCAPES.get(piece, piece)
        for _, piece, in_class in pieces(pattern)
    )


# What the last item of a pattern is to a quantifier after it: something to repeat; nothing (the start, `|`,
# `^`, `$`, \b, \B or a quantifier); a lookbehind, which JavaScript refuses to repeat once it has read the
# quantifier's bounds.
_ATOM, _NOTHING, _LOOKBEHIND = "atom", "nothing", "lookbehind"

# V8's words for a group name given twice, and what depends on the node version: FlowMCP asks for node >= 22,
# whose V8 refuses any repeated name; node 23 and later accept one in different alternatives (ES2025).
DUPLICATE_NAME = (
    "duplicate capture group name: node 22, the oldest FlowMCP runs on, refuses any; node 23 and later "
    "one within an alternative"
)


def js_regex_syntax_error(pattern: str) -> str | None:
    """Why `new RegExp(pattern)` (no flags, so Annex B syntax) throws, or None when it compiles, in V8's
    words and order.

    Checks what makes JavaScript refuse a pattern: an unclosed class or group, an unmatched `)`, an
    unknown `(?` group, a group name given twice (`DUPLICATE_NAME`), a quantifier with nothing to repeat
    or after a lookbehind, a reversed class range or `{n,m}` bounds, a named reference to no group.
    JavaScript reads `[]` and `[^]` as classes and an unknown escape as its letter, unlike Python."""
    declared = read_groups(pattern)
    unknown_name: str | None = None  # said last, as JavaScript does
    groups: list[str] = []  # the open groups: what each is to a quantifier once closed
    named: set[str] = set()  # the group names read so far
    last = _NOTHING
    index = 0
    while index < len(pattern):
        char = pattern[index]
        problem: str | None = None
        if char == "\\":
            escape = read_escape(pattern, index, False, declared)
            problem = escape.text if escape.kind == "error" else None
            if problem == UNKNOWN_NAME:
                unknown_name, problem = unknown_name or problem, None
            last, index = _NOTHING if escape.kind == "assertion" else _ATOM, escape.end
        elif char == "[":
            _, members, index, problem = read_class(pattern, index, declared)
            problem = _range_out_of_order(members) or problem
            last = _ATOM
        elif char == "(":
            group = read_group(pattern, index)
            problem = "invalid group" if group is None else group.problem or None
            if group is not None and group.capturing and group.name is not None:
                problem = DUPLICATE_NAME if group.name in named else None
                named.add(group.name)
            groups.append(_LOOKBEHIND if group is not None and group.kind.endswith("behind") else _ATOM)
            last, index = _NOTHING, group.end if group else index
        elif char == ")":
            problem = "unmatched ')'" if not groups else None
            last, index = (groups.pop() if groups else _ATOM), index + 1
        elif char in "*+?{" and (bounds := read_quantifier(pattern, index)) is not None:
            low, high, index = bounds
            if last == _NOTHING:
                problem = "nothing to repeat"
            elif 0 <= high < low:
                problem = "numbers out of order in {} quantifier"
            elif last == _LOOKBEHIND:
                problem = "invalid quantifier"
            index, last = index + (1 if pattern.startswith("?", index) else 0), _NOTHING  # `?`: lazy
        elif (run := PLAIN.match(pattern, index)) is not None:  # letters and digits: read as one run
            last, index = _ATOM, run.end()
        else:
            last = _NOTHING if char in "|^$" else _ATOM
            index += 1
        if problem is not None:
            return problem
    return "unterminated group" if groups else unknown_name


def _range_out_of_order(members: list[Escape | str]) -> str | None:
    """Whether a class holds a range whose ends are reversed, read on code units as JavaScript reads them."""
    for item in class_items(in_units(members)):
        if isinstance(item, ClassRange) and item.codes[0] > item.codes[1]:
            return "range out of order in character class"
    return None


# --------------------------------------------------------------------------- matching in linear time

# The characters RE2 reads as syntax (escaped when a pattern means them as themselves).
_RE2_SPECIAL = set("\\^$.|?*+()[]{}-")


class Unsupported(Exception):
    """The pattern needs what no linear-time engine has (a lookaround, a backreference)."""


class JsRegex:
    """A JavaScript pattern (no flags) ready to match test values. Compiled for RE2 where it can be
    (`linear`: the time is linear in the value, whatever the pattern); a pattern RE2 cannot express (a
    lookaround, a backreference) gets a bounded backtracking matcher (core/jsbacktrack.py), whose search
    gives up after a fixed number of steps: then the value is not checked (None), never a hang."""

    __slots__ = ("_backtracking", "_compiled", "_left", "_verdicts", "source")

    def __init__(self, source: str, compiled: object = None, backtracking: BacktrackingRegex | None = None) -> None:
        self.source = source
        self._compiled = compiled
        self._backtracking = backtracking
        self._verdicts: dict[str, bool | None] = {}  # the bounded matcher's answers, asked once per value
        # Steps left for this pattern over all the values it meets (a file of many such tests stays bounded).
        self._left = PATTERN_STEP_BUDGET

    @property
    def linear(self) -> bool:
        return self._backtracking is None

    def search(self, text: str) -> bool | None:
        """`new RegExp(source).test(text)`; None where the bounded matcher gave up (not checked)."""
        if self._backtracking is not None:
            if text not in self._verdicts:
                if len(self._verdicts) > 256:
                    self._verdicts.clear()
                budget = min(STEP_BUDGET, self._left)
                counter = [budget]
                try:
                    self._verdicts[text] = self._backtracking.search(text, counter=counter) if budget > 0 else None
                except OutOfSteps:
                    self._verdicts[text] = None
                self._left -= budget - max(counter[0], 0)
            return self._verdicts[text]
        if _has_surrogates(text):  # a lone surrogate has no UTF-8 form; RE2 reads code points, not units
            text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return self._compiled.search(text) is not None  # type: ignore[attr-defined]


def _has_surrogates(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


_REGEX_CACHE: dict[str, tuple[JsRegex | None, str]] = {}
# RE2 matches in time linear in the value, times a factor bounded by the size of the compiled pattern: both
# are capped (a longer pattern is not checked; RE2 refuses a program above max_mem). RE2 also writes
# internal warnings to standard error for patterns of megabytes; none reaches it.
MAX_PATTERN = 65_536
# The bounded matcher's steps for one pattern over every value it meets in this process: four values' worth
# (a pattern is compiled once; one whose values keep exhausting the matcher stays "not checked" after that).
PATTERN_STEP_BUDGET = 4 * STEP_BUDGET


def compile_js_regex(source: str) -> tuple[JsRegex | None, str]:
    """A matcher of a JavaScript `RegExp` source (no flags, as ZodBuilder's `new RegExp(text)`): RE2, linear
    in the value, where RE2 can express the pattern; else (a lookaround, a backreference) a backtracking
    matcher bounded in steps. (None, why) where there is none: the pattern is invalid, longer than
    MAX_PATTERN, or refused by RE2 (a repetition above 1000). Matching a test value never hangs (issue 28)."""
    cached = _REGEX_CACHE.get(source)
    if cached is not None:
        return cached
    result: tuple[JsRegex | None, str]
    invalid = js_regex_syntax_error(source)
    if invalid is not None:
        result = (None, invalid)
    elif len(source) > MAX_PATTERN:
        result = (None, f"the pattern is longer than {MAX_PATTERN:,} characters")
    else:
        try:
            result = (JsRegex(source, _re2_compile(to_re2(source))), "")
        except Unsupported:
            result = _backtracking(source)
        except ImportError:  # no google-re2: every pattern gets the bounded matcher
            result = _backtracking(source)
        except Exception as error:  # RE2's own refusal (re2.error), e.g. a repetition above 1000
            compiled, why = _backtracking(source)
            result = (compiled, "" if compiled is not None else f"RE2 refuses it ({_message(error)}), and {why}")
    if len(_REGEX_CACHE) > 4096:
        _REGEX_CACHE.clear()
    _REGEX_CACHE[source] = result
    return result


def _backtracking(source: str) -> tuple[JsRegex | None, str]:
    try:
        return JsRegex(source, backtracking=compile_backtracking(source)), ""
    except BacktrackingUnsupported as error:
        return None, str(error)


def _message(error: Exception) -> str:
    text = error.args[0] if error.args else str(error)
    return text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)


def _re2_compile(pattern: str) -> object:
    import re2  # type: ignore[import-untyped,import-not-found,unused-ignore]  # google-re2: imported when a regex() is first met

    options = re2.Options()
    options.log_errors = False  # RE2 prints refusals to stderr otherwise
    options.max_mem = 8 << 20
    return re2.compile(pattern, options)


def _code_point(value: int) -> str:
    return f"\\x{{{value:x}}}"


def _members(ranges: tuple[tuple[int, int], ...]) -> str:
    """RE2 class members of code point ranges."""
    return "".join(_code_point(low) + ("" if low == high else "-" + _code_point(high)) for low, high in ranges)


# RE2 class members for JavaScript's \s (Unicode white space and line terminators) and for the line
# terminators that `.` does not match.
_SPACE_MEMBERS = _members(SPACE_RANGES)
_LINE_TERMINATOR_MEMBERS = _members(LINE_TERMINATORS)


def _literal(char: str) -> str:
    """One character as an RE2 literal."""
    if char in _RE2_SPECIAL or char == "]" or char == "/":
        return "\\" + char
    if char.isalnum() or char == " " or (char.isprintable() and ord(char) < 0x80):
        return char
    return _code_point(ord(char))


def to_re2(source: str) -> str:
    """The RE2 pattern that matches what JavaScript's `new RegExp(source)` (no flags, Annex B) matches.

    `source` must be valid JavaScript (js_regex_syntax_error). Raises Unsupported for a lookaround or a
    backreference. The translation is one pass, each character read once."""
    declared = read_groups(source)
    out: list[str] = []
    index = 0
    while index < len(source):
        char = source[index]
        if char == "\\":
            text, index = _escape(source, read_escape(source, index, False, declared), declared)
            out.append(text)
        elif char == "[":
            text, index = _class(source, index, declared)
            out.append(text)
        elif char == "(":
            group = read_group(source, index)
            if group is None or group.kind not in ("capture", "plain"):
                raise Unsupported("a lookaround has no linear-time match")
            out.append("(" if group.capturing else "(?:")  # a named group: its name is not needed
            index = group.end
        elif char == ".":
            out.append(f"[^{_LINE_TERMINATOR_MEMBERS}]")
            index += 1
        elif char == "{":
            bounds = read_quantifier(source, index)
            if bounds is None:  # Annex B: a brace that starts no quantifier is a letter
                out.append("\\{")
                index += 1
            else:
                out.append(source[index : bounds[2]])
                index = bounds[2]
        elif char in "}]":
            out.append("\\" + char)
            index += 1
        elif char in "^$|?*+)":
            out.append(char)
            index += 1
        elif (run := PLAIN.match(source, index)) is not None:
            out.append(run.group())
            index = run.end()
        else:
            out.append(_literal(char))
            index += 1
    return "".join(out)


def _escape(source: str, escape: Escape, declared: Groups, in_class: bool = False) -> tuple[str, int]:
    """The RE2 text of an escape, and the index after it (after the low half too, where a \\u escape of a
    high surrogate is followed by one of a low surrogate: RE2 reads code points)."""
    kind, text = escape.kind, escape.text
    if kind == "class":
        if text == "s":
            return (_SPACE_MEMBERS if in_class else f"[{_SPACE_MEMBERS}]"), escape.end
        if text == "S":
            if in_class:
                raise Unsupported("\\S inside a character class has no RE2 form")
            return f"[^{_SPACE_MEMBERS}]", escape.end
        return "\\" + text, escape.end
    if kind == "assertion":
        return "\\" + text, escape.end
    if kind == "backref":
        raise Unsupported("a backreference has no linear-time match")
    if kind == "error":
        raise Unsupported(text)
    if kind == "identity":
        return _literal(text), escape.end
    unit = ord(text)
    if _surrogate(escape, 0xD800) and source.startswith("\\u", escape.end):
        low = read_escape(source, escape.end, in_class, declared)
        if _surrogate(low, 0xDC00):
            return _code_point(_astral(unit, ord(low.text))), low.end
    if 0xD800 <= unit <= 0xDFFF:
        raise Unsupported("a lone surrogate escape has no RE2 form")
    return _code_point(unit), escape.end


def _class(source: str, index: int, declared: Groups) -> tuple[str, int]:
    """The RE2 text of the class that starts at `index`, and the index after it (JavaScript's `[]` matches
    nothing and `[^]` anything)."""
    negated, members, end, problem = read_class(source, index, declared)
    if problem is not None:
        raise Unsupported(problem)
    if not members:
        return ("[\\x{0}-\\x{10ffff}]" if negated else "[^\\x{0}-\\x{10ffff}]"), end
    texts: list[str] = []
    for item in class_items(_pairs_joined(members)):
        if isinstance(item, ClassRange):
            texts.append(f"{_member(source, item.low, declared)}-{_member(source, item.high, declared)}")
        else:
            texts.append(_member(source, item, declared))
    return ("[^" if negated else "[") + "".join(texts) + "]", end


def _pairs_joined(members: list[Escape | str]) -> list[Escape | str]:
    """A class's members with each \\u escape of a high surrogate and the \\u escape of a low one after it
    read as one character (RE2 reads code points)."""
    joined: list[Escape | str] = []
    for member in members:
        previous = joined[-1] if joined else None
        low = member if isinstance(member, Escape) and _surrogate(member, 0xDC00) else None
        if low is not None and isinstance(previous, Escape) and _surrogate(previous, 0xD800):
            joined[-1] = Escape("char", chr(_astral(ord(previous.text), ord(low.text))), low.end)
        else:
            joined.append(member)
    return joined


def _surrogate(member: Escape | str, first: int) -> bool:
    """Whether `member` is a character escape of a high (`first` 0xD800) or low (0xDC00) surrogate."""
    return isinstance(member, Escape) and member.kind == "char" and first <= ord(member.text) <= first + 0x3FF


def _astral(high: int, low: int) -> int:
    return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)


def _member(source: str, member: Escape | str, declared: Groups) -> str:
    """The RE2 text of one class member."""
    if isinstance(member, str):
        return _literal(member)
    return _escape(source, member, declared, in_class=True)[0]
