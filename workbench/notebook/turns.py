"""Stepping through sample turns, forward and back (time travel), with bots or by hand.

:class:`TurnStepper` keeps every state (``state.apply(action)`` returns a new one, so going back
is free) and is the panel's one state: running steps in a cell redraws the panel. Playing a move
from a past step would discard the later steps, so it is refused unless asked for
(``discard=True``; the panel asks the designer first).

Everything this module asks of a game engine goes through the small functions under *Where this
module meets the engines*; an engine change re-points those and nothing else.
"""
from __future__ import annotations

import hashlib
import html
import random

from ..core.errors import UsageError
from .common import HTML, Observable
from .maps import words

# -- where this module meets the engines ---------------------------------------------------------
# (re-point these, and only these, when the engines change)


def game_of(state) -> str:
    """The game a state belongs to: "dark-horse" or "western-legends"."""
    module = type(state).__module__
    if "western_legends" in module:
        return "western-legends"
    if "dark_horse" in module:
        return "dark-horse"
    return getattr(getattr(state, "game", None), "id", None) or "unknown"


def legal_moves(state) -> list:
    return list(state.legal_actions())


def play_move(state, action):
    """The state after ``action`` (a new state; ``state`` is left as it was)."""
    return state.apply(action)


def bot_move(bot, state, rng):
    return bot(state, rng)


def is_chance(state) -> bool:
    """Whether chance moves next (dice are rolled), not a seat."""
    return bool(getattr(state, "is_chance_node", lambda: False)())


def chance_move(state, rng):
    """Chance's outcome, drawn with its probability from the seeded ``rng``."""
    return state.sample_chance(rng)


def is_over(state) -> bool:
    return bool(state.done)


def to_move(state) -> str | None:
    """The seat whose move it is (None when chance moves, between phases, or at the end)."""
    if is_over(state) or is_chance(state):
        return None
    if hasattr(state, "current_player"):
        return state.current_player()
    return getattr(state.current, "name", None)


def log_of(state) -> list[dict]:
    return list(state.log)


def round_of(state) -> int:
    return state.turn if game_of(state) == "revolver" else state.round


def winners(state) -> list[str] | None:
    """The winning seats at the end, or None when the engine cannot tell (Dark Horse: the rules
    texts do not give every victory-point value, so no total is made)."""
    if is_over(state) and game_of(state) == "revolver":
        return [SIDE_NAMES[state.winner]] if state.winner else None
    if not is_over(state) or game_of(state) != "western-legends":
        return None
    return list(state.ranking()[0])


def final_scores(state) -> dict:
    if game_of(state) == "western-legends":
        return state.final_scores()
    return state.scores()


#: Revolver's two sides as the texts name them.
SIDE_NAMES = {"colti": "Colti", "mcready": "McReady"}


def player_rows(state, names) -> list[dict]:
    """One row per seat, in the game's words."""
    from .common import Html
    if game_of(state) == "revolver":
        card = lambda c: names.name("card", c)  # noqa: E731
        return [{"side": SIDE_NAMES[side], "cards in hand": len(state.hands[side]),
                 "cards left in the deck": sum(state.decks[side].values()),
                 "on the battlefield": ", ".join(card(c) for c, _ in state.field[side]) or "—",
                 "bandits": len(state.gang) if side == "colti" else "—",
                 "bullet wounds": state.wounds if side == "colti" else "—",
                 "Mexican Border tokens": state.border if side == "colti" else "—"} for side in state.seats]
    if game_of(state) == "western-legends":
        return [{"player": p.name, "character": names.html("character", p.character) if p.character else "—",
                 "at": place_name(state, p.at, names) if p.at is not None else "—",
                 "LP": p.lp, "money": f"${p.money}", "nuggets": p.nuggets, "wounds": p.wounds, "marshal": p.marshal,
                 "wanted": p.wanted, "poker cards": len(p.hand), "items": Html(", ".join(_item(names, i, held)
                                                                                  for i, held in p.items.items()))}
                for p in state.players]
    return [{"player": p.name, "dice": " ".join(map(str, p.dice)) or "—", "silver": p.goods.get("silver", 0),
             "gold": p.goods.get("gold", 0), "white hats": p.reputation.white, "black hats": p.reputation.black,
             "influence": p.reputation.influence, "roles": ", ".join(words(r) for r in p.roles) or "—",
             "cards": p.hand, "dice in Jail next round": p.jailed_next} for p in state.players]


def _item(names, item: str, held) -> str:
    """An item a Western Legends seat holds: its name, copies and upgrades."""
    copies, upgraded = held if isinstance(held, tuple) else (1, int(bool(held)))
    return (str(names.html("item", item)) + (f" ×{copies}" if copies > 1 else "")
            + (" (upgraded)" if upgraded == copies and upgraded else f" ({upgraded} upgraded)" if upgraded else ""))


def board_of(state):
    """The board to draw: Dark Horse's territory, or the Western Legends map with players,
    bandits and the sheriff placed on it (None when the game has no map)."""
    if game_of(state) == "western-legends":
        from ..board.graph import Piece
        board = state.board.copy()
        board.players = [p.name for p in state.players]
        board.pieces = ([Piece("player", p.at, p.name) for p in state.players if p.at is not None]  # placed at setup
                        + [Piece("bandit", b) for b in state.bandits]
                        + [Piece("sheriff", state.sheriff)])
        return board
    board = getattr(state, "board", None)
    if board is not None and not board.players:  # the players' colours come from the seats
        board = board.copy()
        board.players = [p.name for p in state.players]
    return board


def move_place(state, action):
    """Where on the board a move is made: ``("hex", (q, r))`` for a hex or map space (build there,
    put dice on a mystery hex, move there), ``("space", id)`` for a Dark Horse action space, or
    None (pass, start-of-turn choices...): what a click on the board picks."""
    kind = getattr(action, "kind", None)
    if game_of(state) == "western-legends":
        target = getattr(action, "target", None)
        return ("hex", tuple(target)) if kind == "move" and target is not None else None
    if kind == "build" and getattr(action, "at", None) is not None:
        return ("hex", tuple(action.at))
    space = getattr(action, "space", None)
    if isinstance(space, str) and space.startswith("hex@"):
        q, r = space[4:].split(",")
        return ("hex", (int(q), int(r)))
    return ("space", space) if space else None


def action_spaces(state) -> list[str]:
    """The Dark Horse action spaces in play, in the scenario's order (none for other games)."""
    return list(getattr(getattr(state, "game", None), "spaces", {}) or {}) if game_of(state) == "dark-horse" else []


def on_space(state, space: str) -> list[tuple[str, tuple]]:
    """Who has dice on a Dark Horse action space (or mystery hex): (seat, dice) pairs."""
    return [(who, tuple(dice)) for who, dice, *_ in (getattr(state, "claims", {}) or {}).get(space, [])]


def place_name(state, at, names=None) -> str:
    """A Western Legends space as a designer says it: q,r and its location's name."""
    attrs = state.board.graph.nodes[tuple(at)] if tuple(at) in state.board.graph else {}
    location = attrs.get("location")
    where = attrs.get("name") or (names.name("location", location) if names is not None and location
                                  else words(location or ""))
    return f"{at[0]},{at[1]}" + (f" ({where})" if where else "")


def describe_move(state, action, names) -> str:
    """A legal move in words."""
    kind = getattr(action, "kind", str(action))
    if game_of(state) == "revolver":
        card = getattr(action, "card", None)
        if kind == "end":
            return "end this phase"
        if kind == "kill":
            return f"lose {_bandit(names, card)}"
        if kind in ("target", "under"):
            return f"{'kill' if kind == 'target' else 'place it under'} {names.name('card', card)}"
        if kind in ("enter", "skip"):
            return f"{kind} the San Manzanillo Prison"
        if kind == "ambush":
            return f"put the known ambush card opposite {names.name('card', card)}"
        return f"{words(kind)} {names.name('card', card)}" if card else words(kind)
    if game_of(state) == "western-legends":
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
        if kind == "revel":
            option = state.rules.revel_options[target]
            return f"revel at the cabaret: pay ${option['cost']} for {option['lp']} LP"
        if kind == "card-action":
            return f"play {target} for its action"
        if kind in ("duel", "rob", "arrest"):
            return f"{kind} {target}"
        return words(kind) if target is None else f"{words(kind)} {target}"
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


def _choice(choice: dict) -> str:
    parts = []
    if choice.get("money"):
        parts.append(f"take ${choice['money']}")
    n = choice.get("poker-card") or choice.get("cards") or choice.get("poker_cards")
    if n:
        parts.append(f"draw {n} poker card{'s' * (n != 1)}")
    return " and ".join(parts) or ", ".join(f"{words(k)} {v}" for k, v in choice.items())


#: What a Dark Horse action space's effect does, as a log line says it (any other: its name in words).
EFFECT_WORDS = {"move-first-in-turn-order": "moves to first in turn order",
                "move-last-in-turn-order": "moves to last in turn order",
                "jail-die-next-turn": "will have a die in Jail next turn",
                "bonus-die-next-turn": "will roll a bonus die next turn",
                "take-special-role": "takes the special role token"}


def describe_event(state, event: dict, names) -> str:
    """One log event as "what happened", in the game's words (the player is its own column). An
    event whose fields are not the ones expected is still shown, field by field."""
    try:
        return _describe_event(state, event, names)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _generic(event)


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _western_legends_more(kind: str, event: dict, names) -> str | None:
    """Western Legends events of fights against the fight deck, items, tracks and goals, or None."""
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
    }
    return texts[kind](event) if kind in texts else None


def _dark_horse_more(kind: str, event: dict, names, space) -> str | None:
    """The Dark Horse events of robbing, challenges, tokens and Mystery Hexes, or None."""
    def who(character) -> str:      # a hired character, the Marshal token, or an outlaw on the map
        if isinstance(character, str) and "@" in character:
            outlaw, _, at = character.partition("@")
            return f"the {words(outlaw).title()} at {at}"
        if character == "marshal-token":
            return "the Marshal token"
        return names.name("character", character)

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
        "token": lambda e: (f"uses {_a(words(e['token']).title())}" + (f" {e['why']}" if e.get("why") else "")
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
        "place-token": lambda e: f"places {_a(words(e['token']).title())} at {e['at'][0]},{e['at'][1]}",
        "not-played": lambda e: f"{words(e['effect'])} on {space(e['space'])} is not played ({e['why']})",
    }
    return texts[kind](event) if kind in texts else None


def _bandit(names, bandit) -> str:
    name = names.name("character", bandit)
    return names.name("card", bandit) if name == bandit else name


def _revolver_event(kind: str, event: dict, names) -> str | None:
    card = lambda c: names.name("card", c)  # noqa: E731
    texts = {
        "start": lambda e: f"A game of Revolver: Colti plays {names.name('deck', e['decks']['colti'])}, McReady plays"
                           f" {names.name('deck', e['decks']['mcready'])}; seed {e['seed']}",
        "turn": lambda e: f"Game turn {e['turn']} begins",
        "marker": lambda e: f"moves the turn marker to {card(e['battlefield'])}, turn space {e['space']}",
        "battlefield": lambda e: f"on to {card(e['battlefield'])}: {e['turns']} turn(s), defence {e['defence']}",
        "leave": lambda e: f"leaving {card(e['battlefield'])}: the cards there are {e['cards']}",
        "draw": lambda e: f"draws {card(e['card'])}",
        "play": lambda e: f"plays {card(e['card'])}" + (f" (firepower {e['firepower']})" if e.get("firepower") is not None
                                                       else ""),
        "use": lambda e: f"uses {card(e['card'])}",
        "end-play": lambda e: "",
        "attack": lambda e: f"attacks at {card(e['battlefield'])}: McReady {e['mcready']} against Colti {e['colti']}"
                            f" (defence {e['defence']} included): " + (f"{e['kills']} bandit(s) die" if e["kills"]
                                                                       else "nobody dies"),
        "killed": lambda e: f"loses {_bandit(names, e['bandit'])}; {e['gang']} bandit(s) left",
        "card-killed": lambda e: f"kills {card(e['card'])}",
        "border": lambda e: f"a Mexican Border token leaves the card: {e['border']} left",
        "end": lambda e: f"Game over: {e['why']}",
    }
    return texts[kind](event) if kind in texts else None


def _generic(event: dict) -> str:
    details = ", ".join(f"{words(k)} {_plain(v)}" for k, v in event.items() if k not in ("event", "round", "phase", "player"))
    return f"{words(event.get('event', 'event'))}" + (f": {details}" if details else "")


def _describe_event(state, event: dict, names) -> str:
    kind = event.get("event")
    game = game_of(state)
    if game == "revolver":
        text = _revolver_event(kind, event, names)
        if text is not None:
            return text
        from ..games.revolver.engine import describe
        return describe(event)
    at = lambda xy: f"{xy[0]},{xy[1]}"  # noqa: E731
    if game == "dark-horse":
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
        text = _dark_horse_more(kind, event, names, space)
        if text is not None:
            return text
        if kind == "end":
            return "Game over" + (f" ({words(event['why'])})" if event.get("why") else "")
    else:
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
            return f"The sheriff moves to {at(event['at'])}"
        if kind == "poker":
            hands = ", ".join(f"{p} {words(h)}" for p, h in (event.get("hands") or {}).items())
            others = [s for s in event["seats"] if s != event.get("player")]
            return (f"plays poker {'with ' + ', '.join(others) if others else 'against the dealer'}: flop "
                    f"{' '.join(event['flop'])}; {hands}; pot ${event['pot']}; {event['winner'] or 'the dealer'} wins")
        if kind == "fight":
            return (f"{words(event['kind'])}s {event['target']}: {' vs '.join(c or 'no card' for c in event['cards'])}"
                    f" ({' vs '.join(map(str, event['values']))}); {event['winner']} wins")
        text = _western_legends_more(kind, event, names)
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
    return _generic(event)


def _plain(value) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(_plain(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {_plain(v)}" for k, v in value.items()) or "none"
    if value is None:
        return "none"
    return words(value) if isinstance(value, str) else str(value)


# -- the stepper ---------------------------------------------------------------------------------
CHANCE = -1  # the "move" that lets chance decide, in the panel's list of moves
class Branching(UsageError):
    """Playing from a past step would discard the later steps: ask first (``discard=True``)."""

    def __init__(self, position: int, last: int):
        self.position, self.last = position, last
        later = f"step {last}" if last == position + 1 else f"steps {position + 1} to {last}"
        super().__init__(f"you are at step {position} of {last}: playing here discards {later}")
        self.hint = "go forward to the last step, or confirm discarding the later steps"


class TurnStepper(Observable):
    """A history of states; every step is ``state.apply(action)``, so going back is free.

    >>> from workbench.notebook.common import library
    >>> from workbench.games.dark_horse.engine import new_game, random_bot
    >>> stepper = TurnStepper(new_game(library(), "high-noon", 2, seed=1, rounds=1), {"red": random_bot, "blue": random_bot})
    >>> _ = stepper.step(); _ = stepper.step()
    >>> stepper.position, stepper.back().log == stepper.history[1].log
    (2, True)
    """

    def __init__(self, state, bots: dict, seed: int = 0):
        self.history = [state]
        self.position = 0
        self.bots = bots
        self.rng = random.Random(seed)

    @property
    def state(self):
        return self.history[self.position]

    @property
    def last(self) -> int:
        return len(self.history) - 1

    @property
    def done(self) -> bool:
        return is_over(self.state)

    def _push(self, state, discard: bool):
        if self.position < self.last:
            if not discard:
                raise Branching(self.position, self.last)
            del self.history[self.position + 1:]
        self.history.append(state)
        self.position += 1
        self.changed()
        return state

    def step(self, *, discard: bool = False):
        """The seat's bot plays one move, or chance rolls the dice (nothing when the game is over)."""
        state = self.state
        if is_over(state):
            return state
        if self.position < self.last and not discard:
            raise Branching(self.position, self.last)
        if is_chance(state):
            return self._push(play_move(state, chance_move(state, self.rng)), discard)
        seat = to_move(state)
        return self._push(play_move(state, bot_move(self.bots[seat], state, self.rng)), discard)

    def choose(self, action, *, discard: bool = False):
        """A person plays ``action`` (one of the legal moves)."""
        if self.position < self.last and not discard:
            raise Branching(self.position, self.last)
        return self._push(play_move(self.state, action), discard)

    def run(self, steps: int, *, discard: bool = False):
        """Bots play up to ``steps`` moves (the panel redraws once, at the end)."""
        with self.batch():
            for i in range(steps):
                if is_over(self.state):
                    break
                self.step(discard=discard and i == 0)
        return self.state

    def back(self):
        self.go(self.position - 1)
        return self.state

    def forward(self):
        self.go(self.position + 1)
        return self.state

    def go(self, position: int) -> None:
        position = max(0, min(self.last, position))
        if position != self.position:
            self.position = position
            self.changed()

    def new_events(self) -> list[dict]:
        """The events the current step added to the log."""
        before = len(log_of(self.history[self.position - 1])) if self.position else 0
        return log_of(self.state)[before:]

    def event_rows(self, names, limit: int | None = 14) -> list[dict]:
        """The log up to the current step as rows (round, player, what happened), newest last;
        ``new`` marks the events of the current step."""
        log = log_of(self.state)
        fresh = len(log) - len(self.new_events())
        rows = [{"round": e.get("round", ""), "player": e.get("player") or "", "what happened": describe_event(self.state, e, names),
                 "new": i >= fresh and self.position > 0} for i, e in enumerate(log)]
        rows = [r for r in rows if r["what happened"]]
        return rows[-limit:] if limit else rows


class _Empty:
    def data(self, *_):
        return None


BOARD_AXES = (0.01, 0.01, 0.74, 0.92)   # the map's place in the figure; the key sits to its right


def board_size(state) -> tuple[float, float]:
    """The board's figure size in inches (100 pixels each on screen)."""
    board = board_of(state)
    return (9, 6.2) if board is not None and board.geometry != "hex" else (7.6, 5.6)


def board_figure(state, title: str = "", library=None, figure=None, legal=None, legal_label: str = ""):
    """The state's board drawn on ``figure`` (a new matplotlib Figure when None; None when the
    game has no map). ``legal`` hexes are the bright ones (where the seat to move may play)."""
    from matplotlib.figure import Figure

    from .maps import draw_map
    board = board_of(state)
    if board is None:
        return None
    figure = figure or Figure(figsize=board_size(state))
    figure.clear()
    ax = figure.add_axes(BOARD_AXES)
    draw_map(board, ax, title=title, library=library, legal=legal, legal_label=legal_label)
    return figure


def draw_board(state, names, library, figure):
    """The board as the sample-turns panel draws it: the map with the hexes (or spaces) where the
    seat to move may play bright."""
    seat = to_move(state)
    moves = [] if is_chance(state) else legal_moves(state)
    bright = sorted({p[1] for p in (move_place(state, a) for a in moves) if p and p[0] == "hex"})
    title = f"Round {round_of(state)} · {names.name('map', board_of(state).id)}"
    return board_figure(state, title, library, figure, legal=bright or None,
                        legal_label=f"{seat} may play here (click)" if seat else "")


def board_pixel(state, node, library) -> tuple[float, float]:
    """Where ``node``'s centre is drawn on the panel's board, in pixels from its top-left corner
    (at 100 dpi): what a click must hit. Used by the browser test."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from ..board.geometry import hex_to_pixel
    from .common import Names
    figure = draw_board(state, Names(library, game_of(state)), library, None)
    FigureCanvasAgg(figure).draw()
    point = hex_to_pixel(node) if board_of(state).geometry == "hex" else (node[0] * 1.8, node[1] * 1.8)
    x, y = figure.axes[0].transData.transform(point)
    return float(x), float(figure.bbox.height - y)


def board_node(state, x: float, y: float):
    """The hex or grid space under the point (x, y) of the drawn board, or None."""
    from ..board.geometry import pixel_to_hex
    board = board_of(state)
    if board is None:
        return None
    node = pixel_to_hex(x, y) if board.geometry == "hex" else (round(x / 1.8), round(y / 1.8))
    return node if node in board.graph else None


def dark_horse_board(state, ax=None):
    """The territory with the players' towns and cities."""
    from .maps import draw_map
    if ax is None:
        return board_figure(state, f"round {round_of(state)}: the territory")
    draw_map(board_of(state), ax, title=f"round {round_of(state)}: the territory")
    return ax.figure


def western_legends_board(state, ax=None):
    """The grid map with the players, bandits and the sheriff on it."""
    from .maps import draw_map
    if ax is None:
        return board_figure(state, f"round {round_of(state)}")
    draw_map(board_of(state), ax, title=f"round {round_of(state)}")
    return ax.figure


def stepper_widget(stepper: TurnStepper, game: str | None = None, library=None):
    """The sample-turns panel: back / forward, bots, your move, the seats, the board and the log,
    drawn from ``stepper`` whenever it changes. Playing from a past step asks first.

    A move is made by clicking the board as well as from *your move*: a hex or map space on the
    drawn map (the bright ones are where the seat to move may play), or a Dark Horse action space
    on the action board. One move there is played at once; several are offered under *your move*."""
    import ipywidgets as w
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from .common import Banner, Confirm, Html, Names, Redraw, html_table, image_widget, png, shows_errors

    game = game or game_of(stepper.state)
    names = Names(library or _Empty(), game)
    banner = Banner()
    confirm = Confirm(banner)
    guarded = shows_errors(banner)
    whole = {"layout": w.Layout(width="auto", min_width="120px")}   # every button shows its whole label
    back, forward = w.Button(description="◀ back", **whole), w.Button(description="forward ▶", **whole)
    step, run = w.Button(description="bot plays one move", **whole), w.Button(description="bots play 25 moves", **whole)
    actions = w.Dropdown(description="your move", layout=w.Layout(width="min(560px, 100%)"), style={"description_width": "70px"})
    play = w.Button(description="Play it", button_style="primary")
    where, winner, seats, log = HTML(), HTML(), HTML(), HTML()
    spaces_title = HTML("<b>Action board</b> (click a space to put your dice there or to collect)")
    spaces = w.HBox(layout=w.Layout(flex_flow="row wrap"))
    spaces.add_class("wb-action-board")

    # the board: a canvas that takes clicks when ipympl is there (as in the map explorer), else an image
    width, height = board_size(stepper.state)
    figure = Figure(figsize=(width, height), dpi=100)
    try:
        from ipympl.backend_nbagg import Canvas, FigureManager

        class BoardCanvas(Canvas):
            """Every frame sent whole: the browser drops a frame that a newer one overtakes before
            it has loaded, and a later difference drawn over the frame before it shows an old step."""

            def get_diff_image(self):
                self._force_full = True
                return super().get_diff_image()

        canvas = BoardCanvas(figure)
        FigureManager(canvas, 0)
        canvas.header_visible = canvas.footer_visible = False
        canvas.toolbar_visible = False
        canvas.resizable = False
        canvas.layout = w.Layout(width=f"{int(width * 100)}px", height=f"{int(height * 100)}px")
        board = canvas
    except ImportError:  # pragma: no cover - ipympl is a dependency
        canvas, board = None, image_widget(width="760px")
    board.add_class("wb-board")
    drawn, space_buttons = {}, {}

    def here(place) -> str:
        if place[0] == "space":
            return names.name("action_space", place[1])
        if game == "western-legends":
            return place_name(stepper.state, place[1], names)
        return f"hex {place[1][0]},{place[1][1]}"

    def draw():
        state = stepper.state
        seat = to_move(state)
        moves = [] if is_chance(state) else legal_moves(state)
        places = [move_place(state, a) for a in moves]
        bright = sorted({p[1] for p in places if p and p[0] == "hex"})
        key = board_key(state, bright)
        if board_of(state) is not None and drawn.get("key") != key:  # a step that changed nothing is not redrawn
            draw_board(state, names, library, figure)
            if canvas is not None and not canvas.syncing_data_url:
                # drawn and sent now, before the step's words below: draw_idle would ask the browser to
                # ask for the picture, which came after the panel, so the board showed the step before
                canvas.draw()
                pixels = canvas.get_renderer().buffer_rgba()
            elif canvas is not None:
                # no page shows the board yet: it asks for the picture once it is ready (one sent
                # before that breaks the page's first sizing of the board)
                FigureCanvasAgg.draw(canvas)
                pixels = canvas.get_renderer().buffer_rgba()
                canvas.draw_idle()
            else:
                board.value = png(figure, tight=False)
                pixels = board.value
            drawn["key"], drawn["image"] = key, hashlib.sha256(bytes(pixels)).hexdigest()
        # data-board names what the board shows at this step, so a reader (or a test) can tell when it
        # changed; data-image is the SHA-256 of the board's pixels (RGBA) drawn for it
        where.value = (f"<b class='wb-step' data-board='{hashlib.sha256(repr(key).encode()).hexdigest()}'"
                       f" data-image='{drawn.get('image', '')}'>Step {stepper.position} of"
                       f" {stepper.last}</b> · round {round_of(state)}"
                       + (" · <b>game over</b>" if is_over(state) else f" · {seat} to move" if seat
                          else " · the dice roll" if is_chance(state) else ""))
        options = [(describe_move(state, a, names), i) for i, a in enumerate(moves)]
        if is_chance(state):
            options = [("roll the dice (chance decides)", CHANCE)]
        if list(actions.options) != options:
            actions.options = options
        actions.index = 0 if options else None  # ipywidgets 8 leaves a new list unselected
        buttons = []
        for space in action_spaces(state):
            if space not in space_buttons:  # one button per space, made once
                space_buttons[space] = button = w.Button(layout=w.Layout(width="auto"))
                button.add_class("wb-space")
                button.on_click(guarded(lambda _, space=space: pick(("space", space))))
            button, dice = space_buttons[space], on_space(state, space)
            button.description = names.name("action_space", space) + (": " + ", ".join(
                f"{who} {'+'.join(map(str, d))}" for who, d in dice) if dice else "")
            count = places.count(("space", space))
            button.tooltip = f"{count} move{'s' * (count != 1)} here now" if seat else ""
            button.button_style = "info" if count else ""
            buttons.append(button)
        if list(spaces.children) != buttons:
            spaces.children = buttons
        spaces.layout.display = spaces_title.layout.display = "flex" if buttons else "none"
        board.layout.display = "none" if board_of(state) is None else ""
        if is_over(state) and game == "revolver":
            won = winners(state)
            winner.value = ("<div class='wb-banner wb-winner' style='background:#fff4d6;border-left:4px solid #c9a227;"
                            "padding:6px 10px;font-size:15px'>" + (f"🏆 <b>{won[0]} wins</b>: " if won else
                                                                     "<b>Game over</b>, no winner: ")
                            + html.escape(state.ended) + "</div>")
        elif is_over(state):
            won = winners(state)
            if won:
                scores = final_scores(state)
                winner.value = (f"<div class='wb-banner wb-winner' style='background:#fff4d6;border-left:4px solid #c9a227;"
                                f"padding:6px 10px;font-size:15px'>🏆 <b>{' and '.join(won)} win{'s' * (len(won) == 1)}</b> with "
                                f"{scores[won[0]]['total']} LP · " + ", ".join(f"{n} {s['total']}" for n, s in scores.items()) + "</div>")
            else:
                winner.value = ("<div class='wb-banner wb-winner' style='background:#fff4d6;border-left:4px solid #c9a227;padding:6px 10px'>"
                                "<b>Game over.</b> The rules texts do not give every victory-point value, so the workbench names no"
                                " winner; reputation and influence are in the table.</div>")
        else:
            winner.value = ""
        seats.value = html_table(player_rows(state, names))
        rows = stepper.event_rows(names)
        log.value = ("<b>What happened</b> (newest last; this step's events highlighted)"
                     + html_table([{"round": r["round"], "player": r["player"],
                                    "what happened": Html(f"<b>{html.escape(r['what happened'])}</b>" if r["new"]
                                                          else html.escape(r["what happened"]))} for r in rows],
                                  css_class="wb-log"))

    def board_key(state, bright):
        shown = board_of(state)
        if shown is None:
            return None
        return (round_of(state), tuple(bright), tuple((p.piece, p.at, p.player, p.hex_type, p.face_up) for p in shown.pieces),
                tuple(sorted((a, b, tuple(sorted(r))) for a, b, r in shown.graph.edges(data="rails") if r)))

    redraw = Redraw(draw, banner)

    def move(function, describe):
        """Run a move; from a past step, ask before discarding the later steps."""
        def run_it():
            confirm.cancel()
            try:
                function(False)
            except Branching as exc:
                banner.warning(f"Not played: {exc}", "the later steps are still there")
                confirm.ask(f"Discard {exc.last - exc.position} later step(s) and {describe}?", "Discard and play",
                            guarded(lambda: function(True)))
        return run_it

    def pick(place):
        """A click on the board at ``place``: its one move is played, several are offered."""
        state = stepper.state
        if is_over(state):
            raise ValueError("the game is over: step back to play from an earlier step")
        if is_chance(state):
            raise ValueError("the dice roll first: press Play it (or let a bot play)")
        moves = legal_moves(state)
        there = [i for i, a in enumerate(moves) if move_place(state, a) == place]
        if not there:
            banner.warning(f"{to_move(state)} has no move on {here(place)} now",
                           "the bright hexes and the highlighted action spaces are where a move can be made")
            return
        if len(there) > 1:
            actions.index = there[0]
            banner.info(f"{len(there)} moves on {here(place)}: choose one under “your move” and press Play it")
            return
        action = moves[there[0]]
        said = describe_move(state, action, names)
        move(lambda discard: stepper.choose(action, discard=discard), f"play {said}")()
        if stepper.state is not state:
            banner.info(f"{to_move(state)} played: {said}")

    def clicked(event):
        if event.xdata is not None and event.inaxes is not None and event.inaxes is figure.axes[0]:
            node = board_node(stepper.state, event.xdata, event.ydata)
            if node is not None:
                guarded(lambda: pick(("hex", node)))()

    back.on_click(guarded(lambda _: (confirm.cancel(), stepper.back())))
    forward.on_click(guarded(lambda _: (confirm.cancel(), stepper.forward())))
    step.on_click(guarded(lambda _: move(lambda discard: stepper.step(discard=discard), "let the bot play")()))
    run.on_click(guarded(lambda _: move(lambda discard: stepper.run(25, discard=discard), "let the bots play")()))

    def play_chosen(discard):
        if actions.value is None:
            raise ValueError("there is no move to play: the game is over")
        if actions.value == CHANCE:
            stepper.step(discard=discard)
        else:
            stepper.choose(legal_moves(stepper.state)[actions.value], discard=discard)

    play.on_click(guarded(lambda _: move(play_chosen, "play your move")()))
    if canvas is not None:
        canvas.mpl_connect("button_press_event", clicked)
    stepper.observe(redraw)
    redraw()
    box = w.VBox([w.HBox([back, forward, step, run], layout=w.Layout(flex_flow="row wrap")), where,
                  w.HBox([actions, play], layout=w.Layout(flex_flow="row wrap")), banner.widget, confirm.widget, winner,
                  spaces_title, spaces, board, seats, log])
    box.stepper, box.back_button, box.forward_button, box.step_button, box.run_button, box.play_button = (
        stepper, back, forward, step, run, play)
    box.actions, box.messages, box.banner, box.confirm, box.where, box.winner, box.board, box.event_log, box.seats = (
        actions, banner, banner, confirm, where, winner, board, log, seats)
    box.redraw, box.figure, box.canvas, box.action_board, box.pick = redraw, figure, canvas, spaces, pick
    box.on_canvas_click = clicked
    box.board_png = lambda: png(figure, tight=False)
    return box


def play_chooser(library, *, game: str = "dark-horse", scenario: str | None = "high-noon"):
    """Which game to play, chosen without code: the game, (Dark Horse) the scenario and the map,
    the seed, the players, each seat's bot, and the rounds; *Start* puts a new
    :func:`stepper_widget` under the form (its stepper is ``box.stepper()``). A person plays any
    seat with *your move*; the bot of a seat plays it on *bot plays*."""
    import html

    import ipywidgets as w

    from ..games.dark_horse import engine as dark_horse
    from ..games.western_legends import engine as western_legends
    from .common import Banner, Names, shows_errors

    banner = Banner()
    wide = {"description_width": "90px"}
    names = Names(library, "dark-horse")
    from ..games.revolver import engine as revolver
    which = w.ToggleButtons(options=[("Dark Horse", "dark-horse"), ("Western Legends", "western-legends"),
                                     ("Revolver", "revolver")], value=game)
    engines = {"dark-horse": (dark_horse.PLAYER_NAMES, dark_horse.BOTS),
               "western-legends": (western_legends.NAMES, western_legends.BOTS),
               "revolver": (revolver.SIDES, revolver.BOTS)}
    scenarios = [("(the base game)", "")] + [(names.name("scenario", d.id), d.id) for d in library.of_kind("scenario", "dark-horse")]
    scenario_box = w.Dropdown(options=scenarios, value=scenario if scenario in [v for _, v in scenarios] else "",
                              description="scenario", style=wide, layout=w.Layout(width="min(420px, 100%)"))
    maps = [("(the scenario's map)", "")] + [(names.name("map", d.id), d.id) for d in library.of_kind("map", "dark-horse")]
    map_box = w.Dropdown(options=maps, description="map", style=wide, layout=w.Layout(width="min(420px, 100%)"))
    players = w.BoundedIntText(value=3, min=2, max=5, description="players", style=wide, layout=w.Layout(width="180px"))
    seed = w.BoundedIntText(value=7, min=0, max=10**9, description="seed", style=wide, layout=w.Layout(width="200px"),
                            tooltip="the same seed plays the same game")
    rounds = w.BoundedIntText(value=2, min=1, max=60, description="rounds", style=wide, layout=w.Layout(width="180px"),
                              tooltip="Dark Horse: rounds to play at most; Western Legends: the round cap")
    seats = w.HBox(layout=w.Layout(flex_flow="row wrap"))
    start = w.Button(description="Start", button_style="primary", icon="play")
    holder = w.Box(layout=w.Layout(flex_flow="column"))
    state = {"stepper": None}

    def seat_names():
        if which.value == "revolver":
            return list(revolver.SIDES)
        return engines[which.value][0][:players.value]

    def draw_seats(*_):
        bots = list(engines[which.value][1])
        old = {b.description: b.value for b in seats.children}
        seats.children = [w.Dropdown(options=bots, value=old.get(n, bots[0] if i else bots[-1]), description=n,
                                     style={"description_width": "50px"}, layout=w.Layout(width="170px"))
                          for i, n in enumerate(seat_names())]
        dh = which.value == "dark-horse"
        scenario_box.layout.display = map_box.layout.display = "flex" if dh else "none"
        if which.value == "revolver":
            players.value, rounds.value = 2, 60
        elif not dh and rounds.value < 10:
            rounds.value = 60
        elif dh and rounds.value > 10:
            rounds.value = 2

    @shows_errors(banner)
    def on_start(_):
        bots_table = engines[which.value][1]
        bots = {b.description: bots_table[b.value] for b in seats.children}
        if which.value == "dark-horse":
            built = dark_horse.DarkHorse.build(library, scenario=scenario_box.value or None, map_id=map_box.value or None)
            low, high = built.player_range()
            if not low <= players.value <= high:
                raise ValueError(f"{names.name('scenario', scenario_box.value) if scenario_box.value else 'the base game'}"
                                 f" is for {low} to {high} players")
            first = built.new_initial_state(players=players.value, seed=seed.value, rounds=rounds.value)
        elif which.value == "revolver":
            if players.value != 2:
                raise ValueError("Revolver is for 2 players: Colti and McReady")
            first = revolver.Revolver.build(library).new_initial_state(players=2, seed=seed.value, rounds=rounds.value)
        else:
            first = western_legends.new_game(library, players.value, seed=seed.value, rounds=rounds.value)
        state["stepper"] = TurnStepper(first, bots, seed=seed.value)
        if which.value == "dark-horse":
            what = (names.name("scenario", scenario_box.value) if scenario_box.value else "the base game") + \
                f" on {names.name('map', built.board.id)}" if getattr(built, "board", None) is not None else ""
        else:
            what = {"revolver": "Revolver (illustrative decks)"}.get(which.value, "Western Legends")
        playing = HTML(f"<p class='wb-playing'><b>Playing {html.escape(what)}</b>: {players.value} players, "
                         f"{rounds.value} round{'s' * (rounds.value != 1)} at most, seed {seed.value}</p>")
        holder.children = [playing, stepper_widget(state["stepper"], which.value, library=library)]

    which.observe(draw_seats, names="value")
    players.observe(draw_seats, names="value")
    start.on_click(on_start)
    draw_seats()
    box = w.VBox([which, w.HBox([scenario_box, map_box], layout=w.Layout(flex_flow="row wrap")),
                  w.HBox([players, rounds, seed], layout=w.Layout(flex_flow="row wrap")),
                  HTML("<b>Who plays each seat</b> (a bot; you can play any seat's move yourself below)"), seats,
                  start, banner.widget, holder])
    box.add_class("wb-play-chooser")
    box.game, box.scenario, box.map, box.players, box.seed, box.rounds, box.seats = which, scenario_box, map_box, players, seed, rounds, seats
    box.start_button, box.banner, box.holder = start, banner, holder
    box.stepper = lambda: state["stepper"]
    on_start(None)
    return box


def describe_assumption(text: str, game: str, library=None) -> str:
    """An engine's assumption (first line of every log) in a designer's words: a parameter by its
    declared description, not its name; maps and action spaces by their names.

    >>> describe_assumption("robber_takes = silver-on-space: What a robbery takes is not stated.", "dark-horse")
    'What a successful robbery takes (here: silver-on-space): What a robbery takes is not stated.'
    """
    import re

    from ..games import for_content
    from .common import Names

    names = Names(library, game) if library is not None else None
    spec = {}
    for entry in for_content(game):
        spec.update(entry.spec())
    text = re.sub(r"`([^`]*)`", r"\1", text)  # a value marked as code reads as the value itself
    match = re.match(r"^([a-z][a-z0-9_]*) = (\{.*?\}|\[.*?\]|[^:]*?): (.*)$", text, flags=re.S)
    if match and match.group(1) in spec:
        about = spec[match.group(1)].about
        value = match.group(2)
        if names is not None and match.group(1) == "territory":
            value = names.name("map", value)
        return f"{about[:1].upper()}{about[1:]} (here: {value}): {match.group(3)}"
    text = re.sub(r"^([a-z]+(?:_[a-z]+)+): ", lambda m: m.group(1).replace("_", " ").capitalize() + ": ", text)
    if names is not None:
        text = re.sub(r"the map '([^']+)'", lambda m: names.name("map", m.group(1)), text)
        text = re.sub(r"(left out: )(.*)$", lambda m: m.group(1) + ", ".join(
            names.name("action_space", i.strip()) for i in m.group(2).split(",")), text)
    return text
