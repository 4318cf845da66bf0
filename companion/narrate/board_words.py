"""The words of the plain pages companion.board serves, in the browser's language: the
spectators' board (its sentences come from companion.narrate.words) and the referee gate's
refusals. No Flet here."""

from __future__ import annotations

from companion.i18n import Tr


def board_words(tr: Tr) -> dict[str, str]:
    """Every fixed word of the board pages, translated; the {fields} are filled by the board."""
    _ = tr
    return {
        "title": _("Gnav · {rules}"),
        "title_round": _("Gnav · {rules} · Round {round}"),
        "page_title": _("Gnav · table {game}"),
        "last_call": _("Last call"),
        "pool": _("Pool: {pool}"),
        "settled": _("Round {round} settled"),
        "shown": _("Shown: {pieces}"),
        "winner": _("wins"),
        "dealer": _("deals"),
        "turn": _("turn"),
        "asked": _("asked"),
        "knocked": _("knocked this round"),
        "sits_out": _("sits out"),
        "out": _("out"),
        "boards": _("Gnav boards"),
        "pick": _("Pick your table. The referee holds the controls; this page only shows "
                  "the game."),
        "no_tables": _("No tables yet."),
        "table_line": _("Table {game}: {seats}"),
        "over": _("over"),
        "round": _("round {round}"),
        "not_dealt": _("not dealt"),
        "no_such": _("There is no such table."),
        "too_long": _("Table {game} has {count} events, more than the {most} the app keeps in "
                      "one game (an earlier version stored it), so it cannot be followed."),
        "all_tables": _("All tables"),
        "live": _("live"),
        "reconnecting": _("reconnecting…"),
        "reload": _("reload to update"),
        "deleted": _("This table was deleted."),
        "repairing": _("The games file is being repaired. This page comes back by itself."),
        "full": _("Too many boards are following games on this server just now. This page "
                  "tries again by itself."),
        "full_here": _("Too many boards are open from this device or network address. Close "
                       "one, and this page tries again by itself."),
    }


def gate_words(tr: Tr) -> dict[str, str]:
    """Every refusal the gate answers with (as a short plain-text page); {addresses} is filled
    by the gate."""
    _ = tr
    return {
        "wrong_host": _("This app answers only to its own addresses: {addresses}."),
        "other_page": _("Only the app's own pages may ask this."),
        "referee_only": _("Only the referee controls the game."),
    }
