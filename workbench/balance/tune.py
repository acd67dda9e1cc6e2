"""Tuning a rule to a target: which values of declared parameters best meet what a designer wants.

A designer names rule parameters (their ranges come from the parameters' schemas, or are
narrowed by hand) and a **target**:

``fair-seats``
    every seat wins a fair share (the measure: the largest gap between a seat's win share and
    1/players, shared wins counting 1/k);
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


def measure(table, target: str) -> float:
    """How far one setting's games are from ``target`` (0 is on target)."""
    import numpy as np

    if target == "fair-seats":
        players = int(table["players"].iloc[0])
        shares = [float(table[f"win_{s}"].mean()) for s in range(1, players + 1)]
        return float(max(abs(x - 1 / players) for x in shares))
    found = re.fullmatch(r"(rounds|steps)=([0-9.]+)", target)
    if found:
        return float(abs(table[found.group(1)].mean() - float(found.group(2))))
    found = re.fullmatch(r"end=(.+):([0-9.]+)", target)
    if found:
        share = float(np.mean([found.group(1) in e for e in table["end"]]))
        return abs(share - float(found.group(2)))
    raise UsageError(f"a target is fair-seats, rounds=R, steps=S or end=TEXT:SHARE, not {target!r}")


def declared_space(game: str, names: list[str]) -> dict[str, dict]:
    """The schemas of ``names`` among ``game``'s declared rule parameters (their ranges)."""
    from importlib import import_module

    try:
        spec = import_module(f"workbench.rules.{game.replace('-', '_')}").SPEC
    except (ImportError, AttributeError):
        raise UsageError(f"{game} declares no rule parameters to tune") from None
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
         workers: int | None = None, scheduler: str | None = None, client=None, **run_options) -> Tuning:
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
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
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
            score = measure(games_of, target)
            study.tell(trial, score)
            rows.append({"trial": trial.number, **values, "measure": score, "games": len(games_of)})
        return True

    in_process = cluster == "in-process" and client is None and scheduler is None
    with contextlib.nullcontext(None) if in_process else _connect(cluster, workers, scheduler, client, False) as dask_client:
        while len(rows) < trials:
            if not play_round(dask_client):
                interrupted = True
                break
    table = pd.DataFrame(rows, columns=["trial", *space, "measure", "games"])
    if not rows:
        return Tuning(target, table, {}, float("nan"), f"tuning {', '.join(space)} for {target} was interrupted"
                      " before a trial finished; its finished games are stored, and the same command again resumes it",
                      [study], counts["played"], counts["reused"], True, together)
    first_best = min(rows, key=lambda row: row["measure"])      # the first of equals, as Optuna's best trial
    best = {n: first_best[n] for n in space}
    best_value = float(first_best["measure"])
    words = (f"tuning {', '.join(space)} for {target} over {len(rows)} trials of {games} seeded games each: the best"
             f" values are {', '.join(f'{k}={v}' for k, v in best.items())}, {best_value:.3f} from the target")
    if interrupted:
        words += (f" (interrupted after {len(rows)} of {trials} trials: the finished games are stored, and the same"
                  " command again resumes it)")
    return Tuning(target, table, best, best_value, words, [study], counts["played"], counts["reused"], interrupted,
                  together)


def plot(tuning: Tuning):
    """The search: each trial's distance from the target, in order, and against each parameter."""
    from matplotlib.figure import Figure

    names = [c for c in tuning.trials.columns if c not in ("trial", "measure", "games")]
    figure = Figure(figsize=(4 + 3.5 * len(names), 3.4), layout="constrained")
    axes = figure.subplots(1, 1 + len(names), squeeze=False)[0]
    trials = tuning.trials
    axes[0].plot(trials["trial"], trials["measure"], "o", color="#4c72b0", label="trial")
    axes[0].plot(trials["trial"], trials["measure"].cummin(), "-", color="#dd8452", label="best so far")
    axes[0].set(xlabel="trial", ylabel=f"distance from {tuning.target}", title="the search")
    axes[0].legend()
    for ax, name in zip(axes[1:], names):
        ax.plot(trials[name].astype(str) if trials[name].dtype == object else trials[name], trials["measure"], "o",
                color="#55a868")
        ax.set(xlabel=name, ylabel="distance", title=f"best {name}={tuning.best[name]}")
    return figure
