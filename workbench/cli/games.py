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
    add_house_rules(fight)
    add_format(fight)

    poker = sub.add_parser("poker", help="Western Legends poker: rank a hand, compare two, saloon odds")
    actions = poker.add_subparsers(dest="action", metavar="ACTION", parser_class=poker.__class__)
    actions.required = True
    rank = actions.add_parser("rank", help="the rank of a hand, e.g. AS KS QS JS 10S")
    rank.add_argument("cards", nargs="+", metavar="CARD")
    compare = actions.add_parser("compare", help="which of two hands wins, e.g. AS,AD,5C,6D,7H KH,KC,2S,3S,9D")
    compare.add_argument("hands", nargs=2, metavar="HAND")
    odds = actions.add_parser("odds", help="chance a saloon hand beats the dealer")
    odds.add_argument("--hand", required=True, metavar="CARDS", help="comma-separated hand cards")
    odds.add_argument("--flop", metavar="CARDS", help="the flop, if known (then the odds are exact)")
    odds.add_argument("--samples", type=int, default=None, help="simulate instead of enumerating")
    odds.add_argument("--seed", type=int, default=0)
    for parser in (rank, compare, odds):
        parser.add_argument("--ace-low", choices=("yes", "no"), default=None,
                            help="may an ace be low in a straight (default: the library's rule)")
        parser.add_argument("--cheat", choices=("five-of-a-kind-only", "wild"), default=None,
                            help="what the Cheat card does (default: the library's rule)")
        parser.add_argument("--library", action="append", metavar="DIR",
                            help="the library whose poker ranking and deck are used (default: the published games)")
        add_format(parser)

    play = sub.add_parser("play", help="play sample turns with bots, seeded and replayable")
    play.add_argument("game", choices=("dark-horse", "western-legends"))
    play.add_argument("--scenario", metavar="ID", help="Dark Horse: the scenario whose action spaces are used")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--rounds", type=int, default=None,
                      help="Dark Horse: rounds to play (default 3); Western Legends: a cap, the game ends by its own rule (default 60)")
    play.add_argument("--length", choices=("short", "average", "long"), default="short",
                      help="Western Legends: game length (15, 20 or 25 LP)")
    play.add_argument("--bots", default=None, help="comma-separated bots by seat: random, greedy (default: random for"
                      " Dark Horse, greedy for Western Legends)")
    play.add_argument("--hire", action="append", default=[], metavar="PLAYER=CHARACTER",
                      help="Dark Horse: give a seat a hired character (repeatable), e.g. red=sam-bass")
    play.add_argument("--log", metavar="FILE.jsonl", help="also write the events as JSON lines")
    play.add_argument("--library", action="append", metavar="DIR")
    add_house_rules(play)
    add_format(play)


def add_house_rules(parser) -> None:
    parser.add_argument("--variant", action="append", default=[], metavar="ID",
                        help="also play this variant (a house rule from the library; repeatable)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="overrides",
                        help="override one rule parameter, e.g. --set win_margin=3 (repeatable)")


def house_rules(args) -> dict:
    """The variants and overrides a command was given, for Game.build / resolve."""
    from ..games.ruleset import parse_overrides
    return {"variants": list(args.variant), "overrides": parse_overrides(args.overrides)}


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
    from ..games.dark_horse.parameters import resolve_ruleset
    ruleset = resolve_ruleset(library, scenario=args.scenario, **house_rules(args))   # this library's rules
    rules = gunfight.GunfightRules.from_ruleset(ruleset)
    if args.matrix:
        sides = gunfight.fighters(library, args.scenario, ruleset.fighting_tokens)
        table = gunfight.matrix(sides, rules)
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
    odds = gunfight.exact_odds(a, b, rules)
    report = odds.to_json()
    if args.simulate:
        seed = args.seed if args.seed is not None else 0
        report["simulation"] = {"fights": args.simulate, "seed": seed,
                                "outcomes": gunfight.simulate_many(a, b, args.simulate, seed, rules)}
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

    from ..paths import VARIANTS
    # the library given, else variants/ here, else the workbench's own (a designer's folder elsewhere)
    result = validate_paths(args.library or (["variants"] if Path("variants").is_dir() else [str(VARIANTS)]))
    if result.errors:
        print_problems(result.errors)
        return EXIT_PROBLEMS
    bots = [b.strip() for b in (args.bots or ("random" if args.game == "dark-horse" else "greedy")).split(",") if b.strip()]
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
            state = engine.play(result.library, args.scenario, args.players, args.seed, args.rounds or 3, bots,
                                characters=characters, **house_rules(args))
        except KeyError as exc:
            raise UsageError(f"no scenario or character {exc}") from None
        events = state.log
        describe = engine.describe
    else:
        from ..games.western_legends import engine as wl

        unknown = [b for b in bots if b not in wl.BOTS]
        if unknown:
            raise UsageError(f"unknown bot {unknown[0]!r}; bots: {', '.join(wl.BOTS)}")
        state = wl.play(result.library, args.players, args.seed, args.rounds or 60, bots, args.length,
                        **house_rules(args))   # the players and the length are checked against the ruleset
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


def cmd_poker(args) -> int:
    from ..content.validate import UsageError
    from ..games.western_legends import poker

    from dataclasses import replace

    from ..content.published import published_library
    from ..content.validate import validate_paths

    if args.library:
        result = validate_paths(args.library)
        if result.errors:
            print_problems(result.errors)
            return EXIT_PROBLEMS
    library = result.library if args.library else published_library()
    rules = poker.rules_from_library(library)      # the game's ranking and rule choices; flags override
    if args.ace_low is not None:
        rules = replace(rules, ace_low=args.ace_low == "yes")
    if args.cheat is not None:
        rules = replace(rules, cheat=args.cheat)
    split = lambda text: [c for c in text.replace(" ", ",").split(",") if c]
    try:
        if args.action == "rank":
            value = poker.evaluate(args.cards, rules)
            report = value.to_json()
            text = f"{value.name} {report['value']}"
        elif args.action == "compare":
            a, b = (split(h) for h in args.hands)
            winner = poker.compare(a, b, rules)
            report = {"winner": winner, "hands": [poker.evaluate(a, rules).to_json(), poker.evaluate(b, rules).to_json()]}
            text = "tie" if winner == "tie" else f"hand {winner} wins ({report['hands'][winner]['rank']})"
        else:
            hand = split(args.hand)
            flop = split(args.flop) if args.flop else None
            deck = poker.deck_from_library(library)       # the game's poker deck
            p, exact = poker.win_probability(hand, deck, flop, rules=rules, samples=args.samples, seed=args.seed)
            report = {"hand": hand, "flop": flop, "p_win": float(p), "exact": exact,
                      "fraction": str(p) if exact else None, "samples": None if exact else (args.samples or 2000)}
            text = f"{float(p):.4f}" + (f" ({p}, exact)" if exact else f" (simulated, {report['samples']} deals, seed {args.seed})")
    except (poker.CardError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        emit_json(report)
    else:
        print(text)
    return EXIT_OK
