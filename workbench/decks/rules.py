"""Deck-building rules, checked all at once.

The rules are parameters of a ``deck_rules`` document (Revolver's Module 2 is one instance):
deck size, base decks per faction, replacements only, same type, unique cards, where replacement
cards may come from. Each check is a small generator of problems; :func:`check_deck` runs them
all, and is what both ``workbench validate`` and ``workbench deck check`` call.

A deck is one of three things:

* a **custom deck**: it names a ``base:`` (or lists ``swaps:``, against its faction's base deck);
  its own list, or its base's list plus its swaps, is checked for size and composition, and its
  replacements against the base;
* a **complete list** without a base (a base deck a designer supplies): size and composition;
* a **declared deck** with neither list nor swaps (the published base decks): its declared size.

The size and composition of a deck's own list are checked whether or not its base's list is
known; only what it takes out and brings in needs the base list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from ..content.badges import badged_name
from ..content.loader import Document
from ..content.problems import ERROR, WARNING, Problem
from ..core.errors import ContentError, did_you_mean
from ..core.limits import limit
from .model import DeckList, Swap, resolve

CODES = {
    "deck-size": "the deck does not have the number of cards the rules ask for",
    "unknown-card": "the deck names a card the library does not have",
    "repeated-card": "the deck's cards: names a card twice (every entry is counted)",
    "wrong-faction": "a card of another faction's deck",
    "unique-replaced": "a unique card was taken out",
    "unique-duplicate": "more copies of a unique card than allowed",
    "type-mismatch": "a card replaced by one of another type",
    "not-a-replacement": "a card added with none taken out, or more taken out than added",
    "source-not-allowed": "a replacement card from a source the rules do not allow (Module 2 A: an expansion or promo cards)",
    "type-unknown": "a swap whose card types are not known, so the same-type rule cannot be checked",
    "base-is-itself": "a deck names itself as its `base:` (a deck cannot be built from itself)",
    "base-list-unknown": "the base deck has no card list, so the replacements of a deck listing its own cards cannot be"
                         " checked (warning: the deck is neither shown legal nor illegal; a deck of swaps against it"
                         " is deck-list-unknown)",
    "deck-side": "the deck names no side, or one its deck-building rules have no base deck for (Revolver: colti or"
                 " mcready), so it cannot be checked against its base or played",
    "deck-list-unknown": "the deck's cards are not known (it gives only its size, or swaps against a base deck without"
                         " a card list), so it cannot be played or drawn from (a note where it is checked: content as"
                         " complete as the rules texts allow; an error where it would be played)",
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
        return badged_name(card, card_id) if card else card_id

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


def check_base_itself(ctx: DeckContext) -> Iterator[Problem]:
    """A ``base:`` naming the deck itself: its replacements would be judged against its own
    list, and any deck looks legal."""
    if ctx.document.data.get("base") == ctx.document.id:
        yield ctx.problem("base-is-itself", f"the deck '{ctx.document.id}' names itself as its base", [], ["base"],
                          hint="name the base deck it is built from (e.g. the faction's published deck)")


def check_side(ctx: DeckContext) -> Iterator[Problem]:
    """A deck is one side's where its rules give each side a base deck (Module 2: "Take the deck
    from the base game"): ``faction:`` must name one of those sides."""
    sides = ctx.rules.get("base_decks")
    if not isinstance(sides, dict) or not sides:
        return
    faction = ctx.document.data.get("faction")
    if faction in sides:
        return
    names = " or ".join(f"`faction: {side}`" for side in sides)
    said = "names no side" if faction is None else f"names the side {faction!r}, which its rules give no base deck"
    yield ctx.problem("deck-side", f"the deck {said}, so it cannot be checked against a base deck or played", [],
                      ["faction"] if "faction" in ctx.document.data else [], hint=f"write {names} in the deck")


def check_base_known(ctx: DeckContext) -> Iterator[Problem]:
    if ctx.document.data.get("base") == ctx.document.id:
        return  # base-is-itself says what is wrong
    # a deck of swaps against it has no known cards at all: one cause, one problem, the
    # deck-list-unknown every command gives (list_unknown), not this warning beside it
    if ctx.deck.base_id and ctx.deck.base_counts is None and ctx.deck.form == "cards":
        yield ctx.problem("base-list-unknown",
                          f"the base deck '{ctx.deck.base_id}' has no card list, so what the deck takes out and brings"
                          " in cannot be checked: the deck cannot be shown legal", [],
                          ["base"] if ctx.document.data.get("base") else [],
                          hint="give the base deck its card list, under cards: (the rules texts do not print it), or name a"
                               " base deck that has one", severity=WARNING)


def check_size(ctx: DeckContext) -> Iterator[Problem]:
    wanted = ctx.rules.get("deck_size")
    if not isinstance(wanted, int):
        return
    if ctx.deck.form == "declared":
        declared = ctx.document.data.get("size")
        if isinstance(declared, int) and declared != wanted:
            yield ctx.problem("deck-size", f"the deck is declared with {declared} cards; the rules ask for exactly"
                              f" {wanted}", [], ["size"])
        return
    if not ctx.deck.complete:
        return  # swaps against a base without a list: the size is unknown (deck-list-unknown says so)
    if ctx.deck.size != wanted:
        yield ctx.problem("deck-size", f"the deck has {ctx.deck.size} cards; the rules ask for exactly {wanted}", [],
                          ["cards"] if ctx.deck.form == "cards" else ["swaps"],
                          hint=f"{'add' if ctx.deck.size < wanted else 'remove'} {abs(wanted - ctx.deck.size)} card(s)")


def check_known_cards(ctx: DeckContext) -> Iterator[Problem]:
    known = None
    seen = set()
    for card_id in list(ctx.deck.counts) + [s.out for s in ctx.deck.swaps]:
        if card_id in seen or ctx.card(card_id):
            continue
        seen.add(card_id)
        known = known if known is not None else ctx.library.ids(ctx.game, "card")  # only when one is unknown
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
    limit_ = ctx.rules.get("unique_max_copies")
    for card_id, count in sorted(ctx.deck.counts.items()):
        card = ctx.card(card_id)
        if card and card.get("unique") and isinstance(limit_, int) and count > limit_:
            yield ctx.problem("unique-duplicate", f"{ctx.name(card_id)} is unique: the deck may hold {limit_}, it holds {count}",
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
                              severity=WARNING, hint="give the card its type (action, character or firepower) in its file, under type:")
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
    """Module 2 A: replacements come "from this (or another) expansion and/or promo cards"; the
    cards a deck keeps from its base are not replacements."""
    allowed = ctx.rules.get("allowed_origins")
    if not allowed:
        return
    seen = set()
    for card_id, swap in ctx.deck.incoming():
        card = ctx.card(card_id)
        origin = card.get("origin") if card else None
        if origin and origin not in allowed and card_id not in seen:
            seen.add(card_id)
            path = ctx.swap_path(swap, "in") if swap is not None else ctx.path_of(card_id)
            yield ctx.problem("source-not-allowed", f"{ctx.name(card_id)} is a {origin} card brought in as a replacement;"
                              f" the rules allow replacements from {' or '.join(allowed)} cards", [card_id], path,
                              hint="Module 2 rule A: replace with cards from this (or another) expansion and/or promo cards")


#: The deck checks, in report order; add a generator to add a rule.
DECK_CHECKS: list[Callable[[DeckContext], Iterator[Problem]]] = [
    check_base_itself, check_side, check_base_known, check_size, check_known_cards, check_faction, check_unique, check_same_type,
    check_replacements, check_origins,
]


def list_unknown(document: Document, deck: DeckList, *, reported: bool = True) -> Problem | None:
    """``deck-list-unknown`` when the deck's cards are not known (``deck.complete`` is false: it
    gives only its size, or swaps against a base deck without a card list), else ``None``.

    The one place this is said: the engine refuses such a deck with it, ``deck odds`` and ``deck
    export`` too, and ``validate`` and ``deck check`` show it as a note
    (:func:`workbench.games.judge.grade`). It is located at the deck's ``size:``, or for swaps at
    the ``base:`` naming the base deck without a list (else its ``swaps:``); such a deck gets no
    ``base-list-unknown`` beside it (one cause, one problem). ``reported`` (the deck is the designer's own) chooses the hint: give it ``cards:``,
    or write a deck document of the same id in one's own folder, which replaces the published one.

    Parameters
    ----------
    document : Document
        The deck document.
    deck : DeckList
        Its resolved list (:func:`context_for`).
    reported : bool
        Whether the document is the designer's (its problems are reported), not a published one.

    Returns
    -------
    Problem or None
        An error (the graders make it a note where the deck is only checked).
    """
    if deck.complete:
        return None
    data = document.data
    name = badged_name(data, document.id) if isinstance(data.get("name"), str) else document.id
    faction = data.get("faction") if isinstance(data.get("faction"), str) else "its side"
    if deck.form == "swaps":
        what = f"lists only swaps against the base deck '{deck.base_id}', which has no card list"
        fix = (f"give the base deck '{deck.base_id}' its `cards:` (your box's list; the rules texts do not print it) in a"
               f" deck document of your own folder with `id: {deck.base_id}`, which replaces the published one, or name a"
               " `base:` that has a card list")
        # at the `base:` that names the deck without a list: what the hint says to change
        path = ["base"] if isinstance(data.get("base"), str) else ["swaps"]
    else:
        size = data.get("size")
        what = f"gives only its size ({size} cards)" if isinstance(size, int) else "gives no card list"
        copy = (f"write a deck document in your own folder (variants/) with `kind: deck`, `game: {document.game}`,"
                f" `id: {document.id}`, `faction: {faction}` and its `cards:` (your box's list; the rules texts do not"
                " print it); your copy replaces the published deck")
        fix = ("give it `cards:` (each card with its `count:`), or `base:` and `swaps:` against a deck that has a card"
               " list" if reported else copy)
        path = ["size"] if "size" in data else []
    played = "shown legal or played" if deck.form == "swaps" else "played"
    return document.problem("deck-list-unknown", f"{name} {what}: its cards are not known, so it cannot be {played}",
                            path, hint=fix, unknown="cards")


def legality_unknown(deck: DeckList) -> bool:
    """Whether the deck cannot be shown legal or illegal: swaps against a base deck without a
    card list (its ``deck-list-unknown`` says why), or its own list against such a base
    (``base-list-unknown``: its replacements cannot be checked)."""
    return bool(deck.base_id) and deck.base_counts is None and deck.form in ("swaps", "cards")


def size_problems(document: Document, rules: dict | None = None) -> list[Problem]:
    """The declared limits (``deck_size``, ``deck_swaps``) of a deck document, checked before its
    cards are counted out one by one."""
    data = document.data
    problems = []
    total = 0
    for i, entry in enumerate(data.get("cards") or []):
        count = entry.get("count") if isinstance(entry, dict) else None
        if isinstance(count, int):
            total += count
            if count > limit("deck_size"):
                problems.append(document.problem("size-limit", f"{count:,} copies is beyond the declared limit of"
                                                 f" {limit('deck_size'):,} cards in a deck", ["cards", i, "count"]))
    if total > limit("deck_size") and not problems:
        problems.append(document.problem("size-limit", f"the deck lists {total:,} cards; the declared limit is"
                                         f" {limit('deck_size'):,}", ["cards"]))
    if len(data.get("swaps") or ()) > limit("deck_swaps"):
        problems.append(document.problem("size-limit", f"the deck lists {len(data['swaps']):,} swaps; the declared limit"
                                          f" is {limit('deck_swaps'):,}", ["swaps"]))
    size = data.get("size")
    if isinstance(size, int) and size > limit("deck_size"):
        problems.append(document.problem("size-limit", f"a deck of {size:,} cards is beyond the declared limit of"
                                         f" {limit('deck_size'):,}", ["size"]))
    return problems


def _rules_of(library, game: str, deck: dict) -> dict:
    rules = library.data(game, "deck_rules", deck.get("rules")) if isinstance(deck.get("rules"), str) else None
    if rules is None:
        rules_docs = library.of_kind("deck_rules", game)
        rules = rules_docs[0].data if len(rules_docs) == 1 else {}
    return rules


def context_for(library, document: Document) -> DeckContext:
    """The deck resolved against its base and rules.

    Raises :class:`~workbench.core.errors.ContentError` for a deck (or base) beyond the declared size
    limits, which would take too long to count out.
    """
    deck = document.data
    game = document.game
    rules = _rules_of(library, game, deck)
    base_id = deck.get("base") if isinstance(deck.get("base"), str) else None
    if base_id is None and deck.get("swaps"):
        base_id = (rules.get("base_decks") or {}).get(deck.get("faction"))
        if base_id:
            deck = {**deck, "base": base_id}
    base_document = library.get(game, "deck", base_id) if base_id else None
    too_big = size_problems(document) + (size_problems(base_document) if base_document else [])
    if too_big:
        raise ContentError(f"the deck '{document.id}' is beyond the declared size limits", too_big)

    def card_type(card_id):
        card = library.data(game, "card", card_id)
        kind = card.get("type") if card else None
        return None if kind in (None, "unknown") else kind

    resolved = resolve(deck, base_document.data if base_document else None, card_type)
    return DeckContext(library, document, rules, resolved, game)


def check_deck(library, document: Document) -> list[Problem]:
    """Every deck-building problem of a deck document, sorted by where it is written.

    ``workbench validate`` and ``workbench deck check`` both call this, so they never disagree.
    """
    own = size_problems(document)
    if own:
        return own
    try:
        ctx = context_for(library, document)
    except ContentError:  # the base deck is too big; its own problem is reported where it is written
        return [document.problem("size-limit", f"the base deck '{document.data.get('base')}' is beyond the declared"
                                 " size limits, so this deck cannot be checked", ["base"])]
    problems = [p for check in DECK_CHECKS for p in check(ctx)] + list(repeated_entries(document))
    return sorted(problems, key=Problem.sort_key)


def repeated_entries(document: Document):
    """A card named by two entries of a deck's ``cards:`` list: both are counted, but one entry
    with the total is what the designer meant to write (and the diff of two decks reads by card)."""
    first: dict = {}
    for i, entry in enumerate(document.data.get("cards") or []):
        card = entry.get("card") if isinstance(entry, dict) else None
        if not isinstance(card, str):
            continue
        if card in first:
            j = first[card]
            yield document.problem(
                "repeated-card", f"'{card}' is listed twice (entries {j + 1} and {i + 1}); both are counted:"
                f" {document.data['cards'][j].get('count')} + {entry.get('count')}", ["cards", i, "card"],
                hint=f"write one entry for '{card}' with the total count")
        else:
            first[card] = i
