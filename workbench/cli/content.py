"""`workbench validate` and `workbench list`."""
from __future__ import annotations

import json
import sys

from .common import EXIT_OK, EXIT_PROBLEMS


def cmd_validate(args) -> int:
    from ..content.validate import validate_paths

    from ..paths import VARIANTS

    context = [VARIANTS if item == "published" else item for item in args.library]
    result = validate_paths(args.paths, workers=args.jobs, context=context)
    errors = len(result.errors)
    warnings = len(result.problems) - errors
    if args.format == "json":
        print(json.dumps({"checked": {"files": result.files, "documents": len(result.documents)},
                          "problems": [p.to_json() for p in result.problems]}, indent=2))
    else:
        for problem in result.problems:
            print(problem.format_text())
        verdict = "no problems" if not result.problems else f"{errors} error(s), {warnings} warning(s)"
        print(f"checked {result.files} file(s), {len(result.documents)} document(s): {verdict}")
    return EXIT_PROBLEMS if errors else EXIT_OK


def cmd_list(args) -> int:
    from ..content.schemas import kinds
    from ..content.validate import UsageError, validate_paths

    if args.kind and args.kind not in kinds():
        raise UsageError(f"unknown kind '{args.kind}'; kinds: {', '.join(kinds())}")
    result = validate_paths(args.paths)
    rows = []
    for doc in result.library.documents:
        if (args.game and doc.game != args.game) or (args.kind and doc.kind != args.kind):
            continue
        source = doc.data.get("source") or {}
        where = " § ".join(str(source[k]) for k in ("document", "section") if k in source) if isinstance(source, dict) else ""
        rows.append({"game": doc.game, "kind": doc.kind, "id": doc.id, "name": doc.data.get("name"),
                     "source": where, "file": doc.file})
    rows.sort(key=lambda r: (str(r["game"]), str(r["kind"]), str(r["id"])))
    if args.format == "json":
        print(json.dumps(rows, indent=2))
    else:
        columns = ("name", "kind", "id", "game", "source")
        widths = {c: max([len(c)] + [len(str(r[c])) for r in rows]) for c in columns}
        print("  ".join(c.upper().ljust(widths[c]) for c in columns).rstrip())
        for row in rows:
            print("  ".join(str(row[c]).ljust(widths[c]) for c in columns).rstrip())
        print(f"{len(rows)} document(s)")
    if result.errors:
        print(f"note: the library has {len(result.errors)} error(s); run 'workbench validate'", file=sys.stderr)
    return EXIT_OK
