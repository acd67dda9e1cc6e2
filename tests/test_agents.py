"""The OpenSpiel adapter, hidden information and the search bots (workbench/agents).

Small budgets throughout: these check the contract (legal, deterministic, conformant, nothing
seen that a seat cannot see), not playing strength (benchmarks/agents.py measures that)."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from workbench.agents import spiel, visibility  # noqa: E402
from workbench.agents.bots import search_bot, value  # noqa: E402
from workbench.app.validate import validate_paths  # noqa: E402
from workbench.games import GAMES  # noqa: E402
from workbench.games.base import play  # noqa: E402
from workbench.games.conformance import SETTINGS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus" / "dark-horse"
FOLDERS = os.pathsep.join([str(ROOT / "variants"), str(CORPUS)])


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants", CORPUS]).library


@pytest.fixture(scope="module", autouse=True)
def registered():
    return spiel.register_all(load_library=lambda folders: validate_paths(folders).library)


# every game and every published scenario (the conformance settings that need no fixtures)
PUBLISHED = sorted({(s.game, s.scenario or "", s.players[0], s.variants) for ss in SETTINGS.values() for s in ss
                    if not s.needs}) + [("revolver-prison", "", 2, ())]


@pytest.mark.parametrize("game, scenario, players, variants", PUBLISHED)
def test_openspiel_random_sim_test_passes(game, scenario, players, variants):
    """OpenSpiel's own conformance test (legal actions sorted, chance outcomes a distribution,
    clone, serialization round trip, returns within the utility range) on the game loaded by name."""
    params = {"players": players, "scenario": scenario, "variants": ",".join(variants), "library": FOLDERS}
    if game == "western-legends":
        params["rounds"] = 8          # a few rounds keep it fast; the cap is the engine's own rule
    loaded = pyspiel.load_game(spiel.short_name(game), params)
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=True, verbose=False)


def test_load_game_gives_the_resolved_ruleset_with_scenario_variants_and_overrides(library):
    loaded = pyspiel.load_game("workbench_dark_horse", {"scenario": "high-noon", "players": 2, "library": FOLDERS,
                                                        "variants": "deadlier-gunfights",
                                                        "overrides": json.dumps({"win_margin": 3})})
    assert loaded.built.scenario == "high-noon" and loaded.built.ruleset.win_margin == 3
    assert "deadlier-gunfights" in loaded.built.ruleset.variants and loaded.num_players() == 2
    plain = pyspiel.load_game("workbench_dark_horse", {"scenario": "high-noon", "players": 2, "library": FOLDERS})
    assert plain.built.ruleset.win_margin == 2        # Rebels & Rogues: a roll 2 above the other wins
    low, high = plain.built.player_range()
    with pytest.raises(Exception, match=f"is for {low} to {high} players, not {high + 1}"):
        pyspiel.load_game("workbench_dark_horse", {"scenario": "high-noon", "players": high + 1, "library": FOLDERS})


def test_a_state_serializes_as_the_engines_replay_and_deserializes_in_a_new_process():
    loaded = pyspiel.load_game("workbench_western_legends", {"players": 3, "seed": 4, "library": FOLDERS})
    state, rng = loaded.new_initial_state(), random.Random(1)
    for _ in range(60):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(loaded, state)
    script = ("import sys, pyspiel; from workbench.agents.spiel import register_all;"
              "from workbench.app.validate import validate_paths;"
              "register_all(load_library=lambda folders: validate_paths(folders).library);"
              "g, s = pyspiel.deserialize_game_and_state(sys.stdin.read()); print(str(s)); print(s.legal_actions())")
    out = subprocess.run([sys.executable, "-c", script], input=text, capture_output=True, text=True, check=True)
    shown, legal = out.stdout.splitlines()[:2]
    assert shown == str(state) and legal == str(state.legal_actions())


def test_an_action_id_means_the_same_action_in_every_state_and_process(library):
    built = GAMES["dark-horse"].load().build(library, scenario="high-noon")
    game = spiel.spiel_game(built, 3)
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.legal_actions() == second.legal_actions()
    for i in first.legal_actions():
        action = first.engine_action(i)
        assert spiel.action_id(first.inner.encode(action)) == i and second.engine_action(i) == action
    script = ("from workbench.agents.spiel import action_id; print(action_id({'action': {'kind': 'pass'}}),"
              " action_id({'roll': [1, 5, 6]}))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(spiel.action_id({"action": {"kind": "pass"}})), str(spiel.action_id({"roll": [1, 5, 6]}))]


def test_colliding_ids_are_told_apart_the_same_way_whatever_the_order(monkeypatch):
    class Fake:
        def encode(self, action):
            return {"n": action}

    monkeypatch.setattr(spiel, "ID_SPACE", 8)
    monkeypatch.setattr(spiel, "_IDS", {})
    actions = list(range(7))                 # 7 actions in 8 ids: collisions are certain
    forward = spiel.id_table(Fake(), actions)
    monkeypatch.setattr(spiel, "_IDS", {})
    backward = spiel.id_table(Fake(), actions[::-1])
    assert sorted(forward.values()) == actions and forward == {i: a for i, a in backward.items()}
    assert list(forward.values()) == actions          # the table keeps the order it was given


# -- hidden information --------------------------------------------------------------------------

SEEN = [("dark-horse", None, 2), ("dark-horse", "fixture-mysteries", 3), ("western-legends", None, 3),
        ("revolver-prison", None, 2), ("revolver", None, 2)]


@pytest.mark.parametrize("game, scenario, players", SEEN)
def test_a_resampled_world_looks_the_same_to_the_seat_and_plays_on(library, game, scenario, players):
    """At every decision of a random game: the world resampled for the seat to move has the same
    view for that seat, the same legal actions, and plays on to the end; and resampling does
    change what is hidden (somewhere in the game) wherever the game hides something."""
    built = GAMES[game].load().build(library, scenario=scenario)
    seen = visibility.visibility(game)
    rng, worlds = random.Random(3), random.Random(4)
    state = built.new_initial_state(players=players, seed=3)
    changed = 0
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_in_place(state.sample_chance(rng))
            continue
        seat = state.current_player()
        world = seen.resample(state, seat, worlds)
        assert seen.view(world, seat) == seen.view(state, seat)
        assert sorted(map(str, world.legal_actions())) == sorted(map(str, state.legal_actions()))
        changed += json.dumps(world.snapshot() if game != "revolver-prison" else world.to_json(), sort_keys=True,
                              default=str) != json.dumps(state.snapshot() if game != "revolver-prison" else
                                                         state.to_json(), sort_keys=True, default=str)
        state.apply_in_place(rng.choice(state.legal_actions()))
    if game in ("western-legends", "revolver") or scenario == "fixture-mysteries":
        assert changed, "resampling never dealt a hidden card or hex differently"


def test_western_legends_view_hides_the_other_hands_and_the_pile_and_keeps_counts(library):
    built = GAMES["western-legends"].load().build(library)
    state = play(built, 3, 5, ["random"], rounds=2)
    view = visibility.visibility("western-legends").view(state, "red")
    assert view["players"]["red"]["hand"] == sorted(state.player("red").hand)
    assert view["players"]["blue"]["hand"] == len(state.player("blue").hand)
    assert view["poker_pile"] == sum(state.poker_pile.values())
    world = visibility.visibility("western-legends").resample(state, "red", random.Random(0))
    every = lambda s: sorted([c for p in s.players for c in p.hand]  # noqa: E731
                             + [c for c, n in s.poker_pile.items() for _ in range(n)])
    assert every(world) == every(state) and world.player("red").hand == state.player("red").hand


def test_information_set_search_lets_the_other_seat_choose_in_its_tree(library):
    """ISMCTS keys every node by what the searching seat sees (single-observer ISMCTS): the other
    seat's nodes are shared by the resampled worlds, so they are revisited and it chooses there.
    Keyed by the mover's own view (OpenSpiel's default), each world deals the other seat a new
    hand, every one of its nodes is new, and it never chooses in the tree (benchmarks/ismcts.py)."""
    from workbench.agents import bots

    built = GAMES["western-legends"].load().build(library)
    state, rng = built.new_initial_state(players=2, seed=3), random.Random(3)
    decisions = 0
    while decisions < 30 or state.is_chance_node() or len(state.legal_actions()) <= 3:
        if state.is_chance_node():
            state.apply_in_place(state.sample_chance(rng))
            continue
        decisions += 1
        state.apply_in_place(rng.choice(state.legal_actions()))
    game = bots._spiel(state)
    me = state.seats.index(state.current_player())
    searcher = bots.make_searcher("ismcts", game, state, 1, 40)
    searcher.run_search(game.wrap(state))
    revisited = [node for (player, *_), node in searcher._nodes.items() if player != me and node.total_visits > 0]
    assert revisited, "the other seat's nodes were never revisited: each world made its own"


def test_information_set_search_keys_a_node_by_the_decisions_since_the_root(library):
    """Two paths to the same view are two nodes: a state carries the decisions (not the chance
    outcomes) applied since it was wrapped, its copies keep them, and the search's key holds them
    (keyed by the view alone, positions reached by different paths were merged, and ISMCTS on the
    true state lost 5 of 6 games to MCTS at equal playouts: benchmarks/ismcts.py)."""
    from workbench.agents import bots

    built = GAMES["western-legends"].load().build(library)
    game = bots._spiel(built.new_initial_state(players=2, seed=3))
    state, rng, decisions = game.new_initial_state(), random.Random(3), []
    while len(decisions) < 5:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        decisions.append(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
        state.apply_action(decisions[-1])
    assert state.decided == tuple(decisions) and state.clone().decided == tuple(decisions)
    searcher = bots.SeatKeyedISMCTS(game, None, 2.0, 1)
    assert searcher.get_state_key(state)[-1] == tuple(decisions)


def test_information_set_search_breaks_a_tie_in_visits_by_the_mean_return():
    """At a budget near the number of legal actions most actions are tied at one visit: the one
    whose playouts returned more is chosen (as MCTS chooses), not one of the tied at random."""
    from open_spiel.python.algorithms import ismcts

    from workbench.agents.bots import SeatKeyedISMCTS

    class Decision:
        def legal_actions(self):
            return [3, 5, 8]

    node = ismcts.ISMCTSNode()
    node.child_info = {3: ismcts.ChildInfo(1, -1.0, 1 / 3), 5: ismcts.ChildInfo(1, 0.5, 1 / 3),
                       8: ismcts.ChildInfo(1, 0.2, 1 / 3)}
    node.total_visits = 3
    searcher = SeatKeyedISMCTS(pyspiel.load_game("kuhn_poker"), None, 2.0, 3)
    policy = searcher.get_final_policy(Decision(), node)
    assert dict(policy) == {3: 0.0, 5: 1.0, 8: 0.0}


# -- the search bots ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game, scenario, players", [("dark-horse", "high-noon", 2), ("western-legends", None, 2),
                                                     ("revolver-prison", None, 2), ("revolver", None, 2)])
@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_search_bots_play_legal_games_the_same_for_a_seed(library, game, scenario, players, kind):
    built = GAMES[game].load().build(library, scenario=scenario)
    options = {"rounds": 2} if game == "dark-horse" else {"rounds": 4} if game == "western-legends" else {}
    bots = [search_bot(f"{kind}-4"), "random"]
    first, second = play(built, players, 7, bots, **options), play(built, players, 7, bots, **options)
    assert list(first.history) == list(second.history) and first.returns() == second.returns()
    # every move was legal: replayed through the checked step
    replay = built.new_initial_state(players=players, seed=7, **options)
    for encoded in first.history:
        replay = replay.apply(replay.decode(encoded))
    assert replay.is_terminal() and replay.returns() == first.returns()


def test_a_cut_off_rollout_is_valued_by_the_rulesets_scoring(library):
    """The value of a game not over is each seat's lead in the engine's own returns() (Dark Horse:
    Victory Points), as a share of the points between it and the best other seat."""
    built = GAMES["dark-horse"].load().build(library, scenario="high-noon")
    state = built.new_initial_state(players=3, seed=1, rounds=3)
    scores = {"red": 4.0, "blue": 1.0, "green": 0.0}
    state.returns = lambda: scores
    # red leads blue by 3 of 4 + 1 + 1; blue trails red by 3; green trails red by 4 of 0 + 4 + 1
    assert value(state) == [3 / 6, -3 / 6, -4 / 5]


def test_rollouts_are_played_by_the_engines_own_random_bot(library, monkeypatch):
    """Dark Horse's random bot never passes while it can place a die: a rollout played by it
    does not throw its dice away (uniform rollouts pass with dice left to place, and mcts-200
    lost to greedy; benchmarks/agents.py). Engines without a random bot roll out uniformly."""
    from workbench.agents.bots import CutoffRollout, rollout_policy, uniform
    from workbench.games.dark_horse import engine

    built = GAMES["dark-horse"].load().build(library, scenario="high-noon")
    assert rollout_policy(built) is engine.random_bot and rollout_policy(object()) is uniform
    passes_while_placing = []
    original = engine.State._apply       # every step's core: apply_in_place() and a rollout's playout() call it

    def spy(state, action):
        if isinstance(action, engine.Action) and state.phase == "placement":
            kinds = {a.kind for a in state.legal_actions()}
            passes_while_placing.append(action.kind == "pass" and "place" in kinds)
        original(state, action)

    game = spiel.spiel_game(built, 2, rounds=6)
    root = game.new_initial_state()
    monkeypatch.setattr(engine.State, "_apply", spy)
    evaluator = CutoffRollout(40, random.Random(5))
    for _ in range(30):
        evaluator.evaluate(root)
    assert len(passes_while_placing) > 100 and not any(passes_while_placing)


def test_a_seconds_budget_plays_the_playouts_a_probe_says_fit(library, monkeypatch):
    """``mcts-1s``: a probe of PROBE playouts is timed, then as many playouts as fit the rest of the
    second at that rate (a clock that says the probe took 0.1 s: 10 playouts a 0.1 s, so 90 more)."""
    from workbench.agents import bots
    from workbench.agents.names import parse, think_seconds

    assert parse("mcts-1s") == ("mcts", None) and think_seconds("ismcts-0.25s") == 0.25 and parse("mcts--1s") is None
    budgets, ticks = [], iter([100.0, 100.1])
    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(ticks))
    real = bots.mcts.MCTSBot

    def recording(game, uct_c, max_simulations, evaluator, **kw):
        budgets.append(max_simulations)
        return real(game, uct_c, max_simulations, evaluator, **kw)

    monkeypatch.setattr(bots.mcts, "MCTSBot", recording)
    built = GAMES["dark-horse"].load().build(library, scenario="high-noon")
    state, rng = built.new_initial_state(players=2, seed=1, rounds=2), random.Random(1)
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        state.apply_in_place(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    assert state.is_legal(search_bot("mcts-1s")(state, random.Random(2)))
    assert budgets == [bots.PROBE, 90]


def test_search_beats_greedy_in_pork_barrel_smoke(library):
    """A fixed-seed statistical smoke test of the ladder (benchmarks/agents.py has the full one):
    mcts-20 against the fixed-weight bot (the former greedy; the reference player now looks ahead on
    the rules' scores: issue 41, benchmarks/agents.py) 1-on-1, seats swapped every other game, 8 seeded games of Pork Barrel
    (a scenario whose known scoring, 2 VP an Influence, leaves room to play better). At least
    7 wins of 8 (a coin would do that with probability 9/256 = 3.5%); the seeds are fixed,
    so the result is the same on every run and machine load."""
    built = GAMES["dark-horse"].load().build(library, scenario="pork-barrel")
    wins = 0
    for n in range(8):
        bots = [search_bot("mcts-20"), "fixed-weights"] if n % 2 == 0 else ["fixed-weights", search_bot("mcts-20")]
        state = play(built, 2, 1 + n, bots, rounds=6)
        scores, mine = state.returns(), state.seats[n % 2]
        wins += all(scores[mine] > v for s, v in scores.items() if s != mine)
    assert wins >= 7


def test_scores_moved_plays_a_rollout_on_until_the_scoring_has_moved(library, monkeypatch):
    """``rollout_cutoff="scores-moved"`` (declared by a registry entry): a rollout plays at least
    ``depth`` decisions, then on until the scores differ from the leaf's (or the game ends). Pork
    Barrel scores only Reputation (a VP for 4 tokens of one hat) and Influence (2 VP each), so
    nobody scores in a game's first 8 decisions: every cut here comes later."""
    from workbench.agents import bots
    from workbench.games.dark_horse import engine

    built = GAMES["dark-horse"].load().build(library, scenario="pork-barrel")
    root = spiel.spiel_game(built, 2, rounds=6).new_initial_state()
    leaf_scores = root.inner.returns()
    assert set(leaf_scores.values()) == {0}
    cut, decisions = [], []
    real_value = bots.value
    monkeypatch.setattr(bots, "value", lambda state: cut.append(state.returns()) or real_value(state))
    monkeypatch.setattr(bots, "rollout_cutoff", lambda game: "scores-moved")

    def counting(state, rng):
        decisions[-1] += 1
        return engine.random_bot(state, rng)

    evaluator = bots.CutoffRollout(8, random.Random(5), policy=counting)
    for _ in range(20):
        decisions.append(0)
        evaluator.evaluate(root)
    assert cut and all(scores != leaf_scores for scores in cut)
    assert min(decisions) >= 8


def _high_noon_second_marshal(library):
    """A High Noon position (2 players, 6 rounds): red has claimed the Marshal in rounds 1 and 2
    (a second die on the Stagecoach, taking its Silver) and collected it in round 1, so it holds
    2 White Hat and no Black; blue plays greedy. Red now chooses to collect the Marshal again or
    to skip it."""
    from workbench.games.dark_horse.bots import greedy_bot

    built = GAMES["dark-horse"].load().build(library, scenario="high-noon")
    state, rng = built.new_initial_state(players=2, seed=2, rounds=6), random.Random(2)

    def red(state, rng):
        actions = state.legal_actions()
        for kind, space in (("place", "marshal"), ("place", "stagecoach"), ("collect", "marshal"),
                            ("collect", "stagecoach")):
            fitting = [a for a in actions if a.kind == kind and getattr(a, "space", None) == space]
            if fitting:
                return fitting[-1] if (kind, space) == ("collect", "stagecoach") else fitting[0]
        return actions[0] if state.phase == "build" else next(a for a in actions if a.kind == "pass")

    marshal_collections = 0
    while True:
        if state.is_chance_node():
            state.apply_in_place(state.sample_chance(rng))
            continue
        actions = state.legal_actions()
        if state.current_player() == "red" and any(a.kind == "skip" and a.space == "marshal" for a in actions):
            marshal_collections += 1
            if marshal_collections == 2:
                return built, state
        state.apply_in_place((red if state.current_player() == "red" else greedy_bot)(state, rng))


def test_a_dark_horse_rollout_sees_the_victory_point_a_token_makes(library):
    """Dark Horse's registry entry declares ``rollout_cutoff="end"``: its rollouts play to the
    end of the game. With 2 White Hat, collecting the Marshal's 2 more makes 4 tokens of one hat,
    1 Victory Point (rulebook: Reputation scores 1 VP for each 4 tokens); skipping it leaves 0.
    The rollouts after either are the same random play, so collecting must value clearly higher
    (Welch's t above 4 over 300 rollouts each: 8.2 played to the end, 8.5 cut at the depth).
    Played on until the scores moved (the old cut-off), t was 2.8: the cut came at the first
    move of the scores, from 4 tokens most often a cancelled token (the search declined the
    Marshal twice and lost the game; workbench/agents/bots.py)."""
    import statistics

    from workbench.agents import bots

    assert GAMES["dark-horse"].rollout_cutoff == "end"
    built, state = _high_noon_second_marshal(library)
    red = state.players[0].reputation
    assert state.current_player() == "red" and (red.white, red.black) == (2, 0)
    assert state.returns() == {"red": 0, "blue": 0}
    game, values = spiel.spiel_game(built, 2, rounds=6), {}
    for action in state.legal_actions():
        if action.space != "marshal":
            continue
        child = state.clone()
        child.apply_in_place(action)
        if action.kind == "collect":
            assert child.returns()["red"] == 1          # the 4th White Hat token: 1 VP
        evaluator, leaf = bots.CutoffRollout(bots.DEPTH, random.Random(5)), game.wrap(child)
        values[action.kind] = [evaluator.evaluate(leaf)[0] for _ in range(300)]
    collect, skip = values["collect"], values["skip"]
    gap = statistics.mean(collect) - statistics.mean(skip)
    noise = (statistics.variance(collect) / len(collect) + statistics.variance(skip) / len(skip)) ** 0.5
    assert gap / noise > 4


def _counted_rollouts(built, policy, monkeypatch, keep):
    """A 2-player game's first decision (chance outcomes taken), and rollouts from it by
    ``policy`` at depth 8: ``cut`` collects ``keep(state)`` for each state valued at a cut-off,
    ``decisions`` each rollout's decision count, and ``rollouts(n)`` yields n rollouts' values."""
    from workbench.agents import bots

    root = spiel.spiel_game(built, 2).new_initial_state()
    while root.is_chance_node():
        root.apply_action(root.chance_outcomes()[0][0])
    cut, decisions = [], []
    monkeypatch.setattr(bots, "value", lambda state: cut.append(keep(state)) or value(state))

    def counting(state, rng):
        decisions[-1] += 1
        return policy(state, rng)

    evaluator = bots.CutoffRollout(8, random.Random(5), policy=counting)

    def rollouts(n):
        for _ in range(n):
            decisions.append(0)
            yield evaluator.evaluate(root)

    return root, cut, decisions, rollouts


def test_a_western_legends_rollout_is_cut_off_at_its_depth_and_valued_by_its_final_scoring(library, monkeypatch):
    """Western Legends' registry entry declares ``rollout_cutoff="depth"``: its Legend Points move
    every few turns, and playing on past the depth until they moved made a rollout's value about
    half as informative (benchmarks/agents.py). So every rollout from the first decision is cut
    after exactly 8 decisions and valued by the rules' final scoring of the state there (Legend
    Points in play plus what the end-game scoring would give: money, wanted, marshal, wounds)."""
    from workbench.games.western_legends import engine

    assert GAMES["western-legends"].rollout_cutoff == "depth"
    root, cut, decisions, rollouts = _counted_rollouts(GAMES["western-legends"].load().build(library),
                                                       engine.random_bot, monkeypatch, keep=lambda state: state.clone())
    for got in rollouts(20):
        final = cut[-1].final_scores()
        totals = {name: sum(v for k, v in parts.items() if k != "total") for name, parts in final.items()}
        lead = totals[root.inner.seats[0]] - totals[root.inner.seats[1]]
        assert list(got) == pytest.approx([lead / (abs(totals[n]) + abs(totals[o]) + 1) * sign
                                           for n, o, sign in zip(root.inner.seats, root.inner.seats[::-1], (1, -1))])
    assert decisions == [8] * 20


def test_a_revolver_rollout_cut_at_a_depth_is_valued_by_its_victory_conditions(library, monkeypatch):
    """Revolver's returns() was 0 for both sides until a game ended (about 300 decisions), so a
    rollout cut off before the end read "even". Now returns() counts each side's share of the way
    to its nearest victory condition (the gang killed, the bullet wounds; the border tokens gone,
    the turn spaces to the Express: see tests/test_revolver_game.py), which moves every turn: a
    rollout cut at its depth is valued from it, and the values tell rollouts apart. (Revolver's
    registry entry plays rollouts to the end: stronger, measured in the README; the cut is the
    cheaper choice a designer's entry may declare.)"""
    from workbench.agents import bots
    from workbench.games.revolver import engine

    assert GAMES["revolver"].rollout_cutoff == "end"
    monkeypatch.setattr(bots, "rollout_cutoff", lambda game: "depth")
    root, cut, decisions, rollouts = _counted_rollouts(GAMES["revolver"].load().build(library),
                                                       engine.random_bot, monkeypatch, keep=lambda state: state.returns())
    got = [tuple(values) for values in rollouts(20)]
    assert decisions == [8] * 20 and len(cut) == 20
    assert all(scores != {"colti": 0.0, "mcready": 0.0} for scores in cut)    # the marker is on the Bank
    assert len(set(got)) > 1


def test_dark_horse_returns_are_the_known_vp_of_its_scores(library):
    """returns() reads the known VP without building scores()'s whole report (search reads it at
    every rollout step): the same numbers at every step of random games of every scenario."""
    engine = GAMES["dark-horse"].load()
    for scenario in [None, *sorted(s.id for s in library.of_kind("scenario") if s.game == "dark-horse")]:
        built = engine.build(library, scenario=scenario)
        low, _ = built.player_range()
        state, rng = built.new_initial_state(players=max(low, 2), seed=4, rounds=4), random.Random(4)
        while not state.is_terminal():
            assert state.returns() == {n: s["known_vp"] for n, s in state.scores().items()}
            state.apply_in_place(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        assert state.returns() == {n: s["known_vp"] for n, s in state.scores().items()}


def test_search_games_replay_the_histories_they_played_before_the_engine_was_made_faster(library, monkeypatch):
    """Regression check for the speed work (Action.to_json without dataclasses.fields(), returns()
    without scores(), rollouts counting their log instead of keeping it): fixed-seed search games
    play exactly the histories recorded with the code before that change (the digests are of those
    histories; regenerate only for a change of play). They were recorded with Dark Horse's
    rollouts played on until the scores moved, so that cut-off is set here."""
    import hashlib

    from workbench.agents import bots
    from workbench.agents.seats import seat_bots

    monkeypatch.setattr(bots, "rollout_cutoff", lambda game: "scores-moved")
    from workbench.content.published import published_library

    published = published_library()
    for scenario, seating, seed, rounds, steps, digest in [
            ("pork-barrel", ["mcts-20", "fixed-weights"], 1, 6, 60, "c0d421b1e24499bc"),   # the former greedy
            ("high-noon", ["random", "mcts-20"], 2, 4, 38, "af9e81c4236a27e2")]:
        built = GAMES["dark-horse"].load().build(published, scenario=scenario)
        state = play(built, 2, seed, seat_bots(seating), rounds=rounds)
        text = json.dumps(list(state.history), sort_keys=True).encode()
        assert (len(state.history), hashlib.sha256(text).hexdigest()[:16]) == (steps, digest)


def test_the_ladder_counts_ties_apart_from_wins_and_losses(monkeypatch):
    """benchmarks/agents.py's ladder: High Noon ties are the game (no tie-breaker in the texts), so a
    rung reports wins, ties and losses apart, a tie half a point; checked against the same seeded
    games scored here from the final VP (seats swapped every other game)."""
    from clitools import benchmark

    bench = benchmark("agents")
    monkeypatch.setattr(bench, "wilson", lambda points, n: (0.0, 1.0))   # not checked here; statsmodels is slow to import
    r = bench.ladder_rung("dark-horse/high-noon", "greedy", "random", 6, 3, progress=None)
    built = bench.built("dark-horse/high-noon")
    expected, games = {"win": 0, "tie": 0, "loss": 0}, []
    for n in range(6):
        state = play(built, 2, 3 + n, ["greedy", "random"] if n % 2 == 0 else ["random", "greedy"], rounds=6)
        mine, other = (state.returns()[s] for s in (state.seats[n % 2], state.seats[1 - n % 2]))
        result = "win" if mine > other else "tie" if mine == other else "loss"
        expected[result] += 1
        games.append((3 + n, n % 2, result))
    assert (r["wins"], r["ties"], r["losses"]) == (expected["win"], expected["tie"], expected["loss"])
    # a game at a time (seed, the first bot's seat, result), so a run cut short says what finished
    assert [(g["seed"], g["seat"], g["result"]) for g in r["per_game"]] == games
    assert all(g["cpu"] > 0 for g in r["per_game"])
    assert expected["tie"] > 0 and r["points"] == expected["win"] + expected["tie"] / 2 and r["games"] == 6
