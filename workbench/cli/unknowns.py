"""`workbench unknowns`: what the library leaves unknown that an engine needs (a to-do list)."""
from __future__ import annotations

from .common import EXIT_OK, EXIT_PROBLEMS, add_options, load_result


def add_commands(sub) -> None:
    parser = sub.add_parser("unknowns", help="what the rules texts leave unknown that an engine needs: a to-do list")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="more files and folders to take into account")
    from ..games import GAMES

    games = ", ".join(dict.fromkeys(entry.content_game for entry in GAMES.values()))
    parser.add_argument("--game", help=f"only this game ({games})")
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
        current, document = None, None
        for row in rows:
            if (row["game"], row["kind"]) != current:
                current, document = (row["game"], row["kind"]), None
                rep.line(f"\n{row['game']}: {row['kind']}s")
            if row["kind"] == "unknown value":
                # one entry per document: its unknown fields, each located, then its source and notes once
                if row["document"] != document:
                    document = row["document"]
                    fields = [r for r in rows if r["kind"] == "unknown value" and r["game"] == row["game"]
                              and r["document"] == document]
                    rep.line(f"  - {document}: " + ", ".join(f"{r['field']} [{r['where']}]" for r in fields))
                    rep.line(f"      {row['why']}")
                continue
            rep.line(f"  - {row['name']} ({show(row['value'])}): {row['why']}")
            rep.line(f"      to do: {row['todo']}" + (f"   [{row['where']}]" if row["where"] else ""))
        rep.line(f"\n{len(rows)} item(s)")
    if result.errors:
        rep.problems(result.errors)
        rep.note(f"the library has {len(result.errors)} error(s)")
        return EXIT_PROBLEMS
    return EXIT_OK
