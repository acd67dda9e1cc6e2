from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"


@pytest.fixture
def root() -> Path:
    return ROOT
