"""Each game's registry entry is its only per-game table (issue #38): a game registered from a
package of its own (``tests/registry_game``, outside the workbench) is checked by ``validate``'s
checks, by the audit and by the command line through its entry alone: its effect vocabulary, its
requirement check (and the answer kept between runs under the entry's name), its audit checks, its
own command. No other table names it.
"""
from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

from workbench.content.library import Library
from workbench.content.loader import load_text

ROOT = Path(__file__).resolve().parent.parent

DUEL = """\
kind: game
game: fixture-duel
id: fixture-duel
name: Fixture Duel
parameters: {}
---
kind: character
game: fixture-duel
id: kid
name: The Kid
---
kind: action_space
game: fixture-duel
id: main-street
name: Main Street
options:
  - text: stare down the other duellist
    cost: {silver: 1}
    effects:
      - effect: stare-down
"""


@pytest.fixture
def duel():
    """The fixture game registered (imported, as a game's package is), and unregistered after."""
    from workbench.audit.invariants import INVARIANTS
    from workbench.games import GAMES, unregister

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        package = importlib.import_module("registry_game")
        assert "fixture-duel" in GAMES
        yield package
    finally:
        if "fixture-duel" in GAMES:
            unregister("fixture-duel")
        for key in [k for k, inv in INVARIANTS.items() if inv.game == "fixture-duel"]:
            del INVARIANTS[key]
        for name in [m for m in sys.modules if m == "registry_game" or m.startswith("registry_game.")]:
            del sys.modules[name]
        sys.path.remove(str(Path(__file__).resolve().parent))


def _library() -> Library:
    documents, problems = load_text(DUEL, "duel.yaml")
    assert problems == []
    return Library.from_documents(documents)


def test_validate_finds_the_vocabulary_of_a_game_registered_from_its_own_package(duel):
    from workbench.app.checks import check_effects

    found = {(p.code, p.severity, p.line) for p in check_effects(_library())}
    # line 20 writes `effect: stare-down`, which the fixture's vocabulary says is not played;
    # line 18 pays Silver, a Dark Horse good (the other games are still known beside it)
    assert found == {("not-played", "warning", 20), ("foreign-resource", "error", 18)}


def test_validate_runs_the_requirement_check_the_entry_names_and_keeps_its_answer(duel, tmp_path, monkeypatch):
    from workbench.app import cache
    from workbench.app.checks import check_rulesets

    library = _library()
    assert [(p.code, p.line) for p in check_rulesets(library)] == [("duel-duellists", 3)]
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(tmp_path))
    duel.requirements.RUNS.clear()
    with cache.using(True):
        first = [(p.code, p.line) for p in check_rulesets(library)]
        second = [(p.code, p.line) for p in check_rulesets(_library())]
    assert first == second == [("duel-duellists", 3)]
    assert len(duel.requirements.RUNS) == 1           # the second answer was the kept one
    kept = [p.name for p in (tmp_path / "results").glob("*.json")]
    assert len(kept) == 1 and kept[0].startswith("fixture-duel-kept-")


def test_the_audit_checks_a_game_by_the_invariants_its_entry_names(duel):
    from workbench.audit import audit, for_game

    start = {"event": "start", "game": "fixture-duel", "ruleset": {}, "delta": [], "snapshot": {"duellists": ["kid"]}}
    assert [inv.id for inv in for_game("fixture-duel")] == ["two-duellists"]
    assert audit([start]) == {"two-duellists": ["event 1 (start, round None): 1 duellists"]}
    fair = dict(start, snapshot={"duellists": ["kid", "doc"]})
    assert audit([fair]) == {"two-duellists": []}


def test_the_game_unregistered_is_known_no_more(duel):
    from workbench.games import unregister
    from workbench.rules.effects import declared, vocabulary

    assert "fixture-duel" in declared() and vocabulary("fixture-duel") is not None
    unregister("fixture-duel")
    assert "fixture-duel" not in declared() and vocabulary("fixture-duel") is None


def test_the_command_line_runs_the_command_a_game_contributes_through_its_entry(duel, capsys):
    from workbench.cli import main
    from workbench.games import unregister

    assert main(["stare", "--seconds", "5"]) == 0
    assert capsys.readouterr().out == "the duellists stare for 5 seconds\n"
    assert main(["--help"]) == 0
    assert "Fixture Duel: how long the duellists stare" in capsys.readouterr().out
    unregister("fixture-duel")
    assert main(["stare"]) == 2          # its command went with it
    assert "invalid choice: 'stare'" in capsys.readouterr().err


def test_the_schema_generator_takes_a_games_rules_texts_and_parts_from_its_entry(duel):
    import runpy

    schemas = runpy.run_path(str(ROOT / "tools" / "make_schemas.py"))["SCHEMAS"]
    character = schemas["character"]["properties"]
    # the published games' roles in the order they register (Dark Horse, Revolver, Western
    # Legends), then the fixture's, registered last
    assert character["role"]["enum"] == ["player-character", "rebels-and-rogues", "bandit", "western-legends", "duellist"]
    assert character["source"]["properties"]["document"]["enum"] == [
        "dark-horse-base-excerpt", "dark-horse-rebels-and-rogues", "revolver-1-2-hunt-the-man-down", "western-legends",
        "fixture-duel-rulebook", "secondary-facts", "public-facts", "illustrative", "house-rule"]
    assert "fixture-duel, or a designer's own game id" in character["game"]["description"]


#: The modules that judge every game alike (validate's checks, the audit's frame, the balance lab,
#: the effect framework, the registry's shared modules): none names a game's id or a game's module.
JUDGES = ["workbench/app", "workbench/balance", "workbench/audit/__init__.py", "workbench/audit/invariants.py",
          "workbench/audit/replay.py", "workbench/rules/effects.py", "workbench/rules/ruleset.py",
          "workbench/games/__init__.py", "workbench/games/checks.py", "workbench/games/conformance.py", "workbench/games/judge.py",
          "workbench/games/unknowns.py", "workbench/games/base.py", "workbench/games/view.py", "workbench/games/visibility.py",
          # the front ends and the board below the games: a game's own command is its entry's
          # (_game_owned), the board's rule parameters' game, the notebooks' defaults, the odds lab's
          # games and the schemas' per-game parts are read from the registry
          "workbench/cli", "workbench/board", "workbench/notebook", "tools/make_schemas.py"]
GAME_IDS = {"dark-horse", "revolver", "revolver-prison", "western-legends"}
GAME_MODULES = ("dark_horse", "revolver", "western_legends")


def _named_games(path: Path) -> list[str]:
    """Where ``path``'s code (not its docstrings) names a game's id or imports a game's modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words = set(node.value.replace(":", " ").replace(".", " ").split())
            if node.value in GAME_IDS or words & set(GAME_MODULES) or any(f"{m}_effects" in words for m in GAME_MODULES):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            names += [a.name for a in node.names] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                if set(name.split(".")) & set(GAME_MODULES) or any(p.endswith("_effects") for p in name.split(".")):
                    if not (path.name == "__init__.py" and path.parent.name == "games"):   # the registry's import list
                        out.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {name}")
    return out


def _game_owned() -> set[Path]:
    """The modules among JUDGES that a game's entry names as its own (its commands'): a game's,
    as its package is."""
    from workbench.games import GAMES

    return {ROOT.joinpath(*command.module.split(".")).with_suffix(".py")
            for entry in GAMES.values() for command in getattr(entry, "commands", ())}


def test_no_judge_names_a_game():
    owned = _game_owned()
    files = [f for entry in JUDGES for f in ((ROOT / entry).rglob("*.py") if (ROOT / entry).is_dir() else [ROOT / entry])
             if f not in owned]
    assert len(files) > 10
    assert [line for f in sorted(files) for line in _named_games(f)] == []
    # what is left out is the games' own commands, each a module of its own
    assert {p.name for p in owned} == {"gunfight.py", "poker.py"} and all(p.exists() for p in owned)
