"""Small value classes without code generation: equality, hashing and repr from their fields.

A dataclass `exec`s its generated methods when its module is imported (about 0.7 ms a class, a
quarter of a one-file `flowlint check`); the classes that command loads are written by hand on these
bases instead. A class declares its fields as a dataclass does (annotated attributes, in order;
`__slots__` beside them where it has slots) and writes an `__init__` that takes them as parameters
of the same names (`replace` relies on it); `_not_compared` names fields that equality ignores.
`DeclaredRecord` spares the `__init__`: its fields are declared once, with their defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self, dataclass_transform

__all__ = ["DeclaredRecord", "FrozenRecord", "Record", "replace"]


# `dataclass_transform` tells mypy that every record is dataclass-like: its fields are the annotated
# attributes, so `replace` below (which mypy reads as `dataclasses.replace`) rejects an unknown or
# mistyped field at type-checking time, and a class's own `__init__` is checked as written.
@dataclass_transform()
class Record:
    """Equal to an instance of the same class with equal fields; not hashable (it may change)."""

    __slots__: tuple[str, ...] = ()
    __hash__ = None  # type: ignore[assignment]
    _field_names: ClassVar[tuple[str, ...]] = ()
    _compared: ClassVar[tuple[str, ...]] = ()
    _not_compared: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        annotations = cls.__annotations__  # this class's own, in order (an empty dict when it has none)
        names = tuple(name for name, kind in annotations.items() if "ClassVar" not in str(kind))
        cls._field_names = tuple(names)
        cls._compared = tuple(name for name in names if name not in cls._not_compared)

    def _fields(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def with_fields(self, changes: dict[str, Any]) -> Self:
        """A copy with the fields named in `changes` changed, for names known only at run time (a setting
        name from the command line, checked against its table first); the record's `__init__` refuses an
        unknown one. Code that names the fields writes `replace(record, name=value)`, which mypy checks."""
        values = {name: getattr(self, name) for name in self._field_names}
        values.update(changes)
        return type(self)(**values)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._field_names)
        return f"{type(self).__qualname__}({shown})"


class FrozenRecord(Record):
    """A record that is not changed once made (by convention, not checked at runtime), so hashable."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._fields())


@dataclass_transform(kw_only_default=True)
class DeclaredRecord(FrozenRecord):
    """A frozen record whose fields are declared once, each with its default (`fix: bool = False`): the
    keyword-only constructor is the base's, typed for mypy by `dataclass_transform` (an unknown or
    mistyped keyword is a type error) and checked at run time, with no generated code. For option
    records: `CheckRequest.from_options(click_options)`."""

    _defaults: ClassVar[dict[str, object]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._defaults = {name: cls.__dict__[name] for name in cls._field_names if name in cls.__dict__}

    def __init__(self, **values: Any) -> None:
        unknown = sorted(set(values) - set(self._field_names))
        if unknown:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {unknown[0]!r}")
        for name in self._field_names:
            if name in values:
                setattr(self, name, values[name])
            elif name in self._defaults:
                setattr(self, name, self._defaults[name])
            else:
                raise TypeError(f"{type(self).__name__}() missing the keyword argument {name!r}")

    @classmethod
    def from_options(cls, options: dict[str, object]) -> Self:
        """The record of a command's parsed options (click passes them by parameter name)."""
        return cls(**options)


if TYPE_CHECKING:
    # mypy's dataclass plugin checks the keywords of `dataclasses.replace` against the record's fields.
    from dataclasses import replace
else:

    def replace(record, /, **changes):
        """A copy of `record` with some fields changed (what `dataclasses.replace` does: the class is called
        anew, so its `__init__` sees every field). Typed as `dataclasses.replace`: mypy rejects a field the
        record does not have."""
        return record.with_fields(changes)
