"""For every parameter the whole Revolver game reads beyond the Prison's: a changed value and what
the game does with it (tests/test_rules_as_data.py checks that the two differ)."""
from fractions import Fraction

from workbench.core.errors import ContentError
from workbench.games.base import play


def first_decision(build, **options):
    state = build(**options).new_initial_state()
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def built(build, observe):
    """What ``observe`` sees of the built game, or the refusal's messages (a value that stops play
    changes what the game does too)."""
    try:
        return observe(build())
    except ContentError as error:
        return sorted(p.message for p in error.problems)


def seeded(build, seed=0, bots=("greedy",)):
    state = play(build(), 2, seed, list(bots))
    kills = sum(e["kills"] for e in state.log if e["event"] == "attack")
    return state.winner, state.ended, state.turn, kills, state.border


def attacks(build):
    """Every attack's totals and kills over a few seeded random games (ties come up)."""
    return [(e["mcready"], e["colti"], e["kills"]) for seed in range(6)
            for e in play(build(), 2, seed, ["random"]).log if e["event"] == "attack"]


def borders(build):
    """The Mexican Border tokens taken in a few seeded random games."""
    return [sum(e.get("taken", 0) for e in play(build(), 2, seed, ["random"]).log) for seed in range(6)]


def most_on_field(build, side):
    state = play(build(), 2, 0, ["greedy"])
    return max(e["on_field"] for e in state.log if e["event"] == "play" and e["player"] == side)


def ambush_odds(build):
    game = build(variants=["hunt-the-man-down-module-1"])
    state = game.new_initial_state()
    while state.pending[0][0] == "draw":
        state = state.apply(state.chance_outcomes()[0][0])
    return dict(state.chance_outcomes()).get("returned", Fraction(0))


PROBES = {
    "starting_hand": (3, lambda build: len(first_decision(build).hands["colti"])),
    "first_player": ("mcready", lambda build: first_decision(build).current_player()),
    "border_tokens_at_start": (5, lambda build: first_decision(build).border),
    "turn_draws": (1, lambda build: len(first_decision(build).hands["colti"])),
    "gang": (["jack-colti", "cortez"], lambda build: first_decision(build).gang),
    "colti_base_deck": ("colti-base", lambda build: built(build, lambda g: sorted(g.decks["colti"].items()))),
    "mcready_base_deck": ("illustrative-mcready-base", lambda build: built(build, lambda g: sorted(g.decks["mcready"]))),
    "card_costs": ("discard-from-hand", lambda build: built(build, lambda g: "built")),
    "first_turn_advances": (True, lambda build: first_decision(build).space),
    "battlefield_order": (["whiskey-canyon", "express-3-15"], lambda build: [b["id"] for b in build().battlefields]),
    "battlefield_values": ({"bank-at-repentance-springs": {"turns": 2, "defence": 3}, "whiskey-canyon": {"turns": 2, "defence": 0},
                            "buzzard-point": {"turns": 2, "defence": 0}, "rattlesnake-creek": {"turns": 2},
                            "express-3-15": {"turns": 4}},
                           lambda build: build().battlefields),
    "colti_card_limit": (2, lambda build: most_on_field(build, "colti")),
    "mcready_card_limit": (2, lambda build: most_on_field(build, "mcready")),
    "cards_on_leaving": ("move-on", lambda build: next(e["cards"] for e in play(build(), 2, 0, ["greedy"]).log
                                                       if e["event"] == "leave")),
    "deck_runs_out": ("loses", lambda build: [(e["event"], e.get("player")) for e in play(
        build(overrides={"turn_draws": 6}), 2, 3, ["greedy"]).log if e["event"] in ("deck-empty", "reshuffle", "end")]),
    "mcready_must_exceed": (False, attacks),
    "casualties_per_attack": (2, seeded),
    "border_rule": ("colti-greater-no-kill", borders),
    "border_tokens_per_turn": (3, seeded),
    "express": ("rattlesnake-creek", seeded),
    "express_space_survived": (2, seeded),
    "train_winner": ("any-bandit", seeded),
    "gang_leader": ("illustrative-bandit-3", seeded),
    "mcready_wins_killing": (["cortez"], seeded),
    "prison_in_play": (True, lambda build: built(build, lambda g: "built")),
    "ambush_cards_total": (4, ambush_odds),
}
