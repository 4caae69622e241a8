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

__all__ = ["FAMILIES", "Code", "check_codes", "code_order", "is_specification_code", "matches"]


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
    SEC001 = "SEC001"
    SEC002 = "SEC002"
    SEC003 = "SEC003"
    SEC004 = "SEC004"
    SEC005 = "SEC005"
    SEC006 = "SEC006"
    SEC007 = "SEC007"
    SEC008 = "SEC008"
    SEC009 = "SEC009"
    SEC010 = "SEC010"
    SEC011 = "SEC011"
    SEC012 = "SEC012"
    SEC013 = "SEC013"
    SEC014 = "SEC014"
    SEC015 = "SEC015"
    SEC016 = "SEC016"
    SEC020 = "SEC020"
    LST001 = "LST001"
    LST002 = "LST002"
    LST003 = "LST003"
    LST004 = "LST004"
    LST005 = "LST005"
    LST006 = "LST006"
    LST007 = "LST007"
    LST008 = "LST008"
    LST009 = "LST009"
    LST010 = "LST010"
    LST011 = "LST011"
    VAL001 = "VAL001"
    VAL002 = "VAL002"
    VAL003 = "VAL003"
    VAL004 = "VAL004"
    VAL010 = "VAL010"
    VAL011 = "VAL011"
    VAL012 = "VAL012"
    VAL013 = "VAL013"
    VAL014 = "VAL014"
    VAL015 = "VAL015"
    VAL016 = "VAL016"
    VAL017 = "VAL017"
    VAL018 = "VAL018"
    VAL020 = "VAL020"
    VAL021 = "VAL021"
    VAL022 = "VAL022"
    VAL023 = "VAL023"
    VAL024 = "VAL024"
    VAL025 = "VAL025"
    VAL026 = "VAL026"
    VAL030 = "VAL030"
    VAL031 = "VAL031"
    VAL032 = "VAL032"
    VAL033 = "VAL033"
    VAL034 = "VAL034"
    VAL035 = "VAL035"
    VAL036 = "VAL036"
    VAL037 = "VAL037"
    VAL040 = "VAL040"
    VAL041 = "VAL041"
    VAL042 = "VAL042"
    VAL043 = "VAL043"
    VAL044 = "VAL044"
    VAL045 = "VAL045"
    VAL046 = "VAL046"
    VAL048 = "VAL048"
    VAL050 = "VAL050"
    VAL060 = "VAL060"
    VAL061 = "VAL061"
    VAL062 = "VAL062"
    VAL063 = "VAL063"
    VAL064 = "VAL064"
    VAL065 = "VAL065"
    VAL070 = "VAL070"
    VAL071 = "VAL071"
    VAL072 = "VAL072"
    VAL073 = "VAL073"
    VAL074 = "VAL074"
    VAL075 = "VAL075"
    VAL076 = "VAL076"
    VAL077 = "VAL077"
    VAL100 = "VAL100"
    VAL101 = "VAL101"
    VAL102 = "VAL102"
    VAL103 = "VAL103"
    VAL104 = "VAL104"
    VAL105 = "VAL105"
    VAL106 = "VAL106"
    VAL107 = "VAL107"
    RES001 = "RES001"
    RES002 = "RES002"
    RES003 = "RES003"
    RES004 = "RES004"
    RES005 = "RES005"
    RES006 = "RES006"
    RES007 = "RES007"
    RES008 = "RES008"
    RES009 = "RES009"
    RES010 = "RES010"
    RES011 = "RES011"
    RES012 = "RES012"
    RES013 = "RES013"
    RES014 = "RES014"
    RES015 = "RES015"
    RES016 = "RES016"
    RES017 = "RES017"
    RES018 = "RES018"
    RES019 = "RES019"
    RES021 = "RES021"
    RES022 = "RES022"
    RES023 = "RES023"
    RES026 = "RES026"
    RES027 = "RES027"
    RES028 = "RES028"
    RES036 = "RES036"
    RES038 = "RES038"
    RES039 = "RES039"
    FL001 = "FL001"
    FL002 = "FL002"
    FL003 = "FL003"
    FL004 = "FL004"
    FL005 = "FL005"
    FL006 = "FL006"
    FL007 = "FL007"
    FL008 = "FL008"
    FL009 = "FL009"
    FL010 = "FL010"
    FL011 = "FL011"
    FL012 = "FL012"
    FL013 = "FL013"
    FL014 = "FL014"
    FL015 = "FL015"
    FL016 = "FL016"
    FL018 = "FL018"
    FL019 = "FL019"
    FL020 = "FL020"
    FL021 = "FL021"
    FL022 = "FL022"
    FL023 = "FL023"
    FL024 = "FL024"
    VER001 = "VER001"
    VER002 = "VER002"
    VER003 = "VER003"
    VER004 = "VER004"


FAMILIES: dict[str, str] = {
    "TST": "embedded tests (the specification's TST001-TST008)",
    "VAL": "the specification's definition rules: main block, tools, parameters, output schemas",
    "RES": "the specification's resource rules (09-validation-rules numbering)",
    "SEC": "the specification's security rules that a static scan decides",
    "LST": "the specification's shared-list rules (03-shared-lists), for the files in `_lists/`",
    "FL": "flowlint's own checks, which no specification code covers: files that cannot be read or parsed, "
    "runtime behaviour the specification does not name, suppressions, internal errors",
    "VER": "`flowlint verify`: captured responses against declared output schemas",
}
"""Code families in the order listings show them."""

_FAMILY_RANK = {family: rank for rank, family in enumerate(FAMILIES)}

_FLOWLINT_FAMILIES = frozenset({"FL", "VER"})


def is_specification_code(code: str) -> bool:
    """Whether `code` is a rule of FlowMCP's specification (its families), not one of flowlint's own (FL,
    VER). `--strict` makes the specification's error rules errors, and only those."""
    return code.rstrip("0123456789") not in _FLOWLINT_FAMILIES


def code_order(code: str) -> tuple[int, str]:
    """Sort key: by family as listed in FAMILIES, then by code."""
    return _FAMILY_RANK.get(code.rstrip("0123456789"), len(_FAMILY_RANK)), code


ALL = "ALL"
"""The selector of every code, as ruff's: `select = ["ALL"]`, `--ignore ALL`, `--per-file-ignores 'old/*:ALL'`."""


def matches(code: str, selectors: Iterable[str]) -> bool:
    """Whether `code` is one of `selectors`, each a code, a prefix of codes (`TST`, `VAL04`) or `ALL`."""
    return any(code.startswith(selector.upper()) or selector.upper() == ALL for selector in selectors)


def check_codes(codes: Iterable[str], where: str) -> None:
    """Raise ConfigError naming `where` unless every item is a known code, a prefix of one, or `ALL`."""
    for code in codes:
        if code.upper() != ALL and not any(known.startswith(code.upper()) for known in Code):
            raise ConfigError(f"{where}: unknown rule code '{code}' (see `flowlint rules`)")
