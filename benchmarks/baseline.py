"""Another checkout's `companion` package, loaded beside this one under the name
`baseline_companion`, so that a benchmark can time the code before and after a change in one
process, run for run interleaved (a shared machine's load then falls on both alike).

    python benchmarks/bench_engine.py --against DIR
    python benchmarks/bench_family.py --against DIR

DIR is the root of the other checkout (`git worktree add DIR main`, or
`git archive COMMIT companion | tar -x -C DIR`). Its modules are read from DIR/companion and
compiled with their absolute imports of `companion` turned into `baseline_companion` (relative
imports need nothing), never from their cached bytecode, so the two packages share no module.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import re
import sys
from pathlib import Path
from types import CodeType, ModuleType

NAME = "baseline_companion"
_IMPORT = re.compile(r"^(\s*(?:from|import)\s+)companion\b", re.MULTILINE)


class _Loader(importlib.machinery.SourceFileLoader):
    def get_code(self, fullname: str) -> CodeType:
        source = importlib.util.decode_source(self.get_data(self.path))
        return compile(_IMPORT.sub(rf"\1{NAME}", source), self.path, "exec", dont_inherit=True)


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != NAME and not fullname.startswith(NAME + "."):
            return None
        base = self.folder.joinpath(*fullname.split(".")[1:])
        if (base / "__init__.py").is_file():
            file, search = base / "__init__.py", [str(base)]
        elif base.with_suffix(".py").is_file():
            file, search = base.with_suffix(".py"), None
        else:
            return None
        return importlib.util.spec_from_file_location(
            fullname, file, loader=_Loader(fullname, str(file)), submodule_search_locations=search)


def load(root: Path) -> ModuleType:
    """`root`'s companion package as `baseline_companion` (once per process)."""
    folder = root / "companion"
    if not (folder / "__init__.py").is_file():
        raise SystemExit(f"no companion package under {root}")
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder(folder))
    return importlib.import_module(NAME)


def module(*names: str) -> ModuleType:
    """The first of `names` (dotted paths inside companion) that the baseline has: a module that
    moved between the two checkouts is found under its old name or its new one."""
    for name in names:
        try:
            return importlib.import_module(f"{NAME}.{name}")
        except ModuleNotFoundError as error:
            if error.name is None or not f"{NAME}.{name}".startswith(error.name):
                raise
    raise SystemExit(f"the baseline has none of {', '.join(names)}")
