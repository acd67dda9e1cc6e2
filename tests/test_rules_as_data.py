"""Rules as data: the engines play the ruleset resolved from the library, and a change in YAML
changes play (issue: rules as data, end to end)."""
import json
import shutil
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.app.validate import validate_paths
from workbench.core.errors import NotFound, UsageError
from workbench.games import GAMES
from workbench.games.dark_horse.engine import DarkHorse
from workbench.rules.ruleset import TrackedRuleset, parse_overrides, resolve

import rules_probes_dark_horse
import rules_probes_revolver
import rules_probes_revolver_game
import rules_probes_western_legends

ROOT = Path(__file__).resolve().parent.parent
PROBES = {"dark-horse": rules_probes_dark_horse.PROBES, "western-legends": rules_probes_western_legends.PROBES,
          "revolver-prison": rules_probes_revolver.PROBES, "revolver": rules_probes_revolver_game.PROBES}


@pytest.fixture(scope="module")
def library():
    # with a designer's own Western Legends map (the `territory` probe plays on it)
    return validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse",
                           ROOT / "tests" / "corpus" / "designer-western-legends" / "church-hill.yaml"]).library


# -- the gunfight, from an independent computation of the rules text ----------------------------

def independent_gunfight(a_dice, a_mod, b_dice, b_mod, *, margin=2, flee_on=None):
    """P(challenger wins), by enumerating every roll: up to two rounds; a roll ``margin`` above the
    other wins the round; a Weak-Kneed challenged side (``flee_on``) rolls when challenged and
    when entering the second round, and flees on ``flee_on`` or more."""
    win = lose = total = 0
    for roll in product(range(1, 7), repeat=a_dice + b_dice):
        d = sum(roll[:a_dice]) + a_mod - sum(roll[a_dice:]) - b_mod
        total += 1
        win += d >= margin
        lose += d <= -margin
    w, draw = Fraction(win, total), Fraction(total - win - lose, total)
    stay = Fraction(flee_on - 1, 6) if flee_on else Fraction(1)
    return stay * (w + draw * stay * w)


def run_gunfight(library_dir, *args):
    out = subprocess.run([sys.executable, "-m", "workbench", "gunfight", "--library", str(library_dir),
                          "--format", "json", *args], capture_output=True, text=True, cwd=library_dir.parent)
    assert out.returncode == 0, out.stderr
    return Fraction(json.loads(out.stdout)["fractions"]["outcomes"]["a_wins"])


@pytest.mark.parametrize("parameter,value,spec_b,expected", [
    (None, None, "combat=2,duel=1", independent_gunfight(2, 0, 2, 1)),
    ("win_margin", 3, "combat=2,duel=1", independent_gunfight(2, 0, 2, 1, margin=3)),
    ("wound_modifier", -3, "combat=2,duel=1,wounds=1", independent_gunfight(2, 0, 2, 1 - 3)),
    ("weak_kneed_flees_on", 5, "combat=2,duel=1,weak-kneed", independent_gunfight(2, 0, 2, 1, flee_on=5)),
])
def test_changing_a_gunfight_number_in_yaml_changes_the_exact_odds(tmp_path, parameter, value, spec_b, expected):
    # a designer's copy of the library, one number of the gunfight rule edited in its YAML
    copy = tmp_path / "variants"
    shutil.copytree(ROOT / "variants", copy)
    rules = copy / "dark-horse" / "rebels-and-rogues" / "rules.yaml"
    if parameter:
        text = rules.read_text()
        old = {"win_margin": "  win_margin: 2\n", "wound_modifier": "  wound_modifier: -2\n",
               "weak_kneed_flees_on": "  weak_kneed_flees_on: 4\n"}[parameter]
        assert old in text
        rules.write_text(text.replace(old, f"  {parameter}: {value}\n"))
    assert run_gunfight(copy, "--a", "combat=2", "--b", spec_b) == expected


def test_a_house_rule_variant_changes_the_odds_like_a_published_one(library):
    # variants/house-rules/deadlier-gunfights.yaml: win margin 1, wounds -3, flee on 5+
    game = DarkHorse.build(library, variants=["deadlier-gunfights"])
    assert (game.ruleset.win_margin, game.ruleset.wound_modifier, game.ruleset.weak_kneed_flees_on) == (1, -3, 5)
    assert game.ruleset.origin("win_margin").document.id == "deadlier-gunfights"
    from workbench.games.dark_horse.gunfight import GunfightRules, Side, exact_odds
    odds = exact_odds(Side(combat=2), Side(combat=2, duel=1), GunfightRules.from_ruleset(game.ruleset))
    assert odds.outcomes["a_wins"] == independent_gunfight(2, 0, 2, 1, margin=1)


def test_overrides_given_by_name_are_checked_against_the_declared_types(library):
    assert parse_overrides(["win_margin=3"]) == {"win_margin": 3}
    with pytest.raises(NotFound, match="did you mean 'win_margin'"):
        DarkHorse.build(library, overrides={"win_margn": 3})
    with pytest.raises(UsageError, match="whole number from 1 to 100"):
        DarkHorse.build(library, overrides={"win_margin": "three"})
    with pytest.raises(UsageError):
        DarkHorse.build(library, overrides={"win_margin": True})   # YAML's true is not a number


# -- the compiled type check never accepts what jsonschema rejects -----------------------------------

def _parameter_keys():
    keys = set()

    def walk(schema):
        if isinstance(schema, dict):
            keys.update(schema.get("properties", {}))
            for value in schema.values():
                walk(value)
        elif isinstance(schema, list):
            for value in schema:
                walk(value)
    for entry in GAMES.values():
        for parameter in entry.spec().values():
            walk(parameter.schema)
    return sorted(keys)


_PARAMETER_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 1200), st.floats(-10, 10, allow_nan=False),
              st.text(max_size=6), st.sampled_from(["unknown", "up", "down", "nearest", "money", "town"])),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(_parameter_keys()), inner, max_size=4),
    max_leaves=12)


@pytest.fixture(scope="module")
def published_settings(library):
    """(parameter, value) for every declared parameter's published value and its probe's value."""
    found = []
    for game, probes in PROBES.items():
        spec = GAMES[game].spec()
        rules, _ = resolve(library, GAMES[game].content_game, spec, scenario=None)
        for name, parameter in spec.items():
            if name in rules:
                found.append((parameter, rules[name]))
            if name in probes:
                found.append((parameter, probes[name][0]))
    return found


def test_the_compiled_type_check_accepts_every_published_value(published_settings):
    # the fast path is taken for what the library holds (jsonschema is not even imported for it)
    from workbench.content.schemas import fast_validator
    from workbench.rules.ruleset import plain

    rejected = [(p.name, v) for p, v in published_settings if not fast_validator(p.schema)(plain(v))]
    assert not rejected and len(published_settings) > 100


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_compiled_type_check_never_accepts_what_jsonschema_rejects(published_settings, data):
    from workbench.content.schemas import _import_jsonschema, fast_validator
    from workbench.rules.ruleset import plain, type_problems

    parameter, published = data.draw(st.sampled_from(published_settings))
    value = data.draw(st.one_of(st.just(published), _PARAMETER_VALUES))
    jsonschema, _ = _import_jsonschema()
    valid = jsonschema.Draft202012Validator(parameter.schema).is_valid(plain(value))
    if fast_validator(parameter.schema)(plain(value)):
        assert valid, (parameter.name, value)
    if not valid:
        assert type_problems(value, parameter), (parameter.name, value)


# -- every parameter is live ----------------------------------------------------------------------

def _read_by(game: str) -> set:
    """The parameters the engine reads itself (engines sharing one ruleset split it: READ_BY)."""
    from importlib import import_module
    split = getattr(import_module(GAMES[game].parameters), "READ_BY", None)
    return set(split[game]) if split else set(GAMES[game].spec())


def all_parameters():
    return [(game, name) for game, probes in PROBES.items() for name in GAMES[game].spec() if name in _read_by(game)]


@pytest.mark.parametrize("game,name", all_parameters())
def test_every_declared_parameter_changes_what_the_engine_does(library, game, name):
    assert name in PROBES[game], f"no probe shows that changing '{name}' changes play: add one"
    value, observe = PROBES[game][name]
    engine = GAMES[game].load()

    def build(changed):
        def make(scenario=None, overrides=None, **options):
            merged = dict(overrides or {})
            if changed:
                merged[name] = value
            return engine.build(library, scenario=scenario, overrides=merged, **options)
        return make
    before, after = observe(build(False)), observe(build(True))
    assert before != after, f"changing {name} to {value!r} changed nothing the engine does ({before!r})"


def test_every_declared_parameter_has_a_published_value_and_every_probe_a_parameter(library):
    for game, probes in PROBES.items():
        spec = GAMES[game].spec()
        assert set(probes) <= set(spec), f"probes for undeclared parameters: {set(probes) - set(spec)}"
        rules, problems = resolve(library, GAMES[game].content_game, spec, scenario=None)
        assert rules is not None, [p.format_text() for p in problems]
        missing = {n for n, p in spec.items() if not p.only_with} - set(rules)
        assert not missing


def test_the_engines_read_only_declared_parameters_and_all_of_them(library):
    # a whole game per scenario on a tracked ruleset: any undeclared read raises; what is read
    # during play plus the probes above must cover every declaration
    from workbench.games.base import play
    reads = set()
    for scenario in (None, "high-noon", "wild-wild-west", "pork-barrel", "how-the-west-was-won", "fixture-heist"):
        game = DarkHorse.build(library, scenario=scenario)
        game.ruleset = TrackedRuleset(game.ruleset)
        # Wild Wild West's first cities fit only 2 players on the illustrative map (setup-impossible)
        play(game, 2 if scenario == "wild-wild-west" else 3, seed=5, bots=["random", "greedy"], rounds=3,
             characters={"red": ["fixture-bandit"], "blue": ["fixture-deputy"]} if scenario == "fixture-heist" else None)
        reads |= game.ruleset.reads
    assert {"dice_rolled", "unknown_claim", "starting_pieces", "pieces_per_player"} <= reads


# -- requirements are checked by validate -------------------------------------------------------

def _declaring_documents():
    out = []
    for path in sorted((ROOT / "variants" / "dark-horse").rglob("*.yaml")):
        result = validate_paths([path])
        for document in result.documents:
            if document.kind not in ("scenario", "variant", "map") and isinstance(document.data.get("parameters"), dict):
                out.append((path.relative_to(ROOT / "variants"), document.id))
    return out


@pytest.mark.parametrize("path,doc_id", _declaring_documents())
def test_removing_a_document_the_engine_needs_is_a_located_validate_problem(tmp_path, path, doc_id):
    copy = tmp_path / "variants"
    shutil.copytree(ROOT / "variants", copy)
    target = copy / path
    documents = target.read_text().split("\n---\n")
    kept = [d for d in documents if f"\nid: {doc_id}\n" not in f"\n{d}\n"]
    assert len(kept) == len(documents) - 1
    target.write_text("\n---\n".join(kept) + "\n")
    # --no-published: the copy is the whole library (else a removed `game` document comes back)
    out = subprocess.run([sys.executable, "-m", "workbench", "validate", str(copy), "--format", "json", "--no-published"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    problems = [p for p in json.loads(out.stdout)["problems"] if p["code"] == "missing-parameter"]
    assert problems and all(p["file"] and p["line"] for p in problems)
    if doc_id != "dark-horse":   # located at the game document, unless that is the one removed
        assert all(p["file"].endswith("game.yaml") for p in problems)


def test_validate_reports_wrong_override_types_and_names_at_their_line(tmp_path):
    folder = tmp_path / "house-rules"
    folder.mkdir()
    (folder / "bad.yaml").write_text(
        "kind: variant\ngame: dark-horse\nid: bad-rules\nname: Bad\nsource: {document: house-rule}\n"
        "parameters:\n  win_margn: 3\n  wound_modifier: \"-3\"\n")
    out = subprocess.run([sys.executable, "-m", "workbench", "validate", str(folder), "--library", str(ROOT / "variants"),
                          "--format", "json"], capture_output=True, text=True, cwd=tmp_path)
    problems = {(p["code"], p["line"]) for p in json.loads(out.stdout)["problems"]}
    assert out.returncode == 1 and problems == {("unknown-parameter", 7), ("parameter-type", 8)}


def test_two_variants_that_set_one_parameter_differently_clash_unless_the_scenario_settles_it(library, tmp_path):
    from workbench.content.loader import load_text
    from workbench.content.library import Library
    text = "\n---\n".join([
        "kind: variant\ngame: dark-horse\nid: soft\nname: Soft\nparameters: {win_margin: 3}",
        "kind: variant\ngame: dark-horse\nid: hard\nname: Hard\nparameters: {win_margin: 1}",
        "kind: scenario\ngame: dark-horse\nid: both\nname: Both\nvariants: [soft, hard]",
        "kind: scenario\ngame: dark-horse\nid: settled\nname: Settled\nvariants: [soft, hard]\nparameters: {win_margin: 2}"])
    docs, _ = load_text(text, "mixed.yaml")
    mixed = Library.from_documents(list(library.documents) + docs)
    spec = GAMES["dark-horse"].spec()
    rules, problems = resolve(mixed, "dark-horse", spec, scenario="both")
    assert rules is None and [(p.code, p.line) for p in problems if p.is_error] == [("parameter-conflict", 17)]
    rules, problems = resolve(mixed, "dark-horse", spec, scenario="settled")
    assert rules.win_margin == 2 and not [p for p in problems if p.is_error]


# -- one interface, one registry, one conformance test -------------------------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_conformance(library, game):
    """Random playthroughs on many seeds: only legal actions, chance outcomes that are a
    distribution, determinism per seed, replay from the history reproduces the state, and the
    state serialises and round-trips."""
    import random

    from workbench.games.base import play
    engine = GAMES[game].load()
    built = engine.build(library)
    low, high = built.player_range()
    for seed in range(6):
        players = low + seed % (high - low + 1)
        rng, chance = random.Random(seed), random.Random(seed + 100)
        state = built.new_initial_state(players=players, seed=seed)
        steps = 0
        while not state.is_terminal() and steps < 3000:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert outcomes and sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
                outcome = state.sample_chance(chance)
                assert state.is_legal(outcome)
                nxt = state.apply(outcome)
            else:
                actions = state.legal_actions()
                assert actions, f"no legal action for {state.current_player()} and not over"
                nxt = state.apply(rng.choice(actions))
            assert nxt is not state
            state, steps = nxt, steps + 1
        data = json.loads(json.dumps(state.to_json()))
        again = built.state_from_json(data)
        assert again.to_json() == state.to_json() and list(again.log) == list(state.log)
        assert again.returns() == state.returns() and again.is_terminal() == state.is_terminal()
        first, second = play(built, players, seed, ["random"]), play(built, players, seed, ["random"])
        assert list(first.log) == list(second.log) and first.returns() == second.returns()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_playout_on_a_clone_leaves_the_original_unchanged(library, game):
    """What search bots rely on: ``clone()`` shares nothing that changes. Every few steps of a
    seeded random game a random playout runs on a clone (in place, as search does); the original's
    snapshot is unchanged after it, and the whole game equals the same seeded game without clones."""

    engine = GAMES[game].load()
    # Dark Horse also on scenarios whose Mystery Hexes are used (their entries change in place)
    for scenario in {"dark-horse": [None, "high-noon", "fixture-mysteries"]}.get(game, [None]):
        playouts_leave_the_original_unchanged(engine.build(library, scenario=scenario))


def playouts_leave_the_original_unchanged(built):
    import random

    low, high = built.player_range()

    def seen(state):       # the snapshot where the engine has one; else what its API shows
        try:
            return json.dumps(state.snapshot(), sort_keys=True)
        except NotImplementedError:
            return repr((state.to_json(), state.current_player(), state.is_terminal(), state.returns(),
                         [str(a) for a in state.legal_actions()], [(str(o), p) for o, p in state.chance_outcomes()]))

    def game_of(seed, players, with_playouts):
        rng, chance, other = random.Random(seed), random.Random(seed + 100), random.Random(seed + 200)
        state = built.new_initial_state(players=players, seed=seed)
        steps = 0
        while not state.is_terminal() and steps < 1500:
            if with_playouts and steps % 5 == 0:
                before = seen(state)
                playout = state.clone()
                for _ in range(60):
                    if playout.is_terminal():
                        break
                    playout.apply_in_place(playout.sample_chance(other) if playout.is_chance_node()
                                           else other.choice(playout.legal_actions()))
                assert seen(state) == before, f"step {steps}: the playout changed it"
            state.apply_in_place(state.sample_chance(chance) if state.is_chance_node()
                                 else rng.choice(state.legal_actions()))
            steps += 1
        return state

    for seed in range(3):
        players = low + seed % (high - low + 1)
        cloned, plain = game_of(seed, players, True), game_of(seed, players, False)
        assert list(cloned.history) == list(plain.history) and list(cloned.log) == list(plain.log)
        assert cloned.returns() == plain.returns()


# -- the unknowns are the designer's to fill ---------------------------------------------------------

def test_a_designer_fills_in_a_base_action_space_and_the_engine_plays_it(library):
    # variants/house-rules/my-base-rulebook.yaml writes Builder out (illustrative numbers) with
    # `replaces: builder`; played with that variant, Builder is claimable with 2 + 4 and builds
    from workbench.games.dark_horse.engine import Action
    plain = DarkHorse.build(library, scenario="high-noon")
    assert "builder" in plain.left_out and "builder-as-printed" not in plain.spaces
    game = DarkHorse.build(library, scenario="high-noon", variants=["my-base-rulebook"])
    assert "builder-as-printed" in game.spaces and "builder" not in game.spaces
    state = game.new_initial_state(players=2, rounds=1)
    while state.phase != "placement":
        state = state.apply((2, 4) if state.is_chance_node() else state.legal_actions()[0])
    place = Action("place", "builder-as-printed", (2, 4))
    assert place in state.legal_actions() and Action("place", "builder-as-printed", (4,)) not in state.legal_actions()
    state = state.apply(place)
    while state.phase == "placement":
        state = state.apply(Action("pass"))
    state.player("red").goods.update({"wood": 1, "food": 1})
    state = state.apply(Action("collect", "builder-as-printed", option=0))
    assert state.phase == "build" and state.current_player() == "red"   # the player chooses the hex
    towns = sum(1 for p in state.pieces if p.player == "red" and p.piece == "town")
    state = state.apply(state.legal_actions()[0])
    assert sum(1 for p in state.pieces if p.player == "red" and p.piece == "town") == towns + 1


def test_unknowns_lists_what_the_engines_need_as_a_to_do_list(tmp_path):
    out = subprocess.run([sys.executable, "-m", "workbench", "unknowns", str(ROOT / "variants"), "--game", "dark-horse",
                          "--format", "json"], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)["unknowns"]
    spaces = {r["name"] for r in rows if r["kind"] == "action space" and r["value"] == "options unknown"}
    # the 17 base spaces are unknown past the excerpt (Trader (New) and County Bank too)
    assert {"builder", "work-crew", "produce-resources", "market", "trader-new", "county-bank"} <= spaces
    assumptions = {r["name"] for r in rows if r["kind"] == "assumption"}
    assert {"unknown_claim", "unknown_type", "deadly_rerolls", "robber_takes"} <= assumptions
    assert all(r["where"] and r["todo"] for r in rows)
    text = subprocess.run([sys.executable, "-m", "workbench", "unknowns", str(ROOT / "variants"), "--parameters"],
                          capture_output=True, text=True, cwd=tmp_path).stdout
    assert "dark-horse: win_margin = 2" in text and "black_hat_can_rob = true" in text and "None" not in text


def test_validate_works_out_each_games_declarations_once(monkeypatch):
    """Resolving every scenario, variant and map of a library reuses the game's declarations:
    working them out per setting made validate quadratic in a library with many scenarios
    (issue 25: 573 resolves, each scanning every document)."""
    from workbench.app.validate import validate_paths
    from workbench.rules import ruleset

    calls = []
    real = ruleset.declarations
    monkeypatch.setattr(ruleset, "declarations", lambda library, game: calls.append(game) or real(library, game))
    result = validate_paths([ROOT / "variants"], workers=1)
    assert not result.errors
    settings = len(result.library.of_kind("scenario")) + len(result.library.of_kind("variant"))
    assert settings > 10                     # many settings were resolved ...
    assert sorted(calls) == sorted(set(calls)) and len(calls) <= 3   # ... with one working-out per game
