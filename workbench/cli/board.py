"""`workbench map ...`: check, legal, move, odds, draw, layout."""
from __future__ import annotations

import random
import sys
from pathlib import Path

from .common import EXIT_OK, EXIT_PROBLEMS, emit_json, print_problems

PIECES = ("town", "city", "rail", "improved-town")


def add_commands(sub, add_format) -> None:
    board = sub.add_parser("map", help="check placements, move mobile hexes, draw and lay out maps")
    actions = board.add_subparsers(dest="action", metavar="ACTION", parser_class=board.__class__)
    actions.required = True

    def common(parser, *, scenario=True):
        parser.add_argument("map", metavar="MAP", help="a map id from the library, or a map YAML file")
        parser.add_argument("--library", action="append", metavar="DIR",
                            help="content to load with the map (default: variants/); repeatable")
        if scenario:
            parser.add_argument("--scenario", metavar="ID", help="a scenario whose variants and rules are in force")
        add_format(parser)

    check = actions.add_parser("check", help="check every placed piece against the rules in force")
    common(check)
    legal = actions.add_parser("legal", help="where may a player put a piece?")
    common(legal)
    legal.add_argument("--player", required=True)
    legal.add_argument("--piece", required=True, choices=PIECES)
    legal.add_argument("--resource", choices=("food", "wood", "ore"), help="for improved towns: the tile's resource")
    move = actions.add_parser("move", help="move a mobile mystery hex by a roll (and a reroll) or a seed")
    common(move, scenario=False)
    move.add_argument("--hex", required=True, metavar="Q,R")
    how = move.add_mutually_exclusive_group(required=True)
    how.add_argument("--roll", type=int, choices=range(1, 7), metavar="N")
    how.add_argument("--seed", type=int)
    move.add_argument("--reroll", type=int, choices=range(1, 7), metavar="M", help="the second roll, if the first is illegal")
    odds = actions.add_parser("odds", help="exact distribution of a mobile hex's position after N moves")
    common(odds, scenario=False)
    odds.add_argument("--hex", required=True, metavar="Q,R")
    odds.add_argument("--moves", type=int, default=1)
    draw = actions.add_parser("draw", help="draw the map to an SVG or PNG file")
    common(draw)
    draw.add_argument("-o", "--output", required=True, metavar="FILE")
    draw.add_argument("--player", help="highlight where this player may build --piece")
    draw.add_argument("--piece", choices=PIECES, default="town")
    layout = actions.add_parser("layout", help="a random layout of a template, with a fairness report")
    common(layout, scenario=False)
    layout.add_argument("--seed", type=int, required=True)
    layout.add_argument("--distance", type=int, default=3, help="how far from a start to count (default 3)")
    layout.add_argument("-o", "--output", metavar="FILE.yaml", help="also save the generated map (a new file)")
    layout.add_argument("--overwrite", action="store_true", help="let -o replace an existing file")


def _load(args):
    """The library and the map document named by args.map."""
    from ..content.problems import is_model_problem
    from ..content.validate import UsageError, validate_paths

    libraries = args.library or ["variants"]
    target = Path(args.map)
    paths = list(libraries)
    if target.suffix in (".yaml", ".yml"):
        if not target.is_file():
            raise UsageError(f"no such file: {target}")
        paths.append(str(target))
    result = validate_paths(paths)
    # what the map, deck and scenario checks find is this command's to report; anything else
    # (unreadable YAML, schema, references) must be fixed first
    blocking = [p for p in result.errors if not is_model_problem(p)]
    if blocking:
        print_problems(blocking, stream=sys.stderr)
        print(f"workbench: the content has {len(blocking)} error(s); fix them first", file=sys.stderr)
        return None, None
    library = result.library
    if target.suffix in (".yaml", ".yml"):
        maps = [d for d in library.of_kind("map") if Path(d.file).resolve() == target.resolve()]
    else:
        maps = [d for d in library.of_kind("map") if d.id == args.map]
    if not maps:
        known = sorted(d.id for d in library.of_kind("map"))
        raise UsageError(f"no map '{args.map}'; maps: {', '.join(known) or 'none'}")
    return library, maps[0]


def _report(args, library, document):
    """The map checked under the rules in force (the same checks `validate` runs)."""
    from ..board.checks import map_report
    from ..content.validate import UsageError

    scenario = None
    if getattr(args, "scenario", None):
        scenario = library.get(document.game, "scenario", args.scenario)
        if scenario is None:
            raise UsageError(f"no scenario '{args.scenario}' in {document.game}")
    return map_report(library, document, scenario)


def _coord(text):
    from ..board.geometry import parse_coord
    from ..content.validate import UsageError
    try:
        return parse_coord(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def cmd_map(args) -> int:
    library, document = _load(args)
    if document is None:
        return EXIT_PROBLEMS
    report = _report(args, library, document)
    if args.action != "check" and report.board is None:  # beyond a size limit: nothing to explore
        print_problems(report.errors, stream=sys.stderr)
        return EXIT_PROBLEMS
    if args.action in ("move", "odds") and not report.board.directions_ok:  # no numbering to move by
        print_problems([p for p in report.errors if p.code == "map-directions"], stream=sys.stderr)
        return EXIT_PROBLEMS
    return {"check": _check, "legal": _legal, "move": _move, "odds": _odds, "draw": _draw,
            "layout": _layout}[args.action](args, library, report)


def _check(args, library, report) -> int:
    board, problems = report.board, report.problems
    spaces = board.graph.number_of_nodes() if board is not None else 0
    pieces = len(board.pieces) if board is not None else 0
    map_id = report.map_id
    if args.format == "json":
        emit_json({"map": map_id, "spaces": spaces, "rules": report.rules,
                   "problems": [{"code": p.code, "severity": p.severity, "hex": p.extra.get("hex"),
                                 "piece": p.extra.get("piece"), "player": p.extra.get("player"), "message": p.message,
                                 "hint": p.hint, "file": p.file, "line": p.line, "column": p.column, "path": p.path}
                                for p in problems],
                   "events": report.events})
    else:
        print(f"map {map_id}: {spaces} spaces, {pieces} pieces; rules in force: {', '.join(report.rules)}")
        print_problems(problems)
        for event in report.events:
            print(f"event {event['event']}: {event['message']}")
        print("no problems" if not problems else f"{len(problems)} problem(s)")
    return EXIT_PROBLEMS if report.errors else EXIT_OK


def _legal(args, library, report) -> int:
    from ..board.placement import Question, legal_placements

    board = report.board
    # the rule ids and parameters in force must be right for the answer to be
    wrong = [p for p in report.errors if p.code == "unknown-rule" or p.extra.get("parameter")]
    verdict = legal_placements(board, Question(args.piece, args.player, args.resource), report.rules)
    if args.format == "json":
        illegal = [{"hex": list(h), "rules": [r for r, _ in reasons], "reasons": [w for _, w in reasons]}
                   for h, reasons in sorted(verdict.illegal.items())]
        emit_json({"map": board.id, "player": args.player, "piece": args.piece,
                   "legal": [list(h) for h in verdict.legal], "illegal": illegal,
                   "problems": [p.to_json() for p in wrong]})
    else:
        print_problems(wrong)
        print(f"{args.player} may place a {args.piece} on {len(verdict.legal)} of {board.graph.number_of_nodes()} spaces:")
        print("  " + " ".join(f"{q},{r}" for q, r in verdict.legal))
        # one line per reason, with the hexes it applies to
        for rule_id, reason, hexes in verdict.illegal.by_reason():
            print(f"  [{rule_id}] {reason}: " + " ".join(f"{q},{r}" for q, r in hexes))
    return EXIT_PROBLEMS if wrong else EXIT_OK


def _move(args, library, report) -> int:
    from ..board.mobile import mobile_piece, roll_move
    from ..content.validate import UsageError

    board = report.board
    start = _coord(args.hex)
    mobile_piece(board, start)  # a usage error, with the reason, for any hex that is not a mobile hex
    if args.roll is not None:
        rolls = [args.roll] + ([args.reroll] if args.reroll is not None else [])
        move = roll_move(board, start, rolls, random.Random(0))
        if len(move.rolls) > len(rolls):
            raise UsageError(f"the roll {args.roll} is illegal ({move.reason.split(';')[0]}); give the reroll with --reroll")
    else:
        move = roll_move(board, start, None, random.Random(args.seed))
    if args.format == "json":
        emit_json(move.to_json())
    else:
        print(f"{list(move.start)} -> {list(move.end)}  rolls {move.rolls}: {move.reason}")
    return EXIT_OK


def _odds(args, library, report) -> int:
    from ..board.mobile import distribution

    board = report.board
    start = _coord(args.hex)
    dist = distribution(board, start, args.moves)
    rows = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
    if args.format == "json":
        emit_json({"from": list(start), "moves": args.moves,
                   "distribution": [{"hex": list(h), "p": float(p), "fraction": str(p)} for h, p in rows]})
    else:
        print(f"where the hex at {list(start)} is after {args.moves} move(s):")
        for h, p in rows:
            print(f"  {h[0]:>3},{h[1]:<3} {float(p):8.4f}  ({p})")
    return EXIT_OK


def _draw(args, library, report) -> int:
    from ..board.draw import draw
    from ..board.placement import Question, legal_placements
    from ..content.validate import UsageError
    from ..storage import atomic_write_bytes

    board = report.board
    suffix = Path(args.output).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise UsageError("the output must end in .svg or .png")
    legal = None
    if args.player:
        legal = legal_placements(board, Question(args.piece, args.player), report.rules, explain=False).legal
    figure = draw(board, legal=legal, title=board.id + (f": where {args.player} may build a {args.piece}" if legal is not None else ""))
    import io
    buffer = io.BytesIO()
    figure.savefig(buffer, format=suffix[1:], bbox_inches="tight", dpi=150)
    atomic_write_bytes(Path(args.output), buffer.getvalue())
    print(f"wrote {args.output}")
    return EXIT_OK


def _layout(args, library, report) -> int:
    from ..board.graph import Board
    from ..board.layout import fairness, random_layout, spread
    from .. import storage

    board = report.board
    template = board.document.data
    variant = library.data(board.game, "variant", "mystery-hexes") or {}
    mystery = list(variant.get("hex_types") or [])
    game = library.data(board.game, "game", board.game) or {}
    tiles = (template.get("parameters") or {}).get("resource_hex_tiles") or (game.get("parameters") or {}).get("resource_hex_tiles", {})
    data = random_layout(template, args.seed, tiles=tiles, mystery=mystery, hex_types=board.hex_types)
    laid = Board.from_data(data, hex_types=board.hex_types)
    rows = fairness(laid, args.distance)
    if args.output:
        import yaml
        from ..paths import modeline
        header = modeline("map", Path(args.output).resolve().parent) + "\n"
        try:  # never over an existing file (the template itself, say) unless asked
            storage.create(Path(args.output), header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                           overwrite=args.overwrite)
        except storage.FileExists as exc:
            raise storage.SaveRefused(f"{exc}: the layout was not saved; choose a new file name, or pass"
                                      " --overwrite to replace it", exc.path) from None
    if args.format == "json":
        emit_json({"map": data["id"], "seed": args.seed, "distance": args.distance, "starts": rows,
                   "spread": spread(rows)})
    else:
        print(f"layout {data['id']} (within {args.distance} of each start):")
        print(f"  {'start':<14} {'food':>4} {'wood':>4} {'ore':>4} {'mystery':>7}")
        for row in rows:
            print(f"  {row['start']:<14} {row['food']:>4} {row['wood']:>4} {row['ore']:>4} {row['mystery']:>7}")
        print("  spread (max-min): " + ", ".join(f"{k} {v}" for k, v in spread(rows).items()))
    return EXIT_OK
