"""Paired timing on a loaded machine: two functions run back to back, many times, interleaved (the
order alternates each repeat, so a slow spell of the machine lands on both sides), and each pair
gives one ratio. The median ratio and its spread (quartiles, min and max) are what is reported: a
single best-of or a mean is moved by whoever else uses the cores.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Paired:
    """``repeats`` ratios of candidate time over baseline time, measured in pairs."""

    ratios: tuple[float, ...]
    baseline_s: tuple[float, ...]
    candidate_s: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.ratios)

    @property
    def quartiles(self) -> tuple[float, float]:
        if len(self.ratios) < 4:
            return min(self.ratios), max(self.ratios)
        q = statistics.quantiles(self.ratios, n=4, method="inclusive")
        return q[0], q[2]

    def line(self, unit: float = 1.0, what: str = "s") -> str:
        """The median ratio, its quartiles and range, and the median times (``unit`` scales them)."""
        low, high = self.quartiles
        return (f"{self.median:.2f}x (quartiles {low:.2f}-{high:.2f}, range {min(self.ratios):.2f}-{max(self.ratios):.2f},"
                f" {len(self.ratios)} pairs); median {statistics.median(self.baseline_s) * unit:.1f} vs"
                f" {statistics.median(self.candidate_s) * unit:.1f} {what}")


def paired(baseline: Callable[[], object], candidate: Callable[[], object], repeats: int = 21,
           warmup: int = 1) -> Paired:
    """Time ``baseline`` and ``candidate`` in ``repeats`` interleaved pairs (after ``warmup`` of each)."""
    for _ in range(warmup):
        baseline()
        candidate()
    ratios, base, cand = [], [], []
    for i in range(repeats):
        order = (baseline, candidate) if i % 2 == 0 else (candidate, baseline)
        took = {}
        for function in order:
            started = time.perf_counter()
            function()
            took[function] = time.perf_counter() - started
        base.append(took[baseline])
        cand.append(took[candidate])
        ratios.append(took[candidate] / took[baseline])
    return Paired(tuple(ratios), tuple(base), tuple(cand))
