"""Records without ``typing`` or ``dataclasses``: named tuples declared as classes, and read-only values.

Importing ``typing`` costs a summary run several milliseconds, and every module
on that run's path needs it only for annotations (which ``from __future__ import
annotations`` leaves unevaluated) and for ``NamedTuple``. A module writes::

    TYPE_CHECKING = False
    if TYPE_CHECKING:
        from typing import Any, NamedTuple
    else:
        from ..records import NamedTuple

so the type checker sees ``typing``'s own class and the program this one. Both
make the same thing: a ``collections.namedtuple`` with the fields the class
annotates (in order, with their defaults), its methods, properties and docstring.

``Value`` is the other record: what a frozen dataclass is, written as a plain class
with ``__slots__`` and its own ``__init__``: equal (and hashed alike) when its
class and fields are, shown as ``Name(field=value, ...)``, read-only.
"""

from __future__ import annotations

from collections import namedtuple

#: What a named tuple makes itself and a class may not redefine (``typing`` refuses them too).
_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                         "_make", "_replace", "_asdict", "_source"})
#: What the class statement sets and the named tuple keeps its own of.
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    """Turns ``class Name(NamedTuple): field: type = default`` into a named tuple class."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, object]) -> type:
        if not bases:  # NamedTuple itself
            return super().__new__(mcls, name, bases, namespace)
        annotations = dict(namespace.get("__annotations__", {}))  # type: ignore[call-overload]
        fields = list(annotations)
        defaults = []
        for field in fields:
            if field in namespace:
                defaults.append(namespace[field])
            elif defaults:
                raise TypeError(f"{name}: field {field!r} without a default follows one with a default")
        made = namedtuple(name, fields, defaults=defaults, module=str(namespace["__module__"]))  # type: ignore[misc]
        made.__annotations__ = annotations
        for key, value in namespace.items():
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in made._fields:
                setattr(made, key, value)
        return made


class NamedTuple(metaclass=_NamedTupleMeta):
    """Base class of the named tuples declared by annotation (see the module's docstring)."""


class Value:
    """A read-only value: a subclass lists its fields in ``__slots__`` and sets them in
    ``__init__`` with ``self._set(name, value)``."""

    __slots__: tuple[str, ...] = ()

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.fields())

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        """The fields' names, in order (the base classes' first)."""
        return tuple(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ()))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a {type(self).__name__} is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a {type(self).__name__} is read-only")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle, which would assign the fields
        return _rebuilt, (type(self), self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields())
        return f"{type(self).__qualname__}({shown})"


def _rebuilt(cls: type[Value], values: tuple[object, ...]) -> Value:
    """A value of ``cls`` with ``values`` as its fields, as ``copy`` and ``pickle`` make it."""
    made = object.__new__(cls)
    for name, value in zip(cls.fields(), values, strict=True):
        made._set(name, value)
    return made
