"""What the fixture game's engine needs of the library: two duellists (characters)."""
#: How many times the check ran (the tests count it to see the kept answer used).
RUNS = []


def requirements(library) -> list:
    RUNS.append(1)
    duellists = library.of_kind("character", "fixture-duel")
    if len(duellists) >= 2:
        return []
    game = library.get("fixture-duel", "game", "fixture-duel")
    return [game.problem("duel-duellists", f"a duel needs 2 duellists, and the library has {len(duellists)}",
                         ["id"], hint="add a character document")]


def worth(library) -> bool:
    """Keeping the answer is worth it only when the library has the game's own document."""
    return library.get("fixture-duel", "game", "fixture-duel") is not None
