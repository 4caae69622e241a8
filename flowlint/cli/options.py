"""The options of `flowlint check`, from one table: the configuration settings (the fields of `Config`,
`flowlint.lint.config.SETTINGS`) and the options of the command line alone (the fields of `CheckRequest`),
each with its row (`Setting`: flag, help, section). The click command (`check_command.py`) and the plain
path (`flowlint.cli.plain_check`, which reads a command line without importing click) take their flags
from here, and docs/configuration.md's tables are written from it: `python -m flowlint.cli.options`.

No click here: the plain path imports this module.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flowlint.cli.check import CheckRequest
from flowlint.core.record import FrozenRecord
from flowlint.lint.config import SETTINGS, Config, Flag, Setting

__all__ = ["SECTIONS", "CheckOption", "check_options", "plain_request", "request_from_options", "settings_markdown"]

SECTIONS = ("Rule selection", "Fixes", "Output", "Exit status", "Configuration", "Baseline", "Input and speed")
"""The sections of `flowlint check --help`, in order (as ruff's); each row names its own."""


class CheckOption(FrozenRecord):
    """One flag of `flowlint check`: the field it sets (of `Config` when `configured`, given to the
    command as `CheckRequest.settings`; else of `CheckRequest`), its row of the table and its default."""

    name: str
    setting: Setting
    flag: Flag
    default: object
    configured: bool


def check_options() -> list[CheckOption]:
    """Every flag of `flowlint check`, section by section (`SECTIONS`), in the tables' order."""
    options = [
        CheckOption(name, setting, setting.flag, None, True)
        for name, setting in SETTINGS.items()
        if setting.flag is not None
    ]
    for name in CheckRequest._field_names:
        about = CheckRequest.about(name)
        if isinstance(about, Setting) and about.flag is not None:
            options.append(CheckOption(name, about, about.flag, CheckRequest._defaults[name], False))
    return sorted(options, key=lambda option: SECTIONS.index(option.setting.section))


def request_from_options(options: dict[str, object]) -> CheckRequest:
    """The `CheckRequest` of parsed options (click's, by parameter name, or the plain path's): the
    configuration settings the command line gives (not None, empty or False) go to `settings`."""
    values = dict(options)
    given = [(name, values.pop(name)) for name in SETTINGS if name in values]
    values["settings"] = tuple((name, value) for name, value in given if value not in (None, (), False))
    return CheckRequest.from_options(values)


def plain_request(args: list[str]) -> CheckRequest | None:
    """The request of `flowlint check ...` read without click, when every argument is a path (`-`:
    standard input) or a flag of the table in a form that needs no more than looking it up: `--name`,
    `--name VALUE`, `--name=VALUE`, a short name alone (`-j 2`, `-q`, `-qq`), a value of its type and
    choices. None when click must read the command line (and say what is wrong, or print help): any
    other argument, a flag without its value or given twice (a repeatable one aside), a value that
    starts with `-`, an empty argument, a path that exists but cannot be read, shell completion, or
    Windows (click expands wildcards there)."""
    if args[:1] != ["check"] or os.name == "nt" or "_FLOWLINT_COMPLETE" in os.environ:
        return None
    flags = {name: option for option in check_options() for name in _spellings(option.flag)}
    values: dict[str, Any] = {}
    paths: list[Path] = []
    rest = iter(args[1:])
    for arg in rest:
        if not arg:
            return None
        if arg == "-":
            paths.append(Path(arg))
            continue
        if not arg.startswith("-"):
            if os.path.exists(arg) and not os.access(arg, os.R_OK):
                return None  # click says it cannot be read
            paths.append(Path(arg))
            continue
        name, equals, text = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        option = flags.get(name)
        if option is None and len(name) > 2 and not name.startswith("--") and set(name[1:]) == {name[1]}:
            option = flags.get(name[:2])  # -qq
            if option is None or option.flag.kind != "count":
                return None
            values[option.name] = values.get(option.name, 0) + len(name) - 1
            continue
        if option is None:
            return None
        if not _read_flag(option, name, equals, text, rest, values):
            return None
    return request_from_options({"paths": tuple(paths), **values})


def _spellings(flag: Flag) -> tuple[str, ...]:
    """Every way to write the flag: its names, and `--no-NAME` for a switch."""
    return (*flag.names, f"--no-{flag.names[0][2:]}") if flag.kind == "switch" else flag.names


def _read_flag(
    option: CheckOption, name: str, equals: str, text: str, rest: Iterator[str], values: dict[str, Any]
) -> bool:
    """Put the value `name` gives into `values`; False when click must read it."""
    flag, field = option.flag, option.name
    if flag.kind in ("flag", "switch", "count"):
        if equals:
            return False
        if flag.kind == "count":
            values[field] = values.get(field, 0) + 1
        else:
            values[field] = name != f"--no-{flag.names[0][2:]}"
        return True
    if flag.kind == "optional" or (field in values and flag.kind != "multiple"):
        return False
    if not equals:
        following = next(rest, None)
        if following is None:
            return False
        text = following
    value = _value(flag, text)
    if value is None:
        return False
    if flag.kind == "multiple":
        values[field] = (*values.get(field, ()), value)
    else:
        values[field] = value
    return True


def _value(flag: Flag, text: str) -> object:
    """`text` as the flag's type, as click converts it; None when click must say what is wrong with it."""
    if not text or text.startswith("-") or (flag.choices and text not in flag.choices):
        return None
    if flag.type == "integer":
        if not text.isascii() or not text.isdigit() or (flag.minimum is not None and int(text) < flag.minimum):
            return None
        return int(text)
    if flag.type in ("path", "file"):
        return Path(text) if flag.type == "path" or not os.path.isdir(text) else None
    return text


def settings_markdown() -> str:
    """docs/configuration.md's tables: the configuration settings, then the options of `check` alone."""
    lines = [
        "| setting | value | default | command line | in the cache key | what it does |",
        "|---|---|---|---|---|---|",
    ]
    defaults = Config()
    for name, setting in SETTINGS.items():
        flag = f"`{setting.flag.names[0]}`" if setting.flag is not None else "-"
        shown = _shown_default(getattr(defaults, name))
        key = "yes" if setting.fingerprint else "no"
        lines.append(f"| `{name}` | {setting.value} | {shown} | {flag} | {key} | {_cell(setting.help)} |")
    lines += ["", "| option of `flowlint check` | section | what it does |", "|---|---|---|"]
    for option in check_options():
        if not option.configured:
            names = ", ".join(f"`{name}`" for name in option.flag.names)
            lines.append(f"| {names} | {option.setting.section} | {_cell(option.setting.help)} |")
    return "\n".join(lines) + "\n"


def _shown_default(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, (tuple, dict)) and not value:
        return "empty"
    text = getattr(value, "value", value)
    return f"`{str(text).lower() if isinstance(text, bool) else text}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


_BEGIN = "<!-- settings: written by `python -m flowlint.cli.options` from the settings table -->"
_END = "<!-- settings: end -->"


def documented(page: str) -> str:
    """`page` (docs/configuration.md) with its tables written anew between the markers."""
    start, end = page.index(_BEGIN) + len(_BEGIN), page.index(_END)
    return page[:start] + "\n\n" + settings_markdown() + "\n" + page[end:]


if __name__ == "__main__":
    docs = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"
    text = docs.read_text(encoding="utf-8")
    updated = documented(text)
    if updated != text:
        docs.write_text(updated, encoding="utf-8")
        sys.stdout.write(f"wrote {docs}\n")
