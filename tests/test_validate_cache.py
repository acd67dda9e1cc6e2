"""The answers of the checks that build boards and engines, kept between runs of `validate`
(``workbench/app/cache.py``): the same problems as checking, a changed file checked again, a
damaged entry or an unusable folder never trusted. (How much faster is in benchmarks/validate.py.)

The library is one copy of the shipped content (the benchmark's replica), with a town put off
its map, so every cached check has something to say: the map check an `off-map` error, the Dark
Horse setup search its `setup-impossible` warnings.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from clitools import benchmark
from workbench.app import cache
from workbench.app.validate import validate_paths
from workbench.content.loader import load_file

ROOT = Path(__file__).resolve().parent.parent
MAP = Path("copy-0000") / "dark-horse" / "illustrative-territory.yaml"
SCENARIOS = Path("copy-0000") / "dark-horse" / "rebels-and-rogues" / "scenarios.yaml"


def _edit(path: Path, kind: str, id_: str, change) -> None:
    documents = [d.data for d in load_file(path)[0]]
    [hit] = [d for d in documents if d.get("kind") == kind and d.get("id") == id_]
    change(hit)
    path.write_text(yaml.safe_dump_all(documents, sort_keys=False, allow_unicode=True))


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    folder = tmp_path_factory.mktemp("library")
    benchmark("validate").every_kind_library(folder, 0, copies=1)
    _edit(folder / MAP, "map", "illustrative-territory",
          lambda d: d.setdefault("pieces", []).append({"piece": "town", "player": "red", "at": [9, 9]}))
    return folder


@pytest.fixture(scope="module")
def checked(shipped):
    """The problems of checking, no cache: what every cached run must report."""
    return _rows(_run(shipped, cached=False))


@pytest.fixture
def folder(shipped, tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(tmp_path / "cache"))
    return shipped


def _run(folder, *, cached: bool):
    with cache.using(cached):
        return validate_paths([folder], workers=1).problems


def _rows(problems) -> list:
    return [json.dumps([p.code, p.file, p.line, p.column, p.path, p.message, p.severity, p.hint, p.extra],
                       sort_keys=True, default=str) for p in problems]


def _counting(monkeypatch) -> list:
    """Count the cached checks actually run (the Dark Horse setup search and the map check)."""
    from workbench.app import checks
    from workbench.games.dark_horse import setups

    ran = []
    # the requirement check the Dark Horse registry entry names (looked up there at each call)
    for module, name, said in ((setups, "requirements", "dark_horse_requirements"),):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda library, real=real, said=said: ran.append(said) or real(library))
    real_maps = checks.check_maps
    counted = lambda library: ran.append("maps") or real_maps(library)  # noqa: E731
    monkeypatch.setattr(checks, "CACHED_CHECKS", {counted: ("maps", checks._maps_checked, checks.MAP_INPUTS)})
    monkeypatch.setattr(checks, "LIBRARY_CHECKS", [counted if c is real_maps else c for c in checks.LIBRARY_CHECKS])
    return ran


def test_cached_and_uncached_runs_report_the_same_problems(folder, checked, monkeypatch):
    codes = {json.loads(row)[0] for row in checked}
    assert {"off-map", "setup-impossible"} <= codes, codes      # each cached check has its say
    ran = _counting(monkeypatch)
    cold = _run(folder, cached=True)                             # checked, and kept
    assert sorted(ran) == ["dark_horse_requirements", "maps"]
    ran.clear()
    warm = _run(folder, cached=True)                             # from the cache: nothing checked
    assert ran == []
    assert _rows(cold) == checked and _rows(warm) == checked


def test_a_changed_file_is_checked_again(folder, tmp_path, monkeypatch):
    import shutil

    library = tmp_path / "library"
    shutil.copytree(folder, library)
    before = _run(library, cached=True)
    assert [p.code for p in before].count("setup-impossible") == 2
    # Wild Wild West allowed at most 3 players: its 4-player setup is no longer searched (the file
    # that changed is a scenario file; the text alone changing, not its length, is seen too)
    _edit(library / SCENARIOS, "scenario", "wild-wild-west", lambda d: d["players"].update(max=3))
    ran = _counting(monkeypatch)
    after = _run(library, cached=True)
    assert sorted(ran) == ["dark_horse_requirements", "maps"]
    assert _rows(after) == _rows(_run(library, cached=False))
    assert _rows(after) != _rows(before)


def test_another_code_is_checked_again(folder, monkeypatch):
    _run(folder, cached=True)
    monkeypatch.setattr(cache, "code_stamp", lambda: "a workbench whose code changed")
    ran = _counting(monkeypatch)
    _run(folder, cached=True)
    assert sorted(ran) == ["dark_horse_requirements", "maps"]


def test_the_code_stamp_covers_the_workbench_modules_and_schemas():
    stamped = {path.resolve() for path in cache.stamped_files()}
    for module in ("games/dark_horse/engine.py", "games/western_legends/requirements.py", "board/graph.py",
                   "board/placement.py", "games/dark_horse/setups.py", "rules/ruleset.py"):
        assert (ROOT / "workbench" / module).resolve() in stamped, module
    assert (ROOT / "schemas" / "map.schema.json").resolve() in stamped


def test_a_damaged_entry_is_checked_again_and_written_anew(folder, checked, tmp_path, monkeypatch):
    _run(folder, cached=True)
    entries = sorted((tmp_path / "cache" / "results").glob("*.json"))
    assert sorted(e.name.rsplit("-", 1)[0] for e in entries) == ["dark-horse-setups", "maps", "western-legends-content"]
    damages = [b"", b"not json", b"{\"format\": 1, \"problems\": [{\"nonsense\": 1}]}"]  # empty, garbage, bad fields
    for entry, damage in zip(entries, damages):
        entry.write_bytes(damage)
    ran = _counting(monkeypatch)
    assert _rows(_run(folder, cached=True)) == checked
    assert sorted(ran) == ["dark_horse_requirements", "maps"]
    assert all(e.read_bytes() != damage for e, damage in zip(entries, damages))


def test_an_unusable_cache_folder_is_done_without(folder, checked, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(blocker))
    assert _rows(_run(folder, cached=True)) == checked


def test_a_warm_validate_imports_neither_networkx_nor_an_engine(tmp_path):
    # what a library with a map paid once per run (~0.15 s of networkx, the Dark Horse engine):
    # a designer's copy of the published map with a town off the map, against the published games
    import shutil

    from clitools import outside_repository

    folder = outside_repository(tmp_path)
    shutil.copy(ROOT / "variants" / "dark-horse" / "illustrative-territory.yaml", folder / "map.yaml")
    _edit(folder / "map.yaml", "map", "illustrative-territory",
          lambda d: d.setdefault("pieces", []).append({"piece": "town", "player": "red", "at": [9, 9]}))
    code = ("import sys, io, contextlib\nfrom workbench.__main__ import run\n"
            "sys.argv = ['workbench', 'validate', 'map.yaml', '--library', 'published', '--format', 'json']\n"
            "out = io.StringIO()\nwith contextlib.redirect_stdout(out):\n    status = run()\n"
            "print(status, 'networkx' in sys.modules, 'workbench.games.dark_horse.engine' in sys.modules)\n"
            "print(out.getvalue())")
    env = {**__import__("os").environ, "WORKBENCH_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, env=env,
                           timeout=120).stdout.split("\n", 1) for _ in range(2)]
    assert runs[0][0] == "1 True True", runs               # checked: the map built, the setups searched
    assert runs[1][0] == "1 False False", runs             # the same content again: from the cache
    first, second = (json.loads(run[1])["problems"] for run in runs)
    assert first == second and [p["code"] for p in first] == ["off-map"], first


def test_a_check_failing_half_way_keeps_nothing_and_hides_nothing(folder, tmp_path, monkeypatch):
    # a bug in a cached check: what it found before failing is reported, with the internal error,
    # as without the cache, and no answer is kept (the next run checks again)
    from workbench.app import checks
    from workbench.content.problems import Problem

    def half_way(library):
        yield Problem("off-map", "found before the bug", "somewhere.yaml", 1, 1)
        raise RuntimeError("a bug")

    monkeypatch.setattr(checks, "CACHED_CHECKS", {half_way: ("maps", lambda library: True, checks.MAP_INPUTS)})
    monkeypatch.setattr(checks, "LIBRARY_CHECKS", [half_way if c is checks.check_maps else c for c in checks.LIBRARY_CHECKS])
    runs = [_run(folder, cached=flag) for flag in (False, True, True)]
    assert _rows(runs[1]) == _rows(runs[0]) and _rows(runs[2]) == _rows(runs[0])
    assert {p.message for p in runs[0]} >= {"found before the bug"}
    assert [p.code for p in runs[0]].count("internal-error") == 1
    assert not list((tmp_path / "cache" / "results").glob("maps-*"))


def test_a_hook_run_on_a_card_works_out_no_key(tmp_path, monkeypatch):
    # a designer's card behind the published games: the map check builds no board, so nothing is
    # kept or looked up (the key's working-out would only cost the hook's time)
    from workbench.app import resolve

    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)          # outside the repository: no working library ./variants/

    def no_key(name, library):
        raise AssertionError(f"a key was worked out for {name}")
    monkeypatch.setattr(cache, "content_key", no_key)
    card = tmp_path / "telegraph-office.yaml"
    card.write_bytes((ROOT / "variants" / "house-rules" / "telegraph-office.yaml").read_bytes())
    result = resolve.load(resolve.sources([str(card)], ["published"], checking=True), jobs=1, cache=True)
    assert result.ok and not (tmp_path / "cache" / "results").exists()


def test_an_entry_is_written_without_a_flush_to_disk_and_a_cut_short_one_is_checked_again(
        folder, checked, tmp_path, monkeypatch):
    """A kept answer is a cache entry, not the designer's content: written atomically but not
    flushed to disk (``fsync`` costs a cold run more than the check it keeps). A crash may then
    leave it empty or cut short: such an entry is checked again, never trusted."""
    import os

    from workbench.core import storage

    flushed = []
    real = os.fsync
    # what each flush was of: a temporary file beside its target, or a folder
    monkeypatch.setattr(os, "fsync", lambda fd: (flushed.append(os.readlink(f"/proc/self/fd/{fd}")), real(fd)))
    assert _rows(_run(folder, cached=True)) == checked
    results = tmp_path / "cache" / "results"
    entries = sorted(results.glob("*.json"))
    assert entries and not [path for path in flushed if path.startswith(str(results))]
    storage.atomic_write_bytes(tmp_path / "designer.txt", b"kept")     # anything else is still flushed
    assert [path for path in flushed if path.startswith(str(tmp_path / ".designer.txt."))]
    for entry in entries:
        text = entry.read_bytes()
        entry.write_bytes(text[: len(text) // 2])
    (tmp_path / "cache" / "results" / "empty.json").write_bytes(b"")
    assert _rows(_run(folder, cached=True)) == checked
    assert all(json.loads(entry.read_text())["problems"] is not None for entry in entries)  # written anew


# -- each kept answer keyed on the documents its check reads ----------------------------------

WL_CARDS = Path("copy-0000") / "western-legends" / "cards.yaml"
DH_CARDS = Path("copy-0000") / "dark-horse" / "rebels-and-rogues" / "decks.yaml"
HEX_TYPES = Path("copy-0000") / "dark-horse" / "hex-types.yaml"


def _counting_all(monkeypatch) -> list:
    """:func:`_counting`, the Western Legends content check counted too."""
    from workbench.games.western_legends import requirements

    ran = _counting(monkeypatch)
    real = requirements.checked_once_per_ruleset
    monkeypatch.setattr(requirements, "checked_once_per_ruleset",
                        lambda library: ran.append("western_legends_requirements") or real(library))
    return ran


@pytest.fixture
def edited(folder, tmp_path):
    import shutil

    library = tmp_path / "library"
    shutil.copytree(folder, library)
    _run(library, cached=True)                                   # every answer kept
    return library


@pytest.mark.parametrize("where, kind, id_, change, rechecked", [
    # a card is read by its own game's engine check only; the map check never reads a card
    (WL_CARDS, "card", "cheat", lambda d: d.update(name="Cheat (house rule)"), ["western_legends_requirements"]),
    (DH_CARDS, "card", "land-office", lambda d: d.update(name="Land Office, revised"), ["dark_horse_requirements"]),
    # a card that declares a parameter is read by the rules in force: the maps too
    (DH_CARDS, "card", "land-office", lambda d: d.update(parameters={"office_fee": 2}),
     ["dark_horse_requirements", "maps"]),
    # a hex type: the maps and the Dark Horse setups are checked again
    (HEX_TYPES, "hex_type", "resource", lambda d: d.update(name="Resource Hex, revised"),
     ["dark_horse_requirements", "maps"]),
    # the map: its town put back on the map, so its `off-map` error goes
    (MAP, "map", "illustrative-territory", lambda d: d["pieces"].pop(), ["dark_horse_requirements", "maps"]),
])
def test_an_edit_checks_again_exactly_the_answers_that_read_it(edited, monkeypatch, where, kind, id_, change,
                                                               rechecked):
    before = _run(edited, cached=True)
    _edit(edited / where, kind, id_, change)
    ran = _counting_all(monkeypatch)
    after = _run(edited, cached=True)
    assert sorted(ran) == rechecked
    assert _rows(after) == _rows(_run(edited, cached=False))    # never a stale answer
    if kind == "map":
        assert [p.code for p in before].count("off-map") == 1 and "off-map" not in [p.code for p in after]


class _Watched(dict):
    """A document's data that notes every key read (and whether it was read whole)."""

    def __init__(self, data, seen):
        super().__init__(data)
        self.seen = seen

    def __getitem__(self, key):
        self.seen.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.seen.add(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.seen.add(key)
        return super().__contains__(key)

    def __iter__(self):
        self.seen.add("*whole*")
        return super().__iter__()

    keys = items = values = __len__ = copy = None   # set below: each reads the whole

    def __eq__(self, other):
        self.seen.add("*whole*")
        return super().__eq__(other)

    __hash__ = None


for _name in ("keys", "items", "values", "__len__", "copy"):
    def _whole(self, *args, _name=_name):
        self.seen.add("*whole*")
        return getattr(dict, _name)(self, *args)
    setattr(_Watched, _name, _whole)


@pytest.mark.parametrize("check_name", ["maps", "dark-horse-setups", "western-legends-content"])
def test_each_kept_check_reads_nothing_of_the_library_but_its_inputs(folder, check_name):
    """What shows the inputs of each kept answer: with every document's data watched, the check
    on the whole library reads of the other documents only whether they declare a parameter (they
    do not), asks for no kind or game outside its inputs, and answers the same on its inputs alone."""
    import copy

    from workbench.app import checks
    from workbench.app.cache import InputLibrary
    from workbench.board.checks import check_maps
    from workbench.content.library import Library

    from workbench.games import GAMES

    kept = {e.requirements_kept: e for e in GAMES.values() if e.requirements_kept}
    check, inputs = ((check_maps, checks.MAP_INPUTS) if check_name == "maps" else
                     (kept[check_name].requirements, checks.requirement_inputs(kept[check_name])))
    shipped = validate_paths([folder], workers=1).library
    seen: dict = {}
    documents = []
    for document in shipped.documents:
        watched = copy.copy(document)
        object.__setattr__(watched, "data", _Watched(document.data, seen.setdefault(id(watched), set())))
        documents.append(watched)
    asked: list = []

    class Asking(Library):
        def get(self, game, kind, id):
            asked.append((kind, game))
            return super().get(game, kind, id)

        def of_kind(self, kind, game=None):
            asked.append((kind, game))
            return super().of_kind(kind, game)

    library = Asking.from_documents(documents)
    whole = list(check(library))
    part = InputLibrary(library, inputs)
    ids = {id(d) for d in part.documents}
    others = [d for d in documents if id(d) not in ids]
    assert others and part.documents           # the inputs leave documents out, and are some
    # of the others, only whether they declare anything was asked, and they declare nothing
    read = {(d.kind, d.id): seen[id(d)] for d in others if seen[id(d)]}
    assert all(keys <= {"parameters", "assumptions"} for keys in read.values()), read
    assert not [d for d in others if seen[id(d)] & set(dict.keys(d.data))]
    assert asked and all(inputs.allows(kind, game) for kind, game in asked), set(asked)
    assert _rows(list(check(part))) == _rows(whole) and not part.strayed


def test_a_check_that_strays_outside_its_inputs_is_keyed_on_the_whole_library(edited, monkeypatch):
    """A check asking for a kind outside its inputs (here the cards) would answer on a library
    without them: it is checked on the whole library, keyed on it, and a card edited is checked
    again; the entry of its inputs says so, so that a run on the same content checks nothing."""
    from workbench.app import checks
    from workbench.content.problems import Problem

    ran = []

    def counting_cards(library):
        ran.append(1)
        for card in library.of_kind("card", "western-legends"):
            yield Problem("off-map", f"a card named {card.data.get('name')}", card.file, 1, 1)

    monkeypatch.setattr(checks, "CACHED_CHECKS",
                        {counting_cards: ("card-names", lambda library: True, checks.MAP_INPUTS)})
    monkeypatch.setattr(checks, "LIBRARY_CHECKS", [counting_cards if c is checks.check_maps else c
                                                   for c in checks.LIBRARY_CHECKS])
    named = lambda problems: sorted(p.message for p in problems if p.message.startswith("a card named"))  # noqa: E731
    first = named(_run(edited, cached=True))
    assert len(first) == 4 and "a card named Cheat" in first and len(ran) == 2   # on its inputs, then whole
    assert named(_run(edited, cached=True)) == first and len(ran) == 2           # kept
    _edit(edited / WL_CARDS, "card", "cheat", lambda d: d.update(name="Cheat (house rule)"))
    after = named(_run(edited, cached=True))
    assert "a card named Cheat (house rule)" in after and after == named(_run(edited, cached=False))
    markers = [json.loads(p.read_text()) for p in (edited.parent / "cache" / "results").glob("card-names-*.json")]
    assert {"format": cache._FORMAT, "whole": True} in [{k: v for k, v in m.items() if k != "key"} for m in markers]


def test_a_kept_answer_someone_else_could_write_never_changes_the_verdict(folder, checked, tmp_path):
    """A kept answer decides what `validate` says: it is read only as this user's own file that
    nobody else may write, in a folder nobody else may rename it in, and only for the key it
    names. A forged "no problems" for the map with a town off it (planted in a shared cache
    folder, or one of this user's answers for other content moved to its name) is checked again."""
    results = tmp_path / "cache" / "results"
    _run(folder, cached=True)
    [entry] = results.glob("maps-*.json")
    key = entry.stem.rsplit("-", 1)[1]
    # the fixture put a town at (9, 9), off the published map: an error, whatever the cache says
    off_map = [row for row in checked if json.loads(row)[0] == "off-map"]
    assert off_map and json.loads(off_map[0])[6] == "error"
    forged = json.dumps({"format": cache._FORMAT, "key": key, "problems": []})
    # the forgery is of the right shape: as this user's own entry it would be believed
    entry.write_text(forged)
    assert not [row for row in _rows(_run(folder, cached=True)) if json.loads(row)[0] == "off-map"]
    for plant in ("writable by others", "a link", "in a folder others may write into", "moved from another key"):
        entry.unlink()
        results.chmod(0o755)
        if plant == "writable by others":
            entry.write_text(forged)
            entry.chmod(0o666)
        elif plant == "a link":
            elsewhere = tmp_path / "elsewhere.json"
            elsewhere.write_text(forged)
            elsewhere.chmod(0o600)
            entry.symlink_to(elsewhere)
        elif plant == "in a folder others may write into":
            entry.write_text(forged)
            entry.chmod(0o600)
            results.chmod(0o777)
        else:                   # this user's own answer, for other content (another key)
            entry.write_text(forged.replace(key, "0" * len(key)))
            entry.chmod(0o600)
        assert _rows(_run(folder, cached=True)) == checked, plant
        assert not entry.is_symlink() and entry.stat().st_mode & 0o777 == 0o600, plant     # written anew
        assert json.loads(entry.read_text())["problems"] and json.loads(entry.read_text())["key"] == key, plant
