"""Server params: read `.env` files and pick the values a definition needs.

Values come from the process environment first, then from the env files (a value already in the
environment is never overridden, like python-dotenv and the FlowMCP CLI). Only names a definition
refers to are ever read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from flowlint.core.errors import FileProblem, UsageError
from flowlint.core.fileio import read_regular
from flowlint.core.jsvalues import as_node_reads


def parse_env_text(text: str) -> dict[str, str]:
    """`KEY=VALUE` lines; `export ` prefixes, blank lines, `#` comments and matching quotes handled."""
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key:
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


def read_env_file(path: Path) -> dict[str, str]:
    try:
        return parse_env_text(read_regular(path).decode("utf-8"))
    except (FileProblem, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot read the env file ({error})") from error


def default_env_files(paths: list[Path]) -> list[Path]:
    """`.env` beside each given path (in the folder given, or the folder of a file given), if present."""
    found: list[Path] = []
    for path in paths:
        folder = path if path.is_dir() else path.parent
        candidate = folder / ".env"
        if candidate.is_file() and candidate.resolve() not in {f.resolve() for f in found}:
            found.append(candidate)
    return found


def build_environment(env_files: list[Path], environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Merged server-param source: later files fill gaps, the process environment wins. A value of the
    environment whose bytes are not UTF-8 (Python keeps them as surrogate escapes) is read as node
    reads it (`as_node_reads`), each bad sequence a U+FFFD: the value FlowMCP would send, and one that
    can be encoded."""
    merged: dict[str, str] = {}
    for file in env_files:
        for key, value in read_env_file(file).items():
            merged.setdefault(key, value)
    for key, value in (os.environ if environ is None else environ).items():
        merged[key] = as_node_reads(value)
    return merged
