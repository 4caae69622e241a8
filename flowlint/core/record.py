"""Declared records: small value classes whose fields are declared once, as a dataclass's are.

A record class lists its fields as annotated attributes, in order, each with its default where it has
one; its `__init__` (positional or by keyword, in that order; keyword-only for `DeclaredRecord`),
equality, hashing (`FrozenRecord`) and repr come from that declaration. `slots=True` in the class
statement gives it `__slots__` of its fields (the hot node and finding classes); `_not_compared` names
fields that equality ignores. A class whose construction does more than store its arguments (fill in
a default object, check a value) writes its own `__init__` beside its declared fields.

Why not `dataclasses`: a dataclass costs about 1 ms when its module is imported (it builds and checks
every method through `inspect`), 40 ms for flowlint's records: most of what a one-file `flowlint check`
may spend starting. A record compiles its `__init__` alone, from the declaration (about 0.03 ms): to
mypy every record is a dataclass (`dataclass_transform`), so `replace` (which mypy reads as
`dataclasses.replace`) and every constructor are checked against the declared fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, dataclass_transform, overload

__all__ = ["DeclaredRecord", "FrozenRecord", "Record", "field", "replace"]

T = TypeVar("T")


class _Field:
    """A default given through `field`, with what the class's table says about the field (`about`)."""

    __slots__ = ("about", "default", "factory")

    def __init__(self, default: object, factory: Callable[[], object] | None, about: object) -> None:
        self.default = default
        self.factory = factory
        self.about = about


@overload
def field(*, default: T, about: object = None) -> T: ...
@overload
def field(*, default_factory: Callable[[], T], about: object = None) -> T: ...
def field(*, default: object = None, default_factory: Callable[[], object] | None = None, about: object = None) -> Any:
    """A field's default (`default`, or `default_factory()` made anew for each record that is not given
    one: a list, a dict), and `about`: what else the record's table says about the field (a setting's
    parser, flag and help, for example; `Record.about` gives it back by field name)."""
    return _Field(default, default_factory, about)


_NO_DEFAULT = object()


class _RecordType(type):
    """Makes a record class from its declaration: the fields (the base record's, then its own annotated
    attributes that are not ClassVars), their defaults, `__slots__` of its own fields when asked for
    (`slots=True`), and an `__init__` unless the class writes one."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **options: Any) -> Any:
        slots = options.pop("slots", False)
        if namespace.get("__module__") == __name__:  # Record, FrozenRecord and DeclaredRecord themselves
            return super().__new__(mcls, name, bases, namespace, **options)
        base: Any = next((b for b in bases if isinstance(b, _RecordType)), None)
        inherited: tuple[str, ...] = base._field_names if base is not None else ()
        defaults: dict[str, object] = dict(base._defaults) if base is not None else {}
        about: dict[str, object] = dict(base._about) if base is not None else {}
        annotations = namespace.get("__annotations__", {})
        own = tuple(key for key, kind in annotations.items() if "ClassVar" not in str(kind) and key not in inherited)
        for key in own:
            value = namespace.get(key, _NO_DEFAULT)
            if isinstance(value, _Field):
                about[key] = value.about
                value = _Factory(value.factory) if value.factory is not None else value.default
            if value is not _NO_DEFAULT:
                defaults[key] = value
                if slots or "__slots__" in namespace or isinstance(value, _Factory):  # (a slot and a class
                    # attribute cannot share a name)
                    namespace.pop(key, None)
                else:
                    namespace[key] = value
        if slots:
            namespace["__slots__"] = own
        cls: Any = super().__new__(mcls, name, bases, namespace, **options)
        names = inherited + own
        cls._field_names = names
        cls._defaults = defaults
        cls._about = about
        cls._compared = tuple(key for key in names if key not in cls._not_compared)
        if "__init__" not in namespace and own:
            cls.__init__ = _declared_init(cls, names, defaults, keyword_only=cls._keyword_only)
        return cls


class _Factory:
    """A field's default made anew for each record (`field(default_factory=...)`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


def _declared_init(cls: type, names: tuple[str, ...], defaults: dict[str, object], keyword_only: bool) -> Any:
    """The class's `__init__` (`_make_init`), compiled when its first record is made: compiling the 43
    record classes' at import took about 6 ms of a 60 ms start-up, and a run makes records of few of them.
    The order of the fields is checked now, as the class is declared."""
    if not keyword_only:
        with_default = [key in defaults for key in names]
        if True in with_default and False in with_default[with_default.index(True) :]:
            raise TypeError(f"{cls.__qualname__}: a field without a default follows one with a default")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _make_init(cls, names, defaults, keyword_only)
        cls.__init__ = init  # type: ignore[misc]  # (every later record of the class calls it directly)
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.declared = True  # type: ignore[attr-defined]
    return __init__


def _make_init(cls: type, names: tuple[str, ...], defaults: dict[str, object], keyword_only: bool) -> Any:
    """`def __init__(self, a, b=<default>): self.a = a; self.b = b`, compiled once for the class (what a
    dataclass generates, without the rest of its machinery); a field with a default factory is made
    anew when it is not given, and `__post_init__`, when the class has one, runs last."""
    parameters, body = [], []
    for key in names:
        default = defaults.get(key, _NO_DEFAULT)
        if isinstance(default, _Factory):
            parameters.append(f"{key}=_missing")
            body.append(f"self.{key} = _defaults[{key!r}].make() if {key} is _missing else {key}")
        else:
            parameters.append(key if default is _NO_DEFAULT else f"{key}=_defaults[{key!r}]")
            body.append(f"self.{key} = {key}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    head = ", ".join(["self", *(["*"] if keyword_only else []), *parameters])
    source = f"def __init__({head}):" + "".join(f"\n    {line}" for line in body) + "\n"
    scope: dict[str, Any] = {"_defaults": defaults, "_missing": _NO_DEFAULT}
    exec(compile(source, f"<record {cls.__module__}.{cls.__qualname__}>", "exec"), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.declared = True
    return init


# `dataclass_transform` tells mypy that every record is dataclass-like: its fields are the annotated
# attributes, so `replace` below (which mypy reads as `dataclasses.replace`) rejects an unknown or
# mistyped field at type-checking time, and each constructor is checked against the declaration.
@dataclass_transform(field_specifiers=(field,))
class Record(metaclass=_RecordType):
    """Equal to an instance of the same class with equal fields; not hashable (it may change)."""

    __slots__: tuple[str, ...] = ()
    __hash__ = None  # type: ignore[assignment]
    _field_names: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, object]] = {}
    _about: ClassVar[dict[str, object]] = {}
    _compared: ClassVar[tuple[str, ...]] = ()
    _not_compared: ClassVar[frozenset[str]] = frozenset()
    _keyword_only: ClassVar[bool] = False

    def _fields(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    @classmethod
    def about(cls, name: str) -> object:
        """What the class's declaration says about the field `name` besides its default (`field(about=...)`)."""
        return cls._about.get(name)

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


@dataclass_transform(kw_only_default=True, field_specifiers=(field,))
class DeclaredRecord(FrozenRecord):
    """A frozen record made by keyword only (`CheckRequest(paths=..., fix=True)`): for records of many
    fields with defaults, such as options and settings."""

    _keyword_only = True

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
