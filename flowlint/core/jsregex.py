"""JavaScript regular expressions as FlowMCP's runtime builds them (`new RegExp(text)`, no flags): whether
one compiles, and a matcher with JavaScript's semantics for flowlint to test values with."""

from __future__ import annotations

import re

__all__ = ["compile_js_regex", "js_regex_syntax_error"]


_QUANTIFIER = re.compile(r"\{(\d+)(,(\d*))?\}")
_GROUP_PREFIX = re.compile(r"\((?!\?)|\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)")


def js_regex_syntax_error(pattern: str) -> str | None:
    """Why `new RegExp(pattern)` (no flags, so Annex B syntax) throws, or None when it compiles.

    Checks what makes JavaScript refuse a pattern: an unclosed class or group, an unmatched `)`, an
    unknown `(?` group, a quantifier with nothing to repeat, a reversed class range or `{n,m}` bounds.
    JavaScript reads `[]` and `[^]` as classes and an unknown escape as its letter, unlike Python."""
    depth = 0
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
            depth, repeatable, index = depth + 1, False, group.end() if group else index
        elif char == ")":
            problem = "unmatched ')'" if depth == 0 else None
            depth, repeatable, index = depth - 1, True, index + 1
        elif char in "*+?{" and (quantified := _js_quantifier(pattern, index)) is not None:
            problem = None if repeatable else "nothing to repeat"
            index, repeatable = quantified
            problem = problem or (None if index >= 0 else "numbers out of order in {} quantifier")
        else:
            repeatable = char not in "|^$"
            index += 1
        if problem is not None:
            return problem
    return "unterminated group" if depth else None


def _js_quantifier(pattern: str, index: int) -> tuple[int, bool] | None:
    """(the index after the quantifier at `index`, False), with -1 as the index when its `{n,m}` bounds are
    reversed; None where `{` starts no quantifier (Annex B reads it as a letter)."""
    if pattern[index] == "{":
        bounds = _QUANTIFIER.match(pattern, index)
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


_REGEX_CACHE: dict[str, tuple[re.Pattern[str] | None, str]] = {}

# JavaScript's \s: Unicode white space and line terminators (Python's, with re.ASCII, is ASCII only).
_JS_SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"


def _js_semantics(source: str) -> str:
    """Rewrite the parts of a JavaScript pattern that Python reads differently (no flags, as the runtime's
    `new RegExp(text)`): `$` matches only at the very end (Python's also before a final newline), and `\\s`,
    `\\S` are Unicode white space."""
    out: list[str] = []
    in_class = False
    index = 0
    while index < len(source):
        char = source[index]
        if char == "\\" and index + 1 < len(source):
            escaped = source[index + 1]
            if escaped == "s":
                out.append(_JS_SPACE if in_class else f"[{_JS_SPACE}]")
            elif escaped == "S" and not in_class:
                out.append(f"[^{_JS_SPACE}]")
            else:
                out.append(source[index : index + 2])
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            out.append("\\Z")  # the very end of the text
            index += 1
            continue
        out.append(char)
        index += 1
    return "".join(out)


def compile_js_regex(source: str) -> tuple[re.Pattern[str] | None, str]:
    """Compile a JavaScript `RegExp` source (no flags) for Python; returns (pattern, error)."""
    cached = _REGEX_CACHE.get(source)
    if cached is not None:
        return cached
    translated = re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", _js_semantics(source))
    translated = re.sub(r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)", translated)
    try:
        result: tuple[re.Pattern[str] | None, str] = (re.compile(translated, re.ASCII), "")
    except re.error as error:
        result = (None, f"Python's re says: {error.msg}")
    except (RecursionError, OverflowError, ValueError) as error:
        result = (None, str(error))
    _REGEX_CACHE[source] = result
    return result
