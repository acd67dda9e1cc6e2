"""Generated costs, gains and rule parameter values (zero, ``unknown``, empty, huge, the wrong
type) go through ``validate`` and then ``play`` (issue 28): content that validates without errors
plays to its end, and nothing is ever an internal error (exit 3)."""
from __future__ import annotations

import contextlib
import io
import json

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings, strategies as st

from workbench import cli
from workbench.core.paths import VARIANTS

AMOUNTS = st.sampled_from([0, 1, 2, 100, 10**6, 10**30, -1, "unknown", "", None, [], {}, 1.5, True])
GOODS = st.sampled_from(["silver", "food", "gold", "wood", "white-hat", "black-hat", "any-reputation", "influence",
                         "bonus-die", "vote"])
PRICES = st.one_of(st.dictionaries(GOODS, AMOUNTS, max_size=3), st.sampled_from([None, "unknown", [], ""]))
# a gain of 100 bonus dice made a turn's placements explode (found by this fuzz): amounts and the
# dice a turn now have declared limits (core/limits.py), so bonus dice are fed like every good
GAINS = st.one_of(st.dictionaries(GOODS, st.sampled_from([0, 1, 2, 14, 15, 100, -1, "unknown", "", [], 1.5, True]),
                                  max_size=3),
                  st.sampled_from([None, "unknown", [], ""]))
PARAMETERS = st.dictionaries(
    st.sampled_from(["carnival_roll_cost", "win_margin", "dice_rolled", "silver_per_gold", "starting_goods",
                     "gunfight_rounds", "reputation_per_victory_point"]),
    st.one_of(AMOUNTS, st.dictionaries(GOODS, AMOUNTS, max_size=2)), max_size=2)


def _run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cost=PRICES, gain=GAINS, parameters=PARAMETERS)
@example(cost={"silver": 0}, gain=None, parameters={})            # KeyError: 'silver' (exit 3)
@example(cost={"silver": "unknown"}, gain=None, parameters={})    # TypeError on every seed
@example(cost=None, gain={"vote": "unknown"}, parameters={"carnival_roll_cost": {}})  # and a free Carnival loop
@example(cost=None, gain={"bonus-die": 100}, parameters={})      # a turn's placements exploded
def test_content_that_validates_plays_to_an_end(folder, cost, gain, parameters):
    space = yaml.safe_load((VARIANTS / "house-rules" / "telegraph-office.yaml").read_text())
    for option, field, value in ((0, "cost", cost), (1, "gain", gain)):
        space["options"][option].pop(field, None)
        if value is not None:  # None: the field is left out
            space["options"][option][field] = value
    variant = {"kind": "variant", "game": "dark-horse", "id": "fuzzed", "name": "Fuzzed",
               "source": {"document": "house-rule", "section": "fuzz"}, "parameters": parameters}
    (folder / "space.yaml").write_text(yaml.safe_dump(space, sort_keys=False))
    (folder / "variant.yaml").write_text(yaml.safe_dump(variant, sort_keys=False))
    (folder / "scenario.yaml").write_text((VARIANTS / "house-rules" / "iron-horse-politics.yaml").read_text())
    code, out, err = _run("validate", str(folder), "--format", "json")
    assert code in (0, 1) and "internal error" not in err, err
    if any(p["severity"] == "error" for p in json.loads(out)["problems"]):
        return
    for seed in ("1", "2"):
        code, out, err = _run("play", "dark-horse", "--library", str(folder), "--scenario", "iron-horse-politics",
                              "--variant", "fuzzed", "--rounds", "3", "--seed", seed,
                              "--format", "json")
        assert code == 0 and "internal error" not in err, (cost, gain, parameters, err)
        assert json.loads(out)["events"][-1]["event"] == "end"  # played to its end
        PLAYED.append(1)


PLAYED: list = []


def test_the_fuzz_reached_play():
    # the generated content is not all rejected by validate: some of it was played (run after the fuzz)
    assert PLAYED, "no generated content validated clean; the fuzz tested nothing past validate"
