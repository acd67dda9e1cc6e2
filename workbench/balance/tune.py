"""Tuning a rule to a target: which values of declared parameters best meet what a designer wants.

A designer names rule parameters (their ranges come from the parameters' schemas, or are
narrowed by hand) and a **target**:

``fair-seats``
    every seat wins a fair share **and games are decided** (the measure: the largest gap between
    a seat's win share and 1/players, shared wins counting 1/k, plus the share of stalemates:
    games tied, or won with no lead on points). A setting cannot win by stalemate: where every
    game ties, every seat has its fair share and the seat gap is 0, so the gap alone once chose a
    setting making 68% of High Noon's games ties where almost nobody scored;
``rounds=R`` (or ``steps=S``)
    games last R rounds on average (the measure: the gap between the mean and R);
``end=TEXT:SHARE``
    a share of games end by a trigger whose words contain TEXT (the gap between the share and SHARE).

Optuna's TPE sampler (seeded) proposes values, :data:`TOGETHER` trials at a time; each round of
trials is one seeded sweep played by :func:`~workbench.balance.sweep.run` on one Dask cluster kept
for the whole search (or in-process), stored like every other sweep (a rerun of the same tuning
plays nothing again, an interrupted one resumes where it stopped), and every trial plays the same
seeds (common random numbers: trials differ by the rule, not by the luck of the dice). The trials
depend on the seed alone, not on the cluster: in-process and on any number of workers they are
the same.

Each trial's measure comes with a 95% interval (a seeded bootstrap over its games), and the
chosen values are played again on fresh seeds (another sweep seed: games the search did not
choose them on), their measure and interval reported beside the search's, since the best of
many noisy trials looks better than it is. The Optuna study is stored next to the games
(``NAME.optuna.jsonl``, Optuna's journal file: ``optuna.load_study`` or optuna-dashboard read it).
A resumed tuning replays it from the stored games rather than loading the sampler half-way, so an
interrupted tuning ends with exactly the trials of one never interrupted (a seeded sampler
restarted mid-search would propose others); the journal is rewritten as the replay goes.
"""
from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import UsageError
from .sweep import Setting, Sweep, run


@dataclass
class Tuning:
    """The trials of a tuning (one row each: values, measure) and the best values found."""

    target: str
    trials: object                  # pandas.DataFrame: trial, each parameter, measure, games
    best: dict
    best_measure: float
    verdict: str
    studies: list = field(default_factory=list, repr=False)
    played: int = 0                 # games played by this call (the rest were found in the store)
    reused: int = 0
    interrupted: bool = False       # stopped before every trial finished (the same call resumes it)
    together: int = 1               # trials asked at once and played together
    recheck: dict = field(default_factory=dict)   # the best values on fresh seeds: measure, low, high, games...
    study_file: Path | None = None  # the stored Optuna study (a journal file), when stored


def measure(table, target: str) -> float:
    """How far one setting's games are from ``target`` (0 is on target)."""
    return measured(table, target, resamples=0)["measure"]


#: Bootstrap resamples of a trial's interval.
RESAMPLES = 999


def stalemates(table):
    """Per game: whether it ended without a winner ahead on points (tied, or won on a tie-breaker
    with level scores, or nobody scored), 1.0 or 0.0."""
    return ((table["winners"] > 1) | (table["margin"] <= 0)).to_numpy(float)


def measured(table, target: str, resamples: int = RESAMPLES, seed: int = 0) -> dict:
    """``target``'s measure of one setting's games, with a 95% interval from a seeded bootstrap
    over the games (``resamples`` of them; none: no interval) and, for ``fair-seats``, its parts:
    the seat gap, the share of stalemates (:func:`stalemates`) and the mean winning margin."""
    import numpy as np

    values, parts = _per_game(table, target)
    statistic = _statistic(target)
    out = {"measure": float(statistic(values[None, ...])[0]), **parts}
    if resamples:
        n = len(values)
        drawn = np.random.default_rng(seed).integers(0, n, (resamples, n))
        spread = statistic(values[drawn])
        out["low"], out["high"] = (float(x) for x in np.quantile(spread, [0.025, 0.975]))
    return out


def _per_game(table, target: str):
    """Per game, the values the measure is a statistic of (a games x columns array), and the
    measure's parts in words a designer reads."""
    import numpy as np

    if target == "fair-seats":
        players = int(table["players"].iloc[0])
        shares = table[[f"win_{s}" for s in range(1, players + 1)]].to_numpy(float)
        stalled = stalemates(table)
        parts = {"seat_gap": float(np.max(np.abs(shares.mean(0) - 1 / players))), "stalemates": float(stalled.mean()),
                 "margin": float(table["margin"].mean())}
        return np.column_stack([shares, stalled]), parts
    found = re.fullmatch(r"(rounds|steps)=([0-9.]+)", target)
    if found:
        return table[found.group(1)].to_numpy(float)[:, None], {}
    found = re.fullmatch(r"end=(.+):([0-9.]+)", target)
    if found:
        return np.array([[found.group(1) in e] for e in table["end"]], float).reshape(-1, 1), {}
    raise UsageError(f"a target is fair-seats, rounds=R, steps=S or end=TEXT:SHARE, not {target!r}")


def _statistic(target: str):
    """The measure of samples x games x columns values (one measure per sample)."""
    import numpy as np

    if target == "fair-seats":
        def fair(values):
            means = values.mean(1)
            players = values.shape[-1] - 1
            return np.max(np.abs(means[:, :players] - 1 / players), axis=1) + means[:, players]
        return fair
    aim = float(target.rsplit("=" if target.startswith(("rounds=", "steps=")) else ":", 1)[1])
    return lambda values: np.abs(values.mean(1)[:, 0] - aim)


def declared_space(game: str, names: list[str]) -> dict[str, dict]:
    """The schemas of ``names`` among ``game``'s declared rule parameters (their ranges)."""
    from ..games import GAMES

    # the registry entry says where a game's parameters are declared (revolver-prison's are
    # Revolver's: a module named after the game id is not always there)
    entry = GAMES.get(game)
    try:
        spec = entry.spec() if entry is not None and entry.parameters else None
    except (ImportError, AttributeError):
        spec = None
    if not spec:
        raise UsageError(f"{game} declares no rule parameters to tune")
    out = {}
    for name in names:
        if name not in spec:
            from ..core.errors import NotFound
            raise NotFound("parameter", name, sorted(spec), f"of {game}")
        out[name] = spec[name].schema
    return out


def _suggest(trial, name: str, schema: dict, narrowed: tuple | None):
    if "enum" in schema:
        return trial.suggest_categorical(name, list(schema["enum"]))
    if schema.get("type") == "boolean":
        return trial.suggest_categorical(name, [False, True])
    if schema.get("type") in ("integer", "number"):
        low, high = narrowed or (schema.get("minimum"), schema.get("maximum"))
        if low is None or high is None:
            raise UsageError(f"{name} has no declared range: give one ({name}=LOW..HIGH)")
        if schema["type"] == "integer":
            return trial.suggest_int(name, int(low), int(high))
        return trial.suggest_float(name, float(low), float(high))
    raise UsageError(f"{name} is not a number, a choice or a yes/no: it cannot be tuned")


#: Trials asked of Optuna at once and played together on the cluster (one round). Fixed, not
#: the number of workers: the same seed then proposes the same trials on any cluster, in-process
#: included. Optuna's first 10 trials are its seeded random start, the same whatever this is.
TOGETHER = 4


def tune(baseline: Setting, space: dict[str, dict], target: str, library, *, games: int = 200, trials: int = 20,
         seed: int = 0, ranges: dict[str, tuple] | None = None, store: str | Path | None = None,
         name: str = "tune", together: int = TOGETHER, progress=False, cluster: str = "local",
         workers: int | None = None, scheduler: str | None = None, client=None, recheck: bool = True,
         **run_options) -> Tuning:
    """Search ``space`` (parameter name -> its schema) for the values of ``baseline``'s rules that
    best meet ``target``.

    Trials go in rounds of ``together``: Optuna proposes them (its TPE sampler, seeded with
    ``seed``), they are played as one sweep (every trial a setting of it, ``games`` games from the
    same seeds) on one Dask cluster kept for the whole search (``client=``, ``scheduler=``, or a
    local one of ``workers`` processes; ``cluster="in-process"``: no Dask), and their measures
    are told to Optuna in trial order. So the trials depend on the seed and ``together`` only, not
    on the cluster or how many workers it has.

    Every trial's games are stored in ``store`` as sweep ``name``: the same tuning again plays
    none of them, with more ``trials`` it plays only the new ones, and an interrupted tuning
    (Ctrl-C, ``progress`` raising KeyboardInterrupt) keeps every finished game, so the same call
    again resumes it (:attr:`Tuning.interrupted`). ``run_options`` go to
    :func:`~workbench.balance.sweep.run` (``batch=``, ``checkpoint_seconds=``...).

    Each trial's row has its measure's 95% interval (``low``, ``high``; for ``fair-seats`` also
    its parts: ``seat_gap``, ``stalemates``, ``margin``). ``recheck``: the best values are played
    again, ``games`` games on fresh seeds (sweep ``NAME-recheck``, sweep seed ``seed + 1``), in
    :attr:`Tuning.recheck`. With a ``store``, the Optuna study is written beside it
    (``NAME.optuna.jsonl``, :attr:`Tuning.study_file`).
    """
    import optuna
    import pandas as pd

    from .sweep import _connect

    measure_check = {"fair-seats"} | ({target} if re.fullmatch(r"(rounds|steps)=[0-9.]+|end=.+:[0-9.]+", target) else set())
    if target not in measure_check:
        measure(None, target)          # the usage error that says what a target is
    if not space:
        raise UsageError("name at least one parameter to tune")
    if not isinstance(trials, int) or trials < 1:
        raise UsageError("a tuning runs at least 1 trial")
    if not isinstance(together, int) or together < 1:
        raise UsageError("trials are asked at least 1 at a time (together)")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study_file = _study_file(store, name)
    storage = None
    if study_file is not None:
        from optuna.storages import JournalStorage
        from optuna.storages.journal import JournalFileBackend

        # rewritten from the start: the replay from the stored games tells it every trial again
        study_file.parent.mkdir(parents=True, exist_ok=True)
        study_file.unlink(missing_ok=True)
        storage = JournalStorage(JournalFileBackend(str(study_file)))
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed),
                                storage=storage, study_name=name)
    study.set_user_attr("target", target)
    study.set_user_attr("games_per_trial", games)
    rows: list[dict] = []
    counts = {"played": 0, "reused": 0}
    interrupted = False

    def play_round(dask_client) -> bool:
        """One round: ask, play together, tell. False when it was interrupted."""
        asked = [study.ask() for _ in range(min(together, trials - len(rows)))]
        chosen = []
        for trial in asked:
            values = {n: _suggest(trial, n, schema, (ranges or {}).get(n)) for n, schema in space.items()}
            label = ", ".join(f"{k}={v}" for k, v in values.items())
            chosen.append((trial, values, label))
        settings = {}
        for _, values, label in chosen:   # two trials may propose the same values: one setting
            settings.setdefault(label, baseline.but(label, overrides={**baseline.overrides, **values}))
        first, *rest = settings.values()
        options = dict(run_options, progress=progress)
        if dask_client is not None:
            options["client"] = dask_client
        else:
            options["cluster"] = "in-process"
        report = run(Sweep(name, first, rest, games=games, seed=seed), library, store=store, **options)
        counts["played"] += report.played
        counts["reused"] += report.reused
        if report.interrupted or not report.complete():
            for trial, _, _ in chosen:
                study.tell(trial, state=optuna.trial.TrialState.FAIL)
            return False
        table = report.table
        for trial, values, label in chosen:
            games_of = table[table["setting"] == label]
            found = measured(games_of, target, seed=_seed_of(seed, label))   # same values, same interval
            study.tell(trial, found["measure"])
            rows.append({"trial": trial.number, **values, **found, "games": len(games_of)})
        return True

    in_process = cluster == "in-process" and client is None and scheduler is None
    checked: dict = {}
    with contextlib.nullcontext(None) if in_process else _connect(cluster, workers, scheduler, client, False) as dask_client:
        while len(rows) < trials:
            if not play_round(dask_client):
                interrupted = True
                break
        if rows and recheck and not interrupted:       # on the same cluster
            best_row = min(rows, key=lambda row: row["measure"])
            checked = _recheck(baseline, {n: best_row[n] for n in space}, target, library, games, seed, name, store,
                               progress, dask_client, run_options)
    parts = ["seat_gap", "stalemates", "margin"] if target == "fair-seats" else []
    table = pd.DataFrame(rows, columns=["trial", *space, "measure", "low", "high", *parts, "games"])
    if not rows:
        return Tuning(target, table, {}, float("nan"), f"tuning {', '.join(space)} for {target} was interrupted"
                      " before a trial finished; its finished games are stored, and the same command again resumes it",
                      [study], counts["played"], counts["reused"], True, together, {}, study_file)
    first_best = min(rows, key=lambda row: row["measure"])      # the first of equals, as Optuna's best trial
    best = {n: first_best[n] for n in space}
    best_value = float(first_best["measure"])
    what = "seat gap plus stalemates" if target == "fair-seats" else "distance"
    words = (f"tuning {', '.join(space)} for {target} over {len(rows)} trials of {games} seeded games each: the best"
             f" values are {', '.join(f'{k}={v}' for k, v in best.items())}, {_with_interval(first_best)} from the"
             f" target ({what}{_parts(first_best)})")
    if interrupted:
        words += (f" (interrupted after {len(rows)} of {trials} trials: the finished games are stored, and the same"
                  " command again resumes it)")
    elif checked:
        counts["played"] += checked.pop("played")
        counts["reused"] += checked.pop("reused")
        if checked.get("interrupted"):
            words += "; its re-check on fresh seeds was interrupted (the same command again finishes it)"
            interrupted = True
        else:
            words += (f"; re-checked on {checked['games']} games from fresh seeds: {_with_interval(checked)}"
                      f"{_parts(checked)}")
    if target == "fair-seats" and first_best["stalemates"] > 0.5:
        words += (f". Even the best values leave {first_best['stalemates']:.0%} of the games stalemates: no value"
                  " tried makes this game decisive with these players, so its seats' shares say little")
    if study_file is not None:
        words += f"; the study is stored in {study_file}"
    return Tuning(target, table, best, best_value, words, [study], counts["played"], counts["reused"], interrupted,
                  together, checked, study_file)


def _study_file(store, name: str) -> Path | None:
    """Where the Optuna study of a tuning stored in ``store`` is written (None: not stored)."""
    if store is None:
        return None
    store = Path(store)
    return store.with_name(f"{store.stem}.{name}.optuna.jsonl" if store.stem != name else f"{name}.optuna.jsonl")


def _seed_of(seed: int, label: str) -> int:
    """The bootstrap's seed for a trial's values: two trials of the same values (the same games)
    get the same interval."""
    import zlib

    return zlib.crc32(f"{seed}/{label}".encode())


def _with_interval(found: dict) -> str:
    return f"{found['measure']:.3f} [{found['low']:.3f}, {found['high']:.3f}]"


def _parts(found: dict) -> str:
    if "seat_gap" not in found:
        return ""
    return (f": seat gap {found['seat_gap']:.3f}, {found['stalemates']:.0%} of games stalemates"
            f" (tied or won with no lead), winners lead by {found['margin']:.2f} points")


def _recheck(baseline, best, target, library, games, seed, name, store, progress, dask_client, run_options) -> dict:
    """The best values played on fresh seeds (another sweep seed), measured with their interval."""
    label = ", ".join(f"{k}={v}" for k, v in best.items())
    setting = baseline.but(label, overrides={**baseline.overrides, **best})
    options = dict(run_options, progress=progress)
    if dask_client is not None:
        options["client"] = dask_client
    else:
        options["cluster"] = "in-process"
    report = run(Sweep(f"{name}-recheck", setting, [], games=games, seed=seed + 1), library, store=store, **options)
    out = {"values": dict(best), "sweep": f"{name}-recheck", "sweep_seed": seed + 1, "played": report.played,
           "reused": report.reused}
    if report.interrupted or not report.complete():
        return {**out, "interrupted": True}
    found = measured(report.table, target, seed=_seed_of(seed + 1, label))
    return {**out, **found, "games": len(report.table)}


def plot(tuning: Tuning):
    """The search: each trial's distance from the target, in order, and against each parameter."""
    from matplotlib.figure import Figure

    names = list(tuning.best) or [c for c in tuning.trials.columns if c not in (
        "trial", "measure", "low", "high", "seat_gap", "stalemates", "margin", "games")]
    figure = Figure(figsize=(4 + 3.5 * len(names), 3.4), layout="constrained")
    axes = figure.subplots(1, 1 + len(names), squeeze=False)[0]
    trials = tuning.trials
    error = None
    if {"low", "high"} <= set(trials.columns) and len(trials):     # each trial's 95% interval
        error = [(trials["measure"] - trials["low"]).clip(lower=0), (trials["high"] - trials["measure"]).clip(lower=0)]
    axes[0].errorbar(trials["trial"], trials["measure"], yerr=error, fmt="o", color="#4c72b0", label="trial (95%)")
    axes[0].plot(trials["trial"], trials["measure"].cummin(), "-", color="#dd8452", label="best so far")
    axes[0].set(xlabel="trial", ylabel=f"distance from {tuning.target}", title="the search")
    axes[0].legend()
    for ax, name in zip(axes[1:], names):
        ax.plot(trials[name].astype(str) if trials[name].dtype == object else trials[name], trials["measure"], "o",
                color="#55a868")
        ax.set(xlabel=name, ylabel="distance", title=f"best {name}={tuning.best.get(name)}")
    return figure
