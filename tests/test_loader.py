import time
import tracemalloc

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.content import loader
from workbench.content.loader import load_text
from workbench.content.problems import CODES, Problem
from workbench.content.validate import check_file


def codes(problems):
    return [p.code for p in problems]


def test_positions_are_one_based_for_keys_values_and_items():
    docs, problems = load_text("kind: card\nicons:\n  - scope\n  - lock\n", "x.yaml")
    assert problems == []
    doc = docs[0]
    assert doc.locate(["kind"], key=True) == (1, 1)
    assert doc.locate(["kind"]) == (1, 7)
    assert doc.locate(["icons", 1]) == (4, 5)


def test_duplicate_keys_at_any_depth_keep_the_first_and_are_reported():
    text = "a:\n  b:\n    c: 1\n    c: 2\n"
    docs, problems = load_text(text, "x.yaml")
    assert docs[0].data == {"a": {"b": {"c": 1}}}
    [p] = problems
    assert (p.code, p.line, p.column, p.path) == ("duplicate-key", 4, 5, "$.a.b.c")
    assert "first at line 3" in p.message


@pytest.mark.parametrize("raw,value", [("012", 10), ("0b11", 3), ("1:30", 90), ("1_000", 1000)])
def test_yaml11_numbers_whose_digits_change_are_errors(raw, value):
    docs, problems = load_text(f"n: {raw}\n", "x.yaml")
    assert docs[0].data["n"] == value
    assert [(p.code, p.severity) for p in problems] == [("implicit-type", "error")]
    assert str(value) in problems[0].message


@pytest.mark.parametrize("raw", ["no", "Yes", "ON", "off"])
def test_yaml11_booleans_are_flagged(raw):
    _, problems = load_text(f"flag: {raw}\n", "x.yaml")
    assert codes(problems) == ["implicit-type"]


def test_true_false_and_ordinary_numbers_are_not_flagged():
    docs, problems = load_text("a: true\nb: 12\nc: 0\nd: 1.5\ne: '012'\non: x\n", "x.yaml")
    assert problems == []
    assert docs[0].data == {"a": True, "b": 12, "c": 0, "d": 1.5, "e": "012", "on": "x"}


def test_a_bare_equals_sign_is_text():
    docs, problems = load_text("note: =\n", "x.yaml")
    assert problems == [] and docs[0].data == {"note": "="}


def test_dates_stay_text():
    docs, _ = load_text("when: 2024-05-01\n", "x.yaml")
    assert docs[0].data["when"] == "2024-05-01"


def test_unknown_tags_are_refused_not_constructed():
    docs, problems = load_text("a: !!python/object:os.system ls\n", "x.yaml")
    assert codes(problems) == ["yaml-syntax"]
    assert docs[0].data["a"] == "ls"


def _bomb(levels=9):
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for name in "bcdefghijklmnop"[:levels - 1]:
        text += f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]\n"
        prev = name
    return text


def test_billion_laughs_fails_fast_with_bounded_memory():
    tracemalloc.start()
    started = time.perf_counter()
    docs, problems = load_text(_bomb(), "bomb.yaml")
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert codes(problems) == ["alias-limit"] and docs == []
    # Generous bounds (shared machines): the real figures are ~50 ms and a few MB.
    assert elapsed < 1.0
    assert peak < 50 * 2**20


def test_a_few_aliases_are_fine():
    docs, problems = load_text("base: &b {silver: 1}\ncost: *b\n", "x.yaml")
    assert problems == [] and docs[0].data["cost"] == {"silver": 1}


def test_pure_and_c_loaders_give_the_same_result(root):
    if loader._Loader is loader.PURE_LOADER:
        pytest.skip("libyaml is not installed: only the pure loader exists")
    for path in sorted((root / "tests" / "corpus").rglob("*.yaml")):
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        fast = load_text(text, str(path))
        pure = load_text(text, str(path), loader=loader.PURE_LOADER)
        assert [d.data for d in fast[0]] == [d.data for d in pure[0]], path
        assert [(p.code, p.line, p.column) for p in fast[1]] == [(p.code, p.line, p.column) for p in pure[1]], path


def test_empty_and_non_mapping_documents():
    assert codes(load_text("", "x")[1]) == ["not-a-document"]
    assert codes(load_text("# only a comment\n", "x")[1]) == ["not-a-document"]
    assert codes(load_text("- a\n", "x")[1]) == ["not-a-document"]
    assert codes(load_text("just text\n", "x")[1]) == ["not-a-document"]


def test_stream_keeps_documents_before_a_syntax_error():
    docs, problems = load_text("a: 1\n---\nb: [\n", "x.yaml")
    assert [d.data for d in docs] == [{"a": 1}]
    assert codes(problems) == ["yaml-syntax"] and problems[0].line >= 3


def test_encoding_problem_points_at_the_bad_byte(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"kind: card\nname: Caf\xe9\n")
    docs, problems = check_file(str(path))
    assert docs == [] and [(p.code, p.line, p.column) for p in problems] == [("encoding", 2, 10)]


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffkind: card\n".encode())
    docs, problems = loader.load_file(path)
    assert docs[0].data == {"kind": "card"} and problems == []


# -- property tests: nothing but the project's own problems, whatever the input ---------------

@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_arbitrary_text_never_raises(text):
    from workbench.content.library import Library, library_problems
    from workbench.content.validate import document_problems

    docs, problems = load_text(text, "fuzz.yaml")
    for doc in docs:
        assert isinstance(doc.data, dict)
        problems += list(document_problems(doc))
    problems += list(library_problems(Library.from_documents(docs)))
    assert all(isinstance(p, Problem) and p.code in CODES for p in problems)


_yaml_text = st.sampled_from(["kind", "game", "id", "name", ":", "-", " ", "\n", "  ", "[", "]", "{", "}", ",",
                              "&a", "*a", "<<", "'", '"', "#", "no", "012", "card", "!!str", "\t", "---",
                              "kind: card\n", "kind: scenario\n", "game: revolver\n", "id: x\n", "replaces: y\n",
                              "action_spaces: [a, b]\n", "kind: map\n", "="])


@settings(max_examples=300, deadline=None)
@given(st.lists(_yaml_text, max_size=40).map("".join))
def test_yaml_shaped_noise_never_raises(text):
    from workbench.content.library import Library, library_problems
    from workbench.content.validate import document_problems

    docs, problems = load_text(text, "fuzz.yaml")
    for doc in docs:
        problems += list(document_problems(doc))
    problems += list(library_problems(Library.from_documents(docs)))
    assert all(p.code in CODES for p in problems)


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=20),
                     st.floats(allow_nan=False, allow_infinity=False))
_trees = st.recursive(_scalars, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                       st.dictionaries(st.text(min_size=1, max_size=8), kids, max_size=4)),
                      max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=8), _trees, max_size=5))
def test_arbitrary_trees_round_trip_and_validate_without_raising(tree):
    from workbench.content.validate import document_problems

    text = yaml.safe_dump(tree, allow_unicode=True)
    docs, problems = load_text(text, "tree.yaml")
    assert [p for p in problems if p.is_error] == []
    if tree:
        # the same data PyYAML's own safe loader reads (its emitter folds a few exotic
        # line-break characters, so the original tree is not always what the text says)
        assert docs[0].data == yaml.safe_load(text)
        for problem in document_problems(docs[0]):
            assert problem.code in CODES and problem.line >= 1
