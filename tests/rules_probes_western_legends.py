"""For every Western Legends parameter: a changed value and what the engine does with it.

``PROBES[name] = (value, observe)``: ``observe(build)`` returns something the engine computes, where
``build(overrides=..., variants=...)`` is the game resolved from the library with the probed
parameter changed (or not). tests/test_rules_as_data.py checks that the observation differs between
the published value and the changed one; tests/test_western_legends.py checks a few of them against
values worked out from the rules text by hand.
"""
from workbench.games.western_legends.engine import Action
from workbench.games.western_legends.poker import compare, evaluate

# the illustrative frontier map: where things are
SALOON, STORE, BANK, OFFICE = (2, 2), (2, 3), (4, 2), (4, 3)
CABARET, DOCTOR, MINE, RANCH, OTHER_RANCH, STATION = (9, 6), (10, 6), (6, 0), (0, 7), (6, 8), (7, 4)
NEXT_TO = {OTHER_RANCH: (5, 8), STATION: (8, 4)}
OPEN = (5, 1)          # an open space with nothing on it


def settle(state, picks=()):
    """Resolve chance nodes: the outcomes in ``picks`` in order, then the first outcome of each."""
    picks = list(picks)
    while state.is_chance_node():
        outcomes = [o for o, _ in state.chance_outcomes()]
        pick = picks.pop(0) if picks else outcomes[0]
        assert pick in outcomes, (pick, outcomes)
        state = state.apply(pick)
    return state


def chance_steps(state, kind=None):
    """How many chance nodes (of ``kind``: draw, fight-card, die, ...) come before the next decision."""
    n = 0
    while state.is_chance_node():
        n += kind is None or state.pending[0][0] == kind
        state = state.apply(state.chance_outcomes()[0][0])
    return n


def new(build, players=2, variants=(), **overrides):
    game = build(overrides=overrides, variants=variants)
    state = game.new_initial_state(players=players, seed=1)
    while state.step == "setup":
        state = settle(state)
        if state.step == "setup":
            state = state.apply(state.legal_actions()[0])
    return state


def acting(build, players=2, at=OPEN, **overrides):
    """The first player's action phase, everyone at ``at`` unless moved, no bandit in the way."""
    state = new(build, players, **overrides)
    state = settle(state.apply(Action("start", 0)))
    for p in state.players:
        p.at, p.hand, p.wounds, p.marshal, p.wanted, p.money, p.nuggets, p.cattle = at, [], 0, 0, 0, 50, 0, []
    state.bandits = []
    return state


def me(state):
    return state.players[state.turn]


def other(state):
    return state.players[(state.turn + 1) % len(state.players)]


def after(state, action, picks=()):
    return settle(state.apply(action), picks)


# -- probes -------------------------------------------------------------------------------------

def work(build, money=40, **overrides):
    state = acting(build, **overrides)
    me(state).money = money
    return me(state).money, me(state.apply(Action("work"))).money


def gained(build, goods, field, **setup):
    state = acting(build)
    p = me(state)
    for key, value in setup.items():
        setattr(p, key, value)
    state._gain(p, goods)
    state._flush()
    return getattr(p, field)


def store(build, money=200, owned=None, **overrides):
    state = acting(build, at=STORE, **overrides)
    me(state).money = money
    me(state).items = dict(owned or {})
    return sorted(str(a) for a in state.legal_actions() if a.kind in ("buy", "upgrade"))


def end_turn(build, hand=5, wounds=0, wanted=0, **overrides):
    state = acting(build, **overrides)
    seat = state.turn
    p = me(state)
    p.hand, p.wounds, p.wanted = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"][:hand], wounds, wanted
    state.actions_left = 0
    state.step = "end"
    state = settle(state.apply(Action("end-turn")))
    return len(state.players[seat].hand), state.players[seat].lp


def card_actions(build, hand, wanted_other=False, play=None, **overrides):
    state = acting(build, **overrides)
    me(state).hand = list(hand)
    if wanted_other:
        other(state).wanted = 1
    if play:
        state = after(state, Action("card-action", play))
    return sorted(a.target for a in state.legal_actions() if a.kind == "card-action")


def fight(build, kind="duel", mine=("7S",), theirs=("7H",), my_weapon=None, their_weapon=None, field=None,
          **setup):
    state = acting(build)
    a, b = me(state), other(state)
    a.hand, b.hand = list(mine), list(theirs)
    if my_weapon:
        a.items, a.weapon = {my_weapon: (1, 0)}, my_weapon
    if their_weapon:
        b.items, b.weapon = {their_weapon: (1, 0)}, their_weapon
    for key, value in setup.items():
        who, attr = key.split("_", 1)
        setattr(a if who == "a" else b, attr, value)
    state = after(state, Action(kind, b.name))
    event = next(e for e in reversed(list(state.log)) if e["event"] == "fight")
    a, b = me(state), other(state)
    return {"winner": event["winner"], "values": event["values"], "cards": event["cards"], "a_lp": a.lp,
            "a_wanted": a.wanted, "a_marshal": a.marshal, "a_money": a.money, "a_nuggets": a.nuggets,
            "a_cattle": len(a.cattle), "b_wounds": b.wounds, "b_money": b.money, "b_nuggets": b.nuggets}.get(field) \
        if field else event


def arrest_sheriff(build):
    """Where the sheriff stands after a marshal arrests a wanted player, the sheriff away from the office."""
    state = acting(build)
    a, b = me(state), other(state)
    a.marshal, b.wanted, a.hand, b.hand = 1, 2, ["KS"], ["2H"]
    state.sheriff = (OPEN[0] + 1, OPEN[1])
    state = after(state, Action("arrest", b.name))
    return state.sheriff, other(state).at


def poker(build, hand=("AS",), draws=(), joiner_hand=None, money=50, players=2, field="event", **overrides):
    """Red plays poker at the saloon; ``draws``: the poker cards that come up, in order."""
    state = acting(build, players=players, at=SALOON, **overrides)
    p = me(state)
    p.hand, p.money = list(hand), money
    others = [o for o in state.players if o is not p]
    for i, o in enumerate(others):
        o.at, o.money = (OPEN if joiner_hand is None else SALOON), 50
        o.hand = [joiner_hand[i % len(joiner_hand)]] if joiner_hand else []
    if field == "draws":
        return chance_steps(state.apply(Action("poker")), "draw")
    state = after(state, Action("poker"), draws)
    event = next(e for e in reversed(list(state.log)) if e["event"] == "poker")
    return {"event": event, "money-lp": (me(state).money, me(state).lp), "pot": event["pot"],
            "flop": len(event["flop"]), "dealer": len(event["dealer"] or []), "seats": event["seats"],
            "mine": event["hands"][p.name], "winner": event["winner"],
            "split": sorted(o.money for o in state.players)}[field]


def track(build, which="marshal", start=0, points=1, **setup):
    state = acting(build)
    p = me(state)
    setattr(p, which, start)
    for key, value in setup.items():
        setattr(p, key, value)
    p.lp = 0
    state._track(p, which, points)
    return p.marshal, p.wanted, p.lp, p.money


def scores(build, **setup):
    state = acting(build, players=3)
    for p in state.players:
        p.lp, p.money, p.wounds, p.marshal, p.wanted, p.nuggets, p.items = 10, 0, 0, 0, 0, 0, {}
    for key, value in setup.items():
        seat, attr = key.split("_", 1)
        setattr(state.players[int(seat)], attr, value)
    return state.final_scores(), state.ranking()


def bandit(build, hand=("8S",), fight_cards=(8, 8), wanted=0, field="event", **overrides):
    state = acting(build, **overrides)
    p = me(state)
    p.hand, p.wanted = list(hand), wanted
    target = (OPEN[0] + 1, OPEN[1])
    state.bandits = [target]
    if field == "draws":
        return chance_steps(state.apply(Action("move", target)), "fight-card")
    state = after(state, Action("move", target), fight_cards)
    event = next(e for e in reversed(list(state.log)) if e["event"] == "bandit-fight")
    p = me(state)
    return {"event": (event["won"], event["bandit"]), "result": (p.lp, p.marshal, p.wounds)}[field]


def sheriff(build, field="at", hand=("2S", "KS"), fight_cards=(12,), **overrides):
    """The active player plays Manhunt; one rival is wanted two spaces from the sheriff, the other,
    more wanted, three spaces away. ``at``: where the sheriff went and whom it met."""
    state = acting(build, players=3, **overrides)
    active = me(state)
    near, far = [p for p in state.players if p is not active]
    active.hand = ["KD"]
    state.sheriff = OFFICE
    near.at, near.wanted, near.hand = (OFFICE[0], OFFICE[1] + 2), 1, list(hand)
    far.at, far.wanted = (OFFICE[0], OFFICE[1] - 3), 3
    if field == "draws":
        return chance_steps(state.apply(Action("card-action", "KD")), "fight-card")
    state = after(state, Action("card-action", "KD"), fight_cards)
    near = state.player(near.name)
    moved = next(e for e in list(state.log)[::-1] if e["event"] == "sheriff")
    return {"at": (moved["at"], moved.get("meets") == near.name), "near": (len(near.hand), near.wounds, near.at)}[field]


def prospect(build, faces=(), field="nuggets", **overrides):
    state = acting(build, at=MINE, **overrides)
    if field == "steps":
        return chance_steps(state.apply(Action("prospect")), "die")
    if field == "outcomes":
        return [o for o, _ in state.apply(Action("prospect")).chance_outcomes()]
    state = after(state, Action("prospect"), faces)
    return me(state).nuggets, me(state).money, sum(e["event"] == "prospect-die" for e in state.log)


def heist(build, hand=("KS",), guard=(4, 4, 5), field="result", **overrides):
    state = acting(build, at=BANK, **overrides)
    me(state).hand, me(state).money = list(hand), 0
    if field == "draws":
        return chance_steps(state.apply(Action("heist")), "fight-card")
    state = after(state, Action("heist"), guard)
    p = me(state)
    return p.money, p.wanted, p.wounds


def cattle(build, deliver_at=None, field="held", **overrides):
    state = acting(build, at=RANCH, **overrides)
    if field == "draws":
        return chance_steps(state.apply(Action("take-cattle")), "cattle")
    if field == "outcomes":
        return len(state.apply(Action("take-cattle")).chance_outcomes())
    state = after(state, Action("take-cattle"))
    if deliver_at:
        me(state).at = NEXT_TO[deliver_at]
        state = after(state, Action("move", deliver_at))
        state = after(state, Action("deliver-cattle"))     # "You may deliver": the player chooses to
    p = me(state)
    return len(p.cattle), p.marshal, p.wanted, p.money, p.lp


def story(build, field="legal", **overrides):
    state = acting(build, **overrides)
    state.actions_left, state.step = 0, "end"
    if field == "discs":
        return me(state).discs
    if field == "legal":
        return sorted(str(a) for a in state.legal_actions())
    state = state.apply(Action("disc", "gold-rush"))
    if field == "again":
        return sorted(str(a) for a in state.legal_actions())
    # complete gold rush: two more discs already on it
    state.story_discs["gold-rush"] += (other(state).name, other(state).name)
    state = settle(state.apply(Action("end-turn")))
    return "gold-rush" in state.story_discs, state.story_discs.get("gold-rush")


def end_trigger(build, **overrides):
    state = acting(build, **overrides)
    me(state).lp = 30
    state._step_end_check(state.turn)
    return state.final_round - state.round


def kept_tokens(build):
    """Holding a 1 with two goals completed and a 2 and a 3 just drawn: which two are kept?"""
    state = new(build, 2, goal_cards=True)
    p = state.players[0]
    p.legendary, p.completed, state.tokens_drawn = (1,), ["a", "b"], [2, 3]
    state._step_keep_legendary(0)
    return p.legendary


def goals(build, field="goals", **overrides):
    overrides.setdefault("goal_cards", True)
    state = new(build, 2, **overrides)
    p = state.players[0]
    return {"goals": len(p.goals), "ids": sorted(p.goals + p.completed), "supply": dict(state.supply)}[field]


def pays_nugget(build):
    state = acting(build, at=BANK)
    me(state).nuggets = 1
    state = after(state, Action("deposit"))
    return me(state).money, me(state).lp


def heal(build, field="money", **overrides):
    state = acting(build, at=DOCTOR, **overrides)
    me(state).wounds, me(state).money, me(state).hand = 1, 50, []
    state = after(state, Action("heal"))
    return me(state).money if field == "money" else len(me(state).hand)


def can_play_poker(build):
    state = acting(build, at=SALOON)
    me(state).money = 15
    return Action("poker") in state.legal_actions()


def track_card(build):
    """The active player plays Living Legend (the Queen of Spades): the marshal points it gives."""
    state = acting(build)
    me(state).hand = ["QS"]
    return me(after(state, Action("card-action", "QS"))).marshal


def revel(build):
    state = acting(build, at=CABARET)
    me(state).money = 20
    return [a.target for a in state.legal_actions() if a.kind == "revel"]


SYMBOLS = {"nugget": {"gold-nugget": 1}, "money": {"money": 10}, "money_and_reroll": {"money": 10}, "nothing": {}}
STORY = [{"id": "gold-rush", "discs": 1, "reward": {"money": 20}, "spawn": [], "sheriff_moves": 0}]

PROBES = {
    # the map played on: a designer's own (tests/corpus/designer-western-legends/church-hill.yaml)
    "territory": ("church-hill", lambda build: (build().map_id, build().location.get((5, 1)))),
    # the game's general rules
    "game_lengths": ({"short": 5, "average": 20, "long": 25}, lambda build: new(build).end_lp),
    "player_count": ({"min": 2, "max": 4}, lambda build: build().player_range()),
    "max_gold_nuggets": (2, lambda build: gained(build, {"gold-nugget": 10}, "nuggets")),
    "max_money": (100, lambda build: work(build, money=115)),
    "max_misc_items": (0, lambda build: store(build)),
    "max_copies_per_item": (2, lambda build: store(build, owned={"mustang": (1, 0)})),
    "max_wounds": (1, lambda build: gained(build, {"wound": 3}, "wounds")),
    "max_cattle_tokens": (0, lambda build: [str(a) for a in acting(build, at=RANCH).legal_actions()
                                            if a.kind == "take-cattle"]),
    "hand_size": (2, lambda build: end_turn(build)),
    "hand_size_per_wound": (0, lambda build: end_turn(build, hand=5, wounds=2)),
    "max_reputation_cards_per_turn": (2, lambda build: card_actions(build, ["QS", "QS"], play="QS")),
    # setup
    "characters_drawn": (3, lambda build: len(settle(build(overrides={"player_count": {"min": 2, "max": 4}})
                                                     .new_initial_state(players=2, seed=1)).legal_actions())),
    "starting_lp": (2, lambda build: [p.lp for p in new(build).players]),
    "bandit_minis": (2, lambda build: len(new(build).bandits)),
    # a turn
    "start_of_turn_choices": ([{"money": 30}], lambda build: me(settle(new(build).apply(Action("start", 0)))).money),
    "actions_per_turn": (2, lambda build: [after(after(acting(build), Action("work")), Action("work")).step]),
    "movement_without_mount": (3, lambda build: len(acting(build)._reachable(me(acting(build))))),
    "work_money": (15, work),
    # fights between players
    "fight_ties_to": ("target", lambda build: fight(build, field="winner")),
    "minimum_reduced_value": (4, lambda build: fight(build, mine=("3S",), theirs=("2H",), their_weapon="rifle",
                                                     field="values")),
    "fight_loser": ({"wound": 2}, lambda build: fight(build, mine=("KS",), theirs=("2H",), field="b_wounds")),
    "duel_reward_lp": (3, lambda build: fight(build, mine=("KS",), theirs=("2H",), field="a_lp")),
    "rob_reward_wanted": (2, lambda build: fight(build, "rob", mine=("KS",), theirs=("2H",), field="a_wanted")),
    "rob_steal": ({"divide_by": 3, "rounding": "up"},
                  lambda build: fight(build, "rob", mine=("KS",), theirs=("2H",), b_money=45, field="b_money")),
    "rob_steals_cattle": (0, lambda build: fight(build, "rob", mine=("KS",), theirs=("2H",), b_cattle=[(0, RANCH)],
                                                 field="a_cattle")),
    "arrest_reward_marshal": (2, lambda build: fight(build, "arrest", mine=("KS",), theirs=("2H",), a_marshal=1,
                                                     b_wanted=2, field="a_marshal")),
    "arrest_moves_sheriff": (False, lambda build: arrest_sheriff(build)),
    "arrest_loss": ({"divide_by": 2, "rounding": "down"},
                    lambda build: fight(build, "arrest", mine=("KS",), theirs=("2H",), a_marshal=1, b_wanted=2,
                                        b_money=45, field="b_money")),
    "fight_card_played": ("lowest", lambda build: fight(build, mine=("3S", "KS"), theirs=("7H",), field="cards")),
    "robber_takes": ("gold-nuggets", lambda build: fight(build, "rob", mine=("KS",), theirs=("2H",), b_money=45,
                                                         b_nuggets=1, field="a_nuggets")),
    # poker
    "ranking": (["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "flush", "full-house",
                 "straight", "three-of-a-kind", "two-pair", "pair", "high-card"],
                lambda build: compare(["3S", "3H", "3D", "KC", "KS"], ["2D", "7D", "9D", "JD", "KD"], build().poker_rules)),
    "poker_ante": (20, can_play_poker),
    "ante_cards": (2, lambda build: poker(build, field="draws")),
    "house_adds": (60, lambda build: poker(build, field="pot")),
    "flop_cards": (2, lambda build: poker(build, field="flop")),
    "hand_cards_used_max": (1, lambda build: poker(build, hand=("AS",), draws=("AH", "2C", "3D", "5H", "9S", "AD", "KC",
                                                                              "7H"), field="mine")),
    "dealer_draws": (2, lambda build: poker(build, field="dealer")),
    "poker_win_lp": (2, lambda build: poker(build, hand=("AS",), draws=("AH", "2C", "3D", "5H", "9S", "AD", "KC", "7H"),
                                            field="money-lp")),
    "poker_ties_to": ("split", lambda build: poker(build, hand=("KS",), draws=("QS", "KH", "QH", "2D", "3D", "AD", "AC",
                                                                                "AH"), field="money-lp")),
    "tied_pot_rounding": ("up", lambda build: poker(build, players=3, hand=("2C",), joiner_hand=("KS", "KC"),
                                                    draws=("3C", "KH", "KD", "AD", "AC", "QH"), field="split",
                                                    house_adds=51)),
    "poker_join_min_card": (14, lambda build: poker(build, joiner_hand=("KS",), field="seats")),
    "suits": (["S", "D"], lambda build: len(build().poker_deck)),
    "poker_values": (["10", "J", "Q", "K", "A"], lambda build: len(build().poker_deck)),
    "cheat_cards": (2, lambda build: build().poker_deck.count("CHEAT")),
    "cheat_fight_value": (5, lambda build: acting(build)._fight_value("CHEAT", None)),
    "ace_low_straights": (False, lambda build: evaluate(["AS", "2D", "3C", "4H", "5S"], build().poker_rules).name),
    "cheat_rule": ("wild", lambda build: evaluate(["7H", "7S", "7D", "CHEAT", "2C"], build().poker_rules).name),
    "card_actions": ({"AS": "living-legend"}, lambda build: card_actions(build, ["AS", "QS", "KD"], wanted_other=True)),
    "reputation_cards": ([], lambda build: card_actions(build, ["QS", "QS"], play="QS")),
    "manhunt_sheriff_moves": (1, lambda build: sheriff(build)),
    # the tracks
    "track_spaces": (5, lambda build: track(build, start=4, points=3)),
    "lp_past_last_space": (2, lambda build: track(build, start=9, points=1)),
    "living_legend_points": (2, track_card),
    "marshal_becomes_wanted": ("never", lambda build: track(build, "wanted", start=0, points=1, marshal=2)),
    "marshal_rewards": ({"1": {"money": 50}}, lambda build: track(build, start=0, points=1, money=0)),
    "wanted_rewards": ({"1": {"money": 50}}, lambda build: track(build, "wanted", start=0, points=1, money=0)),
    "row_of_space": ([0, 3, 3, 3, 3, 3, 3, 3, 3, 3], lambda build: scores(build, **{"0_marshal": 1})[0]["red"]["marshal"]),
    "marshal_row_lp": ([0, 4, 4, 4], lambda build: scores(build, **{"0_marshal": 1})[0]["red"]["marshal"]),
    "wanted_row_lp_per_turn": ([0, 5, 5, 5], lambda build: end_turn(build, hand=0, wanted=1)),
    # bandits, the sheriff, the fight deck
    "bandit_fight_cards_drawn": (3, lambda build: bandit(build, field="draws")),
    "arrest_fight_cards_drawn": (2, lambda build: sheriff(build, field="draws")),
    "fight_deck_ties_to": ("player", lambda build: bandit(build)),
    "bandit_reward_lp": (2, lambda build: bandit(build, hand=("KS",), wanted=1, field="result")),
    "bandit_reward_marshal": (2, lambda build: bandit(build, hand=("KS",), field="result")),
    "bandit_reward_choice": ("legend-points", lambda build: bandit(build, hand=("KS",), field="result")),
    "bandit_loser": ({"wound": 1}, lambda build: bandit(build, hand=("2S",), field="result")),
    "sheriff_discard": (0, lambda build: sheriff(build, field="near")),
    "arrested_penalty": ({"wound": 2}, lambda build: sheriff(build, field="near", hand=("2S", "3S"))),
    "sheriff_moves_toward": ("most-wanted", lambda build: sheriff(build)),
    "fight_card_chosen": ("lowest", lambda build: bandit(build, fight_cards=(5, 9))),
    "fight_card_values": ([1] * 18, lambda build: bandit(build, fight_cards=())),
    # locations
    "prospecting_dice": (1, lambda build: prospect(build, field="steps")),
    "die_faces": (["nugget"], lambda build: prospect(build, field="outcomes")),
    "symbol_rewards": ({**SYMBOLS, "nugget": {"gold-nugget": 2}}, lambda build: prospect(build, faces=("nugget", "nothing"))),
    "reroll_symbols": ([], lambda build: prospect(build, faces=("money_and_reroll", "nothing", "nothing"))),
    "nugget_price": ({"money": 30, "legend-points": 1}, pays_nugget),
    "heist_fight_cards_drawn": (1, lambda build: heist(build, field="draws")),
    "heist_win": ({"money": 100, "wanted-point": 3}, heist),
    "heist_loss": ({"wound": 2, "wanted-point": 1, "poker-card": 1}, lambda build: heist(build, hand=("2S",))),
    "heal_cost": (20, heal),
    "heal_cards_per_wound": (2, lambda build: heal(build, field="cards")),
    "revel_options": ([{"cost": 10, "lp": 1}], revel),
    "cattle_tokens_taken": (2, lambda build: cattle(build, field="draws", max_cattle_tokens=3)),
    "rustle_reward": ({"wanted-point": 2}, lambda build: cattle(build, deliver_at=OTHER_RANCH)),
    "cattle_tokens": ([{"money": 50}], lambda build: cattle(build, field="outcomes")),
    "wrangle_reward": ({"marshal-point": 2}, lambda build: cattle(build, deliver_at=STATION)),
    # end of turn, story cards, the end
    "final_rounds": (0, end_trigger),
    "story_discs_per_player": (1, lambda build: story(build, field="discs")),
    "story_discs_per_turn": (2, lambda build: story(build, field="again")),
    "completed_story_card": ("leaves-play", lambda build: story(build, field="complete")),
    "story_cards": (STORY, story),
    "money_per_lp": (30, lambda build: scores(build, **{"0_money": 60})[0]["red"]["money"]),
    "max_money_lp": (1, lambda build: scores(build, **{"0_money": 120})[0]["red"]["money"]),
    "lp_per_wound": (-2, lambda build: scores(build, **{"0_wounds": 2})[0]["red"]["wounds"]),
    "most_wanted_lp": (5, lambda build: scores(build, **{"0_wanted": 3, "1_wanted": 1})[0]["red"]["wanted"]),
    "tied_most_wanted_lp": (2, lambda build: scores(build, **{"0_wanted": 3, "1_wanted": 3})[0]["red"]["wanted"]),
    "other_wanted_lp": (2, lambda build: scores(build, **{"0_wanted": 3, "1_wanted": 1})[0]["blue"]["wanted"]),
    "tie_breakers": (["most-gold-nuggets", "most-track-points", "fewest-wounds", "shared"],
                     lambda build: scores(build, **{"0_marshal": 2, "0_lp": 9, "1_nuggets": 2})[1]),
    # the goal card variant
    "goal_cards": (True, lambda build: len(new(build).players[0].goals)),
    "goals_per_character": (2, lambda build: goals(build)),
    "goals_discarded": (0, lambda build: goals(build)),
    "legendary_tokens": ({"3": 18}, lambda build: goals(build, field="supply")),
    "legendary_tokens_kept": ("held-first", kept_tokens),
    "character_goals": ({"any": [{"id": f"g{i}", "needs": {"money": 200}} for i in range(4)]},
                        lambda build: goals(build, field="ids")),
}

