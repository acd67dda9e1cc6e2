"""The map checks ``workbench validate`` runs over the whole library, and ``map check`` runs for one map.

For each map (:func:`map_report`, the one implementation both commands call):

* **structure**: pieces on the map, rails between neighbouring hexes, known terrain and mystery hex
  types (with a did-you-mean), a complete direction table, sizes within the declared limits
  (:mod:`workbench.core.limits`); built by :meth:`workbench.board.graph.Board.from_data`;
* **placement**: every town, city and improved town the map holds, judged under the rules in force
  (the game's, plus the map's own; ``map check --scenario`` adds the scenario's and its variants');
* **rule ids** of every document that brings rules in force: a placement rule id that names no
  rule, located where it is written; with ``map check``, also the problems of resolving the rule
  parameters in force (their types are declared with the game's parameters and checked by
  ``validate`` in :mod:`workbench.games.checks`).

``validate`` reports the rule ids of games, variants, scenarios and hex types once each
(:func:`check_placement_rule_ids`); ``map check`` reports those of the documents in force for the map
it checks, at the same places.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ..content.problems import Problem

#: Codes of the map checks (placement problems carry the id of the rule that forbids).
CODES = {
    "off-map": "a piece stands on a hex or space the map does not have",
    "rail-not-adjacent": "a rail joins two hexes that are not neighbours (or leaves the map)",
    "unknown-terrain": "a hex's terrain is not a hex type of the game",
    "unknown-hex-type": "a mystery hex's `hex_type` is not one of the game's mystery hex types",
    "duplicate-space": "a space is listed twice in `spaces` (warning)",
    "map-players": "a map's `players` is empty or names a player twice",
    "map-directions": "the map's direction table does not number all six neighbouring hexes 1-6",
    "unknown-rule": "a placement rule id names no registered rule",
    "size-limit": "a size beyond the declared limits (map radius and spaces, pieces, rails, decks)",
}

#: The documents whose ``placement_rules`` bring board rules in force.
RULE_KINDS = ("game", "variant", "scenario", "hex_type")


@dataclass
class MapReport:
    """What checking one map found: the board (``None`` when the map could not be built),
    the rules in force, the problems in report order, and events such as Golden Spikes."""

    map_id: str
    board: object
    rules: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]


def _schema_ok(document) -> bool:
    from ..content.schemas import schema_valid

    return schema_valid(document)     # answered from the check made when loading


def rule_problems(document, key: str = "placement_rules") -> Iterator[Problem]:
    from .placement import rule_id_problems

    ids = document.data.get(key)
    if isinstance(ids, list):
        yield from rule_id_problems(document, ids, key)


def map_report(library, document, scenario=None, *, in_force: bool = True) -> MapReport:
    """Check one map document: structure, rules in force, placement of every piece.

    ``scenario`` (a scenario document, or its data) adds its variants' and its own rules.
    With ``in_force`` the rule ids and parameters of the game, variants and scenario in force are
    checked too (``map check``); without, only the map's own (``validate`` checks the others once).
    """
    from .placement import documents_in_force

    board, rule_ids, parameter_problems, checked, events = _checked(library, document, scenario)
    problems: list[Problem] = []
    if in_force:
        for doc, _, key in documents_in_force(board, library, scenario):
            if doc is not None and doc is not document:
                problems += list(rule_problems(doc, key))
        problems += parameter_problems
    problems += list(rule_problems(document, "rules"))
    problems += checked
    if problems and not library.reported(document):
        # a published map a designer's override breaks (a hex type allowing other pieces): told
        # at the override, for `map check` and `validate` alike
        from ..content.overrides import at_overrides

        def published(content):
            same = content.get(document.game, "map", document.id)
            return map_report(content, same, scenario, in_force=in_force).problems if same is not None else []

        problems = at_overrides(library, document.game, problems, published)
    if not board.sound:
        return MapReport(document.id, None, rule_ids, problems)
    return MapReport(document.id, board, rule_ids, problems, events)


#: How many maps' checks are kept (a `map` command checks its map once with the library's checks and
#: once for its answer; each kept board of the largest size holds tens of megabytes).
KEPT_CHECKS = 4
_KEPT: dict = {}
#: The kinds of document a map's check reads (with the map itself): its answer is the same in any
#: library holding the same ones (the cache keeps the library check's answer on them too).
_READS = frozenset({"map", "hex_type", "game", "rule", "variant", "scenario"})


def _checked(library, document, scenario):
    """The map's board, the rules in force, the parameter problems, what :func:`check_board`
    found and the events, worked out once per map and scenario for the same documents: a `map`
    command's library checks (run on the documents a map check reads) and its own answer share
    them (the board was built and every piece judged twice)."""
    from .graph import Board
    from .parameters import board_parameters
    from .placement import EVENT_RULES, check_board, rules_in_force

    reads = tuple(d for d in library.documents if d.game == document.game and d.kind in _READS)
    key = (id(document), id(scenario), tuple(map(id, reads)))
    found = _KEPT.get(key)
    if found is not None and found[0] is document and found[1] is scenario:
        return found[2]
    hex_types = {d.id: d.data for d in library.of_kind("hex_type", document.game)}
    board = Board.from_data(document.data, hex_types=hex_types, document=document)
    parameter_problems = board_parameters(board, library, scenario)
    rule_ids, _ = rules_in_force(board, library, scenario)
    if board.sound:
        checked = list(check_board(board, rule_ids))
        events = [e for r in rule_ids if r in EVENT_RULES for e in EVENT_RULES[r](board)]
    else:
        checked, events = list(board.problems), []
    answer = (board, rule_ids, parameter_problems, checked, events)
    while len(_KEPT) >= KEPT_CHECKS:
        del _KEPT[next(iter(_KEPT))]        # the oldest first
    _KEPT[key] = (document, scenario, answer, reads)    # held, so no other object takes their ids
    return answer


# -- library checks (registered in workbench.content.library.LIBRARY_CHECKS) --------------------

#: The kinds whose documents a map's check reads besides the map (with any `parameters:`).
MAP_RULE_KINDS = frozenset({"game", "hex_type", "rule", "variant", "scenario"})


def check_maps(library) -> Iterator[Problem]:
    """Every map's structure and placement under the game's and its own rules."""
    touched = {d.game for d in library.documents if library.reported(d)
               and (d.kind in MAP_RULE_KINDS or isinstance(d.data.get("parameters"), dict))}
    clean: set = set()      # the content of maps found clean in this library
    for document in library.of_kind("map"):
        # a map nobody sees, under rules nobody changed (a published map behind a designer's
        # card), is known clean: checking it again would only cost the time of a hook
        if not library.reported(document) and document.game not in touched:
            continue
        if not _schema_ok(document):
            continue
        # a map with the content of one found clean (its id aside) is clean: the check reads
        # only the map and the game's documents, the same for both in one library; a map with
        # problems is checked itself, as they are located in it
        key = _content_key(library, document)
        if key is not None and key in clean:
            continue
        problems = map_report(library, document, in_force=False).problems
        if not problems and key is not None:
            clean.add(key)
        yield from problems


def _content_key(library, document):
    """A map's content without its id (and whether the library finds it by its id, as the
    parameters in force are resolved for it only then), or ``None`` when it is not plain data."""
    import json

    data = {k: v for k, v in document.data.items() if k != "id"}
    found = isinstance(document.id, str) and library.get(document.game, "map", document.id) is document
    try:
        return document.game, found, json.dumps(data, sort_keys=True)
    except (TypeError, ValueError):     # e.g. a date or a key that is not text: no key, checked
        return None


def check_placement_rule_ids(library) -> Iterator[Problem]:
    """Placement rule ids in games, variants and scenarios that name no rule."""
    for kind in RULE_KINDS:
        for document in library.of_kind(kind):
            if library.reported(document):      # the problems are located in the document itself
                yield from rule_problems(document)


BOARD_LIBRARY_CHECKS = [check_maps, check_placement_rule_ids]
