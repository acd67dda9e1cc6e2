"""Dark Horse (with Rebels & Rogues) invariants, each a sentence of the rules texts checked on a
replayed log. The numbers come from the ruleset the log's first event records (a house rule that
changes a number changes what is checked), never from an engine.

A "turn" in the card-timing rules is a round (its Placement and Collection Phases: "during this
turns Placement Phase or Collection Phase").
"""
from __future__ import annotations

from collections import Counter, defaultdict

from .invariants import Played, invariant

DH = "dark-horse"
BASE = "Dark Horse base rules (excerpt)"
RR = "Dark Horse: Rebels & Rogues"
REVIEWS = "secondary facts (reviews)"
PUBLIC = "public facts (rule-book pages)"
LIMITED = ("limited", "reserved", "restricted")


def hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _at(key: str) -> tuple[int, int]:
    q, r = key.split(",")
    return int(q), int(r)


def _pieces(state: dict, player: str | None = None, piece: str | None = None) -> list[tuple[int, int]]:
    return [_at(hex_) for hex_, here in (state.get("pieces") or {}).items() for who, what in here
            if (player is None or who == player) and (piece is None or what == piece)]


def _first_round(played: Played) -> int | None:
    return next((i for i, e in played.each("round")), None)


def _face_up(character: dict, player: dict, both_types: bool) -> bool:
    status = player.get("status")
    hat = character.get("hat")
    return not character.get("captured") and (hat not in ("white", "black") or status is None or hat == status
                                              or both_types)


def _character(state: dict, player: str, character: str) -> dict | None:
    return ((state["players"].get(player) or {}).get("characters") or {}).get(character)


# -- setup and pieces ---------------------------------------------------------------------------

def _with_power(p: Played, power: str) -> set:
    """The special role tokens with ``power`` (the log's ``powers``, from the tokens' YAML)."""
    return set((p.start.get("powers") or {}).get(power, ()))


@invariant(DH, "setup-city-and-two-towns", "Each player starts the game with 1 city and 2 towns.", f"{BASE}: Theme",
           on=("build",))
def _setup(p: Played):
    first = _first_round(p)
    if first is None or not p.rules.get("starting_pieces") or not any(e.get("event") == "build" for e in p.events[:first]):
        return
    state = p.before(first)
    for name in state["players"]:
        for piece, wanted in p.rules["starting_pieces"].items():
            have = len(_pieces(state, name, piece))
            if have != wanted:
                yield f"{name} starts with {have} {piece}(s), not {wanted} ({p.where(first)})"


@invariant(DH, "starting-city-gap", "a starting city needs at least 2 non-resource hexes between it and any other city",
           f"{REVIEWS}: Setup", on=("build",))
def _gap(p: Played):
    first = _first_round(p)
    if first is None:
        return
    cities = [(name, at) for name in p.states[first]["players"] for at in _pieces(p.before(first), name, "city")]
    need = p.rules.get("starting_city_min_gap", 0) + 1
    for i, (a, x) in enumerate(cities):
        for b, y in cities[i + 1:]:
            if hex_distance(x, y) < need:
                yield (f"the starting cities of {a} {list(x)} and {b} {list(y)} are {hex_distance(x, y)} apart, "
                       f"not {need}")


@invariant(DH, "pieces-per-player", "12 Wooden city tokens ... 3 per player ... 24 Wooden town tokens ... 6 per player",
           f"{BASE}: Game Components", on=("build",))
def _supply(p: Played):
    limits = p.rules.get("pieces_per_player") or {}
    for i, _ in p.each("build"):
        state = p.states[i]
        for name in state["players"]:
            for piece, limit in limits.items():
                if len(_pieces(state, name, piece)) > limit:
                    yield f"{name} has more than {limit} {piece}s ({p.where(i)})"


# -- dice, claims, collection --------------------------------------------------------------------

@invariant(DH, "dice-rolled", "In turn order each player rolls two dice (three when holding a bonus die)",
           f"{PUBLIC}: 1.3 Turn structure", on=("roll",))
def _dice(p: Played):
    rolled_by_round: dict[int, list[str]] = defaultdict(list)
    for i, event in p.each("roll"):
        expected = max(0, p.rules["dice_rolled"] + event["bonus"] - event["jailed"])
        if len(event["dice"]) != expected or not all(1 <= d <= p.rules["die_faces"] for d in event["dice"]):
            yield f"{event['player']} rolls {event['dice']}, expected {expected} six-sided dice ({p.where(i)})"
        rolled_by_round[event["round"]].append(event["player"])
    for _i, event in p.each("round"):
        later = rolled_by_round.get(event["round"] + 0, [])
        if later and later != event["order"][:len(later)]:
            yield f"round {event['round']}: rolls come {later}, not in turn order {event['order']}"


@invariant(DH, "jail-and-bonus-dice", "Place a die in Jail next turn ... receive 1 Wild Die token and a Bonus Die",
           f"{RR}: New Action Spaces: Saloon, Campaign; Barnstorming", on=("roll",))
def _jail(p: Played):
    jailed: Counter = Counter()
    bonus: Counter = Counter()
    for i, event in enumerate(p.events):
        kind = event.get("event")
        if kind == "effect" and event.get("effect") == "jail-die-next-turn":
            jailed[event["player"]] += 1
        elif kind == "gain" and event.get("good") == "bonus-die":
            bonus[event["player"]] += event["amount"]
        elif kind == "round":
            owed_jail, owed_bonus, jailed, bonus = jailed, bonus, Counter(), Counter()
            for j in range(i + 1, len(p.events)):
                e = p.events[j]
                if e.get("event") == "roll":
                    if (e["jailed"], e["bonus"]) != (owed_jail[e["player"]], owed_bonus[e["player"]]):
                        yield (f"{e['player']} rolls with {e['jailed']} die/dice in Jail and {e['bonus']} bonus, but"
                               f" earned {owed_jail[e['player']]} and {owed_bonus[e['player']]} ({p.where(j)})")
                elif e.get("event") in ("round", "place", "pass"):
                    break


def _sub_multiset(part, whole) -> bool:
    return not (Counter(part) - Counter(whole))


@invariant(DH, "placed-dice-were-rolled", "players will roll dice and place them on Action Spaces", f"{BASE}: Theme",
           on=("place",))
def _placed(p: Played):
    for i, event in p.each("place"):
        player = p.before(i)["players"][event["player"]]
        uses = event.get("uses") or []
        held = list(player["dice"])
        if "inventor-die" in uses and player.get("inventor_die") is not None:
            held.append(player["inventor_die"])
        if "carnival-die" in uses:
            held = [player["carnival_die"]] if player.get("carnival_at") is None else []
        if not _sub_multiset(event["dice"], held):
            yield f"{event['player']} places {event['dice']} holding only {held} ({p.where(i)})"
        if p.states[i]["to_act"] != event["player"]:
            yield f"{event['player']} places out of turn ({p.where(i)})"


def claimed(requirement: dict, dice: list[int], unknown: str) -> bool:
    kind = requirement.get("requirement", "unknown")
    kind = unknown if kind == "unknown" else kind
    value = requirement.get("value", 0)
    if kind == "any-die":
        return len(dice) == 1
    if kind == "natural":
        return len(dice) == 1 and dice[0] >= value
    if kind == "exactly":
        return sum(dice) == value
    return sum(dice) >= value


@invariant(DH, "claim-requirement", "dice may be used singly or added together (a review's example: a 2 and a 4 used "
           "together as 6 claim Builder)", f"{REVIEWS}: turn", on=("place",))
def _claim(p: Played):
    spaces = p.start.get("spaces") or {}
    for i, event in p.each("place"):
        space = spaces.get(event["space"])
        if event["space"].startswith("hex@"):         # a Mystery Hex: its own claim requirement
            entry = (p.before(i).get("mystery") or {}).get(event["space"][4:])
            space = {"claim": (p.start.get("mystery_types") or {}).get(entry["type"], {}).get("claim")} if entry else None
        if space is None:
            yield f"{event['player']} places on {event['space']}, a space not in play ({p.where(i)})"
        elif not claimed(space["claim"], event["dice"], p.rules["unknown_claim"]):
            yield f"{event['dice']} do not claim {event['space']} ({space['claim']}) ({p.where(i)})"


@invariant(DH, "limited-space-one-player", "This type of Action Space can only be claimed by 1 player. This means "
           "that once someone has placed their die/dice on this Action Space, then no one else may placedice there unless "
           "they have an Engineer token", f"{BASE}: Action Space Types (Limited)", on=("place",))
def _limited(p: Played):
    spaces = p.start.get("spaces") or {}
    for i, event in p.each("place"):
        space = spaces.get(event["space"]) or {}
        if space.get("type") not in LIMITED:
            continue
        others = {who for who, *_ in p.before(i)["claims"].get(event["space"], []) if who != event["player"]}
        if not others:
            continue
        # "once someone has placed their die/dice on this Action Space, then no one else may place
        # dice there unless they have an Engineer token"
        had = p.before(i)["players"][event["player"]]["goods"].get("engineer-token", 0)
        if space.get("type") != "limited" or "engineer-token" not in (event.get("uses") or []) or not had:
            yield f"{event['player']} joins {sorted(others)} on {event['space']} ({space.get('type')}) " \
                  f"without an Engineer token ({p.where(i)})"


@invariant(DH, "collect-in-turn-order", "Unlimited action spaces can take several players' dice; they resolve in turn "
           "order during the Collection Phase.", f"{PUBLIC}: 1.3 Turn structure",
           on=("collect", "skip"), when=lambda q: q.rules.get("turn_order_change_takes_effect") == "next-round")
def _collect_order(p: Played):
    if p.rules.get("turn_order_change_takes_effect") != "next-round":
        return
    order: list[str] = []
    last = 0
    for i, event in enumerate(p.events):
        kind = event.get("event")
        if kind == "collection":
            order, last = p.states[i]["order"], 0
        elif kind in ("collect", "skip") and event.get("phase") == "collection":
            at = order.index(event["player"])
            if at < last:
                yield f"{event['player']} collects after a later player in turn order {order} ({p.where(i)})"
            last = at


@invariant(DH, "collect-what-you-claimed", "players will roll dice and place them on Action Spaces that allow players "
           "to collect resources", f"{BASE}: Theme", on=("collect", "skip"))
def _collect_claimed(p: Played):
    for i, event in p.each("collect", "skip"):
        if event.get("phase") != "collection":
            continue
        holders = {who for who, *_ in p.before(i)["claims"].get(event["space"], [])}
        if event["player"] not in holders:
            yield f"{event['player']} collects {event['space']} without dice on it ({p.where(i)})"


@invariant(DH, "pay-or-do-without", "Players must pay this payment or they cannot use the ability.",
           f"{RR}: Card Abilities and Timing 3", on=("pay",))
def _never_negative(p: Played):
    for i, state in enumerate(p.states):
        for name, player in state["players"].items():
            low = {k: v for k, v in player["goods"].items() if v < 0}
            low.update({k: player[k] for k in ("white_hat", "black_hat", "influence") if player[k] < 0})
            if low:
                yield f"{name} holds {low} ({p.where(i)})"
                return


@invariant(DH, "gold-is-four-silver", "Each Gold token is worth 4 Silver tokens.", f"{RR}: Expansion Set Overview",
           on=("convert",))
def _gold(p: Played):
    for i, event in p.each("convert"):
        if event["silver"] != event["gold"] * p.rules["silver_per_gold"]:
            yield f"{event['gold']} Gold became {event['silver']} Silver ({p.where(i)})"


@invariant(DH, "turn-order-moves", "Players collecting from this Action Space move to first in Turn Order (Marshal) / "
           "Move last in Turn Order (Saloon)", f"{RR}: New Action Spaces",
           on=("round",), when=lambda q: q.rules.get("turn_order_change_takes_effect") == "next-round")
def _turn_order(p: Played):
    if p.rules.get("turn_order_change_takes_effect") != "next-round":
        return
    order, moves = None, []
    for i, event in enumerate(p.events):
        kind = event.get("event")
        if kind == "effect" and event.get("effect") in ("move-first-in-turn-order", "move-last-in-turn-order"):
            moves.append((event["player"], event["effect"]))
        elif kind == "round":
            if order is not None:
                expected = list(order)
                for name, effect in moves:
                    expected.remove(name)
                    expected.insert(0 if effect == "move-first-in-turn-order" else len(expected), name)
                if event["order"] != expected:
                    yield f"round {event['round']} starts in order {event['order']}, not {expected} ({p.where(i)})"
            order, moves = event["order"], []


# -- reputation --------------------------------------------------------------------------------

@invariant(DH, "reputation-exclusive", "a player can never have both White Hat and Black Hat Reputation tokens, unless "
           "playing a unique scenario", f"{RR}: Reputation Overview",
           on=("gain",), when=lambda q: not q.rules.get("reputation_both_types"))
def _exclusive(p: Played):
    if p.rules.get("reputation_both_types"):
        return
    for i, state in enumerate(p.states):
        for name, player in state["players"].items():
            if player["white_hat"] and player["black_hat"]:
                yield f"{name} holds {player['white_hat']} White and {player['black_hat']} Black Hat tokens ({p.where(i)})"
                return


@invariant(DH, "reputation-cancels", "If a player has one type of token and receives the opposite type, then these "
           "tokens cancel each other out.", f"{RR}: Reputation Overview",
           on=("gain",), when=lambda q: not q.rules.get("reputation_both_types"))
def _cancel(p: Played):
    if p.rules.get("reputation_both_types"):
        return
    for i, event in p.each("gain"):
        good = event.get("good")
        if good not in ("white-hat", "black-hat", "any-reputation"):
            continue
        before, after = p.before(i)["players"][event["player"]], p.states[i]["players"][event["player"]]
        if good == "any-reputation":     # the player chooses the type: one of the two cancelling gains
            options = [("white", "black"), ("black", "white")]
        else:
            hat = good.split("-")[0]
            options = [(hat, "white" if hat == "black" else "black")]
        fits = False
        for hat, other in options:
            cancelled = min(before[f"{other}_hat"], event["amount"])
            if (after[f"{hat}_hat"], after[f"{other}_hat"]) == (before[f"{hat}_hat"] + event["amount"] - cancelled,
                                                               before[f"{other}_hat"] - cancelled):
                fits = True
        if not fits:
            yield (f"{event['player']} gains {event['amount']} {good}: {before['white_hat']}W/{before['black_hat']}B "
                   f"became {after['white_hat']}W/{after['black_hat']}B ({p.where(i)})")


@invariant(DH, "reputation-victory-points", "Players receive one Victory Point at the end of the game for every four "
           "Reputation tokens they control.", f"{RR}: Reputation Overview", on=("end",))
def _vp(p: Played):
    per = p.rules.get("reputation_per_victory_point", 4)
    for i, event in p.each("end"):
        for name, score in event["scores"].items():
            player = p.states[i]["players"][name]
            if score["reputation_vp"] != (player["white_hat"] + player["black_hat"]) // per:
                yield f"{name}: {score['reputation_vp']} VP for {player['white_hat'] + player['black_hat']} Reputation"


@invariant(DH, "effects-of-the-vocabulary", "Content that validates without a not-played warning plays as written "
           "(the effect vocabulary, workbench/rules/, with the installed plugins' effects)",
           "the workbench's promise (docs: Effects, declared once)", on=("effect", "not-played"))
def _vocabulary(p: Played):
    from ..rules.effects import vocabulary

    words = vocabulary(DH)
    for i, event in p.each("effect", "not-played"):
        name = event.get("effect")
        if event["event"] == "effect" and not words.played(name):
            yield f"the effect '{name}' is played although the vocabulary does not play it ({p.where(i)})"
        if event["event"] == "not-played" and words.played(name) and \
                ("hex_type" if str(event.get("space", "")).startswith("hex@") else "action_space") in words.effects[name].kinds:
            yield f"the effect '{name}', which the vocabulary plays, is logged as not played ({p.where(i)})"


@invariant(DH, "victory-points-add-up", "The objective of the game is to obtain the most victory points. Players will "
           "collect victory points by ... collecting Influence points", f"{BASE}: Theme; {RR}: Reputation Overview",
           on=("end",))
def _vp_total(p: Played):
    for i, event in p.each("end"):
        for name, score in event["scores"].items():
            player = p.states[i]["players"][name]
            influence = score["influence_vp"] if isinstance(score["influence_vp"], int) else 0
            gained = player["goods"].get("victory-points", 0)
            if score.get("gained_vp", 0) != gained or score["known_vp"] != score["reputation_vp"] + influence + \
                    score.get("improved_town_vp", 0) + gained:
                yield f"{name}: {score['known_vp']} VP do not add up ({score}, {gained} Victory Points gained)"


@invariant(DH, "face-down-when-opposite", "all of his/her characters, of ... that opposite type, are turned face down and "
           "become inactive", f"{RR}: Controlling Black Hat (and) White Hat Characters", on=("gain",))
def _face_down(p: Played):
    both = bool(p.rules.get("reputation_both_types"))
    for i, state in enumerate(p.states):
        for name, player in state["players"].items():
            for cid, character in player["characters"].items():
                if character["face_up"] != _face_up(character, player, both):
                    yield f"{name}'s {cid} ({character['hat']} hat) is face {'up' if character['face_up'] else 'down'}" \
                          f" with status {player['status']} ({p.where(i)})"
                    return


# -- robbing -------------------------------------------------------------------------------------

@invariant(DH, "only-black-hats-rob", "This Action Space can only be robbed by Black Hat characters. Note: Neutral "
           "characters are never considered to be Black Hat characters", f"{RR}: Robbing Action Spaces 2", on=("rob",))
def _black_rob(p: Played):
    for i, event in p.each("rob"):
        character = _character(p.before(i), event["player"], event["character"]) or {}
        if character.get("hat") != "black":
            yield f"{event['character']} ({character.get('hat')} hat) robs ({p.where(i)})"


@invariant(DH, "rob-robbery-spaces", "Some of the new Action Spaces have a Robbery icon ... a player may announce that "
           "one of his/her Black Hat characters is Robbing an Action Space that has a Robbery icon.",
           f"{RR}: Robbing Action Spaces", on=("rob",))
def _rob_space(p: Played):
    spaces = p.start.get("spaces") or {}
    for i, event in p.each("rob"):
        if not (spaces.get(event["space"]) or {}).get("robbery"):
            yield f"{event['space']} has no Robbery icon but is robbed ({p.where(i)})"
        if event.get("phase") != "collection":
            yield f"a robbery outside the Collection Phase ({p.where(i)})"


@invariant(DH, "robbery-silver", "When a player collects from this Action Space they place 1 Silver on it from the "
           "Game Bank.", f"{RR}: Robbing Action Spaces 1", on=("robbery-silver",))
def _robbery_silver(p: Played):
    spaces = p.start.get("spaces") or {}
    per = p.rules.get("robbery_silver_per_collect", 1)
    pending = None
    for i, event in enumerate(p.events):
        kind = event.get("event")
        if kind == "collect" and (spaces.get(event["space"]) or {}).get("robbery") and per:
            pending = (i, event["space"], p.before(i)["robbery_silver"].get(event["space"], 0))
        elif kind == "robbery-silver" and pending:
            start, space, had = pending
            now = p.states[i]["robbery_silver"].get(space, 0)
            if now != had + per:
                yield f"{space} holds {now} Silver after a collection, not {had + per} ({p.where(i)})"
            pending = None
        elif kind in ("collect", "skip", "round", "end") and pending:
            yield f"no Silver placed on {pending[1]} after its collection ({p.where(pending[0])})"
            pending = None


@invariant(DH, "robber-is-wanted", "That player immediately places a Wanted token on that Black Hat character, unless "
           "the character already has one.", f"{RR}: Robbing Action Spaces", on=("rob",))
def _wanted(p: Played):
    for i, event in p.each("rob"):
        if not (_character(p.states[i], event["player"], event["character"]) or {}).get("wanted"):
            yield f"{event['character']} robs without a Wanted token ({p.where(i)})"


@invariant(DH, "rob-once-a-turn", "Robbing an Action Space is a unique ability and can only be performed by a Black Hat "
           "character that has not performed any other abilities during this turns Placement Phase or Collection Phase.",
           f"{RR}: Robbing Action Spaces", on=("rob",))
def _rob_once(p: Played):
    per_turn = p.rules.get("abilities_per_turn", 1)
    seen: Counter = Counter()
    for i, event in p.each("rob"):
        key = (event["round"], event["player"], event["character"])
        seen[key] += 1
        if seen[key] > per_turn:
            yield f"{event['character']} robs {seen[key]} times in round {event['round']} ({p.where(i)})"


@invariant(DH, "one-robbery-attempt-per-space", "Each player may only make one Robbery attempt per Action Space.",
           f"{RR}: Robbing Action Spaces", on=("rob",))
def _rob_space_once(p: Played):
    limit = p.rules.get("robbery_attempts_per_space", 1)
    seen: Counter = Counter()
    for i, event in p.each("rob"):
        key = (event["round"], event["player"], event["space"])
        seen[key] += 1
        if seen[key] > limit:
            yield f"{event['player']} attempts {event['space']} {seen[key]} times in round {event['round']} ({p.where(i)})"


@invariant(DH, "wild-wild-west-no-robbing", "Black Hat Character (Change/Restriction) – These characters cannot Rob "
           "Action Spaces", f"{RR}: Wild Wild West",
           on=("collect",), when=lambda q: not q.rules.get("black_hat_can_rob", True))
def _no_rob(p: Played):
    if p.rules.get("black_hat_can_rob", True):
        return
    for i, event in p.each("rob"):
        yield f"{event['character']} robs although Black Hat characters cannot rob here ({p.where(i)})"


@invariant(DH, "inactive-characters-do-nothing", "that opposite type, are turned face down and become inactive ... Captured, turned face down, and remain inactive the remainder of the game",
           f"{RR}: Controlling Characters; Capturing Characters", on=("rob", "challenge"))
def _inactive(p: Played):
    both = bool(p.rules.get("reputation_both_types"))
    for i, event in p.each("rob", "challenge"):
        owner = event["player"]
        cid = event["character"] if event["event"] == "rob" else event["challenger"]
        if cid in _with_power(p, "challenge-wanted"):
            continue
        player = p.before(i)["players"][owner]
        character = player["characters"].get(cid)
        if character is None or not _face_up(character, player, both):
            yield f"{owner}'s {cid}, face down or captured, {'robs' if event['event'] == 'rob' else 'challenges'} ({p.where(i)})"


# -- challenges and gunfights ---------------------------------------------------------------------

def _abilities_before(p: Played, i: int, owner: str, character: str) -> int:
    round_ = p.events[i]["round"]
    # robbing and challenging are each an ability ("A character making a Challenge must not have
    # performed ANY abilities this turn")
    return sum(1 for e in p.events[:i] if e["round"] == round_ and e.get("player") == owner and (
        (e.get("event") == "rob" and e["character"] == character)
        or (e.get("event") == "challenge" and e["challenger"] == character)))


@invariant(DH, "challenger-fresh", "Any character that has not performed any abilities this turn, and has one or more "
           "... symbols, can issue a Challenge", f"{RR}: Challenging Characters (the symbol, pictured, read as Combat)",
           on=("challenge",))
def _challenger(p: Played):
    for i, event in p.each("challenge"):
        if event["challenger"] in _with_power(p, "challenge-wanted"):
            continue
        character = _character(p.before(i), event["player"], event["challenger"]) or {}
        if not character.get("gunfight", {}).get("combat"):
            yield f"{event['challenger']} challenges without Combat icons ({p.where(i)})"
        if _abilities_before(p, i, event["player"], event["challenger"]):
            yield f"{event['challenger']} challenges after performing an ability this turn ({p.where(i)})"


@invariant(DH, "challenge-an-opponent", "A player that announces a Challenge selects one of his/her characters and an "
           "opponent's character", f"{RR}: Challenging Characters", on=("challenge",))
def _opponent(p: Played):
    for i, event in p.each("challenge"):
        owner = next((n for n, pl in p.before(i)["players"].items() if event["challenged"] in pl["characters"]), None)
        if owner == event["player"]:
            yield f"{event['player']} challenges their own {event['challenged']} ({p.where(i)})"


@invariant(DH, "marshal-once-a-turn", "Each player may only use an ability on a card, token or Action Space ONCE per "
           "turn ... This token acts like a character but its only ability is to Challenge", f"{RR}: Card Abilities and Timing 2; Marshal",
           on=("challenge",))
def _marshal_once(p: Played):
    per_turn = p.rules.get("abilities_per_turn", 1)
    seen: Counter = Counter()
    for i, event in p.each("challenge"):
        if event["challenger"] in _with_power(p, "challenge-wanted"):
            seen[(event["round"], event["player"])] += 1
            if seen[(event["round"], event["player"])] > per_turn:
                yield f"{event['player']}'s Marshal token challenges again in round {event['round']} ({p.where(i)})"


@invariant(DH, "marshal-challenges-wanted", "The token can announce a Challenge against any character with a Wanted "
           "token", f"{RR}: Marshal Token", on=("challenge",))
def _marshal_wanted(p: Played):
    for i, event in p.each("challenge"):
        if event["challenger"] not in _with_power(p, "challenge-wanted"):
            continue
        if "@" in event["challenged"]:      # an outlaw on the board: a Wild Wild West Challenge, below
            continue
        if event["challenger"] not in p.before(i)["players"][event["player"]]["roles"]:
            yield f"{event['player']} challenges with a Marshal token they do not hold ({p.where(i)})"
        target = next((pl["characters"][event["challenged"]] for pl in p.before(i)["players"].values()
                       if event["challenged"] in pl["characters"]), None)
        if target is not None and not target.get("wanted"):
            yield f"the Marshal token challenges {event['challenged']}, who has no Wanted token ({p.where(i)})"


@invariant(DH, "one-holder-per-role", "receive 2 White Hat tokens and the Marshal Special Role token ... Special Role "
           "Tokens (Marshal, Inventor & Carnival)", f"{RR}: Marshal; Component List", on=("effect",))
def _roles(p: Played):
    for i, event in p.each("effect"):
        if event.get("effect") != "take-special-role":
            continue
        holders = Counter(role for pl in p.states[i]["players"].values() for role in pl["roles"])
        for role, n in holders.items():
            if n > 1:
                yield f"{n} players hold the {role} ({p.where(i)})"


def _sides(p: Played, i: int):
    """The two sides of the gunfight logged at event ``i``, from the state at its challenge."""
    event = p.events[i]
    j = max(k for k in range(i) if p.events[k].get("event") == "challenge")
    state = p.before(j)
    tokens = p.start.get("fighters") or {}

    def side(owner_hint: str | None, cid: str):
        if "@" in cid:                          # an outlaw on the board (Wild Wild West)
            kind, at = cid.split("@")
            return dict(tokens.get(kind, {})), (state.get("outlaws") or {}).get(at, {}).get("wounds", 0)
        if cid in tokens and cid not in {c for pl in state["players"].values() for c in pl["characters"]}:
            return dict(tokens[cid]), 0
        for pl in state["players"].values():
            if cid in pl["characters"]:
                c = pl["characters"][cid]
                return dict(c["gunfight"]), c["wounds"]
        return {}, 0
    return side(event["player"], event["challenger"]), side(None, event["challenged"])


@invariant(DH, "gunfight-rounds", "If a character's Gunfight roll is 2 or more than his/her opponent's, then the "
           "opponent's character receives a Wound token and the Gunfight ends. If neither Gunfight roll result is 2 or "
           "more, then the Gunfight is a draw and the characters will enter a second and final gunfight round.",
           f"{RR}: Gunfights", on=("gunfight",))
def _gunfight(p: Played):
    r = p.rules
    margin, per_wound, rounds = r["win_margin"], r["wound_modifier"], r["gunfight_rounds"]
    for i, event in p.each("gunfight"):
        (a, wa), (b, wb) = _sides(p, i)
        steps = event["dice"]
        outcome = None
        flee_on = r["weak_kneed_flees_on"]
        by_round: dict[int, list[dict]] = defaultdict(list)
        for step in steps:
            by_round[step["round"]].append(step)
        where = p.where(i)
        for number in sorted(by_round):
            if number > rounds:
                yield f"a gunfight round {number} of at most {rounds} ({where})"
            entries = by_round[number]
            flees = [s for s in entries if s.get("phase") in ("challenged", "flee-a", "flee-b")]
            for s in flees:
                who = "b" if s["phase"] in ("challenged", "flee-b") else "a"
                if not (a if who == "a" else b).get("weak_kneed"):
                    yield f"a flee roll for a side that is not Weak-Kneed ({where})"
                if s["die"] >= flee_on:
                    outcome = f"{who}_flees"
            if outcome:
                break
            roll = next((s for s in entries if "a" in s and "b" in s), None)
            if roll is None:
                yield f"round {number} has no roll ({where})"
                break
            if len(roll["a"]) != a.get("combat", 0) or len(roll["b"]) != b.get("combat", 0):
                yield f"round {number}: {len(roll['a'])} and {len(roll['b'])} dice for Combat {a.get('combat')} and " \
                      f"{b.get('combat')} ({where})"
            totals = {"a": sum(roll["a"]), "b": sum(roll["b"])}
            for s in entries:
                if s.get("phase") in ("reroll-a", "reroll-b"):
                    who = s["phase"][-1]
                    dice = roll[who]
                    if not (a if who == "a" else b).get("deadly"):
                        yield f"a re-roll for a side that is not Deadly ({where})"
                    if dice:
                        totals[who] += s["die"] - min(dice)
            d = (totals["a"] + a.get("duel", 0) + per_wound * wa) - (totals["b"] + b.get("duel", 0) + per_wound * wb)
            for s in entries:
                if "engineer" in s:
                    d += s["bonus"] if s["engineer"] == "a" else -s["bonus"]
            result = "a_wins" if d >= margin else "b_wins" if d <= -margin else None
            if result:
                outcome = result
                if number != max(by_round):
                    yield f"the gunfight goes on after round {number} was won ({where})"
                break
        outcome = outcome or "draw"
        if outcome != event["outcome"]:
            yield f"the dice give {outcome}, the log says {event['outcome']} ({where})"


@invariant(DH, "wound-on-a-lost-gunfight", "Characters receive a Wound token if they lose a Gunfight.",
           f"{RR}: Gunfight Overview (Wound)", on=("gunfight",))
def _wound(p: Played):
    for i, event in p.each("gunfight"):
        loser = {"a_wins": event["challenged"], "b_wins": event["challenger"]}.get(event["outcome"])
        if loser is None or loser in _with_power(p, "challenge-wanted"):
            continue
        k = i + 1
        while k < len(p.events) and p.events[k].get("event") == "token":    # an Engineer token spent in the fight
            k += 1
        nxt = p.events[k] if k < len(p.events) else {}
        if nxt.get("event") != "wound" or nxt.get("character") != loser:
            yield f"{loser} loses a gunfight and takes no Wound token ({p.where(i)})"
            continue
        if "@" in loser:
            at = loser.split("@")[1]
            before, after = p.states[i]["outlaws"].get(at), p.states[k]["outlaws"].get(at)
        else:
            before = next((pl["characters"][loser] for pl in p.states[i]["players"].values()
                           if loser in pl["characters"]), None)
            after = next((pl["characters"][loser] for pl in p.states[k]["players"].values()
                          if loser in pl["characters"]), None)
        if before is not None and after is not None and after["wounds"] != before["wounds"] + 1:
            yield f"{loser} goes from {before['wounds']} to {after['wounds']} Wounds ({p.where(k)})"


@invariant(DH, "captured-at-the-second-wound", "Characters that receive a second Wound token, or a third Wound token if "
           "a character has the Tough symbol, are considered Captured", f"{RR}: Capturing Characters", on=("wound",))
def _captured(p: Played):
    for i, state in enumerate(p.states):
        event = p.events[i]
        for name, player in state["players"].items():
            for cid, c in player["characters"].items():
                if event.get("event") == "wound" and event.get("character") == cid:
                    continue    # logged between the wound and the capture it brings
                limit = p.rules["wounds_to_capture_tough"] if c["gunfight"].get("tough") else p.rules["wounds_to_capture"]
                if (c["wounds"] >= limit) != c["captured"]:
                    yield f"{name}'s {cid} has {c['wounds']} Wound(s) and is {'' if c['captured'] else 'not '}captured " \
                          f"({p.where(i)})"
                    return


@invariant(DH, "capture-reward", "Players that capture an opponent's character will receive 2 Reputation tokens as well "
           "as the Wanted token on the ... character, if available. ... can be Captured like a regular Black Hat "
           "character for a reward of 1 Reputation, 1 Silver and the Wanted token itself ... for a reward of 2 "
           "Reputation and 3 Silver", f"{RR}: Capturing Characters; Wild Wild West", on=("captured",))
def _capture_reward(p: Played):
    for i, event in p.each("captured"):
        captor = event["player"]
        if captor is None:                  # captured by an outlaw: nobody collects
            continue
        reward = p.rules.get("capture_reward") or {}
        wanted = False
        if "@" in event["character"]:       # Wild Wild West's outlaws: their own rewards
            kind = event["character"].split("@")[0]
            reward = p.rules.get("wanted_token_capture_reward" if kind == "wanted-token" else
                                 "outlaw_town_capture_reward") or {}
        else:
            wanted = (_character(p.before(i), event["owner"], event["character"]) or {}).get("wanted")
        j = i
        while j + 1 < len(p.events) and p.events[j + 1].get("event") in ("gain", "refused") \
                and p.events[j + 1].get("player") == captor:
            j += 1
        before, after = p.states[i]["players"][captor], p.states[j]["players"][captor]
        reputation = reward.get("any-reputation", 0) + reward.get("white-hat", 0) + reward.get("black-hat", 0)
        got = (after["white_hat"] + after["black_hat"]) - (before["white_hat"] + before["black_hat"])
        refused = any(e.get("event") == "refused" for e in p.events[i + 1:j + 1])
        if got != reputation and not refused:
            yield f"{captor} gains {got} Reputation for a capture, not {reputation} ({p.where(i)})"
        for good in sorted(set(reward) - {"any-reputation", "white-hat", "black-hat"} | {"wanted-token"}):
            got = after["goods"].get(good, 0) - before["goods"].get(good, 0)
            expected = reward.get(good, 0) + (1 if good == "wanted-token" and wanted
                                              and p.rules.get("capture_takes_wanted_token") else 0)
            if got != expected:
                yield f"{captor} takes {got} {good} for capturing {event['character']}, not {expected} ({p.where(i)})"


@invariant(DH, "captured-stay-captured", "Characters that receive a second Wound token ... are considered Captured, "
           "turned face down, and remain inactive the remainder of the game.", f"{RR}: Capturing Characters",
           on=("captured",))
def _stay(p: Played):
    captured: set[tuple[str, str]] = set()
    for i, state in enumerate(p.states):
        for name, player in state["players"].items():
            for cid, c in player["characters"].items():
                if c["captured"]:
                    captured.add((name, cid))
                elif (name, cid) in captured:
                    yield f"{name}'s {cid} is no longer captured ({p.where(i)})"
                    return


@invariant(DH, "flee-costs-reputation", "On a result of 4+ they flee from combat, which immediately ends the gunfight, "
           "and you lose 1 Reputation token, if possible.", f"{RR}: Gunfight Overview (Weak-Kneed)", on=("gunfight",))
def _flee(p: Played):
    loss = p.rules.get("flee_reputation_loss", 1)
    for i, event in p.each("gunfight"):
        if event["outcome"] not in ("a_flees", "b_flees"):
            continue
        fled = event["challenger"] if event["outcome"] == "a_flees" else event["challenged"]
        owner = next((n for n, pl in p.states[i]["players"].items() if fled in pl["characters"]), None)
        if owner is None:
            continue
        j = i
        while j + 1 < len(p.events) and p.events[j + 1].get("event") == "flee-penalty":
            j += 1
        before, after = p.states[i]["players"][owner], p.states[j]["players"][owner]
        had = before["white_hat"] + before["black_hat"]
        lost = had - (after["white_hat"] + after["black_hat"])
        if lost != min(loss, had):
            yield f"{owner} loses {lost} Reputation when {fled} flees, not {min(loss, had)} ({p.where(i)})"


# -- the end ----------------------------------------------------------------------------------------

def _trigger(p: Played, state: dict) -> str | None:
    target = p.rules.get("influence_game_end")
    pieces = p.rules.get("pieces_per_player") or {}
    has_map = bool(state.get("pieces")) or any(e.get("event") == "build" for e in p.events)
    if p.states and p.states[0].get("outlaws") and not state.get("outlaws"):
        return "every outlaw captured"
    for name, player in state["players"].items():
        if isinstance(target, int) and player["influence"] >= target:
            return f"{name} reached {target} Influence"
        if has_map and pieces and len(_pieces(state, name, "town")) + len(_pieces(state, name, "city")) >= \
                pieces.get("town", 0) + pieces.get("city", 0):
            return f"{name} built all their towns and cities"
    return None


@invariant(DH, "game-end-triggers", "The game ends when one player has built all of their cities and towns, or when a "
           "player reaches the Game End token on the Influence track. ... In addition to the standard End Game triggers "
           "the game ends if all Wanted tokens and both the Outlaw Hideout and Ghost Town Mystery Hex is removed.",
           f"{PUBLIC}: 1.2 end of game; {RR}: Wild Wild West", on=("end",))
def _end(p: Played):
    for i, event in p.each("round"):
        if event["round"] > 1:
            met = _trigger(p, p.before(i))
            if met:
                yield f"round {event['round']} starts although {met} ({p.where(i)})"
    for i, event in p.each("end"):
        met = _trigger(p, p.states[i])
        limit = "round(s) played" in (event.get("why") or "")
        if not limit and not met:
            yield f"the game ends ({event.get('why')}) with no end trigger met"


# -- tokens and special dice ---------------------------------------------------------------------

@invariant(DH, "one-token-of-a-type-a-turn", "Players can only use each ability, token type, card type once, e.g., one "
           "Wild Die token, one Engineer token", f"{RR}: Card Abilities and Timing 2", on=("token",))
def _token_once(p: Played):
    per_turn = p.rules.get("abilities_per_turn", 1)
    seen: Counter = Counter()
    for i, event in p.each("token"):
        key = (event["round"], event["player"], event["token"])
        seen[key] += 1
        if seen[key] > per_turn:
            yield f"{event['player']} uses a {event['token']} again in round {event['round']} ({p.where(i)})"
        if event.get("spent") and p.before(i)["players"][event["player"]]["goods"].get(event["token"], 0) < 1:
            yield f"{event['player']} spends a {event['token']} they do not hold ({p.where(i)})"
    for _i, event in p.each("boot"):     # a token given back with the dice it placed is not a use
        for token in ("engineer-token",):
            if token in (event.get("uses") or []):
                seen[(event["round"], event["forced"], token)] -= 1


@invariant(DH, "influence-for-reputation", "At any time, players may lose 1 Influence to gain any 4 Reputation.",
           f"{RR}: Reputation Overview", on=("trade-influence",))
def _trade(p: Played):
    trade = p.rules.get("influence_for_reputation") or {"pay_influence": 1, "gain_reputation": 4}
    both = p.rules.get("reputation_both_types")
    for i, event in p.each("trade-influence"):
        before, after = p.before(i)["players"][event["player"]], p.states[i]["players"][event["player"]]
        hat, other = event["hat"], "black" if event["hat"] == "white" else "white"
        cancelled = 0 if both else min(before[f"{other}_hat"], trade["gain_reputation"])
        expected = (before["influence"] - trade["pay_influence"], before[f"{hat}_hat"] + trade["gain_reputation"] - cancelled,
                    before[f"{other}_hat"] - cancelled)
        got = (after["influence"], after[f"{hat}_hat"], after[f"{other}_hat"])
        if got != expected or before["influence"] < trade["pay_influence"]:
            yield f"{event['player']} trades Influence for {hat} Reputation: {got} (Influence, {hat}, {other}), " \
                  f"not {expected} ({p.where(i)})"


@invariant(DH, "inventor-die", "a player may physically turn the die to a result that is one lower or higher ... "
           "If a player chooses to turn the die, then he/she must use that die by itself ... Players cannot modify the "
           "Inventor die once the special ability on it has been used ... Players cannot modify a result of 1 to a 6 and "
           "vice versa.", f"{RR}: Inventor Token", on=("turn-inventor-die",))
def _inventor(p: Played):
    steps = p.rules.get("inventor_die_turn", 1)
    turned: set = set()
    for i, event in p.each("turn-inventor-die", "place", "roll"):
        name, kind = event["player"], event["event"]
        before = p.before(i)["players"][name]
        if kind == "roll":
            if "inventor" in event and not _with_power(p, "inventor-die") & set(before["roles"]):
                yield f"{name} rolls an Inventor die without the Inventor token ({p.where(i)})"
            continue
        if kind == "turn-inventor-die":
            a, b = event["from"], event["to"]
            if (event["round"], name) in turned or not 0 < abs(a - b) <= steps or {a, b} == set(p.rules["inventor_never_turns_between"]) \
                    or before.get("inventor_die") != a:
                yield f"{name} turns the Inventor die from {a} to {b} ({p.where(i)})"
            turned.add((event["round"], name))
        elif "inventor-die" in (event.get("uses") or []) and (event["round"], name) in turned \
                and p.rules.get("inventor_turned_die_alone", True) and len(event["dice"]) != 1:
            yield f"{name} places the turned Inventor die with other dice {event['dice']} ({p.where(i)})"


@invariant(DH, "carnival-die", "you may pay 1 Food resource and 1 Silver to the Game Bank to immediately claim and roll "
           "the white (four sided) Carnival Die ... pay an additional Silver and Food resource to roll the die and claim "
           "a different Action space", f"{RR}: Carnival Token", on=("carnival-die",))
def _carnival(p: Played):
    cost = p.rules.get("carnival_roll_cost") or {}
    faces = p.rules.get("carnival_die_faces", 4)
    for i, event in p.each("carnival-die"):
        name = event["player"]
        if not 1 <= event["die"] <= faces:
            yield f"the Carnival die shows {event['die']} ({p.where(i)})"
        j = i - 1
        paid: Counter = Counter()
        while j >= 0 and p.events[j].get("event") in ("pay", "convert", "carnival-die-off"):
            if p.events[j]["event"] == "pay" and p.events[j]["player"] == name:
                paid[p.events[j]["good"]] += p.events[j]["amount"]
            j -= 1
        if dict(paid) != dict(cost):
            yield f"{name} rolls the Carnival die having paid {dict(paid)}, not {cost} ({p.where(i)})"
        if not _with_power(p, "carnival-die") & set(p.states[i]["players"][name]["roles"]):
            yield f"{name} rolls the Carnival die without the Carnival token ({p.where(i)})"
        nxt = p.events[i + 1] if i + 1 < len(p.events) else {}
        if nxt.get("event") == "place" and (nxt.get("space") == event.get("away") or nxt.get("dice") != [event["die"]]):
            yield f"the Carnival die claims {nxt.get('space')} with {nxt.get('dice')} ({p.where(i + 1)})"


@invariant(DH, "cowboy-boot", "You may use this token to force an opponent's die/dice off an Action Space that you are "
           "claiming. The player forced off the Action Space takes his/her die/dice, as well as any tokens used to place "
           "those dice. That player immediately claims a new Action Space", f"{RR}: Saloon: Cowboy Boot Token",
           on=("boot",))
def _boot(p: Played):
    for i, event in p.each("boot"):
        before = p.before(i)
        holders = {who for who, *_ in before["claims"].get(event["space"], [])}
        if event["player"] not in holders or event["forced"] not in holders or event["forced"] == event["player"]:
            yield f"{event['player']} forces {event['forced']} off {event['space']} held by {sorted(holders)} ({p.where(i)})"
        if before["players"][event["player"]]["goods"].get("cowboy-boot-token", 0) < 1:
            yield f"{event['player']} uses a Cowboy Boot token they do not hold ({p.where(i)})"
        after = p.states[i]["players"][event["forced"]]
        if not _sub_multiset([d for d in event["dice"]], after["dice"] + [x for x in (after.get("inventor_die"),
                                                                                      after.get("carnival_die")) if x]):
            yield f"{event['forced']} does not get back {event['dice']} ({p.where(i)})"
        nxt = next((e for e in p.events[i + 1:] if e.get("event") in ("place", "no-claim", "pass", "collection")), {})
        if nxt.get("player") != event["forced"] or nxt.get("event") not in ("place", "no-claim") \
                or nxt.get("space") == event["space"]:
            yield f"{event['forced']} does not claim a new space at once after the Cowboy Boot ({p.where(i)})"


@invariant(DH, "outlaw-challenges", "At the start of the Placement Phase, before any dice have been placed, each player "
           "may announce one Challenge against a Wanted token or the Mystery Hexes", f"{RR}: Wild Wild West: Challenges",
           on=("challenge",), when=lambda q: q.rules.get("placement_challenges_per_player"))
def _outlaw_challenges(p: Played):
    limit = p.rules.get("placement_challenges_per_player", 0)
    seen: Counter = Counter()
    placed: set = set()
    for i, event in enumerate(p.events):
        if event.get("event") == "place":
            placed.add(event["round"])
        if event.get("event") != "challenge" or "@" not in event["challenged"]:
            continue
        seen[(event["round"], event["player"])] += 1
        if seen[(event["round"], event["player"])] > limit:
            yield f"{event['player']} challenges an outlaw again in round {event['round']} ({p.where(i)})"
        if event["round"] in placed or event.get("phase") != "challenges":
            yield f"a Challenge of an outlaw after dice were placed ({p.where(i)})"
        at = event["challenged"].split("@")[1]
        if at not in (p.before(i).get("outlaws") or {}):
            yield f"{event['challenged']} is not on the board ({p.where(i)})"


@invariant(DH, "no-building-by-outlaws", "players cannot build a Town/City next to, or on top of, a hex with a Wanted "
           "token or a Mystery Hex until that token/hex has been removed.", f"{RR}: Wild Wild West: Town/City (Restriction)",
           on=("build",), when=lambda q: "wanted-exclusion" in (q.start.get("placement_rules") or []))
def _outlaw_neighbours(p: Played):
    for i, event in p.each("build"):
        if event["piece"] not in ("town", "city"):
            continue
        for hex_, here in p.before(i)["pieces"].items():
            if any(who is None for who, _ in here) and hex_distance(_at(hex_), event["at"]) <= 1:
                yield f"{event['player']} builds a {event['piece']} at {event['at']}, next to or on {[w for _, w in here]} " \
                      f"at [{hex_}] ({p.where(i)})"


@invariant(DH, "towns-and-cities-where-they-go", "Resource Hex – ... Only towns can be placed on this type of hex. ... "
           "Non-Resource Hex – ... Only cities can be placed on this type of hex.", f"{BASE}: Territory Map",
           on=("build",))
def _terrain(p: Played):
    hexes = (p.start.get("territory") or {}).get("hexes") or {}
    for i, event in p.each("build"):
        kind = hexes.get(f"{event['at'][0]},{event['at'][1]}")
        if kind is None:
            continue
        if event["piece"] == "town" and kind not in ("resource", "safe-zone", "rugged-resource", "mystery"):
            yield f"a town on a {kind} hex at {event['at']} ({p.where(i)})"
        if event["piece"] == "city" and kind != "non-resource":
            yield f"a city on a {kind} hex at {event['at']} ({p.where(i)})"


@invariant(DH, "first-city-in-a-safe-zone-area", "Players must place their first city in a Safe Zone area.",
           f"{RR}: Wild Wild West: Setup", on=("build",),
           when=lambda q: "first-city-safe-zone" in (q.start.get("placement_rules") or []))
def _safe_zone(p: Played):
    hexes = (p.start.get("territory") or {}).get("hexes") or {}
    zones = [_at(h) for h, kind in hexes.items() if kind == "safe-zone"]
    area = p.rules.get("safe_zone_area_distance", 1)
    firsts: set = set()
    for i, event in p.each("build"):
        if event["piece"] == "city" and event["player"] not in firsts:
            firsts.add(event["player"])
            if not zones or min(hex_distance(z, event["at"]) for z in zones) > area:
                yield f"{event['player']}'s first city at {event['at']} is not in a Safe Zone area ({p.where(i)})"


@invariant(DH, "improved-town-hexes", "Instead of placing the Town, the player places an Improved Town hex on a "
           "Resource Hex, with a Town, that they control. These hexes may only be placed on matching resource hexes. "
           "... a player can only have one Improved Town Hex token per City that they control. ... Players also "
           "receive 1 VP during End Game scoring for each of these hexes.", f"{RR}: Variant: Improved Town Hexes",
           on=("build",), when=lambda q: q.rules.get("improved_town_tiles"))
def _improved(p: Played):
    for i, event in p.each("build"):
        if event["piece"] != "improved-town":
            continue
        before, after = p.before(i), p.states[i]
        here = before["pieces"].get(f"{event['at'][0]},{event['at'][1]}", [])
        if [event["player"], "town"] not in here:
            yield f"{event['player']}'s Improved Town at {event['at']} is not on a town of theirs ({p.where(i)})"
        if len(_pieces(after, event["player"], "improved-town")) > len(_pieces(after, event["player"], "city")):
            yield f"{event['player']} has more Improved Town hexes than cities ({p.where(i)})"
        if len(_pieces(after, None, "improved-town")) > p.rules["improved_town_tiles"]:
            yield f"more Improved Town hexes than the {p.rules['improved_town_tiles']} in the game ({p.where(i)})"
        if event.get("round", 0) == 0:
            yield f"an Improved Town hex at setup ({p.where(i)})"
    for i, event in p.each("end"):
        for name, score in event["scores"].items():
            count = len(_pieces(p.states[i], name, "improved-town"))
            if score.get("improved_town_vp") != count * p.rules.get("improved_town_victory_points", 1):
                yield f"{name} scores {score.get('improved_town_vp')} VP for {count} Improved Town hex(es)"


# -- Mystery Hexes --------------------------------------------------------------------------------

@invariant(DH, "mystery-hex-access", "Mystery Hexes cannot be used unless you have access to them by rail or a City "
           "that you control.", f"{RR}: Variant: Mystery Hexes 1", on=("place",),
           when=lambda q: bool(q.start.get("mystery_types")))
def _mystery_access(p: Played):
    for i, event in p.each("place"):
        if not event["space"].startswith("hex@"):
            continue
        at = _at(event["space"][4:])
        cities = _pieces(p.before(i), event["player"], "city")
        if not any(hex_distance(c, at) <= 1 for c in cities):
            yield f"{event['player']} uses the Mystery Hex at {list(at)} with no City on or next to it ({p.where(i)})"


@invariant(DH, "mystery-hex-tokens", "to immediately remove one token, place it in the Game Bank, and perform one of the "
           "actions ... Mystery Hexes with tokens on them are removed from the game once all of the tokens have been "
           "claimed.", f"{RR}: Variant: Mystery Hexes; Buffalo Herd; Native American; Outlaw Hideout",
           on=("mystery",), when=lambda q: bool(q.start.get("mystery_types")))
def _mystery_tokens(p: Played):
    for i, event in p.each("mystery"):
        before = (p.before(i).get("mystery") or {}).get(event["hex"])
        if before is None:
            yield f"{event['player']} uses a Mystery Hex that is not on the board ({p.where(i)})"
            continue
        had = before["tokens"]
        if had is None:       # revealed by this use: the hex's tokens are placed first
            had = ((p.start.get("mystery_types") or {}).get(before["type"], {}).get("tokens") or {}).get("count")
        if had is not None and event["tokens"] != had - 1:
            yield f"the {before['type']} had {had} token(s) and has {event['tokens']} after one use ({p.where(i)})"
        if event["tokens"] == 0:
            later = next((e for e in p.events[i + 1:] if e.get("event") in ("mystery-removed", "round")), {})
            if later.get("event") != "mystery-removed":
                yield f"the {before['type']} stays on the board with no token left ({p.where(i)})"


@invariant(DH, "mobile-hexes-move", "IMPORTANT: Once you collect from this hex you must move the hex and tokens as "
           "referenced in \"Mobile Mystery Hexes.\" ... Moving a Mobile Mystery Hex onto a City or Town is illegal.",
           f"{RR}: Buffalo Herd; Native American; Mobile Mystery Hexes", on=("mystery",),
           when=lambda q: bool(q.start.get("mystery_types")))
def _mobile(p: Played):
    types = p.start.get("mystery_types") or {}
    for i, event in p.each("mystery"):
        if not types.get(event["type"], {}).get("mobile") or event["tokens"] == 0:
            continue
        moved = next((k for k in range(i + 1, len(p.events)) if p.events[k].get("event") in ("mystery-moved",
                                                                                           "place", "round")), None)
        if moved is None or p.events[moved]["event"] != "mystery-moved":
            yield f"the {event['type']} does not move after its use ({p.where(i)})"
            continue
        start, to = _at(event["hex"]), tuple(p.events[moved]["to"])
        if hex_distance(start, to) > 1:
            yield f"the {event['type']} jumps from {list(start)} to {list(to)} ({p.where(moved)})"
        here = p.before(moved)["pieces"].get(f"{to[0]},{to[1]}", [])
        if to != start and any(what in ("town", "city", "improved-town") for _, what in here):
            yield f"the {event['type']} moves onto a town or city at {list(to)} ({p.where(moved)})"
