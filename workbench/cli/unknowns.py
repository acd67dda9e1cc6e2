"""`workbench unknowns`: what the library leaves unknown that an engine needs (a to-do list)."""
from __future__ import annotations

from .common import EXIT_OK, EXIT_PROBLEMS, add_options, load_result


def add_commands(sub) -> None:
    parser = sub.add_parser("unknowns", help="what the rules texts leave unknown that an engine needs: a to-do list")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="more files and folders to take into account")
    parser.add_argument("--game", help="only this game (dark-horse, western-legends, revolver)")
    parser.add_argument("--parameters", action="store_true", help="list every declared rule parameter instead")
    add_options(parser)


def cmd_unknowns(args, rep) -> int:
    from ..core.errors import NotFound
    from ..rules.ruleset import show
    from ..games.unknowns import parameter_table, unknowns

    result = load_result(args, args.paths)
    library = result.library
    if args.game and args.game not in library.games():
        raise NotFound("game", args.game, library.games())
    rows = parameter_table(library, args.game) if args.parameters else unknowns(library, args.game)
    rep.set(**{"parameters" if args.parameters else "unknowns": rows})
    if args.parameters:
        for row in rows:
            rep.line(f"{row['game']}: {row['name']} = {show(row['value'])}   ({row['type']}; {row['about']})")
    else:
        current = None
        for row in rows:
            if (row["game"], row["kind"]) != current:
                current = (row["game"], row["kind"])
                rep.line(f"\n{row['game']}: {row['kind']}s")
            rep.line(f"  - {row['name']} ({show(row['value'])}): {row['why']}")
            rep.line(f"      to do: {row['todo']}" + (f"   [{row['where']}]" if row["where"] else ""))
        rep.line(f"\n{len(rows)} item(s)")
    if result.errors:
        rep.problems(result.errors)
        rep.note(f"the library has {len(result.errors)} error(s)")
        return EXIT_PROBLEMS
    return EXIT_OK
