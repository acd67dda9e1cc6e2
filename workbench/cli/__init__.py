"""The `workbench` command: a thin layer over the engines, one contract for every command.

Exit codes, everywhere: 0 no errors (warnings allowed), 1 content errors, 2 usage errors (how the
command was called: an unknown option, an id that names nothing, a missing folder). Anything else
is a bug in the workbench: exit 3 with "internal error, please report" (the traceback only with
``--debug`` or ``WORKBENCH_DEBUG=1``). ``--format json`` prints exactly one JSON object in every
case (:mod:`workbench.cli.report`).
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import re
import sys
from typing import Sequence

from ..core.errors import ContentError, NotFound, UsageError
from .common import EXIT_INTERNAL, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, add_options
from .report import reporter


class _ParserExit(Exception):
    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status, self.text = status, text


class Parser(argparse.ArgumentParser):
    """argparse, but errors are raised (so the reporter shows them, in JSON too) and help is
    captured (so ``--help --format json`` is still one JSON object)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)  # `--form` is no `--format`: a typo is an error
        super().__init__(*args, **kwargs)

    def error(self, message):
        error = UsageError(f"{message} (see '{self.prog} --help')")
        error.usage = self.format_usage()  # the usage of the (sub)command that was called wrongly
        raise error

    def exit(self, status=0, message=None):
        raise _ParserExit(status, message or "")

    def _print_message(self, message, file=None):
        if message:
            _HELP.write(message)


_HELP = io.StringIO()

#: A value that looks like an option but is a coordinate (`--hex -3,3`): argparse would take
#: `-3,3` for an option and stop with "expected one argument".
_DASHED_VALUE = re.compile(r"^-\d+\s*,\s*-?\d+$")


def _join_dashed_values(argv: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if (token.startswith("--") and token != "--" and "=" not in token and i + 1 < len(argv)
                and _DASHED_VALUE.match(argv[i + 1])):
            out.append(f"{token}={argv[i + 1]}")
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _wants_json(argv: Sequence[str]) -> bool:
    """Is the last ``--format`` json? (Decided before parsing, so that even a command line that
    cannot be parsed gets its JSON report; argparse, too, lets the last one win.)"""
    chosen = None
    for i, token in enumerate(argv):
        if token.startswith("--format="):
            chosen = token.split("=", 1)[1]
        elif token == "--format" and i + 1 < len(argv):
            chosen = argv[i + 1]
    return chosen == "json"


def _command_name(argv: Sequence[str]) -> str:
    """The command as far as the words say (for a JSON report when parsing failed)."""
    names = []
    for token in argv:
        if token.startswith("-"):
            break
        names.append(token)
        if len(names) == 2 or names[0] not in _with_actions():
            break
    return " ".join(names) or "workbench"


#: The commands every game shares, each with its module (in this package) and its handler there;
#: only the module of the command being run is imported (the engines behind `play` cost a
#: `validate` run a fifth of its start-up).
_SHARED = {"validate": ("content", "cmd_validate"), "list": ("content", "cmd_list"), "map": ("board", "cmd_map"),
           "deck": ("decks", "cmd_deck"), "play": ("games", "cmd_play"), "unknowns": ("unknowns", "cmd_unknowns"),
           "balance": ("balance", "cmd_balance")}


def _game_commands() -> dict:
    """The commands the registered games contribute through their entries (``gunfight``: Dark
    Horse's), read when asked, so a game registered later (a plugin, a test's) brings its own."""
    from ..games import commands

    return commands()


def commands() -> tuple[str, ...]:
    """Every command (the top-level words): the shared ones, the games' own before `play`."""
    return ("validate", "list", "map", "deck", *_game_commands(), "play", "unknowns", "balance")


def _with_actions() -> tuple[str, ...]:
    """The commands whose second word is an action (`map check`, `deck odds`, `poker rank`)."""
    return ("map", "deck", *(name for name, command in _game_commands().items() if command.actions))


def _where(command: str) -> tuple[str, str]:
    """The module (absolute) that declares ``command`` and its handler's name there."""
    if command in _SHARED:
        module, handler = _SHARED[command]
        return f"{__name__}.{module}", handler
    found = _game_commands()[command]
    return found.module, found.handler


class _Skipped:
    """Stands in for the parser of a command that is not being run: building every command's
    parser and options costs more than the rest of a one-file check."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: self


class _Only:
    """The subparsers, but only ``command``'s parser is really built (all when ``None``)."""

    def __init__(self, sub, command: str | None):
        self.sub, self.command = sub, command

    def add_parser(self, name, **kwargs):
        if self.command is None or name == self.command:
            return self.sub.add_parser(name, **kwargs)
        return _Skipped()


def build_parser(command: str | None = None) -> Parser:
    """The command line's parser; with ``command``, only that command's part of it."""
    parser = Parser(prog="workbench", description="Frontier Workbench: validate and explore Wild West game designs."
                    " Every command sees the published games, ./variants/ when present, and each --library DIR.")
    sub = _Only(parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser), command)
    sub.sub.required = True

    validate = sub.add_parser("validate", help="check YAML content files and their references")
    validate.add_argument("paths", nargs="*", metavar="PATH",
                          help="files and folders to check as one library (default: ./variants/ when present,"
                               " else the published games)")
    from .common import int_range
    validate.add_argument("--jobs", type=int_range(1, 64), default=None,
                          help="worker processes (default: one per core)")
    add_options(validate)

    listing = sub.add_parser("list", help="list the library's documents as a table")
    listing.add_argument("paths", nargs="*", metavar="PATH", help="more files and folders to list with the library")
    listing.add_argument("--game", help="only this game")
    listing.add_argument("--kind", help="only this kind")
    add_options(listing)

    # in the order `workbench --help` has always listed them: the games' own commands where the
    # shared game commands' module sorts, before `play`
    shared = {f"{__name__}.{module}" for module, _ in _SHARED.values()}
    modules = {_where(c)[0] for c in ([command] if command else commands())} - {f"{__name__}.content"}
    for module in sorted(modules, key=lambda m: (m, 1, m) if m in shared else (f"{__name__}.games", 0, m)):
        importlib.import_module(module).add_commands(sub)
    return parser


def _handler(args):
    module, handler = _where(args.command)
    return getattr(importlib.import_module(module), handler)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (never raises, never prints a traceback
    unless asked to with ``--debug``)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None or sys.stderr is None:  # `workbench ... >&-`: started with a closed stream
        return _closed_stream()
    for stream in (sys.stdout, sys.stderr):  # a file name that is not UTF-8 is shown escaped, never a crash
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="backslashreplace")
    json_mode = _wants_json(argv)
    debug = "--debug" in argv or os.environ.get("WORKBENCH_DEBUG", "") not in ("", "0")
    name = _command_name(argv)
    rep = reporter("json" if json_mode else "text", name)
    _HELP.seek(0)
    _HELP.truncate()
    try:
        known = commands()
        command = argv[0] if argv and argv[0] in known else None
        if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
            # `workbench --format json` would read "json" as the command: say what is missing
            raise UsageError(f"the command comes first, before {argv[0]} (workbench COMMAND [options];"
                             f" commands: {', '.join(known)}; see 'workbench --help')")
        if command in _with_actions() and len(argv) > 1 and argv[1].startswith("-") and argv[1] not in ("-h", "--help"):
            raise UsageError(f"the action comes first, before {argv[1]} (workbench {command} ACTION [options];"
                             f" see 'workbench {command} --help')")
        args, extra = build_parser(command).parse_known_args(_join_dashed_values(argv))
        if extra:  # named against the command that was called, whose --help lists its options
            raise UsageError(f"unrecognized arguments: {' '.join(extra)} (see 'workbench {name} --help')")
    except UsageError as exc:
        if not json_mode and getattr(exc, "usage", None):
            print(exc.usage, file=sys.stderr, end="")
        return rep.fail(str(exc), "usage", EXIT_USAGE)
    except _ParserExit as done:  # --help
        text = _HELP.getvalue()
        if json_mode:
            rep.set(help=text)
            return rep.finish(done.status)
        sys.stdout.write(text)
        return done.status
    rep.command = " ".join(filter(None, [args.command, getattr(args, "action", None)]))
    status = None
    try:
        status = _handler(args)(args, rep)
        return rep.finish(status)
    except NotFound as exc:
        return rep.fail(str(exc), "not-found", EXIT_USAGE)
    except UsageError as exc:
        return rep.fail(str(exc), "usage", EXIT_USAGE)
    except ContentError as exc:
        message = str(exc).splitlines()[0]
        if not exc.problems:  # nothing located to show: the message is the problem
            return rep.fail(message, "content", EXIT_PROBLEMS)
        return rep.stop(message, EXIT_PROBLEMS, exc.problems)
    except BrokenPipeError:  # `workbench list | head`: the reader has all it wanted
        _silence_stdout()
        # but the status still says what was found (`validate | head -1` under pipefail must not
        # pass broken content): the command's own, or 1 after an error, or 141 as a shell would
        if status is None:
            status = EXIT_PROBLEMS if any(getattr(p, "severity", None) == "error" for p in rep.reported) else 141
        return status
    except KeyboardInterrupt:
        return rep.fail("interrupted", "interrupted", 130)
    except OSError as exc:
        from ..core.storage import _ENVIRONMENT, environment_fault
        if exc.errno not in _ENVIRONMENT:
            return _internal(rep, exc, debug)
        # the machine's fault (a full disk, a read-only folder, a full or closed standard output): in words
        where = getattr(exc, "filename", None)
        fault = environment_fault(exc, where, "write" if where else "write the output")
        _silence_stdout()
        print(f"workbench: error: {fault}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:  # noqa: BLE001  (anything else is a bug: say so, shortly)
        return _internal(rep, exc, debug)


def _internal(rep, exc, debug) -> int:
    if debug:
        import traceback
        traceback.print_exception(exc)
    return rep.fail(f"internal error, please report: {type(exc).__name__}: {exc}", "internal-error",
                    EXIT_INTERNAL, hint=None if debug else "run again with --debug to see the traceback")


def _closed_stream() -> int:
    with contextlib.suppress(OSError):
        os.write(2, b"workbench: error: standard output is closed, so nothing can be reported"
                    b" (send it to /dev/null to discard it)\n")
    return EXIT_USAGE


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


__all__ = ["main", "build_parser", "EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE", "EXIT_INTERNAL"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
