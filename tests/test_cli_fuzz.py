"""Generated command lines thrown at every subcommand: whatever the arguments, the exit code is
0, 1 or 2, there is never a traceback, and with --format json standard output is exactly one JSON
object. Derandomized with a fixed budget, so the suite is steady."""
import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clitools import EXAMPLES, PROBLEM_FIELDS, outside_repository
from workbench.cli import main

IDS = ["illustrative-territory", "illustrative-teritory", "my-deck.yaml", "mcready-sharpshooters", "nope",
       "missing.yaml", "broken.yaml", "high-noon", "wild-wild-west", "dark-horse", "western-legends", "revolver",
       "marshal-token", "sam-bass", "red", "green", "published", ".", "variants", "", "\x1b[31m", "ü"]
CARDS = ["AS", "as", "10H", "CHEAT", "XX", "AS,AD", "AS,AS", "7C,8D,KS", "AS,8D,KS", "KH,KC,2S,3S,9D", "1S", ""]
SPECS = ["combat=2", "combat=-1", "combat=9", "combat=x", "combat=1,duel=2,deadly", "weak-kneed", "tough,wounds=2",
         "combat=2,wounds=1,engineer", "bogus=1", "marshal-token", "nope", ""]
PATHS = ["out.svg", "out.png", "out.gif", "out.yaml", "deck.csv", "game.jsonl", "missing/out.svg", ".", "variants"]

def mostly(good, bad):
    """Values an option takes: usually sensible ones (to reach deep into the command), sometimes not."""
    return st.one_of(st.sampled_from(good), st.sampled_from(good), st.sampled_from(good), st.sampled_from(bad))


BAD_NUMBERS = ["-1", "-3,3", "x", "", "1.5", "99999999999999999999", "--", "-"]
OPTIONS = {
    "--format": st.sampled_from(["json", "text", "xml"]),
    "--library": mostly(["published", "variants", "."], IDS),
    "--scenario": mostly(["high-noon", "wild-wild-west", "iron-horse-politics"], IDS),
    "--player": mostly(["red", "blue"], IDS),
    "--piece": mostly(["town", "city", "rail", "improved-town"], ["castle", ""]),
    "--resource": mostly(["food", "ore", "wood"], ["gold"]),
    "--hex": mostly(["3,0", "-3,3", "0,-3"], ["9,9", "0,0", "x", "3", ""]),
    "--roll": mostly(["1", "4", "6"], BAD_NUMBERS + ["0", "7"]), "--reroll": mostly(["1", "3"], BAD_NUMBERS),
    "--seed": mostly(["0", "1", "7", "-5"], BAD_NUMBERS),
    "--moves": mostly(["0", "1", "3"], BAD_NUMBERS + ["201"]), "--distance": mostly(["0", "3"], BAD_NUMBERS),
    "--draws": mostly(["0", "5", "8"], BAD_NUMBERS + ["99"]), "--at-least": mostly(["1", "2"], BAD_NUMBERS + ["0"]),
    "--card": mostly(["Hidden Sniper", "hidden-sniper", "apache-scout"], ["nope", "Hiden Sniper"]),
    "-o": mostly(["out.svg", "out.png", "out.yaml", "deck.csv", "game.jsonl"], ["out.gif", "missing/out.svg", ".", "variants"]),
    "--log": mostly(["game.jsonl"], ["missing/g.jsonl", "."]),
    "--a": mostly(SPECS[:1] + SPECS[4:8] + ["marshal-token"], SPECS), "--b": mostly(SPECS[:1] + SPECS[4:8], SPECS),
    "--simulate": mostly(["1", "50"], BAD_NUMBERS + ["0"]),
    "--players": mostly(["2", "3", "4"], BAD_NUMBERS + ["0", "9"]),
    "--rounds": mostly(["1", "2"], ["0", "-1", "501", "x"]),
    "--length": mostly(["short", "long"], ["shrt"]), "--bots": mostly(["random", "greedy,random"], ["clever", ""]),
    "--hire": mostly(["red=sam-bass"], ["red", "green=nobody", "=x"]),
    "--hand": mostly(["AS,AD", "KH,QH"], CARDS), "--flop": mostly(["7C,8D,KS"], CARDS),
    "--samples": mostly(["1", "50"], ["0", "-5"]),
    "--ace-low": mostly(["yes", "no"], ["maybe"]), "--cheat": mostly(["wild", "five-of-a-kind-only"], ["x"]),
    "--kind": mostly(["scenario", "card"], ["widget"]), "--game": mostly(["dark-horse", "revolver"], IDS),
    "--jobs": mostly(["1", "2"], ["0", "x"]),
    "--variant": mostly(["deadlier-gunfights", "golden-spike"], ["nope", "deadlier-gunfght"]),
    "--set": mostly(["win_margin=3", "wound_modifier=-3"], ["win_margn=3", "win_margin=abc", "=", "x"]),
}
FLAGS = ["--matrix", "--debug", "--help", "--bogus", "-h", "--no-published", "--parameters"]

MAPS = st.sampled_from(["illustrative-territory", "illustrative-teritory", "broken.yaml", "missing.yaml", "nope"])
DECKS = st.sampled_from(["my-deck.yaml", "mcready-sharpshooters", "illustrative-mcready-base", "broken.yaml", "nope"])
#: Each command with its positional arguments and the options it takes (others are thrown in too).
SHAPES = {
    ("validate",): (st.lists(st.sampled_from(["variants", "my-deck.yaml", "broken.yaml", ".", "missing"]), max_size=2),
                    ["--library", "--jobs"]),
    ("list",): (st.just([]), ["--game", "--kind", "--library"]),
    ("map", "check"): (MAPS.map(lambda m: [m]), ["--scenario", "--library"]),
    ("map", "legal"): (MAPS.map(lambda m: [m]), ["--player", "--piece", "--resource", "--scenario"]),
    ("map", "move"): (MAPS.map(lambda m: [m]), ["--hex", "--roll", "--reroll", "--seed"]),
    ("map", "odds"): (MAPS.map(lambda m: [m]), ["--hex", "--moves"]),
    ("map", "draw"): (MAPS.map(lambda m: [m]), ["-o", "--player", "--piece", "--scenario"]),
    ("map", "layout"): (MAPS.map(lambda m: [m]), ["--seed", "--distance", "-o"]),
    ("deck", "check"): (DECKS.map(lambda d: [d]), ["--library"]),
    ("deck", "stats"): (DECKS.map(lambda d: [d]), ["--library"]),
    ("deck", "odds"): (DECKS.map(lambda d: [d]), ["--card", "--draws", "--at-least"]),
    ("deck", "export"): (DECKS.map(lambda d: [d]), ["-o"]),
    ("gunfight",): (st.just([]), ["--a", "--b", "--simulate", "--seed", "--scenario", "--variant", "--set"]),
    ("play",): (st.sampled_from(["dark-horse", "western-legends", "revolver", "nope"]).map(lambda g: [g]),
                ["--scenario", "--players", "--seed", "--rounds", "--length", "--bots", "--hire", "--log", "--variant",
                 "--set"]),
    ("poker", "rank"): (st.lists(mostly(["AS", "KS", "QS", "JS", "10S", "CHEAT", "7H"], CARDS), min_size=1, max_size=6),
                        ["--ace-low", "--cheat"]),
    ("poker", "compare"): (st.lists(mostly(["AS,AD,5C,6D,7H", "KH,KC,2S,3S,9D", "CHEAT,7H"], CARDS), min_size=0,
                                  max_size=3), ["--ace-low", "--cheat"]),
    ("poker", "odds"): (st.just([]), ["--hand", "--flop", "--samples", "--seed", "--cheat"]),
    ("unknowns",): (st.just([]), ["--game"]),
    # a sweep plays thousands of games: only command lines that stop before one is played
    ("balance",): (st.sampled_from(["dark-horse", "western-legends", "nope"]).map(lambda g: [g, "--games", "0"]),
                   ["--scenario", "--variant", "--set", "--players", "--seed"]),
    ("map",): (st.just([]), []), ("deck",): (st.just([]), []), ("poker",): (st.just([]), []),
    ("frobnicate",): (st.just([]), []), (): (st.just([]), []),
}


def _option(names):
    return st.one_of(
        st.sampled_from(names).flatmap(lambda name: OPTIONS[name].map(lambda value: [name, value])),
        st.sampled_from(names).flatmap(lambda name: OPTIONS[name].map(lambda value: [f"{name}={value}"])))


def _command_line(command):
    positionals, own = SHAPES[command]
    # mostly the command's own options (to reach deep), sometimes anything at all
    junk = st.one_of(_option(sorted(OPTIONS)), st.sampled_from(FLAGS + IDS + CARDS + SPECS).map(lambda w: [w]))
    chunks = st.lists(_option(own), max_size=4) if own else st.just([])
    extra = st.lists(junk, max_size=1)
    return st.tuples(positionals, chunks, extra, st.booleans()).map(
        lambda t: list(command) + t[0] + [token for c in t[1] + t[2] for token in c] + (["--format", "json"] if t[3] else []))


command_lines = st.sampled_from(sorted(SHAPES)).flatmap(_command_line)


@pytest.fixture(scope="module")
def designer(tmp_path_factory):
    folder = outside_repository(tmp_path_factory.mktemp("fuzz"))
    shutil.copytree(EXAMPLES, folder / "variants" / "house-rules")
    (folder / "my-deck.yaml").write_text(
        "kind: deck\ngame: revolver\nid: my-deck\nname: My deck\nfaction: mcready\nbase: illustrative-mcready-base\n"
        "rules: custom-decks\nsource: {document: house-rule}\nswaps:\n  - {out: apache-scout, in: hidden-sniper}\n")
    # a schema error (hostile YAML such as `id: [x]` is the loader's own fuzz test)
    (folder / "broken.yaml").write_text("kind: map\ngame: dark-horse\nid: broken\nname: 1\ngeometry: hexx\n")
    return folder


def _last_format(argv):
    chosen = None
    for i, token in enumerate(argv):
        if token.startswith("--format="):
            chosen = token.split("=", 1)[1]
        elif token == "--format" and i + 1 < len(argv):
            chosen = argv[i + 1]
    return chosen


@settings(max_examples=200, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=command_lines)
def test_any_command_line_exits_0_1_or_2_without_a_traceback(designer, monkeypatch, argv):
    monkeypatch.chdir(designer)
    monkeypatch.delenv("WORKBENCH_DEBUG", raising=False)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    assert code in (0, 1, 2), (argv, err.getvalue())
    assert "Traceback" not in out.getvalue() + err.getvalue(), argv
    if _last_format(argv) == "json":
        report = json.loads(out.getvalue())  # exactly one JSON document: anything more fails to parse
        assert isinstance(report, dict) and report["exit_code"] == code, argv
        assert all(PROBLEM_FIELDS <= set(p) for p in report["problems"]), argv
