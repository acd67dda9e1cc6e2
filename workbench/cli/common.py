"""Shared pieces of the command-line front end."""
from __future__ import annotations

import json
import sys

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def print_problems(problems, *, stream=sys.stdout) -> None:
    for problem in problems:
        print(problem.format_text(), file=stream)


def emit_json(data) -> None:
    print(json.dumps(data, indent=2))
