"""Issue 28's cases left after the second hostile review's first round: a lost worker, sizes, a
lost cluster, slow cases and the smaller ones. Each case names the content or the call, the
command, and the code and exit status expected; commands run from a folder outside the
repository."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from clitools import assert_no_traceback, outside_repository, run


@pytest.fixture
def home(tmp_path):
    return outside_repository(tmp_path)


def _cards(folder, n, game="revolver"):
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"c{i}.yaml").write_text(f"kind: card\ngame: {game}\nid: c{i}\nname: C{i}\n")
    return folder


# -- validate: a worker process that dies is an error in words, never a hang -------------------------

KILL_WORKERS = textwrap.dedent("""
    import os, signal, sys
    import workbench.content.validate as validate
    parent, check = os.getpid(), validate._check_chunk
    def chunk(paths):  # what the OOM killer does to a worker of a small container
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return check(paths)
    validate._check_chunk = chunk
    from workbench.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def test_a_killed_validate_worker_ends_the_run_in_words(home):
    _cards(home / "lib", 420)  # over the 400 files that start workers
    proc = subprocess.run([sys.executable, "-c", KILL_WORKERS, "validate", "lib", "--jobs", "2"], cwd=home,
                          capture_output=True, text=True, timeout=60)  # a hang fails here
    assert proc.returncode == 2, proc.stderr
    assert "worker process" in proc.stderr and "--jobs 1" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


# -- sizes: text values, replacement chains, and `list` never pads to the widest cell --------------

def test_a_huge_name_is_a_located_size_limit_and_list_stays_small(home):
    lib = _cards(home / "lib", 3)
    (lib / "big.yaml").write_text("kind: card\ngame: revolver\nid: big\nname: " + "x" * 200_000 + "\n")
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert result.code == 1
    [problem] = [p for p in result.json()["problems"] if p["code"] == "size-limit"]
    assert problem["file"].endswith("big.yaml") and (problem["line"], problem["path"]) == (4, "$.name")
    assert "200,000 characters" in problem["message"] and "10,000" in problem["message"]
    listed = run("list", "lib", "--no-published", cwd=home)
    assert_no_traceback(listed)
    lines = listed.out.splitlines()
    # the short names' rows are not padded out to the 200,000-character one
    assert max(len(line) for line in lines if "big" not in line) < 300, max(map(len, lines))


def test_text_under_the_limit_is_fine(home):
    lib = _cards(home / "lib", 1)
    (lib / "long.yaml").write_text("kind: card\ngame: revolver\nid: long\nname: " + "x" * 10_000 + "\n")
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert not [p for p in result.json()["problems"] if p["code"] == "size-limit"]


def _chain(folder, n):
    folder.mkdir(parents=True, exist_ok=True)
    spaces = [f"kind: action_space\ngame: dark-horse\nid: s{i}\nname: S{i}\ntype: unlimited\n"
              + (f"replaces: s{i + 1}\n" if i + 1 < n else "") for i in range(n)]
    (folder / "chain.yaml").write_text("---\n".join(spaces))


def test_a_long_replacement_chain_is_one_located_size_limit(home):
    _chain(home / "lib", 102)  # s0 -> s1 -> ... -> s101: 101 replacements
    result = run("validate", "lib", "--format", "json", cwd=home)
    found = [p for p in result.json()["problems"] if p["code"] == "size-limit"]
    assert len(found) == 1, found
    assert found[0]["path"] == "$.replaces" and found[0]["line"] == 6  # s0's `replaces:`
    assert "101 replacements" in found[0]["message"] and "limit of 100" in found[0]["message"]


def test_a_chain_at_the_limit_is_fine(home):
    _chain(home / "lib", 101)  # 100 replacements
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert not [p for p in result.json()["problems"] if p["code"] == "size-limit"]


# -- balance: a Ctrl-C while the local Dask cluster starts is acted on, cleanly ----------------------

CTRL_C_AT_START = textwrap.dedent("""
    import os, signal, sys
    import distributed
    start = distributed.LocalCluster
    def starting(*args, **kwargs):  # the terminal's Ctrl-C reaches the process group as the cluster starts
        os.killpg(0, signal.SIGINT)
        return start(*args, **kwargs)
    distributed.LocalCluster = starting
    from workbench.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def test_ctrl_c_while_the_cluster_starts_stops_the_sweep_cleanly(home):
    pytest.importorskip("distributed")
    import signal

    from clitools import EXAMPLES

    store = home / "results.parquet"
    args = [sys.executable, "-c", CTRL_C_AT_START, "balance", "dark-horse", "--scenario", "high-noon", "--variant",
            "deadlier-gunfights", "--library", str(EXAMPLES), "--games", "50000", "--batch", "4", "--workers", "2",
            "--out", str(store), "--progress", "no", "--bots", "random"]   # (the stop is tested, not the bots)
    process = subprocess.Popen(args, cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        out, err = process.communicate(timeout=120)  # the sweep's 100,000 games would take many minutes
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=20)
    assert process.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err + out and "internal error" not in err


# -- amounts: a cost or gain beyond the declared limits is found by validate; play stops in words ---

def _space_with(home, option, field, bag):
    import yaml

    from clitools import EXAMPLES

    space = yaml.safe_load((EXAMPLES / "telegraph-office.yaml").read_text())
    space["options"][option][field] = bag
    lib = home / "lib"
    lib.mkdir(exist_ok=True)
    (lib / "space.yaml").write_text(yaml.safe_dump(space, sort_keys=False))
    return lib


@pytest.mark.parametrize(("field", "bag", "where", "words"), [
    ("gain", {"vote": 2, "bonus-die": 15}, "$.options[1].gain.bonus-die", "15 bonus dice"),   # 2 + 15 > 16 dice
    ("cost", {"silver": 1001}, "$.options[1].cost.silver", "1,001 silver"),
    ("gain", {"wood": 10**6}, "$.options[1].gain.wood", "1,000,000 wood"),
])
def test_an_amount_beyond_its_limit_is_a_located_size_limit(home, field, bag, where, words):
    _space_with(home, 1, field, bag)
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert result.code == 1
    [problem] = [p for p in result.json()["problems"] if p["code"] == "size-limit"]
    assert problem["path"] == where and words in problem["message"] and problem["line"] > 1


@pytest.mark.parametrize("bag", [{"bonus-die": 14}, {"silver": 1000}])
def test_amounts_at_their_limits_validate(home, bag):
    _space_with(home, 1, "gain", bag)
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert not [p for p in result.json()["problems"] if p["code"] == "size-limit"]


def test_a_game_reaching_more_dice_than_the_limit_stops_in_words():
    from workbench.app.validate import validate_paths
    from workbench.core.errors import ContentError
    from workbench.core.paths import VARIANTS
    from workbench.games.dark_horse.engine import DarkHorse

    game = DarkHorse.build(validate_paths([VARIANTS]).library, scenario="high-noon", overrides={"dice_rolled": 16})
    state = game.new_initial_state(players=2, rounds=1)
    while not state.is_chance_node():  # to the first roll: 16 dice is within the limit
        state = state.apply(state.legal_actions()[0])
    assert len(state.chance_outcomes()[0][0]) == 16
    state.player(state.to_roll[0]).bonus_dice_next = 1  # a bonus die gained: 17 dice
    with pytest.raises(ContentError, match="17 dice this turn .*declared limit of 16 dice a turn"):
        state.chance_outcomes()


def test_dice_rolled_beyond_the_limit_is_a_parameter_type_problem(home):
    (home / "lib").mkdir()
    (home / "lib" / "v.yaml").write_text("kind: variant\ngame: dark-horse\nid: many\nname: Many dice\n"
                                         "source: {document: house-rule, section: x}\nparameters: {dice_rolled: 17}\n")
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert [p["code"] for p in result.json()["problems"] if p["severity"] == "error"] == ["parameter-type"]


# -- unknowns: an action space left out of play for an unknown amount is listed ----------------------

def test_unknowns_lists_a_space_left_out_for_an_unknown_amount(home):
    _space_with(home, 1, "gain", {"vote": "unknown", "white-hat": 1})
    result = run("unknowns", "--game", "dark-horse", "--library", "lib", "--format", "json", cwd=home)
    assert result.code == 0, result.err
    [row] = [r for r in result.json()["unknowns"] if r["name"] == "telegraph-office"]
    assert row["value"] == "amount unknown" and row["where"].endswith("space.yaml:26")  # the `vote:` line
    assert "option 2's gain of vote" in row["why"] and "left out of play" in row["why"]


# -- the smaller ones --------------------------------------------------------------------------------

def test_a_looping_link_named_as_input_is_said_so(home):
    (home / "a.yaml").symlink_to("b.yaml")
    (home / "b.yaml").symlink_to("a.yaml")
    (home / "gone.yaml").symlink_to("nowhere.yaml")
    for args in (["validate", "a.yaml"], ["deck", "check", "a.yaml"], ["map", "check", "a.yaml"]):
        result = run(*args, cwd=home)
        assert result.code == 2 and "a.yaml is a symbolic link that loops" in result.err, (args, result.err)
        assert "no such file" not in result.err
    result = run("validate", "gone.yaml", cwd=home)
    assert result.code == 2 and "gone.yaml is a symbolic link to nowhere.yaml, which does not exist" in result.err


def test_a_deck_whose_base_is_itself_is_an_error(home):
    (home / "deck.yaml").write_text("kind: deck\ngame: revolver\nid: selfish\nname: Selfish\nbase: selfish\n"
                                    "source: {document: house-rule, section: x}\ncards:\n  - {card: special-38, count: 62}\n")
    result = run("validate", "deck.yaml", "--format", "json", cwd=home)
    assert result.code == 1
    found = [p for p in result.json()["problems"] if p["code"] == "base-is-itself"]
    assert [(p["severity"], p["line"], p["path"]) for p in found] == [("error", 5, "$.base")]


def test_deck_check_of_a_file_over_the_size_limit_shows_the_limit(home):
    entries = "".join(f"  - {{card: c{i}, count: 1}}\n" for i in range(40_000))
    (home / "big.yaml").write_text("kind: deck\ngame: revolver\nid: big\nname: Big\n"
                                   "source: {document: house-rule, section: x}\ncards:\n" + entries)
    result = run("deck", "check", "big.yaml", cwd=home)
    assert result.code == 1 and "size-limit" in result.out + result.err, result.err
    assert "holds no deck document" not in result.err and "could not be read as content" in result.err


def test_list_over_an_unreadable_folder_is_not_success(home, monkeypatch, capsys):
    from workbench import cli
    import workbench.content.validate as validate

    (home / "locked").mkdir()

    def walk(top, onerror=None, **kwargs):  # what os.walk does with a folder it may not read (root may read all)
        onerror(PermissionError(13, "Permission denied", str(top)))
        return iter(())

    monkeypatch.chdir(home)
    monkeypatch.setattr(validate.os, "walk", walk)
    assert cli.main(["list", "locked", "--no-published"]) == 1
    assert "cannot read the folder" in capsys.readouterr().out


def test_a_sweep_name_with_a_line_break_is_refused(home):
    result = run("balance", "dark-horse", "--scenario", "high-noon", "--set", "dice_rolled=3", "--games", "1",
                 "--bots", "random", "--workers", "1", "--sweep", "a\nb", cwd=home)
    assert result.code == 2 and "sweep name" in result.err
    assert not (home / "balance-results").exists() or not any((home / "balance-results").iterdir())


def test_log_dash_is_standard_output_and_the_audit_reads_it(home):
    import json

    result = run("play", "western-legends", "--players", "2", "--seed", "1", "--rounds", "1", "--log", "-", cwd=home)
    assert result.code == 0 and not (home / "-").exists()
    events = [json.loads(line) for line in result.out.splitlines()]  # JSON lines only
    assert events[0]["event"] == "start" and len(events) > 2 and all("event" in e for e in events)
    audit = subprocess.run([sys.executable, "-m", "workbench.audit", "-"], input=result.out, cwd=home,
                           capture_output=True, text=True, timeout=120)
    assert audit.returncode == 0 and "0 broken" in audit.stdout, audit.stdout + audit.stderr
    both = run("play", "western-legends", "--players", "2", "--log", "-", "--format", "json", cwd=home)
    assert both.code == 2 and "--log -" in both.out


def test_the_hint_for_a_look_alike_id_names_the_letter(home):
    (home / "x.yaml").write_text("kind: card\ngame: revolver\nid: s\u0430loon\nname: Saloon\n"
                                 "source: {document: house-rule, section: x}\n")
    result = run("validate", "x.yaml", "--format", "json", cwd=home)
    [problem] = [p for p in result.json()["problems"] if p["path"] == "$.id"]
    assert "CYRILLIC SMALL LETTER A" in problem["hint"] and "s\u0430loon" not in problem["hint"]


def test_two_seats_cannot_hire_the_same_character(home):
    result = run("play", "dark-horse", "--players", "2", "--seed", "1", "--rounds", "1",
                 "--hire", "red=sam-bass", "--hire", "blue=sam-bass", cwd=home)
    assert result.code == 2 and "already hired by red" in result.err, result.err


def test_checking_many_settings_shows_progress(home):
    result = run("balance", "dark-horse", "--scenario", "high-noon", "--grid", "dice_rolled=2,3", "--games", "1",
                 "--bots", "random", "--workers", "1", "--no-store", "--progress", "yes", cwd=home, timeout=300)
    assert result.code == 0, result.err
    assert "checking settings" in result.err and "3/3" in result.err


# -- slow within the limits: drawn as one collection, exact odds without Fractions, simulation bounded -

def _hexagon(radius):
    from workbench.board.graph import Board

    return Board.from_data({"id": "m", "game": "g", "geometry": "hex",
                            "shape": {"shape": "hexagon", "radius": radius, "terrain": "resource"},
                            "pieces": [{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}]},
                           hex_types={"buffalo-herd": {"category": "mystery", "mobile": True}})


def test_a_large_map_is_drawn_as_one_collection_without_a_text_per_hex():
    pytest.importorskip("matplotlib")
    from workbench.board.draw import COORDINATES_UP_TO, draw

    big = _hexagon(30)  # 2,791 hexes: one patch and one text each took most of a minute
    ax = draw(big).axes[0]
    assert len(ax.patches) == 0 and len(ax.collections) == 2  # the spaces, and the mystery hex's marker
    assert len(ax.collections[0].get_paths()) == big.graph.number_of_nodes()
    assert len(ax.texts) <= 2  # the mystery hex's "?" only, no coordinates
    small = _hexagon(5)  # 91 hexes: still every coordinate
    assert small.graph.number_of_nodes() <= COORDINATES_UP_TO
    assert sum(t.get_text() == "1,-1" for t in draw(small).axes[0].texts) == 1


def test_the_odds_after_n_moves_are_the_exact_fractions():
    from fractions import Fraction

    from workbench.board import mobile

    b = _hexagon(4)
    mover = mobile.mobile_piece(b, (0, 0))
    expected = {(0, 0): Fraction(1)}  # independently: one move at a time, in Fractions
    for _ in range(7):
        following = {}
        for node, p in expected.items():
            for target, q in mobile.transition(b, node, mover).items():
                following[target] = following.get(target, 0) + p * q
        expected = following
    got = mobile.distribution(b, (0, 0), 7)
    assert got == expected and sum(got.values()) == 1 and all(isinstance(v, Fraction) for v in got.values())


@pytest.mark.parametrize(("fights", "words"), [("1000000", "must be from 1 to 100000"),
                                               ("9000", "at most 8,333 fights here")])
def test_a_simulation_beyond_its_limits_is_refused_naming_them(home, fights, words):
    result = run("gunfight", "--a", "combat=60", "--b", "combat=60", "--simulate", fights, cwd=home)
    assert result.code == 2 and words in result.err, result.err


# -- balance --scheduler: a lost scheduler or worker is said in words, the finished games kept ------

def _cluster(tmp_path):
    import json
    import time

    bin_ = os.path.dirname(sys.executable)
    scheduler_file = tmp_path / "scheduler.json"
    scheduler = subprocess.Popen([f"{bin_}/dask", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                  "--scheduler-file", str(scheduler_file)], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 90
    while not scheduler_file.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(0.5)  # written before it is complete
    address = json.loads(scheduler_file.read_text())["address"]
    worker = subprocess.Popen([f"{bin_}/dask", "worker", address, "--nworkers", "1", "--nthreads", "1", "--host",
                               "127.0.0.1", "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    return address, scheduler, worker


@pytest.mark.parametrize("lost", ["scheduler", "worker"])
def test_a_lost_scheduler_or_worker_is_said_in_words(home, lost):
    pytest.importorskip("distributed")
    import signal
    import time

    from workbench.balance.table import read

    address, scheduler, worker = _cluster(home)
    store = home / "results.parquet"
    try:
        process = subprocess.Popen([sys.executable, "-m", "workbench", "balance", "dark-horse", "--scenario", "high-noon",
                                    "--set", "dice_rolled=3", "--bots", "random", "--games", "5000", "--batch", "20",
                                    "--scheduler", address, "--out", str(store), "--progress", "no", "--save-every", "1"],
                                   cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   # Dask's own connect timeout bounds how long the sweep waits for a
                                   # worker to come back (30 s by default): shortened, the same path
                                   env={**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "8s"})
        deadline = time.monotonic() + 120
        while not store.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)  # the first checkpoint (a second of play): games are finished and stored
        assert store.exists(), process.stderr.read() if process.poll() is not None else "no checkpoint in 120 s"
        os.killpg((scheduler if lost == "scheduler" else worker).pid, signal.SIGKILL)
        out, err = process.communicate(timeout=150)
    finally:
        for started in (scheduler, worker):
            with __import__("contextlib").suppress(ProcessLookupError):
                os.killpg(started.pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
    assert process.returncode == 2, err
    assert "Traceback" not in err and "internal error" not in err and "ERROR" not in err, err
    words = "lost the connection to the Dask scheduler" if lost == "scheduler" else "every worker of the Dask scheduler"
    assert words in err and f"saved in {store}" in err, err
    assert 0 < len(read(store)) < 10_000
