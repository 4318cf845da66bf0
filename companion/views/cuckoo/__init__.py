"""A cuckoo table's parts for the one table screen (views/shell): Gnav, Kille, Cuccù,
Slabberjan and Vogelspiel, one set of parts read from each game's rule data (parts.py), the
seats' tiles (seats.py), the piece picker (picker.py) and the sentences (voice.py)."""

from .parts import PARTS, CuckooParts

__all__ = ["PARTS", "CuckooParts"]
