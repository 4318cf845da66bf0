"""The rules of every game the app referees: pure Python, no Flet, no files, no clock, no
randomness it was not handed.

One package per game (gnav/, kille/, cuccu/, slabberjan/, vogelspiel/, gwra_pyskessa/), the
cuckoo family's one engine that five of them play by (cuckoo/), and the one registration of
them all (registry.py).
"""
