"""Issue 21: everything a designer authors is played, or `validate` says it is not.

* a designer's own Dark Horse content (a new action space, a new Mystery Hex type) validates clean
  and plays as written, read from the log;
* every effect of the vocabulary that the engine plays changes play (one probe each);
* content that cannot be played is a located warning or error and an `unknowns` row, and a game
  that reaches it says so in its log;
* an effect added from Python by an installed package (tests/plugins/workbench-steal-silver) is
  known to the schema, `validate`, the engine, the audit and a fresh process;
* the engine names no content id outside a short, justified list.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.app.validate import validate_paths
from workbench.games.dark_horse.engine import EFFECTS, VOCABULARY, Action, DarkHorse
from workbench.rules.effects import builtin

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
PLAYED = CORPUS / "designer-effects"
UNPLAYABLE = CORPUS / "designer-effects-unplayable"
PLUGIN = CORPUS / "designer-effects-plugin"


def library_of(folder):
    result = validate_paths([folder], context=[ROOT / "variants"])
    return result


def to_placement(state, dice):
    while state.phase != "placement":
        state = state.apply(tuple(dice[:state._dice_count(state.player(state.to_roll[0]))])
                            if state.is_chance_node() else state.legal_actions()[0])
    return state


def events(state, kind=None):
    return [e for e in state.log if kind is None or e["event"] == kind]


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the (only) line of ``path`` holding ``text``: computed from the file."""
    [found] = [i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    return found


# -- a designer's content, played as written -------------------------------------------------------

@pytest.fixture(scope="module")
def played():
    result = library_of(PLAYED)
    # clean but for one warning: the fixture's scenario builds towns (the Oasis) but nothing builds a
    # city or gains Influence, so no end trigger can be reached (its games stop at their rounds)
    assert [(p.code, p.severity, Path(p.file).name) for p in result.problems] == [
        ("no-end-trigger", "warning", "played.yaml")]
    return result.library


def oasis_game(library):
    """Red's cities next to the Oasis at [1, 1] (put there by the test; the setup is the rules')."""
    from workbench.board.graph import Piece

    game = DarkHorse.build(library, scenario="fixture-oasis-days")
    state = game.new_initial_state(players=2, rounds=3)
    while state.phase == "build":
        state = state.apply(state.legal_actions()[0])
    state.pieces += [Piece("city", (2, 0), "red")]
    return state


def test_a_new_action_space_gives_the_victory_points_it_says(played):
    # fixture-vp-office: "Register a claim for 1 Victory Point." (gain: {victory-points: 1})
    game = DarkHorse.build(played, scenario="fixture-oasis-days")
    state = to_placement(game.new_initial_state(players=2, rounds=1), (3, 3))
    before = state.returns()
    while state.phase == "placement":
        mine = {"red": "fixture-vp-office"}.get(state.current_player())
        state = state.apply(next((a for a in state.legal_actions() if a.kind == "place" and a.space == mine),
                                 Action("pass")))
    while not state.is_terminal():
        actions = state.legal_actions()
        state = state.apply(next((a for a in actions if a.kind == "collect" and a.option == 0), actions[0]))
    gains = [e for e in events(state, "gain") if e["good"] == "victory-points"]
    assert [(e["player"], e["amount"]) for e in gains] == [("red", 1)]
    assert state.returns()["red"] == before["red"] + 1 and state.returns()["blue"] == before["blue"]
    end = events(state, "end")[-1]
    assert end["scores"]["red"]["gained_vp"] == 1


def test_a_new_mystery_hex_type_plays_its_options_as_written(played):
    # fixture-oasis: claimed by 4+; option 1 "receive 2 Silver; the Oasis becomes a Ghost Town"
    # (become-hex-type), option 2 "place a Tribe token on a Resource hex with no Town" (place-token)
    state = to_placement(oasis_game(played), (4, 4))
    assert Action("place", "hex@1,1", (4,)) in state.legal_actions()
    state = state.apply(Action("place", "hex@1,1", (4,)))
    while state.phase == "placement":
        state = state.apply(Action("pass"))
    assert state.current_player() == "red" and state.to_collect[0] == ("red", "hex@1,1")
    offered = state.legal_actions()
    scouting = [a for a in offered if a.kind == "mystery" and a.option == 1]
    board = state.game.board
    towns = {p.at for p in state.pieces if p.piece in ("town", "city", "tribe-token")}
    expected = sorted(n for n, attrs in board.graph.nodes(data=True) if attrs["category"] == "resource" and n not in towns)
    assert sorted(a.at for a in scouting) == expected            # every Resource hex with no Town, as written
    silver = state.player("red").goods.get("silver", 0)
    state = state.apply(next(a for a in offered if a.kind == "mystery" and a.option == 0))
    logged = [e for e in events(state) if e["event"] in ("mystery", "gain", "mystery-revealed")][-3:]
    assert [e["event"] for e in logged] == ["mystery", "gain", "mystery-revealed"]
    assert logged[0]["type"] == "fixture-oasis" and logged[0]["tokens"] == 2     # 3 Water tokens, one taken
    assert (logged[1]["good"], logged[1]["amount"]) == ("silver", 2)
    assert logged[2]["type"] == "ghost-town" and state.mystery["1,1"]["type"] == "ghost-town"
    assert state.player("red").goods["silver"] == silver + 2


def test_the_oasis_scout_places_the_tribe_token_it_says(played):
    state = to_placement(oasis_game(played), (4, 4))
    state = state.apply(Action("place", "hex@1,1", (4,)))
    while state.phase == "placement":
        state = state.apply(Action("pass"))
    choice = next(a for a in state.legal_actions() if a.kind == "mystery" and a.option == 1)
    state = state.apply(choice)
    assert events(state, "place-token")[-1] == {**events(state, "place-token")[-1], "token": "tribe-token",
                                                "at": list(choice.at)}
    assert any(p.piece == "tribe-token" and p.at == choice.at for p in state.pieces)


def test_the_ghost_towns_yaml_effects_are_run(played):
    # Ghost Town (Rebels & Rogues): "Place one of your unused Town tokens on this hex for free" is
    # `effects: [{effect: build, piece: town, on: this-hex}]`; "it is now an Outlaw Hideout" with
    # "2 Hideout tokens" is `become-hex-type` with `tokens: 2` (the number is the YAML's)
    state = to_placement(oasis_game(played), (4, 4))
    state.mystery["1,1"].update(type="ghost-town", face_up=True, tokens=None, used=[])
    red = state.player("red")
    built = [p for p in state.pieces if p.player == "red" and p.piece == "town"]
    state._effects(red, state.game.mystery_types["ghost-town"]["options"][1], "hex@1,1")
    assert [p for p in state.pieces if p.player == "red" and p.piece == "town"] == built + [
        next(p for p in state.pieces if p.at == (1, 1) and p.piece == "town")]
    state._effects(red, state.game.mystery_types["ghost-town"]["options"][2], "hex@1,1")
    assert (state.mystery["1,1"]["type"], state.mystery["1,1"]["tokens"]) == ("outlaw-hideout", 2)


# -- one probe per effect of the vocabulary ---------------------------------------------------------

#: For each effect the engine plays: the spec written in YAML and where it is played.
PROBES = {
    "move-first-in-turn-order": ({}, "saloon", "blue"),
    "move-last-in-turn-order": ({}, "saloon", "red"),
    "jail-die-next-turn": ({}, "saloon", "red"),
    "bonus-die-next-turn": ({}, "saloon", "red"),
    "take-special-role": ({"role": "marshal-token"}, "saloon", "red"),
    "draw-cards": ({"draw": 2, "keep": 1}, "saloon", "red"),
    "build": ({"piece": "town"}, "saloon", "red"),
    "remove-hex": ({}, "hex@1,1", "red"),
    "become-hex-type": ({"hex_type": "ghost-town"}, "hex@1,1", "red"),
    "place-token": ({"token": "tribe-token", "categories": ["resource"], "at": (2, 1)}, "hex@1,1", "red"),
}


def test_every_played_effect_has_a_probe():
    played = sorted(e.name for e in builtin("dark-horse").effects.values() if e.played)
    assert played == sorted(PROBES)
    assert all(name in EFFECTS for name in played)          # each played effect has its handler


@pytest.mark.parametrize("name", sorted(PROBES))
def test_each_effect_changes_play(played, name):
    spec, where, who = PROBES[name]
    state = to_placement(oasis_game(played), (4, 4))
    base, probed = state.clone(), state.clone()
    option = {"text": "probe", "effects": [{"effect": name, **spec}]}
    probed._effects(probed.player(who), option, where)
    base._effects(base.player(who), {"text": "probe"}, where)
    strip = lambda s: {k: v for k, v in s.snapshot().items()}     # noqa: E731
    assert strip(probed) != strip(base)
    assert events(probed)[-1]["event"] != "not-played"


# -- what cannot be played is never silent ----------------------------------------------------------

NOT_PLAYED = ["trade", "place-silver-for-robbery", "produce-resources", "claim-special-role-token", "unknown",
              "remove-hex"]


def test_what_cannot_be_played_is_a_located_warning_or_error(tmp_path, monkeypatch, capsys):
    result = library_of(UNPLAYABLE)
    unplayable, foreign = UNPLAYABLE / "unplayable.yaml", UNPLAYABLE / "foreign.yaml"
    # (its scenario reaches no end trigger either: `no-end-trigger`, the subject of tests/test_game_ends.py)
    found = sorted((Path(p.file).name, p.line, p.code, p.severity) for p in result.problems if p.code != "no-end-trigger")
    expected = [("foreign.yaml", line_of(foreign, "money: 5"), "foreign-resource", "error"),
                ("foreign.yaml", line_of(foreign, "legend-points: 1"), "foreign-resource", "error")] + [
        ("unplayable.yaml", line_of(unplayable, f"effect: {name}}}"), "not-played", "warning") for name in NOT_PLAYED]
    assert found == sorted(expected)
    # each warning says why (from the vocabulary), e.g. the trade: its rates are not in the texts
    trade = next(p for p in result.problems if "'trade'" in p.message)
    assert "rates are not given" in trade.message
    # from a folder outside the repository, the CLI exits 1 (content problems) and names each code
    monkeypatch.chdir(tmp_path)
    assert main(["validate", str(UNPLAYABLE)]) == 1
    out = capsys.readouterr().out
    assert out.count("not-played") == len(NOT_PLAYED) and out.count("foreign-resource") == 2


def test_what_cannot_be_played_is_listed_by_unknowns(capsys):
    assert main(["unknowns", "--game", "dark-horse", "--format", "json", str(UNPLAYABLE)]) in (0, 1)
    rows = json.loads(capsys.readouterr().out)["unknowns"]
    mine = [r for r in rows if "fixture-" in r["name"]]
    unplayable, foreign = UNPLAYABLE / "unplayable.yaml", UNPLAYABLE / "foreign.yaml"
    assert sorted((r["name"], r["where"]) for r in mine) == sorted(
        [(f"fixture-market-day: {n}", f"{unplayable}:{line_of(unplayable, f'effect: {n}}}')}") for n in NOT_PLAYED]
        + [("fixture-west-saloon: money", f"{foreign}:{line_of(foreign, 'money: 5')}"),
           ("fixture-west-saloon: legend-points", f"{foreign}:{line_of(foreign, 'legend-points: 1')}")])


def test_a_game_that_reaches_an_effect_it_does_not_play_says_so():
    library = validate_paths([UNPLAYABLE / "unplayable.yaml"], context=[ROOT / "variants"]).library
    game = DarkHorse.build(library, scenario="fixture-market")
    state = to_placement(game.new_initial_state(players=2, rounds=1), (3, 3))
    while state.phase == "placement":
        mine = {"red": "fixture-market-day"}.get(state.current_player())
        state = state.apply(next((a for a in state.legal_actions() if a.kind == "place" and a.space == mine),
                                 Action("pass")))
    for option, name in enumerate(NOT_PLAYED):
        trial = state.clone()
        trial = trial.apply(Action("collect", "fixture-market-day", option=option))
        [said] = [e for e in events(trial, "not-played")]
        assert (said["effect"], said["space"]) == (name, "fixture-market-day") and said["why"]


# -- an effect added from Python --------------------------------------------------------------------

def test_a_plugin_effect_is_known_to_the_schema_validate_and_the_engine():
    assert VOCABULARY.effects["steal-silver"].plugin == "workbench-steal-silver"
    result = library_of(PLUGIN)
    # the schema accepts it (the fixture's scenario reaches no end trigger: its one warning)
    assert [p.code for p in result.problems] == ["no-end-trigger"]
    game = DarkHorse.build(result.library, scenario="fixture-hold-ups")
    state = to_placement(game.new_initial_state(players=2, rounds=1), (3, 3))
    state.player("blue").goods["silver"] = 3
    while state.phase == "placement":
        mine = {"red": "fixture-hold-up"}.get(state.current_player())
        state = state.apply(next((a for a in state.legal_actions() if a.kind == "place" and a.space == mine),
                                 Action("pass")))
    red = state.player("red").goods.get("silver", 0)
    state = state.apply(Action("collect", "fixture-hold-up", option=0))
    # "Hold up the other players for 2 Silver each" (amount: 2): blue had 3
    assert [(e["victim"], e["silver"]) for e in events(state, "steal-silver")] == [("blue", 2)]
    assert (state.player("red").goods["silver"], state.player("blue").goods["silver"]) == (red + 2, 1)


def test_a_misspelt_plugin_effect_is_still_a_schema_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text((PLUGIN / "steal.yaml").read_text().replace("steal-silver", "steal-silverr"))
    result = validate_paths([bad], context=[ROOT / "variants"])
    assert [(p.code, p.line) for p in result.errors] == [("schema", line_of(bad, "effect: steal-silverr"))]


def test_a_plugin_effect_is_audited_and_known_in_a_fresh_process():
    # a fresh interpreter (as a Dask worker is) finds the plugin through the entry points alone, plays
    # it, and the audit of its log finds nothing wrong
    code = f"""
import json
from workbench.app.validate import validate_paths
from workbench.games.base import play
from workbench.games.dark_horse.engine import DarkHorse
from workbench.audit import audit
library = validate_paths([{str(PLUGIN)!r}], context=[{str(ROOT / 'variants')!r}]).library
game = DarkHorse.build(library, scenario="fixture-hold-ups")
kinds, broken = set(), set()
for seed in range(12):
    state = play(game, 2, seed, ["greedy"], rounds=3, audit=True)
    log = json.loads(json.dumps(list(state.log)))
    kinds |= {{e["event"] for e in log}}
    broken |= {{k for k, v in audit(log).items() if v}}
print(json.dumps({{"stole": "steal-silver" in kinds, "broken": sorted(broken)}}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/").stdout
    assert json.loads(out) == {"stole": True, "broken": []}


# -- no content id in engine code -------------------------------------------------------------------

#: The content ids the Dark Horse engine names on purpose, each with why: tokens whose abilities
#: are engine code (the rules give what they do; no effect of the vocabulary says it yet).
ALLOWED_IDS = {
    "dark-horse": "the game's own id",
}
#: Words of the engine's own that a document's id happens to spell (an action, phase, event, log
#: key or map piece kind, not a reference to that document).
ENGINE_WORDS = {
    "carnival": "the action kind 'carnival' (roll the Carnival die)", "carnival-die": "a special die a placement uses",
    "inventor-die": "a special die a placement uses", "gunfight": "the game phase",
    "turn-order": "the log event of a turn order change",
    "inventor": "a log key of the Inventor roll", "engineer": "a log key of a gunfight's Engineer bonus",
    "robbing": "why a character becomes Wanted, in the log", "rails": "the board graph's edge attribute",
    "improved-town": "a map piece kind", "resource": "a hex category", "reputation": "a log key",
}


#: The Dark Horse package: its engine is split by phase (placement.py, collection.py,
#: mystery_hexes.py, ...), so the scans below read every module of it, a module added later too.
PACKAGE = ROOT / "workbench" / "games" / "dark_horse"
#: Ids one module of the package names (allowed there only), with why.
MODULE_IDS = {
    "gunfight.py": {"rebels-and-rogues": "the deck a scenario lists and the characters' role, by which the gunfight"
                                         " calculator's `fighters` picks the characters that fight in it"},
    "view.py": {"high-noon": "the scenario the notebooks' play chooser shows first (what to show, never a rule)"},
}


#: Modules of the package that are not the engine: the settings the conformance games play
#: (published scenarios and the corpus's fixtures, by id, with their player counts), kept beside
#: the game they exercise so its registry entry names them.
NOT_ENGINE = {"conformance.py"}


def _package_modules() -> list[Path]:
    modules = sorted(m for m in PACKAGE.glob("*.py") if m.name not in NOT_ENGINE)
    assert {"engine.py", "placement.py", "collection.py", "mystery_hexes.py"} <= {m.name for m in modules}
    return modules


def _engine_strings(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings}


def test_the_engine_names_no_content_id_but_the_listed_ones():
    library = validate_paths([ROOT / "variants", CORPUS / "dark-horse"]).library
    ids = {d.id for d in library.documents if d.game == "dark-horse" and isinstance(d.id, str)}
    # the vocabulary's resources are goods the engine counts, pays and gains (Gold into Silver,
    # Reputation, tokens used up): declared in workbench/rules/dark_horse_effects.py, not content ids
    resources = set(VOCABULARY.resources)
    hex_types = {d.id for d in library.of_kind("hex_type", "dark-horse")}
    for module in _package_modules():
        named = _engine_strings(module) & ids
        allowed = set(ALLOWED_IDS) | set(ENGINE_WORDS) | resources | set(MODULE_IDS.get(module.name, {}))
        assert sorted(named - allowed) == [], module.name
        # none of the Mystery Hex types is named any more (their abilities are their YAML's effects)
        assert named & hex_types - set(ENGINE_WORDS) == set(), module.name


def _worker_knows_the_plugin() -> dict:
    from workbench.games.dark_horse.engine import VOCABULARY as words

    effect = words.effects.get("steal-silver")
    return {"declared": effect is not None and effect.plugin == "workbench-steal-silver",
            "played": words.played("steal-silver") and "steal-silver" in words.handlers}


def test_a_dask_worker_knows_the_plugin_effect():
    # a Dask worker process (spawned, on 127.0.0.1) loads the plugin through the entry points, as
    # the balance lab's workers do when they build the game
    import distributed      # the balance extra, installed by ./dev setup
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster, timeout=60) as client:
        answers = client.run(_worker_knows_the_plugin)
    assert list(answers.values()) == [{"declared": True, "played": True}]


#: The numbers (other than 0, 1 and -1) the Dark Horse engine holds, by value, with why: none is a
#: rule of the game (the die faces are `die_faces`, the Inventor die's 1 <-> 6 is
#: `inventor_never_turns_between`). A new number fails this test.
ALLOWED_NUMBERS = {
    2: "tuple positions and pair lengths of the engine's own records; the fixed-weight bot's weights; odds > 1/2",
    3: "a tuple position; the default rounds of a sample game (a front-end default, not a rule)",
    4: "the default seats of a sample game; the fixed-weight bot's weights; a memo's size",
    5: "the fixed-weight bot's weights (the bot's, not the rules')",
    12: "the reference player's lookahead horizon in decisions (LOOKAHEAD_HORIZON: the player's, not a rule)",
    20_000: "the setup search's step budget", 4096: "the size of the engine's memos (setup searches, placements, actions)",
    0.1: "the fixed-weight bot's tie-breaking weight", 0.5: "the fixed-weight bot's tie-breaking weight",
}


#: Numbers one module of the package holds (allowed there only), with why.
MODULE_NUMBERS = {
    "gunfight.py": {
        6: "the gunfight's six-sided dice (faces 1 to 6, 6**n rolls, Weak-Kneed's flee chance out of 6): still Python,"
           " not a declared parameter", 7: "the same six-sided die: Weak-Kneed flees on n or more, 7 - n faces of 6",
        1000: "MAX_DUEL, the largest Duel value the calculator accepts (an input bound, not a rule)",
        20: "the most wounds an inline side may declare (an input bound, not a rule)",
        256: "the size of the roll tables' memo",
    },
    "__init__.py": {100: "the balance lab's player's playouts a decision (its registry entry: the lab's, not a rule)"},
}


def test_the_engine_holds_no_new_number():
    for module in _package_modules():
        tree = ast.parse(module.read_text())
        numbers = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                   and type(node.value) in (int, float) and node.value not in (0, 1, -1)}
        assert sorted(numbers - set(ALLOWED_NUMBERS) - set(MODULE_NUMBERS.get(module.name, {}))) == [], module.name


def test_build_on_this_hex_on_an_action_space_is_refused_with_a_located_warning(tmp_path):
    # an action space is no hex: 'build on: this-hex' there never falls back to a hex of the
    # player's choosing; validate warns at the line and a game that reaches it builds nothing
    f = tmp_path / "space.yaml"
    f.write_text("kind: action_space\ngame: dark-horse\nid: fixture-barn-raising\nname: Barn raising\ntype: unlimited\n"
                 "claim: {requirement: any-die}\nsource: {document: house-rule}\noptions:\n"
                 "  - text: Raise a town right here.\n    effects: [{effect: build, piece: town, on: this-hex}]\n")
    result = validate_paths([f], context=[ROOT / "variants"])
    [warning] = [p for p in result.problems if p.code == "not-played"]
    assert (warning.line, warning.severity) == (10, "warning") and "this-hex" in warning.message
    state = DarkHorse.build(validate_paths([ROOT / "variants"]).library, scenario="high-noon").new_initial_state(players=2)
    player, pending = state.players[0], list(state.pending)
    EFFECTS["build"](state, player, {"effect": "build", "piece": "town", "on": "this-hex"}, "fixture-barn-raising")
    assert state.pending == pending
    said = [e for e in state.log if e["event"] == "not-played"]
    assert [(e["effect"], e["space"]) for e in said] == [("build", "fixture-barn-raising")]


def test_a_designers_special_role_token_plays_the_power_it_names(tmp_path):
    # "Acts like a character whose only ability is to Challenge, and it can Challenge any character
    # with a Wanted token" (Marshal): a designer's Deputy token with `powers: [challenge-wanted]`
    # challenges with its own icons; the published Marshal token then no longer does
    f = tmp_path / "deputy.yaml"
    f.write_text("kind: token\ngame: dark-horse\nid: deputy-star\nname: Deputy star\nspecial_role: true\n"
                 "powers: [challenge-wanted]\ncount: 1\nsource: {document: house-rule}\n"
                 "gunfight: {combat: 3, duel: 1}\n---\n"
                 "kind: token\ngame: dark-horse\nid: mayors-sash\nname: Mayor's sash\nspecial_role: true\ncount: 1\n"
                 "source: {document: house-rule}\n")
    result = validate_paths([f], context=[ROOT / "variants"])
    [warning] = [p for p in result.problems]
    assert (warning.code, warning.line, warning.severity) == ("not-played", 15, "warning")   # the sash's special_role: no power
    game = DarkHorse.build(result.library, scenario="high-noon")
    assert game.powers["challenge-wanted"] == ["deputy-star", "marshal-token"]   # the first by id challenges
    assert game.challenger == "deputy-star" and game.marshal_gunfight() == {"combat": 3, "duel": 1}
    published = DarkHorse.build(validate_paths([ROOT / "variants"]).library, scenario="high-noon")
    assert published.challenger == "marshal-token" and published.powers["inventor-die"] == ["inventor-token"]


def test_the_dice_have_the_faces_the_ruleset_gives():
    # "13 Six sided dice": two dice roll 1..6 each, a sorted pair (a, b) with a < b coming up 2 ways
    # in 36; with `die_faces: 4` in a designer's ruleset, 1..4 and 2 ways in 16
    from fractions import Fraction
    from itertools import product
    library = validate_paths([ROOT / "variants"]).library
    for faces in (6, 4):
        game = DarkHorse.build(library, scenario="high-noon", overrides={} if faces == 6 else {"die_faces": faces})
        state = game.new_initial_state(players=2, rounds=1)
        while not state.is_chance_node():
            state = state.apply(state.legal_actions()[0])
        got = {tuple(roll): p for roll, p in state.chance_outcomes()}
        expected: dict = {}
        for roll in product(range(1, faces + 1), repeat=2):
            key = tuple(sorted(roll))
            expected[key] = expected.get(key, 0) + Fraction(1, faces ** 2)
        assert got == expected


def test_the_schemas_know_plugin_effects_once_the_rules_layer_is_loaded():
    # the notebook editor's live checks (content.validate.document_problems) in a fresh process that
    # never imports the validate application: the plugin's effect is no schema error, a misspelling is
    script = f"""
import sys
import workbench.rules.effects
from workbench.content.loader import load_text
from workbench.content.validate import document_problems
text = open({str(PLUGIN / "steal.yaml")!r}).read()
good = [p.code for d in load_text(text, "steal.yaml")[0] for p in document_problems(d) if d.kind == "action_space"]
bad = [p.code for d in load_text(text.replace("steal-silver", "steal-silverr"), "bad.yaml")[0]
       for p in document_problems(d) if d.kind == "action_space"]
print(good, bad, sorted(m for m in sys.modules if m.startswith("workbench.app")))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT.parent)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[]", "['schema']", "[]"]
