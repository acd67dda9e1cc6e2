"""The rule parameters the board reads, read in one place and never trusted blindly.

Parameters live under ``parameters:`` of the game, its variants, the scenario and the map (the map's
own win). A designer may write anything there, so every value the board uses goes through
:func:`read_parameter`: a value of the wrong type or beyond its declared limit is ignored (the
default applies) and ``workbench validate`` reports it where it is written
(:func:`parameter_problem`). Nothing the board does can crash or hang on a bad value.

This is the one place to re-point when rule parameters get a project-wide declaration: replace
:data:`BOARD_PARAMETERS` and :func:`parameter_problem` with lookups into it.

>>> read_parameter({"min_city_distance": "three"}, "min_city_distance")
3
>>> parameter_problem("min_city_distance", "three")
('parameter-type', "'three' is not a whole number")
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

from ..limits import limit


@dataclass(frozen=True)
class BoardParameter:
    name: str
    type: type
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    meaning: str = ""


BOARD_PARAMETERS: dict[str, BoardParameter] = {p.name: p for p in (
    BoardParameter("min_city_distance", int, 3, 1, limit("distance"),
                   "steps between any two cities (designer parameter; reviews give 2 hexes between starting cities)"),
    BoardParameter("safe_zone_area_distance", int, 1, 0, limit("distance"),
                   "Wild Wild West: how far from a Safe Zone hex its area reaches"),
    BoardParameter("mobile_hex_may_stack", bool, False, None, None,
                   "may two mystery hexes share a hex (the rules are silent)"),
    BoardParameter("rerolls_on_illegal_move", int, 1, 0, limit("rerolls"),
                   "Mobile Mystery Hexes: rerolls after an illegal roll (the rules give one)"),
)}


def parameter_problem(name: str, value) -> tuple[str, str] | None:
    """``(code, reason)`` when ``value`` cannot be used for the board parameter ``name``."""
    declared = BOARD_PARAMETERS.get(name)
    if declared is None:
        return None
    if declared.type is bool:
        if not isinstance(value, bool):
            return "parameter-type", f"{value!r} is not true or false"
        return None
    # bool is an int in Python, and 3.0 or NaN are not whole numbers a designer means
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            return "parameter-type", f"{value!r} is not a whole number (write {int(value)})"
        return "parameter-type", f"{value!r} is not a whole number"
    if declared.minimum is not None and value < declared.minimum:
        return "parameter-type", f"{value} is below the smallest allowed value, {declared.minimum}"
    if declared.maximum is not None and value > declared.maximum:
        return "size-limit", f"{value} is beyond the declared limit of {declared.maximum}"
    return None


def read_parameter(parameters: Mapping, name: str):
    """The value of a board parameter, or its default when it is missing or unusable."""
    declared = BOARD_PARAMETERS[name]
    value = parameters.get(name, declared.default) if isinstance(parameters, Mapping) else declared.default
    return declared.default if parameter_problem(name, value) else value


def layered_parameters(board, library=None, scenario: Mapping | None = None) -> dict:
    """Parameters in force: game < the scenario's variants < scenario < map (later layers win)."""
    merged: dict = {}

    def add(data):
        if isinstance(data, Mapping) and isinstance(data.get("parameters"), Mapping):
            merged.update(data["parameters"])

    if library is not None:
        add(library.data(board.game, "game", board.game))
        if scenario:
            for variant_id in scenario.get("variants") or []:
                if isinstance(variant_id, str):
                    add(library.data(board.game, "variant", variant_id))
    if scenario:
        add(scenario)
    merged.update(board.own_parameters)
    return merged


def board_parameters(board, library=None, scenario: Mapping | None = None) -> None:
    """Set ``board.parameters`` to the parameters in force (see :func:`layered_parameters`).

    Values stay as written; the board reads them through :func:`read_parameter`.
    """
    if scenario is not None and not isinstance(scenario, Mapping):
        scenario = getattr(scenario, "data", None)  # a Document
    board.parameters = layered_parameters(board, library, scenario)
