"""A house rule's effect, from Python: ``steal-silver`` takes ``amount`` Silver (default 1) from
each opponent who has any. The workbench finds it through the entry point group
``workbench.effects``: ``register(vocabulary)`` is called with each game's vocabulary."""


def steal(state, player, spec, where):
    amount = spec.get("amount", 1)
    for other in state.players:
        if other is player:
            continue
        taken = min(amount, other.goods.get("silver", 0))
        if taken:
            other.goods["silver"] -= taken
            player.goods["silver"] = player.goods.get("silver", 0) + taken
        state.event("steal-silver", player.name, victim=other.name, silver=taken, space=where)


def register(vocabulary):
    if vocabulary.game != "dark-horse":
        return
    vocabulary.declare("steal-silver", "take Silver from each opponent who has any", "house rule (a plugin)",
                       {"amount": {"type": "integer", "minimum": 1, "description": "For steal-silver: Silver taken"
                                                                                   " from each opponent."}},
                       handler=steal)
