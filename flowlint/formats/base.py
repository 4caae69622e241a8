"""What every format's parser returns -- the module's static exports and the problems met while
parsing -- and what the parsers share: how an object literal with spreads is merged (`SpreadMerger`)."""

from __future__ import annotations

from flowlint.core.nodes import SEntry, SNode, Span
from flowlint.core.record import FrozenRecord, Record

UNKNOWN_KEY = "..."
"""Key of object entries whose key cannot be known statically (non-static spread or computed key)."""


class SyntaxProblem(FrozenRecord):
    """A place where the source does not parse; `span` points at the offending text."""

    __slots__ = ("message", "span")

    message: str
    span: Span

    def __init__(self, message: str, span: Span) -> None:
        self.message = message
        self.span = span


class ParsedModule(Record):
    """The statically known top-level bindings of one source file.

    `exports` maps exported names (`export const main = ...`, `const main = ...; export { main }`,
    a module-level `main = {...}` in Python, `main` of a JSON file) to their static value trees;
    exports whose value is code (`export const handlers = () => ...`) are `NonStatic` nodes.
    `internal_error` is set when the loader itself failed (a defect or a resource limit of flowlint,
    not a problem of the file): the file was not read, and nothing about its syntax is known.
    """

    __slots__ = ("exports", "internal_error", "problems")

    exports: dict[str, SNode]
    problems: list[SyntaxProblem]
    internal_error: str | None

    def __init__(
        self,
        exports: dict[str, SNode] | None = None,
        problems: list[SyntaxProblem] | None = None,
        internal_error: str | None = None,
    ) -> None:
        self.exports = {} if exports is None else exports
        self.problems = [] if problems is None else problems
        self.internal_error = internal_error


class SpreadMerger:
    """Builds the entries of an object literal that contains a spread (`{...base, a: 1}` in
    JavaScript, `{**base, 'a': 1}` in Python); every loader merges spreads with this one class.

    JavaScript and Python agree: members are assigned in order, so a key that is already present
    keeps its *first position* and takes the *last value* (`{...{a: 1, b: 2}, a: 3}` is `{a: 3, b: 2}`,
    and spreading an object that has a duplicate key gives one entry). Here an entry that replaces
    another is put at the earlier entry's position (with its own spans) whenever the earlier or the
    new entry comes from a spread. Two *explicit* members with one key (`{a: 1, a: 2}`) stay two
    entries, as in an object without spreads, so rules can still report the duplicate.
    Entries with `UNKNOWN_KEY` (a non-static spread, a computed key) are never merged.

    Loaders build plain lists until they meet the first spread, then wrap the list:
    `merger = SpreadMerger(entries)`; `merger.add(entry)` for an explicit member,
    `merger.spread(entry)` for each member a spread contributes; `entries` is updated in place.
    """

    __slots__ = ("entries", "from_spread", "positions")

    def __init__(self, entries: list[SEntry]) -> None:
        self.entries = entries
        # the position of each key (the last one of explicit duplicates)
        self.positions = {entry.key: index for index, entry in enumerate(entries)}
        self.from_spread: set[str] = set()  # keys whose current entry comes from a spread

    def add(self, entry: SEntry) -> None:
        """An explicit `key: value` member (a shorthand, a method...)."""
        key = entry.key
        if key in self.from_spread:  # it overrides a spread entry, in place
            self.entries[self.positions[key]] = entry
            self.from_spread.discard(key)
            return
        if key != UNKNOWN_KEY:
            self.positions[key] = len(self.entries)
        self.entries.append(entry)

    def spread(self, entry: SEntry) -> None:
        """A member contributed by a spread."""
        key = entry.key
        if key == UNKNOWN_KEY:
            self.entries.append(entry)
            return
        position = self.positions.get(key)
        if position is None:
            self.positions[key] = len(self.entries)
            self.entries.append(entry)
        else:
            self.entries[position] = entry
        self.from_spread.add(key)
