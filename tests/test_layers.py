"""The package's layers form a straight stack (README, "Architecture"): each layer imports only
the layers below it, at module level or inside a function alike, and no modules import each other
in a circle. Read from the code's own import statements (``ast``), so a new import against the
stack fails here, with the file and line that makes it."""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "workbench"

#: Bottom to top. Layers on one line are side by side: neither imports the other.
STACK = [
    {"core"},
    {"content"},
    {"rules"},
    {"board", "decks"},
    {"games"},
    {"agents"},          # the OpenSpiel adapter and the search bots
    {"app", "audit"},
    {"balance", "notebook", "cli"},
    {"__main__"},
]
LEVEL = {layer: i for i, layers in enumerate(STACK) for layer in layers}
#: The front ends that may use one another: the CLI and the notebooks run the balance lab's sweeps.
ALLOWED_SIDEWAYS = {("cli", "balance"), ("notebook", "balance")}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports():
    """(importer, imported module, file, line) for every import of the package inside it."""
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module(path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                names = [f"{target}.{a.name}" for a in node.names]
                # `from . import x` imports the module x when there is one
                targets = [n for n in names if _exists(n)] or [target]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                if target == "workbench" or target.startswith("workbench."):
                    yield module, target, path, node.lineno


def _exists(dotted: str) -> bool:
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def test_every_module_is_on_a_layer():
    found = list(_imports())
    unplaced = sorted({_layer(m) for m, *_ in found} - set(LEVEL) - {None})
    assert unplaced == [], f"add these folders to STACK (and the README's architecture): {unplaced}"
    missing = [f"{path.relative_to(PACKAGE.parent)}:{line}: {target}" for _, target, path, line in found
               if not _exists(target) and not _exists(target.rpartition(".")[0])]
    assert missing == [], "imports of modules that do not exist"


def test_no_import_against_the_stack():
    against = []
    for importer, target, path, line in _imports():
        low, high = _layer(target), _layer(importer)
        if low is None or high is None or low == high or (high, low) in ALLOWED_SIDEWAYS:
            continue
        if LEVEL[low] >= LEVEL[high]:
            against.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {high} imports {target} ({low})")
    assert against == []


def test_no_import_cycle():
    graph = nx.DiGraph()
    for importer, target, _, _ in _imports():
        while not _exists(target) and "." in target:     # a name imported from a module
            target = target.rpartition(".")[0]
        if target != importer and not importer.startswith(target + "."):  # a package's own face
            graph.add_edge(importer, target)
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert cycles == []


def test_the_check_sees_an_import_against_the_stack(tmp_path):
    # the checker itself: a content module importing the engines must be found
    fake = tmp_path / "workbench"
    (fake / "content").mkdir(parents=True)
    (fake / "games").mkdir()
    for folder in (fake, fake / "content", fake / "games"):
        (folder / "__init__.py").write_text("")
    (fake / "games" / "engine.py").write_text("X = 1\n")
    (fake / "content" / "bad.py").write_text("def f():\n    from ..games.engine import X\n    return X\n")
    globals()["PACKAGE"], saved = fake, PACKAGE
    try:
        found = [(m, t) for m, t, _, _ in _imports()]
        assert ("workbench.content.bad", "workbench.games.engine.X") in found or \
               ("workbench.content.bad", "workbench.games.engine") in found
        try:
            test_no_import_against_the_stack()
        except AssertionError as exc:
            assert "content imports workbench.games.engine" in str(exc)
        else:
            raise AssertionError("an import against the stack was not found")
    finally:
        globals()["PACKAGE"] = saved


def test_every_exception_the_workbench_raises_on_purpose_is_a_workbench_error():
    # one hierarchy (networkx's style): a caller catches WorkbenchError and has them all; the few
    # exceptions used only for control flow inside one module are named with a leading underscore
    import importlib
    import inspect

    from workbench.core.errors import WorkbenchError

    outside = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module(path)
        if module.endswith("__main__"):
            continue
        source = path.read_text(encoding="utf-8")
        names = [n.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef)]
        if not names:
            continue
        loaded = importlib.import_module(module)
        for name in names:
            cls = getattr(loaded, name, None)
            if inspect.isclass(cls) and issubclass(cls, BaseException) and not name.startswith("_") \
                    and not issubclass(cls, WorkbenchError):
                outside.append(f"{module}.{name}")
    assert outside == []
