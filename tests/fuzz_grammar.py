"""A grammar of hostile YAML, as Hypothesis strategies, and the property every input must keep.

Two generators:

* :func:`yaml_streams`: YAML-shaped text: block and flow mappings and lists, dates (real and
  impossible), numbers of every YAML 1.1 spelling (octal, binary, sexagesimal, ``.inf``, 5,000
  digits), explicit tags on scalars, lists and mappings, anchors, aliases (self-referring too),
  ``<<`` merges (nested, repeated), quoted escapes and raw control characters;
* :func:`content_streams`: content-shaped streams: documents of the kinds in ``schemas/`` with
  their own fields, ids that refer to each other, and wrong types in identity fields
  (``kind: [character]``, ``id: 1849``) and in reference fields (``replaces: [politics]``,
  ``action_spaces: .inf``).

:func:`check_stream` is the property: loading, the schema checks and the library checks only
ever report (known codes, located, printable messages) and hand on JSON data only. The suite
runs it with a fixed budget (``tests/test_loader.py``); ``tools/fuzz.py`` runs it for longer.
"""
from __future__ import annotations

import json

from hypothesis import strategies as st

from workbench.content.library import Library
from workbench.app.checks import library_problems
from workbench.content.loader import load_text
from workbench.content.problems import CODES
from workbench.app.checks import all_codes
from workbench.content.schemas import load_schemas
from workbench.content.validate import _merge_implicit, document_problems

KINDS = sorted(load_schemas())
ALL_CODES = all_codes()
GAMES = ["dark-horse", "revolver", "western-legends", "my-game"]
IDS = ["telegraph-office", "politics", "mayor", "saloon", "marshal", "a", "b"]

# -- scalars, as they are written in a file ------------------------------------------------------
_words = st.sampled_from(["character", "card", "telegraph-office", "maybe", "abc", "aGVsbG8=", "x", "Ace",
                          "politics", "=", "<<", "~", "-", "?", "a b", "dark-horse", "null"])
_yaml11 = st.sampled_from(["yes", "no", "on", "off", "y", "n", "true", "False", "012", "0b11", "0x1F", "0o17",
                           "1:30", "1_000", "0b_", "0x_", "0_", "1.5", ".5", "-0", "+12", ".inf", "-.Inf",
                           ".nan", "1.0e+400", "1e400", "190:20:30.15", "2024-05-01", "2001-12-14t21:59:43.10-05:00",
                           "2001-12-14 21:59:43.10 -5"])
_dates = st.builds(lambda y, m, d, t: f"{y:04d}-{m:02d}-{d:02d}{t}", st.integers(0, 9999), st.integers(0, 19),
                   st.integers(0, 39), st.sampled_from(["", "", "T10:20:30", " 99:99:99", "t1:2:3.5Z", " 1:00:00 +25"]))
_big_numbers = st.builds(lambda n, prefix, digit: prefix + digit * n, st.integers(900, 6000),
                         st.sampled_from(["", "-", "0x", "0b", "0", "1.", "1:"]), st.sampled_from("1790"))
_quoted = st.one_of(
    st.text(max_size=12).map(json.dumps),
    st.lists(st.sampled_from(["\\e[31m", "\\N", "\\L", "\\P", "\\_", "\\x07", "\\0", "\\u202e", "a", "\\n",
                              "\\t", " ", "\\x85"]), max_size=5).map(lambda parts: '"' + "".join(parts) + '"'),
    st.sampled_from(["'it''s'", "''", "'\x85  '", '"telegraph-office\\n"']),
)
_raw_odd = st.sampled_from(["\x07", "\x1b[31m", "\x00", "\x85", "\u2028", "\ufeff", "\t", "\r", "\x7f", "\ud7ff"])
_TAGS = ["!!bool", "!!int", "!!float", "!!timestamp", "!!binary", "!!str", "!!null", "!!set", "!!omap", "!!pairs",
         "!!seq", "!!map", "!mine", "!", "!!python/object:os.system", "!<tag:yaml.org,2002:int>", "!!merge",
         "!!value", "!!python/name:os.system"]
_tags = st.sampled_from(_TAGS)
plain_scalars = st.one_of(_words, _yaml11, _dates, st.integers(-10**6, 10**6).map(str))
scalars = st.one_of(plain_scalars, _quoted, _big_numbers, st.builds(lambda t, s: f"{t} {s}", _tags, plain_scalars))


# -- values with anchors, aliases and merges, in flow style -------------------------------------
MAX_ANCHORS = 6


def _flow_with(count: int):
    """Flow values whose aliases name the anchors ``a0`` .. ``a{count-1}``."""
    anchors = [f"a{i}" for i in range(count)]
    alias = st.sampled_from(anchors).map(lambda a: f"*{a}") if anchors else st.nothing()

    def extend(children):
        entry = st.one_of(st.builds(lambda k, v: f"{k}: {v}", st.one_of(_words, _yaml11, _quoted), children),
                          st.builds(lambda v: f"<<: {v}", alias) if anchors else st.nothing(),
                          st.builds(lambda vs: "<<: [" + ", ".join(vs) + "]", st.lists(alias, min_size=1, max_size=10))
                          if anchors else st.nothing())
        return st.one_of(
            st.lists(children, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
            st.lists(entry, max_size=4).map(lambda xs: "{" + ", ".join(xs) + "}"),
            st.builds(lambda t, v: f"{t} {v}", _tags, children),
        )

    return st.recursive(st.one_of(scalars, alias), extend, max_leaves=6)


# built once: strategies made inside a draw are rebuilt (and re-validated) on every example
_FLOW = [_flow_with(count) for count in range(MAX_ANCHORS + 1)]


@st.composite
def yaml_documents(draw) -> str:
    """One YAML document (block mapping at the top) of hostile but YAML-shaped content."""
    defined = 0  # anchors a0 .. a{defined-1} exist so far
    lines = []
    for _ in range(draw(st.integers(0, MAX_ANCHORS))):
        key = draw(st.one_of(_words, _yaml11, _quoted, st.just("<<"), st.builds(lambda t, w: f"{t} {w}", _tags, _words)))
        anchored = draw(st.integers(0, 3)) == 0
        # an anchor may be referred to inside its own value: the self-merge `&a {<<: *a}`
        value = draw(_FLOW[defined + 1 if anchored and draw(st.booleans()) else defined])
        if anchored:
            value = f"&a{defined} {value}"
            defined += 1
        shape = draw(st.integers(0, 5))
        if shape == 0:  # a block list
            items = draw(st.lists(_FLOW[defined], min_size=1, max_size=3))
            lines.append(f"{key}:\n" + "".join(f"  - {item}\n" for item in items))
        elif shape == 1:  # a nested block mapping
            items = draw(st.lists(st.tuples(_words, _FLOW[defined]), min_size=1, max_size=3))
            lines.append(f"{key}:\n" + "".join(f"  {k}: {v}\n" for k, v in items))
        else:
            lines.append(f"{key}: {value}\n")
        if draw(st.integers(0, 15)) == 0:
            lines.append(draw(_raw_odd))
    return "".join(lines)


def yaml_streams():
    """Streams of :func:`yaml_documents` separated by ``---``."""
    return st.lists(yaml_documents(), min_size=1, max_size=2).map(lambda docs: "---\n".join(docs))


# -- content-shaped documents --------------------------------------------------------------------
_wrong_identity = st.sampled_from(["[character]", "[dark-horse]", "{a: 1}", "1849", "yes", "~", "''", ".inf",
                                   "!!binary aGVsbG8=", '"telegraph-office\\n"', "[]", "&k {<<: *k}", "2024-13-45"])


def _from_schema(schema: dict, depth: int = 0):
    """Values that (mostly) fit ``schema``: near-valid documents reach the model checks."""
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for combinator in ("oneOf", "anyOf"):
        if combinator in schema:
            return st.one_of([_from_schema(sub, depth) for sub in schema[combinator]])
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "string":
        return st.sampled_from(IDS if "pattern" in schema else IDS + ["Ace", "red", "blue", "food", "hexagon"])
    if kind == "integer":
        low = schema.get("minimum", -3)
        return st.integers(low, max(low, 0) + 4)
    if kind == "number":
        return st.integers(0, 9)
    if kind == "boolean":
        return st.booleans()
    if kind == "array":
        low = schema.get("minItems", 0)
        items = _from_schema(schema.get("items", {}), depth + 1) if depth < 4 else st.nothing()
        return st.lists(items, min_size=low, max_size=max(low, min(schema.get("maxItems", 3), 3))) \
            if depth < 4 else st.just([])
    if kind == "object":
        properties = schema.get("properties", {})
        if not properties:
            names = schema.get("propertyNames", {}).get("enum", ["limit", "min_city_distance", "dice_rolled"])
            extra = schema.get("additionalProperties")
            values = _from_schema(extra, depth + 1) if isinstance(extra, dict) and depth < 4 else st.integers(0, 5)
            return st.dictionaries(st.sampled_from(names), values, max_size=3)
        required = [k for k in schema.get("required", []) if k in properties]
        optional = [k for k in properties if k not in required] if depth < 4 else []
        return st.fixed_dictionaries({k: _from_schema(properties[k], depth + 1) for k in required},
                                     optional={k: _from_schema(properties[k], depth + 1) for k in optional})
    return st.none()


def _kind_documents(kind: str):
    schema = load_schemas()[kind]
    fields = {k: v for k, v in schema["properties"].items() if k not in ("kind", "game", "id", "name", "source")}
    return st.fixed_dictionaries({"source": st.just({"document": "house-rule"})},
                                 optional={k: _from_schema(v) for k, v in fields.items()})


# built once: strategies made inside a draw are rebuilt (and re-validated) on every example
_KIND_DOCUMENTS = {kind: _kind_documents(kind) for kind in KINDS}


@st.composite
def content_documents(draw) -> str:
    """One document of a kind from ``schemas/``: mostly its own fields with fitting values (so the
    map, deck, scenario and ruleset checks run), then a few fields made wrong: wrong types in
    identity and reference fields, YAML 1.1 surprises, tags, anchors, missing fields."""
    kind = draw(st.sampled_from(KINDS))
    values = draw(_KIND_DOCUMENTS[kind])
    if draw(st.integers(0, 2)) == 0:  # a document its schema accepts: the model checks judge it
        fields = {"kind": kind, "game": draw(st.sampled_from(GAMES)), "id": draw(st.sampled_from(IDS)), "name": "Ace",
                  **{key: json.dumps(value) for key, value in values.items()}}
        return "".join(f"{key}: {value}\n" for key, value in fields.items())
    fields = {
        "kind": draw(st.one_of(st.just(kind), _wrong_identity)) if draw(st.integers(0, 4)) == 0 else kind,
        "game": draw(st.one_of(st.sampled_from(GAMES), _wrong_identity, st.just("dark-hors"))),
        "id": draw(st.one_of(st.sampled_from(IDS), _wrong_identity)),
        "name": draw(st.one_of(_words, _quoted, st.just("!!binary aGVsbG8="))),
        **{key: json.dumps(value) for key, value in values.items()},
    }
    for name in draw(st.lists(st.sampled_from(sorted(fields)), max_size=3, unique=True)):
        fields[name] = draw(st.one_of(
            st.sampled_from(IDS), st.lists(st.sampled_from(IDS), max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
            _wrong_identity, _yaml11, _FLOW[0], st.just("{silver: 2, vote: .inf}")))
    for name in draw(st.lists(st.sampled_from(list(fields)), max_size=2, unique=True)):
        del fields[name]  # missing fields, identity ones included
    return "".join(f"{key}: {value}\n" for key, value in fields.items())


def content_streams():
    """Streams of :func:`content_documents`, ids shared so references and conflicts happen."""
    return st.lists(content_documents(), min_size=1, max_size=5).map(lambda docs: "---\n".join(docs))


# -- the property --------------------------------------------------------------------------------
def check_stream(text: str, path: str = "fuzz.yaml") -> list:
    """Load, check and library-check ``text``; assert it only ever reports. Returns the problems."""
    docs, problems = load_text(text, path)
    for doc in docs:
        assert isinstance(doc.data, dict)
        json.dumps(doc.data, allow_nan=False)  # JSON data only: no bytes, NaN, dates or sets
        assert all(isinstance(key, str) for key in doc.data)
        for value in (doc.kind, doc.game, doc.id):
            assert value is None or isinstance(value, str)
        problems += list(document_problems(doc))
    # loading and the schema checks use the content codes; the library checks of other parts of
    # the workbench (rulesets, decks, maps, placement rules) have codes of their own
    assert all(p.code in CODES for p in problems), problems
    library = Library.from_documents(d for d in docs if d.kind in load_schemas())
    problems += list(library_problems(library))
    problems = _merge_implicit(problems)
    lines = text.count("\n") + text.count("\r") + text.count("\x85") + text.count("\u2028") + text.count("\u2029") + 2
    for problem in problems:
        assert problem.code in ALL_CODES and problem.code != "internal-error", problem
        assert problem.file == path and 1 <= problem.line <= lines and problem.column >= 1, problem
        assert problem.message.isprintable() and (problem.hint is None or problem.hint.isprintable()), problem
    json.dumps([p.to_json() for p in problems], allow_nan=False)
    return problems

