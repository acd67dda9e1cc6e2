"""The caches behind a fast hook run: compiled schema checks and the loaded published library.
A cache may make a run faster, never different: damaged or missing caches are rebuilt, an
unusable cache folder is done without, and worker processes do not build the checks again."""
import os
import pickle
from pathlib import Path

import fastjsonschema
import pytest

from clitools import ROOT
from workbench.app import resolve
from workbench.content import schemas
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


def test_the_published_library_comes_from_the_cache_and_equals_a_fresh_load(cache):
    first = resolve.published_documents()
    [stored] = cache.glob("published-*.pickle")
    again = resolve.published_documents()
    assert [(d.file, d.index, d.data) for d in again] == [(d.file, d.index, d.data) for d in first]
    assert {Path(d.file).parts[-2] for d in first} >= {"dark-horse", "revolver", "western-legends"}
    assert not any("house-rules" in Path(d.file).parts for d in first)  # examples are not published
    stored.write_bytes(pickle.dumps({"wrong": "shape"}))
    rebuilt = resolve.published_documents()
    assert [(d.file, d.data) for d in rebuilt] == [(d.file, d.data) for d in first]


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
