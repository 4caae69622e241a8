"""Definitions for the MCP commands: files or folders in, `(path, Definition)` pairs out, never run.

Loading itself is `flowlint.capture.definitions.load_definition`, shared with capture and verify.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from flowlint.model import Definition


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
    """Every tool definition under `paths`; files that are not definitions, cannot be read or do not
    parse are skipped with the reason. Raises `UsageError` when a path does not exist.
    """
    from flowlint.api import collect_files
    from flowlint.capture.definitions import load_definition
    from flowlint.config import Config

    result = LoadResult()
    for file in collect_files(paths, Config()):
        loaded = load_definition(file)
        if loaded.definition is None:
            result.skipped.append((file, loaded.reason or "not a tool definition"))
        else:
            result.definitions.append(LoadedDefinition(file, loaded.definition))
    return result
