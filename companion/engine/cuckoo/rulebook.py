"""One rule-book model for every game of the cuckoo family.

A game's rule book is a frozen dataclass of its own (Gnav's `Rulebook`, Kille's `KilleBook`,
...), subclassing `RuleBook`: a `name` and one typed field per rule point of its rules file,
spelled as the journal's `house` spells it. The type says what the field may be: `bool` is
true or false, a `Literal[...]` one of its values (in the order New table offers them), and
`Annotated[tuple[str, ...], Subset(items)]` a list of some of those items. From the types come the
house rules a header may set (`with_house`, which refuses a wrong one with the game's own
sentence), what differs from a preset, and the book as JSON. A game's presets are instances,
house rules are `with_house` (dataclasses.replace), and the rules a table plays by are what
its book compiles to (`play()`: `CuckooRules`, rules.py). One model for the five games: Gnav's
rule books (gnav/rules.py) and each family game's (<game>/book.py) are all RuleBooks.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Annotated, Any, Literal, Self

from companion.core.errors import GnavError, either, quoted

from .ledger import Ledger
from .rules import CuckooRules
from .words import FamilyWords


@dataclass(frozen=True, slots=True)
class Subset:
    """A house field whose value is a list of some of `items`, each at most once."""

    items: tuple[str, ...]


# What a house field may be: one of these values, or some of a Subset's items.
FieldValues = tuple[Any, ...] | Subset


_SCHEMAS: dict[type, Mapping[str, FieldValues]] = {}


def _schema(cls: type[RuleBook]) -> Mapping[str, FieldValues]:
    """The house fields of a rule book class, read from its fields' types once."""
    schema = _SCHEMAS.get(cls)
    if schema is not None:
        return schema
    hints = typing.get_type_hints(cls, include_extras=True)
    out: dict[str, FieldValues] = {}
    for f in fields(cls):
        if f.name == "name" or not f.init:
            continue
        hint = hints[f.name]
        if typing.get_origin(hint) is Annotated:
            out[f.name] = next(m for m in hint.__metadata__ if isinstance(m, Subset))
        elif hint is bool:
            out[f.name] = (True, False)
        elif typing.get_origin(hint) is Literal:
            out[f.name] = typing.get_args(hint)
    _SCHEMAS[cls] = out
    return out


@dataclass(frozen=True, slots=True)
class RuleBook:
    """A named rule book of one game: its value for each of the game's rule points."""

    name: str

    @classmethod
    def schema(cls) -> Mapping[str, FieldValues]:
        """Each house field and what it may be, in the book's order."""
        return _schema(cls)

    def house_fields(self) -> tuple[str, ...]:
        """The fields a header's `house` may set."""
        return tuple(self.schema())

    def read_field(self, key: str, value: Any) -> Any:
        """A house field's value from its JSON, as the book keeps it; GnavError when wrong."""
        allowed = self.schema()[key]
        if isinstance(allowed, Subset):
            items = allowed.items
            if (not isinstance(value, list) or not all(isinstance(v, str) for v in value)
                    or any(v not in items for v in value) or len(set(value)) != len(value)):
                raise GnavError("{key} is a list of {items}, each at most once, not {value}.",
                                key=key, items=", ".join(items), value=_shown(value))
            return tuple(v for v in items if v in value)
        if any(_same(value, a) for a in allowed):
            return value
        raise GnavError("{key} must be {values}, not {value}.", key=key,
                        values=either([json.dumps(a) for a in allowed]), value=_shown(value))

    def with_house(self, house: Mapping[str, Any], known: Iterable[str] | None = None) -> Self:
        """This book with house rules over it, read from a header's JSON (`known`: the fields
        it may set, all of them unless given); raises GnavError on a bad field or value."""
        allowed = self.house_fields() if known is None else tuple(known)
        changes: dict[str, Any] = {}
        for key, value in house.items():
            if key not in allowed:
                raise GnavError("{value} is not a house rule; the house rules are {known}.",
                                value=_shown(key), known=", ".join(allowed))
            changes[key] = self.read_field(key, value)
        return replace(self, **changes)

    def with_values(self, house: Mapping[str, Any]) -> Self:
        """This book with house rules already read (a stored header's)."""
        return replace(self, **house) if house else self

    def value(self, key: str) -> Any:
        return getattr(self, key)

    def play(self) -> CuckooRules:
        """What a table of this book plays by (made once per book: books are frozen values)."""
        return _played(self)

    def compile(self) -> CuckooRules:
        """This book's fields made into the rules a table plays by (the game's own)."""
        raise NotImplementedError

    def house_differences(self, preset: RuleBook) -> dict[str, Any]:
        """The fields where this book differs from `preset`, as journal values."""
        out: dict[str, Any] = {}
        for key in self.house_fields():
            mine, theirs = getattr(self, key), getattr(preset, key)
            if mine != theirs:
                out[key] = list(mine) if isinstance(mine, tuple) else mine
        return out

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        for key in self.house_fields():
            value = getattr(self, key)
            out[key] = list(value) if isinstance(value, tuple) else value
        return out


@functools.cache
def _played(book: RuleBook) -> CuckooRules:
    return book.compile()


def _shown(value: Any) -> str:
    """A value as the journal spells it (JSON), not as Python would."""
    return quoted(json.dumps(value, ensure_ascii=False))


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same JSON type (1 is not true, 1.0 is not 1)."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True, slots=True)
class GameBook:
    """One game of the family as its rules file gives it: its rule books (the presets, the
    first the default), what its stakes are, how many may sit at its table, and its words."""

    game: str
    max_seats: int
    ledger: Ledger
    presets: Mapping[str, RuleBook]
    words: FamilyWords
    # each rule book's usual stake (rebuys, lives or counters each), as its rules file gives it
    stakes: Mapping[str, int] = field(default_factory=dict)

    def stake(self, name: str) -> int:
        """The usual stake under rule book `name` (New table's default)."""
        return self.stakes.get(name, 3)

    @property
    def fields(self) -> Mapping[str, FieldValues]:
        return next(iter(self.presets.values())).schema()

    @property
    def default(self) -> RuleBook:
        return next(iter(self.presets.values()))

    def book(self, name: str, house: Mapping[str, Any]) -> RuleBook:
        """Rule book `name` with a stored header's house rules (already read)."""
        return self.presets[name].with_values(house)

    def rules(self, name: str, house: Mapping[str, Any]) -> CuckooRules:
        """What a table of rule book `name` with those house rules plays by."""
        return self.book(name, house).play()
