"""Auditable logs (issue 17): every event of a `play --log` carries its state delta and each round a
snapshot; a reader that imports no engine replays a log and checks the rules texts' invariants."""
import copy
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from workbench.audit import INVARIANTS, Played, ReplayError, audit, check, for_game, replay
from workbench.content.schemas import _import_jsonschema, fast_validator
from workbench.app.validate import validate_paths
from workbench.games.conformance import audited_games, settings

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schemas" / "log" / "log-event.schema.json").read_text())
jsonschema, _ = _import_jsonschema()
EVENT = jsonschema.Draft202012Validator(SCHEMA)
DH_SNAPSHOT = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/dark-horse-snapshot"})
SNAPSHOT = {"dark-horse": DH_SNAPSHOT,
            "western-legends": jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"],
                                                                "$ref": "#/$defs/western-legends-snapshot"})}
# The same answers, yes or no, from the workbench's compiled checks (exactly python-jsonschema's
# answer: fastjsonschema only where the schema is in its exact subset, tests/test_schemas.py):
# some 20,000 events a run, 8 s of python-jsonschema; it is asked for the message of one that fails
EVENT_FITS = fast_validator(SCHEMA)
SNAPSHOT_FITS = {game: fast_validator({**SCHEMA["$defs"][f"{game}-snapshot"], "$defs": SCHEMA["$defs"]})
                 for game in SNAPSHOT}
AUDITED = ("dark-horse", "western-legends")      # the registered engines whose logs are audited
AUDITED_ELSEWHERE = ("revolver",)                 # tests/test_revolver_game.py audits its seeded games


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse"]).library


@pytest.fixture(scope="module")
def games(library):
    """A small budget of seeded audited games over every Dark Horse setting (the large run is
    benchmarks/conformance.py)."""
    return [(label, seed, events) for label, seed, events in audited_games(library, "dark-horse", 32)]


@pytest.fixture(scope="module")
def legends(library):
    """The same for Western Legends: 2 to 6 players, short and long games, the goal card variant."""
    return [(label, seed, events) for label, seed, events in audited_games(library, "western-legends", 24)]


def test_a_logged_game_is_replayed_and_audited_by_a_reader_that_imports_no_engine(tmp_path):
    log = tmp_path / "game.jsonl"
    out = subprocess.run([sys.executable, "-m", "workbench", "play", "dark-horse", "--scenario", "high-noon",
                          "--players", "3", "--seed", "2", "--rounds", "4", "--library", str(ROOT / "variants"),
                          "--log", str(log)], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    code = ("import json, sys; import workbench.audit as a; events = a.read_log(sys.argv[1]);"
            " report = a.audit(events); states = [s for _, s in a.replay(events)];"
            " print(json.dumps({'broken': {k: v for k, v in report.items() if v}, 'checked': len(report),"
            " 'engines': sorted(m for m in sys.modules if m.startswith('workbench.games')),"
            " 'last': states[-1]['ended']}))")
    read = subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True, text=True, cwd=tmp_path)
    assert read.returncode == 0, read.stderr
    result = json.loads(read.stdout)
    # the registry and each game's package face (its entry, modules named as strings), never an engine
    from workbench.games import GAMES
    faces = {"workbench.games"} | {e.engine.partition(":")[0].rsplit(".", 1)[0] for e in GAMES.values()}
    assert set(result["engines"]) == faces and result["broken"] == {} and result["checked"] == len(for_game("dark-horse"))
    assert result["last"].startswith("4 round(s) played")
    # and from the command line: exit 0, one summary line
    cli = subprocess.run([sys.executable, "-m", "workbench.audit", str(log)], capture_output=True, text=True, cwd=tmp_path)
    assert cli.returncode == 0 and "0 broken" in cli.stdout


def test_every_event_carries_its_delta_and_every_round_a_snapshot_the_replay_reaches(games, legends):
    for label, seed, events in games + legends:
        game = events[0]["game"]
        for event in events:
            if not EVENT_FITS(event):
                errors = sorted(EVENT.iter_errors(event), key=str)
                pytest.fail(f"{label} seed {seed}: {event['event']}: {errors[0].message if errors else errors}")
        rounds = [e for e in events if e["event"] == "round"]
        assert rounds and all("snapshot" in e for e in rounds) and "snapshot" in events[0]
        for event in rounds:
            if not SNAPSHOT_FITS[game](event["snapshot"]):
                pytest.fail(f"{label} seed {seed}: round snapshot: {list(SNAPSHOT[game].iter_errors(event['snapshot']))}")
        states = [state for _, state in replay(events)]
        assert len(states) == len(events)
        # the last state is the end the log reports, reached by deltas alone
        assert states[-1]["ended"] == events[-1]["why"]


def test_a_delta_or_a_snapshot_that_does_not_add_up_is_caught_at_its_event(games):
    _, _, events = next(g for g in games if g[0] == "High Noon")
    # a roll's dice changed in its delta: the next step that reads them no longer applies
    broken = copy.deepcopy(events)
    i = next(i for i, e in enumerate(broken) if e["event"] == "roll")
    change = next(c for c in broken[i]["delta"] if c["path"].endswith("/dice"))
    change["to"] = [6] * len(change["to"])
    with pytest.raises(ReplayError) as caught:
        list(replay(broken))
    assert caught.value.index is not None and caught.value.index > i
    # a round's snapshot that the deltas do not reach
    broken = copy.deepcopy(events)
    j = [k for k, e in enumerate(broken) if e["event"] == "round"][1]
    name = next(iter(broken[j]["snapshot"]["players"]))
    broken[j]["snapshot"]["players"][name]["influence"] += 1
    with pytest.raises(ReplayError, match=f"event {j + 1}: the replay does not reach the snapshot"):
        list(replay(broken))
    with pytest.raises(ReplayError, match="without a delta"):
        list(replay([{k: v for k, v in e.items() if k != "delta"} for e in events]))


@pytest.mark.parametrize("game", AUDITED)
def test_the_invariants_hold_on_seeded_games_of_every_setting_and_each_is_reached(library, games, legends, game):
    seen: Counter = Counter()
    played_games = games if game == "dark-horse" else legends
    assert {g[0] for g in played_games} == {s.label for s in settings(library, game)}
    for label, seed, events in played_games:
        played = Played(events)
        broken = {k: v for k, v in check(played).items() if v}
        assert not broken, f"{label}, seed {seed}: {broken}"
        for inv in for_game(game):
            seen[inv.id] += inv.situations(played)
    # every invariant met its situation (a robbery, a capture, a flee, a fight ...) in this budget; the
    # bots seldom try a heist, so it has its own game below
    assert len(for_game(game)) >= 20
    assert not [inv.id for inv in for_game(game) if not seen[inv.id] and inv.id not in ("heist",)]


@pytest.mark.parametrize("card,won", [("9S", False), ("KS", True)])
def test_a_heist_is_audited(library, card, won):
    from workbench.games.western_legends import engine as wl

    import rules_probes_western_legends as probes
    state = probes.acting(lambda overrides=None, variants=(): wl.WesternLegends.build(library).audited(),
                          at=probes.BANK)
    probes.me(state).hand = [card]
    state = probes.after(state, wl.Action("heist"), (10, 4, 5))
    events = json.loads(json.dumps(list(state.log)))
    heists = [e for e in events if e["event"] == "heist"]
    assert [e["won"] for e in heists] == [won]
    played = Played(events)
    assert INVARIANTS["western-legends/heist"].situations(played) == 1
    assert not {k: v for k, v in check(played).items() if v}
    broken = copy.deepcopy(events)            # the log says otherwise: the check fails
    next(e for e in broken if e["event"] == "heist")["won"] = not won
    assert audit(broken)["fights-against-the-fight-deck"]


def test_every_registered_engine_that_logs_is_audited():
    from workbench.games import GAMES
    from workbench.games.conformance import SETTINGS
    assert set(AUDITED + AUDITED_ELSEWHERE) <= set(GAMES) and set(SETTINGS) == set(AUDITED + AUDITED_ELSEWHERE)


def test_every_invariant_quotes_the_rules_and_says_where():
    for inv in INVARIANTS.values():
        assert len(inv.quote) > 20 and inv.source and inv.on and inv.game in AUDITED + AUDITED_ELSEWHERE


# -- the checks can fail: a deviation put back is caught --------------------------------------

def test_a_gunfight_whose_dice_do_not_give_its_outcome_is_caught(games):
    _, _, events = next(g for g in games if any(e["event"] == "gunfight" for e in g[2]))
    broken = copy.deepcopy(events)
    fight = next(e for e in broken if e["event"] == "gunfight")
    fight["outcome"] = {"a_wins": "b_wins"}.get(fight["outcome"], "a_wins")
    assert audit(broken)["gunfight-rounds"]


def test_a_ruleset_the_game_did_not_follow_is_caught(games):
    # the same log read as if Black Hat characters could not rob (Wild Wild West), or as if 3
    # Reputation made a victory point: the robberies and the scores it holds break those rules
    _, _, events = next(g for g in games if any(e["event"] == "rob" for e in g[2]))
    broken = copy.deepcopy(events)
    broken[0]["ruleset"]["black_hat_can_rob"] = False
    assert audit(broken)["wild-wild-west-no-robbing"]
    def totals(events):
        return [s["white_hat"] + s["black_hat"] for s in Played(events).states[-1]["players"].values()]
    rich = next(g[2] for g in games if any(t // 3 != t // 4 for t in totals(g[2])))
    broken = copy.deepcopy(rich)
    broken[0]["ruleset"]["reputation_per_victory_point"] = 3
    assert audit(broken)["reputation-victory-points"]


def test_the_deviations_of_commit_2db69dc_put_back_are_caught(library, monkeypatch):
    # the old engine let face-down characters challenge and the Marshal token challenge again and
    # again: put those back and the invariants quoting the rules report them
    from workbench.games.dark_horse import engine, reputation

    monkeypatch.setattr(reputation.Reputation, "active", lambda self: {name: True for name in self.hired})
    monkeypatch.setattr(engine.Player, "marshal_challenges", property(lambda self: 0, lambda self, value: None))
    broken: Counter = Counter()
    for _label, _seed, events in audited_games(library, "dark-horse", 48):
        for name, found in audit(events).items():
            broken[name] += bool(found)
    assert broken["marshal-once-a-turn"] and broken["inactive-characters-do-nothing"]


def test_a_character_challenging_twice_in_a_turn_is_caught(library, monkeypatch):
    # the checker's finding: a character challenged twice in one round ("A character making a
    # Challenge must not have performed ANY abilities this turn"); put back, `challenger-fresh` says so
    from workbench.games.dark_horse import engine

    monkeypatch.setattr(engine.Hired, "challenged", property(lambda self: False, lambda self, value: None))
    # the fast bots challenge often (the lookahead player rarely does): the games this test was made on
    games = audited_games(library, "dark-horse", 48, bots=("random", "fixed-weights"))
    broken = sum(bool(audit(events)["challenger-fresh"]) for _l, _s, events in games)
    assert broken


def test_the_western_legends_deviations_put_back_are_caught(library, monkeypatch):
    # the weapon left out of fights against the fight deck, and the end checked for the active
    # player only (the engine of 2db69dc): played again, the invariants quoting the rules say so
    from workbench.games.western_legends import engine as wl

    import rules_probes_western_legends as probes

    def build(overrides=None, variants=()):
        return wl.WesternLegends.build(library, overrides=overrides, variants=variants).audited()
    state = probes.acting(build)
    red = probes.me(state)
    red.hand, red.weapon, red.items["rifle"] = ["9S"], "rifle", (1, 0)
    state.bandits = [(6, 1)]
    state.event("set-up-by-the-test")      # the positions and cards set above show in this event's delta
    monkeypatch.setattr(wl.State, "_reduced", lambda self, value, holder: value)
    state = probes.after(state, wl.Action("move", (6, 1)), (10, 10))
    for _ in range(2):
        state = probes.after(state, wl.Action("work"))
    probes.other(state).lp = state.end_lp          # blue, not the active player, reaches the end
    monkeypatch.setattr(wl.State, "_step_end_check", lambda self, seat: None)
    state = probes.settle(state.apply(wl.Action("end-turn")))
    report = audit(json.loads(json.dumps(list(state.log))))
    assert report["fights-against-the-fight-deck"] and report["end-trigger"]
    assert not [k for k, v in report.items() if v and k not in ("fights-against-the-fight-deck", "end-trigger")]


def test_a_round_cap_that_cuts_a_triggered_end_is_caught(library, monkeypatch):
    # the checker's case (seed 122, 4 random bots, short): the end is triggered in round 60 of a
    # 60-round cap; the engine plays round 61 and the audit agrees; the old cap put back (the game
    # stops after round 60 and says the end was not triggered) is reported by `end-trigger`
    from workbench.games.western_legends import engine as wl

    def played():
        from workbench.games.base import play as play_game

        state = play_game(wl.WesternLegends.build(library), 4, 122, ["random"], length="short", rounds=60, audit=True)
        return json.loads(json.dumps(list(state.log)))

    events = played()
    assert not audit(events)["end-trigger"]

    def old_cap(self):
        self.turn = (self.turn + 1) % len(self.players)
        self.step = "start"
        if self.turn == self.first:
            self.round += 1
            if self.final_round is not None and self.round > self.final_round:
                self._finish("the end was triggered and the final round played")
            elif self.round > self.max_rounds:
                self._finish(f"{self.max_rounds} round(s) played (the limit given); the end was not triggered")
            else:
                self.event("round", None, first=self.players[self.first].name)
    monkeypatch.setattr(wl.State, "_step_next_turn", old_cap)
    assert audit(played())["end-trigger"]
