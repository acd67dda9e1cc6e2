"""`workbench gunfight`, `workbench play` and `workbench poker`: arguments checked against the
game documents, results for people (names, percentages) and for machines (exact fractions).

The engines are reached only through :mod:`workbench.cli.engines`.
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from ..content.badges import badged_name
from ..core.errors import NotFound, UsageError
from ..core.limits import limit
from . import engines
from .common import EXIT_OK, ROUNDS, add_options, int_range, load_library, output_file, words, write_output
from .report import percent, table

MAX_SIMULATED = 1_000_000


def add_commands(sub) -> None:
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
    odds.add_argument("--samples", type=int_range(1, MAX_SIMULATED), default=None,
                      help="simulate this many deals instead of enumerating")
    odds.add_argument("--seed", type=int, default=None, help="seed of the simulation (default 0)")
    for parser in (rank, compare, odds):
        parser.add_argument("--ace-low", choices=("yes", "no"), default=None,
                            help="may an ace be low in a straight (default: the library's poker-deck rule)")
        parser.add_argument("--cheat", choices=("five-of-a-kind-only", "wild"), default=None,
                            help="what the Cheat card does (default: the library's poker-deck rule)")
        add_options(parser)

    play = sub.add_parser("play", help="play sample turns with bots, seeded and replayable")
    play.add_argument("game", metavar="GAME", help="dark-horse, western-legends or revolver")
    play.add_argument("--scenario", metavar="ID", help="Dark Horse: the scenario whose action spaces are used")
    play.add_argument("--players", type=int, default=None, help="how many players (default 4, within the game's range)")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--rounds", type=int_range(*ROUNDS), default=None,
                      help="Dark Horse: rounds to play (default 3); Western Legends: a cap, the game ends by its own"
                           " rule (default 60)")
    play.add_argument("--length", help="Western Legends: game length, from the game document (short, average, long)")
    play.add_argument("--bots", default=None, help="comma-separated bots by seat: random, greedy, or the search bots mcts"
                      " and ismcts, with playouts a decision as mcts-50 (default 200) or seconds as mcts-2s (default: random for"
                      " Dark Horse, greedy for Western Legends)")
    play.add_argument("--hire", action="append", default=[], metavar="PLAYER=CHARACTER",
                      help="Dark Horse: give a seat a hired character (repeatable), e.g. red=sam-bass")
    play.add_argument("--log", metavar="FILE.jsonl", help="also write the events as JSON lines (- : to standard"
                      " output, instead of the text)")
    play.add_argument("--overwrite", action="store_true", help="let --log replace an existing file")
    play.add_argument("--deck", action="append", default=[], metavar="FILE|ID",
                      help="Revolver: a deck to play (a deck document's file or id; its `faction:` says whose, the"
                           " other side plays its base deck); give it twice for both sides")
    add_house_rules(play)
    add_options(play)


def add_house_rules(parser) -> None:
    parser.add_argument("--variant", action="append", default=[], metavar="ID",
                        help="also play this variant (a house rule from the library; repeatable)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="overrides",
                        help="override one rule parameter, e.g. --set win_margin=3 (repeatable)")


def _house_rules(args, library, game: str) -> dict:
    """The variants and overrides given, checked: variants exist (with a did-you-mean)."""
    for variant in args.variant:
        if library.data(game, "variant", variant) is None:
            raise NotFound("variant", variant, library.ids(game, "variant"), where=f"in {game}")
    return {"variants": list(args.variant), "overrides": engines.parse_overrides(args.overrides)}


# -- names for people ---------------------------------------------------------------------------

def _name(library, game: str, identifier, kinds=("character", "token")) -> str:
    for kind in kinds:
        data = library.data(game, kind, identifier) if library is not None and isinstance(identifier, str) else None
        if data and data.get("name"):
            return badged_name(data)
    return str(identifier)


# -- gunfight -----------------------------------------------------------------------------------

def _side(spec: str, library, flag: str, rules):
    spec = spec.strip()
    for kind in ("character", "token"):
        doc = library.data("dark-horse", kind, spec)
        if doc is not None:
            if not doc.get("gunfight"):
                raise UsageError(f"the rules texts do not give {doc['name']}'s gunfight icons; write them inline"
                                 " (combat=N,duel=N,...) or add a `gunfight:` block to its document")
            side = engines.side_from_document(spec, doc["gunfight"])
            return _checked(side, flag, rules), badged_name(doc, spec)
    looks_inline = "=" in spec or "," in spec or spec in engines.SIDE_FLAGS
    if not looks_inline:
        known = [d.id for kind in ("character", "token") for d in library.of_kind(kind, "dark-horse")
                 if d.data.get("gunfight")]
        raise NotFound("character or token with gunfight icons", spec, known, where=f"(for {flag})")
    try:
        side = engines.parse_side(spec)
    except ValueError as exc:
        raise UsageError(f"{flag} {spec!r}: {exc}") from None
    return _checked(side, flag, rules), spec


def _checked(side, flag: str, rules):
    numbers = engines.side_numbers(side, rules)
    for key in ("combat", "duel", "wounds"):
        if numbers[key] < 0:
            raise UsageError(f"{flag}: {key} cannot be negative ({key}={numbers[key]})")
    limit = engines.exact_dice_limit()
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
    ruleset, rules = engines.gunfight_rules(library, scenario=args.scenario, **_house_rules(args, library, "dark-horse"))
    if args.matrix:
        return _matrix(args, rep, library, ruleset, rules)
    (a, a_name), (b, b_name) = _side(args.a, library, "--a", rules), _side(args.b, library, "--b", rules)
    outcomes, captured = engines.exact_odds(a, b, rules)
    rep.set(a=a_name, b=b_name, exact=True, outcomes={k: float(v) for k, v in outcomes.items()},
            captured={k: float(v) for k, v in captured.items()},
            fractions={"outcomes": {k: str(v) for k, v in outcomes.items()},
                       "captured": {k: str(v) for k, v in captured.items()}})
    simulated = None
    if args.simulate:
        seed = args.seed if args.seed is not None else 0
        simulated = engines.simulate(a, b, args.simulate, seed, rules)
        rep.set(simulation={"fights": args.simulate, "seed": seed, "outcomes": simulated})
    rep.line(f"{a_name} (challenger) against {b_name} (challenged): exact odds")
    headers = ["outcome", "chance"] + ([f"simulated ({args.simulate:,} fights)"] if simulated else [])
    rows = [[OUTCOME_WORDS.get(k, words(k)), percent(p)] + ([percent(simulated[k])] if simulated else [])
            for k, p in outcomes.items()]
    rep.lines("  " + line for line in table(headers, rows, right=[1, 2]))
    rep.line(f"  captured: {a_name} {percent(captured['a'])}, {b_name} {percent(captured['b'])}")
    return EXIT_OK


def _matrix(args, rep, library, ruleset, rules) -> int:
    sides = engines.fighters(library, args.scenario, ruleset)
    if not sides:
        raise UsageError("no fighter with gunfight icons" + (f" in the scenario {args.scenario}" if args.scenario else ""))
    table_ = engines.win_matrix(sides, rules)
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


# -- play ---------------------------------------------------------------------------------------

def cmd_play(args, rep) -> int:
    import json

    game = args.game
    playable = engines.playable()
    if game not in playable:
        raise NotFound("game with a turn engine", game, list(playable))
    takes = playable[game]
    for option, value in (("scenario", args.scenario), ("hire", args.hire), ("length", args.length),
                          ("variant", args.variant), ("set", args.overrides), ("deck", args.deck)):
        if value and option not in takes:
            raise UsageError(f"--{option} does not apply to {game}")
    to_stdout = args.log == "-"  # the convention: `--log -` is standard output (`| python -m workbench.audit`)
    if to_stdout and rep.json:
        raise UsageError("--log - writes the log to standard output, where --format json writes its one JSON"
                         " object; give the log a file name")
    log = None if to_stdout else output_file(args.log, (".jsonl",), overwrite=args.overwrite,
                                             what="--log") if args.log else None
    # a game's verdict depends only on what it reads: errors in another game's documents are a note
    reads = {engines.content_game(game)}
    if args.deck:   # each deck checked against the deck-building rules first, as `deck check` does
        from .decks import played_decks
        result, decks = played_decks(args, args.deck, game, rep=rep)
        library = result.library
    else:
        library, decks = load_library(args, games=reads, rep=rep).library, []
    if args.scenario is not None and library.data(game, "scenario", args.scenario) is None:
        raise NotFound("scenario", args.scenario, library.ids(game, "scenario"), where=f"in {game}")
    rules = _house_rules(args, library, game)
    rules["overrides"].update(deck_parameters(decks))
    built = engines.build(game, library, scenario=args.scenario, **rules)
    low, high = engines.player_range(built)
    setting = game + (f" with the scenario {args.scenario}" if args.scenario else "")
    if low > high:
        raise UsageError(f"no player count fits {setting}: from {low} to {high}")
    players = args.players if args.players is not None else min(max(4, low), high)
    if not low <= players <= high:
        raise UsageError(f"--players must be from {low} to {high} for {setting}, not {players}")
    bots = [b.strip() for b in (args.bots or engines.default_bot(game)).split(",")]
    known_bots = engines.bots(built)
    for bot in bots:
        if not engines.is_bot(built, bot):
            raise NotFound("bot", bot, known_bots)
    seats = engines.seats(game)[:players]
    characters: dict[str, list[str]] = {}
    for item in args.hire:
        player, _, character = item.partition("=")
        if not character:
            raise UsageError(f"--hire wants PLAYER=CHARACTER (e.g. {seats[0]}=sam-bass), not {item!r}")
        if player not in seats:
            raise NotFound("player", player, seats, where=f"among the {players} seats")
        if library.data(game, "character", character) is None:
            raise NotFound("character", character, library.ids(game, "character"), where=f"in {game}")
        characters.setdefault(player, []).append(character)
    length = None
    lengths = engines.game_lengths(built)
    if "length" in takes:
        length = args.length or ("short" if "short" in lengths or not lengths else next(iter(lengths)))
        if lengths and length not in lengths:
            raise NotFound("game length", length, list(lengths))
    rounds = args.rounds if args.rounds is not None else engines.default_rounds(game)
    played = engines.play(game, built, players=players, seed=args.seed, rounds=rounds, bots=bots, length=length,
                          characters=characters, audit=log is not None or to_stdout)
    if to_stdout:  # the log is the output: JSON lines only, nothing else on standard output
        rep.out.write("".join(json.dumps(e) + "\n" for e in played.events))
        return EXIT_OK
    if log is not None:
        write_output(log, "".join(json.dumps(e) + "\n" for e in played.events), overwrite=args.overwrite)
    # what is printed is the same with or without --log: the audit's state deltas and snapshots
    # go to the log file only
    events = [{k: v for k, v in e.items() if k not in AUDIT_FIELDS} for e in played.events] if log else played.events
    # the variants chosen, named in the report: a published one (no house-rule badge) is otherwise
    # nowhere in what a designer reads of the game (found by the one-judge fuzz)
    rep.set(game=game, scenario=args.scenario, variants=list(args.variant), players=players, seed=args.seed,
            rounds=rounds, length=length, bots=bots, events=events, log=str(log) if log else None)
    chosen = [badged_name(library.data(game, "variant", v) or {}, v) for v in args.variant]
    names = _names(library, game)
    from ..balance.games import limit_words
    from ..games import GAMES
    declared = getattr(GAMES.get(game), "declared_length", False)
    for i, event in enumerate(events):
        if isinstance(event.get("why"), str):   # a stop at a limit: the declared length or a cap, given or not
            event = {**event, "why": limit_words(event["why"], declared, args.rounds is not None)}
        text = describe_event(event, played.describe, names, played.state)
        if text:
            rep.line(text)
        if i == 0 and chosen:
            rep.line("  variants chosen: " + ", ".join(chosen))
    return EXIT_OK


def deck_parameters(documents) -> dict:
    """``--deck`` as the rule parameters naming the decks played (``colti_base_deck`` ...): each
    deck's `faction:` says whose it is; two decks of one side are a usage error."""
    chosen: dict[str, str] = {}
    for document in documents:
        faction = document.data.get("faction")
        if faction not in ("colti", "mcready"):
            raise UsageError(f"the deck '{document.id}' says no side: write `faction: colti` or `faction: mcready` in it")
        if faction in chosen:
            raise UsageError(f"two decks for {faction}: '{chosen[faction]}' and '{document.id}' (give one deck a side)")
        chosen[faction] = document.id
    return {f"{side}_base_deck": deck for side, deck in chosen.items()}


def _names(library, game: str) -> dict[str, str]:
    """Document names by id, for the game's events (characters, tokens, cards, spaces, ...)."""
    names = {}
    for document in library.documents:
        if document.game == game and isinstance(document.id, str) and isinstance(document.data.get("name"), str):
            names.setdefault(document.id, badged_name(document.data))
    return names


#: Signs that a line is a Python value dump, not a sentence: None, a dict, a list of texts or lists.
_RAW = re.compile(r"\bNone\b|\{'|\['|\[\[")


#: What an audited game adds to each event (:meth:`workbench.games.base.State.record`).
AUDIT_FIELDS = ("delta", "snapshot")


def _takes(describe, parameter: str) -> bool:
    """Does the game's describer take ``parameter`` (``names``: it puts names in its lines itself;
    ``state``: it reads the game, e.g. its map's names)?"""
    import inspect

    try:
        return parameter in inspect.signature(describe).parameters
    except (TypeError, ValueError):
        return False


def describe_event(event: dict, describe, names: dict[str, str], state=None) -> str:
    """The game's line for an event, unless it prints raw Python values; then the event's
    fields in words (names from the documents, no ``None``, no brackets)."""
    try:
        given = {"names": names} if _takes(describe, "names") else {}
        if state is not None and _takes(describe, "state"):
            given["state"] = state
        text = describe(event, **given)
    except Exception:  # noqa: BLE001  (a describer that cannot read an event must not stop the game's report)
        text = None
    if text is not None and not _RAW.search(text):
        return text
    kind, who = str(event.get("event", "")), event.get("player")
    fields = [f"{words(k)} {_value(v, names)}" for k, v in event.items()
              if k not in ("event", "round", "phase", "player") and v not in (None, [], {}, "")]
    head = (f"[{event['round']}] " if "round" in event else "   ") + (f"{who} " if who else "") + words(kind)
    return head + (": " + "; ".join(fields) if fields else "")


def _value(value, names: dict[str, str]) -> str:
    if value is None:
        return "none"  # e.g. a player with no card to play
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return f"{value[0]},{value[1]}"  # a space of the board
        return ", ".join(_value(v, names) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{_value(v, names)} {words(k)}" if isinstance(v, (int, float)) else f"{words(k)} {_value(v, names)}"
                         for k, v in value.items())
    if isinstance(value, Fraction):
        return percent(value)
    return str(value)


# -- poker --------------------------------------------------------------------------------------

def _cards(text_or_list, what: str) -> list[str]:
    items = text_or_list if isinstance(text_or_list, list) else [text_or_list]
    cards = [c for item in items for c in item.replace(" ", ",").split(",") if c]
    if not cards:
        raise UsageError(f"{what}: no cards given")
    out = []
    for card in cards:
        try:
            out.append(engines.card_name(card))
        except ValueError as exc:
            raise UsageError(f"{what}: {exc}") from None
    return out


def _no_more_than_the_deck(groups: list[tuple[str, list[str]]], deck_cards: list[str]) -> None:
    """Cards come from one deck: no card more often than the deck holds it."""
    deck = Counter(deck_cards)
    used = Counter(card for _, cards in groups for card in cards)
    for card, count in used.items():
        if count > deck[card]:
            where = " and ".join(what for what, cards in groups if card in cards)
            times = {0: "not at all", 1: "once"}.get(deck[card], f"{deck[card]} times")
            raise UsageError(f"{card} is given {count} times ({where}), but the poker deck holds it {times}")


def _hand_size(cards: list[str], what: str, low: int = 1, high: int = 7) -> None:
    if not low <= len(cards) <= high:
        raise UsageError(f"{what}: {len(cards)} cards; give {low} to {high}")


_VALUE_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
                11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _plural(value: int) -> str:
    word = _VALUE_WORDS.get(value, str(value))
    return word + ("es" if word == "six" else "s")


def _rank_words(report: dict) -> str:
    """``{"rank": "pair", "value": [1, 14, ...]}`` -> ``'pair of aces'``."""
    rank, values = report["rank"], list(report.get("value") or [])[1:]
    top = values[0] if values else None
    if top is None or rank == "royal-flush":
        return words(rank)
    if rank in ("pair", "three-of-a-kind", "four-of-a-kind", "five-of-a-kind"):
        return f"{words(rank)} ({_plural(top)})" if rank != "pair" else f"pair of {_plural(top)}"
    if rank == "two-pair" and len(values) > 1:
        return f"two pair, {_plural(values[0])} and {_plural(values[1])}"
    if rank == "full-house" and len(values) > 1:
        return f"full house, {_plural(values[0])} over {_plural(values[1])}"
    if rank in ("straight", "straight-flush"):
        return f"{words(rank)} to the {_VALUE_WORDS.get(top, top)}"
    return f"{words(rank)}, {_VALUE_WORDS.get(top, top)} high"


def cmd_poker(args, rep) -> int:
    library = load_library(args, games={"western-legends"}, rep=rep).library
    rules = engines.poker_rules(library, ace_low=None if args.ace_low is None else args.ace_low == "yes",
                                cheat=args.cheat)
    deck = engines.poker_deck(library)
    if args.action == "rank":
        cards = _cards(args.cards, "the hand")
        _hand_size(cards, "the hand")
        _no_more_than_the_deck([("the hand", cards)], deck)
        report = engines.rank(cards, rules)
        rep.set(cards=cards, **report)
        rep.line(f"{' '.join(cards)}: {_rank_words(report)}")
        return EXIT_OK
    if args.action == "compare":
        a, b = _cards(args.hands[0], "the first hand"), _cards(args.hands[1], "the second hand")
        _hand_size(a, "the first hand")
        _hand_size(b, "the second hand")
        _no_more_than_the_deck([("the first hand", a), ("the second hand", b)], deck)
        winner = engines.compare(a, b, rules)
        ranks = [engines.rank(a, rules), engines.rank(b, rules)]
        rep.set(winner=winner, hands=ranks)
        rep.line(f"first hand  {' '.join(a)}: {_rank_words(ranks[0])}")
        rep.line(f"second hand {' '.join(b)}: {_rank_words(ranks[1])}")
        rep.line("a tie" if winner == "tie" else f"the {'first' if winner == 0 else 'second'} hand wins"
                 f" ({_rank_words(ranks[winner])})")
        return EXIT_OK
    saloon = engines.saloon_parameters(library)
    hand = _cards(args.hand, "--hand")
    _hand_size(hand, "--hand", 1, saloon["hand_size"])
    flop = _cards(args.flop, "--flop") if args.flop is not None else None
    if flop is not None and len(flop) != saloon["flop"]:
        raise UsageError(f"--flop: the flop is {saloon['flop']} cards, not {len(flop)}")
    _no_more_than_the_deck([("--hand", hand)] + ([("--flop", flop)] if flop else []), deck)
    exact = flop is not None and args.samples is None
    if exact and args.seed is not None:
        raise UsageError("--seed is for simulations (--samples, or no --flop); with --flop the odds are exact")
    seed = args.seed if args.seed is not None else 0
    p, exact = engines.saloon_odds(hand, flop, rules, deck, saloon=saloon, samples=args.samples, seed=seed)
    samples = None if exact else (args.samples or 2000)
    rep.set(hand=hand, flop=flop, p_win=float(p), exact=exact, fraction=str(p) if exact else None,
            samples=samples, seed=None if exact else seed)
    how = "exact" if exact else f"simulated: {samples:,} deals, seed {seed}"
    rep.line(f"{' '.join(hand)} beats the saloon dealer {percent(p)} of the time ({how})")
    return EXIT_OK
