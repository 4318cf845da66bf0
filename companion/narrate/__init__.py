"""The narration: engine values told as sentences in the reader's language, for the referee's
screens, the spectators' boards, the history, Learn and the printed deck.

No Flet anywhere in this package (tests/core/test_seam_imports.py proves it): the boards and
the deck run where Flet is not installed, and the tests read the sentences directly.

  words        calls, banners, settlements, history lines
  teach        what each piece does under a rule book (Learn, the rules card, the quiz)
  board        the spectators' board's values and a game's result as plain text
  board_words  the fixed words of the pages companion.board serves (board, gate)
"""
