"""The positive/negative corpus, checked by the command a designer runs.

Every case folder is validated as one library by ``workbench validate --format json``, run from a
temporary folder outside the repository. Negative cases give in expected.json the exit status and
the problems that must be reported, each as [code, file, line, *words that must appear in the
message or hint]; nothing else may be reported. Positive cases must exit 0 with no problem.
Cases git cannot hold (a named pipe, a link to /dev/zero, a linked folder) are built in a
temporary folder by the tests at the end.
"""
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.app.validate import validate_paths

CORPUS = Path(__file__).parent / "corpus"
POSITIVE = sorted(p for p in (CORPUS / "positive").iterdir() if p.is_dir())
NEGATIVE = sorted(p for p in (CORPUS / "negative").iterdir() if p.is_dir())


def _bounded():
    # a loader that read /dev/zero would eat memory until it ran out: bound it, so it fails
    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))


def validate(*paths, cwd):
    """`workbench validate --format json PATHS` from ``cwd``: (exit status, report)."""
    proc = subprocess.run([sys.executable, "-m", "workbench", "validate", "--format", "json", *map(str, paths)],
                          cwd=cwd, capture_output=True, text=True, timeout=300, preexec_fn=_bounded)
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def found(report):
    return sorted((p["code"], Path(p["file"]).name, p["line"]) for p in report["problems"])


@pytest.mark.parametrize("case", POSITIVE, ids=lambda p: p.name)
def test_positive_case_is_clean(case, tmp_path):
    status, report = validate(case, cwd=tmp_path)
    assert report["checked"]["documents"] > 0, "a positive case must hold documents"
    # whether a case's scenario can reach an end trigger is tests/test_game_ends.py's (a draft
    # scenario of published spaces cannot: `no-end-trigger`, a warning)
    assert (status, [p for p in report["problems"] if p["code"] != "no-end-trigger"]) == (0, [])


@pytest.mark.parametrize("case", NEGATIVE, ids=lambda p: p.name)
def test_negative_case_reports_exactly_the_expected_problems(case, tmp_path):
    expected = json.loads((case / "expected.json").read_text())
    status, report = validate(case, cwd=tmp_path)
    assert found(report) == sorted((code, file, line) for code, file, line, *_ in expected["problems"])
    for code, file, line, *words in expected["problems"]:
        [problem] = [p for p in report["problems"] if (p["code"], Path(p["file"]).name, p["line"]) == (code, file, line)]
        assert problem["column"] >= 1 and problem["message"]
        for word in words:
            assert word in problem["message"] + (problem["hint"] or "")
    assert status == expected["exit"]


def test_every_problem_in_the_corpus_has_a_known_code_and_a_location():
    from workbench.app.checks import all_codes

    CODES = all_codes()     # every layer's: the corpus has a model-check case too (a scenario no game plays)

    result = validate_paths([CORPUS / "negative"])
    assert result.problems
    for problem in result.problems:
        assert problem.code in CODES and problem.code != "internal-error"
        assert problem.file and problem.line >= 1 and problem.column >= 1
        assert problem.message.isprintable() and (problem.hint is None or problem.hint.isprintable())


# -- cases git cannot hold ---------------------------------------------------------------------

CARD = "kind: card\ngame: revolver\nid: plain-card\nname: Plain Card\nsource: {document: house-rule}\n"


def test_a_named_pipe_in_a_folder_is_reported_and_never_read(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    os.mkfifo(content / "pipe.yaml")
    (content / "card.yaml").write_text(CARD)
    status, report = validate(content, cwd=tmp_path)
    assert (status, found(report)) == (1, [("not-a-file", "pipe.yaml", 1)])
    assert "named pipe" in report["problems"][0]["message"] and report["checked"]["documents"] == 1


def test_a_link_to_dev_zero_in_a_folder_is_reported_and_never_read(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    os.symlink("/dev/zero", content / "zero.yaml")
    status, report = validate(content, cwd=tmp_path)
    assert (status, found(report)) == (1, [("not-a-file", "zero.yaml", 1)])
    assert "/dev/zero" in report["problems"][0]["message"]


def test_a_linked_folder_is_a_warning_not_a_silent_skip(tmp_path):
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "card.yaml").write_text(CARD)
    (tmp_path / "house").mkdir()
    os.symlink(tmp_path / "shared", tmp_path / "house" / "shared")
    status, report = validate(tmp_path / "house", cwd=tmp_path)
    assert (status, found(report)) == (0, [("skipped", "shared", None)])
    assert report["problems"][0]["severity"] == "warning"


def test_list_as_json_is_strict_json_whatever_the_content(tmp_path):
    # the loader hands on no bytes, NaN or Infinity: `!!binary` names and `.inf` stay the text written
    def refuse(constant):
        raise AssertionError(f"{constant} is not JSON")

    for case in ("tag-binary-name", "action-spaces-not-a-list", "huge-integer"):
        proc = subprocess.run([sys.executable, "-m", "workbench", "list", "--format", "json", str(CORPUS / "negative" / case)],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
        # each case has one content error, so the listing exits 1 and says so in the same report
        assert proc.returncode == 1 and "Traceback" not in proc.stderr
        report = json.loads(proc.stdout, parse_constant=refuse)
        assert report["exit_code"] == 1 and report["problems"]
        rows = [row for row in report["documents"] if Path(row["file"]).parent.name == case]  # not the published
        assert rows and all(isinstance(row["name"], str) for row in rows)
