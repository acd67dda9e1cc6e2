"""The front ends (the notebooks, the CLI, the balance lab) show every game through its registry
entry (``workbench.games.GAMES``: seats, bots, rounds, its View of boards, moves and events) and
never ask which game they show: no comparison of a game's id against a literal, read from the
code itself (``ast``); and the words of an event come from the content, not from ids in code."""
from __future__ import annotations

import ast
import json
from pathlib import Path

from workbench.games import GAMES

PACKAGE = Path(__file__).resolve().parent.parent / "workbench"
FRONT_ENDS = ("notebook", "cli", "balance")
#: A game's id compared against a literal on purpose in a front end, with why (file: reason).
#: None today: a command that belongs to one game (``gunfight``, ``poker odds``) reads that game's
#: documents by its id, which is a call's argument, not a branch.
EXCEPTIONS: dict[str, str] = {}


def _game_ids() -> set[str]:
    return set(GAMES) | {e.content_game for e in GAMES.values()}


def _literals(node) -> list[str]:
    """The text literals of a comparison's operand (a tuple, list or set of them counts too)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [v for element in node.elts for v in _literals(element)]
    if isinstance(node, ast.Dict):
        return [v for key in node.keys if key is not None for v in _literals(key)]
    return []


def branches_on_a_game(source: str, ids: set[str]) -> list[tuple[int, str]]:
    """(line, id) of each comparison (``==``, ``!=``, ``in``, ``not in``, ``match``/``case``) of
    something against a game's id written as a literal."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                found += [(node.lineno, v) for v in _literals(operand) if v in ids]
        elif isinstance(node, ast.match_case):
            found += [(node.pattern.lineno, v.value.value) for v in ast.walk(node.pattern)
                      if isinstance(v, ast.MatchValue) and isinstance(v.value, ast.Constant) and v.value.value in ids]
    return found


def test_the_check_finds_a_branch_on_a_game_however_written():
    ids = _game_ids()
    source = '''
if game == "revolver": pass
if "dark-horse" != which.value: pass
if game_of(state) in ("western-legends", "x"): pass
match game:
    case "revolver": pass
ok = game in GAMES and library.data("dark-horse", "token", "x")
'''
    assert [line for line, _ in branches_on_a_game(source, ids)] == [2, 3, 4, 6]


def test_no_front_end_compares_a_game_id_against_a_literal():
    ids = _game_ids()
    found = []
    for layer in FRONT_ENDS:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            where = str(path.relative_to(PACKAGE.parent))
            if where in EXCEPTIONS:
                continue
            found += [f"{where}:{line}: compares against {game!r}" for line, game in
                      branches_on_a_game(path.read_text(encoding="utf-8"), ids)]
    for notebook in sorted((PACKAGE.parent / "notebooks").rglob("*.ipynb")):    # the notebooks' own cells too
        for i, cell in enumerate(json.loads(notebook.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "code":
                code = "\n".join(line for line in "".join(cell["source"]).splitlines()
                                  if not line.lstrip().startswith(("%", "!")))
                found += [f"{notebook.relative_to(PACKAGE.parent)} cell {i + 1}: compares against {game!r}"
                          for _, game in branches_on_a_game(code, ids)]
    assert found == [], ("say the fact on the game's registry entry (workbench/games/__init__.py, its View)"
                         " and read it there:\n" + "\n".join(found))
    assert set(EXCEPTIONS) <= {str(p.relative_to(PACKAGE.parent)) for layer in FRONT_ENDS
                               for p in (PACKAGE / layer).rglob("*.py")}


def test_every_game_the_panels_play_has_its_view_seats_and_bots():
    from workbench.games.view import View
    for entry in GAMES.values():
        if entry.play_options:
            view = entry.view()
            assert isinstance(view, View) and type(view) is not View, entry.id   # its own words
            assert entry.seats() and entry.load().BOTS and view.sample_rounds >= 1, entry.id


class _Names:
    """A front end's names, from a dict: what a designer's library would call its documents."""

    def __init__(self, names: dict):
        self.names = names

    def name(self, kind, id):
        return self.names.get((kind, id), str(id))

    def html(self, kind, id):
        return self.name(kind, id)


def test_a_challenge_by_the_marshal_token_is_said_with_the_tokens_own_name():
    from workbench.content.published import published_library
    from workbench.games.dark_horse.engine import DarkHorse
    from workbench.notebook.common import Names
    from workbench.notebook.turns import describe_event
    library = published_library()
    game = DarkHorse.build(library, scenario="wild-wild-west")
    state = game.new_initial_state(players=2, seed=1, rounds=1)
    token = game.challenger                      # the token whose power is to challenge the Wanted
    assert token is not None
    event = {"event": "challenge", "player": "red", "challenger": token, "challenged": "belle-starr"}
    named = library.data("dark-horse", "token", token)["name"]
    text = describe_event(state, event, Names(library, "dark-horse"))
    assert text == f"challenges: the {named} against {Names(library, 'dark-horse').name('character', 'belle-starr')}"
    # a designer who renames the token reads their own name, with no change to the code
    renamed = describe_event(state, event, _Names({("token", token): "Deputy's tin star"}))
    assert renamed.startswith("challenges: the Deputy's tin star against ")
    assert token not in text and token not in renamed


#: Dark Horse ids the panels name on purpose, with why.
FRONT_END_IDS = {"high-noon": "the sample-turns panel opens on High Noon unless told (play_chooser's default)"}


def test_the_views_and_the_front_ends_name_no_dark_horse_content_id():
    from test_effects import ENGINE_WORDS   # the engine's own words a document's id happens to spell

    from workbench.app.validate import validate_paths
    from workbench.games.dark_horse.engine import VOCABULARY
    library = validate_paths([PACKAGE.parent / "variants"]).library
    ids = {d.id for d in library.documents if d.game == "dark-horse" and isinstance(d.id, str)}
    named = set()
    for path in [PACKAGE / "games" / "dark_horse" / "view.py", PACKAGE / "notebook" / "turns.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)} & ids
    # the vocabulary's effects and resources and the game's id are not documents' ids
    words = set(VOCABULARY.effects) | set(VOCABULARY.resources) | set(ENGINE_WORDS) | {"dark-horse"}
    assert sorted(named - words - set(FRONT_END_IDS)) == []


def test_a_western_legends_no_op_is_said_in_words():
    from workbench.content.published import published_library
    from workbench.games.western_legends.engine import WesternLegends
    from workbench.notebook.common import Names
    from workbench.notebook.turns import _generic, describe_event
    library = published_library()
    state = WesternLegends.build(library).new_initial_state(players=2, seed=1)
    event = {"event": "not-played", "player": "red", "effect": "gaining cattle-token", "why": "no rule gives it"}
    text = describe_event(state, event, Names(library, "western-legends"))
    assert text == "gaining cattle token is not played (no rule gives it)" and text != _generic(event)
