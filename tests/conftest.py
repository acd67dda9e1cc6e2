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
