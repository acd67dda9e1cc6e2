"""How fast are legal placements, their explanations and whole-map checks on big maps?

A radius-20 hex map (1,261 hexes) with 4 players, each with cities, towns and a rail network,
resource hexes and mystery hexes. For every player and every piece type (town, city, rail,
improved town) it computes the legal hexes:

* workbench: `legal_placements` (rules as set algebra, connectivity computed once per question);
* naive: per hex, the same rules checked directly, with `networkx.has_path` for rail access.

Both must give the same answer. Targets: at least 10x faster than naive, and under 20 ms.

Then, on a radius-60 map (10,981 hexes, the declared limit), what explanations cost against the
unexplained question (the baseline): a question whose explanations are ready (one hex asked, as
the map explorer does), every reason once with its hexes (`map legal`'s text), and a sentence for
every illegal hex (`map legal --format json`). Target: the question with explanations within 3x of
the question without. Last, `map check`'s whole-map check (every piece judged) at radius 60 with
the pieces and rails limits, and its time per piece at 500 and 2,000 pieces and per rail at 2,000
and 8,000 rails: target, each flat within 1.5x (the check is linear: no piece's judgement
copies the others or rebuilds a rail network).

    .venv/bin/python benchmarks/board.py [--radius 20] [--explain-radius 60]
"""
from __future__ import annotations

import argparse
import random
import time

import networkx as nx

from workbench.board.geometry import hex_distance, hexagon
from workbench.board.graph import RESOURCE_CATEGORIES, Board
from workbench.board.placement import Question, check_board, legal_placements
from workbench.core.limits import limit

PLAYERS = ("red", "blue", "green", "yellow")
PIECES = ("town", "city", "rail", "improved-town")
RULES = ["town-on-resource", "city-on-non-resource", "one-town-per-hex", "one-city-per-hex", "rail-connected",
         "min-city-distance", "improved-town", "mystery-access", "tribe-blocked", "mobile-hex-blocked"]
HEX_TYPES = {"resource": {"category": "resource", "allows": ["town"]},
             "non-resource": {"category": "non-resource", "allows": ["city"]},
             "cattle-ranch": {"category": "mystery", "allows": ["town"], "any_number_of_towns": True},
             "buffalo-herd": {"category": "mystery", "mobile": True}}


def make_board(radius: int, seed: int = 1) -> Board:
    rng = random.Random(seed)
    cells = hexagon(radius)
    spaces = [{"at": list(h), "terrain": "resource", "resource": rng.choice(["food", "wood", "ore"])}
              for h in cells if rng.random() < 0.35]
    resource = {tuple(s["at"]) for s in spaces}
    pieces, rails = [], []
    free_city = [h for h in cells if h not in resource]
    rng.shuffle(free_city)
    taken = set()
    for player in PLAYERS:
        cities = []
        for h in free_city:
            if len(cities) == 3:
                break
            if h not in taken and all(hex_distance(h, c) >= 3 for c in taken):
                cities.append(h)
                taken.add(h)
        for c in cities:
            pieces.append({"piece": "city", "player": player, "at": list(c)})
            at = c  # a rail walk from each city, towns on resource hexes it passes
            for _ in range(8):
                step = rng.choice([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)])
                nxt = (at[0] + step[0], at[1] + step[1])
                if hex_distance(nxt, (0, 0)) > radius:
                    continue
                rails.append({"player": player, "from": list(at), "to": list(nxt)})
                if nxt in resource and rng.random() < 0.5:
                    pieces.append({"piece": "town", "player": player, "at": list(nxt)})
                at = nxt
    for h in rng.sample([h for h in cells if h not in taken], 12):
        pieces.append({"piece": "mystery-hex", "hex_type": rng.choice(["cattle-ranch", "buffalo-herd"]), "at": list(h)})
    data = {"id": f"radius-{radius}", "game": "dark-horse", "geometry": "hex",
            "shape": {"shape": "hexagon", "radius": radius, "terrain": "non-resource"},
            "spaces": spaces, "pieces": pieces, "rails": rails, "parameters": {"min_city_distance": 3}}
    return Board.from_data(data, hex_types=HEX_TYPES)


def naive_legal(board: Board, player: str, piece: str) -> list:
    """The same rules, written per hex, with a path search for every access question."""
    rails = board.rail_graph(player)
    mine = [p for p in board.pieces if p.player == player]
    cities = [p.at for p in mine if p.piece == "city"]
    anchors = [p.at for p in mine if p.piece in ("city", "town")]
    rails.add_nodes_from(anchors)

    def connected(node):  # reaches one of the player's towns or cities along their rails
        return node in rails and any(nx.has_path(rails, node, a) for a in anchors)

    legal = []
    for h in board.graph.nodes:
        attrs = board.effective(h)
        here = [p for p in board.pieces if p.at == h]
        kinds = {p.piece for p in here}
        mystery = attrs.get("mystery")
        ok = True
        if piece in ("town", "city", "improved-town"):
            if "tribe-token" in kinds or (mystery is not None and attrs.get("mobile")):
                ok = False
            if mystery is not None and not (connected(h) or any(hex_distance(h, c) <= 1 for c in cities)):
                ok = False
        if piece == "town":
            towns = [p for p in here if p.piece == "town"]
            ok &= "town" in attrs["allows"] and (not towns or (attrs.get("any_number_of_towns") and all(t.player != player for t in towns)))
        elif piece == "city":
            ok &= "city" in attrs["allows"] and "city" not in kinds
            ok &= all(hex_distance(h, p.at) >= 3 for p in board.pieces if p.piece == "city")
        elif piece == "rail":
            ok = any(connected(n) for n in board.graph.neighbors(h))
        elif piece == "improved-town":
            improved = sum(1 for p in mine if p.piece == "improved-town")
            ok &= (any(p.piece == "town" and p.player == player for p in here) and attrs["category"] in RESOURCE_CATEGORIES
                   and "improved-town" not in kinds and improved < len(cities))
        if ok:
            legal.append(h)
    return sorted(legal)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--radius", type=int, default=20)
    parser.add_argument("--explain-radius", type=int, default=60)
    args = parser.parse_args()
    board = make_board(args.radius)
    questions = [(p, k) for p in PLAYERS for k in PIECES]

    def fast():
        return {(p, k): legal_placements(board, Question(k, p), RULES, explain=False).legal for p, k in questions}

    fast()  # warm caches that a notebook session would have warm too
    best_fast = min(_timed(fast) for _ in range(5))
    started = time.perf_counter()
    naive = {(p, k): naive_legal(board, p, k) for p, k in questions}
    naive_s = time.perf_counter() - started
    agree = fast() == naive
    print(f"map: radius {args.radius}, {board.graph.number_of_nodes()} hexes, {len(board.pieces)} pieces, "
          f"{sum(1 for *_, r in board.graph.edges(data='rails') if r)} rails; {len(questions)} questions (4 players x 4 pieces)")
    print(f"workbench legal placements:     {best_fast * 1000:8.1f} ms  (best of 5)")
    print(f"naive per-hex has_path check:   {naive_s * 1000:8.1f} ms")
    print(f"speed-up: {naive_s / best_fast:.0f}x; same answers: {agree}")
    print(f"target >= 10x: {'MET' if naive_s >= 10 * best_fast else 'MISSED'}; target < 20 ms: {'MET' if best_fast < 0.020 else 'MISSED'}")
    explanations(args.explain_radius)


def explanations(radius: int) -> None:
    board = make_board(radius)
    questions = [(p, k) for p in PLAYERS for k in PIECES]

    def per_question(read):
        def run():
            for player, piece in questions:
                verdict = legal_placements(board, Question(piece, player), RULES, explain=read is not None)
                if read is not None:
                    read(verdict.illegal)
        return min(_timed(run) for _ in range(5)) / len(questions)

    def one_hex(illegal):
        for node in illegal:
            return illegal[node]

    per_question(None)  # warm the per-board caches
    base = per_question(None)
    rows = [("without explanations (baseline)", base),
            ("with explanations, one hex asked", per_question(one_hex)),
            ("every reason once, with its hexes", per_question(lambda illegal: illegal.by_reason())),
            ("a sentence for every illegal hex", per_question(lambda illegal: dict(illegal.items())))]
    print(f"\nexplanations at radius {radius} ({board.graph.number_of_nodes():,} hexes), per question:")
    for title, seconds in rows:
        print(f"  {title:<36} {seconds * 1000:8.2f} ms  {seconds / base:5.1f}x")
    print(f"target: explanations within 3x of the unexplained question: {'MET' if rows[1][1] <= 3 * base else 'MISSED'}")
    full = crowded_board(radius, limit("map_pieces"), rails=limit("map_rails"))
    checked = _timed(lambda: list(check_board(full, RULES + ["first-city-safe-zone", "wanted-exclusion"])))
    print(f"whole-map check at the declared limits (radius {radius}, {len(full.pieces):,} pieces and"
          f" {limit('map_rails'):,} rails, each piece judged with the others in place): {checked:.2f} s")
    print(_flat("per piece judged, by pieces on the map", per_piece(radius)))
    print(_flat("per rail checked, by rails on the map", per_rail(radius)))


def crowded_board(radius: int, pieces: int, seed: int = 3, rails: int = 0) -> Board:
    """A map at the size limits: towns on resource hexes and cities elsewhere, six players, and
    ``rails`` rails (see :func:`limit_map`)."""
    return Board.from_data(limit_map(radius, pieces, rails, seed), hex_types=HEX_TYPES)


def limit_map(radius: int, pieces: int, rails: int, seed: int = 3) -> dict:
    """The map document of :func:`crowded_board`: ``pieces`` towns and cities of six players
    spread over a radius-``radius`` hexagon, and ``rails`` rails laid by random walks from the
    players' cities (so most are connected and some players' networks are long)."""
    rng = random.Random(seed)
    cells = hexagon(radius)
    spaces = [{"at": list(h), "terrain": "resource"} for h in cells if rng.random() < 0.35]
    resource = {tuple(s["at"]) for s in spaces}
    placed = [{"piece": "town" if h in resource else "city", "player": f"p{i % 6}", "at": list(h)}
              for i, h in enumerate(rng.sample(cells, pieces))]
    laid: list[dict] = []
    seen: set = set()
    starts = [(p["player"], tuple(p["at"])) for p in placed if p["piece"] == "city"] or [("p0", (0, 0))]
    steps = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    while len(laid) < rails:
        player, at = rng.choice(starts)
        for _ in range(40):
            step = rng.choice(steps)
            nxt = (at[0] + step[0], at[1] + step[1])
            if hex_distance(nxt, (0, 0)) > radius:
                continue
            edge = (player, min(at, nxt), max(at, nxt))
            if edge not in seen:
                seen.add(edge)
                laid.append({"player": player, "from": list(at), "to": list(nxt)})
                if len(laid) == rails:
                    break
            at = nxt
    data = {"kind": "map", "game": "dark-horse", "id": "crowded", "name": "Crowded", "source": {"document": "benchmark"},
            "geometry": "hex", "spaces": spaces, "pieces": placed, "rails": laid,
            "shape": {"shape": "hexagon", "radius": radius, "terrain": "non-resource"}}
    return data


def per_piece(radius: int, counts=(500, 2000), rails: int | None = None) -> dict[int, float]:
    """Seconds of CPU per judged piece of `map check`'s whole-map check, best of three, at each
    count of pieces, on a map of the radius holding the rails limit's rails. The pieces' rules
    only: the rails' own check is timed per rail (:func:`per_rail`); the board and its index are
    built beforehand (they cost the same whatever the pieces)."""
    rails = limit("map_rails") if rails is None else rails
    rules = [r for r in RULES if r != "rail-connected"] + ["first-city-safe-zone", "wanted-exclusion"]
    out = {}
    for count in counts:
        best = float("inf")
        for _ in range(3):
            board = crowded_board(radius, count, rails=rails)
            board.index()
            started = time.process_time()
            list(check_board(board, rules))
            best = min(best, time.process_time() - started)
        out[count] = best / count
    return out


def per_rail(radius: int, counts=(2000, 8000), pieces: int | None = None) -> dict[int, float]:
    """Seconds of CPU per rail of the rails' check (each player's network and its components,
    once), best of three, at each count of rails, with the pieces limit's pieces."""
    pieces = limit("map_pieces") if pieces is None else pieces
    out = {}
    for count in counts:
        best = float("inf")
        for _ in range(3):
            board = crowded_board(radius, pieces, rails=count)
            board.index()
            started = time.process_time()
            list(check_board(board, ["rail-connected"]))
            best = min(best, time.process_time() - started)
        out[count] = best / count
    return out


def _flat(label: str, times: dict[int, float]) -> str:
    low, high = min(times.values()), max(times.values())
    return (f"  {label}: " + ", ".join(f"{n:,} {t * 1e6:.0f} µs" for n, t in times.items())
            + f"; target flat within 1.5x: {'MET' if high <= 1.5 * low else 'MISSED'} ({high / low:.2f}x)")


def _timed(function) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
