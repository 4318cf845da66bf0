"""The family's packs taught and printed: each piece's names, and what each call does under a
rule book, in words computed from the rule data (companion/engine/<game>/book.py, carried by
its GameBook, and the Effect values its rule books compile to), as gnav/teach.py does for
Gnav.

No Flet here: the Learn screen, the quiz and the printed deck read these functions. Nothing
here names a piece: every piece, call and effect comes from the game's book.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.cuckoo.effects import Effect
from companion.engine.cuckoo.ledger import Lives
from companion.engine.cuckoo.material import CARDS, Material
from companion.engine.cuckoo.narrate import (
    book_summary,
    book_title,
    own_picture_name,
    piece_title,
)
from companion.engine.cuckoo.reveal import AlsoLose, LoneLoses, LowestLose, PairGains, SidePot
from companion.engine.cuckoo.rulebook import GameBook, RuleBook
from companion.engine.cuckoo.rules import CuckooRules
from companion.engine.describe import LearnPage, Lesson
from companion.i18n import EN, Tr

_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


def rule_books(book: GameBook) -> tuple[str, ...]:
    return tuple(book.presets)


def rules(book: GameBook, name: str | None = None) -> CuckooRules:
    """The rules of rule book `name` (the game's first when None), without house rules."""
    return book.rules(name or rule_books(book)[0], {})


def matadors(r: CuckooRules) -> tuple[str, ...]:
    """The pieces with a call, highest first."""
    return tuple(p for p, _n in r.order if p in r.effects)


def own_name(book: GameBook, piece: str) -> str:
    """The piece's name in the game's own language, as the pack table gives it first (Cuccù's
    and Vogelspiel's numerals in Roman figures, as their packs write them)."""
    if piece.isdigit():
        return _ROMAN[int(piece)] if book.words.roman and piece != "0" else piece
    return own_picture_name(book, piece)


def table_name(book: GameBook, piece: str, tr: Tr = EN) -> str:
    """The piece's name in the reader's language, as a title."""
    _ = tr
    if piece.isdigit():
        return _("Numeral {number}", number=piece)
    name = piece_title(book, piece, tr)
    return name[:1].upper() + name[1:]


def call_words(book: GameBook, call: str, tr: Tr = EN) -> str:
    """«Husar hugger» (“Hussar strikes!”): the game's words with our translation beside."""
    _, _p = tr, tr.p
    if tr.lang == book.words.language:  # our meaning would repeat the call: name its piece
        return _("{piece}: {words}", piece=own_picture_name(book, call),
                 words=book.words.calls[call][0])
    return _("{words} (“{meaning}”)", words=book.words.calls[call][0],
             meaning=_p("call", book.words.glosses[call]))


def source(book: GameBook, rules: str) -> str:
    """The sources of rule book `rules` as its rules file names them (the book or sheet, its
    author and year): what a referee can look up, never the name of a file of ours."""
    return book.words.sources[rules]


def _loss(n: int, r: CuckooRules, tr: Tr) -> str:
    _n = tr.n
    if isinstance(r.ledger, Lives):
        return _n("{count} life", "{count} lives", n)
    return _n("{count} counter", "{count} counters", n)


def effect_words(effect: Effect, r: CuckooRules, tr: Tr = EN,
                 material: Material = CARDS) -> list[str]:
    """What a call does, one sentence per part of its Effect (docs/journal.md, v2 section 6.4)."""
    _ = tr
    out: list[str] = []
    if effect.exchange:
        out.append(_("No call: when asked, its holder must swap."))
    elif effect.sale:
        out.append(_("The holder may sell the swap for a price the asker accepts or refuses."))
    else:
        out.append(tr.p(*material["keeps"]))
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
        out.append(tr.p(*material["all_show"]))
    elif effect.then == "pass":
        out.append(_("The holder keeps it, and the asker must ask the next player beyond the "
                     "holder."))
    return out


def stock_words(call: str, r: CuckooRules, tr: Tr = EN, material: Material = CARDS) -> str:
    return tr.p(*material["stock_calls_too" if call in r.stock_effects else "stock_no_call"])


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


def lessons(book: GameBook, name: str, tr: Tr = EN) -> list[FamilyLesson]:
    """Every piece of the rule book's pack, highest first, with what its call does."""
    _ = tr
    r = rules(book, name)
    mat = book.words.material
    out: list[FamilyLesson] = []
    for piece, count in r.order:
        effect = r.effects.get(piece)
        does = (effect_words(effect, r, tr, mat) + [stock_words(piece, r, tr, mat)]
                if effect is not None else [_("No call: when asked, its holder must swap.")])
        does += reveal_words(piece, r, tr)
        differs: list[str] = []
        for other in rule_books(book):
            if other == name:
                continue
            o = rules(book, other)
            theirs = (effect_words(o.effects[piece], o, tr, mat)
                      + [stock_words(piece, o, tr, mat)]
                      if piece in o.effects else [])
            theirs += reveal_words(piece, o, tr)
            extra = [s for s in theirs if s not in does]
            if extra or (effect is not None and piece not in o.effects):
                differs.append(_("{rules}: {sentences}", rules=book_title(book, other, tr),
                                 sentences=" ".join(extra)))
        out.append(FamilyLesson(
            piece=piece, count=count, own=own_name(book, piece),
            name=table_name(book, piece, tr), matador=effect is not None,
            call=call_words(book, piece, tr) if effect is not None else None,
            does=does, differs=differs))
    return out


def reveal_words(piece: str, r: CuckooRules, tr: Tr = EN) -> list[str]:
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


def rules_card(book: GameBook, name: str, tr: Tr = EN,
               played: CuckooRules | None = None) -> list[tuple[str, list[str]]]:
    """The rules of a table of this game in short, as (heading, sentences) sections: the rule
    book as written, or `played`, a table's rules with its house rules worked in."""
    _ = tr
    r = played or rules(book, name)
    way = _("to the left") if r.direction == "left" else _("to the right")
    sections: list[tuple[str, list[str]]] = [
        (_("The deal and the turns"), [
            tr.p(*book.words.material["deal"], way=way),
            _("A player asked must swap unless holding a matador; a matador answers with its "
              "call."),
        ]),
    ]
    sections.append((_("The calls"), [
        _("{piece} {call}: {does}", piece=table_name(book, m, tr), call=call_words(book, m, tr),
          does=" ".join(effect_words(r.effects[m], r, tr, book.words.material)))
        for m in matadors(r)]))
    sections.append((_("The reveal"), [
        tr.p(*book.words.material["shown"]),
        *(f"{table_name(book, p, tr)}: {s}" for p, _n in r.order
          for s in reveal_words(p, r, tr)),
    ]))
    sections.append((_("Rule book"), [book_summary(book, name, tr),
                                      *([_("Reconstructed from summaries: no living tradition "
                                           "is known.")] if book.words.reconstructed else [])]))
    return sections


def learn_page(book: GameBook, rulebook: RuleBook, tr: Tr = EN) -> LearnPage:
    """Learn of the game under `rulebook`: its pack in order, each piece's names, count, call
    and what it does, how the other rule books differ, and the rules card."""
    _ = tr
    words, name = book.words, rulebook.name
    return LearnPage(
        heading=tr.p(*words.material["pack"], game=words.name, count=rulebook.play().size,
                     rules=book_title(book, name, tr)),
        summary=book_summary(book, name, tr),
        source=source(book, name),
        reconstructed=(_("Reconstructed from summaries: no living tradition is known.")
                       if words.reconstructed else None),
        lessons=tuple(
            Lesson(les.piece, les.name,
                   (_("In {game}: {name} · in the pack: {count}", game=words.name,
                      name=les.own, count=les.count),),
                   les.call, tuple(les.does), tuple(les.differs))
            for les in lessons(book, name, tr)),
        card=tuple((heading, tuple(lines)) for heading, lines in rules_card(book, name, tr)),
    )


def print_words(book: GameBook, tr: Tr = EN) -> str:
    """What Print a deck prints, in a sentence."""
    _ = tr
    return _(
        "A PDF to print and cut: the {cards} cards of {game} (63 × 88 mm, nine to a "
        "page, with cut marks), a page of backs for their other side, and round "
        "stickers for the bases of wooden pawns. Names in this language and in the "
        "game's own.", cards=rules(book).size, game=book.words.name)
