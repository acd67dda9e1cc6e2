"""`workbench unknowns`: what the library leaves unknown that an engine needs (a to-do list)."""
from __future__ import annotations

from .common import EXIT_OK, emit_json


def add_commands(sub, add_format) -> None:
    parser = sub.add_parser("unknowns", help="what the rules texts leave unknown that an engine needs: a to-do list")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="default: variants/, else the published library")
    parser.add_argument("--game", help="only this game (dark-horse, western-legends, revolver)")
    parser.add_argument("--parameters", action="store_true", help="list every declared rule parameter instead")
    parser.add_argument("--library", action="append", default=[], metavar="DIR", help="more content (repeatable)")
    add_format(parser)


def cmd_unknowns(args) -> int:
    from ..content.validate import validate_paths
    from ..games.ruleset import show
    from ..games.unknowns import parameter_table, unknowns

    library = validate_paths(args.paths or ["variants"], context=args.library).library
    rows = parameter_table(library, args.game) if args.parameters else unknowns(library, args.game)
    if args.format == "json":
        emit_json({"parameters" if args.parameters else "unknowns": rows})
        return EXIT_OK
    if args.parameters:
        for row in rows:
            print(f"{row['game']}: {row['name']} = {show(row['value'])}   ({row['type']}; {row['about']})")
        return EXIT_OK
    current = None
    for row in rows:
        if (row["game"], row["kind"]) != current:
            current = (row["game"], row["kind"])
            print(f"\n{row['game']}: {row['kind']}s")
        print(f"  - {row['name']} ({show(row['value'])}): {row['why']}")
        print(f"      to do: {row['todo']}" + (f"   [{row['where']}]" if row["where"] else ""))
    print(f"\n{len(rows)} item(s)")
    return EXIT_OK
