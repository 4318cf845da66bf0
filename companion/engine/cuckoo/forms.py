"""A piece's name in the form a sentence needs it, as rule data (issue 13).

A sentence about a piece's role (Gnav's fool dealt, asked about, shown two at a time; Kille's
Harlequin passed face up) takes the piece's name as a placeholder. English needs the article
only; the other languages also inflect: German's case ("den Narren", "dem Narren"), the
Scandinavian definite ending, Danish's "den anden nar" beside Norwegian's "den andre narren".
So each form is our English marked with a catalogue context that says where in a sentence it
stands, and each language gives that form whole in its catalogue, instead of an article glued
to a name.
"""

from __future__ import annotations

from typing import NamedTuple


class Form(NamedTuple):
    """One form of a piece's name: the catalogue context of its place in a sentence (repeated
    in the Np_ mark beside it, which the extraction reads) and our English."""

    context: str
    english: str
