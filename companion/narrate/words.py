"""The sentences every game's narration shares: a list of names, the winners, and a result to
take home fitted to one QR code. No Flet, and no game: each game's own sentences are in its
package (companion/engine/<game>/), which builds on these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.i18n import EN, Tr


def and_list(names: Sequence[str], tr: Tr = EN) -> str:
    _ = tr
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def fitted_result(lines: Callable[[bool], tuple[list[str], list[str]]], tr: Tr = EN,
                  fits: Callable[[str], bool] | None = None) -> str:
    """A result to take home, from `lines(names)` (its head and its standings' rows), made
    to fit one QR code when `fits` is given: first the head counts the seats instead of
    naming them (the standings name them all), then the standings stop where the code is
    full, saying how many are left out."""
    _ = tr
    head, rows = lines(True)
    if fits is None or fits("\n".join(head + rows)):
        return "\n".join(head + rows)
    head, rows = lines(False)
    if fits("\n".join(head + rows)):
        return "\n".join(head + rows)

    def cut(keep: int) -> str:
        more = _("... and {count} more", count=len(rows) - keep)
        return "\n".join(head + rows[:keep] + [more])

    low, high = 0, len(rows) - 1  # the most rows that fit lies in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if fits(cut(middle)):
            low = middle
        else:
            high = middle - 1
    return cut(low)


def winners_sentence(winners: Sequence[str], tr: Tr = EN) -> str:
    _ = tr
    if not winners:
        return _("The game is over.")
    if len(winners) == 1:
        return _("{seat} wins", seat=winners[0])
    return _("{seats} share the win", seats=and_list(winners, tr))


def house_sentence(sentences: Mapping[str, Mapping[str, str]], key: str, value: Any,
                   piece_name: Callable[[str], str], tr: Tr = EN) -> str:
    """A house field's value as its game's rule data tells it, a sentence of its own ("The Pig
    sends back every swap of the deal."), never "….: yes": `sentences` holds, per field, one
    for each value (true or false, "left", "2"), a list of pieces' ("some", with {pieces}, or
    "none") or an order of pieces' ("*", with {order}), each marked with N_."""
    forms = sentences[key]
    if isinstance(value, (tuple, list)):
        return tr(forms["some" if value else "none"],
                  pieces=and_list([piece_name(str(v)) for v in value], tr))
    if isinstance(value, bool):
        return tr(forms["true" if value else "false"])
    if str(value) in forms:
        return tr(forms[str(value)])
    return tr(forms["*"], order=", ".join(piece_name(v) for v in str(value).split(",")))
