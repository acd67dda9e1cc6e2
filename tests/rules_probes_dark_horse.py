"""For every Dark Horse parameter: a changed value and what the engine does with it.

``PROBES[name] = (value, observe)``: ``observe(build)`` returns something the engine computes,
where ``build(**overrides)`` is the Dark Horse game resolved from the library with those
overrides. tests/test_rules_as_data.py checks that every declared parameter has a probe and that
the observation differs between the published value and the changed one.
"""
from fractions import Fraction

from workbench.games.dark_horse.engine import Action, FightRoll, Hired, Roll
from workbench.games.dark_horse.gunfight import GunfightRules, Side, exact_odds, fighters
from workbench.games.dark_horse.reputation import Reputation, ReputationRules, buy_reputation, discard_opposite


def odds(a: Side, b: Side, key="a_wins"):
    return lambda build: exact_odds(a, b, GunfightRules.from_ruleset(build().ruleset)).outcomes[key]


def captured(a: Side, b: Side):
    return lambda build: exact_odds(a, b, GunfightRules.from_ruleset(build().ruleset)).captured["b"]


def reputation(function):
    return lambda build: function(ReputationRules.from_ruleset(build().ruleset))


def state_of(game, players=2, rounds=2, **options):
    return game.new_initial_state(players=players, rounds=rounds, **options)


def first_roll(build):
    """The chance outcomes of the first roll of a 2-player High Noon game."""
    state = state_of(build(scenario="high-noon"))
    while not state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    return state.chance_outcomes()


def to_placement(state, dice=(3, 3)):
    while state.phase != "placement" and not state.done:
        state = state.apply(Roll(dice[:state._dice_count(state.player(state.to_roll[0]))])
                            if state.is_chance_node() else state.legal_actions()[0])
    return state


def heist(build, **options):
    """The fixture heist: blue collects the robbable Fixture Bank in round 1 (1 Silver goes on it),
    round 2 reaches red's collection (red, with the Fixture Bandit, placed on the Saloon)."""
    game = build(scenario="fixture-heist", **options)
    state = to_placement(state_of(game, 3, 3, characters={"red": ["fixture-bandit"]}))
    while state.phase == "placement":
        space = {"blue": "fixture-bank"}.get(state.current_player())
        state = state.apply(next((a for a in state.legal_actions() if a.kind == "place" and a.space == space),
                                 Action("pass")))
    state = state.apply(Action("collect", "fixture-bank", option=0))
    state = to_placement(state)
    while state.phase == "placement":
        space = {"red": "saloon"}.get(state.current_player())
        state = state.apply(next((a for a in state.legal_actions() if a.kind == "place" and a.space == space),
                                 Action("pass")))
    return state


def robberies(build, **options):
    state = heist(build, **options)
    return sorted(str(a) for a in state.legal_actions() if a.kind == "rob")


def robbery_after_rob(build):
    state = heist(build)
    state = state.apply(Action("rob", "fixture-bank", character="fixture-bandit"))
    return state.player("red").goods.get("silver", 0)


def robs_twice(build, **overrides):
    """After one robbery attempt, may the bandit attempt the space again this turn? (Both the
    attempts per space and the abilities per turn limit it: each probe lifts the other.)"""
    state = heist(build, overrides=overrides)
    state = state.apply(Action("rob", "fixture-bank", character="fixture-bandit"))
    state.robbery_silver["fixture-bank"] = 1
    return sorted(str(a) for a in state.legal_actions() if a.kind == "rob")


def attempts_next_round(build):
    """A robbery attempt made this round: is it still counted in the next?"""
    state = state_of(build(), 2, 3)
    state.robbery_attempts = {("red", "fixture-bank"): 1}
    state._start_round()
    return state.robbery_attempts


def silver_on_bank(build):
    game = build(scenario="fixture-heist")
    state = to_placement(state_of(game, 2, 1))
    while state.phase == "placement":
        space = {"red": "fixture-bank"}.get(state.current_player())
        state = state.apply(next((a for a in state.legal_actions() if a.kind == "place" and a.space == space),
                                 Action("pass")))
    state = state.apply(Action("collect", "fixture-bank", option=0))
    return state.robbery_silver.get("fixture-bank", 0)


def capture(build):
    game = build(scenario="fixture-heist")
    state = state_of(game, 2, 1, characters={"red": ["fixture-bandit"]})
    bandit = state.player("red").characters[0]
    bandit.wanted = True
    for _ in range(2):
        state._wound(bandit, state.player("red"), state.player("blue"))
    blue = state.player("blue")
    return bandit.captured, blue.reputation.total, blue.count("wanted-token")


def flee(build):
    state = state_of(build(), 2, 1)
    state.player("red").reputation.white = 3
    state._lose_reputation(state.player("red"))
    return state.player("red").reputation.white


def first_dice(build):
    state = state_of(build(), 2, 1)
    while not state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    return len(state.chance_outcomes())


def first_city_hexes(build):
    state = state_of(build(), 2, 1)
    state = state.apply(state.legal_actions()[0])        # yellow... the last seat places its city
    while state.legal_actions()[0].piece != "city":
        state = state.apply(state.legal_actions()[0])
    return len(state.legal_actions())


def end_of(build, **overrides):
    from workbench.games.base import play
    game = build(**overrides)
    state = play(game, 2, seed=1, bots=["greedy"], rounds=3)
    return state.round, state.ended


def influence_end(build):
    state = state_of(build(), 2, 1)
    state.player("blue").reputation.influence = 1
    return state._end_trigger()


def unknown_claim(build):
    game = build(scenario="high-noon")
    state = to_placement(state_of(game, 2, 1))
    return sorted({a.dice for a in state.legal_actions() if a.kind == "place" and a.space in game.spaces})


def shared_space(build):
    game = build(scenario="high-noon")
    state = to_placement(state_of(game, 2, 1))
    state = state.apply(next(a for a in state.legal_actions() if a.kind == "place" and a.space == "saloon"))
    return any(a.space == "saloon" for a in state.legal_actions())


def collection_order(build):
    """Red collects the Saloon's "move last in Turn Order" before its Fixture Bank: who collects next?"""
    game = build(scenario="fixture-heist")
    state = to_placement(state_of(game, 2, 1), dice=(3, 4))
    for space, dice in (("saloon", (3,)), ("marshal", (3,)), ("fixture-bank", (4,))):
        state = state.apply(Action("place", space, dice))
    while state.phase == "placement":
        state = state.apply(Action("pass"))
    state.player("red").goods["silver"] = 1          # the Saloon's second option costs 1 Silver
    state = state.apply(Action("collect", "saloon", option=1))
    return state.current_player()


def pays(build):
    state = state_of(build(scenario="pork-barrel"), 2, 1)
    player = state.player("red")
    player.goods.update({"gold": 1, "silver": 0})
    return state.can_pay(player, {"silver": 5})


def influence_vp(build):
    state = state_of(build(scenario="pork-barrel"), 2, 1)
    state.player("red").reputation.influence = 3
    return state.scores()["red"]["influence_vp"]


def starting(build, what):
    state = state_of(build(), 2, 1)
    return {"goods": state.player("red").goods, "pieces": len(state.pending)}[what]


def board_legal(build, piece, **question):
    from workbench.board.placement import Question, legal_placements
    game = build(scenario="wild-wild-west")
    board = game.board_with([])
    from workbench.board.graph import Piece
    board.pieces = [Piece("city", (0, 0), "red")]
    rules = list(game.placement_rules) + ["min-city-distance"]
    return len(legal_placements(board, Question(piece, "blue", **question), rules, explain=False).legal)


def mobile_odds(build, **overrides):
    from workbench.board.graph import Piece
    from workbench.board.mobile import transition
    game = build(**overrides)
    board = game.board_with([Piece("mystery-hex", (4, 0), None, "buffalo-herd"), Piece("mystery-hex", (3, 0), None,
                                                                                      "native-american")])
    return transition(board, (4, 0), board.pieces[0])


A2, B21 = Side(combat=2), Side(combat=2, duel=1)
WANTED_DEADLY = Side(combat=2, deadly=True)

PROBES = {
    "gunfight_rounds": (3, odds(Side(combat=1), Side(combat=1), "draw")),
    "win_margin": (3, odds(A2, B21)),
    "wound_modifier": (-3, odds(A2, Side(combat=2, duel=1, wounds=1))),
    "wounds_to_capture": (3, captured(A2, Side(combat=2, wounds=1))),
    "wounds_to_capture_tough": (2, captured(A2, Side(combat=2, wounds=1, tough=True))),
    "weak_kneed_flees_on": (5, odds(A2, Side(combat=2, duel=1, weak_kneed=True), "b_flees")),
    "deadly_rerolls": ("never", odds(WANTED_DEADLY, A2)),
    "deadly_decides_first": ("challenged", odds(WANTED_DEADLY, WANTED_DEADLY)),
    "engineer_gunfight_bonus": (6, odds(Side(combat=1, engineer_token=True), Side(combat=1))),
    "engineer_use": ("never", lambda build: exact_odds(Side(combat=1, engineer_token=True), Side(combat=1), GunfightRules.from_ruleset(
        build(scenario="wild-wild-west").ruleset)).outcomes["a_wins"]),
    "fighting_tokens": (["wanted-token"], lambda build: sorted(s.name for s in fighters(
        build().library, "high-noon", build().ruleset.fighting_tokens))),
    "flee_reputation_loss": (2, flee),
    "capture_reward": ({"any-reputation": 3}, capture),
    "capture_takes_wanted_token": (False, capture),
    "robbery_silver_per_collect": (2, silver_on_bank),
    "robbery_attempts_per_space": (2, lambda build: robs_twice(build, abilities_per_turn=2)),
    "robbery_attempts_reset": ("never", attempts_next_round),
    "black_hat_can_rob": (False, robberies),
    "robber_takes": ("nothing", robbery_after_rob),
    "abilities_per_turn": (2, lambda build: robs_twice(build, robbery_attempts_per_space=2)),
    "reputation_per_victory_point": (3, reputation(lambda r: Reputation(white=7).victory_points(r))),
    "influence_for_reputation": ({"pay_influence": 1, "gain_reputation": 6},
                                 reputation(lambda r: buy_reputation(Reputation(influence=1), "white", r).white)),
    "reputation_both_types": (True, lambda build: state_of(build(), 2, 1).player("red").reputation.both_types),
    "discard_opposite_reward": ({"any-reputation": 2, "silver": 1},
                                reputation(lambda r: discard_opposite(Reputation(white=1), "black", r).white)),
    "white_hat_discarding_black_hat_extra": ({"wanted-token": 2},
                                             reputation(lambda r: discard_opposite(Reputation(white=1), "black", r).wanted_tokens)),
    "dice_rolled": (3, first_dice),
    "starting_goods": ({"food": 2}, lambda build: starting(build, "goods")),
    "starting_pieces": ({"city": 1, "town": 1}, lambda build: starting(build, "pieces")),
    "starting_city_min_gap": (0, first_city_hexes),
    "pieces_per_player": ({"town": 2, "city": 1}, lambda build: end_of(build)),
    "influence_game_end": (1, influence_end),
    "game_end_timing": ("immediately", lambda build: end_of(build, overrides={"pieces_per_player": {"town": 2, "city": 1}})),
    "victory_points_per_influence": (3, influence_vp),
    "silver_per_gold": (5, pays),
    # "13 Six sided dice": a roll of 2 dice has 21 sorted outcomes of 1..6 (4 faces: 10 of 1..4)
    "die_faces": (4, lambda build: sorted({d for roll, _ in first_roll(build) for d in roll})),
    "unknown_claim": ("dice-total", unknown_claim),
    "unknown_type": ("unlimited", shared_space),
    "turn_order_change_takes_effect": ("immediately", collection_order),
    "min_city_distance": (2, lambda build: board_legal(build, "city")),
    "safe_zone_area_distance": (3, lambda build: board_legal(build, "city", first_city=True)),
    "rerolls_on_illegal_move": (0, mobile_odds),
    "mobile_hex_may_stack": (True, mobile_odds),
}


# -- tokens, special dice, Wild Wild West's outlaws (issue 17) ----------------------------------

def with_engineer(build, **overrides):
    """High Noon: red claims the Marshal space (Limited); blue holds an Engineer token."""
    game = build(scenario="high-noon", overrides=overrides)
    state = to_placement(state_of(game, 2, 1))
    state.player("blue").goods["engineer-token"] = 2
    state = state.apply(next(a for a in state.legal_actions() if a.kind == "place" and a.space == "marshal"))
    return state


def engineer_offered(build):
    state = with_engineer(build)
    return sorted(str(a) for a in state.legal_actions() if "engineer-token" in a.uses)


def engineer_left(build):
    state = with_engineer(build)
    state = state.apply(next(a for a in state.legal_actions() if "engineer-token" in a.uses))
    return state.player("blue").goods["engineer-token"]


def inventor_state(build, face=3, **overrides):
    """Red holds the Inventor token and rolls a 2 and an Inventor die showing ``face``."""
    game = build(scenario="how-the-west-was-won", overrides=overrides)
    state = state_of(game, 2, 1)
    while not state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    state.player("red").roles.append("inventor-token")
    state = state.apply(((2,), face))
    while state.is_chance_node():
        state = state.apply((3, 3))
    return state


def inventor_turns(build):
    return sorted(a.dice for a in inventor_state(build).legal_actions() if a.kind == "turn-inventor-die")


def turned_placements(build):
    state = inventor_state(build, unknown_claim="dice-total")     # spaces that dice added together claim
    state = state.apply(Action("turn-inventor-die", dice=(4,)))
    return sorted({a.dice for a in state.legal_actions() if "inventor-die" in a.uses})


def fair(build, **overrides):
    """Red holds the Carnival token and 1 Food and 2 Silver (Pork Barrel)."""
    game = build(scenario="pork-barrel", overrides=overrides)
    state = to_placement(state_of(game, 2, 1))
    red = state.player("red")
    red.roles.append("carnival-token")
    red.goods.update({"food": 2, "silver": 2})
    return state


def carnival_offered(build):
    state = fair(build)
    state.player("red").goods["food"] = 1
    return Action("carnival") in state.legal_actions()


def carnival_faces(build):
    state = fair(build).apply(Action("carnival"))
    return len(state.chance_outcomes())


def carnival_claims(build):
    state = fair(build).apply(Action("carnival")).apply(1)
    state = state.apply(next(a for a in state.legal_actions() if a.kind == "place"))
    state = state.apply(Action("carnival")).apply(2)
    state = state.apply(next(a for a in state.legal_actions() if a.kind == "place"))
    return sorted(space for space, taken in state.claims.items() for who, _, uses in taken if "carnival-die" in uses)


def boots_left(build):
    """Red and blue on the Fixture Bank (Unlimited); red holds a Cowboy Boot token and forces blue off."""
    game = build(scenario="fixture-heist")
    state = to_placement(state_of(game, 2, 1))
    state.player("red").goods["cowboy-boot-token"] = 1
    state = state.apply(Action("place", "fixture-bank", (3,)))
    state = state.apply(Action("place", "fixture-bank", (3,)))
    state = state.apply(Action("boot", "fixture-bank", target="blue"))
    return state.player("red").goods["cowboy-boot-token"]


def outlaw_phase(build):
    game = build(scenario="wild-wild-west")
    state = state_of(game, 2, 1, characters={"red": ["fixture-gunslinger"]})
    while state.phase in ("setup", "build", "roll"):
        state = state.apply(Roll((3, 3)) if state.is_chance_node() else state.legal_actions()[0])
    return state.phase


def outlaw_capture(build, kind):
    """Red's gunslinger captures an outlaw of ``kind`` on the Wild Wild West board (wins every fight)."""
    game = build(scenario="wild-wild-west")
    state = state_of(game, 2, 3, characters={"red": ["fixture-gunslinger"]})
    target = next(at for at, o in state.outlaws.items() if o["kind"] == kind)
    while target in state.outlaws:
        if state.phase == "challenges" and state.current_player() == "red":
            state = state.apply(Action("challenge", character="fixture-gunslinger", target=target))
        elif state.phase == "gunfight":
            state = state.apply(FightRoll((6, 0, 0)))
        elif state.is_chance_node():
            state = state.apply(Roll((3, 3)))
        else:
            state = state.apply(next(a for a in state.legal_actions() if a.kind in ("skip", "pass")) if
                                any(a.kind in ("skip", "pass") for a in state.legal_actions()) else state.legal_actions()[0])
        state.player("red").characters[0].abilities_used = 0      # one fight a turn: give it a fresh turn
    red = state.player("red")
    return red.reputation.total, red.goods.get("silver", 0), red.goods.get("wanted-token", 0)


PROBES.update({
    "engineer_shares_limited": (False, engineer_offered),
    "engineer_token_spent": (False, engineer_left),
    "inventor_die_turn": (2, inventor_turns),
    # "Players cannot modify a result of 1 to a 6 and vice versa": a 3 may then be turned to 2 and 4;
    # never between 2 and 3, only to 4
    "inventor_never_turns_between": ([2, 3], inventor_turns),
    "inventor_turned_die_alone": (False, turned_placements),
    "carnival_roll_cost": ({"food": 2, "silver": 1}, carnival_offered),
    "carnival_die_faces": (6, carnival_faces),
    "carnival_die_moves": (False, carnival_claims),
    "boot_token_spent": (False, boots_left),
    "placement_challenges_per_player": (0, outlaw_phase),
    "wanted_token_capture_reward": ({"any-reputation": 5}, lambda build: outlaw_capture(build, "wanted-token")),
    "outlaw_town_capture_reward": ({"silver": 1}, lambda build: outlaw_capture(build, "outlaw-town")),
    "territory": ("illustrative-wild-wild-west", lambda build: build().board.id),
})


def improvements(build, count_vp=False):
    """Red builds with the fixture Builder in How the West was Won's Improved Town Hexes: may it
    place an Improved Town hex on its own town? (and what does one score)"""
    game = build(scenario="fixture-improvements")
    state = to_placement(state_of(game, 2, 2))
    state = state.apply(Action("place", "fixture-builder", (3,)))
    while state.phase == "placement":
        state = state.apply(Action("pass"))
    state = state.apply(Action("collect", "fixture-builder", option=0))
    improved = [a for a in state.legal_actions() if a.piece == "improved-town"]
    if not count_vp:
        return len(improved)
    state = state.apply(improved[0])
    return state.scores()["red"]["improved_town_vp"]


PROBES.update({
    "improved_town_tiles": (0, improvements),
    "improved_town_victory_points": (3, lambda build: improvements(build, count_vp=True)),
})


def mystery_options(build):
    """A White Hat player on the Buffalo Herd: which of its abilities may they use?"""
    from workbench.board.graph import Piece

    game = build(scenario="fixture-mysteries")
    state = state_of(game, 2, 1)
    while state.phase == "build":
        state = state.apply(state.legal_actions()[0])
    state.pieces.append(Piece("city", (2, 0), "red"))
    state = to_placement(state)
    state.player("red").reputation.white = 1
    state = state.apply(Action("place", "hex@1,1", (3,)))
    return [a.option for a in state.legal_actions()]


PROBES["mystery_ability_hats"] = ({"buffalo-herd": ["black", "any"]}, mystery_options)
