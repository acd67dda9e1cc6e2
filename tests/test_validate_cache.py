"""The answers of the checks that build boards and engines, kept between runs of `validate`
(``workbench/app/cache.py``): the same problems as checking, a changed file checked again, a
damaged entry or an unusable folder never trusted. (How much faster is in benchmarks/validate.py.)

The library is one copy of the shipped content (the benchmark's replica), with a town put off
its map, so every cached check has something to say: the map check an `off-map` error, the Dark
Horse setup search its `setup-impossible` warnings.
"""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from workbench.app import cache
from workbench.app.validate import validate_paths
from workbench.content.loader import load_file

ROOT = Path(__file__).resolve().parent.parent
MAP = Path("copy-0000") / "dark-horse" / "illustrative-territory.yaml"
SCENARIOS = Path("copy-0000") / "dark-horse" / "rebels-and-rogues" / "scenarios.yaml"


def _benchmark():
    spec = importlib.util.spec_from_file_location("validate_benchmark", ROOT / "benchmarks" / "validate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _edit(path: Path, kind: str, id_: str, change) -> None:
    documents = [d.data for d in load_file(path)[0]]
    [hit] = [d for d in documents if d.get("kind") == kind and d.get("id") == id_]
    change(hit)
    path.write_text(yaml.safe_dump_all(documents, sort_keys=False, allow_unicode=True))


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    folder = tmp_path_factory.mktemp("library")
    _benchmark().every_kind_library(folder, 0, copies=1)
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

    ran = []
    for module, name in ((checks, "dark_horse_requirements"),):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda library, real=real, name=name: ran.append(name) or real(library))
    real_maps = checks.check_maps
    counted = lambda library: ran.append("maps") or real_maps(library)  # noqa: E731
    monkeypatch.setattr(checks, "CACHED_CHECKS", {counted: ("maps", checks._maps_checked)})
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
                   "board/placement.py", "app/setups.py", "rules/ruleset.py"):
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

    monkeypatch.setattr(checks, "CACHED_CHECKS", {half_way: ("maps", lambda library: True)})
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
