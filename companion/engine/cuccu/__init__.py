"""Cuccù: its rule data (book.py), which the cuckoo family's one engine plays
(companion/engine/cuckoo)."""
