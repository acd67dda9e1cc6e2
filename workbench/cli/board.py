"""`workbench map ...`: check, legal, move, odds, draw, layout."""
from __future__ import annotations

import random
from pathlib import Path

from ..core.errors import ContentError, NotFound, UsageError
from ..core.paths import no_such
from .common import EXIT_OK, EXIT_PROBLEMS, add_options, article, find_document, int_range, load_result, output_file, words, write_output
from .report import percent, table

PIECES = ("town", "city", "rail", "improved-town")
MAX_MOVES = 200  # exact fractions grow with every move: 200 moves take about a second


def add_commands(sub) -> None:
    board = sub.add_parser("map", help="check placements, move mobile hexes, draw and lay out maps")
    actions = board.add_subparsers(dest="action", metavar="ACTION", parser_class=board.__class__)
    actions.required = True

    def common(parser, *, scenario=True):
        parser.add_argument("map", metavar="MAP", help="a map id from the library, or a map YAML file")
        if scenario:
            parser.add_argument("--scenario", metavar="ID", help="a scenario whose variants and rules are in force")
        add_options(parser)

    check = actions.add_parser("check", help="check every placed piece against the rules in force")
    common(check)
    legal = actions.add_parser("legal", help="where may a player put a piece?")
    common(legal)
    legal.add_argument("--player", required=True)
    legal.add_argument("--piece", required=True, choices=PIECES)
    legal.add_argument("--resource", choices=("food", "wood", "ore"), help="for improved towns: the tile's resource")
    move = actions.add_parser("move", help="move a mobile mystery hex by a roll (and a reroll) or a seed")
    common(move, scenario=False)
    move.add_argument("--hex", required=True, metavar="Q,R", help="where the mystery hex is (e.g. 3,0 or -3,3)")
    how = move.add_mutually_exclusive_group(required=True)
    how.add_argument("--roll", type=int_range(1, 6), metavar="N", help="the die roll (1-6)")
    how.add_argument("--seed", type=int, help="roll seeded dice instead")
    move.add_argument("--reroll", type=int_range(1, 6), metavar="M", help="the second roll, if the first is illegal")
    odds = actions.add_parser("odds", help="exact distribution of a mobile hex's position after N moves")
    common(odds, scenario=False)
    odds.add_argument("--hex", required=True, metavar="Q,R", help="where the mystery hex is (e.g. 3,0 or -3,3)")
    odds.add_argument("--moves", type=int_range(0, MAX_MOVES), default=1, help="how many moves (default 1)")
    draw = actions.add_parser("draw", help="draw the map to an SVG or PNG file")
    common(draw)
    draw.add_argument("-o", "--output", required=True, metavar="FILE", help="FILE.svg or FILE.png")
    draw.add_argument("--player", help="highlight where this player may build --piece")
    draw.add_argument("--piece", choices=PIECES, default="town")
    draw.add_argument("--overwrite", action="store_true", help="let -o replace an existing file")
    layout = actions.add_parser("layout", help="a random layout of a template, with a fairness report")
    common(layout, scenario=False)
    layout.add_argument("--seed", type=int, required=True)
    layout.add_argument("--distance", type=int_range(0, 100), default=3, help="how far from a start to count (default 3)")
    layout.add_argument("-o", "--output", metavar="FILE.yaml", help="also save the generated map (a new file)")
    layout.add_argument("--overwrite", action="store_true", help="let -o replace an existing file")


def _load(args):
    """The library and the map document named by args.map."""
    from ..content.problems import is_model_problem

    named = [args.map] if args.map.lower().endswith((".yaml", ".yml")) else []
    if named and not Path(args.map).is_file():
        raise no_such(args.map, "file")
    result = load_result(args, named, own_folders=True)
    # what the map, deck and scenario checks find is this command's to report; anything else
    # (unreadable YAML, schema, references) must be fixed first
    blocking = [p for p in result.errors if not is_model_problem(p)]
    if blocking:
        # with what the model checks found meanwhile, so one run shows every problem
        raise ContentError(f"the content has {len(blocking)} error(s); fix them first"
                           " (workbench validate shows them too)",
                           blocking + [p for p in result.problems if p not in blocking and is_model_problem(p)])
    return result.library, find_document(result.library, "map", args.map)


def _report(args, library, document):
    """The map checked under the rules in force (the same checks `validate` runs)."""
    from ..board.checks import map_report

    scenario = None
    if getattr(args, "scenario", None):
        scenario = library.get(document.game, "scenario", args.scenario)
        if scenario is None:
            raise NotFound("scenario", args.scenario, library.ids(document.game, "scenario"), where=f"in {document.game}")
    return map_report(library, document, scenario)


def _hex(text: str, board):
    """A coordinate argument that names a space of the board."""
    from ..board.geometry import parse_coord
    try:
        node = parse_coord(text)
    except ValueError:
        raise UsageError(f"--hex wants two whole numbers like 3,-2, not {text!r}") from None
    if node not in board.graph:
        raise UsageError(f"{_at(node)} is not on the map {board.id} ({board.graph.number_of_nodes()} spaces)")
    return node


def _mover(board, node, report):
    """:func:`_mobile`, except that a map with errors (a mystery hex of an unknown type) answers
    with them, exit 1, as `map check` and `validate` do, rather than with a usage error."""
    try:
        return _mobile(board, node)
    except UsageError:
        if report.errors:
            raise ContentError(f"the map {board.id} has {len(report.errors)} error(s); fix them first"
                               " (map check and validate show them too)", report.errors) from None
        raise


def _at(node) -> str:
    return ",".join(str(c) for c in node)


def _mobile(board, node):
    """The mobile mystery hex at ``node``: a usage error says why there is none (nothing there, a
    type that does not move, face down)."""
    from ..board.mobile import mobile_piece

    try:
        return mobile_piece(board, node)
    except UsageError as exc:
        here = [p for p in board.pieces if p.piece == "mystery-hex"]
        known = ", ".join(_at(p.at) for p in here) or "none"
        raise UsageError(f"{exc}; the mystery hexes on {board.id} are at: {known}") from None


def _player(name: str, board) -> str:
    """A player the map declares (`players:`); any name when it declares none (a seat with no
    piece yet is still a player)."""
    declared = (board.document.data.get("players") if board.document is not None else None) or []
    if isinstance(declared, list) and declared and name not in declared:
        raise NotFound("player", name, [p for p in declared if isinstance(p, str)], where=f"on the map {board.id}")
    return name


def cmd_map(args, rep) -> int:
    library, document = _load(args)
    rep.set(map=document.id)
    report = _report(args, library, document)
    if args.action != "check" and report.board is None:  # beyond a size limit: nothing to explore
        raise ContentError(f"the map {document.id} cannot be explored", report.errors)
    if args.action in ("move", "odds") and not report.board.directions_ok:  # no numbering to move by
        raise ContentError(f"the map {document.id} has no usable direction table",
                           [p for p in report.errors if p.code == "map-directions"])
    return {"check": _check, "legal": _legal, "move": _move, "odds": _odds, "draw": _draw,
            "layout": _layout}[args.action](args, rep, library, report)


def _check(args, rep, library, report) -> int:
    board, problems = report.board, report.problems
    spaces = board.graph.number_of_nodes() if board is not None else 0
    pieces = len(board.pieces) if board is not None else 0
    from ..content.problems import tally

    errors = sum(1 for p in problems if p.is_error)
    # a piece written off the map is not on the board, but the designer wrote it: say so, so the
    # count agrees with the file (the off-map problem below says where)
    off = sum(1 for p in problems if p.code == "off-map")   # only pieces are off the map
    rep.set(spaces=spaces, pieces=pieces, off_map=off, rules=report.rules, events=report.events)
    placed = f"{pieces} piece{'' if pieces == 1 else 's'}" + (f" on it ({off} more off the map)" if off else "")
    rep.line(f"map {report.map_id}: {spaces} spaces, {placed}; rules in force: {', '.join(report.rules) or 'none'}")
    rep.problems(problems)
    for event in report.events:
        rep.line(f"event {event['event']}: {event['message']}")
    rep.line("no problems" if not problems else tally(problems))     # a note counted apart, never as a warning
    return EXIT_PROBLEMS if errors else EXIT_OK


def _legal(args, rep, library, report) -> int:
    from ..board.placement import Question, legal_placements

    board = report.board
    player = _player(args.player, board)
    # the rule ids and parameters in force must be right for the answer to be
    # every error `map check` and `validate` report is reported with the answer, exit 1 (the
    # same contract): an unknown hex type or rule id makes the answer doubtful
    wrong = report.errors
    verdict = legal_placements(board, Question(args.piece, player, args.resource), report.rules)
    illegal = [{"hex": list(h), "rules": [r for r, _ in reasons], "reasons": [w for _, w in reasons]}
               for h, reasons in sorted(verdict.illegal.items())]
    rep.problems(wrong)
    rep.set(player=player, piece=args.piece, legal=[list(h) for h in verdict.legal], illegal=illegal)
    piece = article(words(args.piece))
    rep.line(f"{player} may place {piece} on {len(verdict.legal)} of {board.graph.number_of_nodes()} spaces:")
    rep.line("  " + (" ".join(_at(h) for h in verdict.legal) or "none"))
    reasons = verdict.illegal.by_reason() if hasattr(verdict.illegal, "by_reason") else []
    if reasons:
        rep.line("not on (one line per reason):")
        for rule_id, reason, hexes in reasons:  # one sentence per reason, with the hexes it applies to
            rep.line(f"  [{rule_id}] {reason}: " + " ".join(_at(h) for h in hexes))
    return EXIT_PROBLEMS if wrong else EXIT_OK


def _move(args, rep, library, report) -> int:
    from ..board.mobile import illegal_reason, roll_move

    board = report.board
    start = _hex(args.hex, board)
    mover = _mover(board, start, report)
    if args.roll is not None:
        first_illegal = illegal_reason(board, start, args.roll, mover=mover)
        if first_illegal and args.reroll is None:
            raise UsageError(f"the roll {args.roll} is illegal ({first_illegal}); give the second roll with --reroll")
        if not first_illegal and args.reroll is not None:
            raise UsageError(f"the roll {args.roll} is legal, so there is no reroll: leave out --reroll")
        rolls = [args.roll] + ([args.reroll] if first_illegal else [])
        move = roll_move(board, start, rolls, random.Random(0))
    else:
        if args.reroll is not None:
            raise UsageError("--reroll goes with --roll; with --seed the dice are rolled for you")
        move = roll_move(board, start, None, random.Random(args.seed))
    rep.set(**move.to_json(), hex_type=mover.hex_type)
    what = words(mover.hex_type or "mystery hex").capitalize()
    where = f"now at {_at(move.end)}" if move.moved else f"stays at {_at(move.end)}"
    rep.line(f"{what} at {_at(move.start)}: {move.reason}; {where}")
    rep.problems(report.errors)  # the answer stands; the map's errors are still errors
    return EXIT_PROBLEMS if report.errors else EXIT_OK


def _odds(args, rep, library, report) -> int:
    from ..board.mobile import distribution

    board = report.board
    start = _hex(args.hex, board)
    mover = _mover(board, start, report)
    dist = distribution(board, start, args.moves)
    rows = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
    rep.set(**{"from": list(start), "moves": args.moves, "hex_type": mover.hex_type,
               "distribution": [{"hex": list(h), "p": float(p), "fraction": str(p)} for h, p in rows]})
    what = words(mover.hex_type or "mystery hex")
    rep.line(f"where the {what} at {_at(start)} is after {args.moves} move(s):")
    rep.lines("  " + line for line in table(["hex", "chance"], ([_at(h), percent(p)] for h, p in rows), right=[0, 1]))
    rep.problems(report.errors)  # the answer stands; the map's errors are still errors
    return EXIT_PROBLEMS if report.errors else EXIT_OK


def _draw(args, rep, library, report) -> int:
    from ..board.placement import Question, legal_placements
    out = output_file(args.output, (".svg", ".png"), overwrite=args.overwrite, what="-o")
    try:
        import matplotlib  # noqa: F401  (an extra: the core install only validates and explores)
    except ImportError:
        raise UsageError("map draw needs matplotlib: pip install 'frontier-workbench[plot]'") from None
    from ..board.draw import draw, map_name

    board = report.board
    legal = None
    if args.player:
        player = _player(args.player, board)
        legal = legal_placements(board, Question(args.piece, player), report.rules, explain=False).legal
    title = map_name(board) + (f": where {args.player} may build {article(words(args.piece))}" if legal is not None else "")
    figure = draw(board, legal=legal, title=title, library=library)
    import io
    buffer = io.BytesIO()
    figure.savefig(buffer, format=out.suffix.lower()[1:], bbox_inches="tight", dpi=150)
    write_output(out, buffer.getvalue(), overwrite=args.overwrite)
    rep.set(output=str(out))
    rep.line(f"wrote {out}")
    # drawn as it is, but with what `map check` finds, exit 1: a picture is no sign of a sound map
    rep.problems(report.problems)
    return EXIT_PROBLEMS if report.errors else EXIT_OK


def _layout(args, rep, library, report) -> int:
    from ..board.graph import Board
    from ..board.layout import fairness, random_layout, resource_tiles, spread
    from ..core import storage

    board = report.board
    if (args.output and board.document and Path(args.output).exists()
            and Path(args.output).resolve() == Path(board.document.file).resolve()):
        raise UsageError(f"{args.output} is the template map itself; save the layout to a new file")
    out = output_file(args.output, (".yaml", ".yml"), overwrite=args.overwrite, what="-o") if args.output else None
    template = board.document.data
    variant = library.data(board.game, "variant", "mystery-hexes") or {}
    mystery = list(variant.get("hex_types") or [])
    game = library.data(board.game, "game", board.game) or {}
    tiles = resource_tiles(template, game)
    data = random_layout(template, args.seed, tiles=tiles, mystery=mystery, hex_types=board.hex_types)
    laid = Board.from_data(data, hex_types=board.hex_types)
    rows = fairness(laid, args.distance)
    if out is not None:
        import yaml

        from ..core.paths import modeline
        header = modeline("map", out.resolve().parent) + "\n"
        try:  # never over an existing file unless asked
            storage.create(out, header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                           overwrite=args.overwrite)
        except storage.FileExists as exc:
            raise storage.SaveRefused(f"{exc}: the layout was not saved; choose a new file name, or pass"
                                      " --overwrite to replace it", exc.path) from None
    rep.set(map=data["id"], seed=args.seed, distance=args.distance, starts=rows, spread=spread(rows),
            output=str(out) if out else None)
    rep.line(f"layout {data['id']} (within {args.distance} of each start):")
    columns = ("start", "food", "wood", "ore", "mystery")
    rep.lines("  " + line for line in table(columns, ([row[c] for c in columns] for row in rows), right=[1, 2, 3, 4]))
    rep.line("  spread (most minus fewest): " + ", ".join(f"{k} {v}" for k, v in spread(rows).items()))
    if out is not None:
        rep.line(f"wrote {out}")
    rep.problems(report.problems)      # the template's, as `map check` finds them
    return EXIT_PROBLEMS if report.errors else EXIT_OK
