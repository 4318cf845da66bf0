"""The games that are not Gnav's engine, one package each (docs: the family architecture).

Each is pure like companion/engine: no Flet, no I/O, no clock, no randomness. The seam
(companion.core) finds each by the name its journals give in the header's "game".
"""
