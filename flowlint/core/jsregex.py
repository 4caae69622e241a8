"""JavaScript regular expressions as FlowMCP's runtime builds them (`new RegExp(text)`, no flags): whether
one compiles, and a matcher with JavaScript's semantics for flowlint to test values with."""

from __future__ import annotations

import re

from flowlint.core.jsbacktrack import (
    DECIMAL_DIGITS,
    QUANTIFIER,
    STEP_BUDGET,
    BacktrackingRegex,
    OutOfSteps,
    compile_backtracking,
    count_groups,
)
from flowlint.core.jsbacktrack import Unsupported as BacktrackingUnsupported

__all__ = ["JsRegex", "compile_js_regex", "js_regex_source", "js_regex_syntax_error"]

_SOURCE_ESCAPES = {"\n": "\\n", "\r": "\\r", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def js_regex_source(pattern: str) -> str:
    """`new RegExp(pattern).source` as V8 writes it (what the MCP SDK puts in a JSON Schema `pattern`): a
    `/` outside a class escaped, line terminators as escapes, the empty pattern `(?:)`."""
    if not pattern:
        return "(?:)"
    out: list[str] = []
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern):
            out.append(pattern[index : index + 2])
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        out.append("\\/" if char == "/" and not in_class else _SOURCE_ESCAPES.get(char, char))
        index += 1
    return "".join(out)


# A run of characters that stand for themselves in a pattern and in RE2 (each scan copies it at once).
_PLAIN = re.compile(r"[A-Za-z0-9_ ,:;'\"@#%&=<>!~`]++")
_GROUP_PREFIX = re.compile(r"\((?!\?)|\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)")


def js_regex_syntax_error(pattern: str) -> str | None:
    """Why `new RegExp(pattern)` (no flags, so Annex B syntax) throws, or None when it compiles.

    Checks what makes JavaScript refuse a pattern: an unclosed class or group, an unmatched `)`, an
    unknown `(?` group, a quantifier with nothing to repeat, a reversed class range or `{n,m}` bounds.
    JavaScript reads `[]` and `[^]` as classes and an unknown escape as its letter, unlike Python."""
    groups: list[bool] = []  # the open groups: whether each, closed, can take a quantifier (no lookbehind)
    repeatable = False  # whether the last item can take a quantifier
    index = 0
    while index < len(pattern):
        char = pattern[index]
        problem: str | None = None
        if char == "\\":
            if index + 1 == len(pattern):
                return "\\ at end of pattern"
            repeatable = pattern[index + 1] not in "bB"  # \b and \B are assertions: nothing to repeat
            index += 2
        elif char == "[":
            index, problem = _js_class_end(pattern, index)
            repeatable = True
        elif char == "(":
            group = _GROUP_PREFIX.match(pattern, index)
            problem = "invalid group" if group is None else None
            groups.append(group is not None and not group.group().startswith(("(?<=", "(?<!")))
            repeatable, index = False, group.end() if group else index
        elif char == ")":
            problem = "unmatched ')'" if not groups else None
            repeatable, index = (groups.pop() if groups else True), index + 1
        elif char in "*+?{" and (quantified := _js_quantifier(pattern, index)) is not None:
            problem = None if repeatable else "nothing to repeat"
            index, repeatable = quantified
            problem = problem or (None if index >= 0 else "numbers out of order in {} quantifier")
        elif (run := _PLAIN.match(pattern, index)) is not None:  # letters and digits: read as one run
            repeatable, index = True, run.end()
        else:
            repeatable = char not in "|^$"
            index += 1
        if problem is not None:
            return problem
    return "unterminated group" if groups else None


def _js_quantifier(pattern: str, index: int) -> tuple[int, bool] | None:
    """(the index after the quantifier at `index`, False), with -1 as the index when its `{n,m}` bounds are
    reversed; None where `{` starts no quantifier (Annex B reads it as a letter)."""
    if pattern[index] == "{":
        bounds = QUANTIFIER.match(pattern, index)
        if bounds is None:
            return None
        low, high = bounds.group(1), bounds.group(3)
        if high and int(high) < int(low):
            return -1, False
        end = bounds.end()
    else:
        end = index + 1
    return end + (1 if pattern.startswith("?", end) else 0), False  # `?` after it: a lazy quantifier


def _js_class_end(pattern: str, start: int) -> tuple[int, str | None]:
    """The index after the class that starts at `start`, and the problem that makes it invalid."""
    index = start + 2 if pattern.startswith("[^", start) else start + 1  # a negation is no class member
    previous: str | None = None  # the last single character, for ranges
    while index < len(pattern):
        char = pattern[index]
        if char == "]":
            return index + 1, None
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if not escaped:
                return index + 1, "\\ at end of pattern"
            previous = escaped if escaped and not escaped.isalnum() else None
            index += 2
            continue
        if char == "-" and previous is not None and index + 1 < len(pattern) and pattern[index + 1] != "]":
            upper = pattern[index + 1]
            step = 2
            if upper == "\\":  # an escaped upper bound: an identity escape stands for its letter
                escaped = pattern[index + 2 : index + 3]
                upper = escaped if escaped and escaped not in "dDsSwWbcxu0123456789" else ""
                step = 3
            if upper and ord(upper) < ord(previous):
                return index, "range out of order in character class"
            index += step
            previous = None
            continue
        previous = char
        index += 1
    return index, "unterminated character class"


# --------------------------------------------------------------------------- matching in linear time

# RE2 class members for JavaScript's \s (Unicode white space and line terminators) and for the line
# terminators that `.` does not match.
_SPACE_MEMBERS = r"\x{9}-\x{d}\x{20}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}"
_LINE_TERMINATOR_MEMBERS = r"\x{a}\x{d}\x{2028}\x{2029}"
_RE2_SPECIAL = set("\\^$.|?*+()[]{}-")
_CONTROL_ESCAPES = {"t": 0x09, "n": 0x0A, "v": 0x0B, "f": 0x0C, "r": 0x0D}
_HEX = set("0123456789abcdefABCDEF")


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
    groups = count_groups(source)[0]
    out: list[str] = []
    index = 0
    while index < len(source):
        char = source[index]
        if char == "\\":
            text, index = _escape(source, index, groups, in_class=False)
            out.append(text)
        elif char == "[":
            text, index = _class(source, index, groups)
            out.append(text)
        elif char == "(":
            if source.startswith(("(?=", "(?!", "(?<=", "(?<!"), index):
                raise Unsupported("a lookaround has no linear-time match")
            if source.startswith("(?<", index):  # a named group: its name is not needed
                index = source.index(">", index) + 1
                out.append("(")
                continue
            out.append(char)
            index += 1
        elif char == ".":
            out.append(f"[^{_LINE_TERMINATOR_MEMBERS}]")
            index += 1
        elif char == "{":
            bounds = QUANTIFIER.match(source, index)
            if bounds is None:  # Annex B: a brace that starts no quantifier is a letter
                out.append("\\{")
                index += 1
            else:
                out.append(bounds.group())
                index = bounds.end()
        elif char in "}]":
            out.append("\\" + char)
            index += 1
        elif char in "^$|?*+)":
            out.append(char)
            index += 1
        elif (run := _PLAIN.match(source, index)) is not None:
            out.append(run.group())
            index = run.end()
        else:
            out.append(_literal(char))
            index += 1
    return "".join(out)


_NAMED_GROUP = re.compile(r"\(\?<[A-Za-z_$]")


def _escape(source: str, index: int, groups: int, in_class: bool) -> tuple[str, int]:
    """The RE2 text of the escape at `index` (a backslash), and the index after it."""
    letter = source[index + 1]
    after = index + 2
    if letter in "dDwW":
        return "\\" + letter, after
    if letter == "s":
        return (_SPACE_MEMBERS if in_class else f"[{_SPACE_MEMBERS}]"), after
    if letter == "S":
        if in_class:
            raise Unsupported("\\S inside a character class has no RE2 form")
        return f"[^{_SPACE_MEMBERS}]", after
    if letter in "bB":
        return ("\\x{8}" if in_class else "\\" + letter), after  # in a class \b is a backspace
    if letter in _CONTROL_ESCAPES:
        return _code_point(_CONTROL_ESCAPES[letter]), after
    if letter == "c" and after < len(source) and source[after].isascii() and source[after].isalpha():
        return _code_point(ord(source[after]) % 32), after + 1
    if letter == "x" and all(c in _HEX for c in source[after : after + 2]) and len(source[after : after + 2]) == 2:
        return _code_point(int(source[after : after + 2], 16)), after + 2
    if letter == "u" and len(source[after : after + 4]) == 4 and all(c in _HEX for c in source[after : after + 4]):
        unit = int(source[after : after + 4], 16)
        if 0xD800 <= unit <= 0xDBFF and source.startswith("\\u", after + 4):
            low = source[after + 6 : after + 10]
            if len(low) == 4 and all(c in _HEX for c in low) and 0xDC00 <= int(low, 16) <= 0xDFFF:
                return _code_point(0x10000 + ((unit - 0xD800) << 10) + (int(low, 16) - 0xDC00)), after + 10
        if 0xD800 <= unit <= 0xDFFF:
            raise Unsupported("a lone surrogate escape has no RE2 form")
        return _code_point(unit), after + 4
    if letter in DECIMAL_DIGITS:
        return _decimal_escape(source, index, groups, in_class)
    if letter == "k" and groups and not in_class and _NAMED_GROUP.search(source):
        raise Unsupported("a backreference has no linear-time match")
    return _literal(letter), after  # an identity escape: the character itself


def _decimal_escape(source: str, index: int, groups: int, in_class: bool) -> tuple[str, int]:
    """`\\0` is NUL; `\\N` a backreference when the pattern has N groups, else (Annex B) an octal escape."""
    end = index + 1
    while end < len(source) and source[end] in DECIMAL_DIGITS:
        end += 1
    digits = source[index + 1 : end]
    if not in_class and digits[0] != "0" and int(digits) <= groups:
        raise Unsupported("a backreference has no linear-time match")
    if digits[0] in "89":
        return _literal(digits[0]), index + 2
    octal = ""
    for char in digits:
        if char in "01234567" and len(octal) < 3 and int(octal + char, 8) <= 0o377:
            octal += char
        else:
            break
    return _code_point(int(octal, 8)), index + 1 + len(octal)


def _class(source: str, index: int, groups: int) -> tuple[str, int]:
    """The RE2 text of the class that starts at `index`, and the index after it (JavaScript's `[]` matches
    nothing and `[^]` anything)."""
    negated = source.startswith("[^", index)
    position = index + (2 if negated else 1)
    members: list[str] = []
    while source[position] != "]":
        char = source[position]
        if char == "\\":
            text, position = _escape(source, position, groups, in_class=True)
        else:
            text, position = ("\\" + char if char in "[]^-\\" else _literal(char)), position + 1
        if char == "-" and members and position < len(source) and source[position] != "]":
            text = "-"  # a range between the previous member and the next
        members.append(text)
    if not members:
        return ("[\\x{0}-\\x{10ffff}]" if negated else "[^\\x{0}-\\x{10ffff}]"), position + 1
    return ("[^" if negated else "[") + "".join(members) + "]", position + 1
