"""The Western Legends General Store and items: buying, upgrading, item abilities.

The State's part that plays the rulebook's *General Store*: buying an item of the store at its
``cost`` (at most ``max_copies_per_item`` copies, ``max_misc_items`` misc. items), upgrading a
copy (the cost paid again), an item's abilities as its YAML writes them (``when: bought`` on
buying, ``when: action`` as an action of their own: cost, gain and effects).
"""
from __future__ import annotations


from .pieces import Action, Player


class Items:
    """The General Store and item abilities (rulebook: *General Store*)."""

    def _offer_buy_items(self, p: Player) -> list[Action]:
        rules, game, out = self.rules, self.game, []
        misc = sum(n for i, (n, _) in p.items.items() if game.items[i].get("type") == "misc")
        for item_id in game.store:
            item = game.items[item_id]
            copies, upgraded = p.items.get(item_id, (0, 0))
            if p.money < item["cost"]:
                continue
            if copies < rules.max_copies_per_item and (item["type"] != "misc" or misc < rules.max_misc_items):
                out.append(Action("buy", item_id))
            if item.get("upgradable") and item["type"] != "misc" and upgraded < copies:
                out.append(Action("upgrade", item_id))
        return out

    def _do_buy(self, p: Player, item_id: str) -> None:
        self._money(p, -self.game.items[item_id]["cost"])
        copies, upgraded = p.items.get(item_id, (0, 0))
        p.with_item(item_id, copies + 1, upgraded)
        self.event("buy", p.name, item=item_id)
        for index, ability in enumerate(self.game.items[item_id].get("abilities") or []):
            if ability.get("when") == "bought":
                self.event("item-ability", p.name, item=item_id, ability=index, text=ability.get("text"),
                           cost=dict(ability.get("cost") or {}), gain=dict(ability.get("gain") or {}))
                self._play_spec(p, ability, item_id)

    def _do_upgrade(self, p: Player, item_id: str) -> None:
        self._money(p, -self.game.items[item_id]["cost"])     # the cost paid a second time
        copies, upgraded = p.items[item_id]
        p.with_item(item_id, copies, upgraded + 1)
        self.event("upgrade", p.name, item=item_id)

    def _item_abilities(self, p: Player) -> list[Action]:
        game, actions = self.game, []
        for item_id, (copies, _) in sorted(p.items.items()):
            for index, ability in enumerate(game.items[item_id].get("abilities") or []):
                if copies and ability.get("when") == "action" and self._plain_playable(ability) \
                        and self._affords(p, ability.get("cost") or {}):
                    actions.append(Action("item-ability", (item_id, index)))
        return actions

    def _do_item_ability(self, p: Player, target) -> None:
        item_id, index = target
        ability = self.game.items[item_id]["abilities"][index]
        self.event("item-ability", p.name, item=item_id, ability=index, text=ability.get("text"),
                   cost=dict(ability.get("cost") or {}), gain=dict(ability.get("gain") or {}))
        self._play_spec(p, ability, item_id)
