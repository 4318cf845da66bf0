"""The Flet web client served by the app itself, with nothing an Android build cannot
install: the built app hands the referee's controls to another device through it (see
companion/server.py: start_sharing). `files` (where the client's files are, the bundle)
imports neither Flet nor Starlette; `app` and `bridge` serve it."""
