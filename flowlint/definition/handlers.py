"""Which tools a definition's handlers serve, by kind (`preRequest`, `postRequest`, `executeRequest`): best
effort, read from the handlers' text when they are code (as they are in a `.mjs` definition)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from flowlint.core.nodes import NonStatic, SNode, SObject

__all__ = ["RAW_HANDLERS", "REQUEST_HANDLERS", "handled_tools", "tools_with_handlers"]

RAW_HANDLERS = ("postRequest", "executeRequest")
"""Handlers that change a tool's data: with one of them, the API's raw data is not the tool's output."""
REQUEST_HANDLERS = ("preRequest", "executeRequest")
"""Handlers that rewrite or replace a tool's request: checks of what the request looks like become advice."""


def handled_tools(handlers: SNode | None, names: list[str], kinds: tuple[str, ...]) -> frozenset[str]:
    """Of the tools `names`, those whose `handlers` define one of `kinds` (`preRequest`, `postRequest`,
    `executeRequest`): best effort."""
    if handlers is None:
        return frozenset()
    if isinstance(handlers, NonStatic):
        if not any(kind in handlers.source for kind in kinds):  # most handlers have postRequest only
            return frozenset()
        found = tools_with_handlers(handlers.source, names, kinds)
        if not found and any(re.search(r"\b" + kind + r"\b", handlers.source) for kind in kinds):
            return frozenset(names)  # handlers built by code (`buildHandler( name )`): any tool may have one
        return frozenset(found)
    if isinstance(handlers, SObject):
        return frozenset(name for name in names if handlers.get(name) is not None)
    return frozenset()


def tools_with_handlers(source: str, names: list[str], kinds: tuple[str, ...] = RAW_HANDLERS) -> set[str]:
    """Tools whose handler object holds `postRequest` or `executeRequest` (best effort, by text).

    For each tool name, find `name: {` (quoted or not) in the handlers' source, take the balanced
    braces that follow, and look for the handler names inside. `preRequest` alone changes the request,
    not the data, so it does not make the data raw.
    """
    found: set[str] = set()
    for name in names:
        for end in _key_blocks(source, name):
            block = _balanced(source, end - 1)
            if any(re.search(r"\b" + h + r"\b", block) for h in kinds):
                found.add(name)
                break
    return found


_KEY_TAIL = re.compile(r"\s*:\s*\{")


def _key_blocks(source: str, name: str) -> Iterator[int]:
    """Where each `name: {` ends (just after the brace), left to right without overlaps: the name bare
    or quoted, at the start or after whitespace, `,`, `{` or `(`. This is what `re.finditer` of
    `(?:^|[\\s,{(])(['"]?)NAME\\1\\s*:\\s*\\{` finds, without compiling a pattern for every tool name: a
    match can only start one or two characters before an occurrence of the name (or at 0)."""
    starts: set[int] = set()
    at = source.find(name)
    while at != -1:
        starts.update((at - 2, at - 1, at))
        at = source.find(name, at + 1)
    position = 0
    for start in sorted(starts):
        if start >= position and start >= 0:
            end = _key_block_at(source, name, start)
            if end is not None:
                yield end
                position = end


def _key_block_at(source: str, name: str, start: int) -> int | None:
    """The end of the `name: {` match that starts at `start`, trying the alternatives in the regex's
    order: `^` (start 0 only), then one of whitespace `,{(`; then a quote around the name, then none."""
    firsts = [0] if start == 0 else []
    if start < len(source) and (source[start].isspace() or source[start] in ",{("):
        firsts.append(start + 1)
    for first in firsts:
        quote = source[first : first + 1]
        if quote in ("'", '"') and source.startswith(name, first + 1):
            closing = first + 1 + len(name)
            if source.startswith(quote, closing):
                tail = _KEY_TAIL.match(source, closing + 1)
                if tail is not None:
                    return tail.end()
        if source.startswith(name, first):
            tail = _KEY_TAIL.match(source, first + len(name))
            if tail is not None:
                return tail.end()
    return None


_BALANCE_STOPS = re.compile(r"[\\'\"`{}]")
"""The characters `_balanced` acts on: quotes, backslashes and braces (everything else is skipped at once)."""


def _balanced(text: str, start: int) -> str:
    depth = 0
    quote: str | None = None
    search = _BALANCE_STOPS.search
    index = start
    while (stop := search(text, index)) is not None:
        index = stop.start()
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
