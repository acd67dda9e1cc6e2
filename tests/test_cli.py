import json
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main

CORPUS = Path(__file__).parent / "corpus"


def run(*args):
    return subprocess.run([sys.executable, "-m", "workbench", *args], capture_output=True, text=True)


def test_clean_content_exits_0(capsys):
    assert main(["validate", str(CORPUS / "positive")]) == 0
    assert "no problems" in capsys.readouterr().out


def test_content_problems_exit_1_with_file_line_column(capsys):
    assert main(["validate", str(CORPUS / "negative" / "duplicate-key-nested")]) == 1
    out = capsys.readouterr().out
    assert "card.yaml:7:3: error duplicate-key:" in out
    assert "hint:" in out


def test_json_output_is_one_object_with_the_documented_shape(capsys):
    assert main(["validate", "--format", "json", str(CORPUS / "negative" / "schema-errors")]) == 1
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"checked", "problems"}
    assert report["checked"] == {"files": 1, "documents": 1}
    first = report["problems"][0]
    assert set(first) == {"severity", "code", "file", "line", "column", "path", "message", "hint"}
    assert any(p["path"] == "$.options[0].cost.silver" for p in report["problems"])


@pytest.mark.parametrize("args", [["validate", "does/not/exist"], ["validate", "--bogus"], ["frobnicate"], []])
def test_usage_errors_exit_2_without_traceback(args):
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_every_negative_case_is_reported_without_traceback():
    result = run("validate", str(CORPUS / "negative"))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout


def test_module_and_console_script_agree(root):
    script = Path(sys.executable).parent / "workbench"
    if not script.exists():
        pytest.skip("console script not installed in this environment")
    a = subprocess.run([str(script), "validate", str(CORPUS / "positive")], capture_output=True, text=True)
    b = run("validate", str(CORPUS / "positive"))
    assert (a.returncode, a.stdout) == (b.returncode, b.stdout)


def test_a_file_inside_a_given_folder_is_loaded_once(capsys):
    folder = CORPUS / "positive" / "minimal-card"
    assert main(["validate", str(folder), str(folder / "card.yaml")]) == 0
    assert "checked 1 file(s), 1 document(s): no problems" in capsys.readouterr().out


def test_the_pre_commit_hook_runs_the_validator(root):
    import yaml
    [hook] = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "workbench-validate" and hook["language"] == "python"
    assert hook["entry"].split() == ["workbench", "validate"] and hook["pass_filenames"] is False
    from importlib.metadata import entry_points
    assert any(e.name == "workbench" and e.value == "workbench.cli:main" for e in entry_points(group="console_scripts"))
