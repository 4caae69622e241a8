"""What every format's parser returns: the module's static exports and the problems met while parsing."""

from __future__ import annotations

from dataclasses import dataclass, field

from flowlint.core.nodes import SNode, Span


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """A place where the source does not parse; `span` points at the offending text."""

    message: str
    span: Span


@dataclass(slots=True)
class ParsedModule:
    """The statically known top-level bindings of one source file.

    `exports` maps exported names (`export const main = ...`, `const main = ...; export { main }`,
    a module-level `main = {...}` in Python, `main` of a JSON file) to their static value trees;
    exports whose value is code (`export const handlers = () => ...`) are `NonStatic` nodes.
    `internal_error` is set when the loader itself failed (a defect or a resource limit of flowlint,
    not a problem of the file): the file was not read, and nothing about its syntax is known.
    """

    exports: dict[str, SNode] = field(default_factory=dict)
    problems: list[SyntaxProblem] = field(default_factory=list)
    internal_error: str | None = None
