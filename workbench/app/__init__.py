"""The validate application: collects every layer's registered checks and problem codes, and
resolves which content a command works on (the published games, ``./variants/``, ``--library``).
Above the engines, below the front ends (the CLI, the notebooks, the balance lab)."""
