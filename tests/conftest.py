from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"

# The fixture game's package registers its game when imported: only tests/test_registry.py imports
# it (and unregisters it after), never the doctest collection, or every later test would see it.
collect_ignore = ["registry_game"]

# Every property test is deterministic: the same examples on every run and machine (derandomize,
# no example database), no deadline (the machine is shared), and a small fixed budget unless a
# test sets its own. Longer, randomised runs are `tools/fuzz.py`'s job.
settings.register_profile("workbench", derandomize=True, database=None, deadline=None, max_examples=100,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("workbench")


@pytest.fixture
def root() -> Path:
    return ROOT


# The files that take longest (seconds of one worker, measured with --durations on the 2-core
# machine), longest first. `./dev test` hands whole files to its two workers in collection order
# (--dist loadfile --no-loadscope-reorder): starting the long files first keeps one worker from
# playing a long file alone at the end while the other waits (longest-processing-time-first).
# A file not named here keeps its place after them; a wrong figure only costs time, never a result.
LONGEST_FIRST = [
    "tests/test_browser.py",
    "tests/test_browser_apps.py",
    "tests/test_balance_dask.py",
    "tests/test_balance_stats.py",
    "notebooks/07-balance-lab.ipynb",
    "tests/test_hostile_round3.py",
    "tests/test_audit.py",
    "tests/test_cli_fuzz.py",
    "tests/test_docs.py",
    "tests/test_dark_horse_engine.py",
    "tests/test_packaging.py",
    "tests/test_notebook_escaping.py",
    "tests/test_effects.py",
    "tests/test_layers.py",
    "tests/test_notebook_widgets.py",
]


def pytest_collection_modifyitems(config, items):
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))   # stable: files keep their order
