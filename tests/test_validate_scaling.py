"""Validate stays linear in a large library: Dark Horse setups and maps with the same content are
checked once (``workbench/games/dark_horse/setups.py``, ``board.checks.check_maps``), and the problems are the
same as checking every one (how fast is in ``benchmarks/validate.py``, never here).

The library is the benchmark's every-kind replica of the shipped content (two copies, ids renamed),
with two copies made to differ: a scenario of the second copy allows fewer players, and a map of
the second copy holds a town off the map.
"""
import json
from pathlib import Path

import pytest
import yaml

from clitools import benchmark
from workbench.app import checks as app_checks
from workbench.app.validate import validate_paths
from workbench.board import checks as board_checks
from workbench.content.loader import load_file
from workbench.games.checks import check_rulesets as games_rulesets

ROOT = Path(__file__).resolve().parent.parent


def _edit(path: Path, kind: str, id_: str, change) -> None:
    documents = [d.data for d in load_file(path)[0]]
    hits = [d for d in documents if d.get("kind") == kind and d.get("id") == id_]
    assert len(hits) == 1, (path, kind, id_)
    change(hits[0])
    path.write_text(yaml.safe_dump_all(documents, sort_keys=False, allow_unicode=True))


@pytest.fixture(scope="module")
def replica(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replica")
    written = benchmark("validate").every_kind_library(folder, 0, copies=2)  # two copies, however large the shipped library
    copy = folder / "copy-0001" / "dark-horse"
    _edit(copy / "rebels-and-rogues" / "scenarios.yaml", "scenario", "wild-wild-west-c1",
          lambda d: d["players"].update(max=3))
    _edit(copy / "illustrative-territory.yaml", "map", "illustrative-territory-c1",
          lambda d: d.setdefault("pieces", []).append({"piece": "town", "player": "red", "at": [9, 9]}))
    return folder, written


def engine_rulesets(library):
    """The ruleset checks with each engine's plain requirement check: every Dark Horse setting built
    and searched, every Western Legends ruleset checked (no setup or ruleset checked once)."""
    from workbench.games.dark_horse.requirements import requirements as dark_horse
    from workbench.games.western_legends.requirements import requirements as western_legends

    yield from games_rulesets(library, requirements={"dark-horse": dark_horse, "western-legends": western_legends})


def _every_map(library):
    """The map check without the cache: each map on its own."""
    for document in library.of_kind("map"):
        if board_checks._schema_ok(document):
            yield from board_checks.map_report(library, document, in_force=False).problems


def _located(problems) -> set:
    return {json.dumps([p.code, p.file, p.line, p.column, p.path, p.message, p.severity, p.hint, p.extra],
                       sort_keys=True, default=str) for p in problems}


def test_the_problems_are_those_of_checking_every_setup_and_map(replica, monkeypatch):
    folder, written = replica
    assert written > 500
    cached = validate_paths([folder], workers=1).problems
    checks = [engine_rulesets if c is app_checks.check_rulesets else _every_map if c is board_checks.check_maps else c
              for c in app_checks.LIBRARY_CHECKS]
    assert engine_rulesets in checks and _every_map in checks
    monkeypatch.setattr(app_checks, "LIBRARY_CHECKS", checks)
    every = validate_paths([folder], workers=1).problems
    assert _located(cached) == _located(every)
    assert len(cached) == len(every)
    # the two differences are seen where they are written: the first copy's Wild Wild West cannot
    # be set up for 3 or 4 players, the second copy's (at most 3 players) for 3; one map is broken
    setups = sorted((Path(p.file).parts[-4], p.extra["players"]) for p in cached if p.code == "setup-impossible")
    assert setups == [("copy-0000", 3), ("copy-0000", 4), ("copy-0001", 3)]
    off = [p for p in cached if p.code == "off-map"]
    assert [Path(p.file).relative_to(folder).as_posix() for p in off] == ["copy-0001/dark-horse/illustrative-territory.yaml"]


def test_each_distinct_setup_is_searched_once(replica, monkeypatch):
    from workbench.games.dark_horse.engine import DarkHorse

    folder, _ = replica
    built = []
    original = DarkHorse.build.__func__

    def counting(cls, library, **kwargs):
        built.append(kwargs.get("scenario"))
        return original(cls, library, **kwargs)

    monkeypatch.setattr(DarkHorse, "build", classmethod(counting))
    library = validate_paths([folder], workers=1).library
    scenarios = [d.id for d in library.of_kind("scenario", "dark-horse")]
    assert len(scenarios) == 10            # five per copy
    # the second copy's scenarios are the first copy's setups, but for the one allowing fewer players
    assert sorted(map(str, built)) == sorted(map(str, [None, *[s for s in scenarios if not s.endswith("-c1")],
                                                       "wild-wild-west-c1"]))


def test_a_hook_run_on_an_action_space_builds_no_engine(tmp_path):
    # a house-rule action space changes no setup: the Dark Horse engine (and its setup search) is
    # not even imported, as before the setups were cached (the hook's time is in benchmarks/)
    import shutil
    import subprocess
    import sys

    from clitools import EXAMPLES, outside_repository

    folder = outside_repository(tmp_path)
    shutil.copy(EXAMPLES / "telegraph-office.yaml", folder / "telegraph-office.yaml")
    code = ("import sys\nfrom workbench.__main__ import run\n"
            "sys.argv = ['workbench', 'validate', 'telegraph-office.yaml', '--library', 'published']\n"
            "status = run()\nprint(status, 'workbench.games.dark_horse.engine' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=120)
    assert done.stdout.split()[-2:] == ["0", "False"], (done.stdout, done.stderr)


def test_a_run_that_builds_no_board_does_not_import_networkx(tmp_path):
    # networkx is imported where a board is built (its import was ~0.1 s of every short run):
    # a Revolver rules file, and a variant whose placement rule id is misspelt (the rule registry
    # is read, no board is built), are checked without it, and the misspelling is still reported
    import subprocess
    import sys

    from clitools import outside_repository

    folder = outside_repository(tmp_path)
    (folder / "whole-game.yaml").write_bytes((ROOT / "variants" / "revolver" / "whole-game.yaml").read_bytes())
    (folder / "fences.yaml").write_text(
        "kind: variant\ngame: revolver\nid: fences\nname: Fences\n"
        "source: {document: house-rule, section: Fences}\nplacement_rules: [one-town-per-hexx]\n")
    code = ("import sys\nfrom workbench.__main__ import run\n"
            "sys.argv = ['workbench', 'validate', sys.argv[1], '--library', 'published', '--format', 'json']\n"
            "status = run()\nprint(status, 'networkx' in sys.modules)")
    for name, status, codes in (("whole-game.yaml", "0", []), ("fences.yaml", "1", ["unknown-rule"])):
        done = subprocess.run([sys.executable, "-c", code, name], cwd=folder, capture_output=True, text=True,
                              timeout=120)
        report, tail = done.stdout.rsplit("\n", 2)[0], done.stdout.split()[-2:]
        assert tail == [status, "False"], (name, done.stdout, done.stderr)
        assert [p["code"] for p in json.loads(report)["problems"]] == codes, report


def _counting_checks(monkeypatch):
    """Count the compiled schema checks run, by the data object checked."""
    from collections import Counter

    from workbench.content import schemas

    asked: Counter = Counter()
    original = schemas.fast_check

    def fast_check(kind):
        check = original(kind)

        def counted(data):
            asked[id(data)] += 1
            return check(data)
        return counted

    monkeypatch.setattr(schemas, "fast_check", fast_check)
    return asked


def test_each_document_is_schema_checked_once(replica, monkeypatch):
    # the maps', the decks' and the Dark Horse setups' checks judge only documents that pass their
    # schema: they are answered from the check made when loading, not by checking again
    folder, _ = replica
    asked = _counting_checks(monkeypatch)
    library = validate_paths([folder], workers=1).library
    assert len(library.of_kind("map")) >= 4 and len(library.of_kind("deck")) >= 4
    assert len(asked) == len(library.documents)
    assert max(asked.values()) == 1, sorted(asked.values())[-5:]


def test_a_changed_document_is_schema_checked_again(monkeypatch):
    from workbench.content import schemas
    from workbench.content.loader import load_text

    text = (ROOT / "variants" / "dark-horse" / "illustrative-territory.yaml").read_text()
    document = next(d for d in load_text(text, "territory.yaml")[0] if d.kind == "map")
    asked = _counting_checks(monkeypatch)
    assert schemas.schema_valid(document) and schemas.schema_valid(document)
    assert sum(asked.values()) == 1                      # asked twice, checked once
    # the same document with other content: its data replaced (the map schema requires a name),
    # or loaded again from changed text, is checked again and fails
    good = document.data
    document.data = {k: v for k, v in good.items() if k != "name"}
    assert not schemas.schema_valid(document)
    changed = load_text(text.replace("\nname:", "\nnaem:", 1), "territory.yaml")[0]
    assert not schemas.schema_valid(next(d for d in changed if d.kind == "map"))
    assert sum(asked.values()) == 3
    # under other schemas (a plugin's effects registered since) the answer is not reused either
    document.data = good
    assert schemas.schema_valid(document)
    monkeypatch.setattr(schemas, "_GENERATION", [b"other schemas"])
    assert schemas.schema_valid(document) and sum(asked.values()) == 5


def test_a_hook_run_checks_no_published_deck_or_text_again(tmp_path, monkeypatch):
    # the published games behind a designer's file are known clean and never reported: the deck,
    # text-length and amount checks (whose problems are located in the document checked) skip
    # them; the designer's own deck and texts are still checked and reported
    from workbench.content.published import published_documents
    from workbench.core import limits
    from workbench.decks import rules

    decks, texts, bags = [], [], []

    def counting(original, seen):
        def counted(*args, **kwargs):
            if seen is decks:
                seen.append(args[1])
            elif seen is bags or args[1] == []:     # a document's walk, not the walk's own steps
                seen.append(args[0])
            return original(*args, **kwargs)
        return counted

    for module, name, seen in ((rules, "check_deck", decks), (limits, "_long_texts", texts), (limits, "_bags", bags)):
        monkeypatch.setattr(module, name, counting(getattr(module, name), seen))
    folder = tmp_path / "house"
    folder.mkdir()
    deck = (ROOT / "variants" / "house-rules" / "mcready-sharpshooters.yaml").read_text()
    (folder / "deck.yaml").write_text(deck.replace("\nname:", "\nnotes: '" + "x" * 12000 + "'\nname:", 1))
    background = published_documents()
    assert any(d.kind == "deck" for d in background)
    result = validate_paths([folder], workers=1, background=background)
    assert [d.data.get("id") for d in decks] == ["mcready-sharpshooters"]
    assert texts == [result.documents[0].data] and bags == [result.documents[0].data]
    assert [(p.code, p.path) for p in result.problems if p.code == "size-limit"] == [("size-limit", "$.notes")]


def test_each_setting_starts_from_the_declarations_without_changing_them(tmp_path):
    # the declared values and origins are made once per library and copied by every resolve: a
    # variant's value in one setting never shows in the next, and a library with the declaration
    # changed resolves the new value (the rules file declares win_margin: 2)
    from workbench.games import GAMES
    from workbench.rules.ruleset import resolve

    shipped = ROOT / "variants" / "dark-horse"
    house = ROOT / "variants" / "house-rules" / "deadlier-gunfights.yaml"
    spec = GAMES["dark-horse"].spec()
    library = validate_paths([shipped, house], workers=1).library
    before, _ = resolve(library, "dark-horse", spec)
    varied, _ = resolve(library, "dark-horse", spec, variants=["deadlier-gunfights"])
    after, _ = resolve(library, "dark-horse", spec)
    assert (before["win_margin"], varied["win_margin"], after["win_margin"]) == (2, 1, 2)
    assert after.origin("win_margin").layer == "declared" and varied.origin("win_margin").layer == "variant"
    rules = tmp_path / "rules.yaml"
    rules.write_text((shipped / "rebels-and-rogues" / "rules.yaml").read_text().replace("  win_margin: 2\n",
                                                                                         "  win_margin: 3\n", 1))
    others = [p for p in shipped.rglob("*.yaml") if p.name != "rules.yaml" or p.parent.name != "rebels-and-rogues"]
    changed = validate_paths([*others, rules], workers=1).library
    assert resolve(changed, "dark-horse", spec)[0]["win_margin"] == 3


def test_the_benchmark_reaches_each_size_in_the_fewest_whole_copies(replica, tmp_path):
    # the smallest size asked for (500) came out at one copy (339 documents): a size is a floor
    bench = benchmark("validate")
    folder, two = replica                                                # two copies
    # the documents of one copy, as written (the size of any library up to one copy)
    one = sum(1 for path in (folder / "copy-0000").rglob("*.yaml")
              for _ in yaml.load_all(path.read_text(), Loader=yaml.CSafeLoader))
    assert two < 2 * one                                                 # a later copy has no `game` document
    first, later = one, two - one
    for size, copies in ((0, 1), (one, 1), (one + 1, 2), (two, 2), (two + 1, 3), (one + 10 * later, 11),
                         (one + 10 * later + 1, 12)):
        assert bench.copies_for(size, first, later) == copies, size
        assert first + (copies - 1) * later >= size > first + (copies - 2) * later if copies > 1 else size <= first


def _collections_while_loaded(monkeypatch, tmp_path, cache: str) -> tuple[list, bool]:
    """Run `validate` in this process on one copy of the shipped content: for each collection of
    the cyclic collector, whether the library loaded was still alive; whether it was freed, and
    whether it was left frozen (then unfrozen)."""
    import gc
    import weakref

    from workbench.app import resolve
    from workbench.cli import main

    alive: list = []
    load = resolve.load

    def remembering(*args, **kwargs):
        result = load(*args, **kwargs)
        alive.append(weakref.ref(result.library))
        return result

    seen: list = []

    def collecting(phase, info):
        if phase == "start" and alive:
            seen.append(alive[-1]() is not None)

    monkeypatch.setattr(resolve, "load", remembering)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", cache)
    enabled = gc.isenabled()
    gc.callbacks.append(collecting)
    try:
        assert main(["validate", "--jobs", "1", "--no-published", "--format", "json", "lib"]) == 0
        gc.collect(0)       # a collection after the command at least
        freed = alive[-1]() is None
        # alive and tracked, yet in none of the collector's generations: frozen
        frozen = not freed and all(found is not alive[-1]() for found in gc.get_objects())
    finally:
        gc.callbacks.remove(collecting)
        gc.unfreeze()
    assert gc.isenabled() == enabled
    return seen, freed, frozen


def test_validate_frees_the_library_before_the_collector_runs(tmp_path, monkeypatch):
    """The command pauses the cyclic collector until the loaded library is freed: a collection
    while it lives scans every object loaded and finds hardly a cycle (40-50 ms at 5,000
    documents). With the answers kept (no engine built) the library is freed before any
    collection; in the `workbench` process, whatever the engines' cycles keep is frozen, never
    scanned; called from a longer-lived process, it is collected as usual."""
    from workbench.cli import common

    benchmark("validate").every_kind_library(tmp_path / "lib", 0, copies=1)
    cache = str(tmp_path / "cache")
    seen, freed, _ = _collections_while_loaded(monkeypatch, tmp_path, cache)   # keeps the answers
    assert freed        # the engines' cycles hold the inputs of their check, collected as usual
    seen, freed, _ = _collections_while_loaded(monkeypatch, tmp_path, cache)   # kept answers: no engine
    assert freed and seen and not any(seen)
    monkeypatch.setattr(common, "ONE_SHOT", True)
    _, freed, frozen = _collections_while_loaded(monkeypatch, tmp_path, "off")  # engines on the library
    assert not freed and frozen
    monkeypatch.setattr(common, "ONE_SHOT", False)
    seen, freed, _ = _collections_while_loaded(monkeypatch, tmp_path, "off")
    assert freed and any(seen)          # in a longer-lived process: collected as usual


def test_locating_composes_a_file_only_as_far_as_the_document_asked_for(monkeypatch):
    # a problem in the 3rd of 40 documents composes 3 documents, never the other 37; the lines
    # come from how the text is made (document i starts on line 2 + 4 i), and a later lookup in the
    # same file goes on from there: every document of the file is composed once at most
    from workbench.content import loader

    text = "".join(f"---\nkind: card\ngame: revolver\nid: c{i}\n" for i in range(40))
    docs, _ = loader.load_text(text, "many.yaml")
    composed = []
    real = loader._Stream.node

    def counting(self, index):
        before = len(self.nodes)
        found = real(self, index)
        composed.append(len(self.nodes) - before)
        return found

    monkeypatch.setattr(loader._Stream, "node", counting)
    loader._compose_stream.cache_clear()
    assert docs[2].locate(["id"]) == (2 + 4 * 2 + 2, 5)
    assert composed == [3]
    assert [docs[i].locate(["game"]) for i in (39, 10)] == [(2 + 4 * 39 + 1, 7), (2 + 4 * 10 + 1, 7)]
    assert sum(composed) == 40


def test_a_stream_that_defines_an_anchor_again_is_located_as_it_was_loaded():
    # YAML allows an anchor defined again (libyaml refuses it: the file is read with the
    # pure-Python loader, and located with it); positions by hand from the text
    from workbench.content import loader

    text = "kind: card\nx: 0\n---\nkind: card\nb:   &a 1\nd: &a 2\nc: *a\n"
    docs, problems = loader.load_text(text, "again.yaml")
    assert problems == [] and docs[1].data == {"kind": "card", "b": 1, "d": 2, "c": 2}
    assert docs[0].source.redefines
    loader._compose_stream.cache_clear()
    assert docs[1].locate(["b"]) == (5, 6) and docs[1].locate(["d"]) == (6, 4)
    assert docs[1].locate(["c"], key=True) == (7, 1)
    assert docs[0].locate(["x"]) == (2, 4)
