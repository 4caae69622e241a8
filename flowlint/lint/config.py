"""Configuration: `[tool.flowlint]` in the nearest configuration file above each file, overridden by CLI flags.

Like ruff, each file gets the configuration of the nearest folder above it that holds one of
`CONFIG_FILES` (in that order of precedence when one folder holds several): `.flowlint.toml` and
`flowlint.toml` (whose top level is the flowlint table) and `pyproject.toml` (its `[tool.flowlint]`
table; a pyproject.toml without one is passed over). Keys may be written with `_` or `-`.
"""

from __future__ import annotations

import fnmatch
import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from flowlint.core.errors import ConfigError, FileProblem
from flowlint.core.fileio import read_regular
from flowlint.core.record import FrozenRecord
from flowlint.core.severity import Severity
from flowlint.definition.specversion import parse_spec_version
from flowlint.lint.codes import check_codes, matches

if TYPE_CHECKING:
    from flowlint.lint.diagnostics import Diagnostic

CONFIG_FILES = (".flowlint.toml", "flowlint.toml", "pyproject.toml")
"""Configuration file names, highest precedence first, when one folder holds several."""


class Config(FrozenRecord):
    """Everything that shapes a lint run. Paths are absolute once loaded."""

    min_tests: int
    # TST001: fewer tests than this is a warning (the specification's and the runtime's minimum).
    recommended_tests: int
    # The specification major every file is checked against; None: the version each file declares.
    spec_version: int | None
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    fail_on: Severity
    lists_dir: Path | None
    exclude: tuple[str, ...]
    severity: dict[str, Severity]
    source: Path | None  # the configuration file it came from
    extend_select: tuple[str, ...]
    # (glob relative to the configuration's folder, codes): `for_file` adds the codes to `ignore`.
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...]
    cache_dir: Path | None  # None: `.flowlint_cache/` beside `source` (see lint/cache.py)
    # The strict profile: every error rule of the declared specification is an error, including what
    # FlowMCP's runtime tolerates (core/consequence.py); the default profile is the runtime's own verdict.
    strict: bool

    def __init__(
        self,
        min_tests: int = 1,
        recommended_tests: int = 3,
        spec_version: int | None = None,
        select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
        fail_on: Severity = Severity.ERROR,
        lists_dir: Path | None = None,
        exclude: tuple[str, ...] = (),
        severity: dict[str, Severity] | None = None,
        source: Path | None = None,
        extend_select: tuple[str, ...] = (),
        per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = (),
        cache_dir: Path | None = None,
        strict: bool = False,
    ) -> None:
        self.min_tests = min_tests
        self.recommended_tests = recommended_tests
        self.spec_version = spec_version
        self.select = select
        self.ignore = ignore
        self.fail_on = fail_on
        self.lists_dir = lists_dir
        self.exclude = exclude
        self.severity = {} if severity is None else severity
        self.source = source
        self.extend_select = extend_select
        self.per_file_ignores = per_file_ignores
        self.cache_dir = cache_dir
        self.strict = strict

    def for_file(self, path: Path) -> Config:
        """This configuration as it applies to `path`: the codes of matching per-file-ignores ignored."""
        if not self.per_file_ignores:
            return self
        base = self.source.parent if self.source is not None else Path.cwd()
        extra = tuple(
            code for pattern, codes in self.per_file_ignores if _glob_matches(pattern, path, base) for code in codes
        )
        return self.replace(ignore=self.ignore + extra) if extra else self

    def settings(self) -> dict[str, object]:
        """Every resolved setting as plain JSON values (what `--show-settings` prints)."""
        values = {name: _plain(getattr(self, name)) for name in self._field_names if name not in _NOT_SETTINGS}
        values["per_file_ignores"] = {pattern: list(codes) for pattern, codes in self.per_file_ignores}
        return values

    @functools.cached_property
    def fingerprint(self) -> str:
        """A stable hash of every setting that can change a file's findings: equal for configurations
        that lint alike, across processes and runs (the result cache keys on it with the file)."""
        import hashlib  # here, not at the top: a run without the result cache never needs it
        import json

        data = {key: value for key, value in self.settings().items() if key not in _NOT_IN_FINGERPRINT}
        text = json.dumps(data, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


# `source` says where settings came from; it is not a setting. Settings that do not change a file's
# findings (what fails the run, what a folder walk skips, where the cache lives) are not fingerprinted.
_NOT_SETTINGS = {"source"}
_NOT_IN_FINGERPRINT = {"fail_on", "exclude", "cache_dir"}

_KEYS = {
    "min_tests",
    "recommended_tests",
    "spec_version",
    "select",
    "extend_select",
    "ignore",
    "per_file_ignores",
    "fail_on",
    "lists_dir",
    "exclude",
    "severity",
    "cache_dir",
    "strict",
}


def _plain(value: object) -> object:
    if isinstance(value, Severity):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _glob_matches(pattern: str, path: Path, base: Path) -> bool:
    """Whether `pattern` (relative to `base`, ruff-style) matches `path`; a pattern without `/` also
    matches the file name anywhere below `base`."""
    absolute = Path(path).absolute()
    try:
        relative = absolute.relative_to(base.absolute()).as_posix()
    except ValueError:
        try:
            relative = absolute.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            return False
    candidates = {pattern, pattern.removeprefix("./")}
    if pattern.startswith("**/"):
        candidates.add(pattern[3:])
    if any(fnmatch.fnmatchcase(relative, p) for p in candidates):
        return True
    return "/" not in pattern and fnmatch.fnmatchcase(absolute.name, pattern)


def _declares_flowlint(path: Path) -> bool:
    """Whether a configuration file counts: flowlint.toml always, pyproject.toml with [tool.flowlint]."""
    if path.name != "pyproject.toml":
        return True
    try:
        text = read_regular(path).decode("utf-8")
    except FileProblem:
        return True  # a FIFO, a device, a folder...: read_config_file says what it is (never ignored silently)
    except UnicodeDecodeError:
        return False
    return "[tool.flowlint" in text


def config_file_in(folder: Path) -> Path | None:
    """The configuration file that `folder` itself holds (see CONFIG_FILES), or None."""
    text = os.fspath(folder)
    for name in CONFIG_FILES:
        if os.path.exists(os.path.join(text, name)):  # os.path: a library walk asks in every folder
            candidate = folder / name
            if _declares_flowlint(candidate):
                return candidate
    return None


def _has_config_file(folder: str) -> bool:
    return any(os.path.exists(os.path.join(folder, name)) for name in CONFIG_FILES)


def find_config(start: Path) -> Path | None:
    """The nearest configuration file (see CONFIG_FILES) from `start` (a file or folder) upward."""
    folder = start if start.is_dir() else start.parent
    folder = folder.resolve()
    for candidate in (folder, *folder.parents):
        found = config_file_in(candidate)
        if found is not None:
            return found
    return None


def load_config(start: Path, explicit: Path | None = None) -> Config:
    """Load the configuration that applies to `start` (a file or folder); defaults when none."""
    source = explicit if explicit is not None else find_config(start)
    if source is None:
        return Config()
    return read_config_file(source)


def read_config_file(source: Path) -> Config:
    """The configuration in one file: `[tool.flowlint]` of a pyproject.toml, the top level of any other."""
    import tomllib

    try:
        data = tomllib.loads(read_regular(source).decode("utf-8"))
    except FileProblem as error:
        raise ConfigError(f"{source}: {error.reason}") from error  # "cannot read the file: it is a FIFO"...
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{source}: invalid TOML: {error}") from error
    if source.name != "pyproject.toml":
        return config_from_table(data, source)
    table = data.get("tool", {}).get("flowlint")
    if table is None:
        return Config(source=source)
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: [tool.flowlint] must be a table")
    return config_from_table(table, source)


def _rule_settings(table: dict[str, object], where: str) -> dict[str, object]:
    """min_tests, recommended_tests and spec_version, checked."""
    values: dict[str, object] = {}
    for key in ("min_tests", "recommended_tests"):
        if key in table:
            count = table[key]
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ConfigError(f"{where}: {key} must be a non-negative integer, got {count!r}")
            values[key] = count
    if "spec_version" in table:
        values["spec_version"] = parse_spec_version(table["spec_version"], f"{where}: spec_version")
    return values


def config_from_table(table: dict[str, object], pyproject: Path) -> Config:
    where = f"{pyproject}: [tool.flowlint]" if pyproject.name == "pyproject.toml" else str(pyproject)
    table = {key.replace("-", "_"): value for key, value in table.items()}
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key '{unknown[0]}' (known keys: {', '.join(sorted(_KEYS))})")
    values: dict[str, object] = {"source": pyproject}
    values.update(_rule_settings(table, where))
    for key in ("select", "extend_select", "ignore", "exclude"):
        if key in table:
            values[key] = _string_list(table[key], f"{where}: {key}")
    for key in ("select", "extend_select", "ignore"):
        if key in values:
            check_codes(values[key], f"{where}: {key}")  # type: ignore[arg-type]
    if "per_file_ignores" in table:
        values["per_file_ignores"] = _per_file_ignores(table["per_file_ignores"], f"{where}: per-file-ignores")
    if "fail_on" in table:
        values["fail_on"] = parse_severity(table["fail_on"], f"{where}: fail_on")
    if "strict" in table:
        if not isinstance(table["strict"], bool):
            raise ConfigError(f"{where}: strict must be true or false, got {table['strict']!r}")
        values["strict"] = table["strict"]
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


def _per_file_ignores(value: object, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f'{where} must be a table such as {{ "legacy/*.mjs" = ["TST"] }}')
    entries = []
    for pattern, codes in value.items():
        listed = _string_list(codes, f"{where}.{pattern!r}")
        check_codes(listed, f"{where}.{pattern!r}")
        entries.append((pattern, tuple(code.upper() for code in listed)))
    return tuple(entries)


def _string_list(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where} must be a list of strings")
    return tuple(value)


def parse_severity(value: object, where: str) -> Severity:
    if isinstance(value, str) and value in Severity.__members__.values():
        return Severity(value)
    raise ConfigError(f"{where} must be one of error, warning, info; got {value!r}")


def code_selected(code: str, config: Config) -> bool:
    """Whether findings of `code` are reported under `config` (select, extend-select and ignore)."""
    if config.select and not matches(code, config.select + config.extend_select):
        return False
    return not matches(code, config.ignore)


def configured(diagnostics: list[Diagnostic], config: Config) -> list[Diagnostic]:
    """Diagnostics made outside the engine (`verify`'s) under `config`: the selected codes only, each at
    its configured severity. The engine does the same for `check` as it reports."""
    return [
        d.replace(severity=config.severity[d.code]) if d.code in config.severity else d
        for d in diagnostics
        if code_selected(d.code, config)
    ]


class ConfigResolver:
    """The configuration of each file: the nearest configuration file above it (or one forced file),
    with `overrides` (the command line's) applied, then its per-file-ignores. Each configuration file
    is read once per run."""

    def __init__(self, explicit: Path | None = None, overrides: Callable[[Config], Config] | None = None) -> None:
        self.explicit = explicit
        self.overrides = overrides or (lambda config: config)
        self._by_folder: dict[str, Path | None] = {}
        self._by_unresolved: dict[Path, Path | None] = {}
        self._by_file: dict[Path | None, Config] = {}
        self._by_path: dict[Path, Path | None] = {}
        from flowlint.definition.discovery import RealPaths

        self._real_paths = RealPaths()

    def source_for(self, path: Path) -> Path | None:
        """The configuration file that applies to `path` (a file or folder), or None for the defaults."""
        if self.explicit is not None:
            return self.explicit
        if path in self._by_path:
            return self._by_path[path]
        unresolved = path if path.is_dir() else path.parent
        if unresolved in self._by_unresolved:  # most files share their folder with the previous one
            found = self._by_unresolved[unresolved]
        else:
            found = self._walk_up(self._real_paths.folder(unresolved))
            self._by_unresolved[unresolved] = found
        self._by_path[path] = found
        return found

    def _walk_up(self, folder: str) -> Path | None:
        """The configuration file of `folder` (a real path) or its nearest ancestor, remembering every
        folder walked (strings, not Paths: a library walk asks for hundreds of folders)."""
        walked: list[str] = []
        found: Path | None = None
        while True:
            if folder in self._by_folder:
                found = self._by_folder[folder]
                break
            walked.append(folder)
            found = config_file_in(Path(folder)) if _has_config_file(folder) else None
            parent = os.path.dirname(folder)
            if found is not None or parent == folder:
                break
            folder = parent
        for candidate in walked:
            self._by_folder[candidate] = found
        return found

    def base_for(self, path: Path) -> Config:
        """The configuration of the folder or file `path`, before per-file-ignores."""
        source = self.source_for(path)
        if source not in self._by_file:
            loaded = read_config_file(source) if source is not None else Config()
            self._by_file[source] = self.overrides(loaded)
        return self._by_file[source]

    def for_file(self, path: Path) -> Config:
        """Everything that applies to the file `path`."""
        return self.base_for(path).for_file(path)
