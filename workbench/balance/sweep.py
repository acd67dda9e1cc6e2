"""Sweeps: settings, seeds, and running them on Dask.

A :class:`Setting` is one way of playing a game (scenario, variants, overrides, options, players,
bots); a :class:`Sweep` is a baseline setting and the settings compared with it, ``games`` games
each, from one sweep ``seed``. Game ``i`` of every setting is played with the seed
:func:`game_seed` derives from (sweep seed, game, i): the baseline and each setting play the same
seeds (common random numbers, so the statistics compare game ``i`` with game ``i``), and a game's
result depends on nothing else: not on the number of workers, the size of the batches or the
order they finish in.

:func:`run` plays a sweep. By default it starts a local Dask cluster (one worker process per
core) and stops it at the end; ``scheduler="tcp://HOST:PORT"`` uses a running cluster instead, and
``client=`` one already open (a notebook's). Games go to the workers in batches sized so that each
task takes about a second (scheduling then costs a few per cent at most). Results are stored in a
Parquet file keyed by everything that decides a game (sweep, sweep seed, setting key and game
seed): a rerun with more games plays only the games missing, and an interrupted sweep (Ctrl-C, or
the notebook's stop button) keeps every finished game. One sweep at a time writes a store (a lock
next to it; a second is refused before it plays a game). A worker lost mid-sweep has its batches
played again elsewhere; a lost scheduler is a :class:`ClusterLost` error after the finished
games are saved.
"""
from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import os
import sys
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable

from ..core.errors import UsageError

#: A task should take about this long (scheduling a task costs milliseconds)...
TARGET_TASK_SECONDS = 1.0
#: ... and never much less than this, even when that leaves some workers idle at the end.
MIN_TASK_SECONDS = 0.25
BASELINE = "baseline"
#: Times a batch is sent again after the worker playing it was lost.
RETRIES = 3
#: A sweep without a game count plays as many games as fit in about 5 minutes on 2 cores: this
#: many seconds of play on one core, figured from the pilot's timed games (:func:`games_within`).
BUDGET_SECONDS = 5 * 60 * 2
#: ... within these bounds (fewer games tell nothing; more only narrow what is already clear).
MIN_GAMES, MAX_GAMES = 30, 20_000
#: Games each setting's pilot plays (timed) when the game count is chosen from them; one game
#: otherwise (it sizes the batches). The pilot's games are the sweep's first (the same seeds).
PILOT_GAMES = 3
#: The check with a second kind of player plays this share of the sweep's games (its first ones).
CHECK_SHARE = 0.2


class StoreBusy(UsageError):
    """Another sweep is writing the same stored results (refused before any game is played)."""


class ClusterLost(UsageError):
    """The Dask scheduler (or a batch's every worker) was lost mid-sweep; the finished games are
    saved. Not a bug and not the content: the environment's fault, said in words (exit code 2)."""


@dataclass
class Setting:
    """One way of playing a game, the unit a sweep compares.

    Parameters
    ----------
    name : str
        A label for people ("baseline", "deadlier-gunfights", "win_margin=1").
    game : str
        The registered game's id.
    scenario : str, optional
        A published (or designer's) scenario.
    variants : tuple of str
        Variants in force, house rules included.
    overrides : dict
        Rule parameters set by name (``{"win_margin": 1}``).
    options : dict
        The game's options for a new game (Dark Horse: ``rounds``; Western Legends: ``length``).
    players : int
    bots : tuple of str
        Bots by seat, repeated round the table (empty: the game's default bot).
    content : str
        A digest of the game's documents in the library the sweep runs on (set by
        :func:`bind`), so results played on other content are never mixed with these.
    """

    name: str
    game: str
    scenario: str | None = None
    variants: tuple[str, ...] = ()
    overrides: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    players: int = 3
    bots: tuple[str, ...] = ()
    content: str = ""

    def identity(self) -> dict:
        """Everything that decides how a game is played (not the label)."""
        return {"game": self.game, "scenario": self.scenario, "variants": list(self.variants),
                "overrides": self.overrides, "options": self.options, "players": self.players,
                "bots": list(self.bots), "content": self.content}

    def key(self) -> str:
        """16 hex digits identifying :meth:`identity`: the setting part of stored results' keys
        (content included, so results played on other content are never reused)."""
        return _digest(self.identity())

    def seed_key(self) -> str:
        """16 hex digits that game seeds derive from: the game only, so that the baseline and
        every setting play the same seeds (common random numbers: game ``i`` of a house rule is
        compared with game ``i`` of the baseline, dealt from the same seed), and an edit of the
        content does not reshuffle any game."""
        return _digest({"game": self.game, "seeds": "paired"})

    def but(self, name: str, **changes) -> "Setting":
        """This setting with some fields changed, under another label."""
        return replace(self, name=name, **changes)

    def describe(self) -> str:
        parts = [f"scenario {self.scenario}" if self.scenario else "the base game"]
        parts += [f"variant {v}" for v in self.variants]
        parts += [f"{k}={_show(v)}" for k, v in self.overrides.items()]
        parts += [f"{k}={_show(v)}" for k, v in self.options.items()]
        return f"{self.name}: " + ", ".join(parts) + f"; {self.players} players"

    def to_json(self) -> dict:
        data = asdict(self)
        data["variants"], data["bots"] = list(self.variants), list(self.bots)
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Setting":
        data = dict(data)
        data["variants"], data["bots"] = tuple(data.get("variants") or ()), tuple(data.get("bots") or ())
        return cls(**data)


def _digest(data: dict) -> str:
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _show(value) -> str:
    return json.dumps(value, sort_keys=True) if isinstance(value, (dict, list)) else str(value).lower() \
        if isinstance(value, bool) else str(value)


@dataclass
class Sweep:
    """A baseline and the settings compared with it, ``games`` seeded games each.

    ``grid`` names the parameters of a grid sweep and their values (the heat map's axes).
    """

    name: str
    baseline: Setting
    settings: list[Setting]
    games: int = 1000
    seed: int = 0
    grid: dict[str, list] | None = None

    def __post_init__(self):
        names = [s.name for s in self.all]
        duplicate = next((n for n in names if names.count(n) > 1), None)
        if duplicate:
            raise UsageError(f"two settings are both called '{duplicate}': give each a label of its own")
        if not isinstance(self.games, int) or self.games < 1:
            raise UsageError(f"a sweep plays at least 1 game per setting, not {self.games!r}")
        if not isinstance(self.seed, int) or self.seed < 0:
            raise UsageError(f"the sweep seed is a whole number of 0 or more, not {self.seed!r}")
        # the name becomes a file name (balance-results/NAME.parquet) and a label in tables: one
        # line of visible characters, no folder in it, not hidden
        if not self.name or any(c in self.name for c in "/\\\0") or not self.name.isprintable() \
                or self.name.startswith(".") or self.name != self.name.strip() or len(self.name) > 100:
            raise UsageError(f"a sweep name is a plain word of at most 100 visible characters (no slashes, line"
                             f" breaks or control characters, not starting with a dot), not {self.name!r}")

    @property
    def all(self) -> list[Setting]:
        return [self.baseline] + list(self.settings)


def game_seed(sweep_seed: int, setting_key: str, index: int) -> int:
    """The seed of game ``index`` of a setting: a 63-bit hash of the three, so each game is its
    own and the same wherever and whenever it is played.

    >>> game_seed(1, "00ff00ff00ff00ff", 0) == game_seed(1, "00ff00ff00ff00ff", 0)
    True
    >>> len({game_seed(1, "00ff00ff00ff00ff", i) for i in range(1000)})
    1000
    """
    text = f"{sweep_seed}/{setting_key}/{index}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def compare(game: str, *, scenario: str | None = None, base_variants: Iterable[str] = (),
            variants: Iterable[str] = (), overrides: dict | None = None, grid: dict[str, list] | None = None,
            players: int = 3, bots: Iterable[str] = (), options: dict | None = None, games: int = 1000,
            seed: int = 0, name: str | None = None, decks: dict | None = None,
            base_decks: dict | None = None, against: Iterable[str] = ()) -> Sweep:
    """A sweep in a designer's terms: the baseline (``scenario`` with ``base_variants``), and
    compared with it: each of ``variants`` on its own, the ``overrides`` together, and every
    combination of the ``grid``'s values. A name in ``overrides`` or ``grid`` that is one of the
    game's options (Dark Horse ``rounds``, Western Legends ``length``) sets that option; any other
    name is a rule parameter. ``decks`` (rule parameters naming decks, Revolver's
    ``mcready_base_deck``...) is a setting of its own, ``deck ID``; ``base_decks`` are the decks
    the baseline (and every other setting) plays instead of the ruleset's. ``against`` names other
    scenarios, each compared with the baseline's as it is (with the baseline's variants and
    options): a designer's scenario against the one it comes from.

    >>> s = compare("dark-horse", scenario="high-noon", variants=["deadlier-gunfights"],
    ...             grid={"win_margin": [1, 3]}, games=10)
    >>> [x.name for x in s.all]
    ['baseline', 'deadlier-gunfights', 'win_margin=1', 'win_margin=3']
    """
    from .games import runner

    game_options = runner(game).options
    base = Setting(BASELINE, game, scenario, tuple(base_variants), dict(base_decks or {}), dict(options or {}),
                   players, tuple(bots))

    def setting(chosen: dict) -> Setting:
        """The baseline with ``chosen`` values: game options among them set options, the rest rules."""
        label = ", ".join(f"{k}={_show(v)}" for k, v in chosen.items())
        return base.but(label, overrides={**base.overrides, **{k: v for k, v in chosen.items() if k not in game_options}},
                        options={**base.options, **{k: v for k, v in chosen.items() if k in game_options}})

    settings = []
    if decks:
        settings.append(base.but("deck " + ", ".join(map(str, decks.values())), overrides={**base.overrides, **decks}))
    settings += [base.but(v, variants=base.variants + (v,)) for v in variants]
    for other in against:
        if other == scenario:
            raise UsageError(f"--against {other} is the baseline's own scenario: name another scenario to compare with it")
        settings.append(base.but(f"scenario {other}", scenario=other))
    if overrides:
        settings.append(setting(dict(overrides)))
    if grid:
        names = list(grid)
        for name_ in names:
            if not isinstance(grid[name_], (list, tuple)) or not grid[name_]:
                raise UsageError(f"the grid's {name_} needs a list of values")
        _within_limit(len(settings) + math.prod(len(grid[n]) for n in names), grid)
        for values in itertools.product(*(grid[n] for n in names)):
            settings.append(setting(dict(zip(names, values))))
    if not settings:
        raise UsageError("nothing to compare with the baseline: give a variant, overrides, a grid, a deck or another"
                         " scenario (--against)")
    label = name or "-".join(x for x in (game, scenario) if x)
    return Sweep(label, base, settings, games, seed, {k: list(v) for k, v in grid.items()} if grid else None)


def _within_limit(count: int, grid: dict) -> None:
    """A sweep of more settings than the declared ``sweep_settings`` limit is refused before any
    is built: each is checked and timed, then played as many games as the baseline."""
    from ..core.limits import limit

    most = limit("sweep_settings")
    if count > most:
        sizes = " x ".join(f"{len(values)} {name}" for name, values in grid.items())
        raise UsageError(f"{count:,} settings to compare ({sizes}) is beyond the declared limit of {most:,} a sweep:"
                         " give fewer --grid values, or split the grid into several sweeps (the stored results"
                         " keep them apart by --sweep name)")


# -- binding a sweep to a library -------------------------------------------------------------

def content_digest(library, game: str) -> str:
    """A digest of every document of ``game`` in the library (16 hex digits)."""
    digest = hashlib.blake2b(digest_size=8)
    for document in sorted((d for d in library.documents if d.game == game), key=lambda d: (d.kind, str(d.id))):
        digest.update(json.dumps([document.kind, document.id, document.data], sort_keys=True, default=str).encode())
    return digest.hexdigest()


def bind(sweep: Sweep, library) -> Sweep:
    """The sweep with each setting's ``content`` set from ``library``."""
    from .games import runner

    digests: dict[str, str] = {}
    for setting in sweep.all:
        game = getattr(runner(setting.game), "content_game", setting.game)
        if game not in digests:
            digests[game] = content_digest(library, game) if library is not None else ""
    fix = lambda s: replace(s, content=digests[getattr(runner(s.game), "content_game", s.game)])
    return replace(sweep, baseline=fix(sweep.baseline), settings=[fix(s) for s in sweep.settings])


# -- playing ----------------------------------------------------------------------------------

_BUILT: dict[tuple[str, str], Any] = {}


def _built(library, token: str, setting: Setting):
    """The game for ``setting``, built once per process (workers keep it between batches)."""
    from .games import runner

    key = (token, setting.key())
    if key not in _BUILT:
        if len(_BUILT) >= 64:
            _BUILT.pop(next(iter(_BUILT)))
        _BUILT[key] = runner(setting.game).build(library, setting)
    return _BUILT[key]


#: Batches kept in flight per worker: enough that a worker always has the next one at hand.
IN_FLIGHT = 4


def play_batch(library, token: str, sweep: dict, setting: dict, jobs: list[tuple[int, int]]) -> dict:
    """Play ``jobs`` (game number, seed) of one setting; the rows and where the time went.

    Runs on a Dask worker (or in this process): everything it needs comes in its arguments.
    """
    from .games import runner
    from .metrics import game_row

    start = time.perf_counter()
    chosen = Setting.from_json(setting)
    game = runner(chosen.game)
    built = _built(library, token, chosen)
    built_at = time.perf_counter()
    keys = {"sweep": sweep["name"], "sweep_seed": sweep["seed"], "setting": chosen.name, "setting_key": chosen.key(),
            "game_id": chosen.game, "bots": ",".join(chosen.bots or game.default_bots)}
    rows, playing, reading = [], 0.0, 0.0
    for index, seed in jobs:
        a = time.perf_counter()
        played = game.play(built, chosen, seed)
        b = time.perf_counter()
        row = {**keys, "game": index, "seed": seed, **game_row(played)}
        rows.append(row)
        reading += time.perf_counter() - b
        playing += b - a
    return {"rows": rows, "build": built_at - start, "play": playing, "read": reading,
            "busy": time.perf_counter() - start, "worker": os.getpid()}


@dataclass
class Report:
    """What :func:`run` did: the table of the sweep's games (checked), and how it went."""

    sweep: Sweep
    table: Any
    played: int
    reused: int
    interrupted: bool = False
    store: Path | None = None
    timing: dict = field(default_factory=dict)
    dashboard: str | None = None
    missing: int = 0            # games asked for and not played (an interrupted sweep)
    # the same settings played by a second kind of player on a subsample (:func:`checked`)
    check: "Sweep | None" = None
    check_table: Any = None
    # the pilot's estimate of the sweep's time, said before it started (:func:`estimate`)
    estimate: dict = field(default_factory=dict)

    def complete(self) -> bool:
        return not self.missing


def _prepare(sweep: Sweep, library, progress=None, settings=None, pilot: int = 1) -> dict[str, float]:
    """Check every setting before any cluster starts: its bots, options and players, that its
    game builds from the library, and ``pilot`` real games (its first ones, timed: the pilot that
    sizes the batches and estimates the sweep's time). A bar shows it (three 10-value grids are
    1,000 settings: a minute before the first game of the sweep). Returns the mean seconds a game
    of each setting, by setting key."""
    from .games import runner

    settings = sweep.all if settings is None else settings
    # every setting checked before any is timed: a mistake in the last one is told at once, not
    # after the others' pilot games
    bar = _progress(None if callable(progress) else progress, len(settings), "checking settings", unit="setting")
    try:
        built = []
        for setting in settings:
            built.append(_check_one(library, setting, runner))
            bar.update(1)
    finally:
        bar.close()
    seconds = {}
    bar = _progress(None if callable(progress) else progress, len(settings), "timing the pilot", unit="setting")
    try:
        for setting, (game, game_built) in zip(settings, built):
            seconds[setting.key()] = _time_one(sweep, setting, game, game_built, pilot)
            bar.update(1)
    finally:
        bar.close()
    return seconds


def _check_one(library, setting, runner):
    """One setting checked (its bots, options and players, its game built from the library):
    ``(its game's runner, the built game)``."""
    game = runner(setting.game)
    game.check(setting)
    built = game.build(library, setting)
    low, high = game.player_range(built)
    if not isinstance(setting.players, int) or not low <= setting.players <= high:
        raise UsageError(f"{setting.name}: {game.name} is for {low} to {high} players here, not {setting.players}")
    return game, built


def _time_one(sweep: Sweep, setting, game, built, pilot: int = 1) -> float:
    """The mean seconds the setting's first ``pilot`` games took."""
    seconds = []
    try:
        for i in range(max(1, pilot)):
            start = time.perf_counter()
            game.play(built, setting, game_seed(sweep.seed, setting.seed_key(), i))
            seconds.append(time.perf_counter() - start)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"{setting.name}: {game.name} cannot be played this way: {exc}") from None
    # the first game also warms the process up (imports, caches): the others time a game better
    return sum(seconds[1:]) / (len(seconds) - 1) if len(seconds) > 1 else seconds[0]


def checked(sweep: Sweep, bots: Iterable[str], games: int) -> Sweep:
    """The sweep's settings played by ``bots`` (a second kind of player) on its first ``games``
    games: the same seeds, so each is game ``i`` of the sweep played by other players. The
    settings keep their labels (their keys differ by the bots), so the check's table compares
    with its own baseline as the sweep's does."""
    bots = tuple(bots)
    return replace(sweep, baseline=sweep.baseline.but(sweep.baseline.name, bots=bots),
                   settings=[s.but(s.name, bots=bots) for s in sweep.settings], games=max(1, min(games, sweep.games)))


def check_games(games: int) -> int:
    """The check's subsample: :data:`CHECK_SHARE` of ``games`` (at least one).

    >>> check_games(1000), check_games(3)
    (200, 1)
    """
    return max(1, int(games * CHECK_SHARE))


def games_within(budget: float, seconds: float, check_seconds: float = 0.0) -> int:
    """Games a setting that fit in ``budget`` seconds of play on one core, when one game of every
    setting takes ``seconds`` (their sum, from the pilot) and the check's subsample
    (:data:`CHECK_SHARE` of them) ``check_seconds``; within :data:`MIN_GAMES` and :data:`MAX_GAMES`.

    >>> games_within(600, 0.5)               # 1 s a game of the baseline and of the setting: 1,200
    1200
    >>> games_within(600, 0.5, 0.5)          # and a fifth of them again by other players: 1,000
    1000
    >>> games_within(600, 100.0)             # far too slow: the fewest that tell anything
    30
    """
    per_game = seconds + CHECK_SHARE * check_seconds
    if per_game <= 0:
        return MAX_GAMES
    return int(min(MAX_GAMES, max(MIN_GAMES, budget // per_game)))


def estimate(games: int, reused: int, core_seconds: float, workers: int | None, pilot: int,
             per_setting: dict[str, float], start_seconds: float = 0.0) -> dict:
    """The pilot's estimate of a sweep's time, said before it starts: the games to play, the
    seconds of play on one core (each setting's pilot games time its games), and the wall time on
    ``workers`` cores (the play shared out, plus starting the cluster), or None where the
    workers are not known (a running cluster's)."""
    return {"pilot_games_a_setting": pilot, "seconds_a_game": per_setting, "games": games, "reused": reused,
            "core_seconds": core_seconds, "workers": workers,
            "seconds": core_seconds / workers + start_seconds if workers else None}


def batch_size(seconds_per_game: float, games: int, workers: int) -> int:
    """Games per task: about :data:`TARGET_TASK_SECONDS` of play, fewer when that would leave
    fewer than four tasks per worker, never under :data:`MIN_TASK_SECONDS`.

    >>> batch_size(0.02, 100_000, 2)   # 20 ms a game: 50 games a task
    50
    >>> batch_size(0.02, 200, 2)       # a small sweep: 25 a task (4 tasks per worker), still 0.5 s each
    25
    """
    per_game = max(seconds_per_game, 1e-4)
    target = max(1, round(TARGET_TASK_SECONDS / per_game))
    spread = max(1, math.ceil(games / (4 * max(workers, 1))))
    floor = max(1, math.ceil(MIN_TASK_SECONDS / per_game))
    return max(1, min(games, max(floor, min(target, spread))))


def rate(games: int, seconds: float) -> str:
    """How fast games were played, in words that never round a slow sweep to nothing: games a
    second from one a second up, seconds a game below.

    >>> rate(2900, 10.0), rate(29, 10.0), rate(29, 100.0), rate(0, 5.0)
    ('290 games/s', '2.9 games/s', '3.4 s a game', 'no game played')
    """
    if not games or seconds <= 0:
        return "no game played"
    per_second = games / seconds
    if per_second >= 10:
        return f"{per_second:.0f} games/s"
    if per_second >= 1:
        return f"{per_second:.1f} games/s"
    return f"{seconds / games:.1f} s a game"


def _progress(progress, total: int, description: str, unit: str = "game"):
    """A tqdm bar (a widget in a notebook, text on stderr in a terminal) or a callback."""
    if callable(progress):
        class Callback:
            n = 0

            def update(self, k):
                self.n += k
                progress(self.n, total)

            def close(self):
                pass
        return Callback()
    from tqdm.auto import tqdm
    # progress=None: a bar only on a terminal (tqdm's disable=None)
    return tqdm(total=total, desc=description, unit=unit, disable=None if progress is None else not progress,
                file=sys.stderr, smoothing=0.1)


def run(sweep: Sweep, library, *, store: str | Path | None = None, csv: str | Path | None = None,
        cluster: str = "local", workers: int | None = None, scheduler: str | None = None, client=None,
        batch: int | None = None, progress: bool | None | Callable = True, dashboard: bool = False,
        checkpoint_seconds: float = 10.0, on_client: Callable | None = None,
        on_plan: Callable | None = None, check: tuple | None = None, budget: float | None = None,
        on_estimate: Callable | None = None) -> Report:
    """Play ``sweep`` on ``library`` and return the table of its games.

    Parameters
    ----------
    store : path, optional
        Parquet file of stored results: games already there are not played again, new ones are
        added (checkpointed every ``checkpoint_seconds`` and at the end, or on interruption).
    csv : path, optional
        Also write this sweep's table as CSV.
    cluster : {"local", "in-process"}
        ``local``: a Dask ``LocalCluster`` of ``workers`` processes (default one per core),
        started and stopped here; ``in-process``: no Dask (games defined in a notebook, tests).
    scheduler : str, optional
        Address of a running Dask scheduler (``tcp://127.0.0.1:8786``); its workers need the
        workbench installed.
    client : distributed.Client, optional
        An open client to use (not closed here).
    batch : int, optional
        Games per task (default: sized from one timed game per setting).
    progress : bool, None or callable
        A progress bar (None: only on a terminal), or ``progress(done, total)``.
    dashboard : bool
        Serve the Dask dashboard of the local cluster (its link is in the report).
    on_client : callable, optional
        Called with the Dask client once it is connected (a notebook shows the dashboard link).
    on_plan : callable, optional
        Called before the first game with the games to play, those found in the store, and the
        seconds of play they take on one core (each setting's timed game times its games).
    check : (bots, games[, least]), optional
        Play every setting again with ``bots`` (a second kind of player) on the first ``games``
        games (None: :func:`check_games` of the sweep's), when they are at least ``least`` (with
        a ``budget``: at least ``least`` of them, or every game): the report's ``check`` and
        ``check_table`` (:func:`checked`).
    budget : float, optional
        Seconds of play on one core the sweep may take: its game count is then chosen from a
        pilot of :data:`PILOT_GAMES` timed games a setting (:func:`games_within`), replacing
        ``sweep.games``.
    on_estimate : callable, optional
        Called before the first game with the pilot's :func:`estimate` (also the report's).
    """
    from . import require

    require()
    sweep = bind(sweep, library)
    pilot = PILOT_GAMES if budget else 1
    per_game = _prepare(sweep, library, progress, pilot=pilot)
    check_sweep = None
    bots, count, least = (tuple(check) + (1,))[:3] if check is not None else ((), None, 1)
    if check is not None and (budget or (count or check_games(sweep.games)) >= least):
        check_sweep = bind(checked(sweep, bots, count or check_games(sweep.games)), library)
        per_game.update(_prepare(check_sweep, library, progress, check_sweep.all, pilot))
    if budget:
        main = sum(per_game[s.key()] for s in sweep.all)
        extra = sum(per_game[s.key()] for s in check_sweep.all) if check_sweep else 0.0
        sweep = replace(sweep, games=games_within(budget, main, extra))
        if check_sweep is not None:
            # the count is the pilot's to choose: the check plays at least ``least`` games (or
            # every game), its time counted in the budget
            chosen = min(count or max(check_games(sweep.games), least), sweep.games)
            check_sweep = replace(check_sweep, games=chosen)
    expected = 1 if cluster == "in-process" and client is None and scheduler is None else \
        None if scheduler or client is not None else workers or os.cpu_count() or 1
    with store_lock(store):     # a second writer is refused here, before it plays any game
        return _run(sweep, library, per_game, store, csv, cluster, workers, scheduler, client, batch, progress,
                    dashboard, checkpoint_seconds, on_client, on_plan, check_sweep,
                    {"pilot": pilot, "workers": expected, "budget": budget}, on_estimate)


def _run(sweep, library, per_game, store, csv, cluster, workers, scheduler, client, batch, progress, dashboard,
         checkpoint_seconds, on_client, on_plan=None, check_sweep=None, pilot=None, on_estimate=None) -> Report:
    from .table import check, combine, read, tidy, write

    stored = read(store) if store else None
    done: set[tuple[int, str, int]] = set()
    if stored is not None and len(stored):
        mine = stored[stored["sweep"] == sweep.name]
        done = set(zip(mine["sweep_seed"].astype(int), mine["setting_key"], mine["seed"].astype(int)))
    # every setting's games, and the check's (the same settings by other players, fewer games),
    # by setting key: the check's settings have the sweep's labels
    plans = [(s, sweep.games) for s in sweep.all] + ([(s, check_sweep.games) for s in check_sweep.all]
                                                     if check_sweep is not None else [])
    by_key = {s.key(): s for s, _ in plans}
    jobs: dict[str, list[tuple[int, int]]] = {}
    for setting, count in plans:
        key, seeds = setting.key(), setting.seed_key()
        jobs[key] = [(i, s) for i in range(count) if (sweep.seed, key, s := game_seed(sweep.seed, seeds, i)) not in done]
    total = sum(len(j) for j in jobs.values())
    reused = sum(count for _, count in plans) - total
    core_seconds = sum(per_game[key] * len(games) for key, games in jobs.items())
    pilot = pilot or {}
    planned = estimate(total, reused, core_seconds, pilot.get("workers"), pilot.get("pilot", 1),
                       {by_key[k].name + ("" if k in {s.key() for s in sweep.all} else f" ({','.join(by_key[k].bots)})"):
                        per_game[k] for k in jobs})
    planned["games_a_setting"] = sweep.games
    planned["check_games_a_setting"] = check_sweep.games if check_sweep is not None else None
    planned["chosen_within_seconds"] = pilot.get("budget")
    if on_plan is not None:
        on_plan(total, reused, core_seconds)
    if on_estimate is not None:
        on_estimate(planned)
    rows: list[dict] = []
    timing = {"workers": 0, "tasks": 0, "batch": 0, "build": 0.0, "play": 0.0, "read": 0.0, "busy": 0.0,
              "start": 0.0, "compute": 0.0, "games": 0, "worker_pids": []}
    interrupted = False
    dashboard_link = None
    started = time.perf_counter()
    last_save = [time.perf_counter()]

    def save():
        if store and rows:
            write(combine(stored, tidy(rows)), store)
        last_save[0] = time.perf_counter()

    if total:
        token = ",".join(sorted({s.content for s in by_key.values()}))   # the setting keys hold the rest
        bar = _progress(progress, total, sweep.name)
        try:
            if cluster == "in-process" and client is None and scheduler is None:
                timing["workers"] = 1
                size = batch or batch_size(max(per_game.values()), total, 1)
                timing["batch"] = size
                compute_start = time.perf_counter()
                for key, chunk in _chunks(jobs, size):
                    setting = by_key[key]
                    result = play_batch(library, token, {"name": sweep.name, "seed": sweep.seed}, setting.to_json(), chunk)
                    _account(timing, result)
                    rows += result["rows"]
                    bar.update(len(result["rows"]))
                    if store and time.perf_counter() - last_save[0] > checkpoint_seconds:
                        save()
                timing["compute"] = time.perf_counter() - compute_start
            else:
                with _connect(cluster, workers, scheduler, client, dashboard) as dask_client:
                    timing["start"] = time.perf_counter() - started
                    if on_client is not None:
                        on_client(dask_client)
                    dashboard_link = dask_client.dashboard_link if dashboard else None
                    n_workers = max(1, sum(w.get("nthreads", 1) for w in
                                           dask_client.scheduler_info(n_workers=-1)["workers"].values()))
                    timing["workers"] = n_workers
                    size = batch or batch_size(max(per_game.values()), total, n_workers)
                    timing["batch"] = size
                    compute_start = time.perf_counter()
                    try:
                        remote_library = dask_client.scatter(library, broadcast=True, hash=False)
                    except Exception as exc:  # noqa: BLE001 - sorted: a cluster with no worker left, or re-raised
                        # "TimeoutError: No valid workers found": every worker was stopped (or killed)
                        # before this sweep sent them the library
                        if _scheduler_lost(exc, dask_client):
                            raise ClusterLost(_lost_message(scheduler, rows, store, workers=_no_workers(dask_client),
                                                            started=False)) from None
                        raise
                    by_name = {key: s.to_json() for key, s in by_key.items()}
                    from distributed import as_completed

                    # a bounded window of batches in flight, topped up as each finishes: the
                    # workers never wait, and Ctrl-C has only a few tasks to cancel however
                    # large the sweep (cancelling ten thousand queued tasks took minutes)
                    waiting = iter(_chunks(jobs, size))
                    live: set = set()

                    chunks: dict = {}          # future -> (its batch, times it was sent again)
                    library_at = [remote_library]

                    def submit(chunk, tries=0):
                        name, games = chunk
                        future = dask_client.submit(play_batch, library_at[0], token,
                                                    {"name": sweep.name, "seed": sweep.seed}, by_name[name], games,
                                                    pure=False)
                        live.add(future)
                        chunks[future] = (chunk, tries)
                        return future

                    finished = as_completed([submit(c) for c in itertools.islice(waiting, IN_FLIGHT * n_workers)])
                    try:
                        for future in finished:
                            live.discard(future)
                            chunk, tries = chunks.pop(future)
                            try:
                                result = future.result()
                            except Exception as exc:  # noqa: BLE001 - sorted below: a lost worker, or re-raised
                                if _killed(exc):
                                    raise ClusterLost(f"a batch of {by_key[chunk[0]].name} was playing on every worker that"
                                                      " died under it (out of memory?); the finished games are"
                                                      " saved") from None
                                if not _lost(exc, dask_client):
                                    raise
                                if tries >= RETRIES:
                                    raise ClusterLost(f"the workers playing a batch of {by_key[chunk[0]].name} were lost"
                                                      f" {tries + 1} times ({type(exc).__name__})") from None
                                timing["retried"] = timing.get("retried", 0) + 1
                                if not _alive(dask_client, library_at[0]):   # its only copy went with the worker
                                    library_at[0] = dask_client.scatter(library, broadcast=True, hash=False)
                                finished.add(submit(chunk, tries + 1))
                                continue
                            following = next(waiting, None)
                            if following is not None:
                                finished.add(submit(following))
                            _account(timing, result)
                            rows += result["rows"]
                            bar.update(len(result["rows"]))
                            if store and time.perf_counter() - last_save[0] > checkpoint_seconds:
                                save()
                    except BaseException as exc:
                        if not isinstance(exc, ClusterLost) and _scheduler_lost(exc, dask_client):
                            raise ClusterLost(_lost_message(scheduler, rows, store,
                                                            workers=_no_workers(dask_client))) from None
                        with contextlib.suppress(Exception):    # a lost scheduler cannot cancel
                            dask_client.cancel(list(live))
                        raise
                    timing["compute"] = time.perf_counter() - compute_start
        except KeyboardInterrupt:
            interrupted = True
        finally:
            bar.close()
            save()
    timing["wall"] = time.perf_counter() - started
    timing["games"] = len(rows)
    combined = combine(stored, tidy(rows)) if rows else stored
    table = _requested(sweep, combined)
    table = check(table) if len(table) else table  # nothing played (a Ctrl-C at the start): nothing to check
    checks = _requested(check_sweep, combined) if check_sweep is not None else None
    if checks is not None and len(checks):
        checks = check(checks)
    if csv:
        write(table, Path(csv))
    missing = len(sweep.all) * sweep.games - len(table)
    return Report(sweep, table, len(rows), reused, interrupted, Path(store) if store else None, timing,
                  dashboard_link, missing, check_sweep, checks, planned)


def _lost(exc: BaseException, client) -> bool:
    """Whether a batch failed because the data it needed went with a lost worker (the library
    scattered to it: Dask cannot compute that again), not in the game. A task running on a lost
    worker Dask itself sends to another (``distributed.scheduler.allowed-failures`` times)."""
    import asyncio
    import concurrent.futures

    from distributed.client import FutureCancelledError

    if client.status != "running":
        return False
    return isinstance(exc, (FutureCancelledError, asyncio.CancelledError, concurrent.futures.CancelledError)) \
        or "lost dependencies" in str(exc)


def _killed(exc: BaseException) -> bool:
    try:
        from distributed.scheduler import KilledWorker
    except ImportError:      # older distributed
        from distributed import KilledWorker
    return isinstance(exc, KilledWorker)


def _alive(client, future) -> bool:
    """Whether a scattered future still has a copy on some worker."""
    try:
        return bool(client.who_has([future]).get(future.key))
    except Exception:  # noqa: BLE001 - cannot ask: scatter again
        return False


def _scheduler_lost(exc: BaseException, client) -> bool:
    """Whether ``exc`` came from losing the connection to the scheduler."""
    import asyncio
    import concurrent.futures

    from distributed.comm.core import CommClosedError

    if isinstance(exc, KeyboardInterrupt):
        return False
    if isinstance(exc, (CommClosedError, OSError, asyncio.TimeoutError, asyncio.CancelledError,
                        concurrent.futures.CancelledError)):
        return True
    return client.status not in ("running", "connecting")


def _lost_message(scheduler, rows, store, workers: bool = False, started: bool = True) -> str:
    where = f"the Dask scheduler at {scheduler}" if scheduler else "the local Dask cluster"
    if not started:  # nothing played yet: what was stored before stays as it was
        kept = "no game was played" + (f" (the games stored in {store} are kept)" if store and Path(store).exists()
                                       else "")
        if workers:
            return (f"{where} has no worker to play on (none was started, or every one stopped or ran out of"
                    f" memory): start workers on it and run the same command again; {kept}")
        return f"lost the connection to {where} before the sweep began: {kept}"
    kept = (f"the {len(rows):,} games finished are saved in {store}; the same command again plays the rest"
            if store else f"the {len(rows):,} games finished were not stored (no store)")
    if workers:  # the scheduler answers, but nothing is left to play on
        return (f"every worker of {where} was lost in the middle of the sweep (stopped, or out of memory?),"
                f" and none came back: {kept} once workers are running")
    return f"lost the connection to {where} in the middle of the sweep: {kept}"


def _no_workers(client) -> bool:
    """Whether the scheduler still answers but has no worker left. Asked of the scheduler itself:
    ``Client.scheduler_info`` hides a failed call behind its cached reply, whose list of workers is
    empty, so a scheduler that is gone looked like one without workers."""
    try:
        if client.status != "running":
            return False
        info = client.sync(client.scheduler.identity, n_workers=-1, callback_timeout=10)
        return not info["workers"]
    except Exception:  # noqa: BLE001 - it does not answer: the scheduler is what was lost
        return False


@contextlib.contextmanager
def store_lock(store):
    """Hold the stored results' lock (``STORE.lock`` next to it) for a whole sweep: a second
    sweep writing the same store at once would lose the first one's games when it saves, so it is
    refused (:class:`StoreBusy`) before it plays any game. ``flock`` where there is one (a lock
    that dies with its process), a region lock on Windows."""
    if store is None:
        yield
        return
    path = Path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = path.with_name(path.name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            try:
                import fcntl
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except ImportError:   # Windows
                import msvcrt
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() if hasattr(os, "pread") else ""
            who = f" (process {holder})" if holder.isdigit() else ""
            raise StoreBusy(f"another sweep{who} is writing {path}; wait until it finishes, or give this one"
                            f" another --out") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0) if hasattr(os, "pwrite") else None
        yield
    finally:
        os.close(fd)          # closing it releases the lock


def _account(timing: dict, result: dict) -> None:
    timing["tasks"] += 1
    for k in ("build", "play", "read", "busy"):
        timing[k] += result[k]
    if result["worker"] not in timing["worker_pids"]:
        timing["worker_pids"].append(result["worker"])


def _chunks(jobs: dict[str, list], size: int):
    """Batches of ``size`` games, taking turns between settings so that an interrupted sweep has
    games of every setting."""
    queues = {name: [chunk[i:i + size] for i in range(0, len(chunk), size)] for name, chunk in jobs.items()}
    while any(queues.values()):
        for name, queue in queues.items():
            if queue:
                yield name, queue.pop(0)


def pd_array(values: list[int], n: int):
    import numpy as np

    return np.array(values, dtype="int64") if n else np.zeros(0, dtype="int64")


def _requested(sweep: Sweep, table):
    """The rows of this sweep's settings and games, in setting order then game number."""
    from .table import normalize

    if table is None or not len(table):
        return normalize(None)
    order = {s.key(): i for i, s in enumerate(sweep.all)}
    names = {s.key(): s.name for s in sweep.all}
    mine = table[(table["sweep"] == sweep.name) & table["setting_key"].isin(order) & (table["game"] < sweep.games)
                 & (table["sweep_seed"] == sweep.seed)].copy()
    # only the games of today's seeding (a store may hold games an older version seeded otherwise)
    seeding = {s.key(): s.seed_key() for s in sweep.all}
    expected = [game_seed(sweep.seed, seeding[k], int(g)) for k, g in zip(mine["setting_key"], mine["game"])]
    mine = mine[mine["seed"].to_numpy() == pd_array(expected, len(mine))]
    mine["setting"] = mine["setting_key"].map(names)       # today's labels for the same settings
    mine["_order"] = mine["setting_key"].map(order)
    mine = mine.sort_values(["_order", "game"]).drop(columns="_order")
    # counts that no requested game saw are dropped, so each sweep's table has its own columns
    counted = [c for c in mine.columns if c.startswith(("use:", "out:"))]
    empty = [c for c in counted if not mine[c].any()]
    seats = max((s.players for s in sweep.all), default=0)
    extra = [c for c in mine.columns if c.startswith(("score_", "win_")) and int(c.split("_")[1]) > seats]
    return normalize(mine.drop(columns=empty + extra))


class _connect:
    """A Dask client: on a given one, on a scheduler's address, or on a local cluster started
    here (and stopped, also on Ctrl-C)."""

    def __init__(self, cluster, workers, scheduler, client, dashboard):
        self.cluster_kind, self.workers, self.scheduler, self.given, self.dashboard = cluster, workers, scheduler, client, dashboard
        self.cluster = self.client = None

    def __enter__(self):
        import logging

        from distributed import Client, LocalCluster

        if self.given is not None:
            return self.given
        if self.scheduler:
            import dask

            # a lost scheduler or worker is said in words (ClusterLost); the client's own log
            # lines of it are raw tracebacks on stderr, so they are muted while it is connected
            self.quiet = _mute_distributed()
            try:    # Dask's connect timeout (distributed.comm.timeouts.connect) bounds the wait
                self.client = Client(self.scheduler, timeout=dask.config.get("distributed.comm.timeouts.connect"))
            except OSError as exc:
                _restore(self.quiet)
                raise UsageError(f"cannot reach a Dask scheduler at {self.scheduler}: {exc}") from None
            return self.client
        if self.cluster_kind != "local":
            raise UsageError(f"cluster must be 'local' or 'in-process', not {self.cluster_kind!r}")
        workers = self.workers or os.cpu_count() or 1
        # loopback only, no fixed port; the cluster's own logs stay quiet (a task's error reaches
        # the caller through its result; a Ctrl-C would otherwise print the workers' last words)
        try:
            with _workers_ignore_ctrl_c():  # a Ctrl-C while they start is acted on after
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            host="127.0.0.1", dashboard_address="127.0.0.1:0",  # HTTP, always on
                                            scheduler_kwargs={} if self.dashboard else {"dashboard": False},
                                            worker_dashboard_address=None, silence_logs=logging.CRITICAL,
                                            preload=[f"{__package__}._worker_signals"])
                self.client = Client(self.cluster)
        except BaseException:
            if self.cluster is not None:
                self.__exit__(None, None, None)
            raise
        return self.client

    def __exit__(self, *exc):
        import logging

        if self.cluster is None:            # a running cluster: only our connection closes
            try:
                if self.client is not None:
                    self.client.close()
            finally:
                _restore(getattr(self, "quiet", None))
            return False
        # our own cluster: the scheduler first (it would complain about every message it can no
        # longer send to a closed client), then the client; their shutdown chatter is muted
        quiet = logging.getLogger("distributed")
        level = quiet.level
        quiet.setLevel(logging.CRITICAL + 1)
        try:
            self.cluster.close()
            self.client.close()
        finally:
            quiet.setLevel(level)
        return False


def _mute_distributed() -> dict:
    """Every ``distributed`` logger muted (Dask's configuration gives several their own level, so
    muting the parent is not enough); returns their levels for :func:`_restore`."""
    import logging

    names = ["distributed"] + [n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]
    levels = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    return levels


def _restore(levels) -> None:
    import logging

    for name, level in (levels or {}).items():
        logging.getLogger(name).setLevel(level)


class _workers_ignore_ctrl_c:
    """Start the cluster's worker processes ignoring Ctrl-C, and keep a Ctrl-C meanwhile for when
    the start is over.

    A terminal's Ctrl-C reaches the whole process group, and only this process should act on it,
    by cancelling the tasks and closing the cluster, instead of every worker dying with a
    traceback: each worker ignores it from its start on (the ``_worker_signals`` preload). This
    process, while the cluster starts, only notes a Ctrl-C and raises it (KeyboardInterrupt) when
    the start is over: ignoring it here lost it, and the sweep ran to its end. Outside the main
    thread signals cannot be changed, and nothing is.
    """

    def __enter__(self):
        import signal
        import threading

        self.previous, self.pressed = None, []
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, lambda *_: self.pressed.append(1))
        return self

    def __exit__(self, *exc):
        import signal

        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
        if self.pressed:  # a failure of the start after a Ctrl-C is the Ctrl-C's
            raise KeyboardInterrupt
        return False


class LocalLab:
    """A local Dask cluster kept for several sweeps (a notebook's): loopback only, one worker
    process per core by default, its dashboard on a free port. ``run(..., client=lab.client)``
    uses it; :meth:`close` stops it (or use it in a ``with`` block).
    """

    def __init__(self, workers: int | None = None, dashboard: bool = True):
        from . import require

        require()
        self._connection = _connect("local", workers, None, None, dashboard)
        self.client = self._connection.__enter__()

    @property
    def dashboard_link(self) -> str:
        return self.client.dashboard_link

    @property
    def workers(self) -> int:
        return len(self.client.scheduler_info(n_workers=-1)["workers"])

    def close(self) -> None:
        if self._connection is not None:
            self._connection.__exit__(None, None, None)
            self._connection = None

    def __enter__(self) -> "LocalLab":
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False
