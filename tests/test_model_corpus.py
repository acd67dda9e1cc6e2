"""The model-check corpus: one case per designer mistake (negative) and its correct twin (positive).

Each case folder holds YAML content and ``case.json``:

* ``problems``: what ``workbench validate CASE --library published`` must report, as
  ``[code, file, line, *words in the message or hint]`` (in the text and the JSON output alike);
* ``commands``: the matching ``map``/``deck`` commands, run from a folder outside the repository
  with ``--format json`` where they print a report, each with its exit code and, where given, the
  problems it must report (``[code, file, line]``) or what its answer must be.

A map or deck command and ``validate`` must agree: every problem the command reports in a case file
is one ``validate`` reports there too.
"""
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.decks.analytics import at_least

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "tests" / "corpus" / "models"
CASES = sorted(p for kind in ("negative", "positive") for p in (MODELS / kind).iterdir() if p.is_dir())


#: Codes about how a game is played, not about a map or a deck: the map and deck commands do not report them.
PLAY_ONLY = {"no-end-trigger"}


def case_id(path):
    return f"{path.parent.name}/{path.name}"


def run(capfd, args):
    code = main(args)
    out, err = capfd.readouterr()
    return code, out, err


def located(rows, case):
    return sorted((code, Path(file).name, line) for code, file, line, *_ in rows)


def report_rows(problems, case):
    return sorted((p["code"], Path(p["file"]).name, p["line"]) for p in problems
                  if p.get("file") and Path(p["file"]).resolve().parent == case.resolve())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_validate_reports_exactly_the_expected_problems(case, capfd, tmp_path, monkeypatch):
    spec = json.loads((case / "case.json").read_text())
    monkeypatch.chdir(tmp_path)  # a designer's own folder, outside the repository
    code, out, _ = run(capfd, ["validate", str(case), "--library", "published", "--format", "json"])
    report = json.loads(out)
    assert report_rows(report["problems"], case) == located(spec["problems"], case)
    errors = [p for p in report["problems"] if p["severity"] == "error"]
    assert code == (1 if errors else 0)
    if case.parent.name == "positive":
        assert not errors
    for code_, file, line, *words in spec["problems"]:
        [problem] = [p for p in report["problems"] if (p["code"], Path(p["file"]).name, p["line"]) == (code_, file, line)]
        assert problem["column"] >= 1 and problem["message"]
        for word in words:
            assert word in problem["message"] + (problem["hint"] or ""), (word, problem)
    # the text report says the same, one located line per problem
    code_text, text, _ = run(capfd, ["validate", str(case), "--library", "published"])
    assert code_text == code
    for code_, file, line, *_ in spec["problems"]:
        assert f"{file}:{line}:" in text and f" {code_}: " in text


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_matching_command_agrees_with_validate(case, capfd, tmp_path, monkeypatch):
    spec = json.loads((case / "case.json").read_text())
    monkeypatch.chdir(tmp_path)
    validate_code, out, _ = run(capfd, ["validate", str(case), "--library", "published", "--format", "json"])
    validated = {(p["code"], p["file"] and Path(p["file"]).name, p["line"], p["message"]) for p in json.loads(out)["problems"]}
    # whether a scenario's games can end by a trigger is a question of play, which no map or deck
    # command reads: it is validate's (and play's) alone
    validated_rows = [r for r in report_rows(json.loads(out)["problems"], case) if r[0] not in PLAY_ONLY]
    for command in spec["commands"]:
        args = [str(case / a) if a.endswith(".yaml") else a for a in command["args"]]
        args += ["--library", str(ROOT / "variants"), "--library", str(case)]
        wants_json = args[1] in ("check", "legal", "odds", "stats", "move", "draw", "layout")
        if args[0] in ("map", "deck"):
            code, out, err = run(capfd, args + (["--format", "json"] if wants_json else []))
        else:  # another command, as a designer runs it
            done = subprocess.run([sys.executable, "-m", "workbench", *args], capture_output=True, text=True)
            code, out, err = done.returncode, done.stdout, done.stderr
        assert code == command["exit"], (command["args"], out, err)
        assert "Traceback" not in out + err
        if "stderr" in command:
            assert command["stderr"] in err, err
        if "says" in command:  # anywhere in what the command printed
            assert command["says"] in out + err, out + err
        if code != 0 and not out:
            continue
        answer = json.loads(out) if wants_json and out else {}
        if args[0] in ("map", "deck") and args[1] in ("check", "legal", "move", "odds", "draw", "layout") and code != 2 \
                and not (args[0], args[1]) == ("deck", "odds"):
            # one contract (issue 25): the same problems in the case's files, the same exit status
            assert code == validate_code, (command["args"], out, err)
            assert report_rows(answer["problems"], case) == validated_rows, command["args"]
        if "problems" in command:
            assert report_rows(answer["problems"], case) == located(command["problems"], case)
            # never disagree: what the command reports in the case's files, validate reports too
            for p in answer["problems"]:
                if p.get("file") and Path(p["file"]).resolve().parent == case.resolve():
                    assert (p["code"], Path(p["file"]).name, p["line"], p["message"]) in validated
        if "size" in command:
            assert answer["size"] == command["size"]
        if "legal" in command:
            assert answer["legal"] == command["legal"]
        if "to" in command:
            assert answer["to"] == command["to"] and answer["moved"]
        if "fraction" in command:
            key, size, copies, draws = command["fraction"]
            assert Fraction(answer["fractions"][key]) == at_least(size, copies, draws)
            assert answer["deck_size"] == size
        if "reasons" in command:
            rows = {",".join(map(str, row["hex"])): row["rules"] for row in answer["illegal"]}
            for hex_, rules in command["reasons"].items():
                assert rows[hex_] == rules


def test_every_mistake_has_a_correct_twin():
    negative = sorted(p for p in (MODELS / "negative").iterdir() if p.is_dir())
    assert len(negative) >= 15
    for case in negative:
        twin = json.loads((case / "case.json").read_text())["twin"]
        assert (MODELS / "positive" / twin / "case.json").is_file(), (case.name, twin)


# -- the model checks never raise, whatever a designer writes -----------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ids = st.sampled_from(["a", "b", "mayor", "marshal", "case-base", "buffalo-herd", "cattle-ranch", "resource",
                        "custom-decks", "town-on-resource", "wanted-exclusoin", "apache-scout"])
_coord = st.lists(st.integers(-4, 4), min_size=2, max_size=2)
_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**7), st.floats(allow_nan=True), _ids,
                    st.lists(_ids, max_size=3), _coord, st.dictionaries(_ids, _coord, max_size=3))
_piece = st.fixed_dictionaries({"piece": st.sampled_from(["town", "city", "mystery-hex", "tribe-token", "improved-town"]),
                                "at": _coord}, optional={"player": st.sampled_from(["red", "blue"]), "hex_type": _ids,
                                                         "face_up": st.booleans(), "first": st.booleans()})
_fields = {
    "map": {"geometry": st.sampled_from(["hex", "grid"]), "shape": st.fixed_dictionaries(
        {"shape": st.sampled_from(["hexagon", "rectangle"])}, optional={"radius": st.integers(0, 70), "width": st.integers(1, 9),
                                                                         "height": st.integers(1, 9), "terrain": _ids}),
            "pieces": st.lists(_piece, max_size=5), "rails": st.lists(st.fixed_dictionaries(
                {"player": st.sampled_from(["red", "blue"]), "from": _coord, "to": _coord}), max_size=3),
            "spaces": st.lists(st.fixed_dictionaries({"at": _coord}, optional={"terrain": _ids, "tokens": st.lists(_ids, max_size=2)}),
                               max_size=4),
            "directions": st.dictionaries(st.sampled_from(["1", "2", "3", "4", "5", "6", "7"]), _coord, max_size=6),
            "rules": st.lists(_ids, max_size=3), "parameters": st.dictionaries(
                st.sampled_from(["min_city_distance", "safe_zone_area_distance", "mobile_hex_may_stack",
                                 "rerolls_on_illegal_move"]), _values, max_size=4)},
    "deck": {"faction": st.sampled_from(["mcready", "colti"]), "base": _ids, "rules": _ids, "size": _values,
             "cards": st.lists(st.fixed_dictionaries({"card": _ids, "count": st.integers(1, 10**7)}), max_size=4),
             "swaps": st.lists(st.fixed_dictionaries({"out": _ids, "in": _ids}), max_size=4)},
    "scenario": {"action_spaces": st.one_of(st.lists(_ids, max_size=4), _values), "variants": _values,
                 "placement_rules": st.one_of(st.lists(_ids, max_size=3), _values), "parameters": _values},
    "action_space": {"replaces": _values},
    "deck_rules": {"deck_size": _values, "allowed_origins": _values, "base_decks": _values},
    "hex_type": {"category": st.sampled_from(["mystery", "resource"]), "mobile": _values, "takes_back": _values,
                 "placement_rules": _values},
}


@st.composite
def _document(draw):
    kind = draw(st.sampled_from(sorted(_fields)))
    data = {"kind": kind, "game": draw(st.sampled_from(["dark-horse", "revolver"])), "id": draw(_ids), "name": "N",
            "source": {"document": "house-rule"}}
    data.update(draw(st.fixed_dictionaries({}, optional=_fields[kind])))
    return data


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_document(), min_size=1, max_size=4))
def test_model_checks_never_raise_and_speak_known_codes(documents):
    import yaml

    from workbench.content.library import Library
    from workbench.app.checks import library_problems
    from workbench.content.loader import load_text
    from workbench.app.checks import all_codes
    from workbench.content.validate import document_problems
    text = yaml.safe_dump_all(documents, allow_unicode=True)
    docs, problems = load_text(text, "designer.yaml")
    for doc in docs:
        problems += list(document_problems(doc))
    published = _published()
    problems += [p for p in library_problems(Library.from_documents(published + docs)) if p.file == "designer.yaml"]
    assert {p.code for p in problems} <= set(all_codes())
    assert all(p.line is not None and p.line >= 1 for p in problems)


_PUBLISHED = []


def _published():
    if not _PUBLISHED:
        from workbench.app.validate import validate_paths
        from workbench.core.paths import VARIANTS
        _PUBLISHED.extend(validate_paths([VARIANTS]).documents)
    return _PUBLISHED


def test_the_docs_code_table_lists_every_code_once():
    """The hand-written table of the docs' "What validate checks" (the reference page beside it is
    written from the code, tests/test_docs.py)."""
    import re

    from workbench.app.checks import all_codes

    page = (ROOT / "docs" / "explanation" / "what-validate-checks.md").read_text()
    table = page.split("## Problem codes", 1)[1].split("\n## ", 1)[0]
    listed = [code for row in table.splitlines() if row.startswith("| `")
              for code in re.findall(r"`([a-z-]+)`", row.split("|")[1])]
    assert sorted(listed) == sorted(all_codes()) and len(listed) == len(set(listed))


def test_every_problem_of_the_corpus_has_a_known_code():
    from workbench.app.checks import all_codes
    from workbench.app.validate import validate_paths
    from workbench.core.paths import VARIANTS

    result = validate_paths([MODELS], context=[VARIANTS])
    assert result.problems and {p.code for p in result.problems} <= set(all_codes())
