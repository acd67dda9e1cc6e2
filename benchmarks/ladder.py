"""The players' ladder: in every game and published scenario, the balance lab's default player
(each game's registry entry, ``Entry.lab_player()``) against the reference player (``osla``: a
one-step lookahead on the ruleset's own scoring) and against ``random``, 1-on-1.

    .venv/bin/python benchmarks/ladder.py --games 10 --out ladder.jsonl     # every setting, the registry's player
    .venv/bin/python benchmarks/ladder.py --setting revolver --bot mcts-50 --games 10
    .venv/bin/python benchmarks/ladder.py --bot mcts-20 --bot ismcts-20 --against mcts-20 ...
    .venv/bin/python benchmarks/ladder.py --table ladder.jsonl               # the table of a results file

Game *n* of a pairing has seed ``--seed + n``; the player measured sits first at even *n* and
second at odd *n* (the first player's edge cancels over pairs). Each game is appended to the
results file (JSON lines) as soon as it ends, so a run cut short keeps its games, and the table
(``--table``) can be read from the file at any time: wins-losses-ties of the player measured, its
share of the points (a win 1, a tie 1/2) with a 95% Wilson interval, and the CPU seconds a game
(both seats' thinking; read the ratios, the machine is shared).

A pairing where no game is decided (every game a tie: Wild Wild West, where nothing the rules
model scores a Victory Point) cannot show that one player beats the other; the table says so
instead of a share.

The settings are those of ``benchmarks/agents.py`` (Dark Horse 2 players, 6 rounds; Western
Legends' short game; Revolver's whole game on the published decks).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agents import built, one_game, result_of, wilson  # noqa: E402

from workbench.games import GAMES  # noqa: E402

#: Every published scenario of each game (Dark Horse's four; Revolver's base game; Western Legends).
PUBLISHED = ["dark-horse/high-noon", "dark-horse/pork-barrel", "dark-horse/how-the-west-was-won",
             "dark-horse/wild-wild-west", "revolver", "western-legends"]
#: The reference player of every game and the floor.
OPPONENTS = ["osla", "random"]


def lab_player(setting: str) -> str:
    """The balance lab's player for a setting's game, as its registry entry names it."""
    return GAMES[setting.split("/")[0]].lab_player()


def play_pairing(setting: str, bot: str, other: str, games: int, seed: int, out: Path) -> None:
    """``games`` games of ``bot`` against ``other``, seats swapped every other game, each appended
    to ``out`` as a JSON line when it ends."""
    game = built(setting)
    for n in range(games):
        seats = [bot, other] if n % 2 == 0 else [other, bot]
        cpu, clock = time.process_time(), time.perf_counter()
        state = one_game(setting, seats, seed + n, game)
        row = {"setting": setting, "bot": bot, "against": other, "seed": seed + n, "seat": n % 2 + 1,
               "result": result_of(state, state.seats[n % 2]), "cpu": round(time.process_time() - cpu, 2),
               "clock": round(time.perf_counter() - clock, 2), "scores": {k: float(v) for k, v in state.returns().items()}}
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def table(rows: list[dict]) -> str:
    """The results as a Markdown table, one line a pairing (in the order first played)."""
    pairs: dict = defaultdict(list)
    for row in rows:
        pairs[(row["setting"], row["bot"], row["against"])].append(row)
    lines = ["| setting | player | against | W-L-T | points [95% CI] | CPU s a game |",
             "|---|---|---|---|---|---|"]
    for (setting, bot, other), games in pairs.items():
        wins = sum(g["result"] == "win" for g in games)
        losses = sum(g["result"] == "loss" for g in games)
        ties = len(games) - wins - losses
        if wins + losses == 0:
            share = "no game decided (every game a tie)"
        else:
            points = wins + ties / 2
            low, high = wilson(points, len(games))
            share = f"{points / len(games):.0%} [{low:.0%}, {high:.0%}]"
        cpu = sum(g["cpu"] for g in games) / len(games)
        lines.append(f"| {setting} | {bot} | {other} | {wins}-{losses}-{ties} | {share} | {cpu:.1f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setting", action="append", default=[], choices=PUBLISHED + ["dark-horse/complete-high-noon"],
                        help="a setting (several allowed; default: every published one)")
    parser.add_argument("--bot", action="append", default=[],
                        help="the player measured (several allowed; default: each game's registry lab player)")
    parser.add_argument("--against", default=",".join(OPPONENTS), help="its opponents, separated by commas")
    parser.add_argument("--games", type=int, default=10, help="games a pairing (even: each seat equally often)")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--out", type=Path, default=Path("ladder.jsonl"), help="the results file (appended to)")
    parser.add_argument("--table", type=Path, help="print the table of a results file and stop")
    args = parser.parse_args()
    if args.table:
        print(table([json.loads(line) for line in args.table.read_text().splitlines() if line.strip()]))
        return
    for setting in args.setting or PUBLISHED:
        for bot in args.bot or [lab_player(setting)]:
            for other in [o.strip() for o in args.against.split(",") if o.strip()]:
                play_pairing(setting, bot, other, args.games, args.seed, args.out)
    print(table([json.loads(line) for line in args.out.read_text().splitlines() if line.strip()]))


if __name__ == "__main__":
    main()
