"""The narration: engine values told as sentences in the reader's language, for the referee's
screens, the spectators' boards, the history, Learn and the printed deck.

No Flet anywhere in this package (tests/core/test_seam_imports.py proves it): the boards and
the deck run where Flet is not installed, and the tests read the sentences directly.

  words        what every game's sentences share: a list of names, the winners, a result to
               take home fitted to one QR code
  board_words  the fixed words of the pages companion.board serves (board, gate)

Each game's own sentences (calls, banners, settlements, history, lessons, its board) live in
its package (companion/engine/<game>/narrate.py, teach.py), reached through its description.
"""
