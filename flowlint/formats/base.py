"""What every format's parser returns -- the module's static exports and the problems met while
parsing -- and what the parsers share: how an object literal with spreads is merged (`SpreadMerger`)
and how much evaluating a file may cost (`WorkBudget`)."""

from __future__ import annotations

from flowlint.core.nodes import SArray, SEntry, SNode, SObject, Span, SScalar
from flowlint.core.record import FrozenRecord, Record, field

UNKNOWN_KEY = "..."
"""Key of object entries whose key cannot be known statically (non-static spread or computed key)."""


class SyntaxProblem(FrozenRecord, slots=True):
    """A place where the source does not parse; `span` points at the offending text."""

    message: str
    span: Span


MAX_EVALUATION_WORK = 1_000_000
"""The most work evaluating one file's bindings may take, in values (see `WorkBudget`)."""

CHARACTERS_PER_VALUE = 64
"""A computed or referenced string counts one value per this many characters."""


class EvaluationBudgetExceeded(Exception):
    """Raised by `WorkBudget.charge` when a file's evaluation would take more than its budget."""

    def __init__(self, span: Span, limit: int) -> None:
        super().__init__("evaluation budget exceeded")
        self.span = span
        self.limit = limit

    def problem(self) -> SyntaxProblem:
        """What the loader reports (`ParsedModule.over_budget`)."""
        return SyntaxProblem(
            f"evaluating this file's values takes more than {self.limit:,} values (constants that repeat other "
            "constants multiply the work); FlowMCP would evaluate it, but flowlint cannot check it",
            self.span,
        )


class WorkBudget:
    """The work a loader may spend evaluating one file, counted in values, never in seconds.

    The values a file spells out are bounded by its size; what is not is reuse: a reference to a
    constant stands for every value that constant holds, so `const a2 = [a1, a1, ...]` repeated over a
    few lines stands for millions of values that every rule would walk. Each reference, spread item and
    computed string (`+`, `JSON.stringify`) is charged what it stands for -- a container 1 plus its
    members, a string 1 per `CHARACTERS_PER_VALUE` characters -- and `charge` raises
    `EvaluationBudgetExceeded` once more than `limit` has been charged. Measuring a tree is memoized per
    container, so charging a reference costs the same whatever the tree's size.
    """

    __slots__ = ("_measured", "left", "limit")

    def __init__(self, limit: int = MAX_EVALUATION_WORK) -> None:
        self.limit = limit
        self.left = limit
        # id of a container -> (the container, kept alive so the id stays its own; height; size)
        self._measured: dict[int, tuple[SNode, int, int]] = {}

    @property
    def spent(self) -> int:
        return self.limit - self.left

    def charge(self, units: int, span: Span) -> None:
        """Count `units` of work done at `span`; raise once the budget is exceeded."""
        self.left -= units
        if self.left < 0:
            raise EvaluationBudgetExceeded(span, self.limit)

    def charge_text(self, length: int, span: Span) -> None:
        """Count a string of `length` characters about to be computed (`+`, `JSON.stringify`)."""
        self.charge(1 + length // CHARACTERS_PER_VALUE, span)

    def charge_tree(self, node: SNode, span: Span) -> int:
        """Charge what a reference to `node` stands for; return the tree's height (a scalar is 1)."""
        height, size = self.measure(node)
        self.charge(size, span)
        return height

    def measure(self, node: SNode) -> tuple[int, int]:
        """(height, size) of a value tree, as `charge_tree` counts it."""
        if isinstance(node, SScalar):
            value = node.value
            return 1, (1 + len(value) // CHARACTERS_PER_VALUE if isinstance(value, str) else 1)
        if not isinstance(node, (SObject, SArray)):
            return 1, 1
        known = self._measured.get(id(node))
        if known is not None:
            return known[1], known[2]
        children = [entry.value for entry in node.entries] if isinstance(node, SObject) else node.items
        height = size = 0
        for child in children:
            child_height, child_size = self.measure(child)
            height = max(height, child_height)
            size += child_size
        self._measured[id(node)] = (node, height + 1, size + 1)
        return height + 1, size + 1


class ParsedModule(Record, slots=True):
    """The statically known top-level bindings of one source file.

    `exports` maps exported names (`export const main = ...`, `const main = ...; export { main }`,
    a module-level `main = {...}` in Python, `main` of a JSON file) to their static value trees;
    exports whose value is code (`export const handlers = () => ...`) are `NonStatic` nodes.
    `internal_error` is set when the loader itself failed (a defect or a resource limit of flowlint,
    not a problem of the file): the file was not read, and nothing about its syntax is known.
    `over_budget` is set when evaluating the file took more than its `WorkBudget`: it says where, and
    `exports` is then empty.
    """

    exports: dict[str, SNode] = field(default_factory=dict)
    problems: list[SyntaxProblem] = field(default_factory=list)
    internal_error: str | None = None
    over_budget: SyntaxProblem | None = None


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
