"""`workbench validate` and `workbench list`."""
from __future__ import annotations

from ..content.badges import badge
from .common import EXIT_OK, EXIT_PROBLEMS
from .report import table


def cmd_validate(args, rep) -> int:
    import gc

    from . import common

    # The collector stays paused until the library is freed: re-enabled while it lives, the next
    # collection would scan every object loaded to find hardly a cycle (40-50 ms of a
    # 5,000-document run). The engines built for the setup checks hold cycles that keep it alive
    # until a collection: in the `workbench` process, which ends after this command, what is left
    # is frozen instead (never scanned again; the process frees it all on exit).
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _validate(args, rep)
    finally:
        if enabled:
            if common.ONE_SHOT:
                gc.freeze()
            gc.enable()


def _validate(args, rep) -> int:
    from ..app import resolve

    src = resolve.sources(args.paths, args.library, checking=True, published=not args.no_published)
    result = resolve.load(src, jobs=args.jobs, cache=True)
    if src.note:
        rep.note(src.note)
    if result.files == 0:
        rep.note("no YAML files (.yaml, .yml) found in " + ", ".join(src.checked))
    rep.problems(result.problems)
    from ..content.problems import tally

    errors = len(result.errors)
    rep.set(checked={"files": result.files, "documents": len(result.documents)},
            library={"checked": src.checked, "with": src.describe()})
    verdict = "no problems" if not result.problems else tally(result.problems)
    rep.line(f"checked {result.files} file(s), {len(result.documents)} document(s): {verdict}")
    return EXIT_PROBLEMS if errors else EXIT_OK


def cmd_list(args, rep) -> int:
    from ..app import resolve
    from ..content.schemas import kinds
    from ..core.errors import NotFound

    if args.kind and args.kind not in kinds():
        raise NotFound("kind", args.kind, kinds())
    src = resolve.sources(args.paths, args.library, published=not args.no_published)
    result = resolve.load(src, report_added=True)
    if args.game and args.game not in result.library.games():
        raise NotFound("game", args.game, result.library.games())
    rows = []
    for doc in result.library.documents:
        if (args.game and doc.game != args.game) or (args.kind and doc.kind != args.kind):
            continue
        if result.library.get(doc.game, doc.kind, doc.id) is not doc:
            continue  # a duplicate id: the first one is the library's (validate reports the other)
        source = doc.data.get("source")
        where = " § ".join(str(source[k]) for k in ("document", "section") if k in source) if isinstance(source, dict) else ""
        rows.append({"game": doc.game, "kind": doc.kind, "id": doc.id, "name": doc.data.get("name"),
                     "badge": badge(doc.data), "source": where, "file": doc.file})
    rows.sort(key=lambda r: (str(r["game"]), str(r["kind"]), str(r["id"])))
    rep.set(documents=rows, count=len(rows))
    columns = ("name", "kind", "id", "game", "source")
    # the name as every list shows it: with the badge its source gives (house rule, illustrative)
    shown = ({**r, "name": f"{r['name']} ({r['badge']})" if r["badge"] and r["name"] else r["name"]} for r in rows)
    rep.lines(table([c.upper() for c in columns], ([_cell(r[c]) for c in columns] for r in shown)))
    rep.line(f"{len(rows)} document(s)")
    if result.errors:
        rep.problems(result.errors)
        rep.note(f"the library has {len(result.errors)} error(s)")
        return EXIT_PROBLEMS
    return EXIT_OK


def _cell(value) -> str:
    text = "" if value is None else str(value)
    return "".join(c if c.isprintable() else "?" for c in text)  # no terminal escapes from content
