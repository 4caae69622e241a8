"""Load definitions for capture and verify, and find which tools have JavaScript handlers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from flowlint.api import display_path
from flowlint.engine import classify
from flowlint.loaders import parse_file_bytes
from flowlint.model import Definition, build_definition
from flowlint.nodes import NonStatic, SObject

RAW_HANDLERS = ("postRequest", "executeRequest")


@dataclass
class LoadedDefinition:
    path: Path
    display: str
    data: bytes
    kind: str  # definition | skipped | error
    reason: str = ""
    definition: Definition | None = None
    handler_tools: set[str] = field(default_factory=set)

    @property
    def namespace(self) -> str:
        if self.definition is not None and self.definition.namespace:
            return self.definition.namespace
        return self.path.stem


def load_definition(path: Path) -> LoadedDefinition:
    """Read and classify one file; never raises for a bad file (kind `error` with a reason)."""
    display = display_path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return LoadedDefinition(path, display, b"", "error", f"cannot read the file: {error.strerror}")
    try:
        module = parse_file_bytes(data, path.suffix.lower())
    except Exception as error:
        reason = f"cannot parse: {type(error).__name__}: {error}"
        return LoadedDefinition(path, display, data, "error", reason)
    if module.problems:
        return LoadedDefinition(path, display, data, "error", f"syntax error: {module.problems[0].message}")
    kind, reason, main = classify(module, path.suffix.lower())
    if main is None:
        return LoadedDefinition(path, display, data, kind, reason)
    handlers = module.exports.get("handlers")
    definition = build_definition(main, has_handlers=handlers is not None)
    loaded = LoadedDefinition(path, display, data, "definition", definition=definition)
    if handlers is not None:
        names = [t.name for t in definition.tools if t.kind == "tool"]
        if isinstance(handlers, NonStatic):
            loaded.handler_tools = tools_with_handlers(handlers.source, names)
        elif isinstance(handlers, SObject):
            loaded.handler_tools = {n for n in names if handlers.get(n) is not None}
    return loaded


def tools_with_handlers(source: str, names: list[str]) -> set[str]:
    """Tools whose handler object holds `postRequest` or `executeRequest` (best effort, by text).

    For each tool name, find `name: {` (quoted or not) in the handlers' source, take the balanced
    braces that follow, and look for the handler names inside. `preRequest` alone changes the request,
    not the data, so it does not make the data raw.
    """
    found: set[str] = set()
    for name in names:
        pattern = re.compile(r"(?:^|[\s,{(])(['\"]?)" + re.escape(name) + r"\1\s*:\s*\{")
        for match in pattern.finditer(source):
            block = _balanced(source, match.end() - 1)
            if any(re.search(r"\b" + h + r"\b", block) for h in RAW_HANDLERS):
                found.add(name)
                break
    return found


def _balanced(text: str, start: int) -> str:
    depth = 0
    quote: str | None = None
    index = start
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = None
        elif char in "'\"`":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return text[start : index + 1]
        index += 1
    return text[start:]
