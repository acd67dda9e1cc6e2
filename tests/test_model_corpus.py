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
from fractions import Fraction
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.decks.analytics import at_least

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "tests" / "corpus" / "models"
CASES = sorted(p for kind in ("negative", "positive") for p in (MODELS / kind).iterdir() if p.is_dir())


def case_id(path):
    return f"{path.parent.name}/{path.name}"


def run(capsys, args):
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def located(rows, case):
    return sorted((code, Path(file).name, line) for code, file, line, *_ in rows)


def report_rows(problems, case):
    return sorted((p["code"], Path(p["file"]).name, p["line"]) for p in problems
                  if p.get("file") and Path(p["file"]).resolve().parent == case.resolve())


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_validate_reports_exactly_the_expected_problems(case, capsys, tmp_path, monkeypatch):
    spec = json.loads((case / "case.json").read_text())
    monkeypatch.chdir(tmp_path)  # a designer's own folder, outside the repository
    code, out, _ = run(capsys, ["validate", str(case), "--library", "published", "--format", "json"])
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
    code_text, text, _ = run(capsys, ["validate", str(case), "--library", "published"])
    assert code_text == code
    for code_, file, line, *_ in spec["problems"]:
        assert f"{file}:{line}:" in text and f" {code_}: " in text


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_matching_command_agrees_with_validate(case, capsys, tmp_path, monkeypatch):
    spec = json.loads((case / "case.json").read_text())
    monkeypatch.chdir(tmp_path)
    _, out, _ = run(capsys, ["validate", str(case), "--library", "published", "--format", "json"])
    validated = {(p["code"], p["file"] and Path(p["file"]).name, p["line"], p["message"]) for p in json.loads(out)["problems"]}
    for command in spec["commands"]:
        args = [str(case / a) if a.endswith(".yaml") else a for a in command["args"]]
        args += ["--library", str(ROOT / "variants"), "--library", str(case)]
        wants_json = args[1] in ("check", "legal", "odds", "stats", "move")
        code, out, err = run(capsys, args + (["--format", "json"] if wants_json else []))
        assert code == command["exit"], (command["args"], out, err)
        assert "Traceback" not in out + err
        if "stderr" in command:
            assert command["stderr"] in err, err
        if code != 0 and not out:
            continue
        answer = json.loads(out) if wants_json and out else {}
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
