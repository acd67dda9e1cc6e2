"""The game engines, one package each, and the registry the CLI, the notebooks, ``validate`` and
the balance lab use to find them (no if/else per game anywhere else).

>>> sorted(GAMES)
['dark-horse', 'revolver', 'revolver-prison', 'western-legends']
>>> GAMES["dark-horse"].content_game, sorted(GAMES["dark-horse"].spec())[:2]
('dark-horse', ['abilities_per_turn', 'black_hat_can_rob'])
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class Entry:
    """A registered game: where its engine and its parameter types live (imported on demand, so
    ``workbench validate`` reads the types without importing the engines)."""

    id: str
    name: str
    content_game: str      # the `game:` of its YAML documents
    engine: str            # "module:Class" of its Game
    parameters: str        # module holding SPEC, its declared parameter types (in workbench.rules)
    requirements_module: str   # module whose ``requirements(library)`` says what else the engine needs
    # what the front ends need to know of a game, said here once (no if/else per game in cli/ or notebook/)
    seats_at: str = ""                      # "module:NAME" of the seat (player colour) names, in order
    play_options: frozenset = frozenset()   # what `workbench play` takes: scenario, hire, length, variant, set
    default_rounds: int | None = None       # rounds played unless told (a cap where the game ends by its own rule)
    # whether those rounds (or the rounds a designer gives) are the game's declared length: a game
    # stopped there was not cut short, the length stands in for an end its texts do not give (Dark
    # Horse: the published scenarios as modelled reach no end trigger); otherwise they are a
    # safety cap that only stops a game whose end never came
    declared_length: bool = False
    default_bot: str = "random"             # the bot a seat gets unless told
    default_players: int = 3                # the players of a balance sweep unless told
    describe_at: str = ""                   # "module:NAME" of the function putting a log event in words
    view_at: str = ""                       # "module:NAME" of its View: what the notebooks' panels show of it
    # how a search bot's rollout is cut off (workbench.agents.bots): "depth" after DEPTH decisions whatever
    # the scores (Western Legends, whose scores move every few turns); "end" never: played to the end of
    # the game (Dark Horse, a short game whose scores move rarely; Revolver); "scores-moved" past the depth once
    # the scores differ from the leaf's (a stopping time read from the scores: it biases the value)
    rollout_cutoff: str = "depth"
    visibility_at: str = ""                 # "module:NAME" of its Visibility: what each seat may see (none: perfect information)
    # the balance lab's player unless told (a search bot's kind, workbench.agents) and its playouts a
    # decision, chosen by benchmarks/ladder.py: the smallest budget that beats the reference player
    # and random in the game's published scenarios (Dark Horse measured 100; 20 kept until the
    # suite's sweeps name their bots: docs/explanation/balance-lab.md)
    lab_bot: str = "mcts"
    lab_playouts: int = 20

    def lab_player(self) -> str:
        """The balance lab's player unless told, as a bot name with its budget (``mcts-50``)."""
        return f"{self.lab_bot}-{self.lab_playouts}"

    def load(self):
        module, _, name = self.engine.partition(":")
        return getattr(import_module(module), name)

    def spec(self) -> dict:
        return import_module(self.parameters).SPEC

    def seats(self) -> list[str]:
        """The seat (player colour) names the engine has, in order (none for a game without seats)."""
        if not self.seats_at:
            return []
        module, _, name = self.seats_at.partition(":")
        return list(getattr(import_module(module), name))

    def describe(self):
        """The function ``describe(event) -> str`` that puts one of the engine's log events in words."""
        module, _, name = self.describe_at.partition(":")
        return getattr(import_module(module), name)

    def view(self):
        """What the front ends show of the game, in its words (:class:`workbench.games.view.View`:
        its seats, board, moves and log events; a game without one shows the shared defaults)."""
        if not self.view_at:
            from .view import View
            return View()
        module, _, name = self.view_at.partition(":")
        return getattr(import_module(module), name)

    def visibility(self):
        """What each seat may see and worlds consistent with it (:class:`workbench.games.visibility.Visibility`);
        a game that declares none hides nothing."""
        from .visibility import PERFECT
        if not self.visibility_at:
            return PERFECT
        module, _, name = self.visibility_at.partition(":")
        return getattr(import_module(module), name)

    def requirements(self, library) -> list:
        """What the engine needs of ``library`` beyond its parameters (located problems)."""
        return import_module(self.requirements_module).requirements(library)


GAMES: dict[str, Entry] = {}


def register(entry: Entry) -> Entry:
    GAMES[entry.id] = entry
    return entry


register(Entry("dark-horse", "Dark Horse", "dark-horse", "workbench.games.dark_horse.engine:DarkHorse",
               "workbench.rules.dark_horse", "workbench.games.dark_horse.requirements",
               seats_at="workbench.games.dark_horse.engine:PLAYER_NAMES", describe_at="workbench.games.dark_horse.engine:describe",
               view_at="workbench.games.dark_horse.view:VIEW",
               play_options=frozenset({"scenario", "hire", "variant", "set"}), default_rounds=3, default_bot="random",
               declared_length=True,
               rollout_cutoff="end", visibility_at="workbench.games.dark_horse.visibility:VISIBILITY"))
register(Entry("revolver", "Revolver", "revolver", "workbench.games.revolver.engine:Revolver",
               "workbench.rules.revolver", "workbench.games.revolver.requirements",
               seats_at="workbench.games.revolver.engine:SIDES", describe_at="workbench.games.revolver.engine:describe",
               view_at="workbench.games.revolver.view:VIEW",
               play_options=frozenset({"variant", "set", "deck"}), default_rounds=200, default_bot="greedy",
               default_players=2, rollout_cutoff="end", visibility_at="workbench.games.revolver.visibility:VISIBILITY"))
register(Entry("revolver-prison", "Revolver: the Prison Phase", "revolver", "workbench.games.revolver.rules:RevolverPrison",
               "workbench.rules.revolver", "workbench.rules.revolver", rollout_cutoff="scores-moved",
               visibility_at="workbench.games.revolver.visibility:PRISON"))
register(Entry("western-legends", "Western Legends", "western-legends",
               "workbench.games.western_legends.engine:WesternLegends", "workbench.rules.western_legends",
               "workbench.games.western_legends.requirements",
               seats_at="workbench.games.western_legends.engine:NAMES", describe_at="workbench.games.western_legends.engine:describe",
               view_at="workbench.games.western_legends.view:VIEW",
               play_options=frozenset({"length", "variant", "set"}), default_rounds=60, default_bot="greedy",
               rollout_cutoff="depth", visibility_at="workbench.games.western_legends.visibility:VISIBILITY"))


def for_content(game: str) -> list[Entry]:
    """The registered engines that play the documents of ``game``."""
    return [e for e in GAMES.values() if e.content_game == game]
