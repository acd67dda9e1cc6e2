"""The game engines, one package each, and the registry the CLI, the notebooks, ``validate``, the
audit and the balance lab use to find them (no if/else per game anywhere else).

Each game's package declares and registers its own :class:`Entry` (as OpenSpiel's
``register_game`` in a game's own module): ``workbench/games/dark_horse/__init__.py`` and so on.
An entry is the game's only per-game table: where its engine, its parameters, its effect
vocabulary, its requirement check, its audit checks, its seats, its view and its visibility live,
all as ``"module:NAME"`` strings imported on demand, so importing the registry imports no engine
(``workbench validate`` reads the types without them).

>>> sorted(GAMES)
['dark-horse', 'revolver', 'revolver-prison', 'western-legends']
>>> GAMES["dark-horse"].content_game, sorted(GAMES["dark-horse"].spec())[:2]
('dark-horse', ['abilities_per_turn', 'black_hat_can_rob'])
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module


def _named(reference: str):
    """The object a ``"module:NAME"`` string names (the module itself without ``:NAME``)."""
    module, _, name = reference.partition(":")
    found = import_module(module)
    for part in name.split(".") if name else []:
        found = getattr(found, part)
    return found


@dataclass(frozen=True)
class Command:
    """A ``workbench`` command a game contributes through its entry (``workbench gunfight`` is Dark
    Horse's): the command line lists and builds it from the registry, naming no game itself.

    Parameters
    ----------
    name
        The command's word (``gunfight``).
    module
        The module (in :mod:`workbench.cli`, above the registry: named, never imported here) whose
        ``add_commands(sub)`` declares the command's parser.
    handler
        The name, in ``module``, of the function ``handler(args, rep) -> int`` that runs it.
    actions
        Whether the command's second word is an action (``poker rank``).
    """

    name: str
    module: str
    handler: str
    actions: bool = False


@dataclass(frozen=True)
class Entry:
    """A registered game, declared by its own package: its only per-game table.

    Every reference is a ``"module:NAME"`` (or module) string imported on demand, so importing
    the registry imports no engine (``workbench validate`` reads the types without them). Each
    field says what it holds where it is declared below.

    Examples
    --------
    >>> entry = GAMES["western-legends"]
    >>> entry.effects, entry.requirements_kept, entry.audit
    ('workbench.rules.western_legends_effects', 'western-legends-content', 'workbench.audit.western_legends')
    """

    id: str
    name: str
    content_game: str      # the `game:` of its YAML documents
    engine: str            # "module:Class" of its Game
    parameters: str        # module holding SPEC, its declared parameter types (in workbench.rules): what may be tuned
    # "module:NAME" of ``requirements(library)``: what else the engine needs of the content (validate)
    requirements_at: str
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
    # module whose ``declare()`` returns the game's effect vocabulary (workbench.rules.effects.Vocabulary):
    # what a designer may write under ``effects:`` in the documents of ``content_game`` (none: no effects)
    effects: str = ""
    # the name under which ``validate`` keeps the requirement check's answer between runs, keyed on
    # the documents of ``content_game`` alone (workbench.app.cache); empty: checked every run
    requirements_kept: str = ""
    # "module:NAME" of ``worth(library) -> bool``: whether keeping that answer is worth its key
    # (a run that checks nothing costly keeps nothing); empty: always
    requirements_worth_keeping_at: str = ""
    # module whose import registers the game's audit invariants (workbench.audit.invariants): the
    # rules texts' sentences checked on a replayed log of the game; empty: the audit knows none
    audit: str = ""
    codes_at: str = ""                      # "module:NAME" of the problem codes its own checks report (code -> meaning)
    conformance_at: str = ""                # "module:NAME" of its seeded, audited games' settings (workbench.games.conformance)
    # the balance lab's player unless told (a search bot's kind, workbench.agents) and its playouts a
    # decision, chosen by benchmarks/ladder.py: the smallest budget that beats the reference player
    # and random in the game's published scenarios (docs/explanation/balance-lab.md; Dark Horse's
    # entry says 100)
    lab_bot: str = "mcts"
    lab_playouts: int = 20
    # the commands the game adds to `workbench` (:class:`Command`), listed after the shared ones
    commands: tuple = ()
    # whether the board's placement rules and mobile hexes (workbench.board) read this game's
    # parameters: its ``parameters`` module's SPEC and published_ruleset(), handed down to the board
    # layer, which cannot import the registry (one game's: Dark Horse's)
    board_rules: bool = False
    # the rules texts its documents cite (their ``source: document:``), as tools/make_schemas.py lists them
    sources: tuple = ()
    # what the document schemas take from the game (tools/make_schemas.py): pairs of a part's name
    # and the "module:NAME" of its table, or "" for the game's own effect vocabulary (``effects``):
    # ("option-effects", "") says that the `effects:` of an action space's options are the game's;
    # a part several games give (a list: "character-roles") is theirs together, in registry order
    schema_parts: tuple = ()
    # the notebooks' odds lab (workbench.notebook.odds_lab): the module of the game's gunfight odds
    # (``fighters``, ``Side.parse``, ``rules_for``, ``matrix``) and the "module:NAME" of
    # ``(library, players, seed) -> dict``, one seeded game of its balance runs; the lab shows the
    # first registered game's of each
    gunfights_at: str = ""
    balance_runs_at: str = ""

    def lab_player(self) -> str:
        """The balance lab's player unless told, as a bot name with its budget (``mcts-50``)."""
        return f"{self.lab_bot}-{self.lab_playouts}"

    def load(self):
        return _named(self.engine)

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
        return list(_named(self.requirements_at)(library))

    def conformance(self) -> list:
        """The settings of the game's seeded, audited conformance games (:class:`workbench.games.conformance.Setting`)."""
        return list(_named(self.conformance_at)) if self.conformance_at else []

    def codes(self) -> dict[str, str]:
        """The problem codes the game's own checks report, each with its one-line meaning."""
        return dict(_named(self.codes_at)) if self.codes_at else {}

    def requirements_worth_keeping(self, library) -> bool:
        """Whether ``validate`` keeps the requirement check's answer for ``library`` (see
        :attr:`requirements_kept`); it decides only whether the answer is kept, never the answer."""
        if not self.requirements_kept:
            return False
        return not self.requirements_worth_keeping_at or bool(_named(self.requirements_worth_keeping_at)(library))


GAMES: dict[str, Entry] = {}


def register(entry: Entry) -> Entry:
    """Register ``entry`` (called by the game's own package); its effect vocabulary is told to the
    rules layer and its board rules to the board layer, which cannot import the registry
    (:mod:`workbench.rules.vocabularies`, :func:`workbench.board.parameters.declare_board_rules`)."""
    from ..board.parameters import declare_board_rules
    from ..rules.vocabularies import declare_vocabulary

    if entry.effects:
        declare_vocabulary(entry.content_game, entry.effects)
    if entry.board_rules:
        declare_board_rules(entry.content_game, entry.parameters)
    GAMES[entry.id] = entry
    return entry


def unregister(game: str) -> None:
    """Remove the game ``game`` (a test's or a notebook's own game); its vocabulary goes with it
    once no other registered game plays its documents."""
    from ..board.parameters import forget_board_rules
    from ..rules.vocabularies import forget_vocabulary

    entry = GAMES.pop(game)
    if entry.board_rules and not any(e.board_rules and e.content_game == entry.content_game for e in GAMES.values()):
        forget_board_rules(entry.content_game)
    if entry.effects and not any(e.content_game == entry.content_game for e in GAMES.values()):
        forget_vocabulary(entry.content_game)


def commands() -> dict[str, Command]:
    """The commands the registered games contribute, by name, in the order the games registered."""
    return {command.name: command for entry in GAMES.values() for command in entry.commands}


def schema_parts() -> dict[str, list[tuple[Entry, str]]]:
    """What the document schemas take from the registered games, by part: each giving entry, in
    the order they registered, with the ``"module:NAME"`` of its table ("" for the entry's effect
    vocabulary)."""
    parts: dict[str, list[tuple[Entry, str]]] = {}
    for entry in GAMES.values():
        for part, where in entry.schema_parts:
            parts.setdefault(part, []).append((entry, where))
    return parts


def default_game(takes: str | None = None) -> str:
    """The game a front end offers unless told: the first registered (Dark Horse's package registers
    first), or the first whose ``workbench play`` takes ``takes`` (``"deck"``: the first game played
    with designers' decks).

    >>> default_game(), default_game("deck")
    ('dark-horse', 'revolver')
    """
    for entry in GAMES.values():
        if takes is None or takes in entry.play_options:
            return entry.id
    raise LookupError(f"no registered game takes {takes}")


def for_content(game: str) -> list[Entry]:
    """The registered engines that play the documents of ``game``."""
    return [e for e in GAMES.values() if e.content_game == game]


# Each game's package registers its own entry when imported: the registry imports them, and only
# them (their ``__init__`` modules name their modules as strings, importing no engine).
from . import dark_horse, revolver, western_legends  # noqa: E402,F401
