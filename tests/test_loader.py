import json
import os
import threading
import tracemalloc

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import fuzz_grammar
from workbench.content import loader, validate
from workbench.content.library import Library
from workbench.app.checks import library_problems
from workbench.content.loader import load_file, load_text
from workbench.content.problems import CODES, Problem
from workbench.content.validate import check_file, discover, document_problems
from workbench.app.validate import validate_paths

HEAD = "kind: card\ngame: revolver\nid: x\nname: X\nsource: {document: house-rule}\n"  # lines 1-5


def codes(problems):
    return [p.code for p in problems]


def located(problems):
    return [(p.code, p.line, p.column) for p in problems]


def check_text(text, path="x.yaml"):
    """Load and check as the validator does, library checks included."""
    docs, problems = load_text(text, path)
    for doc in docs:
        problems += list(document_problems(doc))
    problems += list(library_problems(Library.from_documents(docs)))
    return docs, validate._merge_implicit(problems)


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


def test_a_bare_equals_sign_or_merge_sign_as_a_value_is_text():
    docs, problems = load_text("note: =\nother: <<\n", "x.yaml")
    assert problems == [] and docs[0].data == {"note": "=", "other": "<<"}


def test_real_dates_stay_text_written_out_or_tagged():
    docs, problems = load_text("when: 2024-05-01\nat: !!timestamp 2001-12-14 21:59:43.10 -5\n", "x.yaml")
    assert problems == []
    assert docs[0].data == {"when": "2024-05-01", "at": "2001-12-14 21:59:43.10 -5"}


# -- every scalar conversion is guarded: a located problem, the text kept, never a traceback -----

@pytest.mark.parametrize("value,words", [
    ("2024-13-45", ["no such date"]),              # an unquoted impossible date
    ("2024-02-30", ["no such date"]),
    ("!!bool maybe", ["true or false", "!!bool"]),
    ("!!int abc", ["whole number", "!!int"]),
    ("!!float abc", ["a number", "!!float"]),
    ("!!timestamp abc", ["!!timestamp", "not a date"]),
    ("!!null abc", ["!!null"]),
    ("0b_", ["whole number"]),                     # the YAML 1.1 int pattern lets it through
    (".inf", ["infinite", "JSON"]),
    ("-.inf", ["infinite"]),
    (".nan", ["not a number"]),
    ("1.0e+400", ["infinite"]),                    # a float that overflows
])
def test_a_value_that_cannot_be_converted_is_a_bad_value_kept_as_text(value, words):
    docs, problems = load_text(HEAD + f"notes: {value}\n", "x.yaml")
    [problem] = problems
    assert (problem.code, problem.line, problem.column, problem.path) == ("bad-value", 6, 8, "$.notes")
    for word in words:
        assert word in problem.message
    assert problem.hint
    assert docs[0].data["notes"] == value.split(" ")[-1]  # the text as written, tag left out
    json.dumps(docs[0].data, allow_nan=False)


def test_a_five_thousand_digit_integer_is_reported_not_converted():
    digits = "9" * 5000
    docs, problems = load_text(HEAD + f"copies: {digits}\nhex: 0x{'f' * 5000}\n", "x.yaml")
    assert located(problems) == [("bad-value", 6, 9), ("bad-value", 7, 6)]
    assert "5,000 characters" in problems[0].message
    assert docs[0].data["copies"] == digits


@pytest.mark.parametrize("text,line,column,value", [
    ("name: !!binary aGVsbG8=\n", 1, 7, "aGVsbG8="),
    ("name: !mine Ace\n", 1, 7, "Ace"),
    ("name: !!python/object:os.system ls\n", 1, 7, "ls"),
    ("tags: !!set {a, b}\n", 1, 7, {"a": None, "b": None}),
    ("pairs: !!omap [{a: 1}, {b: 2}]\n", 1, 8, [{"a": 1}, {"b": 2}]),
    ("icons: !!str [scope]\n", 1, 8, ["scope"]),
    ("cost: !mine {silver: 1}\n", 1, 7, {"silver": 1}),
])
def test_explicit_tags_are_reported_and_the_value_read_plainly(text, line, column, value):
    docs, problems = load_text(text, "x.yaml")
    assert located(problems) == [("yaml-tag", line, column)]
    assert list(docs[0].data.values()) == [value]
    json.dumps(docs[0].data, allow_nan=False)


def test_a_tag_on_a_key_is_reported_and_the_key_kept_as_written():
    docs, problems = load_text("!!binary aGk=: 1\n!!int 12: 2\n", "x.yaml")
    assert located(problems) == [("yaml-tag", 1, 1)]
    assert docs[0].data == {"aGk=": 1, "12": 2}


def test_plain_tags_that_fit_their_value_are_fine():
    docs, problems = load_text("a: !!str 012\nb: !!int 12\nc: !!float 1\nd: !!bool true\ne: !!map {x: 1}\n"
                               "f: !!seq [1]\ng: !!null\n", "x.yaml")
    assert problems == []
    assert docs[0].data == {"a": "012", "b": 12, "c": 1.0, "d": True, "e": {"x": 1}, "f": [1], "g": None}


# -- wrong types in identity fields: schema problems, never a crash in hashing or sorting --------

@pytest.mark.parametrize("text,expected", [
    ("kind: [character]\ngame: dark-horse\nid: x\nname: X\n", [("schema", 1, 7)]),
    ("kind: {a: 1}\ngame: dark-horse\nid: x\nname: X\n", [("schema", 1, 7)]),
    ("kind: token\ngame: [dark-horse]\nid: x\nname: X\nsource: {document: house-rule}\n", [("schema", 2, 7)]),
    ("kind: token\ngame: dark-horse\nid: {a: 1}\nname: X\nsource: {document: house-rule}\n", [("schema", 3, 5)]),
    ("kind: token\ngame: dark-horse\nid: 1849\nname: X\nsource: {document: house-rule}\n", [("implicit-type", 3, 5)]),
])
def test_identity_fields_of_the_wrong_type_are_schema_problems(text, expected):
    docs, problems = check_text(text)
    assert located(problems) == expected
    assert docs[0].kind in (None, "token") and docs[0].game in (None, "dark-horse") and docs[0].id in (None, "x")


def test_a_kind_written_as_a_one_item_list_gets_a_hint():
    _, problems = check_text("kind: [character]\n")
    assert problems[0].hint == "write 'kind: character'"


def test_library_checks_survive_wrong_types_in_reference_fields():
    spaces = ("kind: action_space\ngame: dark-horse\nid: marshal-two\nname: M\nsource: {document: house-rule}\n"
              "replaces: [politics]\n")
    scenario = "kind: scenario\ngame: dark-horse\nid: s{n}\nname: S\nsource: {{document: house-rule}}\naction_spaces: {v}\n"
    text = "---\n".join([spaces] + [scenario.format(n=n, v=v) for n, v in
                                    enumerate(["[marshal-two]", "3", "on", ".inf"])])
    _, problems = check_text(text)
    # lines: replaces 6; the scenarios' action_spaces at 13, 20, 27, 34
    assert sorted(located(problems)) == [("bad-value", 34, 16), ("implicit-type", 27, 16), ("schema", 6, 11),
                                         ("schema", 20, 16), ("schema", 27, 16), ("schema", 34, 16)]


def test_a_game_with_a_number_for_id_beside_an_unknown_game():
    text = ("kind: game\ngame: dark-horse\nid: 1849\nname: G\nsource: {document: house-rule}\n---\n"
            "kind: token\ngame: dark-hors\nid: t\nname: T\nsource: {document: house-rule}\n")
    _, problems = check_text(text)
    assert located(problems) == [("implicit-type", 3, 5), ("unknown-game", 8, 7)]
    assert "did you mean 'dark-horse'?" in problems[1].hint


def test_an_id_with_a_trailing_newline_is_not_an_id():
    # `$` in Python matches before a final newline; the schemas mean ECMA's `$` (the very end)
    text = ('kind: token\ngame: dark-horse\nid: telegraph-office\nname: T\nsource: {document: house-rule}\n---\n'
            'kind: token\ngame: dark-horse\nid: "telegraph-office\\n"\nname: T\nsource: {document: house-rule}\n')
    _, problems = check_text(text)
    assert located(problems) == [("schema", 9, 5)]
    assert "'telegraph-office\\n' is not an id" in problems[0].message


def test_one_problem_per_set_of_missing_fields():
    text = "---\n".join(["kind: character\n"] * 5)  # each misses game, id, name, source and role
    _, problems = check_text(text)
    assert len(problems) == 5 and set(codes(problems)) == {"schema"}
    assert problems[0].message == "missing required fields 'game', 'id', 'name', 'source' and 'role'"


# -- anchors, aliases and merges: bounded in size and depth ---------------------------------------

def _bomb(levels=9):
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for name in "bcdefghijklmnop"[:levels - 1]:
        text += f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]\n"
        prev = name
    return text


def _merge_bomb(levels=8):
    text = "l0: &l0 {}\n"
    for level in range(1, levels + 1):
        text += f"l{level}: &l{level} {{<<: [" + ", ".join([f"*l{level - 1}"] * 10) + "]}\n"
    return text


@pytest.mark.parametrize("text", [_bomb(), _merge_bomb(8), _merge_bomb(12)], ids=["laughs", "merge-8", "merge-12"])
def test_bombs_are_refused_with_bounded_memory(text):
    # How fast is in benchmarks/loader.py; here: refused, and within a bounded amount of memory
    tracemalloc.start()
    docs, problems = load_text(text, "bomb.yaml")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert codes(problems) == ["alias-limit"] and docs == []
    assert peak < 50 * 2**20


def test_merges_count_against_the_budget(monkeypatch):
    # l1 merges 10 mappings, l2 10 x (1 + 10) = 110, l3 10 x (1 + 110) = 1,110: 1,230 merged
    # mappings (all empty), plus the root and its four values: 1,235 values
    monkeypatch.setattr(loader, "MAX_EXPANDED_NODES", 1_234)
    assert codes(load_text(_merge_bomb(3), "x.yaml")[1]) == ["alias-limit"]
    monkeypatch.setattr(loader, "MAX_EXPANDED_NODES", 1_235)
    assert load_text(_merge_bomb(3), "x.yaml")[1] == []


@pytest.mark.parametrize("text,line", [("notes: &a {<<: *a}\n", 1), ("a: 1\nnotes: &a [x, *a]\n", 2),
                                       ("x: &a {b: {<<: [*a]}}\n", 1)])
def test_an_anchor_used_inside_itself_is_refused(text, line):
    docs, problems = load_text(text, "x.yaml")
    assert docs == [] and [(p.code, p.line) for p in problems] == [("alias-limit", line)]
    assert "inside itself" in problems[0].message


def test_merges_still_merge():
    docs, problems = load_text("base: &b {silver: 1, food: 2}\ncost: {<<: *b, food: 3}\n", "x.yaml")
    assert problems == [] and docs[0].data["cost"] == {"silver": 1, "food": 3}


@pytest.mark.parametrize("depth", [300, 5000])
def test_deep_nesting_is_too_deep_with_either_parser(depth):
    text = "a: " + "[" * depth + "]" * depth + "\n"
    for parser in (None, loader.PURE_LOADER):
        docs, problems = load_text(text, "x.yaml", loader=parser)
        assert docs == [] and codes(problems) == ["too-deep"]


def test_a_few_aliases_are_fine():
    docs, problems = load_text("base: &b {silver: 1}\ncost: *b\n", "x.yaml")
    assert problems == [] and docs[0].data["cost"] == {"silver": 1}


def test_pure_and_c_loaders_give_the_same_result(root):
    if loader._Loader is loader.PURE_LOADER:
        pytest.skip("libyaml is not installed: only the pure loader exists")
    for path in sorted((root / "tests" / "corpus").rglob("*.yaml")):
        if not path.is_file():
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        fast = load_text(text, str(path))
        pure = load_text(text, str(path), loader=loader.PURE_LOADER)
        assert [d.data for d in fast[0]] == [d.data for d in pure[0]], path
        assert located(fast[1]) == located(pure[1]), path


_SCALARS = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"[-+]?[0-9][0-9_.:]{0,8}([eE][-+]?[0-9]{1,3})?", fullmatch=True),
    st.from_regex(r"0[xob]?[0-9a-fA-F_]{0,6}", fullmatch=True),
    st.sampled_from(["", "~", "null", "Null", "NULL", "yes", "No", "ON", "off", "y", "n", "true", "FALSE", "=",
                     "<<", ".inf", "-.Inf", ".NaN", "2024-01-31", "2024-13-45", "2001-12-14t21:59:43.10-05:00",
                     "1:30", "190:20:30", "0.", "+1", "-0", "٣", "1e3", "6.8523015e+5", "685.230_15e+03"]))


@settings(max_examples=600, deadline=None)
@given(value=_SCALARS, implicit=st.sampled_from([(True, False), (False, True), (False, False), (True, True)]))
def test_the_content_loader_resolves_tags_exactly_as_pyyaml(value, implicit):
    # the content loader answers libyaml's tag callback in fewer steps; the answer (the very tag
    # object, which the walk compares by identity) must be PyYAML's own
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    for kind, node_value in ((ScalarNode, value), (SequenceNode, None), (MappingNode, None)):
        ours = loader._ContentLoader.resolve(None, kind, node_value, implicit)
        pyyaml = yaml.resolver.Resolver.resolve(yaml.SafeLoader, kind, node_value, implicit)
        assert ours is pyyaml, (kind, node_value, implicit)


def test_ordinary_whole_numbers_and_yaml11_octals_after_the_fast_path():
    docs, problems = load_text("a: 0\nb: 10\nc: 00\nd: 0012\ne: '10'\nf: !!int 7\ng: +5\n", "x.yaml")
    assert docs[0].data == {"a": 0, "b": 10, "c": 0, "d": 10, "e": "10", "f": 7, "g": 5}
    # 00 and 0012 are YAML 1.1 octals (0 and 10): their digits change, so they are reported
    assert located(problems) == [("implicit-type", 3, 4), ("implicit-type", 4, 4)]


def test_a_key_after_a_merge_overrides_it_and_a_key_written_twice_is_a_duplicate():
    text = "base: &b {food: 1, silver: 2}\ncost:\n  <<: *b\n  food: 3\n  food: 4\n"
    docs, problems = load_text(text, "x.yaml")
    assert docs[0].data["cost"] == {"food": 3, "silver": 2}
    [p] = problems
    assert (p.code, p.line, p.column, p.path) == ("duplicate-key", 5, 3, "$.cost.food")
    assert "first at line 4" in p.message


def test_a_list_of_plain_text_counts_against_the_alias_budget(monkeypatch):
    # items taken without a call are still counted: 4 aliases of a 50-item list is 200 values
    monkeypatch.setattr(loader, "MAX_EXPANDED_NODES", 150)
    text = "a: &a [" + ", ".join(["x"] * 50) + "]\nb: [*a, *a, *a, *a]\n"
    assert codes(load_text(text, "x.yaml")[1]) == ["alias-limit"]
    monkeypatch.setattr(loader, "MAX_EXPANDED_NODES", 300)
    assert load_text(text, "x.yaml")[1] == []


def test_a_block_pasted_twice_names_each_keys_first_line():
    block = "".join(f"  k{i}: {i}\n" for i in range(300))
    docs, problems = load_text("notes:\n" + block + block, "x.yaml")
    assert docs[0].data["notes"] == {f"k{i}": i for i in range(300)}
    assert len(problems) == 300 and {p.code for p in problems} == {"duplicate-key"}
    assert all(p.line == i + 302 and f"first at line {i + 2})" in p.message for i, p in enumerate(problems))


def test_a_second_merge_key_is_a_duplicate_and_the_first_merge_is_kept():
    text = "a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: *a\n  <<: *b\n  z: 3\n"
    docs, problems = load_text(text, "x.yaml")
    assert docs[0].data["c"] == {"x": 1, "z": 3}
    [p] = problems
    assert (p.code, p.line, p.column) == ("duplicate-key", 5, 3) and "first at line 4" in p.message
    assert "<<: [*first, *second]" in p.hint


def test_a_problem_under_an_anchor_is_reported_once_however_often_it_is_aliased():
    docs, problems = load_text("a: &n 012\nb: *n\nc: [*n, *n]\n", "x.yaml")
    assert docs[0].data == {"a": 10, "b": 10, "c": [10, 10]}
    assert located(problems) == [("implicit-type", 1, 4)]


def test_a_large_document_without_aliases_is_a_size_limit_not_an_alias_limit(monkeypatch):
    monkeypatch.setattr(loader, "MAX_EXPANDED_NODES", 150)
    plain = "notes:\n" + "".join(f"  - n{i}\n" for i in range(200))
    [p] = load_text(plain, "x.yaml")[1]
    assert (p.code, p.line) == ("size-limit", 2) and "150 values" in p.message and "anchors" not in p.message
    aliased = "a: &a [" + ", ".join(["x"] * 50) + "]\nb: [*a, *a, *a, *a]\n"
    assert codes(load_text(aliased, "x.yaml")[1]) == ["alias-limit"]


def test_locating_keys_of_a_large_mapping(tmp_path):
    text = HEAD + "".join(f"field{i}: {i}\n" for i in range(2000))
    doc = load_text(text, "x.yaml")[0][0]
    assert [doc.locate([f"field{i}"], key=True) for i in (0, 999, 1999)] == [(6, 1), (1005, 1), (2005, 1)]
    assert doc.locate(["field5"]) == (11, 9) and doc.locate(["nope"]) == (1, 1)


def test_validation_pauses_the_garbage_collector_and_restores_it(tmp_path, monkeypatch):
    import gc

    (tmp_path / "a.yaml").write_text(HEAD)
    seen = []
    real = validate.check_file
    monkeypatch.setattr(validate, "check_file", lambda path: seen.append(gc.isenabled()) or real(path))
    assert gc.isenabled()
    assert validate_paths([tmp_path], workers=1).ok
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        validate_paths([tmp_path], workers=1)
        assert not gc.isenabled()  # a caller that turned it off keeps it off
    finally:
        gc.enable()


def test_empty_and_non_mapping_documents():
    assert codes(load_text("", "x")[1]) == ["not-a-document"]
    assert codes(load_text("# only a comment\n", "x")[1]) == ["not-a-document"]
    assert codes(load_text("- a\n", "x")[1]) == ["not-a-document"]
    assert codes(load_text("just text\n", "x")[1]) == ["not-a-document"]


def test_stream_keeps_documents_before_a_syntax_error():
    docs, problems = load_text("a: 1\n---\nb: [\n", "x.yaml")
    assert [d.data for d in docs] == [{"a": 1}]
    assert codes(problems) == ["yaml-syntax"] and problems[0].line >= 3


# -- characters and encodings -----------------------------------------------------------------

@pytest.mark.parametrize("parser", [None, loader.PURE_LOADER], ids=["libyaml", "pure"])
def test_a_control_character_is_located_where_it_is(parser):
    docs, problems = load_text("kind: card\r\nname: Ace\nnotes: caf\u00e9 a\x07b\n", "x.yaml", loader=parser)
    assert located(problems) == [("yaml-syntax", 3, 14)]
    assert "U+0007" in problems[0].message and "\x07" not in problems[0].message


def test_escape_sequences_from_content_are_shown_escaped():
    text = HEAD + '"\\e[2J\\e[31mred": 1\n'
    _, problems = check_text(text)
    [problem] = problems
    assert problem.code == "schema" and "\x1b" not in problem.message and "\\x1b[2J\\x1b[31mred" in problem.message
    odd = Problem("schema", "a\x1b]0;title\x07b", "f\x1b[31m.yaml", 1, 1, hint="\u202eevil")
    assert odd.format_text() == "f\\x1b[31m.yaml:1:1: error schema: a\\x1b]0;title\\x07b\n    hint: \\u202eevil"


def test_encoding_problem_points_at_the_bad_byte(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"kind: card\nname: Caf\xe9\n")
    docs, problems = check_file(str(path))
    assert docs == [] and located(problems) == [("encoding", 2, 10)]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16", "utf-32"])
def test_utf16_and_utf32_are_encoding_problems_with_or_without_a_bom(tmp_path, encoding):
    path = tmp_path / "wide.yaml"
    path.write_bytes("kind: card\nname: Ace\n".encode(encoding))
    docs, problems = load_file(path)
    assert docs == [] and codes(problems) == ["encoding"]
    assert "UTF-16" in problems[0].message or "UTF-32" in problems[0].message


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffkind: card\n".encode())
    docs, problems = loader.load_file(path)
    assert docs[0].data == {"kind": "card"} and problems == []


# -- only regular files are read; nothing is skipped silently -----------------------------------

def _in_thread(function, *args):
    """Run ``function``; a hang fails the test instead of hanging the suite."""
    result = []
    thread = threading.Thread(target=lambda: result.append(function(*args)), daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the loader blocked"
    return result[0]


def test_a_named_pipe_is_reported_not_read(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "card.yaml").write_text(HEAD)
    result = _in_thread(validate_paths, [tmp_path])
    assert [(p.code, os.path.basename(p.file)) for p in result.problems] == [("not-a-file", "pipe.yaml")]
    assert "named pipe" in result.problems[0].message and len(result.documents) == 1


def test_a_link_to_a_device_is_reported_not_read(tmp_path):
    os.symlink("/dev/zero", tmp_path / "zero.yaml")
    docs, problems = _in_thread(load_file, tmp_path / "zero.yaml")
    assert docs == [] and codes(problems) == ["not-a-file"] and "/dev/zero" in problems[0].message


def test_upper_case_suffixes_are_yaml_files(tmp_path):
    for name in ("A.YAML", "b.Yml", "c.yaml", "d.yaml~", "e.json"):
        (tmp_path / name).write_text(HEAD.replace("id: x", f"id: {name[0]}"))
    assert [os.path.basename(f) for f in discover([tmp_path])] == ["A.YAML", "b.Yml", "c.yaml"]


def test_an_unreadable_folder_or_file_is_reported(tmp_path, monkeypatch):
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "card.yaml").write_text(HEAD)
    (tmp_path / "secret.yaml").write_text(HEAD.replace("id: x", "id: y"))
    if os.geteuid() != 0:  # root reads everything: there, the operating system's refusal is simulated
        (tmp_path / "locked").chmod(0)
        (tmp_path / "secret.yaml").chmod(0)
    else:
        real_scandir, real_open = os.scandir, os.open

        def scandir(path="."):
            if os.fspath(path).endswith("locked"):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real_scandir(path)

        def os_open(path, *args, **kwargs):
            if os.fspath(path).endswith("secret.yaml"):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real_open(path, *args, **kwargs)

        monkeypatch.setattr(os, "scandir", scandir)
        monkeypatch.setattr(loader.os, "open", os_open)
    try:
        result = validate_paths([tmp_path])
    finally:
        (tmp_path / "locked").chmod(0o755)
        (tmp_path / "secret.yaml").chmod(0o644)
    assert sorted((p.code, os.path.basename(p.file), p.severity) for p in result.problems) == [
        ("io", "locked", "error"), ("io", "secret.yaml", "error")]
    assert not result.ok


def test_a_linked_folder_is_reported_as_skipped(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "card.yaml").write_text(HEAD)
    (tmp_path / "house").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "house" / "linked")
    result = validate_paths([tmp_path / "house"])
    assert [(p.code, p.severity) for p in result.problems] == [("skipped", "warning")]
    assert result.ok and result.files == 0


# -- the pipeline: linear locating, and a bug in one file hides nothing ---------------------------

def test_all_problems_of_a_file_are_located_from_one_parse(tmp_path, monkeypatch):
    path = tmp_path / "many.yaml"
    path.write_text("".join(f"---\nkind: card\ngame: revolver\nid: c{i}\ncopies: 2\n" for i in range(50)))
    calls = []
    real = loader._compose_all
    monkeypatch.setattr(loader, "_compose_all", lambda *args: calls.append(1) or real(*args))
    loader._compose_stream.cache_clear()
    docs, problems = check_file(str(path))
    assert len(docs) == 50 and len(problems) == 50
    assert [p.line for p in problems] == [2 + 5 * i for i in range(50)]
    assert len(calls) == 2  # the load, then one parse that locates all fifty problems


def test_a_bug_on_one_file_is_reported_and_hides_nothing(tmp_path, monkeypatch):
    (tmp_path / "a.yaml").write_text("kind: card\n")
    (tmp_path / "b.yaml").write_text(HEAD)
    real = validate.check_file

    def broken(path):
        if path.endswith("b.yaml"):
            raise RuntimeError("boom")
        return real(path)

    monkeypatch.setattr(validate, "check_file", broken)
    monkeypatch.delenv("WORKBENCH_DEBUG", raising=False)
    result = validate_paths([tmp_path])
    assert [(p.code, os.path.basename(p.file)) for p in result.problems] == [("schema", "a.yaml"),
                                                                              ("internal-error", "b.yaml")]
    assert "RuntimeError: boom" in result.problems[1].message


def test_the_parallel_path_reports_the_same_problems(tmp_path, monkeypatch):
    texts = [HEAD.replace("id: x", f"id: c{i}") + extra for i, extra in enumerate(
        ["notes: 2024-13-45\n", "notes: !!int abc\n", "notes: &a {<<: *a}\n", "", "kind2: [x]\n", "copies: .inf\n"])]
    for i, text in enumerate(texts * 3):
        (tmp_path / f"f{i:02d}.yaml").write_text(text.replace("id: c", f"id: c{i}-"))
    monkeypatch.setattr(validate, "PARALLEL_THRESHOLD", 2)
    serial = validate_paths([tmp_path], workers=1)
    parallel = validate_paths([tmp_path], workers=2)
    assert [p.format_text() for p in parallel.problems] == [p.format_text() for p in serial.problems]
    assert {p.code for p in serial.problems} == {"bad-value", "alias-limit", "schema"}


# -- property tests: nothing but the project's own problems, whatever the input ---------------

@settings(max_examples=300)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_arbitrary_text_never_raises(text):
    fuzz_grammar.check_stream(text)


_yaml_text = st.sampled_from(["kind", "game", "id", "name", ":", "-", " ", "\n", "  ", "[", "]", "{", "}", ",",
                              "&a", "*a", "<<", "'", '"', "#", "no", "012", "card", "!!str", "\t", "---",
                              "kind: card\n", "kind: scenario\n", "game: revolver\n", "id: x\n", "replaces: y\n",
                              "action_spaces: [a, b]\n", "kind: map\n", "="])


@settings(max_examples=300)
@given(st.lists(_yaml_text, max_size=40).map("".join))
def test_yaml_shaped_noise_never_raises(text):
    fuzz_grammar.check_stream(text)


@settings(max_examples=150)
@given(fuzz_grammar.yaml_streams())
def test_grammar_of_hostile_yaml_is_only_ever_reported(text):
    fuzz_grammar.check_stream(text)


@settings(max_examples=150)
@given(fuzz_grammar.content_streams())
def test_grammar_of_content_documents_is_only_ever_reported(text):
    fuzz_grammar.check_stream(text)


class _Dumper(yaml.SafeDumper):
    """PyYAML's dumper, but NEL, LS and PS are written escaped in double quotes.

    PyYAML writes them raw inside single quotes, where YAML 1.1 reads them as line breaks and
    folds them into a space: ``{' ': 1, '\\x85': 2}`` comes out as text holding the key ' ' twice.
    """


_Dumper.add_representer(str, lambda dumper, value: dumper.represent_scalar(
    "tag:yaml.org,2002:str", value, style='"' if any(c in value for c in "\x85\u2028\u2029") else None))


def test_nel_is_a_line_break_inside_quotes():
    # what PyYAML's own dumper writes for {' ': None, '\x85': None}: the key ' ' twice, as YAML
    # 1.1 reads it (PyYAML's loader agrees and silently keeps one); reported, not a false alarm
    text = yaml.safe_dump({" ": None, "\x85": None}, allow_unicode=True)
    assert yaml.safe_load(text) == {" ": None}
    assert codes(load_text(text, "x.yaml")[1]) == ["duplicate-key"]
    text = yaml.dump({" ": None, "\x85": None}, Dumper=_Dumper, allow_unicode=True)
    docs, problems = load_text(text, "x.yaml")
    assert problems == [] and docs[0].data == {" ": None, "\x85": None}


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=20),
                     st.floats(allow_nan=False, allow_infinity=False))
_trees = st.recursive(_scalars, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                       st.dictionaries(st.text(min_size=1, max_size=8), kids, max_size=4)),
                      max_leaves=20)


@settings(max_examples=200)
@given(st.dictionaries(st.text(min_size=1, max_size=8), _trees, max_size=5))
def test_arbitrary_trees_round_trip_and_validate_without_raising(tree):
    text = yaml.dump(tree, Dumper=_Dumper, allow_unicode=True)
    docs, problems = load_text(text, "tree.yaml")
    assert [p for p in problems if p.is_error] == []
    if tree:
        assert docs[0].data == tree
        for problem in document_problems(docs[0]):
            assert problem.code in CODES and problem.line >= 1
