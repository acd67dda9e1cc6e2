"""Comparing each setting with the baseline: a test per measure, corrected for the number of
comparisons, an effect size, and a verdict in plain words.

Every setting's games are independent of the baseline's (their seeds differ), so two-sample tests
apply:

========================  ====================================  =====================================
measure                   test                                  effect size
========================  ====================================  =====================================
a seat's win rate         two-proportion z-test (statsmodels)   difference in points; Cohen's h
rounds, steps, spread,    Mann-Whitney U, two-sided (scipy)     difference of means; Cliff's delta
margin, each ``use:``
count per game
end trigger               chi-square test of homogeneity        largest change of a share; Cramér's V
each outcome (a           chi-square test of homogeneity        largest change of a share; Cramér's V
gunfight's, poker's...)   on the pooled counts
========================  ====================================  =====================================

The p-values of all tests of a sweep are corrected together (Holm by default, so the chance that
a sweep reports any difference when no setting changes anything is at most ``alpha``;
Benjamini-Hochberg on request). A measure that is the same constant in both (every game lasts 3
rounds) is reported as unchanged and not tested. Tied winners share a win (1/k each); the
z-test's variance assumes whole wins, which makes it slightly conservative when ties are common.
Outcome counts pool the events of many games; events within one game are treated as independent.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from .metrics import counted_columns, seats_in

LENGTHS = {"rounds": "rounds", "steps": "steps", "spread": "score spread", "margin": "winning margin"}
CORRECTIONS = {"holm": "Holm", "fdr_bh": "Benjamini-Hochberg", "bonferroni": "Bonferroni"}


@dataclass
class Comparison:
    """The tests of a sweep (one row each), and a verdict per setting."""

    tests: object                    # pandas.DataFrame
    verdicts: dict[str, str]
    alpha: float
    correction: str
    detectable: dict[str, float] = field(default_factory=dict)   # setting -> detectable change in a seat's win rate
    baseline_facts: str = ""

    def significant(self, setting: str | None = None):
        rows = self.tests[self.tests["significant"]]
        return rows if setting is None else rows[rows["setting"] == setting]

    def to_json(self) -> dict:
        records = self.tests.replace({float("nan"): None}).to_dict(orient="records")
        return {"alpha": self.alpha, "correction": self.correction, "comparisons": len(self.tests),
                "baseline": self.baseline_facts, "verdicts": self.verdicts, "detectable_win_rate_change":
                self.detectable, "tests": records}


def _z_test(x1: float, n1: int, x0: float, n0: int) -> float:
    from statsmodels.stats.proportion import proportions_ztest

    pooled = (x1 + x0) / (n1 + n0)
    if pooled in (0.0, 1.0) or x1 / n1 == x0 / n0:
        return 1.0
    _, p = proportions_ztest([x1, x0], [n1, n0], alternative="two-sided")
    return float(p)


def cohens_h(p1: float, p0: float) -> float:
    """Cohen's h between two proportions.

    >>> round(cohens_h(0.5, 0.25), 3)
    0.524
    """
    return 2 * math.asin(math.sqrt(min(max(p1, 0), 1))) - 2 * math.asin(math.sqrt(min(max(p0, 0), 1)))


def cliffs_delta(u: float, n1: int, n0: int) -> float:
    """Cliff's delta from the Mann-Whitney U of the first sample: P(x1 > x0) - P(x1 < x0)."""
    return 2 * u / (n1 * n0) - 1


def _mann_whitney(a, b) -> tuple[float, float] | None:
    """(p, Cliff's delta) of two samples, or None when both are the same constant."""
    from scipy.stats import mannwhitneyu

    if a.min() == a.max() == b.min() == b.max():
        return None
    u, p = mannwhitneyu(a, b, alternative="two-sided")
    return float(p), cliffs_delta(float(u), len(a), len(b))


def _chi_square(counts1: dict, counts0: dict) -> tuple[float, float, str, float] | None:
    """(p, Cramér's V, the value whose share changed most, that change) of two count tables, or
    None when there is nothing to compare."""
    from scipy.stats import chi2_contingency

    values = sorted(set(counts1) | set(counts0), key=str)
    n1, n0 = sum(counts1.values()), sum(counts0.values())
    if len(values) < 2 or n1 == 0 or n0 == 0:
        return None
    table = [[counts1.get(v, 0) for v in values], [counts0.get(v, 0) for v in values]]
    columns = [j for j in range(len(values)) if table[0][j] + table[1][j] > 0]
    table = [[row[j] for j in columns] for row in table]
    values = [values[j] for j in columns]
    if len(values) < 2:
        return None
    chi2, p, _, _ = chi2_contingency(table, correction=False)
    v = math.sqrt(chi2 / (n1 + n0)) if n1 + n0 else 0.0    # Cramér's V with two rows: min(r, c) - 1 = 1
    changes = {value: table[0][j] / n1 - table[1][j] / n0 for j, value in enumerate(values)}
    most = max(changes, key=lambda k: abs(changes[k]))
    return float(p), v, most, changes[most]


def compare(table, *, baseline: str = "baseline", alpha: float = 0.05, correction: str = "holm") -> Comparison:
    """Test every setting of ``table`` against ``baseline``.

    ``table`` is a results table (checked by :func:`~workbench.balance.table.check` first) or the
    :class:`~workbench.balance.sweep.Report` of a run (whose table was checked by the run).

    Returns a :class:`Comparison`: one row per test with the p-value, the corrected p-value,
    whether it is significant at ``alpha``, the effect and its size, and a plain-words verdict
    per setting.
    """
    import pandas as pd
    from statsmodels.stats.multitest import multipletests

    from ..core.errors import UsageError
    from .table import check

    if correction not in CORRECTIONS:
        raise UsageError(f"correction must be one of {', '.join(CORRECTIONS)}, not {correction!r}")
    if not 0 < alpha < 1:
        raise UsageError(f"alpha is a probability between 0 and 1, not {alpha!r}")
    from .sweep import Report

    if isinstance(table, Report):
        table = table.table          # checked by run() before it was returned
    else:
        check(table)
    settings = list(dict.fromkeys(table["setting"]))
    if baseline not in settings:
        from ..core.errors import NotFound
        raise NotFound("setting", baseline, settings, "in the results")
    base = table[table["setting"] == baseline]
    rows: list[dict] = []
    unchanged: dict[str, list[str]] = {}
    for setting in settings:
        if setting == baseline:
            continue
        games = table[table["setting"] == setting]
        rows += _tests(setting, games, base, unchanged.setdefault(setting, []))
    tests = pd.DataFrame(rows, columns=["setting", "family", "metric", "test", "baseline", "value", "effect",
                                        "effect_size", "effect_name", "p", "words"])
    if len(tests):
        reject, adjusted, _, _ = multipletests(tests["p"].to_numpy(), alpha=alpha, method=correction)
        tests["p_adjusted"], tests["significant"] = adjusted, reject
    else:
        tests["p_adjusted"], tests["significant"] = [], []
    detectable = {s: _detectable(table, base, s, alpha, max(len(tests), 1)) for s in settings if s != baseline}
    comparison = Comparison(tests, {}, alpha, correction, detectable, _baseline_facts(base))
    comparison.verdicts = {s: _verdict(comparison, s, table, base, unchanged.get(s, [])) for s in settings
                           if s != baseline}
    return comparison


def _tests(setting: str, games, base, unchanged: list[str]) -> list[dict]:
    rows = []
    n1, n0 = len(games), len(base)
    players = int(games["players"].iloc[0])
    if players == int(base["players"].iloc[0]):
        for seat in range(1, players + 1):
            x1, x0 = float(games[f"win_{seat}"].sum()), float(base[f"win_{seat}"].sum())
            r1, r0 = x1 / n1, x0 / n0
            rows.append({"setting": setting, "family": "seats", "metric": f"seat {seat} win rate",
                         "test": "two-proportion z", "baseline": r0, "value": r1, "effect": r1 - r0,
                         "effect_size": cohens_h(r1, r0), "effect_name": "Cohen's h", "p": _z_test(x1, n1, x0, n0),
                         "words": f"seat {seat} wins {r1:.1%} vs {r0:.1%} of games ({(r1 - r0) * 100:+.1f} points)"})
    else:
        unchanged.append(f"seat win rates are not compared ({players} players vs {int(base['players'].iloc[0])})")
    for column, label in LENGTHS.items():
        tested = _mann_whitney(games[column].to_numpy(), base[column].to_numpy())
        m1, m0 = float(games[column].mean()), float(base[column].mean())
        if tested is None:
            unchanged.append(f"{label} is always {m1:g}")
            continue
        p, delta = tested
        rows.append({"setting": setting, "family": "length" if column in ("rounds", "steps") else "scores",
                     "metric": label, "test": "Mann-Whitney U", "baseline": m0, "value": m1, "effect": m1 - m0,
                     "effect_size": delta, "effect_name": "Cliff's delta", "p": p, "words": _length_words(column, m1, m0)})
    ends = _chi_square(games["end"].value_counts().to_dict(), base["end"].value_counts().to_dict())
    if ends is None:
        unchanged.append(f"every game ends the same way ({games['end'].iloc[0]})")
    else:
        p, v, value, change = ends
        share1, share0 = (games["end"] == value).mean(), (base["end"] == value).mean()
        rows.append({"setting": setting, "family": "end", "metric": "end trigger", "test": "chi-square",
                     "baseline": float(share0), "value": float(share1), "effect": change, "effect_size": v,
                     "effect_name": "Cramér's V", "p": p,
                     "words": f"games end with '{value}' {share1:.0%} vs {share0:.0%} of the time"})
    columns = sorted(set(counted_columns(games, "use:")) | set(counted_columns(base, "use:")))
    for column in columns:
        a = games[column].to_numpy() if column in games else None
        b = base[column].to_numpy() if column in base else None
        if a is None:
            a = b * 0
        if b is None:
            b = a * 0
        tested = _mann_whitney(a, b)
        if tested is None:
            continue
        p, delta = tested
        m1, m0 = float(a.mean()), float(b.mean())
        rows.append({"setting": setting, "family": "usage", "metric": column[4:], "test": "Mann-Whitney U",
                     "baseline": m0, "value": m1, "effect": m1 - m0, "effect_size": delta, "effect_name": "Cliff's delta",
                     "p": p, "words": f"{_usage_name(column)} {m1:.2f} vs {m0:.2f} times a game"})
    groups = sorted({c[4:].rsplit(":", 1)[0] for c in counted_columns(games, "out:") + counted_columns(base, "out:")})
    for group in groups:
        prefix = f"out:{group}:"
        c1 = {c[len(prefix):]: int(games[c].sum()) for c in games.columns if c.startswith(prefix)}
        c0 = {c[len(prefix):]: int(base[c].sum()) for c in base.columns if c.startswith(prefix)}
        tested = _chi_square(c1, c0)
        if tested is None:
            continue
        p, v, value, change = tested
        s1, s0 = c1.get(value, 0) / sum(c1.values()), c0.get(value, 0) / sum(c0.values())
        rows.append({"setting": setting, "family": "outcomes", "metric": group, "test": "chi-square",
                     "baseline": s0, "value": s1, "effect": change, "effect_size": v, "effect_name": "Cramér's V",
                     "p": p, "words": f"{group.replace('.', ' ')} '{value}' {s1:.0%} vs {s0:.0%} of the time"})
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


def _detectable(table, base, setting: str, alpha: float, comparisons: int) -> float:
    """The change in seat 1's win rate this sweep detects with 80% power (Bonferroni's level, so
    a safe figure), in proportion units."""
    from statsmodels.stats.power import NormalIndPower

    games = table[table["setting"] == setting]
    p0 = float(base["win_1"].mean())
    try:
        h = NormalIndPower().solve_power(effect_size=None, nobs1=len(games), alpha=alpha / comparisons, power=0.8,
                                         ratio=len(base) / len(games), alternative="two-sided")
    except Exception:  # noqa: BLE001 - the solver fails for tiny samples: nothing is detectable then
        return 1.0
    up = math.sin(min(math.asin(math.sqrt(p0)) + h / 2, math.pi / 2)) ** 2
    return float(up - p0)


def _baseline_facts(base) -> str:
    players = int(base["players"].iloc[0])
    r = float(base["win_1"].mean())
    return (f"baseline ({len(base):,} games, {players} players): the first player wins {r:.1%} of games"
            f" (a fair share is {1 / players:.1%}); games last {base['rounds'].mean():.1f} rounds")


def _verdict(comparison: Comparison, setting: str, table, base, unchanged: list[str]) -> str:
    n1 = int((table["setting"] == setting).sum())
    tests = comparison.tests[comparison.tests["setting"] == setting]
    hits = tests[tests["significant"]].copy()
    level = f"{comparison.alpha:.0%}".replace(".0%", "%")
    how = f"at {level}, {CORRECTIONS[comparison.correction]}-corrected over {len(comparison.tests)} comparisons"
    head = f"{setting} vs baseline ({n1:,} vs {len(base):,} games): "
    if not len(hits):
        detectable = comparison.detectable.get(setting, 1.0)
        same = f" Unchanged: {'; '.join(unchanged)}." if unchanged else ""
        return (head + f"no significant difference in any of {len(tests)} measures ({how}); changes in a seat's"
                f" win rate smaller than about {detectable * 100:.1f} points would go unnoticed at this many games."
                + same)
    hits["rank"] = hits["family"].map({"seats": 0, "length": 1, "end": 2, "scores": 3, "outcomes": 4, "usage": 5})
    hits["size"] = hits["effect_size"].abs()
    hits = hits.sort_values(["rank", "size"], ascending=[True, False])
    shown = hits.head(6)
    phrases = [f"{w} ({_p(p)})" for w, p in zip(shown["words"], shown["p_adjusted"])]
    more = f"; and {len(hits) - len(shown)} more" if len(hits) > len(shown) else ""
    return head + f"{len(hits)} significant difference{'s' if len(hits) > 1 else ''} ({how}): " + "; ".join(phrases) + more + "."
