"""The Flet screens of the referee app, one module each; narration in words.py."""
