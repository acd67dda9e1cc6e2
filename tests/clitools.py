"""Helpers for the command-line tests: run `workbench` as a designer does, in a folder of their
own outside the repository, and read what it says."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "variants" / "house-rules"
PROBLEM_FIELDS = {"severity", "code", "file", "line", "column", "path", "message", "hint"}


def benchmark(name: str):
    """The script ``benchmarks/<name>.py`` loaded as a module (the tests call its functions)."""
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> dict:
        """Standard output as exactly one JSON object (json.loads fails on anything else)."""
        report = json.loads(self.out)
        assert isinstance(report, dict), self.out
        return report


def outside_repository(path: Path) -> Path:
    """``path`` resolved, after checking it is not inside the repository (a test run from there
    would see the repository's variants/ and prove nothing)."""
    path = path.resolve()
    assert ROOT not in path.parents and path != ROOT, f"{path} is inside the repository"
    return path


def run(*args: str, cwd: Path, env: dict | None = None, umask: int | None = None, timeout: float = 120) -> Run:
    """``python -m workbench ARGS`` in ``cwd`` (a fresh process: what a designer's shell does)."""
    environment = {**os.environ, **(env or {})}
    environment.pop("WORKBENCH_DEBUG", None)
    proc = subprocess.run([sys.executable, "-m", "workbench", *args], cwd=cwd, capture_output=True, text=True,
                          env=environment, timeout=timeout,
                          preexec_fn=(lambda: os.umask(umask)) if umask is not None else None)
    return Run(proc.returncode, proc.stdout, proc.stderr)


def designer_folder(base: Path, *, examples: bool = True) -> Path:
    """A designer's folder: ``variants/`` holding a copy of the example house rules (their
    working library), and nothing of the repository's."""
    folder = outside_repository(base)
    if examples:
        shutil.copytree(EXAMPLES, folder / "variants" / "house-rules")
    return folder


def assert_no_traceback(result: Run) -> None:
    assert "Traceback" not in result.err + result.out, result.err
