"""Western Legends invariants, each a sentence of the rules text checked on a replayed log. The
numbers come from the ruleset the log's first event records (a house rule changes what is
checked), never from the engine; the map, the items and the cards' fight values come from the
first event too."""
from __future__ import annotations

from collections import Counter

from .invariants import Played, invariant

WL = "western-legends"
TEXT = "Western Legends"
ACTIONS = ("work", "move", "card-action", "buy", "upgrade", "deposit", "heal", "revel", "heist", "take-cattle")
TURN_ENDS = ("start-of-turn", "end-of-turn", "final-scoring", "round")


def _king(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _turns(p: Played):
    """Each turn as (player, index of start-of-turn, index of end-of-turn or the log's end)."""
    start = None
    for i, event in enumerate(p.events):
        if event.get("event") == "start-of-turn":
            start = (event["player"], i)
        elif event.get("event") == "end-of-turn" and start and start[0] == event["player"]:
            yield start[0], start[1], i
            start = None


def _reduced(p: Played, value: int, weapon: str | None) -> int:
    item = (p.start.get("items") or {}).get(weapon or "", {})
    reduction = item.get("fight_reduction", 0)
    floor = p.rules.get("minimum_reduced_value", 2)
    return max(floor, value - reduction) if value > floor else value


def _next(p: Played, i: int, kinds, player: str | None = None, stop=TURN_ENDS) -> int | None:
    """The index of the next event of ``kinds`` (by ``player``) after ``i``, before one of ``stop``."""
    for j in range(i + 1, len(p.events)):
        event = p.events[j]
        if event.get("event") in kinds and (player is None or event.get("player") == player):
            return j
        if event.get("event") in stop:
            return None
    return None


# -- limits --------------------------------------------------------------------------------------

@invariant(WL, "general-limits", "Players can have a max of 4 gold nuggets. Players can have a max of $120. You may "
           "have a max of 3 misc. items. Players may never own more than 1 copy of any item at a time. You can have a "
           "max of 3 wounds. Players can have a max of 1 cattle token at a time.", f"{TEXT}: General Rules",
           on=("move", "work", "buy", "fight", "deposit", "robbed", "arrested"))
def _limits(p: Played):
    r = p.rules
    items = p.start.get("items") or {}
    for i, state in enumerate(p.states):
        for name, pl in state["players"].items():
            misc = sum(n for item, (n, _) in pl["items"].items() if items.get(item, {}).get("type") == "misc")
            broken = [what for what, bad in (
                ("gold nuggets", pl["nuggets"] > r["max_gold_nuggets"]), ("money", pl["money"] > r["max_money"]),
                ("misc. items", misc > r["max_misc_items"]), ("wounds", pl["wounds"] > r["max_wounds"]),
                ("copies of an item", any(n > r["max_copies_per_item"] for n, _ in pl["items"].values())),
                ("cattle tokens", pl["cattle"] > r["max_cattle_tokens"]),
                ("money below 0", pl["money"] < 0), ("gold nuggets below 0", pl["nuggets"] < 0)) if bad]
            if broken:
                yield f"{name} has too many {', '.join(broken)} ({p.where(i)})"
                return


@invariant(WL, "marshal-or-wanted", "Players may never have both marshal and wanted points.",
           f"{TEXT}: Appendix: Marshal/Wanted Points", on=("marshal", "wanted"))
def _both(p: Played):
    spaces = p.rules.get("track_spaces", 9)
    for i, state in enumerate(p.states):
        for name, pl in state["players"].items():
            if pl["marshal"] and pl["wanted"]:
                yield f"{name} has {pl['marshal']} marshal and {pl['wanted']} wanted points ({p.where(i)})"
                return
            if pl["marshal"] > spaces or pl["wanted"] > spaces:
                yield f"{name} is past the {spaces}th space of a track ({p.where(i)})"
                return


@invariant(WL, "hand-limit-at-end-of-turn", "Players can have a max of 5 poker cards - 1 card for each wound. This is "
           "only enforced at the end of your turn.", f"{TEXT}: General Rules; End of Turn Phase 2", on=("end-of-turn",))
def _hand(p: Played):
    r = p.rules
    for i, event in p.each("end-of-turn"):
        pl = p.states[i]["players"][event["player"]]
        limit = max(0, r["hand_size"] + r["hand_size_per_wound"] * pl["wounds"])
        if len(pl["hand"]) > limit:
            yield f"{event['player']} ends the turn with {len(pl['hand'])} cards, {pl['wounds']} wound(s) ({p.where(i)})"


# -- the turn ------------------------------------------------------------------------------------

@invariant(WL, "start-of-turn-choice", "Choose 1: Gain $20 (or) Draw 2 poker cards (or) Gain $10 and draw 1 poker "
           "card", f"{TEXT}: Start of Turn Phase", on=("start-of-turn",))
def _start(p: Played):
    choices = p.rules.get("start_of_turn_choices") or []
    for i, event in p.each("start-of-turn"):
        if event["choice"] not in choices:
            yield f"{event['player']} chooses {event['choice']} at the start of the turn ({p.where(i)})"


@invariant(WL, "three-actions", "Choose 3 actions to take during this phase.", f"{TEXT}: Action Phase",
           on=("start-of-turn",))
def _actions(p: Played):
    limit = p.rules["actions_per_turn"]
    for name, first, last in _turns(p):
        count, previous = 0, None
        for event in p.events[first + 1:last]:
            kind = event.get("event")
            if event.get("player") == name and (kind in ACTIONS or (kind == "fight" and event.get("player") == name)
                                                or (kind == "prospect-die" and previous != "prospect-die")):
                count += 1
            if kind == "poker" and event.get("player") == name:
                count += 1
            previous = kind
        if count > limit:
            yield f"{name} takes {count} actions in one turn ({p.where(first)})"


@invariant(WL, "one-reputation-card-a-turn", "Players can play a max of 1 \"Reputation\" card on their turn.",
           f"{TEXT}: General Rules", on=("card-action",))
def _reputation_cards(p: Played):
    reputation = set(p.rules.get("reputation_cards") or [])
    seen: Counter = Counter()
    for i, event in p.each("card-action", "start-of-turn"):
        if event["event"] == "start-of-turn":
            seen = Counter()
        elif event["ability"] in reputation:
            seen[event["player"]] += 1
            if seen[event["player"]] > p.rules["max_reputation_cards_per_turn"]:
                yield f"{event['player']} plays a second Reputation card this turn ({p.where(i)})"


@invariant(WL, "movement", "Players without a mount have a movement of 2. Players with a mount have the movement "
           "value on the horse instead (not in addition to). Movement can be orthogonal or diagonal. You cannot move "
           "into a space outlined by a red dashed line. ... Wanted players cannot move onto a space with the sheriff.",
           f"{TEXT}: Move; General Rules", on=("move",))
def _move(p: Played):
    spaces = (p.start.get("board") or {}).get("spaces") or {}
    items = p.start.get("items") or {}
    for i, event in p.each("move"):
        before = p.before(i)
        pl = before["players"][event["player"]]
        steps = items.get(pl["mount"] or "", {}).get("movement", p.rules["movement_without_mount"]) if pl["mount"] \
            else p.rules["movement_without_mount"]
        if _king(pl["at"], event["to"]) > steps:
            yield f"{event['player']} moves {_king(pl['at'], event['to'])} spaces with a movement of {steps} ({p.where(i)})"
        if spaces.get(f"{event['to'][0]},{event['to'][1]}", {}).get("blocked"):
            yield f"{event['player']} moves into a closed space {event['to']} ({p.where(i)})"
        if pl["wanted"] and event["to"] == before["sheriff"]:
            yield f"wanted {event['player']} moves onto the sheriff at {event['to']} ({p.where(i)})"


@invariant(WL, "one-story-disc-a-turn", "A player may only add 1 disc to 1 story card on their turn.",
           f"{TEXT}: Appendix: Story Cards", on=("story-disc",))
def _discs(p: Played):
    limit = p.rules.get("story_discs_per_turn", 1)
    seen: Counter = Counter()
    for i, event in p.each("story-disc", "start-of-turn"):
        if event["event"] == "start-of-turn":
            seen = Counter()
            continue
        seen[event["player"]] += 1
        if seen[event["player"]] > limit:
            yield f"{event['player']} adds a second story disc this turn ({p.where(i)})"


# -- fights between players -------------------------------------------------------------------------

@invariant(WL, "one-fight-per-opponent-a-turn", "A player can only fight another specific player ONCE per turn!",
           f"{TEXT}: Fight Another Player", on=("fight",))
def _once(p: Played):
    seen: set = set()
    for i, event in p.each("fight", "start-of-turn"):
        if event["event"] == "start-of-turn":
            seen = set()
            continue
        key = (event["player"], event["target"])
        if key in seen:
            yield f"{event['player']} fights {event['target']} twice in one turn ({p.where(i)})"
        seen.add(key)


@invariant(WL, "fight-in-the-same-space", "A player can start a fight with someone in their same space. ... For an "
           "\"arrest\", the player must have at least 1 marshal point and the targeted player must have at least 1 "
           "wanted point.", f"{TEXT}: Fight Another Player 1", on=("fight",))
def _same_space(p: Played):
    for i, event in p.each("fight"):
        before = p.before(i)["players"]
        a, b = before[event["player"]], before[event["target"]]
        if a["at"] != b["at"]:
            yield f"{event['player']} at {a['at']} fights {event['target']} at {b['at']} ({p.where(i)})"
        if event["kind"] == "arrest" and not (a["marshal"] >= 1 and b["wanted"] >= 1):
            yield f"{event['player']} arrests {event['target']} without marshal and wanted points ({p.where(i)})"


@invariant(WL, "fight-values-and-ties", "The winner is the player with the highest value after all modifiers are "
           "applied. Values cannot be increased. Values can only be reduced to the rank of 2. The active player wins "
           "all ties. If the target player did not play a card in step 1, they are considered the loser.",
           f"{TEXT}: Fight Another Player 4", on=("fight",))
def _fight(p: Played):
    values = p.start.get("card_values") or {}
    for i, event in p.each("fight"):
        before = p.before(i)["players"]
        (a_card, b_card), (a, b) = event["cards"], event["values"]
        # "Reveal -- Both players reveal their cards and resolve any bonus effects (... items ...)": each
        # side's card is reduced by the other's active weapon
        if a_card is not None and a != _reduced(p, values[a_card], before[event["target"]]["weapon"]):
            yield f"{event['player']}'s {a_card} counts {a} against {event['target']}'s weapon ({p.where(i)})"
        if b_card is not None and b != _reduced(p, values[b_card], before[event["player"]]["weapon"]):
            yield f"{event['target']}'s {b_card} counts {b} against {event['player']}'s weapon ({p.where(i)})"
        ties = p.rules.get("fight_ties_to", "active")
        won = b_card is None or a > b or (a == b and ties == "active")
        if (event["winner"] == event["player"]) != won:
            yield f"{a} against {b}: the log says {event['winner']} won ({p.where(i)})"


@invariant(WL, "the-loser-is-wounded-and-draws", "The loser always takes 1 wound and draws 1 poker card.",
           f"{TEXT}: Fight Another Player 4", on=("fight",))
def _loser(p: Played):
    cap = p.rules["max_wounds"]
    for i, event in p.each("fight"):
        loser = event["target"] if event["winner"] == event["player"] else event["player"]
        before = p.states[i]["players"][loser]          # logged after the cards were played
        j = _next(p, i, ("draw",), loser)
        if j is None:
            if sum(p.states[i]["poker_pile"].values()) + sum(p.states[i]["poker_discard"].values()):
                yield f"{loser} loses a fight and draws no poker card ({p.where(i)})"
            continue
        after = p.states[j]["players"][loser]
        if after["wounds"] != min(cap, before["wounds"] + 1):
            yield f"{loser} loses a fight: {before['wounds']} then {after['wounds']} wound(s) ({p.where(i)})"


@invariant(WL, "arrest", "The arrested player is placed in the sheriff's office space with the sheriff ... The wanted "
           "player loses all wanted points, all cattle tokens, and ½ their money and gold nuggets, rounded up.",
           f"{TEXT}: Fight Another Player: Arrest; Arrest Attempt 8", on=("arrested",))
def _arrest(p: Played):
    office = (p.start.get("board") or {}).get("office")
    for i, event in p.each("arrested"):
        name = event["player"]
        k = max(j for j in range(i) if p.events[j].get("event") in ("fight", "arrest-attempt"))
        before, after = p.states[k]["players"][name], p.states[i]["players"][name]
        expected = (office, 0, 0, before["money"] - -(-before["money"] // 2), before["nuggets"] - -(-before["nuggets"] // 2))
        got = (after["at"], after["wanted"], after["cattle"], after["money"], after["nuggets"])
        if got != expected or p.states[i]["sheriff"] != office:
            yield f"{name} arrested: {got} (at, wanted, cattle, money, nuggets), not {expected} ({p.where(i)})"


# -- fights against the fight deck ---------------------------------------------------------------------

@invariant(WL, "fights-against-the-fight-deck", "Reveal both cards and then apply effects from characters, items, "
           "etc. ... The highest value wins the fight with the active player losing ties.",
           f"{TEXT}: Fighting a Bandit 3, 6; Heist 3-6; Arrest Attempt 3-6",
           on=("bandit-fight", "heist", "arrest-attempt"))
def _deck_fights(p: Played):
    values = p.start.get("card_values") or {}
    fields = {"bandit-fight": ("bandit", "bandit_card", "won"), "heist": ("guard", "guard_card", "won"),
              "arrest-attempt": ("sheriff", "sheriff_card", "escaped")}
    for i, event in p.each(*fields):
        theirs, drawn, result = fields[event["event"]]
        weapon = p.before(i)["players"][event["player"]]["weapon"]
        if event.get(drawn) is not None and event[theirs] != _reduced(p, event[drawn], weapon):
            yield f"the {event['event']}'s card {event[drawn]} counts {event[theirs]} against {event['player']}'s " \
                  f"{weapon or 'no weapon'} ({p.where(i)})"
        mine = values.get(event["card"], 0) if event["card"] else 0
        ties = p.rules.get("fight_deck_ties_to", "fight-deck")
        won = mine > event[theirs] or (mine == event[theirs] and ties == "player")
        if event[result] != won:
            yield f"{mine} against {event[theirs]}: the log says {event[result]} ({p.where(i)})"


@invariant(WL, "bandits-leave", "Bandits are always removed from play after fighting a player, regardless of outcome.",
           f"{TEXT}: General Rules", on=("bandit-fight",))
def _bandits(p: Played):
    for i, event in p.each("bandit-fight"):
        at = p.states[i]["players"][event["player"]]["at"]
        if at in p.states[i]["bandits"]:
            yield f"the bandit at {at} stays after the fight ({p.where(i)})"


@invariant(WL, "heist", "If the active player wins, they gain $80 and 3 wanted points. If the active player loses, they "
           "gain 1 wound, 1 wanted point, and 1 poker card.", f"{TEXT}: Heist 7-8", on=("heist",))
def _heist(p: Played):
    r = p.rules
    for i, event in p.each("heist"):
        before = p.states[i]["players"][event["player"]]
        j = _next(p, i, ("wanted", "switch-to-wanted", "no-wanted-points"), event["player"])
        if j is None:
            yield f"{event['player']}'s heist gives no wanted points ({p.where(i)})"
            continue
        after = p.states[j]["players"][event["player"]]
        reward = r["heist_win"] if event["won"] else r["heist_loss"]
        # "When gaining wanted points ... Gain any rewards on the space entered"
        entered = range(before["wanted"] + 1, after["wanted"] + 1)
        track = sum((r.get("wanted_rewards") or {}).get(str(n), {}).get("money", 0) for n in entered)
        if event["won"] and after["money"] != min(r["max_money"], before["money"] + reward.get("money", 0) + track):
            yield f"{event['player']} wins a heist: ${before['money']} then ${after['money']} ({p.where(i)})"
        if not event["won"] and after["wounds"] != min(r["max_wounds"], before["wounds"] + reward.get("wound", 0)):
            yield f"{event['player']} loses a heist: {before['wounds']} then {after['wounds']} wound(s) ({p.where(i)})"


# -- locations ----------------------------------------------------------------------------------------

@invariant(WL, "poker", "The player with the best hand takes all the antes. The active player wins any ties. If the "
           "active player wins, they also gain 1 LP. ... All played poker cards are discarded, including \"the "
           "flop\".", f"{TEXT}: Play Poker (Saloon) 7-8", on=("poker",))
def _poker(p: Played):
    used = p.rules.get("hand_cards_used_max", 2)
    ranking = list(p.rules.get("ranking") or [])     # best first
    for i, event in p.each("poker"):
        # the hands as dealt (each card drawn is an event); the flop is dealt without one
        before, after = p.states[i - 1], p.states[i]
        discarded = Counter(after["poker_discard"]) - Counter(before["poker_discard"])
        for card in event["flop"] + (event.get("dealer") or []):
            if discarded[card] < 1:
                yield f"the {card} of the flop or the dealer is not discarded ({p.where(i)})"
        for seat in event["seats"]:
            held, left = Counter(before["players"][seat]["hand"]), Counter(after["players"][seat]["hand"])
            gone = held - left
            if sum(gone.values()) > used:
                yield f"{seat} discards {sum(gone.values())} hand cards after poker ({p.where(i)})"
            made = event["hands"][seat]
            if made in ranking and _flop_hand(event["flop"]) in ranking and \
                    ranking.index(made) < ranking.index(_flop_hand(event["flop"])) and not gone:
                yield f"{seat}'s {made} is better than the flop alone, yet no hand card is discarded ({p.where(i)})"
        active = event["player"]
        if event["winner"] == active:
            lp = p.states[i]["players"][active]["lp"] - before["players"][active]["lp"]
            if lp != p.rules["poker_win_lp"]:
                yield f"{active} wins at poker and gains {lp} LP ({p.where(i)})"


def _flop_hand(flop: list[str]) -> str:
    """What the flop makes by itself: three of a kind, a pair, or a high card (a Cheat card pairs nothing)."""
    counts = Counter(card[:-1] for card in flop if card != "CHEAT")
    most = max(counts.values(), default=0)
    return "three-of-a-kind" if most >= 3 else "pair" if most == 2 else "high-card"


@invariant(WL, "deposit", "Spend an action to sell your gold nuggets for $20 and 1 LP each.",
           f"{TEXT}: Deposit Nuggets (Bank)", on=("deposit",))
def _deposit(p: Played):
    price = p.rules["nugget_price"]
    for i, event in p.each("deposit"):
        before, after = p.before(i)["players"][event["player"]], p.states[i]["players"][event["player"]]
        settled = after
        n = event["nuggets"]
        if before["nuggets"] != n or after["nuggets"] != 0:
            yield f"{event['player']} deposits {n} of {before['nuggets']} nuggets ({p.where(i)})"
        if settled["lp"] != before["lp"] + n * price.get("legend-points", 0) or settled["money"] != min(
                p.rules["max_money"], before["money"] + n * price.get("money", 0)):
            yield f"{event['player']} deposits {n} nuggets: ${before['money']}, {before['lp']} LP then " \
                  f"${settled['money']}, {settled['lp']} LP ({p.where(i)})"


@invariant(WL, "heal-and-revel", "You may spend $10 to lose all of your wounds. ... You may spend money to gain LP. "
           "$30: 1 LP $60: 2 LP $90: 3 LP $120: 4 LP", f"{TEXT}: Heal (Doctor's Office); Revel (Cabaret)",
           on=("heal", "revel"))
def _heal(p: Played):
    for i, event in p.each("heal", "revel"):
        before, after = p.before(i)["players"][event["player"]], p.states[i]["players"][event["player"]]
        if event["event"] == "heal":
            if after["wounds"] != 0 or after["money"] != before["money"] - p.rules["heal_cost"]:
                yield f"{event['player']} heals: {after['wounds']} wound(s), ${after['money']} ({p.where(i)})"
        elif {"cost": event["paid"], "lp": event["lp"]} not in p.rules["revel_options"] or \
                after["lp"] - before["lp"] != event["lp"] or before["money"] - after["money"] != event["paid"]:
            yield f"{event['player']} revels: ${event['paid']} for {event['lp']} LP ({p.where(i)})"


# -- the end ----------------------------------------------------------------------------------------

@invariant(WL, "end-trigger", "If anyone meets or exceeds the amount of LP set for game end, the end game is "
           "triggered. 1. Finish the current round. 2. Play 1 additional final round.", f"{TEXT}: End of Turn Phase 4",
           on=("end-of-turn",))
def _end(p: Played):
    end_lp = p.start.get("end_lp")
    triggered = None
    last_round = 0
    for i, event in p.each("end-of-turn", "end-triggered", "start-of-turn", "final-scoring"):
        if event["event"] == "end-triggered":
            triggered = event
            continue
        if event["event"] == "final-scoring":
            # a round cap never cuts the final round, nor says the end was not triggered when it was
            if triggered and (last_round < triggered["final_round"] or "not triggered" in (event.get("why") or "")):
                yield (f"the end triggered in round {triggered['round']} ends the game after round {last_round} "
                       f"({event.get('why')}), not after its final round {triggered['final_round']} ({p.where(i)})")
            continue
        last_round = max(last_round, event["round"])
        if event["event"] == "start-of-turn":
            if triggered and event["round"] > triggered["final_round"]:
                yield f"a turn in round {event['round']}, after the final round {triggered['final_round']} ({p.where(i)})"
            continue
        if triggered:
            continue
        j = _next(p, i, ("end-triggered",), None, ("start-of-turn", "final-scoring"))
        over = [n for n, pl in p.states[i]["players"].items() if pl["lp"] >= end_lp]
        if over and j is None:
            yield f"{', '.join(over)} at {end_lp} LP or more and the end is not triggered ({p.where(i)})"
        if j is not None and p.events[j]["final_round"] != event["round"] + p.rules.get("final_rounds", 1):
            yield f"the end triggered in round {event['round']} sets the final round {p.events[j]['final_round']}"


@invariant(WL, "final-scoring", "Gain 1 LP for every $60 for a max of 2 LP. Lose 1 LP for each wound. The most wanted "
           "player gains 3 LP. If there is a tie, each tied player gains 1 LP instead. Each other wanted player gains 1 "
           "LP.", f"{TEXT}: Final Scoring", on=("final-scoring",))
def _final(p: Played):
    r = p.rules
    for i, event in p.each("final-scoring"):
        players = p.states[i]["players"]
        most = max(pl["wanted"] for pl in players.values())
        top = [n for n, pl in players.items() if pl["wanted"] == most and most > 0]
        for name, pl in players.items():
            score = event["scores"][name]
            wanted = 0
            if pl["wanted"]:
                wanted = (r["most_wanted_lp"] if len(top) == 1 else r["tied_most_wanted_lp"]) if name in top \
                    else r["other_wanted_lp"]
            expected = {"money": min(r["max_money_lp"], pl["money"] // r["money_per_lp"]),
                        "wounds": r["lp_per_wound"] * pl["wounds"], "wanted": wanted, "lp_in_play": pl["lp"]}
            got = {k: score[k] for k in expected}
            if got != expected or score["total"] != sum(v for k, v in score.items() if k != "total"):
                yield f"{name} scores {got}, not {expected}"
