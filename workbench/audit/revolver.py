"""Revolver (whole game) invariants, each a sentence of the sources checked on a replayed log. The
numbers come from the ruleset the log's first event records, the cards' firepower and the
battlefields' defence from its facts; nothing here reads the engine."""
from __future__ import annotations

from .invariants import Played, invariant

RV = "revolver"
PAGES = "public-facts.md 2. Revolver"


def _other(side: str) -> str:
    return "mcready" if side == "colti" else "colti"


def _turns(p: Played):
    """Each game turn as (index of its `turn` event, index of the next one or the log's end)."""
    starts = [i for i, e in p.each("turn")]
    for n, first in enumerate(starts):
        yield first, starts[n + 1] if n + 1 < len(starts) else len(p.events)


@invariant(RV, "card-limit", "Card limit: the Colty player may normally have at most 3 (firepower) cards on a "
           "battlefield, with exceptions; McReady has no limit.", f"{PAGES}, 2.3 Setup and turn", on=("play",))
def _limit(p: Played):
    for side in ("colti", "mcready"):
        limit = p.rules.get(f"{side}_card_limit")
        if not isinstance(limit, int):
            continue
        for i, state in enumerate(p.states):
            if len(state["field"][side]) > limit:
                yield f"{side} has {len(state['field'][side])} cards on {state['battlefield']}, more than {limit}" \
                      f" ({p.where(i)})"
                return


@invariant(RV, "kill-only-when-greater", "McReady totals the firepower on his side of the current battlefield. Colty "
           "totals his firepower cards and adds the battlefield's defence firepower. Only if McReady's total is "
           "greater does Colty take a casualty.", f"{PAGES}, 2.4 Attack, casualties and the Mexican Border",
           on=("attack",))
def _attack(p: Played):
    cards = p.start.get("cards") or {}
    defence = {b["id"]: b["defence"] for b in p.start.get("battlefields") or []}
    strict = p.rules.get("mcready_must_exceed", True)
    for i, event in p.each("attack"):
        state = p.before(i)
        totals = {side: sum(cards[c]["firepower"] for c in state["field"][side]) + state["bonus"][side]
                  for side in ("colti", "mcready")}
        colti = totals["colti"] + defence[state["battlefield"]]
        if (event["mcready"], event["colti"]) != (totals["mcready"], colti):
            yield f"the attack's totals {event['mcready']} vs {event['colti']} are not the cards' {totals['mcready']}" \
                  f" vs {colti} (defence included) ({p.where(i)})"
        hits = totals["mcready"] > colti or (not strict and totals["mcready"] == colti)
        if bool(event["kills"]) != hits or (hits and event["kills"] != p.rules["casualties_per_attack"]):
            yield f"McReady {totals['mcready']} vs Colti {colti} killed {event['kills']} ({p.where(i)})"
        killed = [e for e in p.events[i + 1:i + 1 + 2 * max(1, event["kills"])]
                  if e.get("event") == "killed" and e.get("why") == "McReady's attack"]
        if len(killed) != event["kills"]:
            yield f"the attack killed {event['kills']} but {len(killed)} bandit(s) died ({p.where(i)})"


@invariant(RV, "border-token", "Every turn in which McReady kills no bandit, one token leaves the Mexican Border "
           "card.", f"{PAGES}, 2.4 Attack, casualties and the Mexican Border", on=("attack",))
def _border(p: Played):
    rule = p.rules.get("border_rule", "no-kill")
    per_turn = p.rules.get("border_tokens_per_turn", 1)
    for first, last in _turns(p):
        events = p.events[first:last]
        if not any(e.get("event") == "attack" for e in events) or p.states[last - 1]["winner"] == "mcready":
            continue         # no attack this turn (the Prison), or the game ended on a kill
        kills = sum(1 for e in events if e.get("event") == "killed")
        attack = next(e for e in events if e.get("event") == "attack")
        before = p.states[first]["border"]
        added = sum(e["count"] for e in events if e.get("event") == "border-tokens")
        after = p.states[last - 1]["border"]
        expected_taken = 0 if kills else per_turn
        if rule == "colti-greater-no-kill" and attack["colti"] <= attack["mcready"]:
            expected_taken = 0
        expected = max(0, before + added - expected_taken) if expected_taken else before + added
        if after != expected:
            yield f"the border went from {before} to {after} in a turn with {kills} kill(s) (expected {expected};" \
                  f" {p.where(first)})"


@invariant(RV, "victory", "McReady wins when every member of the gang is dead. Colty wins when Jack \"The Crow\" Colty "
           "reaches the 3:15 Express and survives its turn space 4, or when all 12 border tokens are gone; a fifth "
           "bullet wound wins for McReady (Hunt the Man Down).", f"{PAGES}, 2.5 Victory; Revolver 1.2 New Icons",
           on=("end",))
def _victory(p: Played):
    r = p.rules
    for i, state in enumerate(p.states):
        holds = []
        if not state["gang"]:
            holds.append("mcready")
        if state["wounds"] >= r["bullet_wounds_to_win"]:
            holds.append("mcready")
        if any(b in state["dead"] for b in r.get("mcready_wins_killing") or []):
            holds.append("mcready")
        if state["border"] == 0:
            holds.append("colti")
        event = p.events[i]
        ends_next = i + 1 < len(p.events) and p.events[i + 1].get("event") == "end"
        if holds and event.get("event") != "end" and not ends_next:
            yield f"a victory condition for {holds[0]} holds but the game goes on ({p.where(i)})"
            return
        if event.get("event") == "end":
            winner = event.get("winner")
            if winner is None:
                if holds:
                    yield f"the game ends with no winner though {holds[0]} has won ({p.where(i)})"
                continue
            express = (r["train_winner"] == "jack-colti" and state["battlefield"] == r["express"]
                       and state["space"] == r["express_space_survived"] and r["gang_leader"] in state["gang"]) or \
                      (r["train_winner"] == "any-bandit" and state["battlefield"] == r["express"] and state["gang"])
            # a designer's `deck_runs_out: loses` (not in the texts): the side that must draw from an
            # empty deck loses
            if r.get("deck_runs_out") == "loses" and state["decks"][_other(winner)] == 0:
                continue
            if winner == "colti" and not (state["border"] == 0 or express):
                yield f"Colti wins with {state['border']} border token(s) left, away from the Express ({p.where(i)})"
            if winner == "mcready" and "mcready" not in holds:
                yield f"McReady wins with {len(state['gang'])} bandit(s) alive ({p.where(i)})"
