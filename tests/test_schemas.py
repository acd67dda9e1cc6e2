import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.content.loader import load_file
from workbench.content.schemas import _import_jsonschema, fast_check, load_schemas, reference_fields, validator_for

jsonschema, _ = _import_jsonschema()
SCHEMAS = load_schemas()
REQUIRED_KINDS = {"game", "action_space", "card", "character", "token", "variant", "scenario", "map", "deck", "deck_rules"}


def test_every_required_kind_has_a_schema():
    assert REQUIRED_KINDS <= set(SCHEMAS)


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_schema_is_valid_draft_2020_12(kind):
    schema = SCHEMAS[kind]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_schema_is_closed_and_described(kind):
    def walk(node, path):
        if isinstance(node, dict):
            if node.get("type") == "object" and "x-vocabulary" in node:
                # an effects: entry is closed by its effect's own branch: each effect has one, closed
                branches = {b["if"]["properties"]["effect"]["const"]: b["then"] for b in node["allOf"]}
                assert sorted(branches) == sorted(node["properties"]["effect"]["enum"]), f"{kind}: {path}"
                assert all(b["additionalProperties"] is False for b in branches.values()), f"{kind}: {path} is open"
            elif node.get("type") == "object" and "properties" in node:
                assert node.get("additionalProperties") is False, f"{kind}: {path} is open"
                for name, sub in node["properties"].items():
                    assert "description" in sub or "const" in sub or "$ref" in sub, f"{kind}: {path}.{name} has no description"
            for key, value in node.items():
                walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}[{i}]")

    walk(SCHEMAS[kind], "$")
    for field in ("kind", "game", "id", "name"):
        assert field in SCHEMAS[kind]["required"]


def test_the_schema_files_match_their_generator(root, tmp_path):
    # schemas/*.json are committed for editors; tools/make_schemas.py keeps their shared parts alike
    code = f"import runpy, pathlib; m = runpy.run_path({str(root / 'tools' / 'make_schemas.py')!r}); print(__import__('json').dumps(m['SCHEMAS']))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    files = {p.name.removesuffix(".schema.json"): json.loads(p.read_text()) for p in (root / "schemas").glob("*.schema.json")
             if p.name != "document.schema.json"}
    assert json.loads(out) == files      # the files, not the loaded schemas (installed plugins extend those)


def test_the_any_document_schema_dispatches_to_every_kind(root):
    any_schema = json.loads((root / "schemas" / "document.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(any_schema)
    assert sorted(rule["then"]["$ref"] for rule in any_schema["allOf"]) == sorted(f"{k}.schema.json" for k in SCHEMAS)
    # resolve the relative $refs as an editor would, from the schema folder
    from referencing import Registry, Resource
    registry = Registry().with_resources(
        (f"{k}.schema.json", Resource.from_contents(s)) for k, s in SCHEMAS.items())
    validator = jsonschema.Draft202012Validator(any_schema, registry=registry)
    good = {"kind": "token", "game": "dark-horse", "id": "a", "name": "A", "source": {"document": "house-rule"}}
    assert validator.is_valid(good)
    assert not validator.is_valid({**good, "colour": "red"})


def test_fields_fixed_for_other_work():
    assert SCHEMAS["action_space"]["properties"]["replaces"]["x-ref"] == ["action_space"]
    for field in ("action_spaces", "variants", "optional_variants"):
        assert SCHEMAS["scenario"]["properties"][field]["type"] == "array"
    refs = dict(reference_fields("scenario"))
    assert refs[("action_spaces", "*")] == ("action_space",)


def test_importing_the_validator_does_not_build_the_iri_grammar():
    # jsonschema + rfc3987-syntax costs ~1 s at import; the CLI hides it (see schemas.py)
    code = "import sys, workbench.content.schemas as s; s._import_jsonschema(); print('rfc3987_syntax' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


# -- the compiled fast path must agree with jsonschema, or problems would go unreported --------


def _corpus_documents(root):
    for path in sorted((root / "tests" / "corpus").rglob("*.yaml")) + sorted((root / "variants").rglob("*.yaml")):
        docs, _ = load_file(path)
        for doc in docs:
            if doc.kind in SCHEMAS:
                yield doc


def test_fast_path_agrees_with_jsonschema_on_all_content(root):
    checked = 0
    for doc in _corpus_documents(root):
        assert fast_check(doc.kind)(doc.data) == validator_for(doc.kind).is_valid(doc.data), doc.file
        checked += 1
    assert checked > 10


_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.sampled_from(
    ["unknown", "none listed", "x", "", "Bad Id", "limited", "colti", "scope", "food", "hexagon", "hex", "town"]),
    st.lists(st.sampled_from(["scope", "lock", "a-b", 3, "unknown"]), max_size=3),
    st.dictionaries(st.sampled_from(["silver", "food", "text", "document", "min", "max", "effect", "bogus"]),
                    st.one_of(st.integers(0, 3), st.sampled_from(["house-rule", "draw-cards", "x"])), max_size=3))


@settings(max_examples=400, deadline=None)
@given(kind=st.sampled_from(sorted(SCHEMAS)), data=st.data())
def test_fast_path_agrees_with_jsonschema_on_mutated_documents(kind, data):
    base = {"kind": kind, "game": "dark-horse", "id": "a", "name": "A", "source": {"document": "house-rule"}}
    properties = sorted(SCHEMAS[kind]["properties"]) + ["bogus"]
    for field in data.draw(st.lists(st.sampled_from(properties), max_size=4)):
        base[field] = data.draw(_values)
    assert fast_check(kind)(base) == validator_for(kind).is_valid(base)


def test_the_validator_knows_the_schemas_id_pattern():
    from workbench.content.schemas import ID_PATTERN
    assert {SCHEMAS[k]["properties"]["id"]["pattern"] for k in SCHEMAS} == {ID_PATTERN}


# -- the fast path only where it is exact (issue 25) ---------------------------------------------

def test_every_schema_of_the_project_is_inside_the_exact_fast_path():
    """Every kind's schema and every parameter's type uses only keywords the compiled check reads
    as JSON Schema 2020-12 does; a new keyword outside the set would silently leave the fast
    path (correct, but slower): this test says so."""
    from workbench.content.schemas import exact_in_fast_path
    from workbench.games import GAMES

    outside = [kind for kind, schema in load_schemas().items() if not exact_in_fast_path(schema)]
    outside += [name for entry in GAMES.values() for name, p in entry.spec().items() if not exact_in_fast_path(p.schema)]
    assert outside == []


_leaf = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["integer", "number", "string", "boolean", "null", "array", "object"])}),
    st.fixed_dictionaries({"minimum": st.integers(-3, 3)}), st.fixed_dictionaries({"maxLength": st.integers(0, 3)}),
    st.fixed_dictionaries({"enum": st.lists(st.one_of(st.integers(-2, 2), st.sampled_from(["a", "b"])), min_size=1,
                                            max_size=3)}),
    st.fixed_dictionaries({"const": st.one_of(st.integers(-2, 2), st.just("a"), st.just(None))}),
    st.fixed_dictionaries({"pattern": st.sampled_from(["^a", "b$", "^[a-z]+$"])}),
    st.fixed_dictionaries({"format": st.sampled_from(["date", "email"])}),                         # 2020-12: annotation
    st.fixed_dictionaries({"minItems": st.integers(0, 2)}), st.fixed_dictionaries({"uniqueItems": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("object"), "default": st.just(0)}),
    st.booleans())


def _extend(children):
    names = st.sampled_from(["a", "b", "c"])
    return st.one_of(
        st.fixed_dictionaries({"properties": st.dictionaries(names, children, max_size=2)},
                              optional={"required": st.lists(names, max_size=2, unique=True),
                                        "additionalProperties": children}),
        st.fixed_dictionaries({"properties": st.dictionaries(names, st.fixed_dictionaries(
            {"default": st.integers(0, 2)}), min_size=1, max_size=2)}),                            # defaults never written
        st.fixed_dictionaries({"items": children}),
        st.fixed_dictionaries({"prefixItems": st.lists(children, min_size=1, max_size=2)}),           # 2020-12 only
        st.fixed_dictionaries({"contains": children}, optional={"minContains": st.integers(0, 2),
                                                                "maxContains": st.integers(0, 2)}),
        st.fixed_dictionaries({"dependentRequired": st.dictionaries(names, st.lists(names, max_size=2), max_size=2)}),
        st.fixed_dictionaries({"dependentSchemas": st.dictionaries(names, children, max_size=1)}),
        st.fixed_dictionaries({"unevaluatedProperties": children, "properties": st.dictionaries(names, children,
                                                                                                 max_size=1)}),
        st.fixed_dictionaries({"anyOf": st.lists(children, min_size=1, max_size=3)}),
        st.fixed_dictionaries({"oneOf": st.lists(children, min_size=1, max_size=3)}),
        st.fixed_dictionaries({"allOf": st.lists(children, min_size=1, max_size=3)}),
        st.fixed_dictionaries({"not": children}),
        st.fixed_dictionaries({"if": children, "then": children}, optional={"else": children}),
        st.fixed_dictionaries({"propertyNames": children}))


_inner = st.recursive(_leaf, _extend, max_leaves=6)
# references point into the root's $defs: alone, beside other keywords (draft-07 ignores those,
# 2020-12 applies them), or from a property
_schemas = st.one_of(
    _inner,
    st.fixed_dictionaries({"$defs": st.fixed_dictionaries({"d": _inner}), "$ref": st.just("#/$defs/d")},
                          optional={"type": st.just("object"), "minProperties": st.integers(0, 2)}),
    st.fixed_dictionaries({"$defs": st.fixed_dictionaries({"d": _inner}),
                           "properties": st.fixed_dictionaries({"a": st.just({"$ref": "#/$defs/d"})})}))
_json = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-3, 3, allow_nan=False),
                               st.sampled_from(["", "a", "ab", "b", "abc", "a\n", "2024-01-01"])),
                     lambda inner: st.one_of(st.lists(inner, max_size=3),
                                             st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), inner, max_size=3)),
                     max_leaves=8)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_schemas, st.lists(_json, min_size=1, max_size=4))
def test_the_fast_check_agrees_with_python_jsonschema(schema, instances):
    """A differential test: on generated schemas (2020-12 keywords the compiled check does not
    implement among them) and instances, the fast yes/no check answers as python-jsonschema's
    Draft 2020-12 validator (with the project's ECMA `pattern`), and never changes the data."""
    import copy

    from workbench.content.schemas import _ecma_pattern, fast_validator

    jsonschema, _ = _import_jsonschema()
    reference = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": _ecma_pattern})(schema)
    check = fast_validator(schema)
    for instance in instances:
        before = copy.deepcopy(instance)
        assert check(instance) == reference.is_valid(instance), (schema, instance)
        assert instance == before            # no `default` written into the data


def test_the_checks_of_many_parameters_loaded_at_once_are_those_made_one_by_one(tmp_path, monkeypatch):
    """A game's declared parameters have their compiled checks kept in one cache entry (one file
    read instead of a hundred): each says what python-jsonschema says, and an entry that is
    damaged, cut short or of other schemas is made again, never trusted."""
    from workbench.content import schemas
    from workbench.content.schemas import _import_jsonschema, exact_in_fast_path, preload_fast_validators
    from workbench.games import GAMES

    jsonschema, _ = _import_jsonschema()
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(tmp_path))
    every = [p.schema for entry in GAMES.values() for p in entry.spec().values()]
    exact = {json.dumps(s, sort_keys=True): s for s in every if isinstance(s, dict) and exact_in_fast_path(s)}
    assert len(exact) > 20

    def values(schema):
        found = [None, True, False, 0, 1, -1, 3, 2.5, 10 ** 6, "", "x", "unknown", [], [1], ["x"], {}, {"silver": 1}]
        found += list(schema.get("enum", [])) + [v for v in (schema.get("minimum"), schema.get("maximum")) if v is not None]
        found += [v + d for v in (schema.get("minimum"), schema.get("maximum")) if isinstance(v, int) for d in (-1, 1)]
        return found

    def agreed():
        for key, schema in exact.items():
            check, oracle = schemas._FAST_VALIDATORS[key], jsonschema.Draft202012Validator(schema)
            for value in values(schema):
                assert check(value) == oracle.is_valid(value), (schema, value)

    for damage in (None, lambda b: b[: len(b) // 2], lambda b: b"", lambda b: __import__("marshal").dumps([])):
        monkeypatch.setattr(schemas, "_FAST_VALIDATORS", {})
        if damage:
            [entry] = (tmp_path / "validators").glob("values-*.marshal")
            entry.write_bytes(damage(entry.read_bytes()))
        preload_fast_validators(every)
        assert set(exact) <= set(schemas._FAST_VALIDATORS)
        agreed()
    assert len(list((tmp_path / "validators").glob("values-*.marshal"))) == 1
