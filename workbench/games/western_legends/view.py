"""What the front ends show of a Western Legends game: the seats, the map with the players,
bandits and the sheriff, moves and log events in the game's words (see :mod:`workbench.games.view`)."""
from __future__ import annotations

from ...core.text import Html, words
from ..view import View


class WesternLegendsView(View):
    sample_rounds = 60

    def winners(self, state) -> list[str] | None:
        return list(state.ranking()[0]) if state.done else None

    def final_scores(self, state) -> dict:
        return state.final_scores()

    def result(self, state) -> tuple[str, str]:
        won = self.winners(state)
        if not won:
            return super().result(state)
        scores = self.final_scores(state)
        return (f"🏆 {' and '.join(won)} win{'s' * (len(won) == 1)}",
                f" with {scores[won[0]]['total']} LP · " + ", ".join(f"{n} {s['total']}" for n, s in scores.items()))

    def seat_rows(self, state, names) -> list[dict]:
        return [{"player": p.name, "character": names.html("character", p.character) if p.character else "—",
                 "at": place_name(state, p.at, names) if p.at is not None else "—",
                 "LP": p.lp, "money": f"${p.money}", "nuggets": p.nuggets, "wounds": p.wounds, "marshal": p.marshal,
                 "wanted": p.wanted, "poker cards": len(p.hand), "items": Html(", ".join(_item(names, i, held)
                                                                                  for i, held in p.items.items()))}
                for p in state.players]

    def board(self, state):
        from ...board.graph import Piece
        board = state.board.copy()
        board.players = [p.name for p in state.players]
        board.pieces = ([Piece("player", p.at, p.name) for p in state.players if p.at is not None]  # placed at setup
                        + [Piece("bandit", b) for b in state.bandits]
                        + [Piece("sheriff", state.sheriff)])
        return board

    def move_place(self, state, action):
        target = getattr(action, "target", None)
        return ("hex", tuple(target)) if getattr(action, "kind", None) == "move" and target is not None else None

    def place_words(self, state, place, names) -> str:
        return place_name(state, place[1], names) if place[0] == "hex" else super().place_words(state, place, names)

    def describe_move(self, state, action, names) -> str:
        kind = getattr(action, "kind", str(action))
        target = getattr(action, "target", None)
        if kind == "start":
            return "start of turn: " + _choice(state.rules.start_of_turn_choices[target])
        if kind == "character":
            return f"keep {names.name('character', target)}"
        if kind == "disc":
            return f"place a story disc on {words(target).title()}"
        if kind == "move":
            return f"move to {place_name(state, target, names)}"
        if kind in ("buy", "upgrade"):
            return f"{kind} {names.name('item', target)}"
        if kind == "deliver-cattle":         # the rulebook's words: a choice that costs no action
            return "deliver your cattle token (no action)"
        if kind == "revel":
            option = state.rules.revel_options[target]
            return f"revel at the cabaret: pay ${option['cost']} for {option['lp']} LP"
        if kind == "card-action":
            return f"play {target} for its action"
        if kind in ("duel", "rob", "arrest"):
            return f"{kind} {target}"
        return words(kind) if target is None else f"{words(kind)} {target}"

    def describe_event(self, state, event: dict, names) -> str:
        kind = event.get("event")
        at = lambda xy: f"{xy[0]},{xy[1]}"  # noqa: E731
        if kind == "start":
            return f"A game of Western Legends to {event['end_lp']} LP, seed {event['seed']} ({event['note']})"
        if kind == "character":
            drew = " and ".join(names.name("character", c) for c in event["drew"])
            return f"draws {drew}, keeps {names.name('character', event['kept'])}; starts at {place_name(state, event['at'], names)}"
        if kind == "setup":
            return f"{event['first']} goes first; bandits at {', '.join(at(b) for b in event['bandits'])}; sheriff at {at(event['sheriff'])}"
        if kind == "start-of-turn":
            extra = [names.name("item", x) for x in (event.get("mount"), event.get("weapon")) if x]
            return "starts the turn: " + _choice(event.get("choice") or {}) + (f" (rides/carries {', '.join(extra)})" if extra else "")
        if kind == "move":
            return f"moves to {place_name(state, event['to'], names)}"
        if kind == "revel":
            return f"revels at the cabaret: pays ${event['paid']}, gains {event['lp']} LP"
        if kind == "end-of-turn":
            return (f"ends the turn with {event['lp']} LP, ${event['money']}, {event['wounds']} wound(s),"
                    f" marshal {event['marshal']}, wanted {event['wanted']}")
        if kind == "deposit":
            return f"deposits {event['nuggets']} gold nugget(s)"
        if kind == "prospect-die":
            return f"prospecting die: {words(event['face'])}"
        if kind == "story-completed":
            return (f"Story card {words(event['card']).title()} completed;"
                    f" rewarded: {', '.join(event.get('rewarded') or []) or 'nobody'}")
        if kind == "sheriff":
            return f"The sheriff moves to {place_name(state, event['at'], names)}"
        if kind == "poker":
            hands = ", ".join(f"{p} {words(h)}" for p, h in (event.get("hands") or {}).items())
            others = [s for s in event["seats"] if s != event.get("player")]
            return (f"plays poker {'with ' + ', '.join(others) if others else 'against the dealer'}: flop "
                    f"{' '.join(event['flop'])}; {hands}; pot ${event['pot']}; {event['winner'] or 'the dealer'} wins")
        if kind == "fight":
            return (f"{words(event['kind'])}s {event['target']}: {' vs '.join(c or 'no card' for c in event['cards'])}"
                    f" ({' vs '.join(map(str, event['values']))}); {event['winner']} wins")
        text = _more(kind, event, names)
        if text is not None:
            return text
        if kind == "story-disc":
            return f"places a story disc on {words(event['card']).title()}"
        if kind == "reshuffle":
            return f"the {words(event['deck'])} deck is reshuffled ({event['cards']} cards)"
        if kind == "arrested":
            return "is arrested" + (f", losing ${event['money']}" if event.get("money") else "")
        if kind == "end-triggered":
            return f"reaches the goal: round {event['final_round']} is the last"
        if kind == "final-scoring":
            return "Final scoring: " + ", ".join(f"{n} {s['total']} LP" for n, s in event["scores"].items())
        return super().describe_event(state, event, names)


def place_name(state, at, names=None) -> str:
    """A map space as a designer says it: q,r and its location's name."""
    attrs = state.board.graph.nodes[tuple(at)] if tuple(at) in state.board.graph else {}
    location = attrs.get("location")
    where = attrs.get("name") or (names.name("location", location) if names is not None and location
                                  else words(location or ""))
    return f"{at[0]},{at[1]}" + (f" ({where})" if where else "")


def _item(names, item: str, held) -> str:
    """An item a seat holds: its name, copies and upgrades."""
    copies, upgraded = held if isinstance(held, tuple) else (1, int(bool(held)))
    return (str(names.html("item", item)) + (f" ×{copies}" if copies > 1 else "")
            + (" (upgraded)" if upgraded == copies and upgraded else f" ({upgraded} upgraded)" if upgraded else ""))


def _choice(choice: dict) -> str:
    parts = []
    if choice.get("money"):
        parts.append(f"take ${choice['money']}")
    n = choice.get("poker-card") or choice.get("cards") or choice.get("poker_cards")
    if n:
        parts.append(f"draw {n} poker card{'s' * (n != 1)}")
    return " and ".join(parts) or ", ".join(f"{words(k)} {v}" for k, v in choice.items())
def _more(kind: str, event: dict, names) -> str | None:
    """The events of fights against the fight deck, items, tracks and goals, or None."""
    item = lambda i: names.name("item", i)  # noqa: E731
    weapon = lambda e: f", with the {item(e['weapon'])}" if e.get("weapon") else ""  # noqa: E731
    card = lambda c: c or "no card"  # noqa: E731

    def against(e, who: str, value_field: str, result: str) -> str:
        drawn, value = card(e.get(value_field + "_card")), e[value_field]
        return (f"plays {card(e['card'])}{weapon(e)} against the {who}'s fight card {drawn}"
                + (f" ({value})" if str(value) != str(drawn) else "") + f": {result}")

    texts = {
        "draw": lambda e: f"draws {e['card']}",
        "round": lambda e: f"Round {e['round']} begins; {e['first']} goes first" if "first" in e and "round" in e else None,
        "work": lambda e: f"works: now has ${e['money']}",
        "buy": lambda e: f"buys the {item(e['item'])}",
        "upgrade": lambda e: f"upgrades to the {item(e['item'])}",
        "heal": lambda e: f"is healed of {e['wounds_lost']} wound(s)",
        "bandit-fight": lambda e: "fights a bandit: " + against(e, "bandit", "bandit", "wins" if e["won"] else "loses"),
        "heist": lambda e: "robs the bank: " + against(e, "guard", "guard", "wins" if e["won"] else "loses"),
        "arrest-attempt": lambda e: "the sheriff tries an arrest: " + against(
            e, "sheriff", "sheriff", "escapes" if e["escaped"] else "caught"),
        "marshal": lambda e: f"gains {e['points']} marshal point(s), now {e['now']}",
        "wanted": lambda e: f"gains {e['points']} wanted point(s), now {e['now']}",
        "switch-to-wanted": lambda e: f"becomes wanted, losing {e['marshal_points_lost']} marshal point(s)",
        "no-wanted-points": lambda e: f"gains no wanted points ({e['reason']})",
        "no-marshal-points": lambda e: f"gains no marshal points ({e['reason']})",
        "goal-discarded": lambda e: "discards a goal card",
        "goal-completed": lambda e: f"completes the goal {words(e['goal']).title()} ({e['completed']} completed)",
        "legendary-tokens": lambda e: f"holds {e['held']} legendary token(s)",
        "card-action": lambda e: f"plays {e['card']} for its action: {words(e['ability'])}",
        "take-cattle": lambda e: f"takes cattle at the ranch at {e['ranch'][0]},{e['ranch'][1]}",
        "deliver-cattle": lambda e: f"delivers cattle ({words(e['at'])})"
                                    + (f": {', '.join(f'{v} {words(k)}' for k, v in e['reward'].items())}" if e.get("reward") else ""),
        "robbed": lambda e: f"robs {e['target']}: " + (f"${e['money']}" if e["took"] == "money" else
                                                       f"{e['nuggets']} gold nugget(s)")
                           + (f" and {e['cattle']} cattle" if e.get("cattle") else ""),
        "deck-empty": lambda e: f"the {words(e['deck'])} deck is empty",
        "not-played": lambda e: f"{words(e['effect'])} is not played ({e['why']})",
    }
    return texts[kind](event) if kind in texts else None


VIEW = WesternLegendsView()


class _NamesById:
    """Document names by id (what the command line has) answering as the panels' names do."""

    def __init__(self, names: dict | None):
        self.names = names or {}

    def name(self, kind: str, id) -> str:
        return self.names.get(id, str(id)) if isinstance(id, str) else str(id)

    def html(self, kind: str, id) -> Html:
        import html
        return Html(html.escape(self.name(kind, id)))


def log_line(event: dict, names: dict | None = None, state=None) -> str:
    """One line of the command line's play log, in the words the panels use (``[round] player
    what happened``, map spaces with their locations' names); ``state`` is the game the events
    came from (its map names the spaces). The game's start, rounds and final scoring, and an
    event these words cannot read, keep the engine's own line
    (:func:`workbench.games.western_legends.engine.describe`)."""
    from .engine import describe

    kind = event.get("event")
    if state is None or kind in ("start", "round", "final-scoring", "not-played", "prospect-die"):
        return describe(event, names)
    try:
        text = VIEW.describe_event(state, event, _NamesById(names))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return describe(event, names)
    who = event.get("player")
    return f"[{event['round']}] " + (f"{who} " if who else "") + text
