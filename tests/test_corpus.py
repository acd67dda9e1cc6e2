"""The positive/negative corpus: every case folder is validated as one library.

Negative cases list the problems they must produce in expected.json as
[code, file, line, *words that must appear in the message or hint].
"""
import json
from pathlib import Path

import pytest

from workbench.content.validate import validate_paths

CORPUS = Path(__file__).parent / "corpus"
POSITIVE = sorted(p for p in (CORPUS / "positive").iterdir() if p.is_dir())
NEGATIVE = sorted(p for p in (CORPUS / "negative").iterdir() if p.is_dir())


@pytest.mark.parametrize("case", POSITIVE, ids=lambda p: p.name)
def test_positive_case_is_clean(case):
    result = validate_paths([case])
    assert result.documents, "a positive case must hold documents"
    assert [p.format_text() for p in result.problems] == []


@pytest.mark.parametrize("case", NEGATIVE, ids=lambda p: p.name)
def test_negative_case_reports_exactly_the_expected_problems(case):
    expected = json.loads((case / "expected.json").read_text())["problems"]
    result = validate_paths([case])
    got = sorted((p.code, Path(p.file).name, p.line) for p in result.problems)
    assert got == sorted((code, file, line) for code, file, line, *_ in expected)
    for code, file, line, *words in expected:
        [problem] = [p for p in result.problems if (p.code, Path(p.file).name, p.line) == (code, file, line)]
        assert problem.column >= 1 and problem.message
        for word in words:
            assert word in problem.message + (problem.hint or "")


def test_every_problem_in_the_corpus_has_a_known_code_and_a_location():
    from workbench.content.problems import CODES

    result = validate_paths([CORPUS / "negative"])
    assert result.problems
    for problem in result.problems:
        assert problem.code in CODES
        assert problem.file and problem.line >= 1 and problem.column >= 1
