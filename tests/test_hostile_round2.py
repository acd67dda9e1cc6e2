"""What the second hostile review found (issue 28), fed on purpose: each case names the content or
the call, the command, and the code and exit status expected. Commands run from a designer's
folder outside the repository."""
from __future__ import annotations

import csv
import io
import os
import re
import stat
import threading

import pytest

from workbench.core import storage

from clitools import assert_no_traceback, outside_repository, run

FORMULA_START = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


@pytest.fixture
def home(tmp_path):
    return outside_repository(tmp_path)


# -- CSV: safe whatever separator the spreadsheet splits at -----------------------------------------

HOSTILE_CELLS = ["Quick Draw;=cmd|' /C calc'!A0", "Ace,=1+1", "Ace\t@SUM(A1)", "Ace|+cmd", 'Ace; "=HYPERLINK(1)"',
                 "Ace;  -cmd", "Ace\n=cmd", "Ace;\uff1dcmd", "a;b;=c;@d"]


@pytest.mark.parametrize("separator", [",", ";", "\t", "|"])
def test_no_cell_starts_a_formula_whatever_the_separator(separator):
    text = storage.neutralise_csv(
        "count,name\n" + "".join(f'1,"{cell.replace(chr(34), chr(34) * 2)}"\n' for cell in HOSTILE_CELLS))
    # a spreadsheet of another locale splits every line at its own separator and may ignore quotes
    for line in text.replace("\r", "\n").split("\n"):
        for piece in line.split(separator):
            shown = piece.strip(' "\u00a0')
            assert not shown.startswith(FORMULA_START) or NUMBER.fullmatch(shown), (separator, piece, line)
    names = [row[1] for row in csv.reader(io.StringIO(text))][1:]
    assert names[0] == "Quick Draw;'=cmd|' /C calc'!A0"  # the text is kept, only defused


def test_numbers_after_a_separator_stay_numbers():
    assert storage.neutralise_cell("2;-1") == "2;-1" and storage.neutralise_cell("1,+2.5") == "1,+2.5"


# -- output files: never replace a device, a named pipe or a link's target ---------------------------

def _device(path, minor):
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))  # 1,3 is null; 1,7 is full


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device file needs root")

PLAY = ["play", "western-legends", "--players", "2", "--seed", "1", "--rounds", "1"]


@needs_root
def test_a_log_into_a_device_writes_into_it_and_leaves_it_a_device(home):
    _device(home / "null", 3)
    result = run(*PLAY, "--log", "null", cwd=home)
    assert result.code == 0, result.err
    assert stat.S_ISCHR(os.stat(home / "null").st_mode)  # was replaced by a regular file


@needs_root
def test_a_full_disk_for_the_log_is_said_in_words_exit_2(home):
    _device(home / "full", 7)
    result = run(*PLAY, "--log", "full", cwd=home)
    assert result.code == 2 and "the disk is full" in result.err and "internal error" not in result.err, result.err
    assert stat.S_ISCHR(os.stat(home / "full").st_mode)


def test_a_log_into_a_named_pipe_nobody_reads_is_refused_exit_2(home):
    os.mkfifo(home / "pipe")
    result = run(*PLAY, "--log", "pipe", cwd=home, timeout=60)
    assert result.code == 2 and "no program is reading the named pipe" in result.err, result.err
    assert stat.S_ISFIFO(os.stat(home / "pipe").st_mode)


def test_a_log_into_a_named_pipe_a_program_reads_is_written_into_it(home):
    import select
    import subprocess
    import sys
    os.mkfifo(home / "pipe")
    reader = os.open(home / "pipe", os.O_RDONLY | os.O_NONBLOCK)  # a program reading the pipe
    proc = subprocess.Popen([sys.executable, "-m", "workbench", *PLAY, "--log", "pipe"], cwd=home,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    received = b""
    try:
        while proc.poll() is None or select.select([reader], [], [], 0)[0]:
            if select.select([reader], [], [], 0.1)[0]:
                chunk = os.read(reader, 65536)
                if not chunk and proc.poll() is not None:
                    break
                received += chunk
    finally:
        os.close(reader)
    assert proc.wait(60) == 0, proc.stderr.read()
    assert stat.S_ISFIFO(os.stat(home / "pipe").st_mode)
    assert received.count(b"\n") > 10 and received.startswith(b"{")


def test_a_symbolic_link_loop_as_output_is_said_in_words_exit_2(home):
    (home / "a").symlink_to(home / "b")
    (home / "b").symlink_to(home / "a")
    result = run(*PLAY, "--log", "a", cwd=home)
    assert result.code == 2 and "loops" in result.err and "internal error" not in result.err, result.err
    assert_no_traceback(result)


def _in_thread(function, *args, **kwargs):
    """Run ``function`` in a thread; what it returned or raised, or "blocked" after 5 s."""
    outcome = []

    def target():
        try:
            outcome.append(function(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001
            outcome.append(exc)
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(5)
    return outcome[0] if outcome else "blocked"


@pytest.mark.parametrize("save", ["create", "create-overwrite", "replace"])
def test_a_save_onto_a_named_pipe_refuses_and_never_blocks_the_folder(tmp_path, save):
    pipe = tmp_path / "deck.yaml"
    os.mkfifo(pipe)
    call = {"create": lambda: storage.create(pipe, "id: x\n"),
            "create-overwrite": lambda: storage.create(pipe, "id: x\n", overwrite=True),
            "replace": lambda: storage.replace(pipe, "id: x\n", storage.digest(b""))}[save]
    outcome = _in_thread(call)
    assert isinstance(outcome, storage.NotAFile) and "named pipe" in str(outcome), outcome
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert _in_thread(storage.create, tmp_path / "other.yaml", "id: y\n") == tmp_path / "other.yaml"


def test_map_layout_onto_a_named_pipe_is_refused_exit_2(home):
    os.mkfifo(home / "layout.yaml")
    result = run("map", "layout", "illustrative-territory", "--seed", "1", "-o", "layout.yaml", "--overwrite",
                 cwd=home, timeout=60)
    assert result.code == 2 and "named pipe" in result.err, result.err


# -- form edits: anchors, aliases and CR-only line ends ------------------------------------------------

CARD = ("kind: card\ngame: revolver\nid: &n quick-draw\nname: *n\ndeck: mcready\ntype: firepower\norigin: base\n"
        "firepower: 2\ncost: 1\nsource: {document: house-rule, section: test}\n")


def _edited(tmp_path, text, *edits):
    from workbench.notebook.editor import DocumentEditor
    path = tmp_path / "card.yaml"
    path.write_bytes(text.encode())
    editor = DocumentEditor(path)
    for field, value in edits:
        editor.set_field([field], value)
    editor.save(confirmed=True)
    return path.read_bytes().decode()


def test_a_form_edit_of_an_alias_changes_that_field_only(tmp_path):
    import yaml
    saved = _edited(tmp_path, CARD, ("name", "Quick Draw"))
    data = yaml.safe_load(saved)
    assert data["id"] == "quick-draw" and data["name"] == "Quick Draw"  # was spliced at the anchor: id rewritten
    assert saved == CARD.replace("name: *n", "name: Quick Draw")


def test_a_form_edit_of_an_anchored_field_keeps_the_anchor_or_refuses(tmp_path):
    import yaml
    from workbench.notebook.editor import DocumentEditor
    from workbench.notebook.yamledit import EditError
    alone = CARD.replace("name: *n", "name: Quick Draw")  # anchored, used nowhere
    assert yaml.safe_load(_edited(tmp_path, alone, ("id", "fast-draw")).replace("\n", "\n")) is not None
    assert "id: &n fast-draw\n" in (tmp_path / "card.yaml").read_text()  # the anchor stays
    path = tmp_path / "card.yaml"
    path.write_text(CARD)
    editor = DocumentEditor(path)
    with pytest.raises(EditError, match=r"anchored \(&n\) and used elsewhere"):
        editor.set_field(["id"], "fast-draw")  # would silently rename the card too, or leave *n dangling
    with pytest.raises(EditError, match="anchor &n that another field uses"):
        editor.set_field(["id"], "")  # removing it would leave *n dangling
    assert path.read_text() == CARD


CR_CARD = CARD.replace("&n ", "").replace("*n", "Quick Draw").replace("\n", "\r")


def test_cr_only_line_ends_remove_and_add_touch_their_own_line(tmp_path):
    import yaml
    assert yaml.safe_load(CR_CARD)["cost"] == 1  # YAML reads a lone CR as a line break
    removed = _edited(tmp_path, CR_CARD, ("firepower", ""))
    assert removed == CR_CARD.replace("firepower: 2\r", "")  # every line before it was duplicated
    added = _edited(tmp_path, CR_CARD, ("text", "Draw first."))
    assert added == CR_CARD + "text: Draw first.\r" and "\n" not in added


# -- a deck naming a card twice --------------------------------------------------------------------

TWICE = """kind: deck
game: revolver
id: twice
name: A card named twice
faction: mcready
base: mcready-fixture-base
rules: custom-decks
source: {document: house-rule, section: test}
cards:
  - {card: charlie-withers-first-deputy, count: 1}
  - {card: apache-scout, count: 4}
  - {card: fixture-carbine, count: 1}
  - {card: fixture-deputy, count: 9}
  - {card: fixture-ranger, count: 1}
  - {card: fixture-rifle, count: 19}
  - {card: fixture-order, count: 16}
  - {card: fixture-promo-order, count: 1}
  - {card: fixture-deputy, count: 10}
"""


def test_a_deck_naming_a_card_twice_counts_both_and_says_where(home):
    from workbench.core.paths import VARIANTS
    from clitools import ROOT
    (home / "twice.yaml").write_text(TWICE)
    libs = ["--library", str(VARIANTS), "--library", str(ROOT / "tests" / "corpus" / "decks"), "--library", "twice.yaml"]
    result = run("deck", "check", "twice", *libs, "--format", "json", cwd=home)
    report = result.json()
    assert result.code == 1, result.out
    repeated = [p for p in report["problems"] if p["code"] == "repeated-card"]
    assert [(p["line"], p["severity"]) for p in repeated] == [(18, "error")]  # the second entry's line
    assert "fixture-deputy" in repeated[0]["message"] and "9 + 10" in repeated[0]["message"]
    # the same 62 cards as the legal list (1+4+1+19+1+19+16+1): no size problem
    assert not [p for p in report["problems"] if p["code"] != "repeated-card"], report["problems"]
    run("deck", "export", "twice", *libs, "-o", "twice.csv", cwd=home)
    rows = list(csv.DictReader((home / "twice.csv").open(newline="")))
    assert [int(r["count"]) for r in rows if r["card"] == "fixture-deputy"] == [19]  # was 10, the last entry
    assert sum(int(r["count"]) for r in rows) == 62


# -- the audit: a log that checks nothing, or is malformed, never passes and never crashes -----------

def _audit(home, text):
    import subprocess
    import sys
    (home / "game.jsonl").write_text(text)
    proc = subprocess.run([sys.executable, "-m", "workbench.audit", "game.jsonl"], cwd=home, capture_output=True,
                          text=True, timeout=120)
    return proc


START = {"event": "start", "round": 1, "player": None, "game": "western-legends", "delta": [], "snapshot": {}}


@pytest.mark.parametrize("case, text, words", [
    ("empty log", "", "holds no events"),
    ("blank lines only", "\n\n", "holds no events"),
    ("unknown game", __import__("json").dumps({**START, "game": "poker-night"}) + "\n", "no rules for"),
    ("start event a list", "[1, 2]\n", "JSON object"),
    ("snapshot not an object", __import__("json").dumps({**START, "snapshot": 5}) + "\n", "no snapshot"),
    ("ruleset not an object", __import__("json").dumps({**START, "ruleset": [1]}) + "\n", "'ruleset' is not"),
    ("delta not a list", __import__("json").dumps(START) + "\n" + __import__("json").dumps({**START, "delta": "x"}) + "\n",
     "not a list of changes"),
    ("change without a path", __import__("json").dumps(START) + "\n" + __import__("json").dumps({**START, "delta": [{"op": 1}]}) + "\n",
     "text 'path'"),
    ("a 100,001-digit number", '{"event": "start", "round": ' + "9" * 100_001 + "}\n", "not a log line"),
])
def test_the_audit_refuses_a_log_it_cannot_check(home, case, text, words):
    proc = _audit(home, text)
    assert proc.returncode == 1, (case, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "cannot be replayed" in proc.stdout and words in proc.stdout, proc.stdout


# -- content that validated clean, then crashed or never played ---------------------------------------

def _house(home, text_from, old, new, *extra):
    from workbench.core.paths import VARIANTS
    (home / "lib").mkdir(exist_ok=True)
    (home / "lib" / "t.yaml").write_text((VARIANTS / "house-rules" / text_from).read_text().replace(old, new))
    for name in extra:
        (home / "lib" / name).write_text((VARIANTS / "house-rules" / name).read_text())
    return home / "lib"


@pytest.mark.parametrize("amount", ["0", "unknown"])
def test_a_cost_of_zero_or_unknown_validates_and_plays(home, amount):
    _house(home, "telegraph-office.yaml", "cost: {silver: 1}", f"cost: {{silver: {amount}}}", "iron-horse-politics.yaml")
    assert run("validate", "lib", cwd=home).code == 0
    for seed in ("1", "2"):  # KeyError: 'silver' / TypeError (exit 3) on these seeds
        result = run("play", "dark-horse", "--library", "lib", "--scenario", "iron-horse-politics", "--seed", seed,
                     "--format", "json", cwd=home)
        assert result.code == 0, result.out[-400:]
        start = result.json()["events"][0]
        left_out = any("left out" in a and "telegraph-office" in a for a in start["assumptions"])
        assert left_out == (amount == "unknown")  # an unknown cost cannot be paid: the space is left out, in words


def test_a_free_carnival_roll_is_a_content_problem_not_a_loop(home):
    (home / "lib").mkdir()
    (home / "lib" / "v.yaml").write_text("kind: variant\ngame: dark-horse\nid: free-carnival\nname: Free Carnival\n"
                                         "source: {document: house-rule, section: test}\n"
                                         "parameters:\n  carnival_roll_cost: {}\n")
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert result.code == 1
    [problem] = result.json()["problems"]
    assert (problem["code"], problem["line"]) == ("parameter-type", 7) and "for ever" in problem["message"]
    for cost in ("{}", "{silver: 0, food: 0}"):
        result = run("play", "dark-horse", "--set", f"carnival_roll_cost={cost}", "--seed", "1", cwd=home)
        assert result.code == 2 and "for ever" in result.err, result.err
    assert run("play", "dark-horse", "--set", "carnival_roll_cost={food: 1}", "--seed", "1", "--rounds", "1",
               cwd=home).code == 0


def test_players_min_above_max_is_reported(home):
    from workbench.core.paths import VARIANTS
    (home / "lib").mkdir()
    text = (VARIANTS / "house-rules" / "iron-horse-politics.yaml").read_text()
    assert "players: {min: 2, max: 4}" in text
    (home / "lib" / "s.yaml").write_text(text.replace("players: {min: 2, max: 4}", "players: {min: 4, max: 2}"))
    (home / "lib" / "t.yaml").write_text((VARIANTS / "house-rules" / "telegraph-office.yaml").read_text())
    result = run("validate", "lib", "--format", "json", cwd=home)
    assert result.code == 1
    errors = [p for p in result.json()["problems"] if p["severity"] == "error"]
    assert [(p["code"], p["file"].endswith("s.yaml")) for p in errors] == [("player-range", True)]


def test_a_replaces_chain_is_walked_once(monkeypatch):
    from workbench.content.library import Library
    from workbench.content.loader import load_text
    from workbench.content.scenarios import check_replacement_cycles
    n = 400
    text = "---\n".join(f"kind: action_space\ngame: dark-horse\nid: s{i}\nname: S{i}\n"
                        + (f"replaces: s{i + 1}\n" if i < n - 1 else "replaces: s200\n") for i in range(n))
    docs, _ = load_text(text)
    library = Library.from_documents(docs)
    calls = []
    real = Library.data
    monkeypatch.setattr(Library, "data", lambda self, *key: calls.append(key) or real(self, *key))
    [problem] = list(check_replacement_cycles(library))  # s200 -> ... -> s399 -> s200
    assert problem.extra["spaces"][0] == "s200" and len(problem.extra["spaces"]) == 200
    assert len(calls) <= 2 * n  # was one walk of the whole chain per space: n * n / 2 look-ups


# -- exit codes and the JSON contract ---------------------------------------------------------------

def _broken(home):
    (home / "lib").mkdir(exist_ok=True)
    (home / "lib" / "v.yaml").write_text("kind: variant\ngame: dark-horse\nid: free-carnival\nname: Free Carnival\n"
                                         "source: {document: house-rule, section: test}\n"
                                         "parameters:\n  carnival_roll_cost: {}\n  win_margin: 0\n")


def _shell(home, command):
    import shlex
    import subprocess
    import sys
    proc = subprocess.run(["bash", "-c", "set -o pipefail; " + command.replace("WB", shlex.quote(sys.executable) + " -m workbench")],
                          cwd=home, capture_output=True, text=True, timeout=120)
    return proc


def test_a_closed_pipe_keeps_the_status_of_broken_content(home):
    _broken(home)
    proc = _shell(home, "WB validate lib | head -c 1 >/dev/null")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, (proc.returncode, proc.stderr)  # was 0


@pytest.mark.parametrize("redirect, words", [(">&-", "standard output is closed"), ("> /dev/full", "the disk is full")])
@pytest.mark.parametrize("form", ["text", "json"])
def test_a_closed_or_full_standard_output_is_said_in_words(home, redirect, words, form):
    _broken(home)
    proc = _shell(home, f"WB validate lib --format {form} {redirect}")
    assert proc.returncode == 2 and words in proc.stderr and "internal error" not in proc.stderr, proc.stderr


def test_a_file_name_that_is_not_utf8_keeps_the_json_contract(home):
    import json
    import subprocess
    import sys
    _broken(home)
    os.rename(home / "lib" / "v.yaml", os.path.join(os.fsencode(home / "lib"), b"caf\xe9.yaml"))
    for env in ({}, {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}):
        proc = subprocess.run([sys.executable, "-m", "workbench", "validate", "lib", "--format", "json"], cwd=home,
                              capture_output=True, env={**os.environ, **env}, timeout=120)
        report = json.loads(proc.stdout.decode("utf-8"))  # strict UTF-8: raw bytes in a JSON string fail here
        assert proc.returncode == 1 and report["exit_code"] == 1, proc.stderr
        assert {p["file"] for p in report["problems"]} == {"lib/caf\\xe9.yaml"}


# -- balance is bounded like play ----------------------------------------------------------------------

@pytest.mark.parametrize("extra, words", [
    (["--seed", "99999999999999999999999"], "--seed: must be from 0 to"),      # OverflowError (exit 3)
    (["--option", "rounds=100000000"], "--option rounds must be from 1 to 500"),  # the step guard, exit 3
    (["--workers", "1000"], "--workers 1000 on"),                                 # 1,000 processes on 2 cores
])
def test_balance_bounds_are_usage_errors(home, extra, words):
    pytest.importorskip("dask")
    result = run("balance", "dark-horse", "--games", "2", "--no-store", "--grid", "win_margin=2,3", *extra,
                 cwd=home, timeout=120)
    assert result.code == 2 and words in result.err, result.err
