"""The table screen every game uses (table.py), what it asks of the app (context.py) and of a
game (parts.py): the shell is written once; a game adds only its parts."""
