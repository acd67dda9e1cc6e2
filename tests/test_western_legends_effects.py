"""Issue 21, Western Legends: a designer's location, item and map are played as written, or
`validate` says they are not.

* the locations' actions are effects of the Western Legends vocabulary
  (workbench/rules/western_legends_effects.py), and the engine names no location id;
* a designer's church on their own map (tests/corpus/designer-western-legends) plays its YAML:
  "Pray: gain 1 marshal point", "Tithe: pay $20 for 1 LP and a poker card";
* misc. items' abilities play ("Gain 1 marshal point when bought", "Action: lose all wounds");
* `workbench play western-legends --set territory=church-hill` plays the designer's map, from a
  folder outside the repository;
* what cannot be played (tests/corpus/designer-western-legends-unplayable) is a located
  `not-played` warning and a `workbench unknowns` row; a Dark Horse effect on a location is a
  schema error.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.app.validate import validate_paths
from workbench.cli import main
from workbench.games.western_legends.engine import Action, WesternLegends

import rules_probes_western_legends as probes

ROOT = Path(__file__).resolve().parent.parent
DESIGNER = ROOT / "tests" / "corpus" / "designer-western-legends"
UNPLAYABLE = ROOT / "tests" / "corpus" / "designer-western-legends-unplayable"
CHURCH = (5, 1)        # the church on the hill (church-hill.yaml)


def line_of(path: Path, text: str) -> int:
    [found] = [i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    return found


@pytest.fixture(scope="module")
def library():
    result = validate_paths([DESIGNER], context=[ROOT / "variants"])
    assert [p.format_text() for p in result.problems] == []          # clean: no warning, no error
    return result.library


def build_on(library, territory="church-hill"):
    def build(overrides=None, variants=()):
        return WesternLegends.build(library, variants=variants, overrides={"territory": territory, **(overrides or {})})
    return build


def test_the_designers_map_is_played(library):
    game = build_on(library)()
    assert game.map_id == "church-hill" and game.location[CHURCH] == "church"
    # the published default is still the illustrative frontier (no church there)
    published = WesternLegends.build(library)
    assert published.map_id == "illustrative-frontier" and CHURCH not in published.location


def test_the_church_offers_its_two_actions_and_pray_gains_a_marshal_point(library):
    state = probes.acting(build_on(library), at=CHURCH)
    legal = state.legal_actions()
    assert Action("location-action", ("church", 0)) in legal and Action("location-action", ("church", 1)) in legal
    before = probes.me(state)
    rewards = state.rules.marshal_rewards.get("1", {})       # the track's first space, as the ruleset says
    after = probes.settle(state.apply(Action("location-action", ("church", 0))))
    p = probes.me(after)
    # "Pray: gain 1 marshal point": one step up the marshal track (and that space's reward)
    assert p.marshal == before.marshal + 1 == 1
    assert p.lp == before.lp + rewards.get("legend-points", 0)
    [said] = [e for e in after.log if e["event"] == "location-action"]
    assert (said["location"], said["text"]) == ("church", "Pray: gain 1 marshal point.")


def test_the_tithe_pays_20_for_1_lp_and_a_poker_card(library):
    state = probes.acting(build_on(library), at=CHURCH)
    before = probes.me(state)
    money, lp, hand = before.money, before.lp, len(before.hand)
    after = probes.settle(state.apply(Action("location-action", ("church", 1))))
    p = probes.me(after)
    assert (p.money, p.lp, len(p.hand)) == (money - 20, lp + 1, hand + 1)
    # a player without $20 is not offered it
    poor = probes.acting(build_on(library), at=CHURCH)
    probes.me(poor).money = 19
    poor.__dict__.pop("_legal", None)         # legal actions are cached per state
    assert Action("location-action", ("church", 1)) not in poor.legal_actions()


def test_a_misc_item_bought_gains_its_marshal_point(library):
    state = probes.acting(build_on(library), at=probes.STORE)
    assert Action("buy", "sheriffs-badge") in state.legal_actions()
    after = probes.settle(state.apply(Action("buy", "sheriffs-badge")))
    p = probes.me(after)
    assert p.items["sheriffs-badge"][0] == 1 and p.marshal == 1 and p.money == 50 - 20


def test_a_misc_items_action_ability_loses_all_wounds(library):
    state = probes.acting(build_on(library), at=probes.OPEN)
    p = probes.me(state)
    p.wounds, p.items["trail-rations"] = 2, (1, 0)
    state.__dict__.pop("_legal", None)
    assert Action("item-ability", ("trail-rations", 0)) in state.legal_actions()
    left = state.actions_left
    after = probes.settle(state.apply(Action("item-ability", ("trail-rations", 0))))
    assert probes.me(after).wounds == 0 and after.actions_left == left - 1


def test_the_published_locations_play_as_before_from_their_effects(library):
    # the bank's two actions are its YAML's deposit-nuggets and heist; a ranch's take-cattle gives its
    # spaces their cattle tokens; the rail station delivers on arrival (wrangle_reward)
    game = WesternLegends.build(library)
    assert [a for _, _, a in game.location_actions["bank"]] == ["deposit-nuggets", "heist"]
    assert game.ranches == sorted(game.spaces["ranch"]) and game.office == game.spaces["sheriffs-office"][0]
    assert [e["reward"] for e in game.arrival["rail-station"]] == ["wrangle_reward"]


#: Strings of the game's modules that a location's id happens to spell, by module, with why (a log
#: key, not a reference to that document).
ENGINE_WORDS = {
    "view.py: ranch": "the take-cattle event's log key (the space the cattle came from), read to describe it",
}


def test_the_engine_names_no_location_id():
    # every module of the game's package (the engine is split by phase: moving code out of
    # engine.py into another module must not take it out of this check)
    library = validate_paths([ROOT / "variants", DESIGNER]).library
    ids = {d.id for d in library.of_kind("location", "western-legends")}
    modules = sorted((ROOT / "workbench" / "games" / "western_legends").glob("*.py"))
    assert len(modules) >= 5 and ROOT / "workbench" / "games" / "western_legends" / "engine.py" in modules
    named = {}
    for path in modules:
        tree = ast.parse(path.read_text())
        strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        named.update({f"{path.name}: {s}": s for s in strings & ids})
    assert sorted(set(named) - set(ENGINE_WORDS)) == []
    assert set(ENGINE_WORDS) <= set(named), "an exemption no module needs any more: remove it"


def test_play_chooses_a_designers_map_from_a_folder_outside_the_repository(tmp_path):
    folder = tmp_path / "my-game"
    folder.mkdir()
    for f in DESIGNER.iterdir():
        (folder / f.name).write_text(f.read_text())
    run = [sys.executable, "-m", "workbench", "play", "western-legends", "--library", "my-game", "--players", "3",
           "--seed", "1", "--format", "json"]
    out = subprocess.run(run + ["--set", "territory=church-hill"], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    events = json.loads(out.stdout)["events"]
    assert events[0]["map"] == "church-hill"
    prayed = [e for e in events if e["event"] == "location-action" and e["location"] == "church"]
    assert prayed, "the greedy bots visit the church (its gain draws them) and take its actions"
    # a map that is not in the library: exit 1, the problem says which maps there are
    bad = subprocess.run(run + ["--set", "territory=no-such-map"], capture_output=True, text=True, cwd=tmp_path)
    assert bad.returncode == 1 and "no-such-map" in bad.stdout + bad.stderr and "church-hill" in bad.stdout + bad.stderr
    assert "Traceback" not in bad.stderr


# -- what cannot be played ----------------------------------------------------------------------

def test_what_cannot_be_played_is_a_located_warning(tmp_path, monkeypatch, capsys):
    result = validate_paths([UNPLAYABLE], context=[ROOT / "variants"])
    f = UNPLAYABLE / "unplayable.yaml"
    found = sorted((p.line, p.code, p.severity) for p in result.problems)
    expected = sorted((line, "not-played", "warning") for line in [
        line_of(f, 'text: "Sing hymns."'), line_of(f, "cost: {wound: 1}"), line_of(f, "gain: {cattle-token: 1}"),
        line_of(f, "effects: [{effect: unknown}]"), line_of(f, 'text: "Bingo night') + 1,
        line_of(f, 'effect: "Gain 1 marshal point."'), line_of(f, "when: fight"), line_of(f, "location: graveyard")])
    assert found == expected
    monkeypatch.chdir(tmp_path)
    assert main(["validate", str(UNPLAYABLE)]) == 0           # warnings only: exit 0, each printed
    assert capsys.readouterr().out.count("not-played") == len(expected)


def test_what_cannot_be_played_is_listed_by_unknowns(capsys):
    assert main(["unknowns", "--game", "western-legends", "--format", "json", str(UNPLAYABLE)]) in (0, 1)
    rows = json.loads(capsys.readouterr().out)["unknowns"]
    mine = sorted(r["name"] for r in rows if r["name"].split(":")[0] in
                  ("chapel", "lucky-horseshoe", "holy-water", "ghost-hill"))
    assert mine == sorted(["chapel: actions.0", "chapel: wound", "chapel: cattle-token", "chapel: unknown",
                           "chapel: actions.4.gain", "lucky-horseshoe: Gain 1 marshal point.", "holy-water: fight",
                           "ghost-hill: graveyard"])


def test_a_dark_horse_effect_on_a_location_is_a_schema_error(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("kind: location\ngame: western-legends\nid: forge\nname: Forge\nsource: {document: house-rule}\n"
                 "actions:\n  - text: Build a town.\n    effects: [{effect: build}]\n")
    result = validate_paths([f], context=[ROOT / "variants"])
    errors = [p for p in result.problems if p.severity == "error"]
    assert errors and errors[0].line == 8 and "build" in errors[0].message


def test_a_game_that_reaches_an_unpayable_cost_says_so():
    library = validate_paths([UNPLAYABLE, DESIGNER], context=[ROOT / "variants"]).library
    state = probes.acting(build_on(library), at=CHURCH)
    spec = library.get("western-legends", "location", "chapel").data["actions"][1]
    state._play_spec(probes.me(state), spec, "chapel")
    [said] = [e for e in state.log if e["event"] == "not-played"]
    assert said["effect"] == "paying wound" and said["why"]


# -- story cards' rewards and poker cards' ACTIONs, through the vocabulary ------------------------------

STORIES = ROOT / "tests" / "corpus" / "designer-western-legends-story"


@pytest.fixture(scope="module")
def stories():
    return validate_paths([STORIES], context=[ROOT / "variants"])


def _with(library, variant):
    def build(overrides=None, variants=()):
        return WesternLegends.build(library, variants=(variant, *variants), overrides=overrides)
    return build


def _complete(state, card):
    """The player to move adds the last disc to ``card`` and ends the turn (the card resolves)."""
    state.actions_left, state.step = 0, "end"
    state = state.apply(Action("disc", card))
    return probes.settle(state.apply(Action("end-turn")))


def test_a_story_cards_reward_is_played_as_written(stories):
    state = probes.acting(_with(stories.library, "lawmen-stories"))
    seat = state.turn
    rules = state.rules
    state = _complete(state, "deputized")
    p = state.players[seat]
    # "Story card rewards: as stated on the card": 2 marshal points (each space entered gives its
    # reward, "Gain the reward on the space the cube was moved to") and $5
    track_money = sum(rules.marshal_rewards.get(str(space), {}).get("money", 0) for space in (1, 2))
    assert p.marshal == 2 and p.money == 50 + 5 + track_money
    [done] = [e for e in state.log if e["event"] == "story-completed"]
    assert done["card"] == "deputized" and done["rewarded"] == [p.name]
    assert not [e for e in state.log if e["event"] == "not-played"]


def test_a_story_reward_the_engine_cannot_give_is_a_located_warning_an_unknown_and_a_logged_no_op(stories, capsys):
    f = STORIES / "stories.yaml"
    assert [(p.code, p.severity, p.line) for p in stories.problems] == [
        ("not-played", "warning", line_of(f, "reward: {cattle-token: 1"))]
    assert main(["unknowns", "--game", "western-legends", "--format", "json", str(STORIES)]) in (0, 1)
    rows = [r for r in json.loads(capsys.readouterr().out)["unknowns"] if r["name"].startswith("drover-stories")]
    assert [(r["name"], r["value"], r["where"].rsplit(":", 1)[1]) for r in rows] == [
        ("drover-stories: cattle-token", "not played", str(line_of(f, "reward: {cattle-token: 1")))]
    state = probes.acting(_with(stories.library, "drover-stories"))
    seat = state.turn
    lp = state.players[seat].lp
    state = _complete(state, "the-long-drive")
    p = state.players[seat]
    assert p.lp == lp + 1 and len(p.cattle) == 0                     # the LP given, the cattle token not
    [said] = [e for e in state.log if e["event"] == "not-played"]
    assert said["effect"] == "gaining cattle-token" and said["player"] == p.name and said["why"]


def test_a_poker_cards_action_is_the_vocabularys_effect(stories):
    from workbench.games.western_legends.engine import VOCABULARY
    from workbench.rules.western_legends import ABILITIES
    # the ruleset's `card_actions` names the vocabulary's poker-card effects, each played by a handler
    assert sorted(ABILITIES) == sorted(n for n, e in VOCABULARY.effects.items() if "poker-card" in e.kinds)
    assert all(VOCABULARY.played(n) and n in VOCABULARY.handlers for n in ABILITIES)
    state = probes.acting(_with(stories.library, "lawmen-stories"))
    p = probes.me(state)
    p.hand = ["JH"]                                   # the designer's second Living Legend card
    state = probes.after(state, Action("card-action", "JH"))
    assert probes.me(state).marshal == state.rules.living_legend_points and len(probes.me(state).hand) == 0
    # a designer's location action may carry it too: the same effect, the same rule
    state = probes.acting(_with(stories.library, "lawmen-stories"))
    state._play_spec(probes.me(state), {"effects": [{"effect": "living-legend"}]}, "church")
    assert probes.me(state).marshal == state.rules.living_legend_points


def test_a_poker_card_action_outside_the_vocabulary_is_an_error_at_its_line(tmp_path):
    f = tmp_path / "pony.yaml"
    f.write_text("kind: variant\ngame: western-legends\nid: pony-express\nname: Pony express\n"
                 "source: {document: house-rule}\nrules: [\"The Jack of Hearts carries the mail.\"]\n"
                 "parameters:\n  card_actions: {JH: pony-express}\n")
    result = validate_paths([f], context=[ROOT / "variants"])
    errors = [p for p in result.problems if p.severity == "error"]
    assert errors and errors[0].line == 8 and "pony-express" in errors[0].message


# -- when a poker card's ACTION is offered: the effect's declaration, never its name -------------------

def test_a_card_action_is_offered_as_its_effects_declaration_says(library, monkeypatch):
    # "The sheriff can also be moved via the Manhunt poker card (again, as long as there is at
    # least 1 wanted player)": the Manhunt effect is declared offered_when a-player-is-wanted, and
    # the engine asks that declaration; swapping the two cards' declarations swaps what is offered
    from dataclasses import replace

    from workbench.games.western_legends import engine as wl

    state = probes.acting(build_on(library))
    card_of = {ability: card for card, ability in sorted(state.rules.card_actions.items())}
    manhunt, legend = Action("card-action", card_of["manhunt"]), Action("card-action", card_of["living-legend"])
    probes.me(state).hand = (card_of["manhunt"], card_of["living-legend"])

    def offered():
        state.__dict__.pop("_legal", None)
        listed = {a for a in state.legal_actions() if a.kind == "card-action"}
        assert all(state.is_legal(a) == (a in listed) for a in (manhunt, legend))
        return listed

    assert wl.VOCABULARY.effects["manhunt"].offered_when == ("a-player-is-wanted",)
    assert not any(p.wanted for p in state.players) and offered() == {legend}
    effects = wl.VOCABULARY.effects
    monkeypatch.setitem(effects, "manhunt", replace(effects["manhunt"], offered_when=()))
    monkeypatch.setitem(effects, "living-legend", replace(effects["living-legend"], offered_when=("a-player-is-wanted",)))
    assert offered() == {manhunt}
    probes.other(state).wanted = 1
    assert offered() == {manhunt, legend}


def test_an_effect_is_offered_only_under_conditions_the_engine_evaluates():
    from workbench.games.western_legends import engine as wl
    from workbench.rules.western_legends_effects import declare

    words = declare()
    assert set(words.conditions) == set(wl.CONDITIONS)        # each declared condition has its evaluation
    with pytest.raises(ValueError, match="no condition of western-legends"):
        words.declare("ambush", "a house rule", "house rule", kinds=("poker-card",), offered_when=("at-night",))
