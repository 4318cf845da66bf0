"""Run by Python at start when this folder is on PYTHONPATH (tests/browser/test_built_app.py
puts it there for main.py): what a built Android app cannot install becomes unimportable, as
it is there. flet-web's server half needs all of these (and tools/i18n.py needs Babel); the
app's own web client none."""

from __future__ import annotations

import importlib.abc
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

NOT_IN_A_BUILT_APP = ("fastapi", "pydantic", "uvloop", "httptools", "watchfiles", "yaml",
                      "websockets", "flet_web.fastapi", "babel")


class NotInABuiltApp(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if any(name == gone or name.startswith(gone + ".") for gone in NOT_IN_A_BUILT_APP):
            raise ModuleNotFoundError(f"No module named {name!r} (not in a built app)",
                                      name=name)
        return None


sys.meta_path.insert(0, NotInABuiltApp())
