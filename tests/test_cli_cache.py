"""The caches behind a fast hook run: compiled schema checks and the loaded published library.
A cache may make a run faster, never different: damaged or missing caches are rebuilt, an
unusable cache folder is done without, and worker processes do not build the checks again. The
published library's entry is data (JSON): a hostile file in the cache folder runs no code."""
import ast
import hashlib
import json
import os
import pickle
import re
import sys
from pathlib import Path

import fastjsonschema
import pytest

from clitools import EXAMPLES, ROOT, assert_no_traceback, outside_repository, run
from workbench.app import resolve
from workbench.content import published, schemas, validate
from workbench.content.library import Library
from workbench.content.loader import load_file
from workbench.app.validate import validate_paths


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(folder))
    schemas.fast_check.cache_clear()
    yield folder
    schemas.fast_check.cache_clear()


def _documents():
    for path in sorted((ROOT / "tests" / "corpus").rglob("*.yaml")) + sorted((ROOT / "variants").rglob("*.yaml")):
        docs, _ = load_file(path)
        yield from (d for d in docs if d.kind in schemas.load_schemas())


def _verdict(check, data) -> bool:
    try:
        check(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def test_cached_checks_agree_with_freshly_compiled_ones(cache):
    documents = list(_documents())
    assert sum(1 for _ in documents) > 200
    for kind in schemas.kinds():
        fresh = fastjsonschema.compile(schemas._fast_schema(kind))
        first = schemas._compiled_code(kind)    # generated and stored
        second = schemas._compiled_code(kind)   # read back
        for document in (d for d in documents if d.kind == kind):
            expected = _verdict(fresh, document.data)
            for cached in (first, second):
                try:
                    cached(document.data)
                    verdict = True
                except ValueError:
                    verdict = False
                assert verdict == expected, (kind, document.file)
    assert len(list((cache / "validators").glob("*.marshal"))) == len(schemas.kinds())


def test_a_damaged_cache_file_is_rebuilt(cache):
    schemas._compiled_code("card")
    [stored] = (cache / "validators").glob("card-*.marshal")
    stored.write_bytes(b"not bytecode at all")
    check = schemas._compiled_code("card")
    assert check is not None and stored.read_bytes() != b"not bytecode at all"
    with pytest.raises(ValueError):
        check({"kind": "card"})  # missing required fields


def test_an_unusable_cache_folder_is_done_without(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(blocker))
    schemas.fast_check.cache_clear()
    try:
        assert schemas._compiled_code("card") is None
        result = validate_paths([ROOT / "tests" / "corpus" / "negative" / "schema-errors"])
        assert result.errors and all(p.line for p in result.errors)
    finally:
        schemas.fast_check.cache_clear()
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", "off")
    assert schemas._compiled_code("card") is None


def _paths(value, path=()):
    """Every path into a document's data (mappings and lists), the document itself first."""
    yield list(path)
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


def test_the_published_library_read_from_the_cache_equals_a_fresh_load(cache, monkeypatch):
    first = resolve.published_documents()                     # loaded, checked and stored
    assert first
    [stored] = cache.glob("published-*.json")
    assert not list(cache.glob("published-*.pickle"))

    def no_loading(name):
        raise AssertionError(f"{name} was loaded again: the cache was not used")

    monkeypatch.setattr(validate, "check_file", no_loading)
    cached = resolve.published_documents()                     # read back from the entry
    monkeypatch.undo()
    # a fresh load of every published file, without the cache (the loader alone)
    fresh = [d for name in published.published_files() for d in load_file(name)[0]]
    assert len(cached) == len(fresh) > 300 and first == fresh
    assert {Path(d.file).parts[-2] for d in fresh} >= {"dark-horse", "revolver", "western-legends"}
    assert not any("house-rules" in Path(d.file).parts for d in fresh)  # examples are not published
    positions = 0
    for got, want in zip(cached, fresh):
        # data, file, text, place in the stream, position, kind, id and game
        assert got == want
        assert (type(got.line), type(got.column), type(got.index)) == (int, int, int)
        for path in _paths(want.data):
            assert got.locate(path) == want.locate(path), (want.file, path)
            if path:
                assert got.locate(path, key=True) == want.locate(path, key=True), (want.file, path)
            positions += 1
    assert positions > 5_000   # every value of every document, not only their starts
    # documents of one file share one source, as after a load
    assert len({id(d.source) for d in cached}) == len({d.file for d in cached})
    # and the library built from them is the one built from a fresh load
    published.published_library.cache_clear()
    try:
        assert published.published_library() == Library.from_documents(
            d for d in fresh if d.kind in schemas.load_schemas())
    finally:
        published.published_library.cache_clear()
    assert cache.glob("published-*.json") and stored.exists()


class _RunsCode:
    """Unpickled, it creates the file ``marker``: what a hostile entry would do."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _entry(body: bytes, key: str) -> bytes:
    """An entry whose header is right for ``body`` (format, key, digest), whatever the body holds."""
    header = {"format": published._CACHE_FORMAT, "key": key, "sha256": hashlib.sha256(body).hexdigest()}
    return json.dumps(header).encode() + b"\n" + body


def _changed(pattern: bytes, into: bytes, body: bytes) -> bytes:
    changed = re.sub(pattern, into, body, count=1)
    assert changed != body, pattern
    return changed


def _hostile(kind: str, good: bytes, key: str, marker: Path) -> bytes:
    body = good.partition(b"\n")[2]
    if kind == "pickle payload":
        return pickle.dumps(_RunsCode(marker))
    if kind == "garbage bytes":
        return bytes(range(256)) * 4
    if kind == "empty file":
        return b""
    if kind == "JSON of the wrong shape":
        return b'{"wrong": "shape"}'
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "last byte cut":
        return good[:-1]
    if kind == "one letter changed":                           # valid JSON, the right shape, damaged
        return _changed(rb'"game":"dark-horse"', b'"game":"dark-horze"', good)
    if kind == "another key":
        return _changed(key.encode(), b"0" * len(key), good)
    # the header right for the body (a digest recomputed): the body's shape alone must refuse it
    body = {"right digest, wrong shape": b'[["a", "b"]]',
            "right digest, a file too few": json.dumps(json.loads(body)[:-1]).encode(),
            "right digest, a line as text": _changed(rb",\[\[0,(\d+),", rb',[[0,"\1",', body),
            "right digest, a negative column": _changed(rb",\[\[0,(\d+),1,", rb",[[0,\1,-1,", body),
            "right digest, NaN": _changed(rb'"kind":"action_space"', b'"kind":NaN', body),
            "right digest, 1e999": _changed(rb'"kind":"action_space"', b'"kind":1e999', body),
            "right digest, nested without end": b"[" * 100_000 + b"]" * 100_000}[kind]
    return _entry(body, key)


HOSTILE = ["pickle payload", "garbage bytes", "empty file", "JSON of the wrong shape", "truncated", "last byte cut",
           "one letter changed", "another key", "right digest, wrong shape", "right digest, a file too few",
           "right digest, a line as text", "right digest, a negative column", "right digest, NaN", "right digest, 1e999",
           "right digest, nested without end"]


@pytest.fixture(scope="module")
def few_files():
    """Three published files (one of them the Dark Horse action spaces), their bytes, key and
    fresh load: a damaged entry rebuilt costs a fraction of the whole library."""
    names = [n for n in published.published_files() if n.endswith(("action-spaces.yaml", "game.yaml"))][:3]
    assert any(n.endswith("action-spaces.yaml") for n in names)
    texts = {n: Path(n).read_bytes() for n in names}
    return texts, published._cache_key(texts), {n: load_file(n)[0] for n in names}


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_or_damaged_entry_is_loaded_again_and_rewritten(cache, tmp_path, few_files, kind):
    texts, key, fresh = few_files
    good = published._encode(key, fresh)                       # the entry a load of these files stores
    cache.mkdir()
    entry = cache / f"published-{key}.json"
    marker = tmp_path / "code-ran"
    hostile = _hostile(kind, good, key, marker)
    assert hostile != good
    entry.write_bytes(hostile)
    assert published._cached(texts) == fresh                   # loaded again, never a traceback
    assert not marker.exists()                                 # no code ran
    assert entry.read_bytes() == good                          # and written anew
    assert published._read(entry, key, texts) == fresh


def test_the_pickle_payload_would_run_code_if_it_were_unpickled(tmp_path):
    # the hostile entry above is hostile: unpickling it creates the marker
    marker = tmp_path / "code-ran"
    pickle.loads(pickle.dumps(_RunsCode(marker)))
    assert marker.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_or_a_link_planted_as_the_entry_is_replaced_never_read_or_followed(cache, tmp_path, few_files):
    texts, key, fresh = few_files
    cache.mkdir()
    entry = cache / f"published-{key}.json"
    os.mkfifo(entry)                                           # reading it would wait forever
    assert published._cached(texts) == fresh
    assert entry.is_file() and published._read(entry, key, texts) == fresh
    elsewhere = tmp_path / "designer-file.yaml"
    elsewhere.write_text("kind: card\n")
    entry.unlink()
    entry.symlink_to(elsewhere)                                # a write through it would destroy that file
    assert published._cached(texts) == fresh
    assert elsewhere.read_text() == "kind: card\n" and not entry.is_symlink()


def test_old_pickles_are_never_read_and_are_removed(cache, tmp_path, few_files):
    texts, key, fresh = few_files
    cache.mkdir()
    marker = tmp_path / "code-ran"
    # a pickle at the name this key had in the old format, and another of some other version
    for name in (f"published-{key}.pickle", "published-0123456789abcdef01234567.pickle"):
        (cache / name).write_bytes(pickle.dumps(_RunsCode(marker)))
    assert published._cached(texts) == fresh
    assert not marker.exists() and not list(cache.glob("*.pickle"))
    assert [p.name for p in cache.glob("published-*")] == [f"published-{key}.json"]


def test_validate_reports_the_same_with_a_hostile_entry_as_with_no_cache(tmp_path):
    """End to end, as a designer's hook meets it: a pickle that runs code planted under the name
    of the entry this checkout's published games have; `validate` does not run it, loads the
    published games again, and says what a house rule naming a published space wrongly gets."""
    folder = outside_repository(tmp_path / "designer")
    folder.mkdir()
    rule = (EXAMPLES / "telegraph-office.yaml").read_text().replace("replaces: politics", "replaces: politcs")
    (folder / "telegraph-office.yaml").write_text(rule)
    cache = tmp_path / "cache"
    cache.mkdir()
    files = published.published_files()
    key = published._cache_key({n: Path(n).read_bytes() for n in files})
    marker = tmp_path / "code-ran"
    (cache / f"published-{key}.json").write_bytes(pickle.dumps(_RunsCode(marker)))
    args = ("validate", "telegraph-office.yaml", "--library", "published", "--format", "json")
    hostile = run(*args, cwd=folder, env={"WORKBENCH_CACHE_DIR": str(cache)})
    assert_no_traceback(hostile)
    assert not marker.exists()
    report = hostile.json()
    # the published Dark Horse has a Politics space (variants/dark-horse), so the typo is one
    # unknown reference, at the line and column where `politcs` is written
    line = rule.splitlines().index("replaces: politcs") + 1
    assert hostile.code == 1 and [(p["code"], p["line"], p["column"], p["hint"]) for p in report["problems"]] \
        == [("unknown-ref", line, len("replaces: ") + 1, "did you mean 'politics'?")]
    assert published._read(cache / f"published-{key}.json", key, dict.fromkeys(files, b"")) is not None
    warm = run(*args, cwd=folder, env={"WORKBENCH_CACHE_DIR": str(cache)})
    assert (warm.code, warm.json()["problems"]) == (1, report["problems"])


#: Modules whose loading runs code (pickle and what wraps it).
_RUNS_CODE = {"pickle", "_pickle", "cPickle", "shelve", "dill", "cloudpickle", "joblib", "jsonpickle"}


def test_no_module_of_the_workbench_imports_pickle():
    """Whatever the workbench reads back (its cache folder, saved results) is data: no module
    imports pickle or a library built on it, at module level, in a function or by name."""
    found = []
    for path in sorted((ROOT / "workbench").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not any(name.lower() in source.lower() for name in _RUNS_CODE):
            continue  # cannot name one of them (a quick look first: parsing every module takes a second)
        for node in ast.walk(ast.parse(source)):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                    and getattr(node.func, "id", getattr(node.func, "attr", None)) in ("__import__", "import_module"):
                names = [str(node.args[0].value)]
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names if n.split(".")[0] in _RUNS_CODE]
    assert found == []


def test_the_scan_finds_a_pickle_import(tmp_path, monkeypatch):
    # the scan above can fail: a module importing pickle in a function is found
    fake = tmp_path / "workbench"
    fake.mkdir()
    (fake / "m.py").write_text("def f():\n    from pickle import loads\n    return __import__('shelve')\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    with pytest.raises(AssertionError, match="m.py:2 pickle"):
        test_no_module_of_the_workbench_imports_pickle()


def test_workers_inherit_the_checks_instead_of_building_them_again(cache, tmp_path, monkeypatch):
    """With a cold cache and two workers, each kind's check is generated once, in the parent."""
    calls = tmp_path / "calls"
    original = fastjsonschema.compile_to_code

    def counting(definition, *args, **kwargs):
        with open(calls, "a") as handle:
            handle.write(f"{os.getpid()}\n")
        return original(definition, *args, **kwargs)

    monkeypatch.setattr(fastjsonschema, "compile_to_code", counting)
    folder = tmp_path / "many"
    folder.mkdir()
    card = (ROOT / "tests" / "corpus" / "positive" / "minimal-card" / "card.yaml").read_text()
    for i in range(450):  # above the threshold where workers start
        (folder / f"c{i:03d}.yaml").write_text(card.replace("id: pinkerton-marshal", f"id: card-{i:03d}"))
    result = validate_paths([folder], workers=2)
    assert result.files == 450 and not result.errors
    pids = calls.read_text().split()
    assert len(pids) == len(schemas.kinds()) and len(set(pids)) == 1 and pids[0] == str(os.getpid())


def test_a_compiled_check_someone_else_could_write_is_never_run(cache, tmp_path, monkeypatch):
    # the compiled checks are code: an entry is run only when it is this user's own file that
    # nobody else may write (and not a link); else it is compiled again and written anew
    import marshal

    schemas._compiled_code("card")
    [stored] = (cache / "validators").glob("card-*.marshal")
    assert stored.stat().st_mode & 0o777 == 0o600
    marker = tmp_path / "ran"
    planted = marshal.dumps(compile(f"open({str(marker)!r}, 'w').write('ran')\ndef validate(data, **kw):\n"
                                    "    return data\n", "<planted>", "exec"))
    elsewhere = tmp_path / "elsewhere.marshal"
    elsewhere.write_bytes(planted)
    elsewhere.chmod(0o600)
    for plant in ("writable by others", "a link"):
        stored.unlink()
        if plant == "a link":
            stored.symlink_to(elsewhere)
        else:
            stored.write_bytes(planted)
            stored.chmod(0o666)
        check = schemas._compiled_code("card")
        assert not marker.exists(), plant
        with pytest.raises(ValueError):
            check({"kind": "card"})     # the real check: required fields missing
        assert not stored.is_symlink() and stored.stat().st_mode & 0o777 == 0o600
        assert stored.read_bytes() != planted
    # this user's own entry is read as before: nothing is generated again
    monkeypatch.setattr(schemas, "_generated_code", lambda *args: pytest.fail("generated again"))
    with pytest.raises(ValueError):
        schemas._compiled_code("card")({"kind": "card"})


def test_a_plugin_list_someone_else_could_write_names_no_module_to_import(cache, monkeypatch):
    # the kept list of effects plugins names modules a run imports and calls: read only from
    # this user's own entry; a planted one (with the right stamps) is ignored and scanned again
    from workbench.rules import effects

    genuine = effects._installed()
    entry = cache / "effect-plugins.json"
    kept = json.loads(entry.read_text())
    assert entry.stat().st_mode & 0o777 == 0o600 and [tuple(p) for p in kept["points"]] == genuine
    entry.unlink()
    entry.write_text(json.dumps({"stamps": kept["stamps"], "points": [["x", "planted_module:register", "planted"]]}))
    entry.chmod(0o664)
    assert effects._installed() == genuine
    assert "planted" not in entry.read_text() and entry.stat().st_mode & 0o777 == 0o600


def _forged_saloon(good: bytes, key: str) -> bytes:
    """The entry of ``good`` with the published Saloon renamed and the header's digest made right
    for it, as anyone who can write into the cache folder can make it (the digest covers only the
    entry's own body)."""
    body = _changed(rb'"name":"Saloon"', b'"name":"Forged Saloon"', good.partition(b"\n")[2])
    return _entry(body, key)


@pytest.mark.parametrize("plant", ["writable by others", "a link", "in a folder others may write into"])
def test_a_forged_entry_someone_else_could_write_never_changes_the_published_text(cache, tmp_path, few_files,
                                                                                 plant):
    """The published games' entry decides what a run says they are: it is read only as this
    user's own file that nobody else may write, in a folder nobody else may rename it in; a
    forged one (a right digest, the right shape) is loaded from the YAML again and written anew."""
    import yaml

    texts, key, fresh = few_files
    [source] = [name for name in texts if name.endswith("rebels-and-rogues/action-spaces.yaml")]
    # the Saloon as the YAML on disk says it (read here with PyYAML alone)
    [saloon] = [d for d in yaml.safe_load_all(Path(source).read_text()) if d and d.get("id") == "saloon"]
    assert saloon["name"] == "Saloon"
    named = lambda loaded: [d.data["name"] for d in loaded[source] if d.data.get("id") == "saloon"]  # noqa: E731
    good = published._encode(key, fresh)
    forged = _forged_saloon(good, key)
    cache.mkdir()
    entry = cache / f"published-{key}.json"
    # the forgery passes every check of its content: as this user's own entry it would be believed
    entry.write_bytes(forged)
    entry.chmod(0o600)
    assert named(published._read(entry, key, texts)) == ["Forged Saloon"]
    entry.unlink()
    if plant == "writable by others":
        entry.write_bytes(forged)
        entry.chmod(0o666)
    elif plant == "a link":
        elsewhere = tmp_path / "elsewhere.json"
        elsewhere.write_bytes(forged)
        elsewhere.chmod(0o600)
        entry.symlink_to(elsewhere)
    else:                       # one of this user's own, in a folder anyone may rename entries in
        entry.write_bytes(forged)
        entry.chmod(0o600)
        cache.chmod(0o777)
    assert published._read(entry, key, texts) is None
    loaded = published._cached(texts)
    assert loaded == fresh and named(loaded) == [saloon["name"]]
    assert not entry.is_symlink() and entry.stat().st_mode & 0o777 == 0o600 and entry.read_bytes() == good
    if plant == "in a folder others may write into":
        assert published._read(entry, key, texts) is None         # still not believed there
        cache.chmod(0o1777)     # sticky, as /tmp: no one else may rename or remove this user's entry
        assert published._read(entry, key, texts) == fresh
        cache.chmod(0o775)      # a user's private group may write (a umask of 002)
    assert published._read(entry, key, texts) == fresh             # this user's own entry is read back
