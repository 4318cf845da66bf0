"""The Flet screens of the referee app, one module each; their sentences come from
companion.narrate."""
