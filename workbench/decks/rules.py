"""Deck-building rules, checked all at once.

The rules are parameters of a ``deck_rules`` document (Revolver's Module 2 is one instance):
deck size, base decks per faction, replacements only, same type, unique cards, allowed origins.
Each check is a small generator of problems; :func:`check_deck` runs them all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from ..content.loader import Document
from ..content.problems import ERROR, WARNING, Problem
from .model import DeckList, Swap, resolve

CODES = {
    "deck-size": "the deck does not have the number of cards the rules ask for",
    "unknown-card": "the deck names a card the library does not have",
    "wrong-faction": "a card of another faction's deck",
    "unique-replaced": "a unique card was taken out",
    "unique-duplicate": "more copies of a unique card than allowed",
    "type-mismatch": "a card replaced by one of another type",
    "not-a-replacement": "a card added with none taken out, or more taken out than added",
    "source-not-allowed": "a card from a source the rules do not allow",
    "type-unknown": "a swap whose card types are not known, so the same-type rule cannot be checked",
    "base-list-unknown": "the base deck has no card list, so the deck cannot be shown legal",
}


@dataclass
class DeckContext:
    library: object
    document: Document
    rules: dict
    deck: DeckList
    game: str

    def card(self, card_id: str) -> dict | None:
        return self.library.data(self.game, "card", card_id)

    def card_type(self, card_id: str) -> str | None:
        card = self.card(card_id)
        kind = card.get("type") if card else None
        return None if kind in (None, "unknown") else kind

    def name(self, card_id: str) -> str:
        card = self.card(card_id)
        return card["name"] if card else card_id

    def problem(self, code: str, message: str, cards: list[str], path, *, hint=None, severity=ERROR) -> Problem:
        return self.document.problem(code, message, path, hint=hint, severity=severity, cards=cards)

    def path_of(self, card_id: str, role: str = "in") -> list:
        """Where a card appears in the deck document (its swap or its list entry)."""
        data = self.document.data
        if self.deck.form == "swaps":
            for i, swap in enumerate(data.get("swaps") or []):
                if swap.get(role) == card_id:
                    return ["swaps", i, role]
            return ["swaps"]
        for i, entry in enumerate(data.get("cards") or []):
            if entry.get("card") == card_id:
                return ["cards", i]
        return ["cards"] if data.get("cards") else ["base"]

    def swap_path(self, swap: Swap, role: str) -> list:
        """Where a swap's card (``role``: "out" or "in") is written; derived swaps point at the card list."""
        if swap.index is not None:
            return ["swaps", swap.index, role]
        return self.path_of(swap.out if role == "out" else swap.into, role)


def check_base_known(ctx: DeckContext) -> Iterator[Problem]:
    if ctx.deck.base_id and ctx.deck.base_counts is None:
        yield ctx.problem("base-list-unknown",
                          f"the base deck '{ctx.deck.base_id}' has no card list, so the deck's size and what it takes"
                          " out cannot be checked: the deck cannot be shown legal", [], ["base"],
                          hint="give the base deck a `cards:` list (the rules texts do not print it), or name a"
                               " base deck that has one")


def check_size(ctx: DeckContext) -> Iterator[Problem]:
    wanted = ctx.rules.get("deck_size")
    if wanted is None or (ctx.deck.base_id and ctx.deck.base_counts is None):
        return
    if ctx.deck.size != wanted:
        yield ctx.problem("deck-size", f"the deck has {ctx.deck.size} cards; the rules ask for exactly {wanted}", [],
                          ["cards"] if ctx.deck.form == "cards" else ["swaps"],
                          hint=f"{'add' if ctx.deck.size < wanted else 'remove'} {abs(wanted - ctx.deck.size)} card(s)")


def check_known_cards(ctx: DeckContext) -> Iterator[Problem]:
    from ..errors import did_you_mean

    known = ctx.library.ids(ctx.game, "card")
    seen = set()
    for card_id in list(ctx.deck.counts) + [s.out for s in ctx.deck.swaps]:
        if card_id in seen or ctx.card(card_id):
            continue
        seen.add(card_id)
        suggestion = did_you_mean(card_id, known)
        role = "out" if card_id not in ctx.deck.counts else "in"
        yield ctx.problem("unknown-card", f"no card '{card_id}' exists in {ctx.game}", [card_id], ctx.path_of(card_id, role),
                          hint=f"did you mean '{suggestion}'?" if suggestion else "add a card document for it")


def check_faction(ctx: DeckContext) -> Iterator[Problem]:
    faction = ctx.deck.faction
    if not faction:
        return
    for card_id in ctx.deck.counts:
        card = ctx.card(card_id)
        owner = card.get("deck") if card else None
        if owner and owner != "unknown" and owner != faction:
            yield ctx.problem("wrong-faction", f"{ctx.name(card_id)} belongs to the {owner} deck, not {faction}'s",
                              [card_id], ctx.path_of(card_id))


def check_unique(ctx: DeckContext) -> Iterator[Problem]:
    limit = ctx.rules.get("unique_max_copies")
    for card_id, count in sorted(ctx.deck.counts.items()):
        card = ctx.card(card_id)
        if card and card.get("unique") and limit is not None and count > limit:
            yield ctx.problem("unique-duplicate", f"{ctx.name(card_id)} is unique: the deck may hold {limit}, it holds {count}",
                              [card_id], ctx.path_of(card_id), hint="FAQ Q11: only one copy of a card with a unique name")
    if ctx.rules.get("unique_not_replaceable"):
        for swap in ctx.deck.swaps:
            card = ctx.card(swap.out)
            if card and card.get("unique"):
                yield ctx.problem("unique-replaced", f"{ctx.name(swap.out)} is unique and may not be replaced",
                                  [swap.out, swap.into], ctx.swap_path(swap, "out"), hint="Module 2 rule B")


def check_same_type(ctx: DeckContext) -> Iterator[Problem]:
    if not ctx.rules.get("same_type"):
        return
    for swap in ctx.deck.swaps:
        a, b = ctx.card_type(swap.out), ctx.card_type(swap.into)
        if not ctx.card(swap.out) or not ctx.card(swap.into):
            continue
        if a is None or b is None:
            unknown = [ctx.name(c) for c, t in ((swap.out, a), (swap.into, b)) if t is None]
            yield ctx.problem("type-unknown", f"cannot check {ctx.name(swap.out)} -> {ctx.name(swap.into)}: the type of "
                              f"{' and '.join(unknown)} is not known", [swap.out, swap.into], ctx.swap_path(swap, "in"),
                              severity=WARNING, hint="set `type:` on the card document (action, character or firepower)")
        elif a != b:
            yield ctx.problem("type-mismatch", f"{ctx.name(swap.out)} is a {a} card; it can be replaced only by a {a} card,"
                              f" not by {ctx.name(swap.into)} ({b})", [swap.out, swap.into], ctx.swap_path(swap, "in"),
                              hint="Module 2 rule C: action for action, character for character, firepower for firepower")


def check_replacements(ctx: DeckContext) -> Iterator[Problem]:
    if not ctx.rules.get("replacements_only"):
        return
    for swap in ctx.deck.missing_out:
        yield ctx.problem("not-a-replacement", f"the swap takes out {ctx.name(swap.out)}, which the base deck"
                          f" '{ctx.deck.base_id}' does not hold (or not that many times)", [swap.out, swap.into],
                          ctx.swap_path(swap, "out"))
    for card_id, count in sorted(ctx.deck.unpaired_in.items()):
        yield ctx.problem("not-a-replacement", f"{count} x {ctx.name(card_id)} added with no card taken out for it",
                          [card_id], ctx.path_of(card_id), hint="every card that comes in replaces a base card")
    for card_id, count in sorted(ctx.deck.unpaired_out.items()):
        yield ctx.problem("not-a-replacement", f"{count} x {ctx.name(card_id)} taken out with nothing put in its place",
                          [card_id], ["cards"], hint="every card taken out is replaced by an equivalent card")


def check_origins(ctx: DeckContext) -> Iterator[Problem]:
    allowed = ctx.rules.get("allowed_origins")
    if not allowed:
        return
    for card_id in sorted(ctx.deck.counts):
        card = ctx.card(card_id)
        origin = card.get("origin") if card else None
        if origin and origin not in allowed:
            yield ctx.problem("source-not-allowed", f"{ctx.name(card_id)} comes from '{origin}'; the rules allow "
                              f"{', '.join(allowed)}", [card_id], ctx.path_of(card_id))


#: The deck checks, in report order; add a generator to add a rule.
DECK_CHECKS: list[Callable[[DeckContext], Iterator[Problem]]] = [
    check_base_known, check_size, check_known_cards, check_faction, check_unique, check_same_type,
    check_replacements, check_origins,
]


def context_for(library, document: Document) -> DeckContext:
    deck = document.data
    game = document.game
    rules = library.data(game, "deck_rules", deck.get("rules")) if deck.get("rules") else None
    if rules is None:
        rules_docs = library.of_kind("deck_rules", game)
        rules = rules_docs[0].data if len(rules_docs) == 1 else {}
    base_id = deck.get("base") or (rules.get("base_decks") or {}).get(deck.get("faction"))
    base = library.data(game, "deck", base_id) if base_id else None
    if base_id and not deck.get("base"):
        deck = {**deck, "base": base_id}

    def card_type(card_id):
        card = library.data(game, "card", card_id)
        kind = card.get("type") if card else None
        return None if kind in (None, "unknown") else kind

    resolved = resolve(deck, base, card_type)
    return DeckContext(library, document, rules, resolved, game)


def check_deck(library, document: Document, *, engine: str = "plain") -> list[Problem]:
    """Every deck-building problem of a deck document.

    ``engine="pandera"`` runs the per-card checks (unique copies, origins) as a pandera
    DataFrame model with lazy validation instead; both give the same problems.
    """
    ctx = context_for(library, document)
    if engine == "pandera":
        from .table import pandera_problems

        plain = [check for check in DECK_CHECKS if check not in (check_origins,)]
        problems = [p for check in plain for p in check(ctx) if p.code != "unique-duplicate"]
        problems += pandera_problems(ctx)
    else:
        problems = [p for check in DECK_CHECKS for p in check(ctx)]
    return sorted(problems, key=Problem.sort_key)
