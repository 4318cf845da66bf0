"""The one engine of the cuckoo family: Gnav, Kille, Cuccù, Slabberjan and Vogelspiel each play
by it from their own rule data (companion/engine/<game>/book.py).

What a call does (effects.py), the reveal's rules (reveal.py), the ledger of lives, counters,
strokes or a stake (ledger.py), the seats (seating.py), the events every game of the family
journals alike (events.py), and the state that applies them (family.py); the four games
beside Gnav share their journal, words, lessons and quiz here too.
"""
