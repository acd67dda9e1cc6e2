"""For every Revolver parameter: a changed value and what the Prison game does with it.

``PROBES[name] = (value, observe)``, as in tests/rules_probes_dark_horse.py; tests/test_revolver.py
checks some of them against the values the Hunt the Man Down text gives.
"""
from workbench.games.revolver.rules import Action, PrisonCard, move_stagecoach, next_locations

GANG = ["bandit-a", "bandit-b", "bandit-c", "bandit-d"]


def entered(build, draws=True, **options):
    """Colti enters; the draws come up in the decks' first cards; stops at the first placement turn
    (or the end)."""
    options.setdefault("gang", GANG)
    game = build()
    state = game.new_initial_state(**options).apply(Action("enter"))
    while not state.is_terminal() and (state.is_chance_node() or state.pending[0][0] == "kill?"):
        state = state.apply(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    return state


def finish(state, colti=(), mcready=()):
    """Play the placements: each side plays its listed actions in turn, then passes."""
    plays = {"colti": list(colti), "mcready": list(mcready)}
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.chance_outcomes()[0][0])
        elif state.pending[0][0] == "kill?":
            state = state.apply(state.legal_actions()[0])
        else:
            todo = plays[state.turn]
            state = state.apply(todo.pop(0) if todo else Action("pass"))
    return state


def draws(build, side):
    state = entered(build)
    event = next(e for e in state.log if e["event"] == "draw" and e["side"] == side)
    return len(event["cards"])


def scouts(n):
    return [PrisonCard("apache-scout", "mcready", 2, True) for _ in range(n)]


def totals(build, colti=(), mcready=(), placed=(), **options):
    state = finish(entered(build, colti_deck=[], mcready_deck=[], placed=placed, **options), colti, mcready)
    return state.totals, state.outcome, state.wounds, len(state.killed)


def first_turn(build):
    state = entered(build, colti_deck=[], mcready_deck=[], colti_hand=["illustrative-colti-rifleman"],
                    mcready_hand=["apache-scout"])
    return state.current_player(), sorted(str(a) for a in state.legal_actions())


def deck_outcomes(build, side):
    game = build()
    state = game.new_initial_state(gang=GANG).apply(Action("enter"))
    if side == "mcready":
        while state.pending[0][1] == "colti":
            state = state.apply(state.chance_outcomes()[0][0])
    return state.chance_outcomes()


def route(build, location):
    try:
        return next_locations(location, rules=build().ruleset)
    except ValueError as exc:
        return str(exc)


PROBES = {
    "bandits": (10, lambda build: len(build().new_initial_state().gang)),
    "bullet_wounds_to_win": (6, lambda build: totals(build, bullet_wounds=4)[1:3]),
    "bullet_wounds_on_entry": (2, lambda build: totals(build)[2]),
    "colti_draws": (4, lambda build: draws(build, "colti")),
    "mcready_draws": (5, lambda build: draws(build, "mcready")),
    "colti_bonus": ({"stick-of-dynamite": 4, "nitroglycerin": 5},
                    lambda build: totals(build, colti=[Action("use", "stick-of-dynamite")], colti_hand=["stick-of-dynamite"])),
    "prison_outcomes": ({"colti_greater": "santiago-joins", "mcready_greater": "kill-3", "tie": "kill-1"},
                        lambda build: totals(build, placed=scouts(1))),
    "prison_card_type": ("character", lambda build: build().placeable("pinkerton-marshal")),
    "in_advance_as_lock": ([], lambda build: build().placeable("apache-scout", face_down=True)),
    "prison_first": ("mcready", first_turn),
    "colti_deck": ({"illustrative-colti-rifleman": 1}, lambda build: deck_outcomes(build, "colti")),
    "mcready_deck": ({"apache-scout": 1}, lambda build: deck_outcomes(build, "mcready")),
    "prison_location": ("prison-prompt", lambda build: route(build, "hawks-nest")),
    "prison_between": (["whiskey-canyon", "rattlesnake-creek"], lambda build: route(build, "whiskey-canyon")),
    "ambush_effects": ({"its-too-darn-quiet": {"kill": 1, "opponent_draws": 2, "bullet_wounds": 1}},
                       lambda build: totals(build, ambush="its-too-darn-quiet", placed=scouts(1))[3]),
    "stagecoach_move_cost": (2, lambda build: move_stagecoach(3, "hawks-nest", "rattlesnake-creek", rules=build().ruleset)),
    "bonus_bullet_wounds": ({}, lambda build: totals(build, colti=[Action("use", "nitroglycerin")],
                                                     colti_hand=["nitroglycerin"])[2]),
    "prisoner": ("cortez", lambda build: finish(entered(build, colti_deck=[], mcready_deck=[],
                                                        colti_hand=["illustrative-colti-rifleman"]),
                                                colti=[Action("place", "illustrative-colti-rifleman")]).gang),
    "prisoner_killable": (True, lambda build: killable(build)),
}


def killable(build):
    """Whom the ambush card may kill when the prisoner is counted in the gang given."""
    state = build().new_initial_state(gang=["santiago", "bandit-a"], ambush="its-too-darn-quiet").apply(Action("enter"))
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes()[0][0])
    return sorted(str(a) for a in state.legal_actions())
