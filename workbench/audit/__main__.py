"""``python -m workbench.audit LOG.jsonl ...``: replay each audited log and check the invariants of
its game. Prints one line per invariant that does not hold (and why); exit 0 when every log
replays and conforms, 1 otherwise, 2 when called wrongly."""
from __future__ import annotations

import argparse
import json
import sys

from . import ReplayError, audit, for_game, read_log


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workbench.audit", description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", metavar="LOG.jsonl", help="a log file, or - for standard input")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    report, clean = {}, True
    for path in args.logs:
        try:
            events = read_log(path)
            found = audit(events)
        except (OSError, ReplayError) as exc:
            report[path] = {"error": str(exc)}
            clean = False
            continue
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # a log is outside input: a field of the wrong shape where a check reads it is the log's fault
            report[path] = {"error": f"the log is malformed ({type(exc).__name__}: {str(exc)[:200]})"}
            clean = False
            continue
        broken = {name: messages for name, messages in found.items() if messages}
        report[path] = {"game": events[0].get("game") if events else None, "events": len(events),
                        "invariants": len(found), "broken": broken}
        clean = clean and not broken
    if args.format == "json":
        print(json.dumps(report, indent=1))
    else:
        for path, result in report.items():
            if "error" in result:
                print(f"{path}: cannot be replayed: {result['error']}")
                continue
            quotes = {inv.id: inv.quote for inv in for_game(result["game"])}
            print(f"{path}: {result['events']} events replayed, {result['invariants']} invariants checked, "
                  f"{len(result['broken'])} broken")
            for name, messages in result["broken"].items():
                print(f"  {name}: \"{quotes.get(name, '')}\"")
                for message in messages:
                    print(f"    {message}")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
