"""What the Western Legends engine needs of the library beyond its parameters: the map's spaces
for every location the rules name, the characters' start, the goal cards (for ``validate`` and
for the engine's build). It reads the board, so it lives above the rules."""
from __future__ import annotations

from ...rules.western_legends import CODE, SPEC, _at, ruleset_problems  # noqa: F401
from ...rules.western_legends_effects import unplayed_spaces


def _quiet_origin(library, rules, name: str) -> bool:
    """Whether the value of ``name`` was set in a document whose problems are not reported."""
    origin = rules.origin(name)
    return origin is None or origin.document is None or not library.reported(origin.document)


def content_problems(library, rules, map_id: str | None) -> list:
    """What the engine needs of the library's documents for this ruleset and map."""
    from ...content.problems import Problem

    out = []
    game_doc = library.get("western-legends", "game", "western-legends")

    def at_game(message, hint=None):
        if game_doc is not None:
            return game_doc.problem(CODE, message, ["id"], hint=hint)
        return Problem(CODE, message, hint=hint)

    maps = library.of_kind("map", "western-legends")
    map_id = map_id or rules.get("territory")
    board = library.get("western-legends", "map", map_id) if map_id else (maps[0] if maps else None)
    if board is None:
        hint = (f"the maps: {', '.join(sorted(m.id for m in maps))}" if maps else
                "add a `map` document (geometry: grid) with the locations' spaces")
        out.append(at_game("Western Legends is played on a map, and the library has none", hint=hint) if not map_id
                   else _at(rules, "territory", f"there is no Western Legends map '{map_id}' (the `territory` played on)",
                            hint=hint))
        spaces = {}
    else:
        spaces = _spaces(board)
        roles = _roles(library)
        for needed, why in (("sheriff", "the sheriff starts there and arrested players go there"),
                            ("bandit-spawn", "bandits start and spawn there")):
            if not any(spaces.get(location) for location in roles.get(needed, [])):
                having = ", ".join(roles.get(needed, [])) or f"none: give a location `roles: [{needed}]`"
                message = f"the map '{board.id}' has no space of a location with the role '{needed}' ({why})"
                # the published map with a designer's locations on it: told at their location on
                # the map, the document they can fix (play and validate alike)
                mine = [d for d in library.of_kind("location", "western-legends")
                        if library.reported(d) and spaces.get(d.id)]
                if not library.reported(board) and mine:
                    out.append(mine[0].problem(CODE, message, ["roles"] if "roles" in mine[0].data else [],
                                               hint=f"give the location the role '{needed}', or a location with that"
                                                    f" role a space on the map ({having})"))
                else:
                    out.append(board.problem(CODE, message, ["spaces"],
                                             hint=f"give a space the `location:` of one with that role ({having})"))
        hideouts = sum(len(spaces.get(location, [])) for location in roles.get("bandit-spawn", []))
        for i, card in enumerate(rules.story_cards):
            for j, index in enumerate(card["spawn"]):
                if index >= hideouts:
                    message = (f"story card '{card['id']}' spawns a bandit at hideout {index}, but the map "
                               f"'{board.id}' has {hideouts} (counted from 0)")
                    if _quiet_origin(library, rules, "story_cards") and library.reported(board):
                        # a designer's map with fewer hideouts than the published story cards use:
                        # told at the map, the document they can fix (play and validate alike)
                        out.append(board.problem(CODE, message, ["spaces"],
                                                 hint="give the map more spaces of a location with the role"
                                                      " 'bandit-spawn', or story cards of your own"))
                    else:
                        out.append(_at(rules, "story_cards", message, [i, "spawn", j]))
    for document in library.of_kind("location", "western-legends"):
        for i, action in enumerate(document.data.get("actions") or []):
            for j, effect in enumerate(action.get("effects") or [] if isinstance(action, dict) else []):
                if isinstance(effect, dict) and effect.get("effect") == "deliver-cattle":
                    reward = effect.get("reward")
                    value = rules.get(reward) if isinstance(reward, str) else None
                    if not isinstance(value, dict):
                        out.append(document.problem(CODE, f"deliver-cattle needs `reward:` naming a parameter whose "
                                                    f"value is a goods bag, and '{reward}' is not one",
                                                    ["actions", i, "effects", j] + (["reward"] if reward else []),
                                                    hint="e.g. `reward: wrangle_reward` (a parameter of the ruleset)"))
    characters = [d for d in library.of_kind("character", "western-legends") if isinstance(d.data.get("start"), dict)]
    needed = rules.characters_drawn * rules.player_count["max"]
    if len(characters) < needed:
        out.append(at_game(f"{rules.player_count['max']} players draw {rules.characters_drawn} character cards each: "
                           f"{needed} characters with a `start:` are needed, the library has {len(characters)}",
                           hint="add character documents with `start: {space: [x, y], money: ...}`, or lower "
                                "`player_count`"))
    items = {d.id for d in library.of_kind("item", "western-legends")}
    goals = rules.character_goals
    for document in characters:
        start = document.data["start"]
        where = start.get("space")
        if board is not None and (not isinstance(where, list) or len(where) != 2 or tuple(where) not in spaces["_all"]):
            out.append(document.problem(CODE, f"{document.data.get('name', document.id)} starts at {where}, which is not a"
                                        f" space of the map '{board.id}'", ["start", "space"]))
        elif board is not None and tuple(where) in spaces["_blocked"]:
            out.append(document.problem(CODE, f"{document.data.get('name', document.id)} starts on a blocked space",
                                        ["start", "space"]))
        for i, item in enumerate(start.get("items") or []):
            if item not in items:
                out.append(document.problem(CODE, f"the starting item '{item}' is not an item of the library",
                                            ["start", "items", i]))
        for key in ("money", "poker_cards", "gold_nuggets", "marshal_points", "wanted_points"):
            value = start.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
                out.append(document.problem(CODE, f"`start.{key}` must be a whole number from 0 to 1000", ["start", key]))
        if "goal-cards" in library.ids("western-legends", "variant") or rules.goal_cards:
            own = goals.get(document.id, goals.get("any"))
            if own is None or len(own) < rules.goals_per_character:
                out.append(_at(rules, "character_goals", f"{document.data.get('name', document.id)} needs "
                               f"{rules.goals_per_character} goal cards (under its id or `any`), and has "
                               f"{0 if own is None else len(own)}"))
    return out


def _roles(library) -> dict:
    """The locations of each role (``roles:`` of the location documents)."""
    out: dict = {}
    for document in library.of_kind("location", "western-legends"):
        for role in document.data.get("roles") or []:
            out.setdefault(role, []).append(document.id)
    return out


def _spaces(document) -> dict:
    """The map's spaces by location, plus ``_all`` and ``_blocked`` (empty when the map cannot be
    built: its own problems are reported by the map checks)."""
    from ...board.graph import Board

    out: dict = {"_all": set(), "_blocked": set()}
    try:
        board = Board.from_data(document.data, document=document)
    except (KeyError, TypeError, ValueError, AttributeError):
        return out
    for node, data in board.graph.nodes(data=True):
        out["_all"].add(node)
        if data.get("blocked"):
            out["_blocked"].add(node)
        if isinstance(data.get("location"), str):
            out.setdefault(data["location"], []).append(node)
    return out


def requirements(library, content=None) -> list:
    """Everything besides the parameters that would stop Western Legends from playing, for
    ``validate``: the ruleset of the base game and of each variant, checked against the
    library's map and documents (by ``content``, a function doing what :func:`content_problems`
    does: :func:`checked_once_per_ruleset` checks equal rulesets once)."""
    from ...rules.ruleset import resolve as resolve_
    from ..judge import told_at_designer

    if not any(d.game == "western-legends" for d in library.documents):
        return []
    out = []
    for variants in [()] + [(v,) for v in library.ids("western-legends", "variant")]:
        rules, _ = resolve_(library, "western-legends", SPEC, variants=variants)
        if rules is None:            # its problems are reported by the ruleset check
            continue
        # told as play tells them (a published document a designer's override breaks: at the override)
        out += told_at_designer("western-legends", library, ruleset_problems(rules)
                                + (content or content_problems)(library, rules, None), variants=variants,
                                published=lambda published, variants=variants: _problems(published, variants))
    for board in library.of_kind("map", "western-legends"):
        if library.reported(board):
            out += [board.problem(code, message, path, hint=hint, severity=severity)
                    for code, severity, path, message, hint in unplayed_spaces(library, board)]
    return out


def _problems(library, variants) -> list:
    """What :func:`requirements` finds of the game with ``variants`` (its ruleset's problems, if
    it does not resolve)."""
    from ...rules.ruleset import resolve as resolve_

    rules, problems = resolve_(library, "western-legends", SPEC, variants=variants)
    if rules is None:
        return problems
    return ruleset_problems(rules) + content_problems(library, rules, None)


def checked_once_per_ruleset(library) -> list:
    """:func:`requirements`, the content checked once per distinct ruleset (the registry entry's
    requirement check, what ``validate`` runs): what it reads of a ruleset are its values (its
    problems are located where a value was set, so only a clean answer is reused)."""
    clean: set = set()

    def content(library, rules, map_id):
        key = (rules.key(), map_id)
        if key in clean:
            return []
        found = content_problems(library, rules, map_id)
        if not found:
            clean.add(key)
        return found

    return requirements(library, content)
