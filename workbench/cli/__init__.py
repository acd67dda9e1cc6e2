"""The `workbench` command: a thin layer over the engines.

Exit codes: 0 clean, 1 content problems, 2 usage errors. A content mistake never produces a
traceback; it is a problem in the report.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from .common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE


class Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors exit 2 with a one-line reason (argparse's default too)
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def add_format(parser):
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default) or json for machines")


def build_parser() -> Parser:
    parser = Parser(prog="workbench", description="Frontier Workbench: validate and explore Wild West game designs.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    validate = sub.add_parser("validate", help="check YAML content files and their references")
    validate.add_argument("paths", nargs="*", default=None, metavar="PATH",
                          help="files and folders to check as one library (default: variants/, else the published library)")
    validate.add_argument("--jobs", type=int, default=None, help="worker processes (default: one per core)")
    validate.add_argument("--library", action="append", default=[], metavar="DIR",
                          help="content that references may point into, not itself reported; 'published' is the"
                               " workbench's own library of the published games (repeatable)")
    add_format(validate)

    listing = sub.add_parser("list", help="list the library's documents as a table")
    listing.add_argument("paths", nargs="*", default=None, metavar="PATH",
                         help="default: variants/, else the published library")
    listing.add_argument("--game", help="only this game")
    listing.add_argument("--kind", help="only this kind")
    add_format(listing)

    from . import balance, board, decks, games, unknowns
    balance.add_commands(sub, add_format)
    board.add_commands(sub, add_format)
    decks.add_commands(sub, add_format)
    games.add_commands(sub, add_format)
    unknowns.add_commands(sub, add_format)
    return parser


def _commands():
    from . import balance, board, content, decks, games, unknowns
    return {"validate": content.cmd_validate, "list": content.cmd_list, "map": board.cmd_map, "deck": decks.cmd_deck,
            "gunfight": games.cmd_gunfight, "play": games.cmd_play, "poker": games.cmd_poker,
            "unknowns": unknowns.cmd_unknowns, "balance": balance.cmd_balance}


def main(argv: Sequence[str] | None = None) -> int:
    from ..content.validate import UsageError

    args = build_parser().parse_args(argv)
    if getattr(args, "paths", ()) is None:
        from pathlib import Path

        from ..paths import VARIANTS
        args.paths = ["variants"] if Path("variants").is_dir() else [str(VARIANTS)]
    from ..errors import ContentError
    try:
        return _commands()[args.command](args)
    except UsageError as exc:
        print(f"workbench: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ContentError as exc:
        print(f"workbench: {exc}", file=sys.stderr)
        for problem in exc.problems:
            print(problem.format_text(), file=sys.stderr)
        return EXIT_PROBLEMS
    except BrokenPipeError:  # `workbench list | head`
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
