"""Issue 40's 'Data loss and crashes' and 'Minor' findings: no command replaces a file it was not
asked to (wrong suffixes refused, an existing file kept unless --overwrite), the balance lab refuses
what it cannot write before it plays, a cluster without workers is said in words, the audit reads
a hostile log line, a sweep's settings have a declared limit, a search bot's playouts a cap, an
inline gunfight side names each icon once, and a named pipe is called one. Each case names the
call and the exit status expected; commands run from a folder outside the repository."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from clitools import Run, assert_no_traceback, outside_repository, run
from workbench.cli import main

HOUSE_RULE = "kind: variant\ngame: dark-horse\nid: mine\nname: Mine\n"
#: A sweep refused before its first game (its arguments only; the refusals come first).
SWEEP = ["balance", "dark-horse", "--scenario", "high-noon", "--set", "win_margin=1", "--games", "2",
         "--bots", "random", "--workers", "1", "--progress", "no"]
PLAY = ["play", "western-legends", "--players", "2", "--seed", "1", "--rounds", "1"]


@pytest.fixture
def home(tmp_path):
    return outside_repository(tmp_path)


@pytest.fixture(scope="module")
def library():
    from workbench.app.validate import validate_paths
    from workbench.core.paths import VARIANTS

    return validate_paths([VARIANTS]).library


@pytest.fixture
def cli(home, monkeypatch, capsys):
    """`workbench ARGS` run in this process from the designer's folder ``home`` (outside the
    repository): the refusals come before any game, so a fresh process would only add its start."""
    monkeypatch.chdir(home)

    def call(*args):
        code = main(list(args))
        out, err = capsys.readouterr()
        return Run(code, out, err)
    return call


def _refused(result, *words):
    assert result.code == 2, (result.out, result.err)
    assert "internal error" not in result.err and all(w in result.err for w in words), result.err
    assert_no_traceback(result)


# -- no file replaced unless asked: suffixes, existing files, --overwrite ---------------------------

def test_balance_csv_onto_a_house_rule_is_refused_and_the_yaml_kept(cli, home):
    (home / "mine.yaml").write_text(HOUSE_RULE)
    result = cli(*SWEEP, "--no-store", "--csv", "mine.yaml")
    _refused(result, "--csv must end in .csv", "mine.yaml")
    assert (home / "mine.yaml").read_text() == HOUSE_RULE


def test_balance_csv_that_is_the_store_is_refused(cli, home):
    result = cli(*SWEEP, "--out", "r.parquet", "--csv", "r.parquet")
    _refused(result, "--csv must end in .csv")
    result = cli(*SWEEP, "--out", "r.csv", "--csv", "r.csv")
    _refused(result, "is the stored results")
    assert not (home / "r.csv").exists() and not (home / "r.parquet").exists()


def test_balance_out_of_another_kind_is_refused(cli, home):
    (home / "mine.yaml").write_text(HOUSE_RULE)
    _refused(cli(*SWEEP, "--out", "mine.yaml"), "--out must end in .parquet or .csv")
    assert (home / "mine.yaml").read_text() == HOUSE_RULE


def test_balance_csv_onto_an_existing_csv_needs_overwrite(cli, home):
    (home / "games.csv").write_text("mine\n")
    _refused(cli(*SWEEP, "--no-store", "--csv", "games.csv"), "games.csv already exists", "--overwrite")
    assert (home / "games.csv").read_text() == "mine\n"


def test_a_sweep_says_what_it_plays_and_how_long_before_its_first_game(library):
    from workbench.balance.sweep import compare, run as play_sweep

    class Planned(Exception):
        pass

    plans, played = [], []

    def plan(games, reused, seconds):
        plans.append((games, reused, seconds))
        raise Planned  # the plan is all this test needs: no game is played after it

    sweep = compare("dark-horse", scenario="high-noon", overrides={"win_margin": 1}, games=3, bots=["random"])
    with pytest.raises(Planned):
        play_sweep(sweep, library, cluster="in-process", progress=lambda done, total: played.append(done),
                   on_plan=plan)
    [(games, reused, seconds)] = plans
    assert (games, reused, played) == (6, 0, []) and seconds > 0   # the baseline and a setting, 3 games each


def test_the_plan_in_words():
    from workbench.cli.balance import _plan

    assert _plan(6, 0, 12.4) == ("playing 6 games: about 12 s of play on one core (from each setting's timed game),"
                                 " shared by the workers")
    assert _plan(1000, 2000, 3 * 3600).startswith("playing 1,000 games (2,000 more are in the stored results): about"
                                                  " 3.0 h")
    assert _plan(0, 8, 0) == "all 8 games are in the stored results: nothing to play"


def test_balance_plots_onto_a_file_is_refused_before_any_game(cli, home):
    (home / "figs").write_text("not a folder\n")
    result = cli(*SWEEP, "--no-store", "--plots", "figs")
    _refused(result, "--plots figs", "give a folder")
    assert "playing" not in result.err and (home / "figs").read_text() == "not a folder\n"


def test_balance_plots_keep_figures_of_those_names_unless_overwrite(cli, home):
    (home / "figs").mkdir()
    (home / "figs" / "seats.png").write_bytes(b"mine")
    (home / "figs" / "tuning.png").write_bytes(b"mine")
    _refused(cli(*SWEEP, "--no-store", "--plots", "figs"), "seats.png already exists", "--overwrite")
    _refused(cli("balance", "tune", "dark-horse", "--scenario", "high-noon", "--param", "win_margin", "--trials", "1",
                 "--games", "2", "--no-store", "--plots", "figs", "--workers", "1"),
             "tuning.png already exists")
    assert (home / "figs" / "seats.png").read_bytes() == (home / "figs" / "tuning.png").read_bytes() == b"mine"


def test_play_log_onto_a_content_file_is_refused_and_the_file_kept(cli, home):
    (home / "lib").mkdir()
    (home / "lib" / "x.yaml").write_text(HOUSE_RULE)
    _refused(cli(*PLAY, "--log", "lib/x.yaml"), "--log must end in .jsonl")
    assert (home / "lib" / "x.yaml").read_text() == HOUSE_RULE


def test_play_log_onto_an_existing_log_needs_overwrite(cli, home):
    (home / "game.jsonl").write_text("{}\n")
    _refused(cli(*PLAY, "--log", "game.jsonl"), "game.jsonl already exists", "--overwrite")
    assert (home / "game.jsonl").read_text() == "{}\n"
    assert cli(*PLAY, "--log", "game.jsonl", "--overwrite").code == 0
    assert (home / "game.jsonl").read_text().startswith('{"event": "start"')


@pytest.mark.parametrize("args, name", [
    (["map", "draw", "illustrative-territory", "-o", "map.svg"], "map.svg"),
    (["deck", "export", "illustrative-colti-base", "-o", "deck.csv"], "deck.csv"),
])
def test_draw_and_export_keep_an_existing_file_unless_overwrite(cli, home, args, name):
    (home / name).write_text("mine\n")
    _refused(cli(*args), f"{name} already exists", "--overwrite")
    assert (home / name).read_text() == "mine\n"
    done = cli(*args, "--overwrite")
    assert done.code == 0, done.err
    assert (home / name).read_text() != "mine\n"


# -- a cluster with no worker left: said in words, exit 2 --------------------------------------------

class _ClientWithoutWorkers:
    """A Dask client of a scheduler whose every worker was killed (or none started): its scatter
    says what Dask says, "TimeoutError: No valid workers found" (an external cluster's real case
    took 15 s to reach it; this one is instant)."""

    status = "running"
    dashboard_link = None

    class scheduler:
        @staticmethod
        def identity(n_workers=-1):
            return {"workers": {}}

    def scheduler_info(self, n_workers=-1):
        return {"workers": {}}

    def scatter(self, *args, **kwargs):
        raise TimeoutError("No valid workers found")

    def sync(self, function, *args, callback_timeout=None, **kwargs):
        return function(*args, **kwargs)


def test_a_cluster_without_workers_is_said_in_words_and_the_stored_games_kept(library, tmp_path):
    pytest.importorskip("distributed")
    from workbench.balance.sweep import ClusterLost, compare, run as play_sweep
    from workbench.core.errors import UsageError

    store = tmp_path / "results.parquet"
    sweep = compare("dark-horse", scenario="high-noon", overrides={"win_margin": 1}, games=1, bots=["random"],
                    options={"rounds": 1})
    play_sweep(sweep, library, store=store, cluster="in-process", progress=False)
    before = store.read_bytes()
    more = compare("dark-horse", scenario="high-noon", overrides={"win_margin": 1}, games=3, bots=["random"],
                   options={"rounds": 1})
    with pytest.raises(ClusterLost) as lost:   # exit 2 on the command line (a UsageError), not exit 3
        play_sweep(more, library, store=store, client=_ClientWithoutWorkers(), progress=False)
    assert isinstance(lost.value, UsageError)
    assert str(lost.value) == ("the local Dask cluster has no worker to play on (none was started, or every one"
                               " stopped or ran out of memory): start workers on it and run the same command again;"
                               f" no game was played (the games stored in {store} are kept)")
    assert store.read_bytes() == before


# -- the audit: a log line nested 100,000 deep -------------------------------------------------------

def test_the_audit_of_a_deeply_nested_line_is_an_error_in_words(home):
    (home / "deep.jsonl").write_text("[" * 100_000 + "\n")
    result = subprocess.run([sys.executable, "-m", "workbench.audit", "deep.jsonl"], cwd=home, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 1 and "RecursionError" not in result.stderr + result.stdout, result.stderr
    assert "deep.jsonl:1: not a log line" in result.stdout and "nested too deeply" in result.stdout


# -- limits: a sweep's settings, a search bot's playouts ---------------------------------------------

def test_a_grid_beyond_the_settings_limit_is_refused_at_once(home):
    # three 10-value grids: 1,000 settings, minutes of checking before the first game on main
    grid = [f"--grid={name}=" + ",".join(map(str, range(1, 11)))
            for name in ("win_margin", "reputation_per_victory_point", "dice_rolled")]
    result = run("balance", "dark-horse", "--scenario", "high-noon", *grid, "--no-store", "--progress", "no",
                 cwd=home, timeout=60)   # a fresh process: on main it runs for minutes, and is stopped
    _refused(result, "1,000 settings", "10 win_margin x 10 reputation_per_victory_point x 10 dice_rolled",
             "declared limit of 200")


def test_a_grid_at_the_settings_limit_is_a_sweep():
    from workbench.balance.sweep import compare

    sweep = compare("dark-horse", scenario="high-noon", grid={"win_margin": list(range(1, 21)),
                                                              "dice_rolled": list(range(1, 11))}, games=1)
    assert len(sweep.all) == 1 + 200
    with pytest.raises(Exception, match="201 settings"):
        compare("dark-horse", scenario="high-noon", variants=["deadlier-gunfights"],
                grid={"win_margin": list(range(1, 21)), "dice_rolled": list(range(1, 11))}, games=1)


@pytest.mark.parametrize("bot", ["mcts-99999999999", "ismcts-100001"])
def test_a_search_bot_beyond_the_playout_cap_is_a_usage_error(home, bot):
    _refused(run(*PLAY, "--bots", bot, cwd=home, timeout=60), f"{bot}: a search bot plays at most 100,000 playouts")


def test_a_search_bot_at_the_playout_cap_is_a_bot():
    from workbench.agents.names import parse

    assert parse("mcts-100000") == ("mcts", 100_000)


# -- an inline side names each icon once; a named pipe is no missing file -----------------------------

@pytest.mark.parametrize("spec, icon", [("combat=2,combat=3", "combat"), ("combat=2,deadly,deadly=no", "deadly")])
def test_an_icon_given_twice_is_refused(cli, home, spec, icon):
    _refused(cli("gunfight", "--a", spec, "--b", "combat=2"), f"{icon} is given twice")


@pytest.mark.parametrize("args", [["deck", "check", "pipe.yaml"], ["map", "draw", "pipe.yaml", "-o", "map.svg"]])
def test_a_named_pipe_given_as_content_is_said_to_be_one(cli, home, args):
    os.mkfifo(home / "pipe.yaml")
    _refused(cli(*args), "pipe.yaml is a named pipe, not a regular file")


def test_the_stores_folder_is_made_as_before(home):
    """The default store, balance-results/SWEEP.parquet, is in a folder the sweep makes: the
    check of the outputs lets it be missing (--csv's folder must exist, as every -o's)."""
    import argparse

    from workbench.cli.balance import _outputs
    from workbench.core.errors import UsageError

    args = argparse.Namespace(csv=None, plots=None, overwrite=False)
    _outputs(args, home / "balance-results" / "sweep.parquet", [])
    with pytest.raises(UsageError, match="no such folder"):
        _outputs(argparse.Namespace(csv=str(home / "missing" / "games.csv"), plots=None, overwrite=False), None, [])
