"""The table of rules: every `Rule` subclass defined in the `flowlint.rules` package, by code."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from flowlint.rule import Rule


@cache
def all_rules() -> tuple[type[Rule], ...]:
    """Every rule class, sorted by code."""
    # `rules/` is mapped to `flowlint.rules` by pyproject.toml; mypy does not follow that mapping.
    import flowlint.rules as package  # type: ignore[import-not-found,unused-ignore]

    found: dict[str, type[Rule]] = {}
    for module_info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Rule)
                and value is not Rule
                and value.__module__ == module.__name__
            ):
                if value.code in found:
                    raise RuntimeError(f"rule code {value.code} is defined twice")
                found[value.code] = value
    return tuple(found[code] for code in sorted(found, key=_code_order))


def _code_order(code: str) -> tuple[int, str]:
    family = {"TST": 0, "VAL": 1, "RES": 2, "FL": 3}
    prefix = code.rstrip("0123456789")
    return family.get(prefix, 9), code


@cache
def all_codes() -> frozenset[str]:
    return frozenset(rule.code for rule in all_rules())


def rule_for(code: str) -> type[Rule] | None:
    for rule in all_rules():
        if rule.code == code.upper():
            return rule
    return None
