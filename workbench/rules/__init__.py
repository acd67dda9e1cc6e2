"""The rules as data: the resolved ruleset, each game's declared parameters (types in Python,
values and sources in YAML), the names the engines play, and each game's effect vocabulary
(:mod:`.effects`). Below the board, the decks and the engines, which read their numbers from here;
above the content it is resolved from."""
