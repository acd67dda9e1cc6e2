"""Issue 40's 'Data loss and crashes' and 'Minor' findings: no command replaces a file it was not
asked to (wrong suffixes refused, an existing file kept unless --overwrite), the balance lab refuses
what it cannot write before it plays, a cluster without workers is said in words, the audit reads
a hostile log line, a sweep's settings have a declared limit, a search bot's playouts a cap, an
inline gunfight side names each icon once, and a named pipe is called one. Each case names the
call and the exit status expected; commands run from a folder outside the repository."""
from __future__ import annotations

import csv
import os
import subprocess
import sys

import pytest

from clitools import assert_no_traceback, outside_repository, run

HOUSE_RULE = "kind: variant\ngame: dark-horse\nid: mine\nname: Mine\n"
#: A sweep refused before its first game (its arguments only; the refusals come first).
SWEEP = ["balance", "dark-horse", "--scenario", "high-noon", "--set", "win_margin=1", "--games", "2",
         "--bots", "random", "--workers", "1", "--progress", "no"]
PLAY = ["play", "western-legends", "--players", "2", "--seed", "1", "--rounds", "1"]


@pytest.fixture
def home(tmp_path):
    return outside_repository(tmp_path)


def _refused(result, *words):
    assert result.code == 2, (result.out, result.err)
    assert "internal error" not in result.err and all(w in result.err for w in words), result.err
    assert_no_traceback(result)


# -- no file replaced unless asked: suffixes, existing files, --overwrite ---------------------------

def test_balance_csv_onto_a_house_rule_is_refused_and_the_yaml_kept(home):
    (home / "mine.yaml").write_text(HOUSE_RULE)
    result = run(*SWEEP, "--no-store", "--csv", "mine.yaml", cwd=home)
    _refused(result, "--csv must end in .csv", "mine.yaml")
    assert (home / "mine.yaml").read_text() == HOUSE_RULE


def test_balance_csv_that_is_the_store_is_refused(home):
    result = run(*SWEEP, "--out", "r.parquet", "--csv", "r.parquet", cwd=home)
    _refused(result, "--csv must end in .csv")
    result = run(*SWEEP, "--out", "r.csv", "--csv", "r.csv", cwd=home)
    _refused(result, "is the stored results")
    assert not (home / "r.csv").exists() and not (home / "r.parquet").exists()


def test_balance_out_of_another_kind_is_refused(home):
    (home / "mine.yaml").write_text(HOUSE_RULE)
    _refused(run(*SWEEP, "--out", "mine.yaml", cwd=home), "--out must end in .parquet or .csv")
    assert (home / "mine.yaml").read_text() == HOUSE_RULE


def test_balance_csv_onto_an_existing_csv_needs_overwrite_and_the_estimate_comes_first(home):
    (home / "games.csv").write_text("mine\n")
    _refused(run(*SWEEP, "--no-store", "--csv", "games.csv", cwd=home), "already exists", "--overwrite")
    assert (home / "games.csv").read_text() == "mine\n"
    done = run(*SWEEP, "--no-store", "--csv", "games.csv", "--overwrite", cwd=home, timeout=300)
    assert done.code == 0, done.err
    rows = list(csv.DictReader((home / "games.csv").open(newline="")))
    assert len(rows) == 4      # the baseline and one setting, 2 games each
    # what is played is said before the first game: 2 settings x 2 games, and how long it takes
    assert "2 settings" in done.err and "4 games" in done.err and "playing 4 games: about" in done.err, done.err


def test_balance_plots_onto_a_file_is_refused_before_any_game(home):
    (home / "figs").write_text("not a folder\n")
    result = run(*SWEEP, "--no-store", "--plots", "figs", cwd=home)
    _refused(result, "--plots figs", "give a folder")
    assert "playing" not in result.err and (home / "figs").read_text() == "not a folder\n"


def test_balance_plots_keep_figures_of_those_names_unless_overwrite(home):
    (home / "figs").mkdir()
    (home / "figs" / "seats.png").write_bytes(b"mine")
    (home / "figs" / "tuning.png").write_bytes(b"mine")
    _refused(run(*SWEEP, "--no-store", "--plots", "figs", cwd=home), "seats.png already exists", "--overwrite")
    _refused(run("balance", "tune", "dark-horse", "--scenario", "high-noon", "--param", "win_margin", "--trials", "1",
                 "--games", "2", "--no-store", "--plots", "figs", "--workers", "1", cwd=home, timeout=60),
             "tuning.png already exists")
    assert (home / "figs" / "seats.png").read_bytes() == (home / "figs" / "tuning.png").read_bytes() == b"mine"


def test_play_log_onto_a_content_file_is_refused_and_the_file_kept(home):
    (home / "lib").mkdir()
    (home / "lib" / "x.yaml").write_text(HOUSE_RULE)
    _refused(run(*PLAY, "--log", "lib/x.yaml", cwd=home), "--log must end in .jsonl")
    assert (home / "lib" / "x.yaml").read_text() == HOUSE_RULE


def test_play_log_onto_an_existing_log_needs_overwrite(home):
    (home / "game.jsonl").write_text("{}\n")
    _refused(run(*PLAY, "--log", "game.jsonl", cwd=home), "game.jsonl already exists", "--overwrite")
    assert (home / "game.jsonl").read_text() == "{}\n"
    assert run(*PLAY, "--log", "game.jsonl", "--overwrite", cwd=home).code == 0
    assert (home / "game.jsonl").read_text().startswith('{"event": "start"')


@pytest.mark.parametrize("args, name", [
    (["map", "draw", "illustrative-territory", "-o", "map.svg"], "map.svg"),
    (["deck", "export", "illustrative-colti-base", "-o", "deck.csv"], "deck.csv"),
])
def test_draw_and_export_keep_an_existing_file_unless_overwrite(home, args, name):
    (home / name).write_text("mine\n")
    _refused(run(*args, cwd=home), f"{name} already exists", "--overwrite")
    assert (home / name).read_text() == "mine\n"
    done = run(*args, "--overwrite", cwd=home)
    assert done.code == 0, done.err
    assert (home / name).read_text() != "mine\n"


# -- a cluster with no worker left: said in words, exit 2 --------------------------------------------

def test_a_scheduler_without_workers_is_said_in_words(home):
    pytest.importorskip("distributed")
    import json
    import signal
    import time

    bin_ = os.path.dirname(sys.executable)
    scheduler_file = home / "scheduler.json"
    scheduler = subprocess.Popen([f"{bin_}/dask", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                  "--scheduler-file", str(scheduler_file)], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(0.5)  # written before it is complete
        address = json.loads(scheduler_file.read_text())["address"]
        # every worker killed (or none started): Dask's scatter said "TimeoutError: No valid
        # workers found", exit 3; Dask's connect timeout shortened, the same path
        result = run("balance", "dark-horse", "--scenario", "high-noon", "--set", "win_margin=1", "--games", "2",
                     "--bots", "random", "--progress", "no", "--scheduler", address, "--out", "r.parquet", cwd=home,
                     env={"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"}, timeout=120)
    finally:
        os.killpg(scheduler.pid, signal.SIGKILL)
        scheduler.wait()
    _refused(result, f"the Dask scheduler at {address} has no worker to play on", "no game was played")
    assert "TimeoutError" not in result.err


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
                 cwd=home, timeout=60)
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
def test_an_icon_given_twice_is_refused(home, spec, icon):
    _refused(run("gunfight", "--a", spec, "--b", "combat=2", cwd=home), f"{icon} is given twice")


@pytest.mark.parametrize("args", [["deck", "check", "pipe.yaml"], ["map", "draw", "pipe.yaml", "-o", "map.svg"]])
def test_a_named_pipe_given_as_content_is_said_to_be_one(home, args):
    os.mkfifo(home / "pipe.yaml")
    _refused(run(*args, cwd=home, timeout=60), "pipe.yaml is a named pipe, not a regular file")
