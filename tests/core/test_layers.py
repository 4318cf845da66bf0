"""Issue 22, items 2 and 6: the package's imports, read from its source (not run), hold the
layout: no import circle anywhere in companion/, and companion/core, the floor every game
stands on, imports nothing of the project but itself.

Every import counts, also one made inside a function (a circle put off until call time is a
circle still): `import a.b`, `from a import b` (b a module or a name in it), relative or not.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(source: str, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that module `name` imports."""
    here = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from pkg import sub` imports the module pkg.sub, `from mod import x` only mod
            subs = [f"{module}.{alias.name}" for alias in node.names]
            targets = [s for s in subs if s in known] or [module]
        for target in targets:
            # `import a.b.c` runs a, a.b and a.b.c: the deepest one of ours is what it needs
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, set[str]]:
    paths = {module_name(p, root): p for p in sorted(package.rglob("*.py"))}
    known = set(paths)
    return {name: imported(path.read_text(encoding="utf-8"), name,
                           path.name == "__init__.py", known)
            for name, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_module_of_the_package_is_in_an_import_circle() -> None:
    assert circles(import_graph()) == []


def test_the_floor_imports_nothing_of_the_project_but_itself() -> None:
    graph = import_graph()
    floor = {name: sorted(m for m in deps if not m.startswith("companion.core"))
             for name, deps in graph.items() if name.startswith("companion.core")}
    assert len(floor) >= 5, "the floor's modules were not found"
    assert {name: deps for name, deps in floor.items() if deps} == {}


def test_the_walk_sees_every_kind_of_import_and_finds_a_circle(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .sub import b\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text("def later():\n    from ..c import thing\n")
    (package / "c.py").write_text("import pkg.a\n")
    (package / "d.py").write_text("from pkg.sub.b import later\nfrom . import c\n")
    graph = import_graph(package, tmp_path)
    assert graph["pkg.a"] == {"pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.c"}
    assert graph["pkg.d"] == {"pkg.sub.b", "pkg.c"}
    assert circles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
