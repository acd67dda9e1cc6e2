"""Western Legends: poker by the rulebook's ranking, and the turn engine on the grid map."""
import json
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.core.errors import UsageError
from workbench.app.validate import load_library
from workbench.games.western_legends import poker
from workbench.games.western_legends.engine import Action, WesternLegends, play
from workbench.games.western_legends.poker import PokerRules, compare, evaluate, win_probability

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def library():
    return load_library()


# -- poker ----------------------------------------------------------------------------------

EXAMPLES = [  # one hand per rank of the rulebook's table, highest first
    ["AS", "KS", "QS", "JS", "10S"], ["9H", "9S", "9D", "9C", "CHEAT"], ["5H", "6H", "7H", "8H", "9H"],
    ["QS", "QH", "QD", "QC", "2S"], ["3S", "3H", "3D", "KC", "KS"], ["2D", "7D", "9D", "JD", "KD"],
    ["4S", "5H", "6D", "7C", "8S"], ["8S", "8H", "8D", "KC", "2S"], ["JS", "JH", "4D", "4C", "9S"],
    ["AS", "AH", "4D", "7C", "9S"], ["AS", "QH", "9D", "6C", "3S"],
]


def test_the_rulebook_ranking_highest_first(library):
    ranking = library.data("western-legends", "rule", "poker-hands")["parameters"]["ranking"]
    values = [evaluate(hand) for hand in EXAMPLES]
    assert [v.name for v in values] == ranking
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def test_ties_are_broken_by_ranks():
    assert compare(["AS", "AD", "5C", "6D", "9H"], ["AH", "AC", "5S", "6S", "8D"]) == 0   # kicker 9 over 8
    assert compare(["KS", "KD", "2C", "2D", "9H"], ["KH", "KC", "3S", "3H", "4D"]) == 1   # second pair 3 over 2
    assert compare(["2S", "3D", "4C", "5D", "6H"], ["2H", "3C", "4S", "5S", "6D"]) == "tie"
    assert compare(["AS", "2D", "3C", "4H", "5S"], ["2S", "3D", "4C", "5D", "6H"]) == 1    # the wheel is the lowest straight


def test_silent_rules_are_parameters():
    wheel = ["AS", "2D", "3C", "4H", "5S"]
    assert evaluate(wheel).name == "straight" and evaluate(wheel, PokerRules(ace_low=False)).name == "high-card"
    assert evaluate(["9H", "9S", "2D", "CHEAT"]).name == "pair"            # the Cheat card alone adds nothing
    assert evaluate(["9H", "9S", "2D", "CHEAT"], PokerRules(cheat="wild")).name == "three-of-a-kind"
    with pytest.raises(poker.CardError):
        evaluate(["1S"])


def test_saloon_hand_uses_at_most_two_hand_cards():
    flop = ["2H", "3H", "4H"]
    assert poker.best_saloon_hand(["5H", "6H", "AS"], flop).name == "straight-flush"
    assert poker.best_saloon_hand(["AH", "KH", "QH"], flop).name == "flush"  # only two of the three hearts count


def test_exact_saloon_odds_match_a_brute_force_on_a_small_deck():
    deck = ["AS", "AH", "KS", "KH", "QS", "2D", "3C", "7D", "9C"]
    p, exact = win_probability(["AS", "AH"], deck, flop=["KS", "2D", "7D"])
    assert exact
    from itertools import combinations
    rest = [c for c in deck if c not in ("AS", "AH", "KS", "2D", "7D")]
    mine = poker.best_saloon_hand(["AS", "AH"], ["KS", "2D", "7D"])
    wins = [mine >= poker.best_saloon_hand(list(d), ["KS", "2D", "7D"]) for d in combinations(rest, 4)]
    assert p == Fraction(sum(wins), len(wins))


def test_simulated_odds_are_seeded():
    a = win_probability(["AS", "AD"], poker.standard_deck(), samples=300, seed=4)
    assert a == win_probability(["AS", "AD"], poker.standard_deck(), samples=300, seed=4) and a[1] is False


def test_poker_commands(capsys):
    assert main(["poker", "rank", "AS", "KS", "QS", "JS", "10S", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["rank"], report["value"]) == ("royal-flush", [10, 14])
    assert main(["poker", "compare", "AS,AD,5C,6D,7H", "KH,KC,2S,3S,9D", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == 0
    assert main(["poker", "compare", "2S,3D,4C,5D,6H", "2H,3C,4S,5S,6D", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "tie"
    assert main(["poker", "rank", "XX"]) == 2


# -- engine ---------------------------------------------------------------------------------

import rules_probes_western_legends as probes  # noqa: E402  (the probes' set-ups, reused)
from rules_probes_western_legends import OFFICE, SALOON, acting, after, me, other, settle  # noqa: E402


def builder(library, **fixed):
    """A ``build(overrides=..., variants=...)`` as the probes take it, with ``fixed`` overrides."""
    def build(overrides=None, variants=()):
        return WesternLegends.build(library, variants=variants, overrides={**fixed, **(overrides or {})})
    return build


@pytest.fixture(scope="module")
def build(library):
    return builder(library)


@pytest.fixture(scope="module")
def game(library):
    return WesternLegends.build(library)


def test_setup_follows_the_rules(game):
    state = game.new_initial_state(players=3, seed=3)
    # each seat is dealt 2 characters (chance), then chooses 1 (a decision)
    assert state.is_chance_node() and len(state.chance_outcomes()) == len(game.characters)
    assert all(p == Fraction(1, len(game.characters)) for _, p in state.chance_outcomes())
    state = settle(state)
    assert state.current_player() == "red" and len(state.legal_actions()) == 2
    while state.step == "setup":
        state = settle(state)
        if state.step == "setup":
            state = state.apply(state.legal_actions()[-1])
    assert len({p.character for p in state.players}) == 3
    drew = [e for e in state.log if e["event"] == "character"]
    assert all(len(e["drew"]) == 2 and e["kept"] in e["drew"] for e in drew)
    assert state.sheriff == game.office
    occupied = {p.at for p in state.players}
    assert set(state.bandits) == {h for h in game.hideouts if h not in occupied}      # 1 on each free hideout
    # the most wanted player starts; with none or a tie, chance picks among them
    most = max(p.wanted for p in state.players)
    leaders = [p for p in state.players if p.wanted == most]
    if len(leaders) == 1:
        assert state.players[state.first] is leaders[0]


def test_with_nobody_wanted_the_first_player_is_chosen_at_random(game):
    state = game.new_initial_state(players=2, seed=0)
    state = settle(state, ("drifter", "doc"))
    # the drifter's 2 starting poker cards are drawn, then the next seat is dealt
    state = settle(state.apply(Action("character", "drifter")), ("2S", "3S", "gambler", "tracker"))
    state = state.apply(Action("character", "gambler"))
    for card in ("4S", "5S", "6S"):                                # the gambler's 3 cards
        state = state.apply(card)
    assert state.pending[0] == ("pick-first", (0, 1))
    assert state.chance_outcomes() == [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    chosen = settle(state, (1,))
    assert chosen.current_player() == "blue" and chosen.first == 1


def test_start_of_turn_choices_and_three_actions(build):
    state = probes.new(build)
    p = me(state)
    assert [a.target for a in state.legal_actions()] == [0, 1, 2]
    money, cards = p.money, len(p.hand)
    after_start = state.apply(Action("start", 2))          # $10 and 1 card: the card is a chance draw
    assert after_start.is_chance_node()
    after_start = settle(after_start)
    assert me(after_start).money == min(120, money + 10) and len(me(after_start).hand) == cards + 1
    assert me(state).money == money                        # apply leaves the old state alone
    for _ in range(3):
        after_start = after_start.apply(Action("work"))
    assert after_start.step == "end" and Action("work") not in after_start.legal_actions()


def test_work_pays_10_and_a_house_rule_changes_it(build, library):
    # "Work (any location): spend an action to gain $10."
    before, after_work = probes.work(build, money=40)
    assert after_work - before == 10
    before, after_work = probes.work(builder(library, work_money=15), money=40)
    assert after_work - before == 15
    assert probes.work(build, money=115) == (115, 120)   # at most $120


def test_changing_the_work_money_in_yaml_changes_play(tmp_path):
    import shutil
    from workbench.app.validate import validate_paths
    copy = tmp_path / "variants"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants", copy)
    rules = copy / "western-legends" / "game.yaml"
    text = rules.read_text()
    assert "  work_money: 10\n" in text
    rules.write_text(text.replace("  work_money: 10\n", "  work_money: 25\n"))
    house = validate_paths([copy]).library
    before, after_work = probes.work(builder(house), money=40)
    assert after_work - before == 25


def test_movement_is_two_spaces_diagonal_and_around_canyons(build):
    state = acting(build)
    p = me(state)
    p.at = (5, 4)
    reach = state._reachable(p)
    # the canyon at x = 6 (rows 3-5) cannot be entered: only its ends are within two moves
    assert (6, 2) in reach and (6, 6) in reach and {(6, 3), (6, 4), (6, 5), (7, 4)}.isdisjoint(reach)
    assert all(max(abs(x - 5), abs(y - 4)) <= 2 for x, y in reach)
    p.wanted, state.sheriff = 1, (4, 4)
    assert (4, 4) not in state._reachable(p)
    p.wanted = 0
    state.bandits = [(4, 4)]                      # a bandit stops movement: nothing beyond it through it
    assert (4, 4) in state._reachable(p)


def test_fights_ties_go_to_the_active_player_and_the_loser_is_wounded_and_draws(build):
    state = acting(build)
    a, b = me(state), other(state)
    a.hand, b.hand = ["7S"], ["7H"]
    state = state.apply(Action("duel", b.name))
    assert state.is_chance_node()                       # the loser's poker card is a draw
    state = settle(state)
    a, b = me(state), other(state)
    assert b.wounds == 1 and len(b.hand) == 1 and a.lp == 2 + 0
    a.hand, b.hand = ["3S"], []
    state.players[(state.turn + 1) % 2].at = a.at
    # one fight per opponent per turn
    assert Action("rob", b.name) not in state.legal_actions()


def test_a_target_without_a_card_loses_a_robbery(build):
    result = probes.fight(build, "rob", mine=("3S",), theirs=(), b_money=45, b_nuggets=1)
    assert result["winner"] == result["player"] and result["cards"][1] is None     # declined: no card, so it loses
    assert probes.fight(build, "rob", mine=("3S",), theirs=(), b_money=45, b_nuggets=1, field="a_wanted") == 1
    # half the money, rounded up (23 of 45), worth more than half the nuggets (1 at $20)
    assert probes.fight(build, "rob", mine=("3S",), theirs=(), b_money=45, b_nuggets=1, field="b_money") == 22


def test_arrest_takes_half_rounded_up_and_clears_wanted(build):
    state = acting(build)
    a, b = me(state), other(state)
    a.marshal, b.wanted, b.money, b.nuggets = 1, 3, 45, 3
    a.hand, b.hand = ["KS"], ["2H"]
    state = settle(state.apply(Action("arrest", b.name)))
    a, b = me(state), other(state)
    assert (b.wanted, b.money, b.nuggets, b.at, state.sheriff) == (0, 22, 1, OFFICE, OFFICE) and a.marshal == 2


def test_whether_an_arrest_also_moves_the_sheriff_is_the_declared_assumption(build, library):
    # "The arrested player is placed in the sheriff's office space with the sheriff": the player goes
    # to the office either way; the sheriff (away from it) follows by the assumption arrest_moves_sheriff
    away = (probes.OPEN[0] + 1, probes.OPEN[1])
    assert probes.arrest_sheriff(build) == (OFFICE, OFFICE)
    assert probes.arrest_sheriff(builder(library, arrest_moves_sheriff=False)) == (away, OFFICE)
    assert "arrest_moves_sheriff" in WesternLegends.build(library).ruleset.assumptions


def test_delivering_cattle_is_the_players_choice_never_forced(build):
    # Acquire and Deliver Cattle: "(Rail Station) -- You may deliver your cattle token to gain 1 marshal
    # point and the reward listed on the token. This does not cost an action." and "(Ranch of opposing
    # color) -- You may deliver your cattle token to gain 1 wanted point and the reward on the cattle token."
    from rules_probes_western_legends import NEXT_TO, OTHER_RANCH, RANCH, STATION
    for place, track in ((STATION, "marshal"), (OTHER_RANCH, "wanted")):
        state = after(acting(build, at=RANCH), Action("take-cattle"))
        me(state).marshal = 2                        # a marshal: rustling would make them wanted
        me(state).at = NEXT_TO[place]
        state = after(state, Action("move", place))
        p = me(state)
        assert (len(p.cattle), p.marshal, p.wanted) == (1, 2, 0)      # entering delivers nothing by itself
        assert Action("deliver-cattle") in state.legal_actions() and state.is_legal(Action("deliver-cattle"))
        left = state.actions_left
        delivered = after(state, Action("deliver-cattle"))
        assert len(me(delivered).cattle) == 0 and delivered.actions_left == left      # free: no action spent
        assert getattr(me(delivered), track) == (3 if track == "marshal" else 1)
        assert Action("deliver-cattle") not in delivered.legal_actions()
        # declining: the last action spent elsewhere, the turn ended, the token and the tracks kept
        state = after(state, Action("work"))
        assert state.step == "end" and Action("deliver-cattle") in state.legal_actions()   # still on offer
        seat = state.turn
        kept = settle(state.apply(Action("end-turn")))
        assert (len(kept.players[seat].cattle), kept.players[seat].marshal, kept.players[seat].wanted) == (1, 2, 0)
    # the ranch a token came from takes it back only by another ranch's delivery: nothing offered there
    state = after(acting(build, at=RANCH), Action("take-cattle"))
    assert Action("deliver-cattle") not in state.legal_actions()


def test_weapon_strength_is_the_items_field_not_its_prose(library, tmp_path):
    # the rifle reduces the other's card by its `fight_reduction` (2): a 9 fights as a 7, never below 2
    assert probes.fight(builder(library), mine=("9S",), theirs=("8H",), their_weapon="rifle", field="values") == [7, 8]
    assert probes.fight(builder(library), mine=("3S",), theirs=("8H",), their_weapon="rifle", field="values") == [2, 8]
    import shutil
    from workbench.app.validate import validate_paths
    copy = tmp_path / "variants"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants", copy)
    path = copy / "western-legends" / "illustrative-content.yaml"
    text = path.read_text()
    text = text.replace("reduce the opponent's card value by 2", "reduce the opponent's card value by 5")
    path.write_text(text)
    prose = validate_paths([copy]).library     # the prose changed, the field did not: play is the same
    assert probes.fight(builder(prose), mine=("9S",), theirs=("8H",), their_weapon="rifle", field="values") == [7, 8]
    path.write_text(text.replace("upgrade_lp: 2\nfight_reduction: 2", "upgrade_lp: 2\nfight_reduction: 5"))
    field = validate_paths([copy]).library
    assert probes.fight(builder(field), mine=("9S",), theirs=("8H",), their_weapon="rifle", field="values") == [4, 8]


def test_losing_to_a_bandit_costs_nothing_the_text_does_not_state(build):
    # "Fighting a Bandit" states a reward for winning and no penalty for losing; the bandit goes
    state = acting(build)
    p = me(state)
    p.hand, p.wounds = ["2S"], 0
    state.bandits = [(6, 1)]
    cards = len(p.hand)
    state = after(state, Action("move", (6, 1)), (9, 9))
    event = next(e for e in state.log if e["event"] == "bandit-fight")
    assert not event["won"] and me(state).wounds == 0 and len(me(state).hand) == cards - 1
    assert (6, 1) not in state.bandits
    # winning: 1 marshal point (or 1 LP for a wanted player)
    assert probes.bandit(build, hand=("KS",), field="result")[1] == 1


def test_the_fight_deck_returns_cards_to_its_bottom(build):
    state = acting(build)
    me(state).hand = ["KS"]
    state.bandits = [(6, 1)]
    fresh = sum(state.fight_deck[0])
    state = state.apply(Action("move", (6, 1)))
    assert [o for o, _ in state.chance_outcomes()] == [4, 5, 6, 7, 8, 9, 10, 11, 12]   # the shuffled deck
    state = settle(state, (12, 12))
    # both 12s went back to the bottom: the next draw comes from the unseen rest, where no 12 is left
    assert state.fight_deck[-1] == (0,) * 8 + (2,) and sum(state.fight_deck[0]) == fresh - 2   # counts of 4..12
    state.bandits = [(7, 1)]
    state = state.apply(Action("move", (7, 1)))
    assert 12 not in [o for o, _ in state.chance_outcomes()]


def test_prospecting_dice_are_chance_nodes_with_the_faces_probabilities(build):
    state = acting(build, at=probes.MINE)
    state = state.apply(Action("prospect"))
    # illustrative faces: 2 nugget, 2 money, 1 money-and-reroll, 1 blank
    assert state.chance_outcomes() == [("nugget", Fraction(1, 3)), ("money", Fraction(1, 3)),
                                       ("money_and_reroll", Fraction(1, 6)), ("nothing", Fraction(1, 6))]
    money, nuggets = me(state).money, me(state).nuggets
    state = settle(state, ("money_and_reroll", "nugget", "money"))    # the reroll applies the next result too
    assert (me(state).money - money, me(state).nuggets - nuggets) == (20, 1) and not state.is_chance_node()


def test_poker_draws_are_the_cards_left_and_played_cards_are_discarded(build):
    state = acting(build, at=SALOON)
    p = me(state)
    p.hand, p.money = ["AS"], 50
    state = state.apply(Action("poker"))
    outcomes = state.chance_outcomes()
    left = sum(state.poker_pile.values())
    assert len(outcomes) == len([c for c, n in state.poker_pile.items() if n]) and sum(p for _, p in outcomes) == 1
    assert dict(outcomes).get("AS") is None or state.poker_pile["AS"]
    assert all(prob == Fraction(state.poker_pile[c], left) for c, prob in outcomes)
    state = settle(state, ("AH", "2C", "3D", "5H", "9S", "AD", "KC", "7H"))
    event = next(e for e in state.log if e["event"] == "poker")
    # red: AS AH with the flop AD KC 7H, three aces, beats the dealer; the pot is 10 + 50
    assert event["hands"]["red" if me(state).name == "red" else me(state).name] == "three-of-a-kind"
    assert (me(state).money, event["pot"]) == (50 - 10 + 60, 60)
    # the two aces played are discarded with the flop and the dealer's cards; the hand is empty
    assert len(me(state).hand) == 0 and state.poker_discard.get("AS") == 1 and state.poker_discard.get("KC") == 1


def test_the_ninth_space_gives_legend_points_instead(build):
    assert probes.track(build, start=8, points=3)[:3] == (9, 0, 2)   # to the 9th space, then 1 LP per point


def test_final_scoring_and_tie_breakers(build):
    scores, ranking = probes.scores(build, **{"0_money": 130, "1_money": 119, "0_wounds": 1, "2_wanted": 4, "1_wanted": 4})
    assert (scores["red"]["money"], scores["blue"]["money"], scores["red"]["wounds"]) == (2, 1, -1)
    assert scores["blue"]["wanted"] == scores["green"]["wanted"] == 1          # tied most wanted: 1 each
    scores, _ = probes.scores(build, **{"2_wanted": 4, "1_wanted": 2})
    assert scores["green"]["wanted"] == 3 and scores["blue"]["wanted"] == 1
    _, ranking = probes.scores(build, **{"1_nuggets": 2})
    assert ranking == [["blue"], ["red", "green"]]                              # most nuggets breaks the tie


def test_the_goal_card_variant(library):
    game = WesternLegends.build(library, variants=["goal-cards"])
    state = game.new_initial_state(players=2, seed=4)
    # supply: 9 tokens worth 2 LP, 6 worth 1, 3 worth 3 (Goal Card Variant: Distribution)
    assert state.supply == {1: 6, 2: 9, 3: 3}
    while state.step == "setup":
        if state.is_chance_node():
            state = state.apply("prospector" if state.pending[0][0] == "goal-discard" else state.chance_outcomes()[0][0])
        else:
            state = state.apply(state.legal_actions()[0])
    assert all(len(p.goals) == 3 for p in state.players)          # 4 goals, 1 discarded at random
    state = settle(state.apply(Action("start", 0)))
    p = me(state)
    p.money = 75
    state = state.apply(Action("work"))                          # $85: the goal "well-off" ($80) is met
    assert state.is_chance_node() and state.pending[0][0] == "legendary"
    assert state.chance_outcomes() == [(1, Fraction(6, 18)), (2, Fraction(9, 18)), (3, Fraction(3, 18))]
    state = settle(state, (1,))
    assert me(state).completed == ("well-off",) and me(state).legendary == (1,)
    me(state).lp = 8                                              # "famous": 2 goals, 2 tokens more
    state = settle(state.apply(Action("work")), (3, 2))
    assert me(state).legendary == (3, 2) and sum(state.supply.values()) == 18 - 2   # the 1 went back
    assert state.final_scores()[me(state).name]["legendary"] == 5


def test_the_play_log_starts_with_the_assumptions(library):
    state = play(library, 2, seed=1, rounds=1)
    start = state.log[0]
    assert any(a.startswith("fight_card_played = highest") for a in start["assumptions"])
    assert any(a.startswith("bandit_loser = {}") for a in start["assumptions"])
    assert any("illustrative designer data" in a for a in start["assumptions"])


def _invariants(state):
    rules = state.rules
    for p in state.players:
        assert 0 <= p.money <= rules.max_money and 0 <= p.nuggets <= rules.max_gold_nuggets
        assert 0 <= p.wounds <= rules.max_wounds and len(p.cattle) <= rules.max_cattle_tokens
        assert sum(n for i, (n, _) in p.items.items() if state.game.items[i]["type"] == "misc") <= rules.max_misc_items
        assert all(n <= rules.max_copies_per_item for n, _ in p.items.values())
        assert not (p.marshal and p.wanted)
        assert p.marshal <= rules.track_spaces and p.wanted <= rules.track_spaces


LIBRARY = load_library()
GAME = WesternLegends.build(LIBRARY)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(2, 6), st.sampled_from(["random", "greedy"]))
def test_general_limits_hold_after_every_action(seed, players, bot):
    from workbench.games.western_legends.engine import BOTS
    state = GAME.new_initial_state(players=players, seed=seed, rounds=12)
    rng = random.Random(seed)
    while not state.done:
        state.apply_in_place(state.sample_chance(rng) if state.is_chance_node() else BOTS[bot](state, rng))
        _invariants(state)
        if state.step == "start" and not state.pending and state.round > 1:   # hand size is enforced at the end of a turn
            previous = state.players[(state.turn - 1) % players]
            assert len(previous.hand) <= max(0, state.rules.hand_size - previous.wounds)


def test_a_whole_game_reads_only_declared_parameters(library):
    from workbench.games.base import play as play_game
    from workbench.rules.ruleset import TrackedRuleset
    game = WesternLegends.build(library, variants=["goal-cards"])
    game.ruleset = TrackedRuleset(game.ruleset)
    play_game(game, 4, 3, ["greedy", "random"])
    assert {"work_money", "start_of_turn_choices", "characters_drawn", "goal_cards", "legendary_tokens"} <= game.ruleset.reads


def test_a_seeded_three_player_game_to_its_end_matches_its_golden_playthrough(library):
    state = play(library, 3, seed=5)
    assert state.done and state.log[-1]["event"] == "final-scoring" and state.final_round is not None
    lines = [json.dumps(event, sort_keys=True) for event in state.log]
    path = GOLDEN / "western-legends-3p-seed-5.jsonl"
    if os.environ.get("WORKBENCH_UPDATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n")
    assert lines == path.read_text().splitlines()
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert list(again.log) == list(state.log)                      # the history replays the game


def test_play_command(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                                      # as a designer runs it, outside the repository
    assert main(["play", "western-legends", "--players", "3", "--seed", "5", "--format", "json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    assert events == [json.loads(line) for line in (GOLDEN / "western-legends-3p-seed-5.jsonl").read_text().splitlines()]
    assert main(["play", "western-legends", "--players", "9"]) == 2
    assert main(["play", "western-legends", "--players", "2", "--length", "long", "--variant", "goal-cards",
                 "--set", "work_money=15", "--format", "json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    assert events[0]["variants"] == ["goal-cards"] and events[0]["end_lp"] == 25
    assert all(e["money"] >= 0 for e in events if e["event"] == "work")
    assert main(["play", "western-legends", "--set", "work_mony=15"]) == 2


def test_card_actions_and_one_reputation_card_a_turn(build):
    assert probes.card_actions(build, ["QS", "QS", "KD"]) == ["QS"]          # Manhunt needs a wanted player
    assert probes.card_actions(build, ["QS", "QS"], play="QS") == []         # one Reputation card a turn
    assert probes.track_card(build) == 1                                      # Living Legend: 1 marshal point


def test_starting_items_come_from_the_character(game, library):
    rancher = library.data("western-legends", "character", "rancher")
    assert rancher["start"]["items"] == ["mustang"]
    state = game.new_initial_state(players=2, seed=0)
    state = settle(state, ("rancher",))
    state = state.apply(Action("character", "rancher"))
    rancher_seat = state.players[0]
    assert rancher_seat.items == {"mustang": (1, 0)} and rancher_seat.at == tuple(rancher["start"]["space"])


# -- a library that validates clean always plays -------------------------------------------------

def _declaring_documents():
    from workbench.app.validate import validate_paths
    root = Path(__file__).resolve().parent.parent / "variants"
    out = []
    for path in sorted((root / "western-legends").rglob("*.yaml")):
        for document in validate_paths([path]).documents:
            if isinstance(document.data.get("parameters"), dict) or document.kind in ("map", "character"):
                out.append((path.relative_to(root), document.id))
    return out


@pytest.mark.parametrize("path,doc_id", [d for d in _declaring_documents() if d[1] in (
    "story-cards", "illustrative-story-cards", "western-legends", "poker-deck", "tracks", "mine", "illustrative-frontier",
    "fight-deck", "cattle-tokens", "illustrative-goals", "action-phase")])
def test_removing_a_document_the_engine_needs_is_a_located_problem_never_a_traceback(tmp_path, path, doc_id):
    import shutil
    import subprocess
    import sys
    copy = tmp_path / "variants"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants", copy)
    target = copy / path
    documents = target.read_text().split("\n---\n")
    kept = [d for d in documents if f"\nid: {doc_id}\n" not in f"\n{d}\n"]
    assert len(kept) == len(documents) - 1
    target.write_text("\n---\n".join(kept) + "\n" if kept else "")
    if not kept:
        target.unlink()
    run = lambda *args: subprocess.run([sys.executable, "-m", "workbench", *args], capture_output=True, text=True,
                                       cwd=tmp_path)
    # --no-published: the copy is the whole library (else a removed `game` document comes back)
    out = run("validate", str(copy), "--format", "json", "--no-published")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    problems = [p for p in json.loads(out.stdout)["problems"] if p["severity"] == "error"]
    assert problems and all(p["file"] and p["line"] for p in problems)
    assert {p["code"] for p in problems} <= {"missing-parameter", "parameter-unknown", "engine-requirement", "unknown-ref"}
    played = run("play", "western-legends", "--library", str(copy), "--players", "2", "--no-published")
    assert played.returncode == 1 and "Traceback" not in played.stderr


def test_too_few_characters_for_the_most_players_is_a_located_problem(tmp_path):
    from workbench.app.validate import validate_paths
    import shutil
    copy = tmp_path / "variants"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants", copy)
    path = copy / "western-legends" / "game.yaml"
    path.write_text(path.read_text().replace("player_count: {min: 2, max: 6}", "player_count: {min: 2, max: 8}"))
    problems = [p for p in validate_paths([copy]).problems if p.code == "engine-requirement"]
    assert len(problems) == 1 and "16 characters" in problems[0].message and problems[0].file.endswith("game.yaml")


def test_poker_odds_use_the_games_deck(tmp_path, capsys, monkeypatch):
    import shutil
    monkeypatch.chdir(tmp_path)
    args = ["poker", "odds", "--hand", "AS,AD", "--flop", "7C,8D,KS", "--format", "json"]
    assert main(args) == 0
    published = json.loads(capsys.readouterr().out)
    # the published deck is the illustrative 52 cards and one Cheat card
    assert Fraction(published["fraction"]) == win_probability(["AS", "AD"], poker.standard_deck(), ["7C", "8D", "KS"])[0]
    copy = tmp_path / "variants"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants", copy)
    path = copy / "western-legends" / "illustrative-content.yaml"
    path.write_text(path.read_text().replace('poker_values: ["2", "3", "4", "5", "6"', 'poker_values: ["6"'))
    assert main(args + ["--library", str(copy)]) == 0
    short = json.loads(capsys.readouterr().out)
    deck = [c for c in poker.standard_deck() if c == "CHEAT" or c[0] not in "2345"]
    assert Fraction(short["fraction"]) == win_probability(["AS", "AD"], deck, ["7C", "8D", "KS"])[0] != Fraction(
        published["fraction"])


def test_the_content_audit(library):
    # Whiskey and Provisions are items the text names without saying which kind
    for item in ("whiskey", "provisions"):
        assert library.data("western-legends", "item", item)["type"] == "unknown"
    assert "secondary-facts" in library.data("western-legends", "location", "bank")["notes"]
    setup = " ".join(library.data("western-legends", "rule", "setup")["rules"])
    for step in ("money cards", "cattle tokens face down", "prospecting dice", "story discs", "fight cards", "goal card"):
        assert step in setup, step
    story = library.data("western-legends", "rule", "story-cards")
    assert any("must choose 1" in line for line in story["rules"]) and story["source"]["document"] == "western-legends"


# -- the public step: a cheap copy and a narrow legality check -------------------------------------

def _some_games(game, seeds=range(3)):
    """Whole seeded games with random bots, every state along the way (stepped in place)."""
    for seed in seeds:
        state = game.new_initial_state(players=2 + seed % 3, seed=seed)
        chance, choice = random.Random(seed), random.Random(seed + 1)
        while not state.is_terminal():
            yield state
            state = state.clone()
            state.apply_in_place(state.sample_chance(chance) if state.is_chance_node()
                                 else choice.choice(state.legal_actions()))


def test_is_legal_agrees_with_legal_actions_on_whole_games(game):
    # is_legal asks only the part of the turn's actions that offers the action's kind: on every
    # decision of whole games it agrees with membership in legal_actions(), for every action seen
    # in any of them and for hostile ones (an unknown kind, a list target, a target of the wrong kind)
    states = [s for s in _some_games(game) if not s.is_chance_node()]
    seen = {a for s in states for a in s.legal_actions()}
    hostile = [Action("fly"), Action("move", [1, 1]), Action("move", "1,1"), Action("duel", ("red",)),
               Action("card-action", None), Action("buy", 3)]
    checked = 0
    for state in states[::6]:
        legal = state.legal_actions()
        for action in [*seen, *hostile]:
            assert state.is_legal(action) == (action in legal), (action, state.step, state.history[-1:])
            checked += 1
    assert checked > 5000 and len(seen) > 50
    assert not any(s.is_legal(a) for s in states[:5] for a in hostile)


def test_copies_share_nothing_either_writes(game):
    # the copy shares the players' goods (tuples, replaced dicts) and the poker piles (copied on
    # the first write): a branch stepped from a state and the state stepped on in place never see
    # each other's changes, and each equals its own replay from the history
    for state in list(_some_games(game, seeds=[4]))[::40]:
        if state.is_terminal():
            continue
        before = json.dumps(state.snapshot(), sort_keys=True)
        branch = state.clone()
        chance, choice = random.Random(7), random.Random(8)
        for _ in range(40):        # the original goes on in place, the branch is kept
            if state.is_terminal():
                break
            state.apply_in_place(state.sample_chance(chance) if state.is_chance_node()
                                 else choice.choice(state.legal_actions()))
        assert json.dumps(branch.snapshot(), sort_keys=True) == before
        replayed = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert json.dumps(replayed.snapshot(), sort_keys=True) == json.dumps(state.snapshot(), sort_keys=True)


def test_an_illegal_action_is_refused_by_the_public_step(game):
    state = next(s for s in _some_games(game) if s.step == "actions")
    with pytest.raises(UsageError, match="not legal now"):
        state.apply(Action("move", (99, 99)))
    with pytest.raises(UsageError, match="not legal now"):
        state.apply(Action("fly"))


def test_a_pickled_state_plays_on_as_the_original(game):
    # a state (and its game, with the ruleset) pickled mid-game and unpickled elsewhere plays the
    # same moves to the same log: a process that is sent one can carry it on
    import pickle
    state = next(s for s in _some_games(game, seeds=[4]) if s.round >= 2 and not s.is_chance_node())
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy.game.ruleset) is type(game.ruleset) and dict(copy.game.ruleset) == dict(game.ruleset)
    assert copy.snapshot() == state.snapshot() and list(copy.history) == list(state.history)
    for one in (state, copy):
        chance, choice = random.Random(3), random.Random(5)
        for _ in range(200):
            if one.is_terminal():
                break
            one.apply_in_place(one.sample_chance(chance) if one.is_chance_node() else choice.choice(one.legal_actions()))
    assert list(copy.log) == list(state.log) and copy.snapshot() == state.snapshot()


def test_the_play_log_says_where_a_player_moves_by_the_maps_names(tmp_path):
    """issue 39: the command line's Western Legends log was the events' fields ('move: to [9, 6]',
    'story-disc: card cattle-drive'); it is the panels' words, each map space with the name of
    what stands there, read here from the map and location documents themselves."""
    import re

    import yaml

    from clitools import outside_repository, run

    root = Path(__file__).resolve().parent.parent / "variants" / "western-legends"
    locations = {d["id"]: d["name"] for d in yaml.safe_load_all((root / "locations.yaml").read_text())
                 if d and d.get("kind") == "location"}
    board = next(d for d in yaml.safe_load_all((root / "illustrative-map.yaml").read_text()) if d and d.get("kind") == "map")
    named = {tuple(s["at"]): s.get("name") or locations[s["location"]] for s in board["spaces"] if s.get("location")}
    result = run("play", "western-legends", "--seed", "3", "--players", "2", cwd=outside_repository(tmp_path))
    assert result.code == 0, result.err
    log = result.out.splitlines()
    assert not [line for line in log if re.search(r"\[\d+, \d+\]|: (to|card) ", line)], "a field dump"
    moves = [re.fullmatch(r"\[\d+\] (?:\w+|The sheriff) moves to (\d+),(\d+)(?: \((.+)\))?", line) for line in log if " moves to " in line]
    assert moves and all(moves)
    for move in moves:
        assert move[3] == named.get((int(move[1]), int(move[2]))), move[0]
    assert any(move[3] for move in moves)                   # a move onto a named space was seen
    assert any("places a story disc on Cattle Drive" in line for line in log)
