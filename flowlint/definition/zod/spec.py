"""A parsed z block (`ZSpec`): the primitive and options as FlowMCP's runtime applies them."""

from __future__ import annotations

from flowlint.core.jsregex import JsRegex
from flowlint.core.jsvalues import js_number
from flowlint.core.record import FrozenRecord
from flowlint.definition.zod.facts import ZNote

__all__ = ["KNOWN_OPTIONS", "PRIMITIVES", "ListRef", "ZSpec"]

PRIMITIVES = ("string", "number", "boolean", "enum", "array", "object")
KNOWN_OPTIONS = ("min", "max", "length", "optional", "default", "regex")


class ListRef(FrozenRecord):
    """`enum({{list:field}})`: enum values taken from a field of a shared list."""

    __slots__ = ("field", "name")

    name: str
    field: str

    def __init__(self, name: str, field: str) -> None:
        self.name = name
        self.field = field


class ZSpec(FrozenRecord):
    """A parsed z block."""

    __slots__ = (
        "default",
        "default_misfit",
        "enum_values",
        "has_default",
        "ignored_bounds",
        "kind",
        "length",
        "list_ref",
        "max",
        "min",
        "notes",
        "optional",
        "optional_after_default",
        "pattern",
        "primitive_text",
        "regex",
    )
    _not_compared = frozenset({"notes"})

    kind: str
    primitive_text: str
    enum_values: tuple[str, ...] | None
    list_ref: ListRef | None
    min: float | None
    max: float | None
    length: int | None
    optional: bool
    has_default: bool
    default: object
    # The default does not fit the primitive: a call that omits the parameter is refused where the runtime
    # applies the default (see `omission_refused`), and the parameter stays a required input of the MCP tool.
    default_misfit: bool
    # optional() is written after default(): the 3.x runtime, which applies options in order, then lets an
    # omitted value through as undefined and never applies the default; 4.x sorts optional() first.
    optional_after_default: bool
    # Bounds ZodBuilder reads as NaN (`min(abc)`, `length()`): zod ignores them, and the MCP SDK lists them
    # as null in the tool's inputSchema (`"minimum": null`); by option name: "min", "max", "length".
    ignored_bounds: tuple[str, ...]
    regex: str | None
    pattern: JsRegex | None  # a linear-time matcher; None: no regex(), or one flowlint cannot match
    notes: tuple[ZNote, ...]  # what the rules report (ZFact)

    def __init__(
        self,
        kind: str,
        primitive_text: str,
        enum_values: tuple[str, ...] | None = None,
        list_ref: ListRef | None = None,
        min: float | None = None,
        max: float | None = None,
        length: int | None = None,
        optional: bool = False,
        has_default: bool = False,
        default: object = None,
        default_misfit: bool = False,
        optional_after_default: bool = False,
        ignored_bounds: tuple[str, ...] = (),
        regex: str | None = None,
        pattern: JsRegex | None = None,
        notes: tuple[ZNote, ...] = (),
    ) -> None:
        self.kind = kind
        self.primitive_text = primitive_text
        self.enum_values = enum_values
        self.list_ref = list_ref
        self.min = min
        self.max = max
        self.length = length
        self.optional = optional
        self.has_default = has_default
        self.default = default
        self.default_misfit = default_misfit
        self.optional_after_default = optional_after_default
        self.ignored_bounds = ignored_bounds
        self.regex = regex
        self.pattern = pattern
        self.notes = notes

    def default_applied(self, generation: int) -> bool:
        """Whether that generation's runtime puts the default in when the parameter is omitted."""
        return self.has_default and (generation == 4 or not self.optional_after_default)

    def omission_refused(self, generation: int) -> bool:
        """Whether that generation's runtime refuses a call that omits the parameter: no optional() and no
        default(), or a default that does not fit where the runtime applies it."""
        return self.required or (self.default_misfit and self.default_applied(generation))

    @property
    def required(self) -> bool:
        return not (self.optional or self.has_default)

    @property
    def broken(self) -> bool:
        return any(note.broken for note in self.notes)

    def describe(self) -> str:
        """The primitive and its constraints as written, e.g. `number() with min(1), max(250)`."""
        parts = []
        if self.min is not None:
            parts.append(f"min({js_number(self.min)})")
        if self.max is not None:
            parts.append(f"max({js_number(self.max)})")
        if self.length is not None:
            parts.append(f"length({self.length})")
        if self.regex is not None:
            parts.append(f"regex({self.regex})")
        return self.primitive_text + (" with " + ", ".join(parts) if parts else "")
