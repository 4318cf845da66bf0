"""A cuckoo table's parts for the one table screen (views/shell): Gnav, Kille, Cuccù,
Slabberjan and Vogelspiel, one set of parts read from each game's rule data (parts.py), the
seats' tiles (seats.py), the piece picker (picker.py) and the sentences, Gnav's (voice.py)
or the family's (family_voice.py)."""

from .family_voice import FamilyVoice
from .parts import CuckooParts
from .voice import GnavVoice, Voice

__all__ = ["CuckooParts", "FamilyVoice", "GnavVoice", "Voice"]
