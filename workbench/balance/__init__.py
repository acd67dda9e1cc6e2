"""The balance lab: does a house rule change the game?

A **sweep** plays N seeded games of a baseline (a published scenario, a game length) and of each
setting compared with it (a house-rule variant, parameter overrides, every point of a grid of
parameter values), with chosen bots, on Dask: an embedded local cluster by default (one worker
process per core), or any running Dask cluster by address. Each game's seed is derived from the
sweep's seed, the setting and the game's number, so the results are the same whatever the number
of workers or the order in which they finish.

The pieces, one module each:

:mod:`.sweep`
    settings, sweeps, seeds, and running them on Dask (progress bar, interruption, reruns that
    add games to the stored results);
:mod:`.games`
    how one game of a registered engine is played and what it says (seats in turn order, scores,
    winners, length, log);
:mod:`.metrics`
    one tidy row per game from its log, and the summary per setting;
:mod:`.table`
    the pandera model every table is checked against, and storage (Parquet, CSV);
:mod:`.stats`
    comparisons with the baseline: tests, correction for the number of comparisons, effect sizes,
    and a verdict in plain words;
:mod:`.plots`
    figures a designer reads at a glance.

Dask, pyarrow, scipy and statsmodels come with the ``[balance]`` extra;
:func:`require` says how to install it when they are missing.
"""
from __future__ import annotations

from importlib.util import find_spec

from ..core.errors import UsageError

#: What the lab imports, and the package that brings each (all in the ``[balance]`` extra).
NEEDS = {"dask": "dask", "distributed": "distributed", "pyarrow": "pyarrow", "scipy": "scipy",
         "statsmodels": "statsmodels", "tqdm": "tqdm"}

INSTALL_HINT = ("install the balance lab's extra: `pip install 'frontier-workbench[balance]'` (in a checkout,"
                " `./dev setup` installs it, or `.venv/bin/pip install -e '.[balance]'`)")


class MissingExtra(UsageError):
    """The ``[balance]`` extra is not installed (a usage error: exit code 2, with how to fix it)."""


def missing() -> list[str]:
    """The packages of the ``[balance]`` extra that cannot be imported here."""
    return [package for module, package in NEEDS.items() if find_spec(module) is None]


def require() -> None:
    """Raise :class:`MissingExtra`, saying how to install the extra, when a package is missing."""
    absent = missing()
    if absent:
        raise MissingExtra(f"the balance lab needs {', '.join(absent)}, which {'is' if len(absent) == 1 else 'are'}"
                           f" not installed; {INSTALL_HINT}")


__all__ = ["MissingExtra", "require", "missing", "INSTALL_HINT"]
