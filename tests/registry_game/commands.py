"""The fixture game's own command, ``workbench stare``, contributed through its entry as Dark Horse
contributes ``gunfight``: how long the fixture's duellists stare each other down."""
from workbench.cli.common import EXIT_OK, add_options


def add_commands(sub) -> None:
    stare = sub.add_parser("stare", help="Fixture Duel: how long the duellists stare")
    stare.add_argument("--seconds", type=int, default=3)
    add_options(stare)


def cmd_stare(args, rep) -> int:
    rep.set(seconds=args.seconds)
    rep.line(f"the duellists stare for {args.seconds} seconds")
    return EXIT_OK
