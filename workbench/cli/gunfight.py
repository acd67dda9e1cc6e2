"""`workbench gunfight`: Dark Horse's gunfight odds, exact and simulated, with the fighters named
as the game documents name them. Dark Horse contributes the command through its registry entry
(:class:`workbench.games.Command`); its calls into the engine are the small functions under
*Where this command meets the engine*.
"""
from __future__ import annotations

from ..content.badges import badged_name
from ..core.errors import NotFound, UsageError
from ..core.limits import limit
from .common import EXIT_OK, add_options, int_range, load_library, words
from .games import add_house_rules, house_rules
from .report import percent, table


def add_commands(sub) -> None:
    """Declare the command's parser under the subparsers ``sub`` (read from the entry by the command line)."""
    fight = sub.add_parser("gunfight", help="Dark Horse gunfight odds, exact, and seeded simulation")
    fight.add_argument("--a", metavar="SPEC", help="the challenger: a character/token id or combat=2,duel=1,deadly,...")
    fight.add_argument("--b", metavar="SPEC", help="the challenged")
    fight.add_argument("--simulate", type=int_range(1, limit("simulated_fights")), default=None, metavar="N",
                       help="also simulate N seeded fights")
    fight.add_argument("--seed", type=int, default=None, help="seed for --simulate (default 0)")
    fight.add_argument("--matrix", action="store_true", help="win-probability table of every fighter")
    fight.add_argument("--scenario", metavar="ID", help="the scenario whose rules are in force (with --matrix: and"
                       " whose fighters are pitted)")
    add_house_rules(fight)
    add_options(fight)


# -- where this command meets the engine ---------------------------------------------------------

def _gunfight():
    from ..games.dark_horse import gunfight
    return gunfight


#: The largest fight the engine computes exactly (its polynomial odds take well under a second).
def exact_dice_limit() -> int:
    return _gunfight().MAX_COMBAT_DICE


#: A gunfight side's icons, as the engine's inline spec names them.
SIDE_FLAGS = ("tough", "deadly", "weak-kneed", "engineer")


def gunfight_rules(library, *, scenario: str | None, variants=(), overrides=None):
    """The gunfight rules in force: the library's, the scenario's variants, the variants and
    overrides given (a ContentError when they cannot be resolved)."""
    from ..rules.dark_horse import resolve_ruleset
    ruleset = resolve_ruleset(library, scenario=scenario, variants=list(variants), overrides=overrides or {})
    return ruleset, _gunfight().GunfightRules.from_ruleset(ruleset)


def parse_side(spec: str):
    """An inline gunfight spec (``combat=2,duel=1,deadly``); raises ValueError with a reason."""
    return _gunfight().Side.parse(spec)


def side_from_document(doc_id: str, gunfight: dict):
    return _gunfight().Side.from_data(doc_id, gunfight)


def side_numbers(side, rules) -> dict[str, int]:
    """The numbers of a side that arguments must keep in range."""
    return {"combat": side.combat, "duel": side.duel, "wounds": side.wounds,
            "wounds_to_capture": side.wounds_to_capture(rules)}


def exact_odds(a, b, rules):
    """``(outcomes, captured)``: exact fractions by outcome name and by side."""
    odds = _gunfight().exact_odds(a, b, rules)
    return odds.outcomes, odds.captured


def simulate(a, b, fights: int, seed: int, rules) -> dict[str, float]:
    return _gunfight().simulate_many(a, b, fights, seed, rules)


def fighters(library, scenario: str | None, ruleset):
    return _gunfight().fighters(library, scenario, ruleset.fighting_tokens)


def win_matrix(sides, rules):
    return _gunfight().matrix(sides, rules)



# -- names for people ---------------------------------------------------------------------------

def _name(library, game: str, identifier, kinds=("character", "token")) -> str:
    for kind in kinds:
        data = library.data(game, kind, identifier) if library is not None and isinstance(identifier, str) else None
        if data and data.get("name"):
            return badged_name(data)
    return str(identifier)



# -- the command ----------------------------------------------------------------------------------

def _side(spec: str, library, flag: str, rules):
    spec = spec.strip()
    for kind in ("character", "token"):
        doc = library.data("dark-horse", kind, spec)
        if doc is not None:
            if not doc.get("gunfight"):
                raise UsageError(f"the rules texts do not give {doc['name']}'s gunfight icons; write them inline"
                                 " (combat=N,duel=N,...) or add a `gunfight:` block to its document")
            side = side_from_document(spec, doc["gunfight"])
            return _checked(side, flag, rules), badged_name(doc, spec)
    looks_inline = "=" in spec or "," in spec or spec in SIDE_FLAGS
    if not looks_inline:
        known = [d.id for kind in ("character", "token") for d in library.of_kind(kind, "dark-horse")
                 if d.data.get("gunfight")]
        raise NotFound("character or token with gunfight icons", spec, known, where=f"(for {flag})")
    try:
        side = parse_side(spec)
    except ValueError as exc:
        raise UsageError(f"{flag} {spec!r}: {exc}") from None
    return _checked(side, flag, rules), spec


def _checked(side, flag: str, rules):
    numbers = side_numbers(side, rules)
    for key in ("combat", "duel", "wounds"):
        if numbers[key] < 0:
            raise UsageError(f"{flag}: {key} cannot be negative ({key}={numbers[key]})")
    limit = exact_dice_limit()
    if numbers["combat"] > limit:
        raise UsageError(f"{flag}: exact odds are computed for at most {limit} combat dice a side,"
                         f" not {numbers['combat']}")
    if numbers["wounds"] >= numbers["wounds_to_capture"]:
        raise UsageError(f"{flag}: a side with {numbers['wounds']} wound(s) is already captured"
                         f" ({numbers['wounds_to_capture']} wounds capture it)")
    return side


OUTCOME_WORDS = {"a_wins": "challenger wins", "b_wins": "challenged wins", "a_flees": "challenger flees",
                 "b_flees": "challenged flees", "draw": "draw"}


def cmd_gunfight(args, rep) -> int:
    if args.matrix:
        for flag, value in (("--a", args.a), ("--b", args.b), ("--simulate", args.simulate), ("--seed", args.seed)):
            if value is not None:
                raise UsageError(f"{flag} does not go with --matrix (the table pits every fighter against every other)")
    else:
        if not args.a or not args.b:
            raise UsageError("give both --a and --b (or --matrix)")
        if args.seed is not None and args.simulate is None:
            raise UsageError("--seed is for --simulate; the exact odds need no seed")
    library = load_library(args, games={"dark-horse"}, rep=rep).library
    if args.scenario is not None and library.data("dark-horse", "scenario", args.scenario) is None:
        raise NotFound("scenario", args.scenario, library.ids("dark-horse", "scenario"), where="in dark-horse")
    ruleset, rules = gunfight_rules(library, scenario=args.scenario, **house_rules(args, library, "dark-horse"))
    if args.matrix:
        return _matrix(args, rep, library, ruleset, rules)
    (a, a_name), (b, b_name) = _side(args.a, library, "--a", rules), _side(args.b, library, "--b", rules)
    outcomes, captured = exact_odds(a, b, rules)
    rep.set(a=a_name, b=b_name, exact=True, outcomes={k: float(v) for k, v in outcomes.items()},
            captured={k: float(v) for k, v in captured.items()},
            fractions={"outcomes": {k: str(v) for k, v in outcomes.items()},
                       "captured": {k: str(v) for k, v in captured.items()}})
    simulated = None
    if args.simulate:
        seed = args.seed if args.seed is not None else 0
        simulated = simulate(a, b, args.simulate, seed, rules)
        rep.set(simulation={"fights": args.simulate, "seed": seed, "outcomes": simulated})
    rep.line(f"{a_name} (challenger) against {b_name} (challenged): exact odds")
    headers = ["outcome", "chance"] + ([f"simulated ({args.simulate:,} fights)"] if simulated else [])
    rows = [[OUTCOME_WORDS.get(k, words(k)), percent(p)] + ([percent(simulated[k])] if simulated else [])
            for k, p in outcomes.items()]
    rep.lines("  " + line for line in table(headers, rows, right=[1, 2]))
    rep.line(f"  captured: {a_name} {percent(captured['a'])}, {b_name} {percent(captured['b'])}")
    return EXIT_OK


def _matrix(args, rep, library, ruleset, rules) -> int:
    sides = fighters(library, args.scenario, ruleset)
    if not sides:
        raise UsageError("no fighter with gunfight icons" + (f" in the scenario {args.scenario}" if args.scenario else ""))
    table_ = win_matrix(sides, rules)
    ids = [s.name for s in sides]
    names = {i: _name(library, "dark-horse", i) for i in ids}
    rep.set(scenario=args.scenario, fighters=ids, names=names,
            a_wins={a: {b: float(p) for b, p in row.items()} for a, row in table_.items()},
            fractions={a: {b: str(p) for b, p in row.items()} for a, row in table_.items()})
    rep.line("chance the challenger (row) wins against the challenged (column)")
    numbers = {i: str(n) for n, i in enumerate(ids, 1)}
    rep.lines(table(["challenger"] + [numbers[i] for i in ids],
                    ([f"{numbers[a]}. {names[a]}"] + [percent(table_[a][b], 1) for b in ids] for a in ids),
                    right=range(1, len(ids) + 1)))
    return EXIT_OK

