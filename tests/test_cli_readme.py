"""Every `workbench` command the README and the documentation site's pages (docs/) show, run as
written from a designer's folder outside the repository: their working library (a copy of the example house rules in ./variants/), a folder of
house rules and a deck file of their own. None may fail with a usage error or a traceback."""
import os
import re
import shlex
import subprocess
import sys

import pytest

from clitools import EXAMPLES, ROOT, assert_no_traceback, designer_folder, outside_repository, run

#: The README and the site's pages, where the README's long sections went (generated reference pages
#: show usage lines, not commands to run).
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def readme_commands() -> list[list[str]]:
    """The `workbench` command lines of the README's and the pages' bash blocks (``$W``,
    ``.venv/bin/workbench`` and ``python -m workbench`` all mean the command), each once."""
    commands, in_bash = [], False
    for line in "\n".join(page.read_text() for page in PAGES).splitlines():
        if line.startswith("```"):
            in_bash = line.strip() == "```bash"
            continue
        if not in_bash:
            continue
        words = shlex.split(line, comments=True)
        for prefix in (["$W"], [".venv/bin/workbench"], ["workbench"], ["python", "-m", "workbench"]):
            if words[:len(prefix)] == prefix and len(words) > len(prefix):
                if words[len(prefix):] not in commands:
                    commands.append(words[len(prefix):])
    return commands


#: `balance` sweeps play thousands of games, and one README line names a remote Dask scheduler:
#: they are parsed here (every option exists) and run by tests/test_balance*.py on small sweeps.
PARSED_ONLY = ("balance",)
COMMANDS = [c for c in readme_commands() if c[0] not in PARSED_ONLY]
SWEEPS = [c for c in readme_commands() if c[0] in PARSED_ONLY]


def test_the_readme_shows_every_command():
    shown = {c[0] if c[0] not in ("map", "deck", "poker") else " ".join(c[:2]) for c in COMMANDS}
    assert shown >= {"validate", "list", "map check", "map legal", "map move", "map odds", "map draw", "map layout",
                     "deck check", "deck stats", "deck odds", "deck export", "gunfight", "play", "poker rank",
                     "poker compare", "poker odds"}


@pytest.mark.parametrize("args", SWEEPS, ids=[" ".join(c)[:70] for c in SWEEPS])
def test_a_readme_sweep_parses(args):
    from workbench.cli import build_parser
    parsed = build_parser(args[0]).parse_args(args)
    assert parsed.command == "balance" and parsed.game in ("dark-horse", "western-legends")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    import shutil
    home = designer_folder(tmp_path_factory.mktemp("readme"))
    shutil.copytree(ROOT / "examples", home / "examples")   # the pages name the examples from the checkout's root
    (home / "my-house-rules").mkdir()
    (home / "my-house-rules" / "wired.yaml").write_text(
        (EXAMPLES / "telegraph-office.yaml").read_text().replace("id: telegraph-office", "id: wired-office"))
    (home / "my-deck.yaml").write_text(
        "kind: deck\ngame: revolver\nid: my-deck\nname: My deck\nfaction: mcready\nbase: illustrative-mcready-base\n"
        "rules: custom-decks\nsource: {document: house-rule}\nswaps:\n  - {out: apache-scout, in: hidden-sniper}\n")
    return home


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(c)[:70] for c in COMMANDS])
def test_a_readme_command_works_from_a_designers_folder(folder, args):
    result = run(*args, cwd=folder)
    assert_no_traceback(result)
    # 1 only where the README says so: the illustrative map's red first city is in no Safe Zone
    # area (Wild Wild West)
    says_exit_1 = args[0] == "map" and args[-2:] == ["--scenario", "wild-wild-west"]
    expected = 1 if says_exit_1 else 0
    assert result.code == expected, result.out + result.err
    if "--format" in args and args[args.index("--format") + 1] == "json":
        assert result.json()["exit_code"] == expected


def walk_throughs() -> list[str]:
    """The README's and the pages' walk-throughs: the ``sh`` blocks that make a folder of their own
    and write their files there (each once)."""
    blocks = []
    for page in PAGES:
        for block in re.findall(r"^```sh\n(.*?)^```", page.read_text(), re.S | re.M):
            if block.startswith("mkdir ") and block not in blocks:
                blocks.append(block)
    return blocks


#: `workbench` for a walk-through: the command itself, but a `balance` sweep (thousands of games) only
#: parsed, as above.
WORKBENCH = """set -euo pipefail
workbench() {
  if [ "$1" = balance ]; then
    "$PYTHON" -c 'import sys; from workbench.cli import build_parser; build_parser("balance").parse_args(sys.argv[1:])' "$@"
  else
    "$PYTHON" -m workbench "$@"
  fi
}
"""


def test_the_readme_has_three_walk_throughs():
    readme = (ROOT / "README.md").read_text()
    assert len([b for b in walk_throughs() if b in readme]) == 3


@pytest.mark.parametrize("block", walk_throughs(), ids=lambda b: b.split("\n", 1)[0])
def test_a_walk_through_runs_as_written(block, tmp_path):
    home = outside_repository(tmp_path)
    proc = subprocess.run(["bash", "-c", WORKBENCH + block], cwd=home, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHON": sys.executable})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
