"""The rules as data: the resolved ruleset, each game's declared parameters (types in Python,
values and sources in YAML), and the names the engines play. Below the board, the decks and the
engines, which read their numbers from here; above the content it is resolved from."""
