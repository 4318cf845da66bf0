"""The family's packs taught and printed: each piece's names, and what each call does under a
rule book, in words computed from the rule data (companion/engine/books/<game>.py and the
Effect values its `build` makes), as teach.py does for Gnav.

No Flet here: the Learn screen, the quiz and the printed deck read these functions. Nothing
here names a piece: every piece, call and effect comes from the game's book.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

from companion.engine.books import cuccu, kille, slabberjan, vogelspiel
from companion.engine.effects import Effect
from companion.engine.family import FamilyRules, GameBook
from companion.engine.reveal import AlsoLose, LoneLoses, LowestLose, PairGains, SidePot
from companion.i18n import EN, Tr

from .family import own_picture_name, piece_title

MODULES: Mapping[str, ModuleType] = {m.BOOK.game: m for m in (kille, cuccu, slabberjan,
                                                                 vogelspiel)}
# The games' own names, as their rules files and the printed backs spell them.
TITLES: Mapping[str, str] = {"kille": "Kille", "cuccu": "Cuccù", "slabberjan": "Slabberjan",
                             "vogelspiel": "Vogelspiel"}
# "The pack" tables: Cuccù's numerals are X … I, Vogelspiel's XII … I; Kille's and
# Slabberjan's are written as numbers.
ROMAN_NUMERALS = frozenset({"cuccu", "vogelspiel"})
_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


def book(game: str) -> GameBook:
    book: GameBook = MODULES[game].BOOK
    return book


def rule_books(game: str) -> tuple[str, ...]:
    return tuple(book(game).presets)


def rules(game: str, name: str | None = None) -> FamilyRules:
    """The rules of rule book `name` (the game's first when None), without house rules."""
    return book(game).rules(name or rule_books(game)[0], {})


def reconstructed(game: str) -> bool:
    return bool(getattr(MODULES[game], "RECONSTRUCTED", False))


def matadors(r: FamilyRules) -> tuple[str, ...]:
    """The pieces with a call, highest first."""
    return tuple(p for p, _n in r.order if p in r.effects)


def own_name(game: str, piece: str) -> str:
    """The piece's name in the game's own language, as the pack table gives it first."""
    if piece.isdigit():
        return _ROMAN[int(piece)] if game in ROMAN_NUMERALS and piece != "0" else piece
    return own_picture_name(game, piece)


def table_name(game: str, piece: str, tr: Tr = EN) -> str:
    """The piece's name in the reader's language, as a title."""
    _ = tr
    if piece.isdigit():
        return _("Numeral {number}", number=piece)
    name = piece_title(game, piece, tr)
    return name[:1].upper() + name[1:]


def call_words(game: str, call: str, tr: Tr = EN) -> str:
    """«Husar hugger» (“Hussar strikes!”): the game's words with our translation beside."""
    _, _p = tr, tr.p
    words: str = MODULES[game].CALLS[call][0]
    return _("{words} (“{meaning}”)", words=words,
             meaning=_p("call", MODULES[game].GLOSSES[call]))


def book_title(game: str, name: str, tr: Tr = EN) -> str:
    _ = tr
    return _(MODULES[game].RULE_BOOKS[name][0])


def book_summary(game: str, name: str, tr: Tr = EN) -> str:
    _ = tr
    return _(MODULES[game].RULE_BOOKS[name][1])


def source(game: str) -> str:
    """The project's rules page the game's data cites (docs/rules/<game>.md), named from the
    repository's root so that a reader of any clone finds it."""
    return str(MODULES[game].SOURCE)


def _loss(n: int, r: FamilyRules, tr: Tr) -> str:
    _n = tr.n
    if r.ledger == "lives":
        return _n("{count} life", "{count} lives", n)
    return _n("{count} counter", "{count} counters", n)


def effect_words(effect: Effect, r: FamilyRules, tr: Tr = EN) -> list[str]:
    """What a call does, one sentence per part of its Effect (docs/journal.md, v2 section 6.4)."""
    _ = tr
    out: list[str] = []
    if effect.exchange:
        out.append(_("No call: when asked, its holder must swap."))
    elif effect.sale:
        out.append(_("The holder may sell the swap for a price the asker accepts or refuses."))
    else:
        out.append(_("No swap: the asker keeps their card."))
    if effect.charge:
        out.append(_("The asker loses {loss} at once.", loss=_loss(effect.charge, r, tr)))
    if effect.undo == "all":
        out.append(_("Every swap made this round is handed back, newest first."))
    elif effect.undo == "offered":
        out.append(_("The swaps of the asker's card are handed back along its way."))
    if effect.kills == "asker":
        out.append(_("The asker is out of the round at once."))
    elif effect.kills == "origin":
        out.append(_("The player first dealt the asker's card is out of the round."))
    if effect.then == "end" and not effect.exchange:
        out.append(_("Nobody swaps any more this round: everyone shows their cards."))
    elif effect.then == "pass":
        out.append(_("The holder keeps it, and the asker must ask the next player beyond the "
                     "holder."))
    return out


def stock_words(call: str, r: FamilyRules, tr: Tr = EN) -> str:
    _ = tr
    if call in r.stock_effects:
        return _("When it turns up in the stock, the stock calls too.")
    return _("When the dealer swaps with the stock and it shows this card, the stock does "
             "not call: the dealer just swaps.")


@dataclass(frozen=True)
class FamilyLesson:
    piece: str
    count: int
    own: str  # its name in the game's own language
    name: str  # in the reader's
    matador: bool
    call: str | None  # the call in the game's words with its meaning
    does: list[str]
    differs: list[str]  # how the game's other rule books differ


def lessons(game: str, name: str, tr: Tr = EN) -> list[FamilyLesson]:
    """Every piece of the rule book's pack, highest first, with what its call does."""
    _ = tr
    r = rules(game, name)
    out: list[FamilyLesson] = []
    for piece, count in r.order:
        effect = r.effects.get(piece)
        does = (effect_words(effect, r, tr) + [stock_words(piece, r, tr)]
                if effect is not None else [_("No call: when asked, its holder must swap.")])
        does += reveal_words(piece, r, tr)
        differs: list[str] = []
        for other in rule_books(game):
            if other == name:
                continue
            o = rules(game, other)
            theirs = (effect_words(o.effects[piece], o, tr) + [stock_words(piece, o, tr)]
                      if piece in o.effects else [])
            theirs += reveal_words(piece, o, tr)
            extra = [s for s in theirs if s not in does]
            if extra or (effect is not None and piece not in o.effects):
                differs.append(_("{rules}: {sentences}", rules=book_title(game, other, tr),
                                 sentences=" ".join(extra)))
        out.append(FamilyLesson(
            piece=piece, count=count, own=own_name(game, piece),
            name=table_name(game, piece, tr), matador=effect is not None,
            call=call_words(game, piece, tr) if effect is not None else None,
            does=does, differs=differs))
    return out


def reveal_words(piece: str, r: FamilyRules, tr: Tr = EN) -> list[str]:
    """What the reveal's rules say of this piece in particular."""
    _ = tr
    out: list[str] = []
    if piece in r.cut_first:
        out.append(_("Highest when cutting for the dealer."))
    if piece in r.cut_last:
        out.append(_("Lowest when cutting for the dealer."))
    if piece == r.moved_lowest:
        out.append(_("Once it has been swapped away it ranks below every other card, even if "
                     "it comes back."))
    if piece == r.shelter_piece:
        out.append(_("An asker showing it may shelter at a refused inn."))
    for rule in r.reveal:
        if isinstance(rule, LowestLose):
            if piece in rule.apart:
                out.append(_("At the reveal it stands outside the order."))
            for costed, cost in rule.costs:
                if costed == piece:
                    out.append(_("As the lowest card it costs {loss}.",
                                 loss=_loss(cost, r, tr)))
        elif isinstance(rule, LoneLoses) and rule.piece == piece:
            out.append(_("Shown alone, it costs its holder {loss}.", loss=_loss(1, r, tr)))
        elif isinstance(rule, PairGains) and rule.piece == piece:
            out.append(_("When exactly two are shown, each holder gains {loss}.",
                         loss=_loss(1, r, tr)))
        elif isinstance(rule, AlsoLose) and rule.piece == piece:
            out.append(_("When two or more players show, every holder of it loses too."))
        elif isinstance(rule, SidePot) and piece in rule.pieces:
            out.append(_("Its holder pays 1 into the side pot at the reveal."))
    return out


def rules_card(game: str, name: str, tr: Tr = EN,
               played: FamilyRules | None = None) -> list[tuple[str, list[str]]]:
    """The rules of a table of this game in short, as (heading, sentences) sections: the rule
    book as written, or `played`, a table's rules with its house rules worked in."""
    _ = tr
    r = played or rules(game, name)
    way = _("to the left") if r.direction == "left" else _("to the right")
    sections: list[tuple[str, list[str]]] = [
        (_("The deal and the turns"), [
            _("Each player gets one card; the deal and the turns go {way}. Each in turn stands "
              "or asks the next player to swap; the dealer is last and may swap with the "
              "stock.", way=way),
            _("A player asked must swap unless holding a matador; a matador answers with its "
              "call."),
        ]),
    ]
    sections.append((_("The calls"), [
        _("{piece} {call}: {does}", piece=table_name(game, m, tr), call=call_words(game, m, tr),
          does=" ".join(effect_words(r.effects[m], r, tr)))
        for m in matadors(r)]))
    sections.append((_("The reveal"), [
        _("When the turns are over everyone shows their card. The lowest card loses; ties "
          "each lose."),
        *(f"{table_name(game, p, tr)}: {s}" for p, _n in r.order
          for s in reveal_words(p, r, tr)),
    ]))
    sections.append((_("Rule book"), [book_summary(game, name, tr),
                                      *([_("Reconstructed from summaries: no living tradition "
                                           "is known.")] if reconstructed(game) else [])]))
    return sections

