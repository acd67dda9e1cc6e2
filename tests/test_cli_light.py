"""The validator and the pre-commit hook need only the core install (YAML, the schema checkers,
networkx): run the commands with the extras' packages made unimportable, as in a core-only
environment, and check that none of them is even tried."""
import json
import subprocess
import sys

import pytest

from clitools import EXAMPLES, outside_repository

EXTRAS = ["pandas", "pandera", "matplotlib", "numpy", "ipywidgets", "ipympl", "jupyterlab", "jupyter_server",
          "ipykernel", "IPython", "ruamel", "nbformat", "PIL", "scipy"]

RUNNER = """
import atexit, importlib.abc, json, runpy, sys
BLOCKED = set(json.loads(sys.argv[1]))
tried = []

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            tried.append(name)
            raise ModuleNotFoundError(f"No module named {name!r} (not installed: an extra)", name=name)
        return None

sys.meta_path.insert(0, Blocker())
atexit.register(lambda: print("TRIED " + json.dumps(sorted(set(tried))), file=sys.stderr))
sys.argv = ["workbench", *sys.argv[2:]]
runpy.run_module("workbench", run_name="__main__", alter_sys=True)
"""

COMMANDS = [
    ["validate"], ["validate", "house-rules", "--library", "published"], ["list", "--kind", "scenario"],
    ["map", "check", "illustrative-territory"], ["map", "legal", "illustrative-territory", "--player", "red", "--piece", "city"],
    ["map", "odds", "illustrative-territory", "--hex", "3,0", "--moves", "2"],
    ["map", "layout", "illustrative-territory", "--seed", "3"],
    ["deck", "check", "mcready-sharpshooters", "--library", "house-rules"],
    ["gunfight", "--a", "combat=2", "--b", "marshal-token", "--simulate", "100"],
    ["play", "dark-horse", "--rounds", "1", "--players", "2"], ["play", "western-legends", "--players", "2", "--rounds", "1"],
    ["poker", "rank", "AS", "KS", "QS", "JS", "10S"], ["poker", "odds", "--hand", "AS,AD", "--samples", "50"],
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    home = outside_repository(tmp_path_factory.mktemp("light"))
    import shutil
    shutil.copytree(EXAMPLES, home / "house-rules")
    return home


def run_core_only(args, cwd):
    proc = subprocess.run([sys.executable, "-c", RUNNER, json.dumps(EXTRAS), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)
    tried = json.loads(proc.stderr.rsplit("TRIED ", 1)[1])
    return proc, tried


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(c)[:50] for c in COMMANDS])
def test_commands_need_only_the_core(folder, args):
    proc, tried = run_core_only(args, folder)
    assert "Traceback" not in proc.stderr
    assert proc.returncode in (0, 1), proc.stderr  # the example deck is not legal (its base list is unknown)
    assert tried == [], f"{' '.join(args)} tried to import {tried}"


def test_drawing_a_map_without_matplotlib_says_which_extra_to_install(folder):
    proc, _ = run_core_only(["map", "draw", "illustrative-territory", "-o", "map.svg"], folder)
    assert proc.returncode == 2 and "frontier-workbench[plot]" in proc.stderr and "Traceback" not in proc.stderr


def test_the_core_is_what_the_package_requires():
    """pyproject's core dependencies are the four the validator needs; the rest are extras."""
    import tomllib

    from clitools import ROOT
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {d.split(">")[0].split("=")[0].strip().lower() for d in project["dependencies"]}
    assert core == {"pyyaml", "jsonschema", "fastjsonschema", "networkx"}
    extras = project["optional-dependencies"]
    assert {"notebook", "plot", "tables"} <= set(extras)
