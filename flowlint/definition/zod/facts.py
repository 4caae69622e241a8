"""What a z block says, as facts: each one a way the runtime reads the block otherwise than it seems,
refuses it, or that flowlint cannot check. The parser records them (parse.py); rules word them."""

from __future__ import annotations

from enum import StrEnum

from flowlint.core.record import DeclaredRecord

__all__ = ["BREAKING_FACTS", "ZFact", "ZNote"]


class ZFact(StrEnum):
    """What a z block says, where the runtime reads it otherwise, refuses it or flowlint cannot use it.

    The z engine records every fact it finds; each is one declared row (`ZRow`) of the rule that owns it,
    with its message, severity, consequence per generation and fix: VAL044 the primitive, VAL046 enum
    values, VAL045 the items of z.options, FL012 the options themselves, FL005 a pattern flowlint cannot
    check. Where two facts are about one node, lint/ownership.py says which one is reported."""

    # z.primitive
    PRIMITIVE_NOT_TEXT = "primitive-not-text"  # not a string: ZodBuilder throws
    PRIMITIVE_NOT_CALL = "primitive-not-call"  # 'string': built as string()
    PRIMITIVE_UNKNOWN = "primitive-unknown"  # 'int()': built as string()
    PRIMITIVE_ARGUMENTS = "primitive-arguments"  # 'string(5)': the argument is ignored
    PRIMITIVE_READ_AS = "primitive-read-as"  # ' number()': the runtime's prefix match reads another primitive
    # enum(...) values
    ENUM_UNCLOSED = "enum-unclosed"  # enum(a,b: ZodBuilder throws "Invalid enum type"
    ENUM_NO_VALUES = "enum-no-values"
    ENUM_ARRAY = "enum-array"  # enum(['a','b'])
    ENUM_SPACES = "enum-spaces"
    ENUM_EMPTY_VALUE = "enum-empty-value"
    ENUM_REPEATED = "enum-repeated"
    # the items of z.options
    OPTION_HOLE = "option-hole"
    OPTION_NOT_TEXT = "option-not-text"  # not a string: ZodBuilder throws
    OPTION_SEVERAL = "option-several"  # several calls in one string: the runtime applies the first
    # one option
    OPTION_NOT_CALL = "option-not-call"
    OPTION_READ_AS = "option-read-as"  # ' optional()': the runtime's prefix match misses it
    OPTION_UNKNOWN = "option-unknown"
    OPTION_NOT_APPLICABLE = "option-not-applicable"  # min() on boolean(): ZodBuilder throws
    BOUND_IGNORED = "bound-ignored"  # min(x): parseFloat gives NaN, which zod ignores
    BOUND_READ_AS = "bound-read-as"  # min(10abc): parseFloat reads min(10)
    LENGTH_IGNORED = "length-ignored"  # length(x): parseInt gives NaN, which zod ignores
    LENGTH_READ_AS = "length-read-as"  # length(3.5): parseInt reads length(3)
    LENGTH_NEGATIVE = "length-negative"  # length(-1): no value has that length
    OPTIONAL_ARGUMENT = "optional-argument"  # optional(true)
    REGEX_SLASHES = "regex-slashes"  # regex(/a/): the slashes are part of the pattern
    REGEX_INVALID = "regex-invalid"  # new RegExp() throws
    REGEX_UNCHECKED = "regex-unchecked"  # valid JavaScript that flowlint cannot translate
    DEFAULT_QUOTED = "default-quoted"  # default('x'): the quotes are part of the value
    DEFAULT_MISFIT = "default-misfit"  # a default the primitive refuses: an omitted value is refused
    # ...with optional() after default(): 3.x lets an omitted value through (never applying the default),
    # 4.x sorts optional() first and refuses it
    DEFAULT_MISFIT_OPTIONAL_LAST = "default-misfit-optional-last"
    CONSTRAINT_AFTER_WRAPPER = "constraint-after-wrapper"  # min() after optional()/default() (3.x throws)


# The facts after which the block cannot validate values (`ZSpec.broken`): the fact stands for the
# parameter's test values, which are not reported again (no TST004 cascade; lint/ownership.py).
BREAKING_FACTS = frozenset(
    {
        ZFact.PRIMITIVE_NOT_TEXT,
        ZFact.ENUM_UNCLOSED,
        ZFact.ENUM_NO_VALUES,
        ZFact.ENUM_ARRAY,
        ZFact.OPTION_NOT_TEXT,
        ZFact.LENGTH_NEGATIVE,
    }
)


class ZNote(DeclaredRecord):
    """One fact about a z block, and what it is about: `option_index` names the option (None: the
    primitive); `written` is the primitive or option text as written. The other fields hold what the fact
    needs; each fact's producer in this module says which."""

    fact: ZFact
    option_index: int | None = None
    written: str = ""
    # The text that the runtime reads as the author meant, where one exists (a fix writes it).
    replacement: str | None = None
    name: str = ""  # the option's or primitive's name
    argument: str = ""  # its argument as written
    items: tuple[str, ...] = ()  # the calls in one string, the enum values, the repeated values...
    reason: str = ""  # why: a regex syntax error, the default's mismatch, the wrapper a constraint follows...
    value: object = None  # the default's value, a non-string primitive or option
    quoted: bool = False  # a default's mismatch comes from its quotes
    optional_last: bool = False  # optional() follows default()
    covers: tuple[int, ...] = ()  # other options this fact is about (enum()'s values(...) option)

    @property
    def broken(self) -> bool:
        return self.fact in BREAKING_FACTS
