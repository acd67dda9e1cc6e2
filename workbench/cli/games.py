"""`workbench play`: arguments checked against the game documents, a seeded game with bots, its
events for people (names, percentages) and for machines (JSON lines). The commands a game brings
of its own (Dark Horse's `gunfight`, Western Legends' `poker`) are its entry's
(:class:`workbench.games.Command`), each in a module of its own.

The engines are reached only through :mod:`workbench.cli.engines`.
"""
from __future__ import annotations

import re
from fractions import Fraction

from ..content.badges import badged_name
from ..core.errors import NotFound, UsageError
from . import engines
from .common import EXIT_OK, ROUNDS, add_options, int_range, load_library, output_file, words, write_output
from .report import percent


def _one_of(games) -> str:
    """``a, b or c``: the games a command takes, as the registry lists them."""
    games = list(games)
    return ", ".join(games[:-1]) + " or " + games[-1] if len(games) > 1 else "".join(games)


def add_commands(sub) -> None:
    play = sub.add_parser("play", help="play sample turns with bots, seeded and replayable")
    play.add_argument("game", metavar="GAME", help=_one_of(engines.playable()))
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


def house_rules(args, library, game: str) -> dict:
    """The variants and overrides given, checked: variants exist (with a did-you-mean)."""
    for variant in args.variant:
        if library.data(game, "variant", variant) is None:
            raise NotFound("variant", variant, library.ids(game, "variant"), where=f"in {game}")
    return {"variants": list(args.variant), "overrides": engines.parse_overrides(args.overrides)}


# -- names for people ---------------------------------------------------------------------------

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
    rules = house_rules(args, library, game)
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

