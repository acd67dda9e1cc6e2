"""Custom decks: deck-building rules as data, checks, analytics and draw odds."""
