"""What a game of the family is played with, as rule data (issue 23, item 10): Kille's, Cuccù's
and Vogelspiel's cards dealt from a stock, Slabberjan's 42 wooden pieces drawn from a bag
(slabberjan.md, "The pack"). Every sentence that names what the players hold or what the dealer
draws from takes it from the game's material (its book's `FamilyWords.material`), under the
material's catalogue context, so no language calls Slabberjan's bag a stock of cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from companion.core.errors import Np_

from .forms import Form

Material = Mapping[str, Form]

_C = "cards from a stock"
CARDS: Material = MappingProxyType({
    "stock": Form(_C, Np_("cards from a stock", "the stock")),
    "draws_from": Form(_C, Np_("cards from a stock",
                               "{seat} draws from the stock. The top card is:")),
    "takes": Form(_C, Np_("cards from a stock", "{seat} takes the top card of the stock.")),
    "ask_empty": Form(_C, Np_("cards from a stock",
                              "{seat} asks to change, but the stock is empty: the turn "
                              "passes.")),
    "empty": Form(_C, Np_("cards from a stock", "The stock is empty: the turn passes.")),
    "calls": Form(_C, Np_("cards from a stock", "The stock calls {call} ({gloss}).")),
    "void": Form(_C, Np_("cards from a stock",
                         "It is void: {seat} keeps the old card, and {piece} is laid aside.")),
    "take": Form(_C, Np_("cards from a stock", "Take the top card")),
    "deal": Form(_C, Np_("cards from a stock",
                         "Each player gets one card; the deal and the turns go {way}. Each in "
                         "turn stands or asks the next player to swap; the dealer is last and "
                         "may swap with the stock.")),
    "shown": Form(_C, Np_("cards from a stock",
                          "When the turns are over everyone shows their card. The lowest card "
                          "loses; ties each lose.")),
    "keeps": Form(_C, Np_("cards from a stock", "No swap: the asker keeps their card.")),
    "all_show": Form(_C, Np_("cards from a stock",
                             "Nobody swaps any more this round: everyone shows their cards.")),
    "pack": Form(_C, Np_("cards from a stock",
                         "{game}: the {count} cards, highest first, under {rules}")),
    "who_loses": Form(_C, Np_("cards from a stock",
                              "The turns are over and these cards are shown: who loses?")),
    "asks": Form(_C, Np_("cards from a stock", "{seat} asks to swap with the stock.")),
    "passes_to": Form(_C, Np_("cards from a stock", "The ask passes on to the stock.")),
    "stock_calls_too": Form(_C, Np_("cards from a stock",
                                    "When it turns up in the stock, the stock calls too.")),
    "stock_no_call": Form(_C, Np_("cards from a stock",
                                  "When the dealer swaps with the stock and it shows this card, "
                                  "the stock does not call: the dealer just swaps.")),
})

_B = "pieces from a bag"
BAG: Material = MappingProxyType({
    "stock": Form(_B, Np_("pieces from a bag", "the bag")),
    "draws_from": Form(_B, Np_("pieces from a bag",
                               "{seat} draws from the bag. The piece drawn is:")),
    "takes": Form(_B, Np_("pieces from a bag", "{seat} draws a new piece from the bag.")),
    "ask_empty": Form(_B, Np_("pieces from a bag",
                              "{seat} asks to change, but the bag is empty: the turn passes.")),
    "empty": Form(_B, Np_("pieces from a bag", "The bag is empty: the turn passes.")),
    "calls": Form(_B, Np_("pieces from a bag", "The piece drawn calls {call} ({gloss}).")),
    "void": Form(_B, Np_("pieces from a bag",
                         "It is void: {seat} keeps the old piece, and {piece} is laid aside.")),
    "take": Form(_B, Np_("pieces from a bag", "Draw from the bag")),
    "deal": Form(_B, Np_("pieces from a bag",
                         "Each player draws one piece from the bag; the deal and the turns go "
                         "{way}. Each in turn stands or asks the next player to swap; the "
                         "bag-holder is last and may draw from the bag.")),
    "shown": Form(_B, Np_("pieces from a bag",
                          "When the turns are over everyone shows their piece. The lowest "
                          "piece pays; ties each pay.")),
    "keeps": Form(_B, Np_("pieces from a bag", "No swap: the asker keeps their piece.")),
    "all_show": Form(_B, Np_("pieces from a bag",
                             "Nobody swaps any more this round: everyone shows their piece.")),
    "pack": Form(_B, Np_("pieces from a bag",
                         "{game}: the {count} wooden pieces, highest first, under {rules}")),
    "who_loses": Form(_B, Np_("pieces from a bag",
                              "The turns are over and these pieces are shown: who pays?")),
    "asks": Form(_B, Np_("pieces from a bag", "{seat} draws from the bag.")),
    "passes_to": Form(_B, Np_("pieces from a bag", "The ask passes on to the bag.")),
    "stock_calls_too": Form(_B, Np_("pieces from a bag",
                                    "When it is drawn from the bag, it calls too.")),
    "stock_no_call": Form(_B, Np_("pieces from a bag",
                                  "When the bag-holder draws it from the bag, it does not call: "
                                  "the bag-holder just keeps it.")),
})
