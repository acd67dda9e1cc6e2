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

Optuna's TPE sampler (seeded) proposes values; every trial is a seeded sweep of ``games`` games
played by :func:`~workbench.balance.sweep.run` on the same Dask cluster (or in-process), stored
like every other sweep (a rerun of the same tuning plays nothing again), and every trial plays the
same seeds (common random numbers: trials differ by the rule, not by the luck of the dice).
"""
from __future__ import annotations

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


def tune(baseline: Setting, space: dict[str, dict], target: str, library, *, games: int = 200, trials: int = 20,
         seed: int = 0, ranges: dict[str, tuple] | None = None, store: str | Path | None = None,
         name: str = "tune", **run_options) -> Tuning:
    """Search ``space`` (parameter name -> its schema) for the values of ``baseline``'s rules that
    best meet ``target``; ``run_options`` go to :func:`~workbench.balance.sweep.run` (``client=``,
    ``scheduler=``, ``cluster=``...)."""
    import optuna
    import pandas as pd

    measure_check = {"fair-seats"} | ({target} if re.fullmatch(r"(rounds|steps)=[0-9.]+|end=.+:[0-9.]+", target) else set())
    if target not in measure_check:
        measure(None, target)          # the usage error that says what a target is
    if not space:
        raise UsageError("name at least one parameter to tune")
    if trials < 1:
        raise UsageError("a tuning runs at least 1 trial")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    rows = []

    def objective(trial):
        values = {n: _suggest(trial, n, schema, (ranges or {}).get(n)) for n, schema in space.items()}
        label = ", ".join(f"{k}={v}" for k, v in values.items())
        setting = baseline.but(label, overrides={**baseline.overrides, **values})
        report = run(Sweep(name, setting, [], games=games, seed=seed), library, store=store, progress=False,
                     **run_options)
        score = measure(report.table, target)
        rows.append({"trial": trial.number, **values, "measure": score, "games": len(report.table)})
        return score

    study.optimize(objective, n_trials=trials)
    table = pd.DataFrame(rows)
    best = dict(study.best_params)
    words = (f"tuning {', '.join(space)} for {target} over {trials} trials of {games} seeded games each: the best"
             f" values are {', '.join(f'{k}={v}' for k, v in best.items())}, {study.best_value:.3f} from the target")
    return Tuning(target, table, best, float(study.best_value), words, [study])


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
