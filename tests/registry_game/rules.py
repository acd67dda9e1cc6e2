"""The fixture game's declared parameters (none: nothing to resolve) and a stand-in for an engine
(never built by the tests: the registry imports no engine)."""
SPEC: dict = {}
#: The sort of the fixture's character cards (a character's `role:`; the schemas' `character-roles`).
CHARACTER_ROLES = ("duellist",)


class Duel:
    """Never built: ``validate`` and the audit read the entry's other modules only."""
