"""The Western Legends turn engine on a grid map: pure, seeded, logged.

The same shape as the Dark Horse engine: :meth:`State.legal_actions`, :meth:`State.apply`
(a new state each time), :attr:`State.log`. Every number a designer might tune is read from the
game's YAML (limits, game length, start-of-turn choices, fight rewards, location prices); what the
rules text does not give (decks, dice faces, items, characters, track rewards, story cards, the
board) comes from the illustrative documents in ``variants/western-legends/``.

A turn: the start-of-turn choice, then three actions, then the end of turn. Choices the text leaves
to the players are made by simple documented policies: play the highest card in a fight; the player
to the right picks the highest fight card against the active player; a non-active player joins poker
when holding a card of 10 or better and at least $10; a robber takes money unless the nuggets are
worth more ($20 each); the sheriff moves along a shortest path toward the nearest wanted player.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from ...board.graph import Board
from ..state import Replayable
from .poker import CHEAT, PokerRules, best_saloon_hand, parse

NAMES = ["red", "blue", "green", "yellow", "purple", "black"]


@dataclass
class Player:
    name: str
    character: str
    at: tuple[int, int]
    money: int = 0
    nuggets: int = 0
    wounds: int = 0
    marshal: int = 0
    wanted: int = 0
    lp: int = 0
    hand: list[str] = field(default_factory=list)
    items: dict[str, bool] = field(default_factory=dict)   # item id -> upgraded
    mount: str | None = None
    weapon: str | None = None
    cattle: dict | None = None
    cattle_ranch: tuple[int, int] | None = None
    fought: set[str] = field(default_factory=set)
    discs_placed: bool = False
    reputation_cards_played: int = 0
    legendary: list[int] = field(default_factory=list)  # goal variant: legendary tokens held (LP values)


@dataclass(frozen=True)
class Action:
    kind: str
    target: object = None

    def __str__(self) -> str:
        return self.kind if self.target is None else f"{self.kind} {self.target}"


class Rules:
    """The game's numbers, read once from the library."""

    def __init__(self, library, length: str = "short", goal_variant: bool = False):
        game = library.data("western-legends", "game", "western-legends")["parameters"]
        self.limits = game
        self.end_lp = game["game_lengths"][length]
        self.choices = library.data("western-legends", "rule", "start-of-turn")["parameters"]["choices"]
        fight = library.data("western-legends", "rule", "player-fight")["parameters"]
        self.duel_lp = fight["duel_reward_lp"]
        self.min_value = fight["minimum_reduced_value"]
        poker = library.data("western-legends", "rule", "saloon-poker")["parameters"]
        self.ante, self.house, self.win_lp, self.dealer_draws = poker["ante"], poker["house_adds"], poker["win_lp"], poker["dealer_draws"]
        npcs = library.data("western-legends", "rule", "bandits-and-sheriff")["parameters"]
        self.bandit_draw, self.arrest_draw, self.heist_draw = (npcs["bandit_fight_cards_drawn"], npcs["arrest_fight_cards_drawn"],
                                                               npcs["heist_fight_cards_drawn"])
        bank = library.data("western-legends", "location", "bank")["parameters"]
        self.nugget_price, self.heist_win, self.heist_loss = bank["nugget_price"], bank["heist_win"], bank["heist_loss"]
        cabaret = library.data("western-legends", "location", "cabaret")["actions"]
        self.cabaret = [(a["cost"]["money"], a["gain"]["legend-points"]) for a in cabaret]
        scoring = library.data("western-legends", "rule", "final-scoring")["parameters"]
        self.scoring = scoring
        deck = library.data("western-legends", "rule", "poker-deck")["parameters"]
        self.poker_deck = [f"{v}{s}" for s in deck["suits"] for v in deck["values"]] + [CHEAT] * deck["cheat_cards"]
        self.cheat_value = deck["cheat_fight_value"]
        self.card_actions = dict(deck.get("card_actions") or {})
        self.reputation_cards = set(deck.get("reputation_cards") or [])
        self.manhunt_moves = deck.get("manhunt_sheriff_moves", 3)
        self.poker_rules = PokerRules(ace_low=deck["ace_low_straights"], cheat=deck["cheat_rule"])
        self.fight_deck = list(library.data("western-legends", "rule", "fight-deck")["parameters"]["values"])
        self.faces = library.data("western-legends", "rule", "prospecting-dice")["parameters"]["faces"]
        self.tracks = library.data("western-legends", "rule", "tracks")["parameters"]
        self.stories = library.data("western-legends", "rule", "story-cards")["parameters"]["cards"]
        self.items = {d.id: d.data for d in library.of_kind("item", "western-legends")}
        self.characters = {d.id: d.data for d in library.of_kind("character", "western-legends") if d.data.get("start")}
        self.goal_tokens = library.data("western-legends", "rule", "goal-card-variant")["parameters"]["legendary_tokens"]
        self.goal_variant = goal_variant

    def card_value(self, card: str) -> int:
        parsed = parse(card)
        return self.cheat_value if parsed == CHEAT else parsed[0]


class State(Replayable):
    def __init__(self, library, players: int, seed: int, *, length: str = "short", max_rounds: int = 60,
                 map_id: str = "illustrative-frontier"):
        self.rules = Rules(library, length)
        self.rng = random.Random(seed)
        document = library.get("western-legends", "map", map_id)
        self.board = Board.from_data(document.data, document=document)
        nodes = self.board.graph.nodes
        self.spaces = {data.get("location"): [] for _, data in nodes(data=True) if data.get("location")}
        for node, data in nodes(data=True):
            if data.get("location"):
                self.spaces[data["location"]].append(node)
        self.hideouts = sorted(self.spaces.get("bandit-hideout", []))
        self.office = self.spaces["sheriffs-office"][0]
        self.sheriff = self.office
        self.round, self.max_rounds, self.turn = 1, max_rounds, 0
        self.log: list[dict] = [{"event": "start", "game": "western-legends", "players": players, "seed": seed,
                                 "length": length, "end_lp": self.rules.end_lp, "map": map_id,
                                 "note": "decks, dice, items, characters and the board are illustrative designer data"}]
        self.poker = list(self.rules.poker_deck)
        self.rng.shuffle(self.poker)
        self.poker_discard: list[str] = []
        self.fight = list(self.rules.fight_deck)
        self.rng.shuffle(self.fight)
        self.story_discs = {card["id"]: [] for card in self.rules.stories}
        # characters: draw 2, keep 1 (the first, by the seat policy), starting items and money
        pool = sorted(self.rules.characters)
        if len(pool) < 2 * players:
            raise ValueError(f"{players} players draw 2 characters each, but the library has {len(pool)}: add character documents")
        self.rng.shuffle(pool)
        self.players: list[Player] = []
        for i in range(players):
            drawn = pool[2 * i:2 * i + 2]
            keep = drawn[0]
            start = self.rules.characters[keep]["start"]
            player = Player(NAMES[i], keep, tuple(start["space"]), money=start.get("money", 0),
                            nuggets=start.get("gold_nuggets", 0), marshal=start.get("marshal_points", 0),
                            wanted=start.get("wanted_points", 0))
            self.players.append(player)
            for item in start.get("items") or []:
                player.items[item] = False
            self._draw(player, start.get("poker_cards", 0))
            self.event("character", player.name, drew=drawn, kept=keep, at=list(player.at))
        self.bandits = [h for h in self.hideouts if all(p.at != h for p in self.players)]
        most = max(p.wanted for p in self.players)
        leaders = [i for i, p in enumerate(self.players) if p.wanted == most and most > 0]
        self.first = leaders[0] if len(leaders) == 1 else self.rng.randrange(players)
        self.turn = self.first
        self.final_round: int | None = None
        self.done = False
        self.step = "start"   # start -> actions (3) -> end
        self.actions_left = 0
        self.event("setup", None, first=self.players[self.first].name, bandits=[list(b) for b in self.bandits],
                   sheriff=list(self.sheriff))

    # -- helpers ----------------------------------------------------------------------------
    def event(self, event: str, player: str | None = None, **data) -> None:
        self.log.append({"event": event, "round": self.round, "player": player, **data})

    @property
    def current(self) -> Player:
        return self.players[self.turn]

    def right_of(self, player: Player) -> Player:
        i = self.players.index(player)
        return self.players[(i - 1) % len(self.players)]

    def _deal(self, n: int) -> list[str]:
        """Cards off the poker deck, reshuffling the discards when it runs out."""
        cards = []
        for _ in range(n):
            if not self.poker:
                self.poker, self.poker_discard = self.poker_discard, []
                self.rng.shuffle(self.poker)
            if self.poker:
                cards.append(self.poker.pop())
        return cards

    def _draw(self, player: Player, n: int) -> None:
        player.hand += self._deal(n)

    def _fight_cards(self, n: int) -> list[int]:
        drawn = [self.fight.pop(0) for _ in range(min(n, len(self.fight)))]
        return drawn

    def _return_fight_cards(self, cards: list[int]) -> None:
        cards = list(cards)
        self.rng.shuffle(cards)  # to the bottom in random order
        self.fight.extend(cards)

    def _money(self, player: Player, amount: int) -> None:
        player.money = max(0, min(self.rules.limits["max_money"], player.money + amount))

    def _nuggets(self, player: Player, amount: int) -> None:
        player.nuggets = max(0, min(self.rules.limits["max_gold_nuggets"], player.nuggets + amount))

    def _wound(self, player: Player) -> None:
        player.wounds = min(self.rules.limits["max_wounds"], player.wounds + 1)

    def _reward(self, player: Player, reward: dict) -> None:
        for good, amount in reward.items():
            if good == "money":
                self._money(player, amount)
            elif good == "legend-points":
                player.lp += amount
            elif good == "poker-card":
                self._draw(player, amount)
            elif good == "gold-nugget":
                self._nuggets(player, amount)

    def _track(self, player: Player, which: str, points: int) -> None:
        """Move up the marshal or wanted track, gaining each space's reward; past the 9th, 1 LP."""
        if which == "wanted" and player.marshal:
            self.event("switch-to-wanted", player.name, marshal_points_lost=player.marshal)
            player.marshal = 0   # a marshal may become wanted: the cube moves to the wanted track
        if which == "marshal" and player.wanted:
            self.event("no-marshal-points", player.name, reason="a wanted player cannot gain marshal points")
            return
        rewards = self.rules.tracks[f"{which}_rewards"]
        for _ in range(points):
            value = getattr(player, which)
            if value >= self.rules.limits["track_spaces"]:
                player.lp += 1
                continue
            setattr(player, which, value + 1)
            self._reward(player, rewards.get(str(value + 1), {}))
        self.event(which, player.name, points=points, now=getattr(player, which))

    def _row(self, value: int) -> int:
        return self.rules.tracks["row_of_space"][value]

    def _play_card(self, player: Player) -> str | None:
        if not player.hand:
            return None
        card = max(player.hand, key=self.rules.card_value)
        player.hand.remove(card)
        self.poker_discard.append(card)
        return card

    def _reduction(self, player: Player) -> int:
        weapon = self.rules.items.get(player.weapon or "")
        if not weapon:
            return 0
        text = weapon.get("effect", "")
        return 2 if "by 2" in text else 1 if "by 1" in text else 0

    # -- the state API ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.done:
            return []
        p = self.current
        if self.step == "start":
            return [Action("start", i) for i in range(len(self.rules.choices))]
        if self.step == "end":
            return [Action("end-turn")]
        actions = [Action("work")]
        for card in sorted(set(p.hand)):
            ability = self.rules.card_actions.get(card)
            if ability is None:
                continue
            limit = self.rules.limits["max_reputation_cards_per_turn"]
            if ability in self.rules.reputation_cards and p.reputation_cards_played >= limit:
                continue
            if ability == "manhunt" and not any(o.wanted for o in self.players):
                continue
            actions.append(Action("card-action", card))
        for target in sorted(self._reachable(p)):
            actions.append(Action("move", target))
        location = self.board.graph.nodes[p.at].get("location")
        if location == "general-store":
            for item_id, item in sorted(self.rules.items.items()):
                cost = item.get("cost") if isinstance(item.get("cost"), int) else None
                if cost is None or p.money < cost:
                    continue
                if item_id not in p.items:
                    misc = sum(1 for i in p.items if self.rules.items[i]["type"] == "misc")
                    if item["type"] != "misc" or misc < self.rules.limits["max_misc_items"]:
                        actions.append(Action("buy", item_id))
                elif item.get("upgradable") and not p.items[item_id]:
                    actions.append(Action("upgrade", item_id))
        if location == "saloon" and p.money >= self.rules.ante:
            actions.append(Action("poker"))
        if location == "mine":
            actions.append(Action("prospect"))
        if location == "bank":
            if p.nuggets:
                actions.append(Action("deposit"))
            actions.append(Action("heist"))
        if location == "doctors-office" and p.wounds and p.money >= 10:
            actions.append(Action("heal"))
        if location == "cabaret":
            actions += [Action("revel", i) for i, (cost, _) in enumerate(self.rules.cabaret) if p.money >= cost]
        if location == "ranch" and p.cattle is None:
            actions.append(Action("take-cattle"))
        for other in self.players:
            if other is not p and other.at == p.at and other.name not in p.fought:
                actions.append(Action("duel", other.name))
                actions.append(Action("rob", other.name))
                if p.marshal >= 1 and other.wanted >= 1:
                    actions.append(Action("arrest", other.name))
        return actions

    def _reachable(self, p: Player) -> set:
        """Spaces within the mount's (or 2) moves, orthogonal or diagonal, around blocked spaces;
        a bandit stops movement; wanted players may not enter the sheriff's space."""
        steps = self.rules.limits["movement_without_mount"]
        if p.mount:
            steps = self.rules.items[p.mount].get("movement", steps)
        graph = self.board.graph
        seen, frontier = {p.at: 0}, deque([p.at])
        while frontier:
            node = frontier.popleft()
            if seen[node] == steps or (node in self.bandits and node != p.at):
                continue
            for n in graph.neighbors(node):
                if n in seen or graph.nodes[n].get("blocked"):
                    continue
                if p.wanted and n == self.sheriff:
                    continue
                seen[n] = seen[node] + 1
                frontier.append(n)
        return set(seen) - {p.at}

    def _apply(self, action: Action) -> None:
        p = self.current
        if action.kind == "start":
            choice = self.rules.choices[action.target]
            self._money(p, choice.get("money", 0))
            self._draw(p, choice.get("poker-card", 0))
            # choose a mount and a weapon for the turn: the best owned
            mounts = [i for i in p.items if self.rules.items[i]["type"] == "mount"]
            weapons = [i for i in p.items if self.rules.items[i]["type"] == "weapon"]
            p.mount = max(mounts, key=lambda i: self.rules.items[i].get("movement", 0), default=None)
            p.weapon = max(weapons, key=lambda i: self.rules.items[i].get("cost") or 0, default=None)
            p.fought = set()
            p.reputation_cards_played = 0
            self.event("start-of-turn", p.name, choice=choice, mount=p.mount, weapon=p.weapon)
            self.step, self.actions_left = "actions", self.rules.limits["actions_per_turn"]
            return
        if action.kind == "end-turn":
            self._end_turn(p)
            return
        getattr(self, "_do_" + action.kind.replace("-", "_"))(p, action.target)
        self.actions_left -= 1
        if self.actions_left == 0 and self.step == "actions":
            self.step = "end"

    # -- actions ------------------------------------------------------------------------------
    def _do_card_action(self, p, card):
        """A poker card's ACTION: Living Legend gives 1 marshal or wanted point; Manhunt moves the sheriff."""
        ability = self.rules.card_actions[card]
        p.hand.remove(card)
        self.poker_discard.append(card)
        if ability in self.rules.reputation_cards:
            p.reputation_cards_played += 1
        self.event("card-action", p.name, card=card, ability=ability)
        if ability == "living-legend":
            self._track(p, "wanted" if p.wanted else "marshal", 1)
        elif ability == "manhunt":
            self._move_sheriff(self.rules.manhunt_moves)

    def _do_work(self, p, _):
        self._money(p, 10)
        self.event("work", p.name, money=p.money)

    def _do_move(self, p, target):
        p.at = target
        self.event("move", p.name, to=list(target))
        self._deliver_cattle(p)
        if target in self.bandits:
            self._fight_bandit(p)

    def _deliver_cattle(self, p):
        # free: the rail station, or the ranch of the opposing colour
        if p.cattle is None:
            return
        location = self.board.graph.nodes[p.at].get("location")
        if location == "rail-station":
            self._track(p, "marshal", 1)
        elif location == "ranch" and p.at != p.cattle_ranch:
            self._track(p, "wanted", 1)
        else:
            return
        self._reward(p, p.cattle)
        self.event("deliver-cattle", p.name, at=location, reward=p.cattle)
        p.cattle, p.cattle_ranch = None, None

    def _do_take_cattle(self, p, _):
        p.cattle = self.rng.choice(self.rules.tracks["cattle_rewards"])
        p.cattle_ranch = p.at
        self.event("take-cattle", p.name)

    def _do_buy(self, p, item_id):
        self._money(p, -self.rules.items[item_id]["cost"])
        p.items[item_id] = False
        self.event("buy", p.name, item=item_id)

    def _do_upgrade(self, p, item_id):
        self._money(p, -self.rules.items[item_id]["cost"])
        p.items[item_id] = True
        self.event("upgrade", p.name, item=item_id)

    def _do_prospect(self, p, _):
        for die in range(2):
            while True:
                face = self.rng.choice(self.rules.faces)
                self.event("prospect-die", p.name, face=face)
                if face == "nugget":
                    self._nuggets(p, 1)
                elif face in ("money", "money_and_reroll"):
                    self._money(p, 10)
                if face != "money_and_reroll":
                    break

    def _do_deposit(self, p, _):
        n = p.nuggets
        p.nuggets = 0
        self._money(p, n * self.rules.nugget_price["money"])
        p.lp += n * self.rules.nugget_price["legend-points"]
        self.event("deposit", p.name, nuggets=n)

    def _do_heal(self, p, _):
        lost, p.wounds = p.wounds, 0
        self._money(p, -10)
        self._draw(p, lost)
        self.event("heal", p.name, wounds_lost=lost)

    def _do_revel(self, p, index):
        cost, lp = self.rules.cabaret[index]
        self._money(p, -cost)
        p.lp += lp
        self.event("revel", p.name, paid=cost, lp=lp)

    def _do_heist(self, p, _):
        drawn = self._fight_cards(self.rules.heist_draw)
        guard = max(drawn, default=0)
        card = self._play_card(p)
        mine = self.rules.card_value(card) if card else 0
        won = mine > guard  # the active player loses ties
        self.event("heist", p.name, card=card, guard=guard, won=won)
        if won:
            self._money(p, self.rules.heist_win["money"])
            self._track(p, "wanted", self.rules.heist_win["wanted-point"])
        else:
            self._wound(p)
            self._track(p, "wanted", self.rules.heist_loss["wanted-point"])
            self._draw(p, self.rules.heist_loss["poker-card"])
        self._return_fight_cards(drawn)

    def _do_poker(self, p, _):
        town = self.board.graph.nodes[p.at].get("in_town")
        self._money(p, -self.rules.ante)
        self._draw(p, 1)
        pot = self.rules.ante + self.rules.house
        seats = [p]
        for other in self.players:
            if other is not p and town and self.board.graph.nodes[other.at].get("in_town") == town and other.money >= self.rules.ante \
                    and any(self.rules.card_value(c) >= 10 for c in other.hand):
                self._money(other, -self.rules.ante)
                self._draw(other, 1)
                pot += self.rules.ante
                seats.append(other)
        dealer_hand = None
        if len(seats) == 1:
            dealer_hand = self._deal(self.rules.dealer_draws)
        flop = self._deal(3)
        values = {s.name: best_saloon_hand(s.hand, flop, self.rules.poker_rules) for s in seats}
        if dealer_hand is not None:
            values["dealer"] = best_saloon_hand(dealer_hand, flop, self.rules.poker_rules)
        best = max(values.values())
        winners = [n for n, v in values.items() if v == best]
        if p.name in winners:       # the active player wins ties
            self._money(p, pot)
            p.lp += self.rules.win_lp
            outcome = p.name
        elif winners == ["dealer"]:
            outcome = "dealer"      # nobody is rewarded; the money returns to the supply
        else:
            share = pot // len(winners)
            for name in winners:
                self._money(next(s for s in seats if s.name == name), share)
            outcome = "+".join(winners)
        self.poker_discard += flop + (dealer_hand or [])
        self.event("poker", p.name, seats=[s.name for s in seats], flop=flop, dealer=dealer_hand,
                   hands={n: v.name for n, v in values.items()}, pot=pot, winner=outcome)

    def _fight_value(self, card: str | None, opponent: Player | None) -> int:
        if card is None:
            return 0
        value = self.rules.card_value(card)
        reduction = self._reduction(opponent) if opponent else 0
        return max(self.rules.min_value, value - reduction) if value > self.rules.min_value else value

    def _player_fight(self, p, target_name, kind):
        target = next(o for o in self.players if o.name == target_name)
        p.fought.add(target.name)
        a_card = self._play_card(p)
        b_card = self._play_card(target)  # the target declines only when it has no card
        a = self._fight_value(a_card, target)
        b = self._fight_value(b_card, p)
        won = b_card is None or a >= b    # the active player wins ties
        loser = target if won else p
        self._wound(loser)
        self._draw(loser, 1)
        self.event("fight", p.name, kind=kind, target=target.name, cards=[a_card, b_card], values=[a, b],
                   winner=p.name if won else target.name)
        if not won:
            return
        if kind == "duel":
            p.lp += self.rules.duel_lp
        elif kind == "rob":
            self._track(p, "wanted", 1)
            if target.money >= target.nuggets * 20:
                taken = -(-target.money // 2)
                self._money(target, -taken)
                self._money(p, taken)
            else:
                taken = -(-target.nuggets // 2)
                self._nuggets(target, -taken)
                self._nuggets(p, taken)
            if target.cattle is not None and p.cattle is None:
                p.cattle, p.cattle_ranch, target.cattle, target.cattle_ranch = target.cattle, target.cattle_ranch, None, None
        elif kind == "arrest":
            self._track(p, "marshal", 1)
            self._arrested(target)

    def _do_duel(self, p, target):
        self._player_fight(p, target, "duel")

    def _do_rob(self, p, target):
        self._player_fight(p, target, "rob")

    def _do_arrest(self, p, target):
        self._player_fight(p, target, "arrest")

    def _arrested(self, target: Player) -> None:
        target.at = self.office
        self.sheriff = self.office
        target.wanted = 0
        target.cattle, target.cattle_ranch = None, None
        self._money(target, -((target.money + 1) // 2))   # half, rounded up
        self._nuggets(target, -((target.nuggets + 1) // 2))
        self.event("arrested", target.name)

    def _fight_bandit(self, p):
        card = self._play_card(p)
        drawn = self._fight_cards(self.rules.bandit_draw)
        bandit = max(drawn, default=0)
        mine = self._fight_value(card, None)
        won = mine > bandit  # the active player loses ties
        self.bandits.remove(p.at)
        self.event("bandit-fight", p.name, card=card, bandit=bandit, won=won)
        if won:
            if p.wanted:
                p.lp += 1
            else:
                self._track(p, "marshal", 1)
        else:
            self._wound(p)
            self._draw(p, 1)
        self._return_fight_cards(drawn)

    # -- end of turn ----------------------------------------------------------------------------
    def _end_turn(self, p: Player) -> None:
        # 1. story cards: one disc a turn, on the card nearest completion
        open_cards = [c for c in self.rules.stories if len(self.story_discs[c["id"]]) < c["discs"]]
        if open_cards:
            card = max(open_cards, key=lambda c: len(self.story_discs[c["id"]]) / c["discs"])
            self.story_discs[card["id"]].append(p.name)
            if len(self.story_discs[card["id"]]) == card["discs"]:
                self._complete_story(card)
        # 2. hand size
        limit = self.rules.limits["hand_size"] + self.rules.limits["hand_size_per_wound"] * p.wounds
        while len(p.hand) > max(0, limit):
            card = min(p.hand, key=self.rules.card_value)
            p.hand.remove(card)
            self.poker_discard.append(card)
        # 3. wanted LP by row
        if p.wanted:
            p.lp += self.rules.tracks["wanted_row_lp_per_turn"][self._row(p.wanted)]
        self.event("end-of-turn", p.name, lp=p.lp, money=p.money, wounds=p.wounds, marshal=p.marshal, wanted=p.wanted)
        # 4. the end trigger: finish the round, then one final round
        if self.final_round is None and p.lp >= self.rules.end_lp:
            self.final_round = self.round + 1
            self.event("end-triggered", p.name, final_round=self.final_round)
        # 5. the player to the left
        self.turn = (self.turn + 1) % len(self.players)
        self.step = "start"
        if self.turn == self.first:
            self.round += 1
            if (self.final_round is not None and self.round > self.final_round) or self.round > self.max_rounds:
                self._finish()

    def _complete_story(self, card):
        contributors = sorted(set(self.story_discs[card["id"]]))
        for name in contributors:
            self._reward(next(p for p in self.players if p.name == name), card["reward"])
        spawned = []
        for index in card["spawn"]:
            hideout = self.hideouts[index % len(self.hideouts)]
            if hideout not in self.bandits and hideout != self.sheriff and all(p.at != hideout for p in self.players):
                self.bandits.append(hideout)
                spawned.append(list(hideout))
        self.event("story-completed", None, card=card["id"], rewarded=contributors, spawned=spawned)
        self.story_discs[card["id"]] = []
        self._move_sheriff(card["sheriff_moves"])

    def _move_sheriff(self, steps: int) -> None:
        wanted = [p for p in self.players if p.wanted]
        if not wanted:
            return
        graph = self.board.graph
        import networkx as nx
        open_graph = graph.subgraph([n for n in graph if not graph.nodes[n].get("blocked")])
        target = min(wanted, key=lambda p: (nx.shortest_path_length(open_graph, self.sheriff, p.at), p.name))
        path = nx.shortest_path(open_graph, self.sheriff, target.at)
        for node in path[1:steps + 1]:
            self.sheriff = node
            here = [p for p in self.players if p.at == node and p.wanted]
            if here:
                victim = here[0]
                if victim.hand:
                    self.poker_discard.append(victim.hand.pop(self.rng.randrange(len(victim.hand))))
                self._arrest_attempt(victim)
                break  # an arrest ends the movement
        self.event("sheriff", None, at=list(self.sheriff))

    def _arrest_attempt(self, p: Player) -> None:
        card = self._play_card(p)
        drawn = self._fight_cards(self.rules.arrest_draw)
        law = max(drawn, default=0)
        mine = self._fight_value(card, None)
        escaped = mine > law  # the active (wanted) player loses ties
        self.event("arrest-attempt", p.name, card=card, sheriff=law, escaped=escaped)
        if escaped:
            self.sheriff = self.office
        else:
            self._wound(p)
            self._draw(p, 1)
            self._arrested(p)
        self._return_fight_cards(drawn)

    def _finish(self) -> None:
        self.done = True
        self.event("final-scoring", None, scores=self.final_scores(), ranking=self.ranking())

    def final_scores(self) -> dict[str, dict]:
        s = self.rules.scoring
        most = max((p.wanted for p in self.players), default=0)
        top = [p for p in self.players if p.wanted == most and most > 0]
        out = {}
        for p in self.players:
            items = sum(self.rules.items[i].get("upgrade_lp", 0) for i, up in p.items.items() if up and
                        isinstance(self.rules.items[i].get("upgrade_lp"), int))
            money = min(s["max_money_lp"], p.money // s["money_per_lp"])
            wounds = s["lp_per_wound"] * p.wounds
            wanted = 0
            if p.wanted:
                wanted = (s["most_wanted_lp"] if len(top) == 1 else s["tied_most_wanted_lp"]) if p in top else s["other_wanted_lp"]
            marshal = self.rules.tracks["marshal_row_lp"][self._row(p.marshal)] if p.marshal else 0
            legendary = sum(p.legendary)
            out[p.name] = {"lp_in_play": p.lp, "items": items, "money": money, "wounds": wounds, "wanted": wanted,
                           "marshal": marshal, "legendary": legendary,
                           "total": p.lp + items + money + wounds + wanted + marshal + legendary}
        return out

    def ranking(self) -> list[list[str]]:
        """Players by total, ties broken: most marshal/wanted points, most nuggets, fewest wounds, else shared."""
        scores = self.final_scores()
        key = lambda p: (scores[p.name]["total"], p.marshal + p.wanted, p.nuggets, -p.wounds)
        ordered = sorted(self.players, key=key, reverse=True)
        groups: list[list[str]] = []
        for p in ordered:
            if groups and key(next(q for q in self.players if q.name == groups[-1][0])) == key(p):
                groups[-1].append(p.name)
            else:
                groups.append([p.name])
        return groups


def draw_legendary_tokens(supply: list[int], held: list[int], completed: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """Goal variant: take tokens equal to the number of completed goals, keep only that many
    (the best), shuffle the rest back. Returns (held, supply)."""
    supply = list(supply)
    rng.shuffle(supply)
    drawn, supply = supply[:completed], supply[completed:]
    pool = sorted(held + drawn, reverse=True)
    keep, back = pool[:completed], pool[completed:]
    supply += back
    rng.shuffle(supply)
    return keep, supply


def legendary_supply(distribution: dict[str, int]) -> list[int]:
    return [int(value) for value, count in sorted(distribution.items()) for _ in range(count)]


# -- seats ------------------------------------------------------------------------------------

def random_bot(state: State, rng: random.Random):
    actions = state.legal_actions()
    return rng.choice(actions)


def greedy_bot(state: State, rng: random.Random):
    """Prefers what scores: revel, deposit, duels, poker, buying mounts; else moves toward money."""
    actions = state.legal_actions()
    weights = {"card-action": 2.5, "revel": 6, "deposit": 5, "duel": 4, "arrest": 4, "upgrade": 3, "poker": 3, "prospect": 3, "buy": 2,
               "heal": 2, "take-cattle": 2, "work": 1, "move": 1.5, "rob": 1, "heist": 0.5, "start": 1, "end-turn": 1}
    p = state.current
    def value(a):
        w = weights.get(a.kind, 0)
        if a.kind == "revel":
            w += a.target
        if a.kind == "start":
            w += 1 if (a.target == 0 and p.money < 60) or (a.target == 1 and len(p.hand) < 2) else 0
        if a.kind == "move":
            location = state.board.graph.nodes[a.target].get("location")
            w += {"cabaret": 2 if p.money >= 30 else 0, "bank": 2 if p.nuggets else 0, "mine": 1,
                  "general-store": 1 if p.money >= 40 else 0, "saloon": 1 if p.money >= 20 else 0,
                  "doctors-office": 2 if p.wounds else 0}.get(location, 0)
        return w
    best = max(value(a) for a in actions)
    return rng.choice([a for a in actions if value(a) == best])


BOTS = {"random": random_bot, "greedy": greedy_bot}


def play(library, players: int, seed: int, rounds: int = 60, bots: list[str] | None = None, length: str = "short") -> State:
    """A whole seeded game with bots, to its end (or ``rounds`` rounds at the most)."""
    state = State(library, players, seed, length=length, max_rounds=rounds)
    chooser = random.Random(seed + 1)
    seats = [BOTS[(bots or ["greedy"])[i % len(bots or ["greedy"])]] for i in range(players)]
    while not state.done:
        state._apply(seats[state.turn](state, chooser))
    return state


def describe(event: dict) -> str:
    kind, who = event["event"], event.get("player")
    if kind == "start":
        return (f"Western Legends, {event['players']} players, seed {event['seed']}, game to {event['end_lp']} LP on"
                f" {event['map']}\n  note: {event['note']}")
    if kind == "final-scoring":
        lines = ["-- final scoring"] + [f"  {n}: {s['total']} LP ({', '.join(f'{k} {v}' for k, v in s.items() if k != 'total')})"
                                        for n, s in event["scores"].items()]
        lines.append("  ranking: " + " > ".join("=".join(g) for g in event["ranking"]))
        return "\n".join(lines)
    if kind in ("prospect-die",):
        return ""
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("event", "round", "player"))
    return f"[{event['round']}] {who or ''} {kind}: {details}".replace("  ", " ")
