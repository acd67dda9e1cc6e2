"""`workbench gunfight` (and, per game, `workbench play`)."""
from __future__ import annotations

from .common import EXIT_OK, EXIT_PROBLEMS, emit_json, print_problems


def add_commands(sub, add_format) -> None:
    fight = sub.add_parser("gunfight", help="Dark Horse gunfight odds, exact, and seeded simulation")
    fight.add_argument("--a", metavar="SPEC", help="the challenger: a character/token id or combat=2,duel=1,deadly,...")
    fight.add_argument("--b", metavar="SPEC", help="the challenged")
    fight.add_argument("--seed", type=int, default=None, help="seed for --simulate")
    fight.add_argument("--simulate", type=int, default=0, metavar="N", help="also simulate N seeded fights")
    fight.add_argument("--matrix", action="store_true", help="win-probability table of every fighter")
    fight.add_argument("--scenario", metavar="ID", help="with --matrix: the fighters a scenario brings")
    fight.add_argument("--library", action="append", metavar="DIR")
    add_format(fight)

    play = sub.add_parser("play", help="play sample turns with bots, seeded and replayable")
    play.add_argument("game", choices=("dark-horse", "western-legends"))
    play.add_argument("--scenario", metavar="ID", help="Dark Horse: the scenario whose action spaces are used")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--rounds", type=int, default=3)
    play.add_argument("--bots", default="random", help="comma-separated bots by seat: random, greedy")
    play.add_argument("--hire", action="append", default=[], metavar="PLAYER=CHARACTER",
                      help="Dark Horse: give a seat a hired character (repeatable), e.g. red=sam-bass")
    play.add_argument("--log", metavar="FILE.jsonl", help="also write the events as JSON lines")
    play.add_argument("--library", action="append", metavar="DIR")
    add_format(play)


def _side(spec: str, library):
    from ..content.validate import UsageError
    from ..games.dark_horse.gunfight import Side

    for kind in ("character", "token"):
        doc = library.data("dark-horse", kind, spec)
        if doc is not None:
            if not doc.get("gunfight"):
                raise UsageError(f"the rules texts do not give {doc['name']}'s gunfight icons; write them inline"
                                 " (combat=N,duel=N,...) or add a `gunfight:` block to its document")
            return Side.from_data(spec, doc["gunfight"])
    try:
        return Side.parse(spec)
    except ValueError as exc:
        raise UsageError(f"{spec!r} is neither a character or token id nor an inline spec: {exc}") from None


def cmd_gunfight(args) -> int:
    from ..content.validate import UsageError, validate_paths
    from ..games.dark_horse import gunfight

    result = validate_paths(args.library or ["variants"])
    if result.errors:
        print_problems(result.errors)
        return EXIT_PROBLEMS
    library = result.library
    if args.matrix:
        try:
            sides = gunfight.fighters(library, args.scenario)
        except KeyError:
            raise UsageError(f"no scenario '{args.scenario}'") from None
        table = gunfight.matrix(sides)
        if args.format == "json":
            emit_json({"scenario": args.scenario, "fighters": [s.name for s in sides],
                       "a_wins": {a: {b: float(p) for b, p in row.items()} for a, row in table.items()},
                       "fractions": {a: {b: str(p) for b, p in row.items()} for a, row in table.items()}})
        else:
            names = [s.name for s in sides]
            width = max([len(n) for n in names] + [10])
            print("P(challenger wins); rows challenge, columns are challenged")
            print(" " * width + "".join(f"{n[:12]:>13}" for n in names))
            for a in names:
                print(f"{a:<{width}}" + "".join(f"{float(table[a][b]):>13.3f}" for b in names))
        return EXIT_OK
    if not args.a or not args.b:
        raise UsageError("give both --a and --b (or --matrix)")
    a, b = _side(args.a, library), _side(args.b, library)
    odds = gunfight.exact_odds(a, b)
    report = odds.to_json()
    if args.simulate:
        seed = args.seed if args.seed is not None else 0
        report["simulation"] = {"fights": args.simulate, "seed": seed,
                                "outcomes": gunfight.simulate_many(a, b, args.simulate, seed)}
    if args.format == "json":
        emit_json(report)
    else:
        print(f"{a.name} (challenger) vs {b.name} (challenged): exact odds")
        for key, p in odds.outcomes.items():
            line = f"  {key:<8} {float(p):7.4f}  ({p})"
            if args.simulate:
                line += f"   simulated {report['simulation']['outcomes'][key]:.4f}"
            print(line)
        print(f"  captured: a {float(odds.captured['a']):.4f}, b {float(odds.captured['b']):.4f}")
    return EXIT_OK


def cmd_play(args) -> int:
    import json
    from pathlib import Path

    from ..content.validate import UsageError, validate_paths
    from ..storage import atomic_write_text

    result = validate_paths(args.library or ["variants"])
    if result.errors:
        print_problems(result.errors)
        return EXIT_PROBLEMS
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.game == "dark-horse":
        from ..games.dark_horse import engine

        if not 1 <= args.players <= len(engine.PLAYER_NAMES):
            raise UsageError(f"--players must be 1 to {len(engine.PLAYER_NAMES)}")
        unknown = [b for b in bots if b not in engine.BOTS]
        if unknown:
            raise UsageError(f"unknown bot {unknown[0]!r}; bots: {', '.join(engine.BOTS)}")
        characters: dict[str, list[str]] = {}
        for item in args.hire:
            player, _, character = item.partition("=")
            if player not in engine.PLAYER_NAMES[:args.players] or not character:
                raise UsageError(f"--hire wants PLAYER=CHARACTER with a player of {engine.PLAYER_NAMES[:args.players]}")
            characters.setdefault(player, []).append(character)
        try:
            state = engine.play(result.library, args.scenario, args.players, args.seed, args.rounds, bots,
                                characters=characters)
        except KeyError as exc:
            raise UsageError(f"no scenario or character {exc}") from None
        events = state.log
        describe = engine.describe
    else:
        from ..games.western_legends import engine as wl

        state = wl.play(result.library, args.players, args.seed, args.rounds, bots)
        events = state.log
        describe = wl.describe
    if args.log:
        atomic_write_text(Path(args.log), "".join(json.dumps(e) + "\n" for e in events))
    if args.format == "json":
        for event in events:
            print(json.dumps(event))
    else:
        for event in events:
            line = describe(event)
            if line:
                print(line)
    return EXIT_OK
