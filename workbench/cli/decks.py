"""`workbench deck ...`: check, stats, odds, export."""
from __future__ import annotations

from pathlib import Path

from ..core.errors import ContentError, NotFound, UsageError
from ..core.paths import no_such
from .common import (EXIT_OK, EXIT_PROBLEMS, add_options, find_document, int_range, load_result, output_file,
                     refuse_errors, used_problems, write_output)
from .report import percent, table


def add_commands(sub) -> None:
    deck = sub.add_parser("deck", help="check custom decks against deck-building rules; stats, odds, export")
    actions = deck.add_subparsers(dest="action", metavar="ACTION", parser_class=deck.__class__)
    actions.required = True

    def common(parser):
        parser.add_argument("deck", metavar="DECK", help="a deck id from the library, or a deck YAML file")
        add_options(parser)

    common(actions.add_parser("check", help="every deck-building problem at once"))
    common(actions.add_parser("stats", help="counts by type and source, cost curve, firepower"))
    odds = actions.add_parser("odds", help="exact chance of drawing a card")
    common(odds)
    odds.add_argument("--card", required=True, help="card id or name")
    odds.add_argument("--draws", type=int_range(0), required=True, help="cards drawn")
    odds.add_argument("--at-least", type=int_range(1), default=None, metavar="K", help="also the chance of at least K copies")
    export = actions.add_parser("export", help="write a printable CSV list")
    common(export)
    export.add_argument("-o", "--output", required=True, metavar="FILE.csv")
    export.add_argument("--overwrite", action="store_true", help="let -o replace an existing file")


def _load(args):
    named = [args.deck] if args.deck.lower().endswith((".yaml", ".yml")) else []
    if named and not Path(args.deck).is_file():
        raise no_such(args.deck, "file")
    result = load_result(args, named, own_folders=True)
    document, references = _deck_in(result, args.deck)
    return result.library, document, references


def _deck_in(result, name: str, game: str | None = None):
    """The deck named (a file or an id) in a loaded library, and its own unknown references;
    any error of the content that the deck check does not report stops the command first."""
    from ..content.problems import is_model_problem

    document = find_document(result.library, "deck", name, game=game, problems=result.errors)
    # the deck's own reference mistakes are the deck check's to report (as unknown-card), and what
    # the map, deck and scenario checks find is reported by those commands; any other error in the
    # content must be fixed first
    errors, _ = used_problems(result, result.errors, {document.game})   # another game's are not this deck's
    blocking = [p for p in errors if not is_model_problem(p)
                and not (p.code == "unknown-ref" and p.file == document.file)]
    if blocking:
        # with what the model checks found meanwhile, so one run shows every problem
        raise ContentError(f"the content has {len(blocking)} error(s); fix them first"
                           " (workbench validate shows them too)",
                           blocking + [p for p in result.problems if p not in blocking and is_model_problem(p)])
    # ... and `deck check` reports them as `validate` does (same codes, same exit status): a
    # misspelt `base:` is an unknown-ref error, not only a base deck without a card list
    references = [p for p in result.problems if p.code == "unknown-ref" and p.file == document.file]
    return document, references


def deck_problems(library, document, references=()) -> list:
    """Every problem of ``document`` as `deck check` (and `validate`) report them: the verdict of
    :func:`~workbench.games.judge.deck_verdict`, the one every deck command asks."""
    from ..games.judge import deck_verdict

    return deck_verdict(library, document, references).problems


def played_decks(args, names: list[str], game: str, *, what: str = "played", rep=None):
    """The library with the deck files among ``names`` in it, and each named deck (a file or an
    id) checked against the deck-building rules first, as `deck check` checks it: a deck that is
    not legal stops the command (exit 1) with every problem located, before anything is played.
    Then any other error in the content stops it too (as every engine command does).

    Returns the validation result and the deck documents, in the order given.
    """
    from ..content.problems import tally
    from ..games.judge import deck_verdict
    from .common import content_file

    files = [n for n in names if content_file(n)]
    for name in files:
        if not Path(name).is_file():
            raise no_such(name, "file")
    result = load_result(args, files, own_folders=True)
    documents = []
    for name in names:
        document, references = _deck_in(result, name, game)
        verdict = deck_verdict(result.library, document, references, playing=True)
        if verdict.legal is False:
            raise ContentError(f"deck {document.id}: NOT legal ({tally(verdict.problems)}), so it is not {what};"
                               f" `workbench deck check {name}` shows the same", verdict.problems)
        if verdict.stops:   # what `deck check` and `validate` note (or find wrong), play refuses: one grading
            raise ContentError(f"deck {document.id} cannot be played ({len(verdict.stops)} error(s)), so it is not"
                               f" {what}; `workbench deck check {name}` shows the same", verdict.stops)
        documents.append(document)
    refuse_errors(result, {game}, rep)
    return result, documents


def cmd_deck(args, rep) -> int:
    library, document, references = _load(args)
    rep.set(deck=document.id)
    if args.action == "check":
        return _check(args, rep, library, document, references)
    return {"stats": _stats, "odds": _odds, "export": _export}[args.action](args, rep, library, document)


def _check(args, rep, library, document, references=()) -> int:
    from ..content.problems import tally
    from ..decks.analytics import stats
    from ..decks.rules import context_for
    from ..games.judge import deck_verdict

    verdict = deck_verdict(library, document, references)  # what `validate` and `play --deck` ask too
    problems, legal = verdict.problems, verdict.legal
    ctx = None if any(p.code == "size-limit" for p in problems) else context_for(library, document)
    size = ctx.deck.size if ctx is not None and ctx.deck.complete else None
    summary = stats(ctx) if ctx is not None else {"by_type": {}, "by_source": {}}
    unplayable = legal is not False and not verdict.playable
    rep.set(legal=legal, playable=verdict.playable, size=size,
            summary={"by_type": summary["by_type"], "by_source": summary["by_source"]})
    rep.problems(problems)
    shown = f"{size} cards" if size is not None else "size unknown"
    said = {True: "legal", False: "NOT legal", None: "cannot be shown legal"}[legal]
    if unplayable:
        said += (", and" if legal is None else ", but") + " it cannot be played as it is (`play --deck` refuses it)"
    rep.line(f"deck {document.id}: {shown}, {said} ({tally(problems)})")
    return EXIT_PROBLEMS if verdict.errors else EXIT_OK


def _not_listed(library, document, ctx, so: str):
    """The refusal of a command that needs a deck's cards (odds, export) when they are not known:
    ``deck-list-unknown`` at the deck, as ``play --deck`` refuses it (an error here: the command
    needs what is missing)."""
    from ..decks.rules import list_unknown

    why = (f"the base deck '{ctx.deck.base_id}' has no card list" if ctx.deck.form == "swaps"
           else "the deck has no card list, only a declared size")
    return ContentError(f"{why}, so {so}", [list_unknown(document, ctx.deck, reported=library.reported(document))])


def _stats(args, rep, library, document) -> int:
    from ..decks.analytics import stats
    from ..decks.rules import context_for

    ctx = context_for(library, document)  # a ContentError (exit 1, with its problems) when unusable
    summary = stats(ctx)
    partial = not ctx.deck.complete
    if partial:
        summary["size"] = None
        summary["note"] = (f"the base deck '{ctx.deck.base_id}' has no card list: only the cards swapped in are counted"
                           if ctx.deck.form == "swaps" else "the deck has no card list, only a declared size")
    rep.set(**summary)
    if partial:     # counting part of a deck is no refusal: the same note as `deck check` (exit 0)
        from ..decks.rules import list_unknown
        from ..games.judge import grade

        rep.problems([grade(list_unknown(document, ctx.deck, reported=library.reported(document)), playing=False)])
    rep.line(f"deck {document.id}: " + (summary["note"] if partial else f"{summary['size']} cards"))
    for title, key in (("by type", "by_type"), ("by source", "by_source"), ("cost curve", "cost_curve")):
        rep.line(f"  {title}: " + ", ".join(f"{k} {v}" for k, v in summary[key].items()))
    fp = summary["firepower"]
    rep.line(f"  firepower: {fp['total_known']} in total on cards that print it;"
             f" {fp['cards_with_unknown_firepower']} card(s) with unknown firepower")
    return EXIT_OK


def _odds(args, rep, library, document) -> int:
    from ..decks.analytics import at_least
    from ..decks.rules import context_for

    ctx = context_for(library, document)
    if not ctx.deck.complete:  # a content limitation, not a usage error: exit 1 with where it is
        raise _not_listed(library, document, ctx, "this deck's size and odds are unknown")
    wanted = args.card.strip()
    # by id, by name, or by the name as shown (with its badge)
    matches = [c for c in ctx.deck.counts if c == wanted or wanted.lower() in
               (ctx.name(c).lower(), str((ctx.card(c) or {}).get("name", c)).lower())]
    if not matches:
        known = sorted(set(ctx.deck.counts) | {ctx.name(c) for c in ctx.deck.counts})
        raise NotFound("card", wanted, known, where=f"in the deck {document.id}")
    card = matches[0]
    size, copies = ctx.deck.size, ctx.deck.counts[card]
    if args.draws > size:
        raise UsageError(f"--draws must be from 0 to the deck's {size} cards, not {args.draws}")
    k = args.at_least or 1
    one, at_k = at_least(size, copies, args.draws, 1), at_least(size, copies, args.draws, k)
    rep.set(card=card, name=ctx.name(card), copies=copies, deck_size=size, draws=args.draws,
            at_least_one=float(one), at_least_k={"k": k, "p": float(at_k)},
            fractions={"at_least_one": str(one), "at_least_k": str(at_k)})
    rep.line(f"{ctx.name(card)}: {copies} of {size} cards; after {args.draws} draw(s) the chance of holding")
    rows = [["at least 1", percent(one)]] + ([[f"at least {k}", percent(at_k)]] if k != 1 else [])
    rep.lines("  " + line for line in table(["", "chance"], rows, right=[1])[1:])
    return EXIT_OK


def _export(args, rep, library, document) -> int:
    from ..decks.analytics import export_csv
    from ..decks.rules import context_for
    from ..core.storage import neutralise_csv

    out = output_file(args.output, (".csv",), overwrite=args.overwrite, what="-o")
    ctx = context_for(library, document)
    if not ctx.deck.complete:  # a printable list of part of a deck would pass for the whole deck
        raise _not_listed(library, document, ctx, "there is no list of its cards to export")
    # card names like =HYPERLINK(...) must stay text in a spreadsheet
    write_output(out, neutralise_csv(export_csv(ctx)), overwrite=args.overwrite)
    rep.set(output=str(out))
    rep.line(f"wrote {out}")
    return EXIT_OK
