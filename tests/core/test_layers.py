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


# --- issue 22, items 1 and 6: one registration, and nothing else that knows the games -------


def game_packages() -> dict[str, str]:
    """Each registered game's package (the one whose GAME the registry holds), by its id."""
    import importlib
    import pkgutil

    import companion.engine
    from companion.engine.registry import GAMES

    out: dict[str, str] = {}
    for sub in pkgutil.iter_modules(companion.engine.__path__, "companion.engine."):
        if sub.ispkg:
            game = getattr(importlib.import_module(sub.name), "GAME", None)
            if game is not None and GAMES.get(game.id) is game:
                out[game.id] = sub.name
    return out


# Where a game's id may be written: its own package, and the cuckoo family's one engine, in
# which the family's four descriptions are made and whose journal says which game a reply's
# field belongs to (docs/journal.md, v2 section 5).
SHARED = ("companion.engine.cuckoo",)


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def game_ids_in(source: str, ids: set[str]) -> list[str]:
    """Each string in `source` (docstrings aside) that is a game's id, as "line: id"."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [f"{node.lineno}: {node.value}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value in ids and id(node) not in skip]


def test_every_game_is_a_package_under_the_engine_that_the_registry_reads() -> None:
    from companion.engine.registry import GAMES

    assert sorted(game_packages()) == sorted(game.id for game in GAMES)


def test_nothing_outside_a_games_package_names_a_game_id() -> None:
    """No comparison with a game's id ("== 'gnav'"), no default of one, no list of them: a
    module outside the games' packages asks the registry (companion.engine.registry)."""
    homes = (*game_packages().values(), *SHARED)
    ids = set(game_packages())
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        if any(name == home or name.startswith(home + ".") for home in homes):
            continue
        hits = game_ids_in(path.read_text(encoding="utf-8"), ids)
        if hits:
            found[name] = hits
    assert found == {}


def test_no_second_list_of_games() -> None:
    """Only the registry imports the games' packages side by side; the shared engine imports
    none of them, and no game imports another's."""
    graph = import_graph()
    packages = set(game_packages().values())

    def games_of(deps: set[str]) -> set[str]:
        return {p for p in packages for d in deps if d == p or d.startswith(p + ".")}

    lists = {name: sorted(games_of(deps)) for name, deps in graph.items()
             if name != "companion.engine.registry" and len(games_of(deps)) > 1}
    assert lists == {}
    engine = {name: sorted(games_of(deps)) for name, deps in graph.items()
              if name.startswith(SHARED[0]) and games_of(deps)}
    assert engine == {}
    crossing = {name: sorted(games_of(deps) - {home}) for name, deps in graph.items()
                for home in packages if name.startswith(home + ".") or name == home
                if games_of(deps) - {home}}
    assert crossing == {}


def test_the_scan_finds_a_game_id_where_code_names_it() -> None:
    source = ('"""A docstring may say gnav."""\n'
              'if game == "gnav":\n    pass\n'
              'GAMES = ("kille", "cuccu")\n'
              'def f(game="gwra-pyskessa"): ...\n')
    assert game_ids_in(source, {"gnav", "kille", "cuccu", "gwra-pyskessa"}) == [
        "2: gnav", "4: kille", "4: cuccu", "5: gwra-pyskessa"]
