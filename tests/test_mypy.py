"""The whole package is strictly typed (issue 13); the engine is also pure: no Flet, no files,
no clock, no randomness (issue 2)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "companion" / "engine"

# What would let the engine reach the screen, files, the clock or chance.
FORBIDDEN_MODULES = frozenset({
    "flet", "flet_web", "os", "io", "time", "random", "datetime", "pathlib", "sqlite3",
    "secrets", "uuid", "shutil", "tempfile", "subprocess", "socket", "importlib",
})
FORBIDDEN_CALLS = frozenset({"open", "__import__", "input", "print"})


def test_mypy_strict_passes_on_the_package() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "companion", "main.py"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def impurities(source: str, filename: str = "<source>") -> list[str]:
    """Each forbidden import or call in `source`, as "file:line: what"."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        for module in modules:
            if module.split(".")[0] in FORBIDDEN_MODULES:
                found.append(f"{filename}:{node.lineno}: imports {module}")
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) and func.attr == "open" else None
            )
            if name in FORBIDDEN_CALLS:
                found.append(f"{filename}:{node.lineno}: calls {name}()")
    return found


def test_no_engine_module_touches_the_world() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 7, "the engine modules were not found"
    found: list[str] = []
    for path in files:
        found += impurities(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_the_purity_scan_finds_what_it_looks_for() -> None:
    source = """
import os.path
from datetime import date
import json, random as r
import flet as ft
from .pieces import PIECES
with open('x') as f: pass
gzip.open('y')
__import__('time')
"""
    assert sorted(line.split(": ", 1)[1] for line in impurities(source)) == sorted([
        "imports os.path", "imports datetime", "imports random", "imports flet",
        "calls open()", "calls open()", "calls __import__()",
    ])
