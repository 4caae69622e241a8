"""Load definitions for the MCP commands: files or folders in, `(path, Definition)` pairs out, never run."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from flowlint.errors import UsageError
from flowlint.model import Definition, build_definition


@dataclass(frozen=True, slots=True)
class LoadedDefinition:
    path: Path
    definition: Definition

    @property
    def namespace(self) -> str:
        return self.definition.namespace or self.path.stem


@dataclass(slots=True)
class LoadResult:
    definitions: list[LoadedDefinition] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)


def load_definitions(paths: list[Path]) -> LoadResult:
    """Every tool definition under `paths`; files that are not definitions or do not parse are skipped.

    Raises `UsageError` when a path does not exist.
    """
    from flowlint.api import collect_files
    from flowlint.config import Config
    from flowlint.engine import classify
    from flowlint.loaders import parse_file_bytes

    result = LoadResult()
    for file in collect_files(paths, Config()):
        try:
            data = file.read_bytes()
        except OSError as error:
            raise UsageError(f"{file}: cannot read ({error.strerror or error})") from error
        try:
            module = parse_file_bytes(data, file.suffix.lower())
        except ImportError as error:  # a loader whose optional dependency is missing
            result.skipped.append((file, f"cannot load {file.suffix} files here ({error})"))
            continue
        kind, reason, main = classify(module, file.suffix.lower())
        if kind != "definition" or main is None:
            result.skipped.append((file, reason or "not a tool definition"))
            continue
        if module.problems:
            result.skipped.append((file, f"does not parse: {module.problems[0].message}"))
            continue
        definition = build_definition(main, has_handlers="handlers" in module.exports)
        result.definitions.append(LoadedDefinition(file, definition))
    return result
