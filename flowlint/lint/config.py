"""Configuration: `[tool.flowlint]` in the nearest configuration file above each file, overridden by CLI flags.

Like ruff, each file gets the configuration of the nearest folder above it that holds one of
`CONFIG_FILES` (in that order of precedence when one folder holds several): `.flowlint.toml` and
`flowlint.toml` (whose top level is the flowlint table) and `pyproject.toml` (its `[tool.flowlint]`
table; a pyproject.toml without one is passed over). Keys may be written with `_` or `-`.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import os
from collections.abc import Callable
from pathlib import Path

from flowlint.core.errors import ConfigError, FileProblem
from flowlint.core.fileio import read_regular
from flowlint.core.hashing import blake2b
from flowlint.core.record import DeclaredRecord, FrozenRecord, field, replace
from flowlint.core.severity import Severity
from flowlint.definition.discovery import Discovery, RealPaths, discover, exclude_matcher
from flowlint.definition.specversion import parse_spec_version
from flowlint.lint.codes import ALL, check_codes, matches, split_codes

CONFIG_FILES = (".flowlint.toml", "flowlint.toml", "pyproject.toml")
"""Configuration file names, highest precedence first, when one folder holds several."""


class Flag(FrozenRecord):
    """How a setting or an option is written on the command line: its names (the first is the one help
    and errors show), what it takes (`kind`: `value`; `multiple`, repeatable; `flag`, on when given;
    `switch`, `--x/--no-x`; `count`, `-qq`; `optional`, a value that may be left out, `missing` then)
    and of what `type` (`text`, `integer` at least `minimum`, a `path`, a `file` path, one of `choices`)."""

    names: tuple[str, ...]
    kind: str = "value"
    type: str = "text"
    metavar: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    missing: str | None = None
    show_default: bool = False


class Setting(FrozenRecord):
    """One row of the settings table: what a field of `Config` (a setting of configuration files, which
    the command line may override) or of `CheckRequest` (an option of `flowlint check` alone) is.

    `parse` reads a configuration file's value (checked; `label` names it in errors, relative paths
    are read from `folder`); None for an option of the command line alone. `fingerprint`: the
    setting can change a file's findings, so the result cache keys on it. `flag`: how the command line
    gives it (None: configuration files only), read by `command_line` (default: `parse`); `extends`:
    a command-line value adds to the configuration's instead of replacing it; `resets`: settings a
    command-line value empties (`--select` drops the configuration's `extend-select`, as ruff does).
    `help` is the flag's help and docs/configuration.md's description, under `section` of
    `flowlint check --help`; `value` says what a configuration file writes (docs/configuration.md)."""

    help: str
    section: str
    parse: Callable[[object, str, Path], object] | None = None
    value: str = ""
    fingerprint: bool = True
    flag: Flag | None = None
    command_line: Callable[[object, str, Path], object] | None = None
    extends: bool = False
    resets: tuple[str, ...] = ()

    def read_command_line(self, value: object, label: str, folder: Path) -> object:
        """The setting from the command line's `value` (a tuple of strings for a repeatable flag)."""
        read = self.command_line or self.parse
        assert read is not None, "an option of the command line alone is not a setting"
        return read(list(value) if isinstance(value, tuple) else value, label, folder)


def _count(value: object, label: str, folder: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"{label} must be a non-negative integer, got {value!r}")
    return value


def _spec_version(value: object, label: str, folder: Path) -> int:
    return parse_spec_version(value, label)


def _strings(value: object, label: str, folder: Path) -> tuple[str, ...]:
    return _string_list(value, label)


def _codes(value: object, label: str, folder: Path) -> tuple[str, ...]:
    listed = _string_list(value, label)
    check_codes(listed, label)
    return listed


def _command_line_codes(value: object, label: str, folder: Path) -> tuple[str, ...]:
    """`--select tst,VAL04 --select FL001`: comma-separated, upper-cased codes from repeated flags."""
    return _codes(list(split_codes(_string_list(value, label))), label, folder)


def _fail_on(value: object, label: str, folder: Path) -> Severity:
    return parse_severity(value, label)


def _folder(value: object, label: str, folder: Path) -> Path:
    if not isinstance(value, str):
        raise ConfigError(f"{label} must be a path string")
    return (folder / value).resolve()


def _cache_folder(value: object, label: str, folder: Path) -> Path:
    """As written, never resolved: the cache checks it for links (lint/cache.py)."""
    if not isinstance(value, str):
        raise ConfigError(f"{label} must be a path string")
    return Path(os.path.abspath(folder / value))


def _severities(value: object, label: str, folder: Path) -> dict[str, Severity]:
    if not isinstance(value, dict):
        raise ConfigError(f'{label} must be a table such as {{ TST007 = "error" }}')
    check_codes(tuple(value), label)
    if any(code.upper() == ALL for code in value):  # a severity is looked up by code: ALL would do nothing
        raise ConfigError(f"{label}: name the codes to re-grade, not {ALL}")
    return {code: parse_severity(level, f"{label}.{code}") for code, level in value.items()}


def _boolean(value: object, label: str, folder: Path) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{label} must be true or false, got {value!r}")
    return value


def _command_line_ignores(value: object, label: str, folder: Path) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`--per-file-ignores GLOB:CODES`, repeated."""
    return tuple(_command_line_ignore(item, folder) for item in _string_list(value, label))


class Config(DeclaredRecord):
    """Everything that shapes a lint run: the settings table (each field's `Setting`, `Config.about(name)`:
    how a configuration file and the command line give it, whether it shapes findings, its help). A new
    setting is one field here; `flowlint check` takes its flag, docs/configuration.md lists it. Paths are
    absolute once loaded."""

    min_tests: int = field(
        default=1,
        about=Setting(
            "Minimum tests per tool for TST001 (default 1).",
            "Rule selection",
            _count,
            "an integer",
            flag=Flag(("--min-tests",), type="integer", minimum=0),
        ),
    )
    recommended_tests: int = field(
        default=3,
        about=Setting(
            "Fewer tests than this is a TST001 warning (default 3, the specification's minimum).",
            "Rule selection",
            _count,
            "an integer",
        ),
    )
    spec_version: int | None = field(
        default=None,
        about=Setting(
            "Check every file against FlowMCP specification 3 or 4 (default: the version each file declares).",
            "Rule selection",
            _spec_version,
            '"3" or "4" (or "4.2", "4.0.0"...)',
            flag=Flag(("--spec-version",), metavar="MAJOR"),
        ),
    )
    select: tuple[str, ...] = field(
        default=(),
        about=Setting(
            "Only these rule codes or prefixes (comma-separated).",
            "Rule selection",
            _codes,
            "a list of codes or prefixes",
            flag=Flag(("--select",), kind="multiple", metavar="CODES"),
            command_line=_command_line_codes,
            resets=("extend_select",),
        ),
    )
    ignore: tuple[str, ...] = field(
        default=(),
        about=Setting(
            "Skip these rule codes or prefixes (comma-separated).",
            "Rule selection",
            _codes,
            "a list of codes or prefixes",
            flag=Flag(("--ignore",), kind="multiple", metavar="CODES"),
            command_line=_command_line_codes,
            extends=True,
        ),
    )
    fail_on: Severity = field(
        default=Severity.ERROR,
        about=Setting(
            "Lowest severity that makes the exit code 1 (default error).",
            "Exit status",
            _fail_on,
            '"error", "warning" or "info"',
            fingerprint=False,
            flag=Flag(("--fail-on",), choices=("error", "warning", "info")),
        ),
    )
    lists_dir: Path | None = field(
        default=None,
        about=Setting(
            "Where shared lists live (default: the nearest _lists/ above each file).",
            "Rule selection",
            _folder,
            "a folder, relative to the configuration file",
        ),
    )
    exclude: tuple[str, ...] = field(
        default=(),
        about=Setting(
            "More folders or files to skip when walking folders.",
            "Input and speed",
            _strings,
            "a list of globs",
            fingerprint=False,
        ),
    )
    severity: dict[str, Severity] = field(
        default={},
        about=Setting(
            "A rule's severity instead of its own, by code.",
            "Rule selection",
            _severities,
            'a table of codes and severities, { TST007 = "error" }',
        ),
    )
    source: Path | None = None  # the configuration file it came from (not a setting)
    extend_select: tuple[str, ...] = field(
        default=(),
        about=Setting(
            "Also select these codes or prefixes (comma-separated).",
            "Rule selection",
            _codes,
            "a list of codes or prefixes",
            flag=Flag(("--extend-select",), kind="multiple", metavar="CODES"),
            command_line=_command_line_codes,
            extends=True,
        ),
    )
    # (glob relative to the configuration's folder, codes): `for_file` adds the codes to `ignore`.
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = field(
        default=(),
        about=Setting(
            "Skip CODES in the files GLOB matches (from the working folder; a bare name matches anywhere), "
            "on top of the configuration's per-file-ignores. Repeatable.",
            "Rule selection",
            lambda value, label, folder: _per_file_ignores(value, label),
            'a table of globs and code lists, { "legacy/*.mjs" = ["TST"] }',
            flag=Flag(("--per-file-ignores",), kind="multiple", metavar="GLOB:CODES"),
            command_line=_command_line_ignores,
            extends=True,
        ),
    )
    cache_dir: Path | None = field(
        default=None,
        about=Setting(
            "Where the result cache lives (default .flowlint_cache/ beside the configuration file).",
            "Input and speed",
            _cache_folder,
            "a folder, relative to the configuration file",
            fingerprint=False,
        ),
    )
    # The strict profile: every error rule of the declared specification is an error, including what
    # FlowMCP's runtime tolerates (core/consequence.py); the default profile is the runtime's own verdict.
    strict: bool = field(
        default=False,
        about=Setting(
            "The whole specification: every error rule of the declared version is an error, including what "
            "FlowMCP's runtime tolerates (default: FlowMCP's own verdict plus the test rules).",
            "Rule selection",
            _boolean,
            "true or false",
            flag=Flag(("--strict",), kind="flag"),
        ),
    )

    def for_file(self, path: Path) -> Config:
        """This configuration as it applies to `path`: the codes of matching per-file-ignores ignored."""
        if not self.per_file_ignores:
            return self
        base = self.source.parent if self.source is not None else Path.cwd()
        extra: list[str] = []
        for pattern, codes in self.per_file_ignores:
            if _glob_matches(pattern, path, base):
                extra.extend(code for code in codes if code not in self.ignore and code not in extra)
        # Codes already ignored are not added again: a configuration made for a file stays itself.
        return replace(self, ignore=self.ignore + tuple(extra)) if extra else self

    def settings(self) -> dict[str, object]:
        """Every resolved setting as plain JSON values (what `--show-settings` prints)."""
        values = {name: _plain(getattr(self, name)) for name in SETTINGS}
        values["per_file_ignores"] = {pattern: list(codes) for pattern, codes in self.per_file_ignores}
        return values

    @functools.cached_property
    def fingerprint(self) -> str:
        """A stable hash of every setting that can change a file's findings (`Setting.fingerprint`): equal
        for configurations that lint alike, across processes and runs (the result cache keys on it with
        the file)."""
        data = {key: value for key, value in self.settings().items() if SETTINGS[key].fingerprint}
        text = json.dumps(data, sort_keys=True, ensure_ascii=False)
        return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _settings_table() -> dict[str, Setting]:
    table = {}
    for name in Config._field_names:
        about = Config.about(name)
        if isinstance(about, Setting):
            table[name] = about
    return table


SETTINGS: dict[str, Setting] = _settings_table()
"""The settings table: every field of `Config` that configuration files set (all but `source`), in order."""


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
    matches the file name anywhere below `base`. An absolute pattern (`--per-file-ignores` of the
    command line, made absolute from the working folder) matches the absolute path."""
    absolute = Path(path).absolute()
    if os.path.isabs(pattern):
        return fnmatch.fnmatchcase(absolute.as_posix(), Path(pattern).as_posix())
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
    except RecursionError:  # tomllib reads each level of an array or inline table by recursion
        raise ConfigError(
            f"{source}: cannot read the TOML: arrays or inline tables nested too deeply for Python's TOML "
            "reader (tomllib), which reads each level by recursion"
        ) from None
    if source.name != "pyproject.toml":
        return config_from_table(data, source)
    table = data.get("tool", {}).get("flowlint")
    if table is None:
        return Config(source=source)
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: [tool.flowlint] must be a table")
    return config_from_table(table, source)


def config_from_table(table: dict[str, object], pyproject: Path) -> Config:
    where = f"{pyproject}: [tool.flowlint]" if pyproject.name == "pyproject.toml" else str(pyproject)
    table = {key.replace("-", "_"): value for key, value in table.items()}
    unknown = sorted(set(table) - set(SETTINGS))
    if unknown:
        raise ConfigError(f"{where}: unknown key '{unknown[0]}' (known keys: {', '.join(sorted(SETTINGS))})")
    values: dict[str, object] = {"source": pyproject}
    for key, setting in SETTINGS.items():
        if key in table:
            label = f"{where}: {'per-file-ignores' if key == 'per_file_ignores' else key}"
            assert setting.parse is not None
            values[key] = setting.parse(table[key], label, pyproject.parent)
    return Config.from_options(values)


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


class Overrides(DeclaredRecord):
    """Settings given on the command line, over every file's configuration: each replaces the
    configuration's value, or adds to it where its `Setting` extends (`ignore`, `extend-select`,
    `per-file-ignores`), after emptying what it resets (`select` drops the configuration's
    `extend-select`, as ruff does)."""

    settings: tuple[tuple[str, object], ...] = ()

    @classmethod
    def from_command_line(cls, **given: object) -> Overrides:
        """Overrides from command-line values (as the flags give them: a tuple of strings for a repeatable
        one), each read and checked by its row of the settings table (`--fail-on` names the flag in
        errors). `None`, `False` and empty values are not given; codes are comma-separated and
        upper-cased; `per_file_ignores` are `GLOB:CODES` strings whose globs are read from the working
        folder."""
        cwd = Path.cwd()
        values = {
            key: value for key, value in given.items() if value is not None and value != () and value is not False
        }
        unknown = sorted(set(values) - set(SETTINGS))
        if unknown:
            raise ConfigError(f"--{unknown[0].replace('_', '-')}: not a setting")
        parsed = {
            key: SETTINGS[key].read_command_line(values[key], f"--{key.replace('_', '-')}", cwd)
            for key in SETTINGS
            if key in values
        }
        return cls(settings=tuple(parsed.items()))

    def apply(self, config: Config) -> Config:
        """`config` with these overrides."""
        if not self.settings:
            return config
        given = dict(self.settings)
        changes: dict[str, object] = {reset: () for key in given for reset in SETTINGS[key].resets}
        for key, value in given.items():
            if SETTINGS[key].extends:
                before = changes.get(key, getattr(config, key))
                assert isinstance(before, tuple) and isinstance(value, tuple)
                value = before + value
            changes[key] = value
        # The keys are setting names checked against the settings table when the overrides were made.
        return config.with_fields(changes)


def _command_line_ignore(item: str, cwd: Path) -> tuple[str, tuple[str, ...]]:
    """`--per-file-ignores GLOB:CODES`: a glob with `/` is made absolute from `cwd` (a configuration's
    globs are relative to its own folder); a bare name matches that name anywhere, as in a file."""
    pattern, sep, codes = item.rpartition(":")
    listed = tuple(code.strip().upper() for code in codes.split(",") if code.strip())
    if not sep or not pattern or not listed:
        raise ConfigError(f"--per-file-ignores '{item}': expected GLOB:CODES, such as 'legacy/*.mjs:TST001,TST004'")
    check_codes(listed, f"--per-file-ignores '{item}'")
    if "/" in pattern and not os.path.isabs(pattern):
        pattern = (cwd / pattern.removeprefix("./")).as_posix()
    return pattern, listed


class ConfigResolver:
    """The one place that says which settings apply to a file: the nearest configuration file above
    it (or one forced file, or one given `Config`), with the command line's `overrides` applied, then
    its per-file-ignores. `check`, the API, the language server, standard input, `verify` and the
    result cache all ask it. Each configuration file is read once per resolver (one run)."""

    def __init__(
        self, explicit: Path | None = None, overrides: Overrides | None = None, config: Config | None = None
    ) -> None:
        self.explicit = explicit
        self.overrides = overrides or Overrides()
        self.config = config  # given: every file gets it (with its per-file-ignores), no file is read
        self._by_folder: dict[str, Path | None] = {}
        self._by_file: dict[Path | None, Config] = {}
        self._by_folder_config: dict[str, Config] = {}
        self._matchers: dict[tuple[str, ...], Callable[[str, str], bool]] = {}

        self.real_paths = RealPaths()  # what the walks of this resolver saw (see `discover`)

    def discover(self, targets: list[Path]) -> Discovery:
        """The files under `targets` (see `flowlint.definition.discovery.discover`), each once, in walk
        order. A folder is walked with the exclude patterns of its own configuration, and a file found
        there is dropped when the exclude patterns of the configuration nearest to it name it or a
        folder on the way."""
        found = Discovery()
        files: list[Path] = []
        for target in targets:
            walked = discover([target], self.base_for(target).exclude, self.real_paths)
            found.problems.extend(walked.problems)
            files.extend(file for file in walked.files if file == target or not self._excluded(file, target))
        found.files = list(dict.fromkeys(files))
        return found

    def _excluded(self, file: Path, target: Path) -> bool:
        """Whether the exclude patterns of the configuration nearest to `file` (found by walking `target`)
        name it or a folder between `target` and it, as the walk itself matches them."""
        patterns = self._folder_config(os.path.dirname(os.fspath(file))).exclude
        if not patterns:
            return False
        excluded = self._matchers.get(patterns)
        if excluded is None:
            excluded = self._matchers[patterns] = exclude_matcher(patterns)
        try:
            parts = file.relative_to(target).parts
        except ValueError:
            return False
        top = target.as_posix()
        prefix = "" if top == "." else top + "/"
        for part in parts:
            if excluded(part, prefix + part):
                return True
            prefix += part + "/"
        return False

    def source_for(self, path: Path) -> Path | None:
        """The configuration file that applies to `path` (a file or folder), or None for the defaults."""
        return self._source_of_folder(os.fspath(path if path.is_dir() else path.parent))

    def _source_of_folder(self, folder: str) -> Path | None:
        if self.explicit is not None:
            return self.explicit
        return self._walk_up(self.real_paths.folder(folder or "."))

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
            found = self._config_file_of(folder)
            parent = os.path.dirname(folder)
            if found is not None or parent == folder:
                break
            folder = parent
        for candidate in walked:
            self._by_folder[candidate] = found
        return found

    def _config_file_of(self, folder: str) -> Path | None:
        """`config_file_in(folder)`, from what the walk saw in it when it listed it (no `stat` per name)."""
        seen = [self.real_paths.has(folder, name) for name in CONFIG_FILES]
        if None in seen:
            return config_file_in(Path(folder)) if _has_config_file(folder) else None
        for name, present in zip(CONFIG_FILES, seen, strict=True):
            if present and os.path.isfile(os.path.join(folder, name)):  # a folder may bear the name too
                candidate = Path(folder) / name
                if _declares_flowlint(candidate):
                    return candidate
        return None

    def base_for(self, path: Path) -> Config:
        """The configuration of the folder or file `path`, before per-file-ignores."""
        return self._folder_config(os.fspath(path if path.is_dir() else path.parent))

    def _folder_config(self, folder: str) -> Config:
        """The configuration of the files in `folder` (as written, not resolved), before per-file-ignores:
        worked out once per folder (a library walk has hundreds of files in each few folders)."""
        config = self._by_folder_config.get(folder)
        if config is None:
            source = None if self.config is not None else self._source_of_folder(folder)
            config = self._by_file.get(source)
            if config is None:
                if self.config is not None:
                    loaded = self.config
                else:
                    loaded = read_config_file(source) if source is not None else Config()
                config = self._by_file[source] = self.overrides.apply(loaded)
            self._by_folder_config[folder] = config
        return config

    def for_file(self, path: Path) -> Config:
        """Everything that applies to the file `path` (which need not exist: standard input's name)."""
        config = self._folder_config(os.path.dirname(os.fspath(path)))
        return config.for_file(path) if config.per_file_ignores else config
