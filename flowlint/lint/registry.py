"""The table of rules: every `Rule` subclass defined in the `flowlint.rules` package, by code.

Rules live one per module in family folders, `rules/<family>/<code>_<name>.py` (`rules/tst/tst004_valid_values.py`);
modules whose names start with `_` hold what several rules of a family share and define no rule. Each
rule's code must be a member of `flowlint.lint.codes.Code`, belong to exactly one rule, and name its module.
"""

from __future__ import annotations

import importlib
import os
from functools import cache

from flowlint.lint.codes import Code, code_order
from flowlint.lint.rule import Rule

__all__ = ["all_rules", "rule_for"]


@cache
def all_rules() -> tuple[type[Rule], ...]:
    """Every rule class, sorted by family, then code."""
    # `rules/` is installed as `flowlint.rules` (pyproject.toml maps the folder); mypy checks the
    # folder itself as the package `rules`, so this import is invisible to it.
    import flowlint.rules as package  # type: ignore[import-not-found,unused-ignore]

    found: dict[str, type[Rule]] = {}
    for name in _rule_modules(package.__path__, package.__name__):
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Rule)
                and value is not Rule
                and value.__module__ == module.__name__
                and "code" in {name for klass in value.__mro__ for name in vars(klass)}  # not a shared base
            ):
                if not isinstance(value.code, Code):
                    raise RuntimeError(f"{value.__name__}: code {value.code!r} is not in flowlint.lint.codes")
                if value.code in found:
                    raise RuntimeError(f"rule code {value.code} is defined twice")
                if not module.__name__.rpartition(".")[2].startswith(value.code.lower() + "_"):
                    raise RuntimeError(
                        f"{value.code} is defined in {module.__name__}: one rule per module, named by its code"
                    )
                found[value.code] = value
    return tuple(found[code] for code in sorted(found, key=code_order))


def _rule_modules(path: list[str], package: str) -> list[str]:
    """The rule modules' names: every module of each family folder whose name does not start with `_`
    (read from the folders, as pkgutil would walk them, without importing pkgutil and inspect)."""
    names = []
    for root in path:
        for family in sorted(os.listdir(root)):
            folder = os.path.join(root, family)
            if family.startswith(("_", ".")) or not os.path.isfile(os.path.join(folder, "__init__.py")):
                continue
            for entry in sorted(os.listdir(folder)):
                if entry.endswith(".py") and not entry.startswith("_"):
                    names.append(f"{package}.{family}.{entry[:-3]}")
    return names


def rule_for(code: str) -> type[Rule] | None:
    """The rule with this code (any case), or None."""
    wanted = code.upper()
    for rule in all_rules():
        if rule.code == wanted:
            return rule
    return None
