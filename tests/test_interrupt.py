"""Ctrl-C during ``workbench validate`` stops it in words, never with a traceback, at any moment:
while the commands are still being imported (a good part of a short run) as well as while the
content is checked. The exit status is 130 (interrupted), as every command's is.

A terminal's Ctrl-C is a SIGINT to the command. To send it at known moments, the command runs
with ``-X importtime``, which writes a line as each module is imported: the signal goes as soon
as the line of a module imported at that moment is read.
"""
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from clitools import ROOT, outside_repository

BIN = Path(sys.executable).parent

#: Modules imported at successive moments of a validate run: inside the import of the command
#: line (before it can catch anything), at its end, then loading the content, then checking maps.
MOMENTS = ["workbench.core.errors", "workbench.cli.common", "workbench.cli", "workbench.content.loader", "networkx"]
ENTRY_POINTS = {"python -m workbench": [sys.executable, "-X", "importtime", "-m", "workbench"],
                "the workbench command": [sys.executable, "-X", "importtime", str(BIN / "workbench")]}


def interrupted(argv: list[str], moment: str, cwd: Path) -> tuple[int, str]:
    # no cache: with the map checks' answers kept from an earlier run (another test's, in the
    # same cache folder) the maps are not checked again and networkx is never imported
    process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "WORKBENCH_CACHE_DIR": "off"},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = []
    try:
        for line in process.stderr:
            seen.append(line)
            if line.startswith("import time:") and line.rstrip().rpartition("|")[2].strip() == moment:
                process.send_signal(signal.SIGINT)
                break
        else:
            pytest.fail(f"{moment} was never imported: {''.join(seen)[-2000:]}")
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, "".join(line for line in err.splitlines(True) if not line.startswith("import time:"))


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("moment", MOMENTS)
def test_ctrl_c_during_validate_is_an_exit_in_words(entry, moment, tmp_path):
    argv = [*ENTRY_POINTS[entry], "validate", "--jobs", "1", str(ROOT / "variants")]
    status, err = interrupted(argv, moment, outside_repository(tmp_path))
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert status == 130, err
    assert err.strip().splitlines()[-1] == "workbench: error: interrupted", err
