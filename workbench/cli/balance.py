"""`workbench balance`: does a house rule change the game? Seeded sweeps on Dask; and `balance tune`.

Only the arguments are declared at start-up; Dask, pandas and the statistics are imported when
the command runs (and a missing ``[balance]`` extra is a usage error that says how to install it).
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from .common import MAX_SEED, ROUNDS, add_options, int_range, load_library, output_file, output_folder

EXIT_INTERRUPTED = 130      # the shell's convention for Ctrl-C

EPILOG = """examples:
  workbench balance dark-horse --scenario high-noon --variant deadlier-gunfights --games 2000
  workbench balance dark-horse --scenario pork-barrel --grid dice_rolled=2,3,4 --grid reputation_per_victory_point=2,4
  workbench balance western-legends --players 4 --grid length=average,long        (game lengths: options)
  workbench balance dark-horse --scenario high-noon --set win_margin=1 --scheduler tcp://10.0.0.5:8786
  workbench balance tune dark-horse --scenario high-noon --param reputation_per_victory_point=2..6 --target fair-seats

Results are stored in balance-results/SWEEP.parquet (one row per game, keyed by sweep, setting and
seed): the same command with more --games plays only the games missing. Ctrl-C stops the cluster
and keeps every finished game."""

TUNE_EPILOG = """examples:
  workbench balance tune dark-horse --scenario high-noon --param reputation_per_victory_point=2..6 --target fair-seats
  workbench balance tune western-legends --option length=short --param poker_win_lp --target rounds=6 --trials 30
  workbench balance tune dark-horse --scenario high-noon --param win_margin --trials 40 --scheduler tcp://10.0.0.5:8786

Each trial's games are stored in balance-results/SWEEP.parquet (SWEEP: tune-GAME-SCENARIO): the same
command again plays no game twice, and Ctrl-C keeps every finished game (the same command resumes)."""


class _GameOrAction(argparse._SubParsersAction):
    """``balance``'s first word: ``tune`` (its own options and help), or a game to compare on
    (``balance GAME ...``, the ``compare`` parser). argparse checks a subcommand against its
    choices before it runs it; every word passes here and the unknown ones are games."""

    class _Words:
        def __contains__(self, word):
            return isinstance(word, str)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.choices = self._Words()          # the parsers stay in _name_parser_map

    def __call__(self, parser, namespace, values, option_string=None):
        if values and values[0] not in self._name_parser_map:
            values = ["compare", *values]
        super().__call__(parser, namespace, values, option_string)


def _played(group) -> None:
    """The options saying how each game is played (a comparison and a tuning alike)."""
    group.add_argument("--players", type=int, default=None, help="players (default 3; Revolver 2)")
    group.add_argument("--bots", metavar="BOT,BOT", help="bots by seat, repeated round the table: the game's own"
                       " (random, greedy) or the search bots mcts, ismcts, with playouts a decision as mcts-50"
                       " or seconds as mcts-2s (default: the game's lab player, on its registry entry)")
    group.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a game option: Dark Horse rounds=N; Western Legends length=short|average|long, rounds=N")


def _where(group, what: str) -> None:
    """The options saying where games run and where they are stored."""
    group.add_argument("--workers", type=int, default=None, help="local worker processes (default: one per core)")
    group.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler, e.g. tcp://127.0.0.1:8786")
    group.add_argument("--batch", type=int, default=None, help="games per task (default: about a second of play)")
    group.add_argument("--sweep", metavar="NAME", help=f"the {what}'s name in the stored results (default: GAME-SCENARIO)")
    group.add_argument("--out", metavar="FILE.parquet", help="stored results (default: balance-results/SWEEP.parquet)")
    group.add_argument("--no-store", action="store_true", help="keep the results in memory only")
    group.add_argument("--save-every", type=float, default=10.0, metavar="SECONDS",
                       help="save the finished games to the store this often, and at the end (default 10)")
    group.add_argument("--plots", metavar="DIR", help="write the figures (PNG) to this folder")
    group.add_argument("--overwrite", action="store_true",
                       help="let the figures (and --csv) replace files of those names (the stored results of --out are"
                            " added to, never replaced)")
    group.add_argument("--progress", choices=("auto", "yes", "no"), default="auto",
                       help="a progress bar on stderr (auto: when it is a terminal)")


def _save_every(args) -> float:
    """--save-every: a positive number of seconds (a checkpoint costs a write of the store)."""
    from ..core.errors import UsageError

    if not (args.save_every > 0 and args.save_every < float("inf")):
        raise UsageError(f"--save-every wants a positive number of seconds, not {args.save_every:g}")
    return args.save_every


def add_commands(sub) -> None:
    """Declare ``workbench balance GAME`` (a comparison) and ``workbench balance tune GAME``."""
    top = sub.add_parser("balance", help="compare house rules with a baseline over many seeded games, or tune a"
                         " rule to a target (Dask)",
                         description="workbench balance GAME [options]: compare house rules with a baseline"
                         " (see 'workbench balance GAME --help').\nworkbench balance tune GAME --param NAME[=LOW..HIGH]"
                         " --target TARGET: tune rule parameters to a target (see 'workbench balance tune --help').",
                         epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = top.add_subparsers(dest="balance_action", metavar="GAME | tune GAME", action=_GameOrAction,
                                 parser_class=type(top))
    actions.required = True
    parser = actions.add_parser("compare", prog=top.prog, usage=f"{top.prog} GAME [options]",
                                help="(or just GAME) compare house rules with a baseline",
                                description="Play N seeded games of a baseline and of each house rule, override or"
                                " grid point, on Dask, and say what changes: win rates by seat, length, scores, what is"
                                " used, outcomes, how games end.", epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    from .engines import playable
    parser.add_argument("game", metavar="GAME", help="a registered game: " + ", ".join(playable()))
    what = parser.add_argument_group("what is compared")
    what.add_argument("--scenario", metavar="ID", help="the baseline's scenario (default: the base game)")
    what.add_argument("--against", action="append", default=[], metavar="SCENARIO",
                      help="another scenario compared with --scenario as it is (repeatable): your scenario against"
                           " the one it comes from")
    what.add_argument("--base-variant", action="append", default=[], metavar="ID",
                      help="a variant the baseline and every setting play (repeatable)")
    what.add_argument("--variant", action="append", default=[], metavar="ID",
                      help="a house rule (variant) compared with the baseline on its own (repeatable)")
    what.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="overrides",
                      help="rule parameters (or game options) set by name, compared together as one setting"
                           " (repeatable)")
    what.add_argument("--grid", action="append", default=[], metavar="NAME=V1,V2,...",
                      help="a rule parameter (or game option) and its values; every combination of the grids is a"
                           " setting (repeatable; two make a heat map)")
    what.add_argument("--deck", action="append", default=[], metavar="FILE|ID",
                      help="Revolver: a designer's deck (a deck document's file or id; its `faction:` says whose),"
                           " checked against the deck-building rules, then compared with the deck it is built on"
                           " (its `base:`, else its side's base deck); give it twice for both sides")
    # the tuning's flags before it was `balance tune`: refused with where they went
    for flag in ("--tune", "--target", "--trials"):
        what.add_argument(flag, action="append", default=[], dest=f"moved_{flag[2:]}", help=argparse.SUPPRESS)
    how = parser.add_argument_group("how each game is played")
    _played(how)
    how.add_argument("--games", type=int, default=None,
                     help="games per setting (default: as many as take about 5 minutes on 2 cores, from a pilot of"
                          " 3 timed games a setting; the smallest change it detects is said)")
    how.add_argument("--seed", type=int_range(0, MAX_SEED), default=0, help="the sweep's seed (default 0)")
    how.add_argument("--check-bots", metavar="BOT,BOT", default=None,
                     help="check the verdicts with a second kind of player: every setting played again by these bots"
                          " on the first fifth of the games (default: the game's own fast player, on at least 50"
                          " games; with --games, when its fifth is 50 or more); the report says whether each verdict holds with both or depends on"
                          " the players")
    how.add_argument("--no-check-bots", action="store_true", help="no check with a second kind of player")
    run = parser.add_argument_group("where it runs and what it writes")
    _where(run, "sweep")
    run.add_argument("--csv", metavar="FILE.csv", help="also write this sweep's games as CSV")
    stats = parser.add_argument_group("statistics")
    stats.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    stats.add_argument("--correction", choices=("holm", "fdr_bh", "bonferroni"), default="holm",
                       help="correction of each setting's primary comparisons: seats, scores, length, how games"
                            " end (default holm); usage and outcomes are secondary, Benjamini-Hochberg")
    add_options(parser)  # --library, --no-published, --format, --debug: as every command

    tune = actions.add_parser("tune", help="tune rule parameters to a target (Optuna; trials on Dask)",
                              description="Search declared rule parameters (their ranges from their schemas, or"
                              " LOW..HIGH) for the values that best meet a target, with Optuna's seeded TPE sampler."
                              " Trials are asked --together at a time and played together on one Dask cluster; every"
                              " trial is a seeded sweep stored like the others, so the same command again plays"
                              " nothing twice, resumes an interrupted tuning, and with more --trials plays only the"
                              " new ones. The same --seed and --together give the same trials on any cluster.",
                              epilog=TUNE_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    tune.add_argument("game", metavar="GAME", help="a registered game: dark-horse, western-legends")
    searched = tune.add_argument_group("what is tuned")
    searched.add_argument("--param", action="append", default=[], metavar="NAME[=LOW..HIGH]", dest="params",
                          help="a declared rule parameter to tune (its range from its schema, or LOW..HIGH;"
                               " repeatable)")
    searched.add_argument("--target", metavar="TARGET", default="fair-seats",
                          help="fair-seats (default), rounds=R, steps=S, or end=TEXT:SHARE (a share of games ended"
                               " by a trigger whose words contain TEXT)")
    searched.add_argument("--trials", type=int, default=20, help="tuning trials, each a seeded sweep (default 20)")
    searched.add_argument("--together", type=int, default=None,
                          help="trials asked at once and played together on the cluster (default 4)")
    searched.add_argument("--scenario", metavar="ID", help="the scenario tuned (default: the base game)")
    searched.add_argument("--base-variant", action="append", default=[], metavar="ID",
                          help="a variant every trial plays (repeatable)")
    searched.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="overrides",
                          help="rule parameters every trial plays, not tuned (repeatable)")
    how = tune.add_argument_group("how each game is played")
    _played(how)
    how.add_argument("--games", type=int, default=200, help="games per trial (default 200)")
    how.add_argument("--seed", type=int_range(0, MAX_SEED), default=0,
                     help="the search's and the games' seed (default 0)")
    run = tune.add_argument_group("where it runs and what it writes")
    _where(run, "tuning")
    add_options(tune)


def _values(item: str, flag: str) -> tuple[str, list]:
    """``NAME=V1,V2`` (or ``NAME=[...]`` in YAML) into the name and its values."""
    from ..core.errors import UsageError
    from ..rules.ruleset import parse_overrides

    name, sep, text = item.partition("=")
    if not sep or not name.strip() or not text.strip():
        raise UsageError(f"{flag} wants NAME=V1,V2,..., not {item!r}")
    text = text.strip()
    if text.startswith("["):
        values = parse_overrides([f"{name}={text}"])[name.strip()]
        if not isinstance(values, list) or not values:
            raise UsageError(f"{flag} {name}: a list of values, not {text!r}")
        return name.strip(), values
    values = [parse_overrides([f"{name}={part}"])[name.strip()] for part in text.split(",") if part.strip()]
    if not values:
        raise UsageError(f"{flag} {name}: no values given")
    return name.strip(), values


def _library(args):
    """The content a sweep plays: the library every command sees (the published games,
    ./variants/ when present, each --library folder); errors in it stop the sweep (exit 1)."""
    from ..app import resolve

    library = load_library(args, what="the content a sweep plays").library
    src = resolve.sources([], args.library, published=not args.no_published)
    return library, src.describe()


def _decks(args):
    """``--deck``: each deck checked against the deck-building rules (as `deck check`: a deck that
    is not legal stops the sweep, exit 1, before a game is played), then the rule parameters naming
    the decks compared (``mcready_base_deck``...) and those of the decks they are built on (each
    deck's ``base:``), which the baseline plays. Returns them and the library with the decks in it."""
    from ..core.errors import UsageError
    from ..games import GAMES
    from .decks import played_decks
    from .games import deck_parameters

    entry = GAMES.get(args.game)
    spec = entry.spec() if entry is not None and entry.parameters else {}
    if not any(name.endswith("_base_deck") for name in spec):
        raise UsageError(f"--deck does not apply to {args.game} (its decks are not chosen by a rule parameter)")
    result, documents = played_decks(args, args.deck, args.game, what="compared")
    decks = deck_parameters(documents)
    for name in decks:
        if name not in spec:
            raise UsageError(f"--deck does not apply to {args.game}: it has no parameter {name}")
    base_decks = {f"{d.data['faction']}_base_deck": d.data["base"] for d in documents
                  if isinstance(d.data.get("base"), str)}
    return decks, base_decks, result.library


def cmd_balance(args, rep) -> int:
    from ..balance import require
    from ..core.errors import UsageError

    require()
    if args.players is None:
        from ..games import GAMES
        entry = GAMES.get(args.game)
        args.players = entry.default_players if entry is not None else 3
    if args.games is not None and args.games < 1:
        raise UsageError("--games must be at least 1")
    _save_every(args)
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    most = 4 * (os.cpu_count() or 1)
    if args.workers is not None and args.workers > most:
        raise UsageError(f"--workers {args.workers} on {os.cpu_count() or 1} core(s): at most {most} (more processes only"
                         " share the same cores)")
    if args.workers is not None and args.scheduler:
        raise UsageError("--workers starts a local cluster; --scheduler uses a running one: give one of them")
    if args.batch is not None and args.batch < 1:
        raise UsageError("--batch must be at least 1")
    if args.seed < 0:
        raise UsageError("--seed must be 0 or more")
    if args.balance_action == "tune":
        rep.command = "balance tune"
        try:
            return _tune(args, rep)
        except KeyboardInterrupt:      # between rounds (a round's own Ctrl-C ends in its report)
            rep.set(interrupted=True)
            rep.note("interrupted between trials: every finished game is stored (unless --no-store), and the"
                     " same command again resumes the tuning")
            return EXIT_INTERRUPTED
    moved = [f"--{flag}" for flag in ("tune", "target", "trials") if getattr(args, f"moved_{flag}")]
    if moved:
        raise UsageError(f"{' and '.join(moved)}: tuning is its own command now: workbench balance tune {args.game}"
                         " --param NAME[=LOW..HIGH] --target TARGET --trials N (see 'workbench balance tune --help')")
    if not 0 < args.alpha < 1:
        raise UsageError("--alpha is a probability between 0 and 1")
    try:
        return _balance(args, rep)
    except KeyboardInterrupt:
        rep.set(interrupted=True, played=0)
        rep.note("interrupted before any game was played")
        return EXIT_INTERRUPTED


def _options(args) -> dict:
    """``--option NAME=VALUE``s, checked."""
    from ..core.errors import UsageError
    from ..rules.ruleset import parse_overrides

    for item in args.option:
        if "=" not in item or not item.partition("=")[0].strip():
            raise UsageError(f"--option wants NAME=VALUE, not {item!r}")
    options = parse_overrides(args.option)
    rounds = options.get("rounds")
    if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool)
                               or not ROUNDS[0] <= rounds <= ROUNDS[1]):
        raise UsageError(f"--option rounds must be from {ROUNDS[0]} to {ROUNDS[1]} (as play --rounds), not {rounds!r}")
    return options


def _balance(args, rep) -> int:
    from ..balance import games as lab_games
    from ..balance.sweep import compare as sweep_of, run
    from ..core.errors import UsageError
    from ..rules.ruleset import parse_overrides
    from .common import EXIT_OK

    lab_games.runner(args.game)            # an unknown game is a usage error before anything loads
    options = _options(args)
    grid = dict(_values(item, "--grid") for item in args.grid)
    if len(grid) != len(args.grid):
        raise UsageError("a parameter appears in two --grid options: give its values once")
    bots = [b.strip() for b in (args.bots or "").split(",") if b.strip()]
    decks, base_decks, library = _decks(args) if args.deck else ({}, {}, None)
    from ..balance.sweep import BUDGET_SECONDS, MAX_GAMES
    sweep = sweep_of(args.game, scenario=args.scenario, base_variants=args.base_variant, variants=args.variant,
                     overrides=parse_overrides(args.overrides), grid=grid or None, players=args.players, bots=bots,
                     options=options, games=args.games or MAX_GAMES, seed=args.seed, name=args.sweep, decks=decks,
                     base_decks=base_decks, against=args.against)
    check = _check(args, bots)
    if library is None:
        library, sources = _library(args)
    else:
        from ..app import resolve
        sources = resolve.sources([d for d in args.deck if d.lower().endswith((".yaml", ".yml"))], args.library,
                                  published=not args.no_published).describe()
    store = None if args.no_store else Path(args.out or Path("balance-results") / f"{sweep.name}.parquet")
    _outputs(args, store, ["seats.png", "length.png", "usage.png", "measures.png"]
             + (["heatmap.png"] if len(grid) == 2 else []))
    if args.games:
        rep.note(f"{len(sweep.all):,} settings (the baseline and {len(sweep.all) - 1:,} compared with it) x"
                 f" {sweep.games:,} games: {len(sweep.all) * sweep.games:,} games; each setting is checked and one game"
                 " timed first")
    else:
        rep.note(f"{len(sweep.all):,} settings (the baseline and {len(sweep.all) - 1:,} compared with it); each is"
                 " checked and a pilot of 3 games timed first, to choose the games that take about 5 minutes on 2 cores")
    progress = {"auto": None, "yes": True, "no": False}[args.progress]
    report = run(sweep, library, store=store, csv=args.csv, workers=args.workers, scheduler=args.scheduler,
                 batch=args.batch, progress=progress, checkpoint_seconds=_save_every(args),
                 check=check, budget=None if args.games else BUDGET_SECONDS,
                 on_estimate=lambda planned: rep.note(_estimate_words(planned, args.alpha, sweep.baseline.players)))
    if report.interrupted:
        where = f" and kept in {report.store}" if report.store else " (not stored: --no-store)"
        # the games asked for: the pilot's choice of count (not the placeholder), the check's included
        asked = (report.estimate["games"] + report.estimate["reused"] if report.estimate
                 else len(report.sweep.all) * report.sweep.games)
        message = (f"interrupted: {report.played + report.reused:,} of {asked:,} games are"
                   f" played{where}; the same command again plays the rest")
        rep.set(interrupted=True, played=report.played, reused=report.reused,
                store=str(report.store) if report.store else None)
        rep.note(message)
        return EXIT_INTERRUPTED
    return _report(args, rep, report, sources, library) or EXIT_OK


def _outputs(args, store, figures) -> None:
    """Every file the command will write checked before a game is played (:func:`output_file`):
    --out a results table (added to: a file that is none is refused when it is read), --csv a new
    CSV file and not the store, the figures new files in the --plots folder (or --overwrite)."""
    from ..core.errors import UsageError

    if store is not None:
        output_file(str(store), (".parquet", ".csv"), overwrite=True, what="--out", makes_folder=True)
    if getattr(args, "csv", None):
        csv = output_file(args.csv, (".csv",), overwrite=args.overwrite, what="--csv")
        if store is not None and os.path.abspath(csv) == os.path.abspath(store):
            raise UsageError(f"--csv {args.csv} is the stored results (--out) too: give the CSV file another name")
    if args.plots:
        output_folder(args.plots, figures, overwrite=args.overwrite)


def _check(args, bots):
    """``--check-bots``: (the second kind of player, its games: None for a fifth of the sweep's,
    and the least games it is played on), or None for no check. By default the game's own fast
    player checks the verdicts when a fifth of the games is at least :data:`CHECK_FROM`."""
    from ..balance.games import runner
    from ..core.errors import UsageError

    if args.no_check_bots:
        if args.check_bots:
            raise UsageError("--check-bots and --no-check-bots: give one of them")
        return None
    game = runner(args.game)
    main = bots or list(game.default_bots)
    if args.check_bots:
        chosen = [b.strip() for b in args.check_bots.split(",") if b.strip()]
        if not chosen:
            raise UsageError(f"--check-bots wants BOT[,BOT...], not {args.check_bots!r}")
        if chosen == list(main) or (len(set(chosen)) == 1 and set(chosen) == set(main)):
            raise UsageError(f"--check-bots {args.check_bots} are the sweep's own players: name another kind (the"
                             f" game's: {', '.join(game.bots)})")
        return tuple(chosen), None, 1
    second = game.second_player(main)
    return ((second,), None, CHECK_FROM) if second else None


#: The least games the default check with a second kind of player plays (fewer tell nothing).
CHECK_FROM = 50


def _estimate_words(planned: dict, alpha: float, players: int) -> str:
    """The pilot's estimate in words: games, time, and the smallest change the sweep detects."""
    from ..balance.stats import planned_detectable

    games, core = planned["games"], planned["core_seconds"]
    if not games:
        return f"all {planned['reused']:,} games are in the stored results: nothing to play"
    workers = planned["workers"]
    wall = f"about {_duration(planned['seconds'])} on {workers} core(s)" if workers else "shared by the workers"
    chosen = (f"{planned['games_a_setting']:,} games a setting, as many as take about"
              f" {_duration(planned['chosen_within_seconds'] / 2)} on 2 cores, " if planned.get("chosen_within_seconds")
              else "")
    check = (f" ({planned['check_games_a_setting']:,} a setting of them by a second kind of player)"
             if planned.get("check_games_a_setting") else "")
    detect = planned_detectable(planned["games_a_setting"], players, alpha)
    return (f"{chosen}playing {games:,} games{check}" + (f" ({planned['reused']:,} more are in the stored results)"
                                                          if planned["reused"] else "")
            + f": {_duration(core)} of play on one core by the pilot's {planned['pilot_games_a_setting']} timed"
            f" game(s) a setting, {wall}; at {planned['games_a_setting']:,} games a setting a change of about"
            f" {detect * 100:.1f} points in a seat's win rate is detected (80% power, {alpha:.0%}, corrected over the"
            " primary comparisons)")


def _duration(seconds: float) -> str:
    """Seconds in the unit a person reads them in.

    >>> _duration(42), _duration(300), _duration(7200)
    ('42 s', '5 min', '2.0 h')
    """
    minutes = seconds / 60
    return f"{seconds:.0f} s" if seconds < 90 else f"{minutes:.0f} min" if minutes < 90 else f"{minutes / 60:.1f} h"


def _plan(games: int, reused: int, seconds: float) -> str:
    """What a sweep is about to play, said before its first game: the games and their time."""
    if not games:
        return f"all {reused:,} games are in the stored results: nothing to play"
    minutes = seconds / 60
    when = (f"{seconds:.0f} s" if seconds < 90 else f"{minutes:.0f} min" if minutes < 90 else f"{minutes / 60:.1f} h")
    return (f"playing {games:,} games" + (f" ({reused:,} more are in the stored results)" if reused else "")
            + f": about {when} of play on one core (from each setting's timed game), shared by the workers")


def _tune(args, rep) -> int:
    """`balance tune`: Optuna searches the named parameters for the values that best meet --target."""
    from ..balance import games as lab_games
    from ..balance.sweep import Setting
    from ..balance.tune import TOGETHER, declared_space, plot, tune
    from ..core.errors import UsageError
    from ..rules.ruleset import parse_overrides

    lab_games.runner(args.game)            # an unknown game is a usage error before anything loads
    if not args.params:
        raise UsageError("name a parameter to tune: --param NAME (its declared range) or --param NAME=LOW..HIGH")
    if args.trials < 1:
        raise UsageError("--trials must be at least 1")
    together = TOGETHER if args.together is None else args.together
    if together < 1:
        raise UsageError("--together must be at least 1")
    names, ranges = [], {}
    for item in args.params:
        name, _, bounds = item.partition("=")
        names.append(name.strip())
        if bounds:
            low, sep, high = bounds.partition("..")
            try:
                ranges[name.strip()] = (float(low), float(high)) if sep else None
            except ValueError:
                ranges[name.strip()] = None
            if ranges[name.strip()] is None:
                raise UsageError(f"--param wants NAME or NAME=LOW..HIGH, not {item!r}")
            if ranges[name.strip()][0] > ranges[name.strip()][1]:
                raise UsageError(f"--param {name.strip()}: LOW..HIGH with LOW at most HIGH, not {bounds!r}")
    if len(set(names)) != len(names):
        raise UsageError("a parameter appears in two --param options: give it once")
    space = declared_space(args.game, names)
    bots = tuple(b.strip() for b in (args.bots or "").split(",") if b.strip())
    base = Setting("baseline", args.game, args.scenario, tuple(args.base_variant), parse_overrides(args.overrides),
                   _options(args), args.players, bots)
    library, _ = _library(args)
    name = args.sweep or f"tune-{args.game}" + (f"-{args.scenario}" if args.scenario else "")
    store = None if args.no_store else Path(args.out or Path("balance-results") / f"{name}.parquet")
    _outputs(args, store, ["tuning.png"])
    options = {"workers": args.workers, "scheduler": args.scheduler, "batch": args.batch,
               "checkpoint_seconds": _save_every(args)}
    progress = {"auto": None, "yes": True, "no": False}[args.progress]
    result = tune(base, space, args.target, library, games=args.games, trials=args.trials, seed=args.seed,
                  ranges={k: v for k, v in ranges.items() if v}, store=store, name=name, together=together,
                  progress=progress, **{k: v for k, v in options.items() if v is not None})
    written = []
    if args.plots and len(result.trials):
        folder = Path(args.plots)
        folder.mkdir(parents=True, exist_ok=True)
        figure = plot(result)
        figure.savefig(folder / "tuning.png")
        written.append(str(folder / "tuning.png"))
    games_line = (f"played {result.played:,} games, {result.reused:,} found in the stored results"
                  + (f" ({store})" if store else " (not stored: --no-store)"))
    if args.format == "json":
        rep.set(target=result.target, best=result.best,
                best_measure=None if result.interrupted and not len(result.trials) else result.best_measure,
                verdict=result.verdict, trials=json.loads(result.trials.to_json(orient="records")),
                together=result.together, played=result.played, reused=result.reused,
                interrupted=result.interrupted, store=str(store) if store else None, plots=written,
                recheck=json.loads(json.dumps(result.recheck, default=_plain)),
                study=str(result.study_file) if result.study_file else None)
        return EXIT_INTERRUPTED if result.interrupted else 0
    if len(result.trials):
        rep.line(result.trials.to_string(index=False))
        rep.line()
    rep.line(result.verdict)
    rep.line(games_line + f"; trials asked {result.together} at a time")
    if written:
        rep.line("figure: " + ", ".join(written))
    return EXIT_INTERRUPTED if result.interrupted else 0


def _report(args, rep, report, sources, library=None) -> int:
    from ..balance import metrics
    from ..balance.games import cap_warning, rounds_note
    from ..balance.stats import compare
    from ..balance.sweep import rate

    comparison = compare(report, alpha=args.alpha, correction=args.correction)
    table = report.table
    checked = _players_checks(args, report, comparison)
    players = int(table["players"].iloc[0]) if len(table) else report.sweep.baseline.players
    from ..balance.stats import planned_detectable
    detectable = {"games_a_setting": report.sweep.games,
                  "planned": planned_detectable(report.sweep.games, players, args.alpha),
                  "from_the_games": comparison.detectable, "power": 0.8, "alpha": args.alpha}
    written = []
    if args.plots:
        from ..balance.plots import save_all
        written = [str(p) for p in save_all(table, report.sweep, args.plots)]
    timing = report.timing
    games_per_second = timing["games"] / timing["compute"] if timing.get("compute") else None
    seconds_per_game = timing["compute"] / timing["games"] if timing.get("games") and timing.get("compute") else None
    if args.format == "json":
        fields = {
            "sweep": {"name": report.sweep.name, "seed": report.sweep.seed, "games": report.sweep.games,
                      "settings": [{**s.to_json(), "key": s.key()} for s in report.sweep.all],
                      "grid": report.sweep.grid},
            "library": sources, "played": report.played, "reused": report.reused,
            "store": str(report.store) if report.store else None, "csv": args.csv, "plots": written,
            "timing": {k: v for k, v in timing.items() if k != "worker_pids"} | {
                "games_per_second": games_per_second, "seconds_per_game": seconds_per_game},
            "summary": metrics.summary(table, args.alpha), "comparison": comparison.to_json(),
            "estimate": report.estimate, "detectable_change": detectable, "check": checked and checked["json"],
            "warnings": [w for w in [cap_warning(table)] if w], "notes": [w for w in [rounds_note(table)] if w]}
        rep.set(**json.loads(json.dumps(fields, default=_plain)))  # numpy numbers as plain ones
        return 0
    sweep = report.sweep
    if library is not None:   # what a person reads names house rules, scenarios and spaces, not ids
        from ..balance.wording import Wording
        rep = _InWords(rep, Wording(library, sweep.baseline.game))
    rep.line(f"Balance sweep '{sweep.name}': {len(sweep.all)} settings x {sweep.games:,} games, seed {sweep.seed}")
    for setting in sweep.all:
        rep.line(f"  {setting.describe()}")
    line = f"played {report.played:,} games"
    if report.reused:
        line += f", {report.reused:,} found in the stored results"
    if report.played:
        line += (f" in {timing['wall']:.1f} s on {timing['workers']} worker(s), batches of {timing['batch']}"
                 + (f" ({rate(timing['games'], timing['compute'])})" if games_per_second else ""))
    if report.store:
        line += f"; stored in {report.store}"
    rep.line(line)
    rep.line()
    rep.line(comparison.baseline_facts)
    found = "; ".join(f"{name} {change * 100:.1f}" for name, change in comparison.detectable.items() if change == change)
    rep.line(f"at {report.sweep.games:,} games a setting, the smallest change in a seat's win rate this sweep detects"
             f" (80% power, {args.alpha:.0%}, corrected over the primary comparisons): about"
             f" {detectable['planned'] * 100:.1f} points planned for fair seats"
             + (f"; from the paired games, in points: {found}" if found else ""))
    rep.line()
    seats = metrics.seat_table(table, args.alpha)
    width = max(len(s) for s in seats["setting"]) + 2
    players = int(seats["seat"].max())
    rep.line(f"{'win rate by seat':<{width}}" + "".join(f"{'seat ' + str(s):>22}" for s in range(1, players + 1))
          + f"   ({1 - args.alpha:.0%} intervals; a shared win counts 1/k)")
    for setting, rows in seats.groupby("setting", sort=False):
        cells = "".join(f"{f'{r.win_rate:.1%} [{r.low:.1%}, {r.high:.1%}]':>22}" for r in rows.itertuples())
        rep.line(f"{setting:<{width}}{cells}")
    for setting, games in table.groupby("setting", sort=False):
        unsure = metrics.cannot_tell(games, args.alpha)
        if unsure:
            rep.line(f"  {setting}: {unsure}")
    rep.line()
    rep.line(f"{'length and scores':<{width}}{'rounds':>9}{'steps':>9}{'spread':>9}{'margin':>9}{'ties':>8}")
    for setting, games in table.groupby("setting", sort=False):
        rep.line(f"{setting:<{width}}{games['rounds'].mean():>9.2f}{games['steps'].mean():>9.1f}"
              f"{games['spread'].mean():>9.2f}{games['margin'].mean():>9.2f}{(games['winners'] > 1).mean():>8.1%}")
    rep.line()
    rep.line("how games end (share of games; trigger: by the rules, rounds: after the declared number of rounds,"
             " cap: at the safety cap)")
    ends = metrics.end_table(table)
    for setting, rows in ends.groupby("setting", sort=False):
        rep.line(f"{setting:<{width}}" + "; ".join(f"{r.share:.0%} {r.kind}: {r.end}" for r in rows.itertuples()))
    rep.line()
    _measures(rep, table, width)
    rep.line()
    rep.line("verdicts")
    warning = cap_warning(table)
    if warning:
        rep.line(f"  WARNING: {warning}")
    note = rounds_note(table)
    if note:
        rep.line(f"  NOTE: {note}")
    for verdict in comparison.verdicts.values():
        rep.line(f"  {verdict}")
    if checked:
        rep.line()
        rep.line(checked["head"])
        for words in checked["lines"]:
            rep.line(f"  {words}")
    if args.csv:
        rep.line(f"\nthe games are also in {args.csv}")
    if written:
        rep.line("figures: " + ", ".join(written))
    return 0


def _measures(rep, table, width: int) -> None:
    """The game measures (means per game) and game length by how the game ended."""
    from ..balance import metrics

    measures = metrics.measures_table(table)
    rep.line(f"{'game measures':<{width}}{'decisions':>11}{'choices':>9}{'lead changes':>14}{'decided at':>12}"
             "   (means per game; choices: legal actions at a decision; decided at: share of the decisions"
             " played before the winner was out of reach)")
    for r in measures.itertuples():
        if not r.measured:
            rep.line(f"{r.setting:<{width}}  not measured (games stored before the measures were read)")
            continue
        rep.line(f"{r.setting:<{width}}{r.decisions:>11.1f}{r.branching:>9.1f}{r.lead_changes:>14.2f}"
                 f"{r.decided_at:>12.0%}")
    rep.line("length by how games end (share of games: mean rounds, decisions)")
    ends = metrics.length_by_end(table)
    for setting, rows in ends.groupby("setting", sort=False):
        rep.line(f"{setting:<{width}}" + "; ".join(
            f"{r.kind} {r.share:.0%}: {r.rounds:.1f} rounds" + (f", {r.decisions:.0f} decisions" if r.decisions == r.decisions
                                                                else "") for r in rows.itertuples()))


def _players_checks(args, report, comparison) -> dict | None:
    """Every verdict checked against the second kind of player's games (``report.check_table``):
    the baseline's seats (:func:`~workbench.balance.stats.seats_check`) and each setting's primary
    comparisons (:func:`~workbench.balance.stats.players_check`), in words and as JSON."""
    from ..balance import metrics
    from ..balance.games import runner
    from ..balance.stats import compare, players_check, seats_check

    checks = report.check_table
    if report.check is None or checks is None or not len(checks):
        return None
    sweep = report.sweep
    other = compare(checks, alpha=args.alpha, correction=args.correction, checked=True, detectable=False)
    main_bots = ",".join(sweep.baseline.bots or runner(sweep.baseline.game).default_bots)
    other_bots = ",".join(report.check.baseline.bots)
    games = int((checks["setting"] == sweep.baseline.name).sum())
    seats = seats_check(metrics.seat_table(report.table, args.alpha), metrics.seat_table(checks, args.alpha),
                        main_bots, other_bots, sweep.baseline.name)
    verdicts = {name: players_check(name, comparison, other, main_bots, other_bots) for name in comparison.verdicts}
    head = (f"verdicts checked against the players ({main_bots} on {sweep.games:,} games a setting, {other_bots} on"
            f" the first {games:,} of them)")
    return {"head": head, "lines": [seats.words] + [v.words for v in verdicts.values()],
            "json": {"bots": main_bots, "check_bots": other_bots, "games": sweep.games, "check_games": games,
                     "baseline_seats": seats.to_json(), "verdicts": {k: v.to_json() for k, v in verdicts.items()}}}


class _InWords:
    """The reporter with every text line put in the game's words (:class:`workbench.balance.wording.Wording`);
    ``--format json`` keeps the ids."""

    def __init__(self, rep, wording):
        self._rep, self._wording = rep, wording

    def line(self, text: str = "") -> None:
        self._rep.line(self._wording.text(text) if text else text)

    def __getattr__(self, name):
        return getattr(self._rep, name)


def _plain(value):
    import numpy as np

    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Path):
        return str(value)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")
