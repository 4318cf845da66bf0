"""What each piece does under a rule book, in words, computed from the engine's rule data.

The Learn screen, the rules card and the quiz explanations all read these functions; nothing
here restates a rule the engine does not hold: the matadors' effects come from
`companion.engine.pieces` (Effect), the differences between rule books from the Rulebook
fields, and the sources from `Rulebook.source`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.cuckoo.reveal import DragsNext, LoneLoses, LowestLose, PairGains
from companion.engine.describe import LearnPage, Lesson
from companion.engine.gnav.book import FIELD_HELP, PIECE_NAMES, piece_names
from companion.engine.gnav.book import words as book_words
from companion.engine.gnav.narrate import call_with_gloss, piece_form, piece_title, rulebook_summary
from companion.engine.gnav.pieces import GNAV_PACK, MATADORS, PIECES, RANK, Effect
from companion.engine.gnav.rules import PRESETS, Rulebook
from companion.i18n import EN, Tr
from companion.narrate.words import and_list


def names(piece: str) -> tuple[str, str, str]:
    """(Norwegian, Danish, English) names; the numerals are 'tallbrikke 7' in Norwegian."""
    n = piece_names(piece)
    return (n.nb, n.da, n.en)


@dataclass(frozen=True)
class PieceLesson:
    piece: str
    rank_words: str
    matador: bool
    call: str | None  # the call in the rule book's words with its meaning, for a matador
    does: list[str]  # what it does under this rule book
    differs: list[str]  # how the other rule books differ, each naming its source


def source_words(rules: str, tr: Tr = EN) -> str:
    _ = tr
    return _(book_words(rules).source)


def rank_words(piece: str, book: Rulebook, tr: Tr = EN) -> str:
    _ = tr
    n = RANK[piece] + 1
    if outside_the_order(piece, book):
        return _("Outside the order (the lowest only when drawing for dealer)")
    if n == 1:
        return _("Rank 1 of {total}: the highest piece", total=len(PIECES))
    if n == len(PIECES):
        return _("Rank {rank} of {total}: the lowest piece", rank=n, total=len(PIECES))
    return _("Rank {rank} of {total}", rank=n, total=len(PIECES))


def outside_the_order(piece: str, book: Rulebook) -> bool:
    """Whether the rule book's reveal leaves the piece out of the order (damm's fool)."""
    return any(isinstance(r, LowestLose) and piece in r.apart for r in book.reveal)


def singled_out(book: Rulebook) -> frozenset[str]:
    """The pieces the rule book's reveal has a rule of its own for (Gnav's fool)."""
    return frozenset(r.piece for r in book.reveal
                     if isinstance(r, (DragsNext, LoneLoses, PairGains)))


def asker_pays_words(call: str, book: Rulebook, tr: Tr = EN) -> str | None:
    _ = tr
    if call in book.asker_pays:
        return _("The asker pays a counter into the pool (or takes a stroke) at once.")
    return None


def effect_words(piece: str, book: Rulebook, tr: Tr = EN) -> list[str]:
    """What the piece does when its holder is asked to swap, under `book`."""
    _ = tr
    effect = GNAV_PACK.piece(piece).effect
    out: list[str] = []
    if effect is Effect.END_TURNS:
        out.append(_("No swap, and nobody swaps any more this round: everyone shows their "
                     "pieces."))
    elif effect is Effect.BLOCK:
        out.append(_("No swap: the asker keeps the piece and may not ask anyone else."))
        if book.chop_continues == "after_holder":
            out.append(_("Play goes on with the player left of the holder: the players in "
                         "between lose their turn."))
        else:
            out.append(_("Play goes on with the player left of the asker."))
    elif effect is Effect.BLOCK_REVERSE:
        out.append(_("No swap: the asker keeps the piece and may not ask anyone else."))
        if _reverses(piece, book):
            out.append(_("Every swap made this round is handed back, newest first."))
        else:
            out.append(_("Nothing is handed back."))
        out.append(_("Play goes on with the player left of the asker."))
    elif effect is Effect.PASS_ON:
        out.append(_("The holder keeps it, and the asker must ask the next player beyond the "
                     "holder; if the holder is the dealer, the asker swaps with the stock."))
    else:
        out.append(_("No call: when asked, its holder must swap."))
    pays = asker_pays_words(piece, book, tr)
    if pays is not None:
        out.append(pays)
    if piece in MATADORS:
        out.append(stock_words(piece, book, tr))
    if piece in singled_out(book):
        out += singled_out_words(book, tr)
    return out


def _reverses(piece: str, book: Rulebook) -> bool:
    """Whether the piece's call hands back the round's swaps under this rule book."""
    call = book.pack.piece(piece).call
    effect = book.effects.get(call) if call is not None else None
    return effect is not None and effect.undo == "all"


def stock_words(piece: str, book: Rulebook, tr: Tr = EN) -> str:
    _ = tr
    if piece not in book.stock_calls:
        return _("When the dealer swaps with the stock and it shows this piece, the stock does "
                 "not call: the dealer just swaps.")
    effect = GNAV_PACK.piece(piece).effect
    if effect is Effect.PASS_ON:
        return _("When it turns up in the stock, it is set aside and the stock draws again.")
    if effect is Effect.END_TURNS:
        return _("When it turns up in the stock, the turns end with no swap.")
    return _("When it turns up in the stock, it stops the dealer's swap as it would stop "
             "any other.")


def singled_out_words(book: Rulebook, tr: Tr = EN) -> list[str]:
    """What the rule book's pair piece (the piece its reveal singles out, which a knock also
    announces) does: the knock, its scoring, and sitting out after a pair (the field's own
    help)."""
    _ = tr
    pair = book.pair_piece
    out = [_("A player dealt {piece} may knock on the table.",
             piece=piece_form(pair, "the", tr))]
    if book.fool_scoring == "damm":
        out.append(_("At the reveal: when {both} are shown, each holder takes a counter from "
                     "the pool; {lone} pays one. The lowest other piece pays as usual.",
                     both=piece_form(pair, "both", tr), lone=piece_form(pair, "a_lone", tr)))
    else:
        out.append(_("At the reveal it is the lowest piece: its holder pays, and so does the "
                     "holder of the next lowest piece."))
    if book.two_fools_sit_out:
        out.append(_(FIELD_HELP["two_fools_sit_out"]))
    return out


def lesson(piece: str, book: Rulebook, tr: Tr = EN) -> PieceLesson:
    _ = tr
    does = effect_words(piece, book, tr)
    differs: list[str] = []
    for name, other in PRESETS.items():
        if name == book.name and other == book:
            continue
        theirs = effect_words(piece, other, tr)
        if theirs != does:
            extra = [s for s in theirs if s not in does]
            differs.append(_("{rules} ({source}): {sentences}", rules=name,
                             source=source_words(name, tr), sentences=" ".join(extra)))
    return PieceLesson(
        piece=piece,
        rank_words=rank_words(piece, book, tr),
        matador=piece in MATADORS,
        call=call_with_gloss(book.name, piece, tr) if piece in MATADORS else None,
        does=does,
        differs=differs,
    )


def title(piece: str, tr: Tr = EN) -> str:
    """'Cuckoo', or 'The 7' for a numeral."""
    _ = tr
    if piece in PIECE_NAMES:
        return piece_title(piece, tr)
    return _("Numeral {number}", number=piece)


def rulebook_card(book: Rulebook, preset: Rulebook, tr: Tr = EN) -> list[tuple[str, list[str]]]:
    """The rules in short, as (heading, sentences) sections, for the rules card."""
    _ = tr
    sections: list[tuple[str, list[str]]] = [
        (_("The deal and the turns"), [
            _("Each player gets one piece. Starting left of the dealer, each in turn stands or "
              "asks the player on the left to swap; the dealer is last and may swap with the "
              "stock."),
            _("A player asked must swap unless holding a matador; a matador answers with its "
              "call."),
        ]),
    ]
    calls = []
    for m in MATADORS:
        calls.append(_("{piece} {call}: {does}", piece=piece_title(m, tr),
                       call=call_with_gloss(book.name, m, tr),
                       does=" ".join(effect_words(m, book, tr)[:-1])))
    sections.append((_("The calls"), calls))
    stock = (_("The stock calls {pieces}.", pieces=and_list(
        [tr.in_sentence(piece_title(m, tr)) for m in book.stock_calls], tr)) if book.stock_calls
        else _("The stock never calls: the dealer just swaps."))
    sections.append((_("The stock"), [stock]))
    # the piece whose call ends the turns (gnav.md: the cuckoo), asked of the pack
    ends_turns = next(p.name for p in book.pack.pieces if p.effect is Effect.END_TURNS)
    sections.append((_("The reveal"), [
        _("When the turns are over (after the dealer, or at {piece}) everyone shows their "
          "piece. The lowest piece pays a counter into the pool; ties each pay.",
          piece=piece_form(ends_turns, "a_after", tr)),
        *singled_out_words(book, tr)[1:],
        _("A player with no counters left is out; the last player with counters wins."),
    ]))
    return sections


def learn_page(book: Rulebook, tr: Tr = EN) -> LearnPage:
    """Learn under `book`: the 21 pieces in order, each with its names, rank, call and what it
    does, and how the other rule books differ."""
    _ = tr
    lessons = []
    for piece in PIECES:
        les = lesson(piece, book, tr)
        nb, da, en = names(piece)
        lessons.append(Lesson(
            piece, title(piece, tr),
            (les.rank_words,
             _("Norwegian: {nb} · Danish: {da} · English: {en}", nb=nb, da=da, en=en)),
            les.call if les.matador else None, tuple(les.does), tuple(les.differs)))
    return LearnPage(
        heading=_("The 21 pieces, highest first, under the {rules} rule book", rules=book.name),
        summary=rulebook_summary(book.name, tr), source=book.source, lessons=tuple(lessons))


def print_words(tr: Tr = EN) -> str:
    """What Print a deck prints, in a sentence."""
    _ = tr
    return _(
        "A PDF to print and cut: the {cards} pieces as cards (63 × 88 mm, nine to a "
        "page, with cut marks), a page of backs for their other side, and round "
        "stickers for the bases of wooden pawns. Names in this language and in "
        "Norwegian.", cards=GNAV_PACK.size)
