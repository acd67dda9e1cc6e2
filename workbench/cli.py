"""The `workbench` command: a thin layer over the engines.

Exit codes: 0 clean, 1 content problems, 2 usage errors. A content mistake never produces a
traceback; it is a problem in the report.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors exit 2 with a one-line reason (argparse's default too)
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _add_format(parser):
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default) or json for machines")


def build_parser() -> Parser:
    parser = Parser(prog="workbench", description="Frontier Workbench: validate and explore Wild West game designs.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    validate = sub.add_parser("validate", help="check YAML content files and their references")
    validate.add_argument("paths", nargs="*", default=["variants"], metavar="PATH",
                          help="files and folders to check as one library (default: variants/)")
    validate.add_argument("--jobs", type=int, default=None, help="worker processes (default: one per core)")
    _add_format(validate)

    listing = sub.add_parser("list", help="list the library's documents as a table")
    listing.add_argument("paths", nargs="*", default=["variants"], metavar="PATH")
    listing.add_argument("--game", help="only this game")
    listing.add_argument("--kind", help="only this kind")
    _add_format(listing)
    return parser


def cmd_validate(args) -> int:
    from .content.validate import validate_paths

    result = validate_paths(args.paths, workers=args.jobs)
    errors = len(result.errors)
    warnings = len(result.problems) - errors
    if args.format == "json":
        print(json.dumps({"checked": {"files": result.files, "documents": len(result.documents)},
                          "problems": [p.to_json() for p in result.problems]}, indent=2))
    else:
        for problem in result.problems:
            print(problem.format_text())
        verdict = "no problems" if not result.problems else f"{errors} error(s), {warnings} warning(s)"
        print(f"checked {result.files} file(s), {len(result.documents)} document(s): {verdict}")
    return EXIT_PROBLEMS if errors else EXIT_OK


def cmd_list(args) -> int:
    from .content.schemas import kinds
    from .content.validate import UsageError, validate_paths

    if args.kind and args.kind not in kinds():
        raise UsageError(f"unknown kind '{args.kind}'; kinds: {', '.join(kinds())}")
    result = validate_paths(args.paths)
    rows = []
    for doc in result.library.documents:
        if (args.game and doc.game != args.game) or (args.kind and doc.kind != args.kind):
            continue
        source = doc.data.get("source") or {}
        where = " § ".join(str(source[k]) for k in ("document", "section") if k in source) if isinstance(source, dict) else ""
        rows.append({"game": doc.game, "kind": doc.kind, "id": doc.id, "name": doc.data.get("name"),
                     "source": where, "file": doc.file})
    rows.sort(key=lambda r: (str(r["game"]), str(r["kind"]), str(r["id"])))
    if args.format == "json":
        print(json.dumps(rows, indent=2))
    else:
        columns = ("name", "kind", "id", "game", "source")
        widths = {c: max([len(c)] + [len(str(r[c])) for r in rows]) for c in columns}
        print("  ".join(c.upper().ljust(widths[c]) for c in columns).rstrip())
        for row in rows:
            print("  ".join(str(row[c]).ljust(widths[c]) for c in columns).rstrip())
        print(f"{len(rows)} document(s)")
    if result.errors:
        print(f"note: the library has {len(result.errors)} error(s); run 'workbench validate'", file=sys.stderr)
    return EXIT_OK


COMMANDS = {"validate": cmd_validate, "list": cmd_list}


def main(argv: Sequence[str] | None = None) -> int:
    from .content.validate import UsageError

    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"workbench: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `workbench list | head`
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
