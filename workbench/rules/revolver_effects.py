"""The Revolver effect vocabulary: what a card's ``effects:`` may say, each effect with the text it
comes from and whether the whole-game engine (:mod:`workbench.games.revolver.engine`) plays it.

Card texts use icons the sheets do not all define (the Hunt the Man Down card list keeps them as
printed, named by shape). An effect whose icon or timing the texts leave open is declared here as
not played, with the reason: a card carrying it validates with a ``not-played`` warning and a game
that reaches it logs a no-op.
"""
from __future__ import annotations

from .effects import Vocabulary

HTMD = "revolver-1-2-hunt-the-man-down"

#: A Revolver cost or gain is not written as goods: cards say what they do with icons.
RESOURCES: dict[str, str] = {}

CARD = ("card",)


def _count(description: str, minimum: int = -20) -> dict:
    return {"type": "integer", "minimum": minimum, "maximum": 20, "description": description}


#: Each effect's own ``count``: the engine plays at least one card killed or drawn (a smaller count
#: written would be played as 1, unlike what was written), while wounds and border tokens may be
#: removed (a negative count).
KILLED = _count("How many [star icon] cards are killed.", 1)
WOUNDS = _count("How many bullet wound tokens are placed (negative: removed).")


def declare() -> Vocabulary:
    v = Vocabulary("revolver", RESOURCES)
    v.declare("attack-firepower", "the side gains firepower for this attack only; the card is used only during the"
              " attack phase", f"{HTMD}: Card List: Quick Draw, Concealed Palm Pistol, Saddlecloth Armoury, Hidden Sniper"
              " ('Gain [... token marked N] this turn. Use this card only during the attack phase.')",
              {"amount": _count("For attack-firepower: the firepower gained this turn.", 0)}, kinds=CARD)
    v.declare("kill-star", "kill [star icon] cards of the opponent at the current battlefield, a scope card first (the"
              " player chooses among several)", f"{HTMD}: New Icons: Scope, Example 1; Card List: Nitroglycerin",
              {"count": KILLED}, kinds=CARD)
    v.declare("kill-points", "kill points spent on the opponent's [star icon] cards, scope cards first; a card costs its"
              " firepower, points that cannot pay for the next target are lost",
              f"{HTMD}: New Icons: Scope, Example 2 (Stick of Dynamite)",
              {"points": _count("For kill-points: the kill points.", 1)}, kinds=CARD)
    v.declare("draw", "a player draws cards", f"{HTMD}: Card List: Klaus - The Hunchback ('Your opponent draws two"
              " cards'), It's too darn quiet...",
              {"count": _count("How many cards are drawn (default 1).", 1),
               "who": {"enum": ["self", "opponent"], "description": "Who draws (default: self)."}},
              kinds=CARD)
    v.declare("bullet-wound", "bullet wound tokens placed on Jack Colti (a negative count removes them); the fifth wins"
              " for McReady", f"{HTMD}: New Icons: Bullet wound ('+[bullet wound icon]', '- [bullet wound icon]')",
              {"count": WOUNDS}, kinds=CARD)
    v.declare("kill-bandit", "Colti loses bandits of his choice", f"{HTMD}: Card List: It's too darn quiet... ('Kill two"
              " [gravestone icon]'), You're wanted in 5 States ('your opponent must kill one [gravestone icon]')",
              {"count": _count("How many bandits Colti loses (default 1).", 1)}, kinds=CARD)
    v.declare("border-tokens", "tokens added to the Mexican Border card (negative: removed)",
              f"{HTMD}: Card List: Devil's River ('Add two tokens to the Mexico Border card')",
              {"count": _count("How many tokens are added (negative: removed).")}, kinds=CARD)
    v.declare("under-star", "the card is placed under one of its side's [star icon] cards at the battlefield; if that"
              " card is killed it is removed from the game, its player draws, and this card goes to the discard pile",
              f"{HTMD}: Card List: Brad Runyan - Undertaker; FAQ Q2, Q3",
              {"draws": _count("For under-star: cards drawn when the card above is killed.", 0),
               "except": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
                          "uniqueItems": True, "description": "For under-star: cards it may not go under."}},
              kinds=CARD)
    # -- printed, not played -------------------------------------------------------------------
    v.declare("cancel-card", "cancel a card the opponent plays, when it is played", f"{HTMD}: Card List: You're wanted"
              " in 5 States", played=False, kinds=CARD,
              reason="it is played in the opponent's turn, when they play a card; the engine has no such reaction step"
                     " (whose turn, which cards may be cancelled are not said)")
    v.declare("destroy-black-ring", "destroy one [black ring icon]", f"{HTMD}: Card List: Estella Morales",
              played=False, kinds=CARD, reason="the [black ring icon] is not defined in the texts (the plain black"
                                              " token; which cards carry it is not said)")
    v.declare("firepower-token", "a firepower token lost or gained for good", f"{HTMD}: Card List: Captain James"
              " Barclay Mantooth ('-1 [firepower token]')", played=False, kinds=CARD,
              reason="whose firepower token and for how long are not said")
    v.declare("when-killed", "something happens when this card is killed", f"{HTMD}: Card List: Garzista"
              " Revolutionary ('If killed: [card icon marked 1] and +[bullet wound token]')", played=False, kinds=CARD,
              reason="what kills a Colti gang card and what [card icon marked 1] asks are not said")
    v.declare("when-reaching", "something happens when the marker reaches a battlefield", f"{HTMD}: Card List: Train"
              " Roof Fight ('When you reach Express 3:15...')", played=False, kinds=CARD,
              reason="the token it places ([black token marked 1]) stays on a location, which the texts do not explain")
    v.declare("move-to-current", "move this card to the current battlefield", f"{HTMD}: Card List: Papagos Guide",
              played=False, kinds=CARD, reason="its cost ([card icon marked 0]) is not explained")
    v.declare("when-opponent-plays", "a token on this card each time the opponent plays a named card",
              f"{HTMD}: Card List: Papagos Guide", played=False, kinds=CARD,
              reason="the engine has no step reacting to the opponent's cards")
    v.declare("unknown", "what happens is not given", "the rules texts do not give it", played=False, kinds=CARD,
              reason="the rules texts do not give the effect")
    return v
