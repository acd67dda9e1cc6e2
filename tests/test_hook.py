"""The pre-commit hook stops every designer mistake of the model corpus.

Each case's files are staged in a fresh git repository of house rules, and the hook is run as
pre-commit runs it: its ``entry`` and ``args`` from ``.pre-commit-hooks.yaml``, in the repository's
root, through the installed ``workbench`` console script (pass_filenames is false, so the hook
sees the whole repository; ``files`` decides only whether it runs, so the staged files must match it).
"""
import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "tests" / "corpus" / "models"
NEGATIVE = sorted(p for p in (MODELS / "negative").iterdir() if p.is_dir())
POSITIVE = sorted(p for p in (MODELS / "positive").iterdir() if p.is_dir())
SCRIPT = Path(sys.executable).parent / "workbench"


@pytest.fixture(scope="module")
def hook():
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["pass_filenames"] is False
    return hook


def staged_repository(tmp_path: Path, cases) -> Path:
    repo = tmp_path / "house-rules-repo"
    for case in cases:
        shutil.copytree(case, repo / "house-rules" / case.name, ignore=shutil.ignore_patterns("case.json"))
    git = ["git", "-c", "user.name=Designer", "-c", "user.email=designer@example.invalid"]
    subprocess.run([*git, "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "add", "."], cwd=repo, check=True)
    return repo


def run_hook(hook, repo: Path):
    staged = subprocess.run(["git", "diff", "--cached", "--name-only"], cwd=repo, capture_output=True, text=True,
                            check=True).stdout.split()
    assert staged and all(re.search(hook["files"], name) for name in staged)  # the hook would run
    command = shlex.split(hook["entry"]) + list(hook.get("args", []))
    assert command[0] == "workbench"
    # the console script pre-commit installs; `python -m workbench` where none is installed
    launcher = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "workbench"]
    return subprocess.run([*launcher, *command[1:]], cwd=repo, capture_output=True, text=True)


@pytest.mark.parametrize("case", NEGATIVE, ids=lambda p: p.name)
def test_the_hook_fails_on_each_designer_mistake(case, hook, tmp_path):
    expected = json.loads((case / "case.json").read_text())["problems"]
    result = run_hook(hook, staged_repository(tmp_path, [case]))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    for code, file, line, *_ in expected:
        assert re.search(rf"house-rules/{re.escape(case.name)}/{re.escape(file)}:{line}:\d+: (error|warning) {code}:",
                         result.stdout), (code, file, line, result.stdout)


def test_the_hook_passes_the_correct_twins(hook, tmp_path):
    result = run_hook(hook, staged_repository(tmp_path, POSITIVE))
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 error(s)" in result.stdout or "no problems" in result.stdout
