"""Reading a resource query's SQL text without running it: its first keyword, its text without string
literals and comments. The SQL rules (RES012, RES013, FL014) and capture's check before a query runs
use these, so the lint and the capture agree on what a query starts with.
"""

from __future__ import annotations

import re

__all__ = ["first_keyword", "strip_leading_comments", "without_literals"]

_LEADING_COMMENTS = re.compile(r"^(?:\s++|--[^\n]*+\n?|/\*(?:[^*]++|\*(?!/))*+\*/)*+")
# Possessive, and an unterminated literal or comment runs to the end: no scan backtracks or starts again
# inside one (a text of `/*` repeated once took quadratic time).
_LITERALS = re.compile(r"'(?:[^']++|'')*+'?|\"(?:[^\"]++|\"\")*+\"?|--[^\n]*+|/\*(?:[^*]++|\*(?!/))*+(?:\*/|\Z)")


def strip_leading_comments(sql: str) -> str:
    """The SQL after leading white space and comments."""
    return _LEADING_COMMENTS.sub("", sql, count=1)


def first_keyword(sql: str) -> str:
    """The statement's first keyword, upper-cased (`SELECT` for `select(1)`), or '' for an empty query."""
    words = strip_leading_comments(sql).split(None, 1)
    return words[0].upper().split("(")[0] if words else ""


def without_literals(sql: str) -> str:
    """The SQL with every string literal, quoted identifier and comment replaced by `''`."""
    return _LITERALS.sub("''", sql)
