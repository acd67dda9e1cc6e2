"""What the front ends show of a Dark Horse game: the seats' dice, goods and reputation, the
action board, moves and log events in the game's words (see :mod:`workbench.games.view`)."""
from __future__ import annotations

from ...core.text import words
from ..view import View, a

#: What an action space's effect does, as a log line says it (any other: its name in words).
EFFECT_WORDS = {"move-first-in-turn-order": "moves to first in turn order",
                "move-last-in-turn-order": "moves to last in turn order",
                "jail-die-next-turn": "will have a die in Jail next turn",
                "bonus-die-next-turn": "will roll a bonus die next turn",
                "take-special-role": "takes the special role token"}


class DarkHorseView(View):
    scenario_and_map = True
    sample_rounds = 2
    sample_scenario = "high-noon"    # the first scenario of Rebels & Rogues, the one the notebooks show

    def result(self, state) -> tuple[str, str]:
        return ("Game over.", " The rules texts do not give every victory-point value, so the workbench names no"
                              " winner; reputation and influence are in the table.")

    def seat_rows(self, state, names) -> list[dict]:
        return [{"player": p.name, "dice": " ".join(map(str, p.dice)) or "—", "silver": p.goods.get("silver", 0),
                 "gold": p.goods.get("gold", 0), "white hats": p.reputation.white, "black hats": p.reputation.black,
                 "influence": p.reputation.influence, "roles": ", ".join(words(r) for r in p.roles) or "—",
                 "cards": p.hand, "dice in Jail next round": p.jailed_next} for p in state.players]

    def board(self, state):
        board = state.board
        if board is not None and not board.players:  # the players' colours come from the seats
            board = board.copy()
            board.players = [p.name for p in state.players]
        return board

    def move_place(self, state, action):
        kind = getattr(action, "kind", None)
        if kind == "build" and getattr(action, "at", None) is not None:
            return ("hex", tuple(action.at))
        space = getattr(action, "space", None)
        if isinstance(space, str) and space.startswith("hex@"):
            q, r = space[4:].split(",")
            return ("hex", (int(q), int(r)))
        return ("space", space) if space else None

    def action_spaces(self, state) -> list[str]:
        return list(state.game.spaces or {})

    def playing(self, game, names) -> str:
        scenario = getattr(game, "scenario", None)
        what = names.name("scenario", scenario) if scenario else "the base game"
        return what + (f" on {names.name('map', game.board.id)}" if getattr(game, "board", None) is not None else "")

    def describe_move(self, state, action, names) -> str:
        kind = getattr(action, "kind", str(action))
        space = getattr(action, "space", None)
        if kind == "build":
            return f"build a {words(action.piece)} on {action.at[0]},{action.at[1]}"
        if kind == "place":
            return f"place {'+'.join(map(str, action.dice))} on {names.name('action_space', space)}"
        if kind == "collect":
            option = state.game.spaces[space]["options"][action.option]
            return f"collect at {names.name('action_space', space)}: {option.get('text', f'option {action.option + 1}')}"
        if kind == "rob":
            return f"{names.name('character', action.character)} robs {names.name('action_space', space)}"
        return words(kind) if space is None else f"{words(kind)} {names.name('action_space', space)}"

    def describe_event(self, state, event: dict, names) -> str:
        kind = event.get("event")
        at = lambda xy: f"{xy[0]},{xy[1]}"  # noqa: E731
        space = lambda s: (f"the Mystery Hex at {s[4:]}" if str(s).startswith("hex@")  # noqa: E731
                           else names.name("action_space", s))
        if kind == "start":
            return (f"A game of Dark Horse{' (' + names.name('scenario', event['scenario']) + ')' if event.get('scenario') else ''}:"
                    f" {event['rounds']} round(s), seed {event['seed']}")
        if kind == "build":
            return f"builds a {words(event['piece'])} on {at(event['at'])}"
        if kind == "hire":
            return f"hires {names.name('character', event['character'])}"
        if kind == "robbed":
            return f"robs {space(event['space'])}" + (f" and takes {event['silver']} Silver" if event.get("silver") else "")
        if kind == "robbery-stopped":
            return f"is stopped robbing {space(event['space'])}"
        if kind == "round":
            return f"Round {event['round']} begins; turn order {', '.join(event['order'])}"
        if kind == "roll":
            text = "rolls " + (" and ".join(map(str, event["dice"])) or "no dice")
            if event.get("jailed"):
                text += f" ({event['jailed']} die in Jail)"
            if event.get("bonus"):
                text += f" (+{event['bonus']} bonus)"
            return text
        if kind == "place":
            uses = event.get("uses") or []
            return (f"places {'+'.join(map(str, event['dice']))} on {space(event['space'])}"
                    + (f" (with the {', '.join(words(u) for u in uses)})" if uses else ""))
        if kind == "pass":
            return "passes"
        if kind == "collection":
            return "Collection: " + (", ".join(f"{p} at {space(s)}" for p, s in (o.split(":", 1) for o in event.get("order", [])))
                                     or "no dice on any space")
        if kind == "collect":
            return f"collects {space(event['space'])}: {event['option']}"
        if kind in ("gain", "pay"):
            return f"{'gains' if kind == 'gain' else 'pays'} {event['amount']} {words(event['good'])}"
        if kind == "draw":
            deck = names.name("deck", event["deck"]) if event.get("deck") else "card"
            return f"draws {event['draw']} {deck}{'s' if not event.get('deck') else ''}, keeps {event['keep']}"
        if kind == "effect":
            what = EFFECT_WORDS.get(event["effect"], words(event["effect"]))
            return f"{what} ({space(event['space'])})"
        text = _more(kind, event, names, space)
        if text is not None:
            return text
        if kind == "end":
            return "Game over" + (f" ({words(event['why'])})" if event.get("why") else "")
        return super().describe_event(state, event, names)


def fighter(names, character) -> str:
    """Who fights, in words: a hired character, a token that acts like one (the Marshal special
    role token: its document's name), or an outlaw on the map."""
    if isinstance(character, str) and "@" in character:
        outlaw, _, at = character.partition("@")
        return f"the {words(outlaw).title()} at {at}"
    name = names.name("character", character)
    if name == str(character):      # not a character: a token acting like one, by its own name
        token = names.name("token", character)
        return f"the {token}" if token != str(character) else name
    return name


def _more(kind: str, event: dict, names, space) -> str | None:
    """The events of robbing, challenges, tokens and Mystery Hexes, or None."""
    who = lambda character: fighter(names, character)  # noqa: E731
    mystery = lambda e: (f"the {words(e['type']).title()} at {e['hex']}" if e.get("type")  # noqa: E731
                         else f"the Mystery Hex at {e['hex']}")
    texts = {
        "placement": lambda e: "Placement: " + ", ".join(e.get("order", [])),
        "challenges": lambda e: "Challenges against the outlaws, in order " + ", ".join(e.get("order", [])),
        "challenge": lambda e: f"challenges: {who(e['challenger'])} against {who(e['challenged'])}",
        "no-challenge": lambda e: "challenges no one",
        "turn-order": lambda e: "turn order now " + ", ".join(e["order"]),
        "skip": lambda e: f"cannot use {space(e['space'])} and takes back the dice",
        "no-claim": lambda e: f"claims no other space ({words(e['why'])})",
        "token": lambda e: (f"uses {a(words(e['token']).title())}" + (f" {e['why']}" if e.get("why") else "")
                            + ("" if e.get("spent", True) else " (kept)")),
        "turn-inventor-die": lambda e: f"turns the Inventor die from {e['from']} to {e['to']}",
        "carnival-die": lambda e: f"rolls the Carnival die: {e['die']}" + (f", leaving {space(e['away'])}" if e.get("away") else ""),
        "carnival-die-off": lambda e: f"the Carnival die leaves {space(e['space'])}",
        "boot": lambda e: f"forces {e['forced']}'s dice off {space(e['space'])} (Cowboy Boot)",
        "trade-influence": lambda e: f"gives {e['influence']} Influence for {e['reputation']} {words(e['hat']).title()} Hat Reputation",
        "convert": lambda e: f"turns {e['gold']} Gold into {e['silver']} Silver",
        "rob": lambda e: f"{who(e['character'])} tries to rob {space(e['space'])}",
        "robbery-silver": lambda e: f"{space(e['space'])} now holds {e['silver']} Silver to rob",
        "wanted": lambda e: f"{who(e['character'])} gets a Wanted token ({words(e['why'])})",
        "gunfight": lambda e: f"gunfight: {who(e['challenger'])} against {who(e['challenged'])}: " + {
            "a_wins": f"{who(e['challenger'])} wins", "b_wins": f"{who(e['challenged'])} wins",
            "a_flees": f"{who(e['challenger'])} flees", "b_flees": f"{who(e['challenged'])} flees",
            "draw": "a draw"}.get(e["outcome"], words(e["outcome"])),
        "wound": lambda e: (f"{who(e['character'])} loses, and takes no wound ({e['note']})" if e.get("note") else
                            f"{who(e['character'])} is wounded" + (f" ({e['wounds']} wound(s))" if e.get("wounds") else "")),
        "captured": lambda e: f"captures {who(e['character'])}" + (f" from {e['owner']}" if e.get("owner") else ""),
        "flee-penalty": lambda e: f"loses a {words(e['lost']).title()} Reputation token for fleeing",
        "refused": lambda e: f"cannot take the {words(e['good'])}: {e['reason']}",
        "build-impossible": lambda e: f"cannot build a {words(e['piece'])} anywhere on the map",
        "mystery-revealed": lambda e: f"Revealed: {mystery(e)} with {e['tokens']} token(s)",
        "mystery": lambda e: f"uses {mystery(e)}: {e['option']}" + (
            f" ({e['tokens']} token(s) left)" if isinstance(e.get("tokens"), int) else ""),
        "mystery-moved": lambda e: f"{mystery(e)} moves to {e['to'][0]},{e['to'][1]}",
        "mystery-removed": lambda e: f"{mystery(e)} leaves the board" + (f" ({words(e['why'])})" if e.get("why") else ""),
        "place-token": lambda e: f"places {a(words(e['token']).title())} at {e['at'][0]},{e['at'][1]}",
        "not-played": lambda e: f"{words(e['effect'])} on {space(e['space'])} is not played ({e['why']})",
    }
    return texts[kind](event) if kind in texts else None


VIEW = DarkHorseView()
