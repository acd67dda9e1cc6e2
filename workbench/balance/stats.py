"""Comparing each setting with the baseline: game-level tests, paired where the games are, two
families of comparisons, an effect size, and a verdict in plain words.

The unit of every test is the **game**: whatever a game says (its seats' win shares, its scores,
its length, how it ended, how many poker hands the active player won) is one observation, never
its events one by one (events within a game are correlated: pooling them claimed differences far
more often than the stated level). Game ``i`` of a setting and of the baseline are dealt from the
same seed (common random numbers), so they are compared as a **pair**:

========================  ===========================================  ==============================
measure (one per game)    test over the paired games                   effect size
========================  ===========================================  ==============================
a seat's win share        sign-flip (paired permutation) test of the   difference in points; Cohen's h
(a shared win is 1/k)     mean difference: the paired t-test, exact
each seat's score,        Wilcoxon signed-rank of the differences,     difference of means; the
spread, margin, rounds,   its p from the sign flips of the signed      matched-pairs rank-biserial
steps, each ``use:``      ranks (exact with ties; games that came out  correlation
count                     the same have no say)
how games end; each       permutation test over games (scipy): the     largest change of a share;
outcome (a gunfight's,    chi-square statistic of the pooled counts,   Cramér's V
poker's...)               each game's counts swapped with its pair's
========================  ===========================================  ==============================

Every paired test is a permutation test: under a change that changes nothing the two games of
a pair are exchangeable, so its level holds exactly at any number of games, whatever the values'
shape or ties (the t-test and the signed-rank test's normal approximation these replace were
only near it: one primary test alone was above 5% in the known-answer benchmark).

Games without a pair (an interrupted sweep, a table from elsewhere) are left out of the paired
tests; when no game has one, the same measures are compared as independent samples (Welch's
t-test, Mann-Whitney U, the permutation test over independent games).

Two families per setting, stated beforehand: the **primary** family (seats, scores, length, how
games end) is corrected by Holm (so the chance that a setting that changes nothing is reported
as changing any of them is at most ``alpha``); the **secondary** family (what the players use,
how outcomes come out: many columns, to look into) controls the false discovery rate
(Benjamini-Hochberg). A measure that comes out the same in every paired game (a no-op change) is
reported as unchanged and not tested.
"""
from __future__ import annotations

import contextlib
import functools
import gc
import math
from dataclasses import dataclass, field

from .metrics import counted_columns, seats_in

LENGTHS = {"rounds": "rounds", "steps": "steps", "spread": "score spread", "margin": "winning margin"}
CORRECTIONS = {"holm": "Holm", "fdr_bh": "Benjamini-Hochberg", "bonferroni": "Bonferroni"}
#: The stated families: which measures a designer asked about, and which are there to look into.
PRIMARY = ("seats", "scores", "length", "end")
SECONDARY = ("usage", "outcomes")
#: Resamples of each permutation test (its smallest p-value is 1 / (RESAMPLES + 1)).
RESAMPLES = 1999
#: Up to this many pairs, a sign-flip test enumerates every assignment (2 ** EXACT_PAIRS).
EXACT_PAIRS = 12


@dataclass
class Comparison:
    """The tests of a sweep (one row each), and a verdict per setting."""

    tests: object                    # pandas.DataFrame
    verdicts: dict[str, str]
    alpha: float
    correction: str
    detectable: dict[str, float] = field(default_factory=dict)   # setting -> detectable change in a seat's win rate
    baseline_facts: str = ""
    secondary_correction: str = "fdr_bh"
    paired: dict[str, int] = field(default_factory=dict)         # setting -> games paired with the baseline's

    def significant(self, setting: str | None = None):
        rows = self.tests[self.tests["significant"]]
        return rows if setting is None else rows[rows["setting"] == setting]

    def to_json(self) -> dict:
        records = self.tests.replace({float("nan"): None}).to_dict(orient="records")
        return {"alpha": self.alpha, "correction": self.correction, "secondary_correction": self.secondary_correction,
                "families": {"primary": list(PRIMARY), "secondary": list(SECONDARY)}, "comparisons": len(self.tests),
                "paired_games": self.paired, "baseline": self.baseline_facts, "verdicts": self.verdicts,
                "detectable_win_rate_change": self.detectable, "tests": records}


def cohens_h(p1: float, p0: float) -> float:
    """Cohen's h between two proportions.

    >>> round(cohens_h(0.5, 0.25), 3)
    0.524
    """
    return 2 * math.asin(math.sqrt(min(max(p1, 0), 1))) - 2 * math.asin(math.sqrt(min(max(p0, 0), 1)))


def cliffs_delta(u: float, n1: int, n0: int) -> float:
    """Cliff's delta from the Mann-Whitney U of the first sample: P(x1 > x0) - P(x1 < x0)."""
    return 2 * u / (n1 * n0) - 1


# -- the tests (each on one value per game) ----------------------------------------------------

def sign_flip_test(values, seed: int = 0) -> float:
    """Two-sided p of the sign-flip (paired permutation) test that ``values`` (one per pair of
    games) are symmetric about 0: the share of sign assignments whose sum is at least as far
    from 0 as the observed one.

    Under a change that changes nothing, the two games of a pair are exchangeable, so each
    difference is as likely to come out with either sign and the test is exact at any sample
    size, whatever the values' shape or ties (the t-test and the signed-rank test's normal
    approximation are only near their level for small, discrete samples). Every assignment is
    enumerated for up to ``EXACT_PAIRS`` pairs; beyond that ``RESAMPLES`` random ones (seeded)
    and the observed one are counted, which keeps ``P(p <= alpha) <= alpha``. One matrix
    product: scipy's ``permutation_test`` computes the same p (tested) but 15-40 times slower,
    too slow for the lab's many measures.

    >>> sign_flip_test([1.0, 1.0, 1.0])      # 2 of the 8 assignments are as far from 0
    0.25
    """
    import numpy as np

    x = np.asarray(values, float)
    n = len(x)
    if n == 0:
        return 1.0
    if n <= EXACT_PAIRS:
        signs = 1 - 2 * ((np.arange(2 ** n)[:, None] >> np.arange(n)) & 1).astype(np.int8)
        extra = 0
    else:
        signs = 1 - 2 * np.random.default_rng(seed).integers(0, 2, (RESAMPLES, n), dtype=np.int8)
        extra = 1            # the observed assignment is one of them
    observed = abs(float(x.sum()))
    sums = np.abs(signs @ x)
    # the sums are of floats: as far as the observed one up to rounding counts as as far
    hits = int((sums >= observed - 1e-9 * max(1.0, float(np.abs(x).sum()))).sum())
    return min(1.0, (hits + extra) / (len(signs) + extra))


def paired_share_test(a, b) -> float | None:
    """Two-sided p of the paired permutation test of per-game win shares ``a`` against ``b``
    (same games): sign flips of the pairs' differences, the exact form of the paired t-test
    (the t statistic is the mean's, given the flips keep the sum of squares), or None when
    every pair is equal."""
    import numpy as np

    d = np.asarray(a, float) - np.asarray(b, float)
    if not np.any(d):
        return None
    return sign_flip_test(d[d != 0])


def share_test(a, b) -> float | None:
    """Two-sided p of Welch's t-test of per-game win shares of independent games."""
    from scipy.stats import ttest_ind

    import numpy as np

    a, b = np.asarray(a, float), np.asarray(b, float)
    if a.min() == a.max() == b.min() == b.max():
        return None
    if a.var() == 0 and b.var() == 0:
        return 0.0
    return float(ttest_ind(a, b, equal_var=False).pvalue)


def signed_rank(a, b) -> tuple[float, float] | None:
    """(p, matched-pairs rank-biserial correlation) of the Wilcoxon signed-rank test of the
    paired differences ``a - b``, its p from the exact (sign-flip) distribution of the signed
    ranks (tied differences share their mid-rank; scipy's own exact method assumes no ties and
    its normal approximation was above its level on small samples with ties), or None when
    every pair is equal. Pairs that came out the same have no say."""
    from scipy.stats import rankdata

    import numpy as np

    d = np.asarray(a, float) - np.asarray(b, float)
    d = d[d != 0]
    if not len(d):
        return None
    ranks = rankdata(np.abs(d))
    signed = np.sign(d) * ranks
    r = float(signed.sum() / ranks.sum())
    return sign_flip_test(signed), r


def rank_sum(a, b) -> tuple[float, float] | None:
    """(p, Cliff's delta) of the Mann-Whitney U test of independent games, or None when both are
    the same constant."""
    from scipy.stats import mannwhitneyu

    if a.min() == a.max() == b.min() == b.max():
        return None
    u, p = mannwhitneyu(a, b, alternative="two-sided")
    return float(p), cliffs_delta(float(u), len(a), len(b))


def _chi2_statistic(totals1, totals0):
    """Pearson's chi-square of two rows of pooled counts, along the last axis (vectorised)."""
    import numpy as np

    n1, n0 = totals1.sum(-1, keepdims=True), totals0.sum(-1, keepdims=True)
    column = totals1 + totals0
    grand = n1 + n0
    with np.errstate(invalid="ignore", divide="ignore"):
        e1, e0 = n1 * column / grand, n0 * column / grand
        terms = np.where(column > 0, (totals1 - e1) ** 2 / e1 + (totals0 - e0) ** 2 / e0, 0.0)
    return np.nan_to_num(terms).sum(-1)


def count_permutation_test(counts1, counts0, paired: bool, seed: int = 0) -> float | None:
    """p of a permutation test over **games** that two sets of games share out events alike.

    ``counts1`` and ``counts0`` are games x values arrays of counts (one row per game: how many
    of its poker hands the active player won, split, ...; or a one-hot row of how it ended).
    The statistic is the chi-square of the pooled counts, but its distribution comes from
    reassigning whole games (``paired``: swapping each game's counts with its pair's), so events
    that come together in a game stay together. None when there is nothing to compare.
    """
    import numpy as np
    from scipy.stats import permutation_test

    counts1, counts0 = np.asarray(counts1, float), np.asarray(counts0, float)
    totals1, totals0 = counts1.sum(0), counts0.sum(0)
    if (totals1 + totals0 > 0).sum() < 2 or totals1.sum() == 0 or totals0.sum() == 0:
        return None
    if paired and np.array_equal(counts1, counts0):
        return None
    # the games are indexed (scipy permutes the indices), the statistic looks their counts up
    stacked = np.concatenate([counts1, counts0])
    first, second = np.arange(len(counts1)), np.arange(len(counts0)) + len(counts1)

    def statistic(x, y, axis=-1):
        return _chi2_statistic(stacked[x].sum(-2), stacked[y].sum(-2))

    result = permutation_test((first, second), statistic, permutation_type="samples" if paired else "independent",
                              vectorized=True, n_resamples=RESAMPLES, alternative="greater", batch=200,
                              random_state=np.random.default_rng(seed))
    return float(result.pvalue)


def cramers_v(totals1, totals0) -> float:
    import numpy as np

    t1, t0 = np.asarray(totals1, float), np.asarray(totals0, float)
    n = t1.sum() + t0.sum()
    return float(math.sqrt(_chi2_statistic(t1, t0) / n)) if n else 0.0


@contextlib.contextmanager
def _no_full_collection():
    """statsmodels' Holm correction calls ``gc.collect()`` on every call: in a notebook or a long
    sweep that is a full pass over every object alive (half a second a comparison in the test
    process). Objects that exist before the call are frozen out of the collection meanwhile; the
    arrays the correction makes are still collected."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def compare(table, *, baseline: str = "baseline", alpha: float = 0.05, correction: str = "holm",
            secondary: str = "fdr_bh", checked: bool = False, detectable: bool = True) -> Comparison:
    """Test every setting of ``table`` against ``baseline``.

    ``table`` is a results table (checked by :func:`~workbench.balance.table.check` first) or the
    :class:`~workbench.balance.sweep.Report` of a run (whose table was checked by the run).
    ``correction`` is applied to each setting's primary family (seats, scores, length, how games
    end), ``secondary`` to its secondary family (usage, outcomes).

    Returns a :class:`Comparison`: one row per test with its family, the p-value, the corrected
    p-value, whether it is significant at ``alpha``, the effect and its size, and a plain-words
    verdict per setting.
    """
    import pandas as pd
    from statsmodels.stats.multitest import multipletests

    from ..core.errors import UsageError
    from .table import check

    for given in (correction, secondary):
        if given not in CORRECTIONS:
            raise UsageError(f"correction must be one of {', '.join(CORRECTIONS)}, not {given!r}")
    if not 0 < alpha < 1:
        raise UsageError(f"alpha is a probability between 0 and 1, not {alpha!r}")
    from .sweep import Report

    if isinstance(table, Report):
        table = table.table          # checked by run() before it was returned
    elif not checked:
        check(table)
    settings = list(dict.fromkeys(table["setting"]))
    if baseline not in settings:
        from ..core.errors import NotFound
        raise NotFound("setting", baseline, settings, "in the results")
    base = table[table["setting"] == baseline]
    rows: list[dict] = []
    unchanged: dict[str, list[str]] = {}
    paired: dict[str, int] = {}
    matched: dict[str, tuple] = {}       # setting -> its games and the baseline's, pair by pair
    for setting in settings:
        if setting == baseline:
            continue
        games = table[table["setting"] == setting]
        pairs = games.merge(base[["game", "seed"]], on=["game", "seed"])[["game", "seed"]]
        paired[setting] = len(pairs)
        if len(pairs):
            g = games.set_index(["game", "seed"]).loc[list(pairs.itertuples(index=False, name=None))].reset_index()
            b = base.set_index(["game", "seed"]).loc[list(pairs.itertuples(index=False, name=None))].reset_index()
        else:
            g, b = games, base
        matched[setting] = (g, b, bool(len(pairs)))
        rows += _tests(setting, g, b, unchanged.setdefault(setting, []), bool(len(pairs)))
    tests = pd.DataFrame(rows, columns=["setting", "family", "metric", "test", "baseline", "value", "effect",
                                        "effect_size", "effect_name", "p", "words"])
    tests["primary"] = tests["family"].isin(PRIMARY)
    tests["p_adjusted"], tests["significant"] = float("nan"), False
    for (_setting, primary), group in tests.groupby(["setting", "primary"], sort=False):
        with _no_full_collection():
            reject, adjusted, _, _ = multipletests(group["p"].to_numpy(), alpha=alpha,
                                                   method=correction if primary else secondary)
        tests.loc[group.index, "p_adjusted"] = adjusted
        tests.loc[group.index, "significant"] = reject
    tests["significant"] = tests["significant"].astype(bool)
    primary_measures = primary_count(int(base["players"].iloc[0]))    # seats, scores, length, end
    detectable_change = {s: _detectable(*matched[s], alpha, primary_measures) if detectable else float("nan")
                         for s in settings if s != baseline}
    comparison = Comparison(tests, {}, alpha, correction, detectable_change, _baseline_facts(base), secondary, paired)
    comparison.verdicts = {s: _verdict(comparison, s, table, base, unchanged.get(s, [])) for s in settings
                           if s != baseline}
    return comparison


def _measure(a, b, paired: bool):
    """(p, effect size) of a per-game measure, or None when it never differs."""
    return signed_rank(a, b) if paired else rank_sum(a, b)


def _tests(setting: str, games, base, unchanged: list[str], paired: bool) -> list[dict]:
    import numpy as np

    rows = []
    players = int(games["players"].iloc[0])
    same = "in every paired game" if paired else ""
    rank_test = "Wilcoxon signed-rank (paired, sign flips)" if paired else "Mann-Whitney U"
    rank_effect = "rank-biserial r" if paired else "Cliff's delta"
    if players == int(base["players"].iloc[0]):
        for seat in range(1, players + 1):
            a, b = games[f"win_{seat}"].to_numpy(), base[f"win_{seat}"].to_numpy()
            p = paired_share_test(a, b) if paired else share_test(a, b)
            r1, r0 = float(a.mean()), float(b.mean())
            if p is None:
                unchanged.append(f"seat {seat} wins the same {same}".strip())
            else:
                rows.append({"setting": setting, "family": "seats", "metric": f"seat {seat} win rate",
                             "test": "paired permutation (per-game shares)" if paired else "Welch t (per-game shares)",
                             "baseline": r0, "value": r1, "effect": r1 - r0, "effect_size": cohens_h(r1, r0),
                             "effect_name": "Cohen's h", "p": p,
                             "words": f"seat {seat} wins {r1:.1%} vs {r0:.1%} of games ({(r1 - r0) * 100:+.1f} points)"})
            a, b = games[f"score_{seat}"].to_numpy(), base[f"score_{seat}"].to_numpy()
            tested = _measure(a, b, paired)
            m1, m0 = float(a.mean()), float(b.mean())
            if tested is None:
                unchanged.append(f"seat {seat} scores the same {same}".strip())
                continue
            rows.append({"setting": setting, "family": "scores", "metric": f"seat {seat} score", "test": rank_test,
                         "baseline": m0, "value": m1, "effect": m1 - m0, "effect_size": tested[1],
                         "effect_name": rank_effect, "p": tested[0],
                         "words": f"seat {seat} scores {m1:.2f} vs {m0:.2f} a game"})
    else:
        unchanged.append(f"seats are not compared ({players} players vs {int(base['players'].iloc[0])})")
    for column, label in LENGTHS.items():
        a, b = games[column].to_numpy(), base[column].to_numpy()
        tested = _measure(a, b, paired)
        m1, m0 = float(a.mean()), float(b.mean())
        if tested is None:
            unchanged.append(f"{label} is the same {same}".strip() if paired else f"{label} is always {m1:g}")
            continue
        p, size = tested
        rows.append({"setting": setting, "family": "length" if column in ("rounds", "steps") else "scores",
                     "metric": label, "test": rank_test, "baseline": m0, "value": m1, "effect": m1 - m0,
                     "effect_size": size, "effect_name": rank_effect, "p": p, "words": _length_words(column, m1, m0)})
    ends = sorted(set(games["end"]) | set(base["end"]), key=str)
    c1 = np.array([[e == v for v in ends] for e in games["end"]], float).reshape(len(games), len(ends))
    c0 = np.array([[e == v for v in ends] for e in base["end"]], float).reshape(len(base), len(ends))
    p = count_permutation_test(c1, c0, paired)
    if p is None:
        unchanged.append(f"games end the same way {same}".strip() if len(ends) > 1 else
                         f"every game ends the same way ({ends[0]})")
    else:
        share1, share0 = c1.mean(0), c0.mean(0)
        j = int(np.argmax(np.abs(share1 - share0)))
        rows.append({"setting": setting, "family": "end", "metric": "end trigger",
                     "test": "permutation over games (chi-square)", "baseline": float(share0[j]),
                     "value": float(share1[j]), "effect": float(share1[j] - share0[j]),
                     "effect_size": cramers_v(c1.sum(0), c0.sum(0)), "effect_name": "Cramér's V", "p": p,
                     "words": f"games end with '{ends[j]}' {share1[j]:.0%} vs {share0[j]:.0%} of the time"})
    columns = sorted(set(counted_columns(games, "use:")) | set(counted_columns(base, "use:")))
    for column in columns:
        a = games[column].to_numpy() if column in games else np.zeros(len(games))
        b = base[column].to_numpy() if column in base else np.zeros(len(base))
        tested = _measure(a, b, paired)
        if tested is None:
            continue
        p, size = tested
        m1, m0 = float(a.mean()), float(b.mean())
        rows.append({"setting": setting, "family": "usage", "metric": column[4:], "test": rank_test,
                     "baseline": m0, "value": m1, "effect": m1 - m0, "effect_size": size, "effect_name": rank_effect,
                     "p": p, "words": f"{_usage_name(column)} {m1:.2f} vs {m0:.2f} times a game"})
    groups = sorted({c[4:].rsplit(":", 1)[0] for c in counted_columns(games, "out:") + counted_columns(base, "out:")})
    for group in groups:
        prefix = f"out:{group}:"
        values = sorted({c[len(prefix):] for c in list(games.columns) + list(base.columns) if c.startswith(prefix)})
        c1 = np.column_stack([games[prefix + v].to_numpy() if prefix + v in games else np.zeros(len(games))
                              for v in values])
        c0 = np.column_stack([base[prefix + v].to_numpy() if prefix + v in base else np.zeros(len(base))
                              for v in values])
        p = count_permutation_test(c1, c0, paired)
        if p is None:
            continue
        t1, t0 = c1.sum(0), c0.sum(0)
        s1, s0 = t1 / max(t1.sum(), 1), t0 / max(t0.sum(), 1)
        j = int(np.argmax(np.abs(s1 - s0)))
        rows.append({"setting": setting, "family": "outcomes", "metric": group,
                     "test": "permutation over games (chi-square)", "baseline": float(s0[j]), "value": float(s1[j]),
                     "effect": float(s1[j] - s0[j]), "effect_size": cramers_v(t1, t0), "effect_name": "Cramér's V",
                     "p": p, "words": f"{group.replace('.', ' ')} '{values[j]}' {s1[j]:.0%} vs {s0[j]:.0%} of the time"})
    return rows


def _p(p: float) -> str:
    """A corrected p-value as a reader wants it.

    >>> _p(0.0213), _p(1e-9)
    ('p=0.021', 'p<0.001')
    """
    return "p<0.001" if p < 0.001 else f"p={p:.2g}"


def _usage_name(column: str) -> str:
    parts = column[4:].split(":")
    return parts[0] if len(parts) == 1 else f"{parts[0]} {parts[1]}"


def _length_words(column: str, m1: float, m0: float) -> str:
    d = m1 - m0
    if column == "rounds":
        return f"games last {abs(d):.1f} rounds {'longer' if d > 0 else 'shorter'} ({m1:.1f} vs {m0:.1f})"
    if column == "steps":
        return f"games take {abs(d):.0f} {'more' if d > 0 else 'fewer'} steps ({m1:.0f} vs {m0:.0f})"
    if column == "spread":
        return f"scores spread {abs(d):.2f} points {'wider' if d > 0 else 'narrower'} ({m1:.2f} vs {m0:.2f})"
    return f"winners lead by {abs(d):.2f} points {'more' if d > 0 else 'less'} ({m1:.2f} vs {m0:.2f})"


def _detectable(games, base, paired: bool, alpha: float, comparisons: int) -> float:
    """The change in a seat's win rate this sweep detects with 80% power, in proportion units,
    for the test the lab runs: the paired test of per-game win shares (game ``i`` of the setting
    against game ``i`` of the baseline, dealt from the same seed) at Bonferroni's level over the
    primary measures, figured as for the paired t-test (whose exact form the sign-flip test is:
    their power agrees but for the smallest samples). Its size is the power analysis's standardised effect times the standard
    deviation of the pairs' differences, for the seat whose differences vary most (the least
    detectable seat). Pairing removes what a game's seed decides, so this is smaller than an
    unpaired figure whenever the paired games are alike. Games not paired (another sweep's), or
    pairs whose shares never differ, are figured as two independent samples from the
    baseline's variance (a safe, larger figure)."""
    n = min(len(games), len(base))
    if n < 3:
        return 1.0
    players = int(base["players"].iloc[0])
    seats = [f"win_{s}" for s in range(1, players + 1) if f"win_{s}" in base.columns]
    try:
        d = _paired_effect(n, alpha / comparisons, 0.8)
    except Exception:  # noqa: BLE001 - the solver fails for tiny samples: nothing is detectable then
        return 1.0
    if paired:
        spread = max(float((games[c].to_numpy(float) - base[c].to_numpy(float)).std(ddof=1)) for c in seats)
        if spread > 0:
            return float(min(1.0, d * spread))
    variance = max(float(base[c].var(ddof=1)) for c in seats) if len(base) > 1 else 0.0
    if not variance > 0:          # a seat always won or always lost: a fair seat's variance
        variance = (1 / players) * (1 - 1 / players)
    return float(min(1.0, d * math.sqrt(2 * variance)))


@functools.lru_cache(maxsize=256)
def _paired_effect(nobs: int, alpha: float, power: float) -> float:
    """The standardised effect the two-sided paired t-test of ``nobs`` pairs detects at level
    ``alpha`` with ``power`` (statsmodels' power analysis; its solver's error where it fails).

    Cached: it depends on nothing else, and solving it (some hundred power evaluations) took a
    sixth of a comparison, figured again for every setting of every comparison.
    """
    from statsmodels.stats.power import TTestPower

    return TTestPower().solve_power(effect_size=None, nobs=nobs, alpha=alpha, power=power, alternative="two-sided")


def primary_count(players: int) -> int:
    """The primary comparisons of a setting of ``players`` seats: each seat's win rate and score,
    the length and score measures, how games end (what the detectable change is corrected over)."""
    return 2 * players + len(LENGTHS) + 1


def planned_detectable(games: int, players: int, alpha: float = 0.05, power: float = 0.8) -> float:
    """The change in a seat's win rate a sweep of ``games`` games a setting detects with ``power``,
    said before it is played: the paired t-test's power analysis at Bonferroni's level over the
    :func:`primary_count` primary comparisons, for the variance of two independent games whose
    seat wins a fair share (1/players) of them. Pairing by seed only narrows it (the lab's figure
    after the sweep, from the games' own differences, :func:`_detectable`), so this is the figure
    to plan by. In proportion units (0.05: 5 points).
    """
    if games < 3:
        return 1.0
    share = 1 / players
    d = _paired_effect(games, alpha / primary_count(players), power)
    return float(min(1.0, d * math.sqrt(2 * share * (1 - share))))


def _baseline_facts(base) -> str:
    players = int(base["players"].iloc[0])
    r = float(base["win_1"].mean())
    return (f"baseline ({len(base):,} games, {players} players): the first player wins {r:.1%} of games"
            f" (a fair share is {1 / players:.1%}); games last {base['rounds'].mean():.1f} rounds")


def _verdict(comparison: Comparison, setting: str, table, base, unchanged: list[str]) -> str:
    n1 = int((table["setting"] == setting).sum())
    tests = comparison.tests[comparison.tests["setting"] == setting]
    primary = tests[tests["primary"]]
    hits = tests[tests["significant"]].copy()
    level = f"{comparison.alpha:.0%}".replace(".0%", "%")
    pairs = comparison.paired.get(setting, 0)
    how = (f"at {level}; {CORRECTIONS[comparison.correction]}-corrected over {len(primary)} primary comparisons"
           f" (seats, scores, length, how games end), {CORRECTIONS[comparison.secondary_correction]} over"
           f" {len(tests) - len(primary)} of usage and outcomes")
    paired_words = f", {pairs:,} paired by seed" if pairs else ", independent games"
    head = f"{setting} vs baseline ({n1:,} vs {len(base):,} games{paired_words}): "
    same = f" Unchanged: {'; '.join(unchanged)}." if unchanged else ""
    if not len(tests):
        return head + "every measured game came out the same as its baseline game: the change does nothing here." + same
    if not len(hits):
        detectable = comparison.detectable.get(setting, 1.0)
        unnoticed = (f"; changes in a seat's win rate smaller than about {detectable * 100:.1f} points would go"
                     " unnoticed at this many games" if detectable == detectable else "")    # not figured: NaN
        return head + f"no significant difference in any of {len(tests)} measures ({how}){unnoticed}." + same
    hits["rank"] = hits["family"].map({"seats": 0, "length": 1, "end": 2, "scores": 3, "outcomes": 4, "usage": 5})
    hits["size"] = hits["effect_size"].abs()
    hits = hits.sort_values(["rank", "size"], ascending=[True, False])
    shown = hits.head(6)
    phrases = [f"{w} ({_p(p)})" for w, p in zip(shown["words"], shown["p_adjusted"])]
    more = f"; and {len(hits) - len(shown)} more" if len(hits) > len(shown) else ""
    return head + f"{len(hits)} significant difference{'s' if len(hits) > 1 else ''} ({how}): " + "; ".join(phrases) + more + "."


# -- verdicts checked against a second kind of player -------------------------------------------

@dataclass
class PlayersCheck:
    """Whether a verdict holds with a second kind of player: ``holds``, and the words with both
    figures."""

    holds: bool
    words: str
    figures: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"holds": self.holds, "words": self.words, "figures": self.figures}


def _figure(row, bots: str) -> str:
    """One primary comparison's effect in words, with the players it was played by."""
    if row is None:
        return f"no difference with {bots} (the same in every paired game)"
    effect = (f"{row['effect'] * 100:+.1f} points" if row["family"] == "seats" else f"{row['effect']:+.2f}")
    return f"{effect} with {bots} ({_p(row['p_adjusted'])}{'' if row['significant'] else ', not significant'})"


def players_check(setting: str, main: Comparison, other: Comparison, bots: str, other_bots: str) -> PlayersCheck:
    """Whether ``setting``'s primary comparisons with the baseline come out alike when the games
    are played by ``other_bots`` (``other``, on a subsample of the same seeds) as by ``bots``
    (``main``).

    A difference found with the main players **holds** when the other players' games move the
    same way (the same sign; a subsample need not reach significance, it must not contradict); it
    **depends on the players** when they move the other way or not at all. A comparison found
    with neither holds; one found only with the other players makes the verdict depend on them.
    The words give both figures of every comparison that decided it.
    """
    mine = main.tests[(main.tests["setting"] == setting) & main.tests["primary"]].set_index("metric")
    theirs = other.tests[(other.tests["setting"] == setting) & other.tests["primary"]].set_index("metric")
    agree, disagree, figures = [], [], []
    for metric in list(dict.fromkeys(list(mine.index) + list(theirs.index))):
        a = mine.loc[metric] if metric in mine.index else None
        b = theirs.loc[metric] if metric in theirs.index else None
        found_a = a is not None and bool(a["significant"])
        found_b = b is not None and bool(b["significant"])
        if not found_a and not found_b:
            continue
        sign_a = 0.0 if a is None else math.copysign(1, a["effect"]) if a["effect"] else 0.0
        sign_b = 0.0 if b is None else math.copysign(1, b["effect"]) if b["effect"] else 0.0
        holds = sign_a == sign_b if found_a else False
        said = f"{metric} {_figure(a, bots)}, {_figure(b, other_bots)}"
        (agree if holds else disagree).append(said)
        figures.append({"metric": metric, "holds": holds,
                        bots: None if a is None else {"effect": float(a["effect"]), "p": float(a["p_adjusted"])},
                        other_bots: None if b is None else {"effect": float(b["effect"]), "p": float(b["p_adjusted"])}})
    head = f"{setting} vs baseline"
    if disagree:
        return PlayersCheck(False, f"{head}: depends on the players: " + "; ".join(disagree + agree), figures)
    if not agree:
        return PlayersCheck(True, f"{head}: holds with {bots} and {other_bots}: no significant difference in the"
                                  " primary comparisons with either", figures)
    return PlayersCheck(True, f"{head}: holds with {bots} and {other_bots}: " + "; ".join(agree), figures)


def seats_check(main_seats, other_seats, bots: str, other_bots: str, setting: str = "baseline") -> PlayersCheck:
    """Whether ``setting``'s seats are favoured, fair or disfavoured alike with both kinds of player
    (the rows of :func:`~workbench.balance.metrics.seat_table` of each): it **holds** when every
    seat's verdict is the same word, and **depends on the players** otherwise; the words give
    both win shares with their intervals."""
    mine = main_seats[main_seats["setting"] == setting].set_index("seat")
    theirs = other_seats[other_seats["setting"] == setting].set_index("seat")
    said, figures, holds = [], [], True
    for seat in mine.index:
        if seat not in theirs.index:
            continue
        a, b = mine.loc[seat], theirs.loc[seat]
        same = a["verdict"] == b["verdict"]
        holds &= bool(same)
        said.append(f"seat {seat} {a['verdict']} with {bots} ({a['win_rate']:.1%} [{a['low']:.1%}, {a['high']:.1%}]),"
                    f" {b['verdict']} with {other_bots} ({b['win_rate']:.1%} [{b['low']:.1%}, {b['high']:.1%}])")
        figures.append({"seat": int(seat), "holds": bool(same),
                        bots: {"verdict": a["verdict"], "win_rate": float(a["win_rate"]),
                               "interval": [float(a["low"]), float(a["high"])]},
                        other_bots: {"verdict": b["verdict"], "win_rate": float(b["win_rate"]),
                                     "interval": [float(b["low"]), float(b["high"])]}})
    verdict = f"holds with {bots} and {other_bots}" if holds else "depends on the players"
    return PlayersCheck(holds, f"{setting}'s seats: {verdict}: " + "; ".join(said), figures)
