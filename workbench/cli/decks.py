"""`workbench deck ...`: check, stats, odds, export."""
from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_OK, EXIT_PROBLEMS, emit_json, print_problems


def add_commands(sub, add_format) -> None:
    deck = sub.add_parser("deck", help="check custom decks against deck-building rules; stats, odds, export")
    actions = deck.add_subparsers(dest="action", metavar="ACTION", parser_class=deck.__class__)
    actions.required = True

    def common(parser, fmt=True):
        parser.add_argument("deck", metavar="DECK", help="a deck id from the library, or a deck YAML file")
        parser.add_argument("--library", action="append", metavar="DIR",
                            help="content to load with the deck (default: variants/); repeatable")
        if fmt:
            add_format(parser)

    common(actions.add_parser("check", help="every deck-building problem at once"))
    common(actions.add_parser("stats", help="counts by type and source, cost curve, firepower"))
    odds = actions.add_parser("odds", help="exact chance of drawing a card")
    common(odds)
    odds.add_argument("--card", required=True, help="card id or name")
    odds.add_argument("--draws", type=int, required=True)
    odds.add_argument("--at-least", type=int, default=None, metavar="K", help="also the chance of at least K copies")
    export = actions.add_parser("export", help="write a printable CSV list")
    common(export, fmt=False)
    export.add_argument("-o", "--output", required=True, metavar="FILE.csv")


def _load(args):
    from ..content.validate import UsageError, validate_paths

    target = Path(args.deck)
    paths = list(args.library or ["variants"])
    is_file = target.suffix in (".yaml", ".yml")
    if is_file:
        if not target.is_file():
            raise UsageError(f"no such file: {target}")
        paths.append(str(target))
    result = validate_paths(paths)
    if is_file:
        decks = [d for d in result.library.of_kind("deck") if Path(d.file).resolve() == target.resolve()]
    else:
        decks = [d for d in result.library.of_kind("deck") if d.id == args.deck]
    if not decks:
        known = sorted(d.id for d in result.library.of_kind("deck"))
        raise UsageError(f"no deck '{args.deck}'; decks: {', '.join(known) or 'none'}")
    document = decks[0]
    # the deck's own reference mistakes are reported by the deck check (as unknown-card), and what
    # the map, deck and scenario checks find is reported by those commands; any other error in the
    # content must be fixed first
    from ..content.problems import is_model_problem
    blocking = [p for p in result.errors if not is_model_problem(p)
                and not (p.code == "unknown-ref" and p.file == document.file)]
    if blocking:
        print_problems(blocking, stream=sys.stderr)
        print(f"workbench: the content has {len(blocking)} error(s); fix them first", file=sys.stderr)
        return None, None
    return result.library, document


def cmd_deck(args) -> int:
    library, document = _load(args)
    if document is None:
        return EXIT_PROBLEMS
    return {"check": _check, "stats": _stats, "odds": _odds, "export": _export}[args.action](args, library, document)


def _verdict(problems) -> bool | None:
    """Legal, not legal, or unknown (no error, but the base deck's list is unknown)."""
    if any(p.is_error for p in problems):
        return False
    return None if any(p.code == "base-list-unknown" for p in problems) else True


def _check(args, library, document) -> int:
    from ..decks.analytics import stats
    from ..decks.rules import check_deck, context_for

    problems = check_deck(library, document)  # the same checks `workbench validate` runs
    legal = _verdict(problems)
    ctx = None if any(p.code == "size-limit" for p in problems) else context_for(library, document)
    size = ctx.deck.size if ctx is not None and ctx.deck.complete else None
    summary = stats(ctx) if ctx is not None else {"by_type": {}, "by_source": {}}
    if args.format == "json":
        emit_json({"deck": document.id, "legal": legal, "size": size,
                   "problems": [{"code": p.code, "severity": p.severity, "cards": p.extra.get("cards", []),
                                 "message": p.message, "hint": p.hint, "file": p.file, "line": p.line, "column": p.column,
                                 "path": p.path}
                                for p in problems],
                   "summary": {"by_type": summary["by_type"], "by_source": summary["by_source"]}})
    else:
        print_problems(problems)
        shown = f"{size} cards" if size is not None else "size unknown"
        verdict = {True: "legal", False: "NOT legal", None: "cannot be shown legal"}[legal]
        print(f"deck {document.id}: {shown}, {verdict}"
              f" ({sum(p.is_error for p in problems)} error(s), {sum(not p.is_error for p in problems)} warning(s))")
    return EXIT_PROBLEMS if legal is False else EXIT_OK


def _context(library, document):
    from ..decks.rules import context_for
    from ..errors import ContentError

    try:
        return context_for(library, document)
    except ContentError as exc:
        print_problems(exc.problems, stream=sys.stderr)
        return None


def _stats(args, library, document) -> int:
    from ..decks.analytics import stats

    ctx = _context(library, document)
    if ctx is None:
        return EXIT_PROBLEMS
    summary = stats(ctx)
    partial = not ctx.deck.complete
    if partial:
        summary["size"] = None
        summary["note"] = (f"the base deck '{ctx.deck.base_id}' has no card list: only the cards swapped in are counted"
                           if ctx.deck.form == "swaps" else "the deck has no card list, only a declared size")
    if args.format == "json":
        emit_json({"deck": document.id, **summary})
    else:
        print(f"deck {document.id}: " + (summary["note"] if partial else f"{summary['size']} cards"))
        for title, key in (("by type", "by_type"), ("by source", "by_source"), ("cost curve", "cost_curve")):
            print(f"  {title}: " + ", ".join(f"{k} {v}" for k, v in summary[key].items()))
        fp = summary["firepower"]
        print(f"  firepower: {fp['total_known']} in total on cards that print it;"
              f" {fp['cards_with_unknown_firepower']} card(s) with unknown firepower")
    return EXIT_OK


def _odds(args, library, document) -> int:
    from ..content.validate import UsageError
    from ..decks.analytics import at_least

    ctx = _context(library, document)
    if ctx is None:
        return EXIT_PROBLEMS
    if not ctx.deck.complete:
        raise UsageError(f"the base deck '{ctx.deck.base_id}' has no card list, so this deck's size and odds are unknown")
    wanted = args.card
    matches = [c for c in ctx.deck.counts if c == wanted or ctx.name(c).lower() == wanted.lower()]
    if not matches:
        raise UsageError(f"the deck holds no card '{wanted}'")
    card = matches[0]
    size, copies = ctx.deck.size, ctx.deck.counts[card]
    if not 0 <= args.draws <= size:
        raise UsageError(f"--draws must be between 0 and the deck's {size} cards")
    k = args.at_least or 1
    one, at_k = at_least(size, copies, args.draws, 1), at_least(size, copies, args.draws, k)
    if args.format == "json":
        emit_json({"deck": document.id, "card": card, "copies": copies, "deck_size": size, "draws": args.draws,
                   "at_least_one": float(one), "at_least_k": {"k": k, "p": float(at_k)},
                   "fractions": {"at_least_one": str(one), "at_least_k": str(at_k)}})
    else:
        print(f"{ctx.name(card)}: {copies} of {size} cards; after {args.draws} draws")
        print(f"  at least 1: {float(one):.4f} ({one})")
        if k != 1:
            print(f"  at least {k}: {float(at_k):.4f} ({at_k})")
    return EXIT_OK


def _export(args, library, document) -> int:
    from ..decks.analytics import export_csv
    from ..storage import atomic_write_text, neutralise_csv

    ctx = _context(library, document)
    if ctx is None:
        return EXIT_PROBLEMS
    # card names like =HYPERLINK(...) must stay text in a spreadsheet
    atomic_write_text(Path(args.output), neutralise_csv(export_csv(ctx)))
    print(f"wrote {args.output}")
    return EXIT_OK
