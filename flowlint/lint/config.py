"""Configuration: `[tool.flowlint]` in the nearest `pyproject.toml`, overridden by CLI flags."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from pathlib import Path

from flowlint.core.errors import ConfigError, FileProblem
from flowlint.core.fileio import read_regular
from flowlint.core.severity import Severity
from flowlint.lint.codes import check_codes, matches


@dataclass(frozen=True)
class Config:
    """Everything that shapes a lint run. Paths are absolute once loaded."""

    min_tests: int = 1
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: Severity = Severity.ERROR
    lists_dir: Path | None = None
    exclude: tuple[str, ...] = ()
    severity: dict[str, Severity] = field(default_factory=dict)
    source: Path | None = None  # the pyproject.toml it came from
    cache_dir: Path | None = None  # None: `.flowlint_cache/` beside `source` (see lint/cache.py)

    @functools.cached_property
    def fingerprint(self) -> str:
        """A stable text of every setting that can change a file's findings (for the result cache)."""
        import json

        return json.dumps(
            {
                "min_tests": self.min_tests,
                "select": self.select,
                "ignore": self.ignore,
                "lists_dir": None if self.lists_dir is None else str(self.lists_dir),
                "severity": {code: level.value for code, level in sorted(self.severity.items())},
            },
            sort_keys=True,
        )

    def replace(self, **changes: object) -> Config:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


_KEYS = {"min_tests", "select", "ignore", "fail_on", "lists_dir", "exclude", "severity", "cache_dir"}


def find_pyproject(start: Path) -> Path | None:
    """The nearest `pyproject.toml` with a `[tool.flowlint]` table, from `start` upward."""
    folder = start if start.is_dir() else start.parent
    folder = folder.resolve()
    for candidate in (folder, *folder.parents):
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            try:
                text = read_regular(pyproject).decode("utf-8")
            except (FileProblem, UnicodeDecodeError):
                continue
            if "[tool.flowlint" in text:
                return pyproject
    return None


def load_config(start: Path, explicit: Path | None = None) -> Config:
    """Load the configuration that applies to `start` (a file or folder); defaults when none."""
    pyproject = explicit if explicit is not None else find_pyproject(start)
    if pyproject is None:
        return Config()
    import tomllib

    try:
        data = tomllib.loads(read_regular(pyproject).decode("utf-8"))
    except FileProblem as error:
        raise ConfigError(f"{pyproject}: cannot be read: {error.reason}") from error
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{pyproject}: invalid TOML: {error}") from error
    table = data.get("tool", {}).get("flowlint")
    if table is None:
        return Config(source=pyproject)
    if not isinstance(table, dict):
        raise ConfigError(f"{pyproject}: [tool.flowlint] must be a table")
    return config_from_table(table, pyproject)


def config_from_table(table: dict[str, object], pyproject: Path) -> Config:
    where = f"{pyproject}: [tool.flowlint]"
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key '{unknown[0]}' (known keys: {', '.join(sorted(_KEYS))})")
    values: dict[str, object] = {"source": pyproject}
    if "min_tests" in table:
        min_tests = table["min_tests"]
        if isinstance(min_tests, bool) or not isinstance(min_tests, int) or min_tests < 0:
            raise ConfigError(f"{where}: min_tests must be a non-negative integer, got {min_tests!r}")
        values["min_tests"] = min_tests
    for key in ("select", "ignore", "exclude"):
        if key in table:
            values[key] = _string_list(table[key], f"{where}: {key}")
    for key in ("select", "ignore"):
        if key in values:
            check_codes(values[key], f"{where}: {key}")  # type: ignore[arg-type]
    if "fail_on" in table:
        values["fail_on"] = parse_severity(table["fail_on"], f"{where}: fail_on")
    for key in ("lists_dir", "cache_dir"):
        if key in table:
            folder = table[key]
            if not isinstance(folder, str):
                raise ConfigError(f"{where}: {key} must be a path string")
            values[key] = (pyproject.parent / folder).resolve()
    if "severity" in table:
        overrides = table["severity"]
        if not isinstance(overrides, dict):
            raise ConfigError(f'{where}: severity must be a table such as {{ TST007 = "error" }}')
        check_codes(tuple(overrides), f"{where}: severity")
        values["severity"] = {
            code: parse_severity(level, f"{where}: severity.{code}") for code, level in overrides.items()
        }
    return Config(**values)  # type: ignore[arg-type]


def _string_list(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where} must be a list of strings")
    return tuple(value)


def parse_severity(value: object, where: str) -> Severity:
    if isinstance(value, str) and value in Severity.__members__.values():
        return Severity(value)
    raise ConfigError(f"{where} must be one of error, warning, info; got {value!r}")


def code_selected(code: str, config: Config) -> bool:
    """Whether findings of `code` are reported under `config` (its select and ignore lists)."""
    if config.select and not matches(code, config.select):
        return False
    return not matches(code, config.ignore)
