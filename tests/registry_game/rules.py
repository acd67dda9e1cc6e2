"""The fixture game's declared parameters (none: nothing to resolve) and a stand-in for an engine
(never built by the tests: the registry imports no engine)."""
SPEC: dict = {}


class Duel:
    """Never built: ``validate`` and the audit read the entry's other modules only."""
