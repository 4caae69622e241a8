"""The code registry: every code flowlint can print, as a symbol, in one table.

Rule modules name their code with a member of `Code`; the engine and `verify` report theirs the same
way, so a code is spelled out as a string literal in this table and nowhere else. This module also
owns the checking of codes and prefixes given by users (`--select`, `[tool.flowlint] ignore`...).
It imports nothing from the rest of flowlint but the error type, so configuration and rules can
both use it without importing each other.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from flowlint.core.errors import ConfigError

__all__ = ["FAMILIES", "Code", "check_codes", "code_order", "matches"]


class Code(StrEnum):
    """Every code flowlint reports. The family prefix says where a code comes from (see FAMILIES)."""

    TST001 = "TST001"
    TST002 = "TST002"
    TST003 = "TST003"
    TST004 = "TST004"
    TST005 = "TST005"
    TST006 = "TST006"
    TST007 = "TST007"
    TST008 = "TST008"
    VAL040 = "VAL040"
    VAL041 = "VAL041"
    VAL042 = "VAL042"
    VAL043 = "VAL043"
    VAL044 = "VAL044"
    VAL045 = "VAL045"
    VAL046 = "VAL046"
    VAL047 = "VAL047"
    VAL048 = "VAL048"
    VAL049 = "VAL049"
    VAL050 = "VAL050"
    RES001 = "RES001"
    RES002 = "RES002"
    FL001 = "FL001"
    FL002 = "FL002"
    FL003 = "FL003"
    FL004 = "FL004"
    FL005 = "FL005"
    FL006 = "FL006"
    FL007 = "FL007"
    FL008 = "FL008"
    FL009 = "FL009"
    VER001 = "VER001"
    VER002 = "VER002"
    VER003 = "VER003"
    VER004 = "VER004"


FAMILIES: dict[str, str] = {
    "TST": "embedded tests (seed 000, TST001-TST008)",
    "VAL": "definition structure, parameters and z blocks",
    "RES": "SQLite resources",
    "FL": "flowlint's own: files that cannot be read or parsed, suppressions, internal errors",
    "VER": "`flowlint verify`: captured responses against declared output schemas",
}
"""Code families in the order listings show them."""

_FAMILY_RANK = {family: rank for rank, family in enumerate(FAMILIES)}


def code_order(code: str) -> tuple[int, str]:
    """Sort key: by family as listed in FAMILIES, then by code."""
    return _FAMILY_RANK.get(code.rstrip("0123456789"), len(_FAMILY_RANK)), code


def matches(code: str, selectors: Iterable[str]) -> bool:
    """Whether `code` is one of `selectors`, each a code or a prefix of codes (`TST`, `VAL04`)."""
    return any(code.startswith(selector.upper()) for selector in selectors)


def check_codes(codes: Iterable[str], where: str) -> None:
    """Raise ConfigError naming `where` unless every item is a known code or a prefix of one."""
    for code in codes:
        if not any(known.startswith(code.upper()) for known in Code):
            raise ConfigError(f"{where}: unknown rule code '{code}' (see `flowlint rules`)")
