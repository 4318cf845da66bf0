"""tools/i18n.py, the catalogues' development tool (Babel's extraction and merging), loaded for
the tests: the tools folder is not a package, and the app itself never imports it."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

PATH = Path(__file__).resolve().parents[2] / "tools" / "i18n.py"


def _load() -> ModuleType:
    if "i18n_tool" in sys.modules:
        return sys.modules["i18n_tool"]
    spec = importlib.util.spec_from_file_location("i18n_tool", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


tool = _load()


@cache
def app_messages() -> dict[tuple[str | None, str], Any]:
    """Every message of the app's screens, (context, msgid) -> Babel's Message."""
    return dict(tool.extracted(tool.COMPANION))


@cache
def error_messages() -> dict[str, Any]:
    """Every template of the engine and the store, msgid -> Babel's Message."""
    return {msgid: m for (_ctx, msgid), m in tool.extracted(tool.ERRORS).items()}


@cache
def filled_templates() -> frozenset[str]:
    return frozenset(tool.filled_templates())
