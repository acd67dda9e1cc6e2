"""Rules as data: the parameters each game's engines play, declared and typed, resolved from YAML.

A **parameter** is a rule number or a rule choice an engine plays: a gunfight's win margin, what
the Work action pays, how many dice a player rolls. It is split in two on purpose:

* its **type** is declared in Python, beside the engine that reads it (:class:`Parameter`, a JSON
  Schema for the value and a sentence for people). The type is the engine's contract: a value
  outside it would crash or hang the engine, so it is checked before any engine runs;
* its **value** lives only in YAML, in the ``parameters:`` of the document whose rules state it
  (a ``rule``, ``game``, ``location``, ``token`` ... document, with its ``source:``).

Where the rules texts are silent a value is either written ``unknown`` in the rules document and
filled in by exactly one other document (illustrative designer data, or a designer's own), or it
is an **assumption**: the declaring document lists it under ``assumptions:`` with the reason.
Assumptions are shown at the top of every play log and in the notebooks.

Variants and scenarios *set* parameters with their own ``parameters:``. The resolved
:class:`Ruleset` layers, later winning:

1. the declarations (all documents of the game but scenarios, variants, maps and decks);
2. the map played on (its own spacing numbers);
3. the scenario's variants, in its order, then the variants a designer adds (house rules);
4. the scenario itself;
5. overrides given by name (``workbench play --set win_margin=3``).

Two variants in force that set one parameter differently clash (``parameter-conflict``) unless
the scenario (or an override) settles it. Every problem is located at the YAML that caused it.

Examples
--------
>>> from workbench.content.loader import load_text
>>> from workbench.content.library import Library
>>> docs, _ = load_text('''
... kind: rule
... game: demo
... id: duel
... name: Duel
... parameters: {win_margin: 2}
... ---
... kind: variant
... game: demo
... id: sudden-death
... name: Sudden death
... parameters: {win_margin: 1}
... ''')
>>> spec = {"win_margin": Parameter("win_margin", {"type": "integer", "minimum": 1}, "roll this much more to win")}
>>> rules, problems = resolve(Library.from_documents(docs), "demo", spec, variants=["sudden-death"])
>>> rules.win_margin, rules.origin("win_margin").document.id, problems
(1, 'sudden-death', [])
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from ..content.problems import ERROR, WARNING, Problem
from ..content.schemas import fast_validator, preload_fast_validators
from ..core.errors import did_you_mean

#: The problem codes of rules as data, with their one-line meaning (the README's code table).
CODES = {
    "missing-parameter": "an engine needs a parameter that no document declares",
    "parameter-unknown": "an engine needs a value the rules texts do not give, and nothing fills it in",
    "parameter-type": "a parameter's value does not fit its declared type",
    "unknown-parameter": "a variant or scenario sets a name no engine reads (a declaration no engine reads: a warning)",
    "duplicate-parameter": "two documents declare one parameter",
    "parameter-conflict": "two variants in force set one parameter differently",
    "engine-requirement": "the content lacks something an engine needs beyond its parameters (a map location, enough characters)",
    "setup-impossible": "a scenario's setup cannot be made on its map for a player count it names (a warning; `play` refuses"
                        " that count)",
    "no-end-trigger": "no end trigger of a scenario can be reached by what is in play (a warning: its games stop after"
                      " the rounds they are played for)",
}

#: Kinds whose ``parameters:`` *set* values when in force rather than declaring them.
SETTING_KINDS = ("scenario", "variant")
#: Kinds whose ``parameters:`` belong to that one document only (a map's spacing, a deck's rules).
OWN_KINDS = ("map", "deck", "deck_rules")
UNKNOWN = "unknown"
#: Document fields (not parameters) whose content may itself be a declared assumption: the
#: placement rules a game or variant brings into force where the texts do not state them.
READING_FIELDS = ("placement_rules",)


@dataclass(frozen=True)
class Parameter:
    """The type of one rule parameter an engine reads.

    Parameters
    ----------
    name : str
        Unique within its game, lowercase_with_underscores (``win_margin``).
    schema : dict
        JSON Schema of the value: its type and the limits within which every command stays fast.
    about : str
        One line for designers: what the number or choice does.
    home : str
        Where the published value is declared, as ``kind/id`` (used in hints).
    only_with : str, optional
        A variant or scenario id: the parameter is needed only when it is in force.
    """

    name: str
    schema: dict
    about: str
    home: str = ""
    only_with: str | None = None


def integer(minimum: int, maximum: int) -> dict:
    return {"type": "integer", "minimum": minimum, "maximum": maximum}


def choice(*values: str) -> dict:
    return {"enum": list(values)}


BOOLEAN = {"type": "boolean"}


@dataclass(frozen=True)
class Origin:
    """Where a resolved value came from: the document and the path inside it."""

    document: Any            # workbench.content.loader.Document, or None for an override by name
    path: tuple
    layer: str               # "declared", "filled", "variant", "scenario", "override"

    def describe(self) -> str:
        if self.document is None:
            return "an override given by name"
        line, _ = self.document.locate(list(self.path))
        return f"{self.document.kind.replace('_', ' ')} '{self.document.id}' ({self.document.file}:{line})"


class Ruleset(Mapping):
    """One game's resolved parameters: read them as attributes (``rules.win_margin``).

    Holds the values, where each came from and the assumptions in force. Immutable once built;
    engines share one ruleset between all the states of a game.
    """

    def __init__(self, game: str, values: dict[str, Any], origins: dict[str, Origin],
                 assumptions: dict[str, str], variants: tuple[str, ...] = (), scenario: str | None = None):
        object.__setattr__(self, "_values", dict(values))
        object.__setattr__(self, "_origins", dict(origins))
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "assumptions", dict(assumptions))
        object.__setattr__(self, "variants", tuple(variants))
        object.__setattr__(self, "scenario", scenario)
        # values as attributes: the engines' hot paths read them at plain attribute speed
        self.__dict__.update(values)

    def __getattr__(self, name: str):  # only reached for names that are not parameters
        if name.startswith("_"):   # no parameter: pickle and copy ask for __setstate__ before _values is set
            raise AttributeError(name)
        suggestion = did_you_mean(name, self._values)
        raise AttributeError(f"{self.game} declares no parameter '{name}'"
                             + (f"; did you mean '{suggestion}'?" if suggestion else ""))

    def __setattr__(self, name, value):
        raise AttributeError("a ruleset is read-only: build a new one with other overrides")

    def __getitem__(self, name: str):
        return self._values[name]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def origin(self, name: str) -> Origin | None:
        return self._origins.get(name)

    def in_force(self, variant: str) -> bool:
        return variant in self.variants

    def key(self) -> str:
        """A stable text of the values, to key caches and stored results by ruleset."""
        return json.dumps(self._values, sort_keys=True, default=str)

    def assumption_lines(self) -> list[str]:
        """``name = value: reason`` for every assumption in force, for logs and notebooks."""
        return [f"{name} = {_show(self._values[name])}: {reason}" if name in self._values else f"{name}: {reason}"
                for name, reason in sorted(self.assumptions.items()) if name in self._values or name in READING_FIELDS]

    def describe(self) -> list[dict]:
        """Every parameter with its value, where it came from, and whether it is an assumption."""
        return [{"name": name, "value": value, "from": self._origins[name].describe() if name in self._origins else "",
                 "layer": self._origins[name].layer if name in self._origins else "",
                 "assumption": self.assumptions.get(name)} for name, value in sorted(self._values.items())]


def show(value) -> str:
    """A value as a designer writes it in YAML (true, {silver: 1}), not as Python prints it."""
    return _show(value)


def _show(value) -> str:
    return json.dumps(value, sort_keys=True) if isinstance(value, (dict, list)) else str(value).lower() \
        if isinstance(value, bool) else str(value)


class TrackedRuleset(Ruleset):
    """A ruleset that records which parameters are read (the test that every parameter is live)."""

    def __init__(self, base: Ruleset):
        super().__init__(base.game, base._values, base._origins, base.assumptions, base.variants, base.scenario)
        for name in base._values:                       # force reads through __getattribute__ below
            del self.__dict__[name]
        object.__setattr__(self, "reads", set())

    def __getattr__(self, name: str):
        if name in self._values:
            self.reads.add(name)
            return self._values[name]
        return super().__getattr__(name)

    def __getitem__(self, name: str):
        self.reads.add(name)
        return self._values[name]


# -- checking values -------------------------------------------------------------------------

_VALIDATORS: dict[str, Any] = {}


def _validator(schema: dict):
    key = json.dumps(schema, sort_keys=True)
    if key not in _VALIDATORS:
        from ..content.schemas import _import_jsonschema  # without its slow format extras
        jsonschema, _ = _import_jsonschema()
        _VALIDATORS[key] = jsonschema.Draft202012Validator(schema)
    return _VALIDATORS[key]


def type_problems(value, parameter: Parameter) -> list[str]:
    """Why ``value`` does not fit ``parameter``'s type (empty when it fits).

    >>> type_problems("three", Parameter("n", integer(1, 9), ""))
    ["'three' is not of type 'integer'"]
    >>> type_problems(True, Parameter("n", integer(1, 9), ""))
    ['True is not of type integer']
    """
    if isinstance(value, bool) and parameter.schema.get("type") in ("integer", "number"):
        return [f"{value} is not of type {parameter.schema['type']}"]   # JSON Schema counts true as 1 nowhere, Python does
    if isinstance(value, float) and not math.isfinite(value):
        return [f"{value} is not a finite number"]
    value = plain(value)
    # the compiled yes/no check first: most values fit, and jsonschema (for the reasons) costs a
    # 60 ms import; the compiled check is used only for schemas it reads exactly as 2020-12 does
    # (fast_validator falls back to jsonschema otherwise), so a "fits" is never a guess
    if fast_validator(parameter.schema)(value):
        return []
    # a `not` (a value the engine cannot play, such as a free re-roll) says why in words: `x-why`
    return [parameter.schema.get("x-why", error.message) if error.validator == "not" else error.message
            for error in _validator(parameter.schema).iter_errors(value)]


def plain(value):
    """A ruleset value as plain JSON data: mappings as dicts with text keys, tuples as lists (what
    JSON Schema checks and what a game's log records).

    >>> plain({"gain": ({"silver": 2},), 3: "x"})
    {'gain': [{'silver': 2}], '3': 'x'}
    """
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _type_hint(parameter: Parameter) -> str:
    schema = parameter.schema
    if "x-hint" in schema:
        return schema["x-hint"]
    if "enum" in schema:
        return "one of " + ", ".join(map(str, schema["enum"]))
    if schema.get("type") in ("integer", "number"):
        low, high = schema.get("minimum"), schema.get("maximum")
        return f"a whole number from {low} to {high}" if schema["type"] == "integer" else f"a number from {low} to {high}"
    if schema.get("type") == "boolean":
        return "true or false"
    if schema.get("type") == "object":
        keys = schema.get("required") or list((schema.get("properties") or {}))
        return ("a mapping with " + ", ".join(keys)) if keys else "a mapping of names to whole numbers, e.g. {silver: 1}"
    if schema.get("type") == "array":
        return "a list"
    if "oneOf" in schema:
        return " or ".join(_type_hint(Parameter("", option, "")) for option in schema["oneOf"])
    if "const" in schema:
        return f"'{schema['const']}'"
    return f"a value of this shape: {json.dumps(schema)}"


# -- resolving -------------------------------------------------------------------------------

@dataclass
class _Declared:
    value: Any
    document: Any
    layer: str = "declared"


def declarations(library, game: str) -> tuple[dict[str, _Declared], dict[str, str], list[Problem]]:
    """The declared value of every parameter of ``game`` (unknowns filled), the assumptions, and
    the problems with the declarations themselves (duplicates)."""
    values: dict[str, _Declared] = {}
    assumptions: dict[str, str] = {}
    problems: list[Problem] = []
    for document in library.documents:
        if document.game != game or document.kind in SETTING_KINDS + OWN_KINDS:
            continue
        reasons = document.data.get("assumptions")     # a document may declare readings and no parameter
        if isinstance(reasons, dict):
            for name, reason in reasons.items():
                if isinstance(name, str) and isinstance(reason, str):
                    assumptions[name] = reason
        params = document.data.get("parameters")
        if not isinstance(params, dict):
            continue
        for name, value in params.items():
            if not isinstance(name, str):
                continue
            before = values.get(name)
            if before is None or (before.value == UNKNOWN and value != UNKNOWN):
                values[name] = _Declared(value, document, "declared" if before is None else "filled")
            elif value == UNKNOWN:
                continue                                    # an unknown never replaces a value
            elif before.value != value or before.document is not document:
                line, _ = before.document.locate(["parameters", name])
                problems.append(document.problem(
                    "duplicate-parameter",
                    f"the parameter '{name}' is already declared by {before.document.kind.replace('_', ' ')} "
                    f"'{before.document.id}' ({before.document.file}:{line})", ["parameters", name], key=True,
                    hint="declare each parameter once; to change it for a scenario, set it in a variant or the scenario"))
    return values, assumptions, problems


@dataclass
class Declarations:
    """A game's declared parameters with everything found about the declarations themselves
    (duplicates, names no engine reads, values that do not fit their type): worked out once per
    library and game, however many scenarios, variants and maps are then resolved with it."""

    values: dict[str, _Declared]
    assumptions: dict[str, str]
    problems: list[Problem]
    _start: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def start(self) -> tuple[dict[str, Any], dict[str, "Origin"]]:
        """The declared values and their origins, the start of every setting's ruleset: made once
        (a library of many scenarios resolves hundreds of settings), copied by each resolve."""
        if self._start is None:
            self._start = ({name: entry.value for name, entry in self.values.items()},
                           {name: Origin(entry.document, ("parameters", name), entry.layer)
                            for name, entry in self.values.items()})
        return self._start


def declared(library, game: str, spec: Mapping[str, Parameter]) -> Declarations:
    """The :class:`Declarations` of ``game`` in ``library``, checked against ``spec``."""
    values, assumptions, problems = declarations(library, game)
    problems = problems + _unread_declarations(values, spec)
    # every declared value is type-checked below: their compiled checks, loaded at once
    preload_fast_validators(spec[name].schema for name in values if name in spec)
    for name, entry in values.items():
        if name in spec and (entry.value != UNKNOWN or not type_problems(UNKNOWN, spec[name])):
            problems += _check_value(name, entry.value, Origin(entry.document, ("parameters", name), entry.layer), spec)
    return Declarations(values, assumptions, problems)


def _declared_once(library, game: str, spec) -> Declarations:
    # Kept on the library (for as long as no document is added): `validate` resolves every
    # scenario, variant and map, and each engine built for a check resolves again; working the
    # declarations out each time made a library with many scenarios quadratic in its size.
    memo = getattr(library, "declared_memo", None)
    if memo is None:
        return declared(library, game, spec)
    key = (game, id(spec))
    found = memo.get(key)
    if found is None or found[0] != len(library.documents) or found[1] is not spec:
        found = (len(library.documents), spec, declared(library, game, spec))
        memo[key] = found
    return found[2]


def resolve(library, game: str, spec: Mapping[str, Parameter], *, scenario: str | None = None,
            variants: Iterable[str] = (), overrides: Mapping[str, Any] | None = None, map_id: str | None = None,
            declarations: Declarations | None = None) -> tuple[Ruleset | None, list[Problem]]:
    """Resolve ``game``'s ruleset for a scenario, extra variants and overrides.

    Returns the ruleset (``None`` when an error makes it unplayable) and every problem found.
    ``declarations`` (from :func:`declared` on the same library and spec) saves working them out
    again when many settings of one library are resolved: the work per setting is then in
    proportion to what the setting itself sets, not to the library's size.
    """
    if declarations is None:
        declarations = _declared_once(library, game, spec)
    problems: list[Problem] = list(declarations.problems)
    declared_values, assumptions = declarations.values, declarations.assumptions
    start_values, start_origins = declarations.start()
    values: dict[str, Any] = dict(start_values)
    origins: dict[str, Origin] = dict(start_origins)     # an Origin is frozen: shared, never changed

    scenario_doc = None
    in_force: list[str] = []
    if scenario is not None:
        scenario_doc = library.get(game, "scenario", scenario)
        if scenario_doc is None:
            from ..core.errors import NotFound
            raise NotFound("scenario", scenario, library.ids(game, "scenario"), f"in {game}")
        listed = scenario_doc.data.get("variants")
        in_force += [v for v in listed if isinstance(v, str)] if isinstance(listed, list) else []
    for variant in variants:
        if variant not in in_force:
            in_force.append(variant)
    if map_id is not None:
        map_doc = library.get(game, "map", map_id)
        if map_doc is not None:            # the map's own numbers (its spacing), before any variant
            for name, value in _settings(map_doc):
                values[name] = value
                origins[name] = Origin(map_doc, ("parameters", name), "map")
    set_by: dict[str, list[tuple[Any, Any]]] = {}
    for variant in in_force:
        document = library.get(game, "variant", variant)
        if document is None:
            from ..core.errors import NotFound
            raise NotFound("variant", variant, library.ids(game, "variant"), f"in {game}")
        for name, value in _settings(document):
            set_by.setdefault(name, []).append((document, value))
            values[name] = value
            origins[name] = Origin(document, ("parameters", name), "variant")
    settled: set[str] = set()
    if scenario_doc is not None:
        for name, value in _settings(scenario_doc):
            values[name] = value
            origins[name] = Origin(scenario_doc, ("parameters", name), "scenario")
            settled.add(name)
    for name, value in (overrides or {}).items():
        values[name] = value
        origins[name] = Origin(None, (), "override")
        settled.add(name)
    for name, setters in set_by.items():
        distinct = {json.dumps(plain(v), sort_keys=True, default=str) for _, v in setters}
        if len(distinct) > 1 and name not in settled:
            (first, a), (second, b) = setters[0], next((d, v) for d, v in setters[1:] if v != setters[0][1])
            where = scenario_doc or second
            path = ["variants"] if scenario_doc is not None else ["parameters", name]
            problems.append(where.problem(
                "parameter-conflict",
                f"the variants '{first.id}' and '{second.id}' set '{name}' differently ({_show(a)} and {_show(b)})",
                path, hint=f"set '{name}' in the scenario to settle it, or use only one of the two variants",
                parameter=name, variants=[first.id, second.id]))

    # every value set anywhere is checked against the engine's declared type
    for name, origin in origins.items():
        if origin.layer in ("declared", "filled"):
            continue
        problems += _check_setting(name, values[name], origin, spec)

    # every parameter the engine needs is there and known
    game_doc = library.get(game, "game", game) or next((d for d in library.documents if d.game == game), None)
    for name, parameter in spec.items():
        if parameter.only_with and parameter.only_with not in in_force and parameter.only_with != scenario:
            continue
        if name not in values:
            where = game_doc
            message = f"{game} needs the parameter '{name}' ({parameter.about}), and no document declares it"
            hint = f"declare it under `parameters:` of {parameter.home or 'a rule document'}"
            path = ["parameters"] if where is not None and where.kind == "game" and where.data.get("parameters") else \
                ["game"] if where is not None and where.kind != "game" else []
            home = _home(library, game, parameter.home)
            if home is not None:
                # the document that declares it is there and does not (a designer's copy of a
                # published rule replaces it whole): the mistake is in that copy, so it is told there
                where, path = home, ["parameters"] if "parameters" in home.data else []
                message = f"{game} needs the parameter '{name}' ({parameter.about}), and {home.kind} '{home.id}' " \
                    "does not declare it"
                hint = f"declare it under `parameters:` of this {home.kind}"
            problems.append(where.problem("missing-parameter", message, path, hint=hint, parameter=name)
                            if where is not None else
                            Problem("missing-parameter", message, hint=hint, extra={"parameter": name}))
        elif values[name] == UNKNOWN and type_problems(UNKNOWN, parameter):
            origin = origins[name]
            problems.append(origin.document.problem(
                "parameter-unknown",
                f"{game} needs '{name}' ({parameter.about}), which the rules texts do not give, and nothing fills it in",
                list(origin.path), hint="give it a value in a document of your own (a `rule` with `source: {document: "
                "house-rule}` declaring it), or mark it as an assumption", parameter=name))
    errors = [p for p in problems if p.is_error]
    if errors:
        return None, problems
    return Ruleset(game, {n: v for n, v in values.items() if n in spec}, origins,
                   {n: r for n, r in assumptions.items() if n in spec or (n in READING_FIELDS and n not in declared_values)},
                   tuple(in_force), scenario), problems


def _home(library, game: str, home: str):
    """The document a parameter's declaration lives in (``rule/setup-from-reviews``), when the
    library has it."""
    kind, _, identifier = (home or "").partition("/")
    return library.get(game, kind, identifier) if kind and identifier else None


def _settings(document) -> Iterator[tuple[str, Any]]:
    params = document.data.get("parameters")
    if isinstance(params, dict):
        for name, value in params.items():
            if isinstance(name, str):
                yield name, value


def _unread_declarations(declared: dict[str, _Declared], spec) -> list[Problem]:
    out = []
    for name, entry in declared.items():
        if name not in spec:
            suggestion = did_you_mean(name, spec)
            out.append(entry.document.problem(
                "unknown-parameter", f"no engine of {entry.document.game} reads a parameter '{name}'",
                ["parameters", name], key=True, severity=WARNING,
                hint=(f"did you mean '{suggestion}'? " if suggestion else "")
                + "numbers the engines do not play belong under `facts:`"))
    return out


def _check_setting(name, value, origin: Origin, spec) -> list[Problem]:
    if name not in spec:
        suggestion = did_you_mean(name, spec)
        message = f"no engine reads a parameter '{name}', so setting it changes nothing"
        hint = f"did you mean '{suggestion}'?" if suggestion else "`workbench unknowns --parameters` lists them"
        if origin.document is None:
            return [Problem("unknown-parameter", message, hint=hint, extra={"parameter": name})]
        return [origin.document.problem("unknown-parameter", message, list(origin.path), key=True, hint=hint,
                                        parameter=name)]
    return _check_value(name, value, origin, spec)


def _check_value(name, value, origin: Origin, spec) -> list[Problem]:
    parameter = spec[name]
    reasons = type_problems(value, parameter)
    if not reasons:
        return []
    message = f"'{name}' must be {_type_hint(parameter)} ({parameter.about}); {reasons[0]}"
    if origin.document is None:
        return [Problem("parameter-type", message, extra={"parameter": name})]
    return [origin.document.problem("parameter-type", message, list(origin.path), hint=f"write {_type_hint(parameter)}",
                                    parameter=name)]


def playable(library, game: str, name: str, spec: Mapping[str, Parameter], *, scenario: str | None = None,
             variants=(), overrides=None, map_id: str | None = None) -> "Ruleset":
    """The ruleset of ``game`` an engine plays (``name`` is the game's name in the message), or
    :class:`~workbench.core.errors.ContentError` with the located problems: each game's
    ``resolve_ruleset`` is this with its own ``spec``."""
    from ..core.errors import ContentError

    check_overrides(overrides, spec)
    rules, problems = resolve(library, game, spec, scenario=scenario, variants=variants, overrides=overrides,
                              map_id=map_id)
    if rules is None:
        raise ContentError(f"the {name} rules in the library cannot be played", [p for p in problems if p.is_error])
    return rules


def check_overrides(overrides: Mapping[str, Any] | None, spec: Mapping[str, Parameter]) -> None:
    """Overrides given by name are how a command was called: a wrong one is a usage error.

    >>> check_overrides({"win_margn": 3}, {"win_margin": Parameter("win_margin", integer(1, 9), "")})
    Traceback (most recent call last):
    ...
    workbench.core.errors.NotFound: no parameter 'win_margn'; did you mean 'win_margin'?
    """
    from ..core.errors import NotFound, UsageError

    for name, value in (overrides or {}).items():
        if name not in spec:
            raise NotFound("parameter", name, spec)
        reasons = type_problems(value, spec[name])
        if reasons:
            raise UsageError(f"--set {name}: must be {_type_hint(spec[name])}; {reasons[0]}")


def parse_overrides(items: Iterable[str]) -> dict[str, Any]:
    """``name=value`` strings (values read as YAML scalars or flow collections) into a dict.

    >>> parse_overrides(["win_margin=3", "black_hat_can_rob=false", "starting_goods={food: 2}"])
    {'win_margin': 3, 'black_hat_can_rob': False, 'starting_goods': {'food': 2}}
    """
    from ..content.loader import load_text
    from ..core.errors import UsageError

    out: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"--set wants NAME=VALUE, not {item!r}")
        docs, problems = load_text(f"value: {text.strip() or 'null'}\n", "--set")
        if problems or not docs:
            raise UsageError(f"--set {name}: cannot read the value {text!r}")
        out[name] = docs[0].data["value"]
    return out


__all__ = ["Parameter", "Ruleset", "TrackedRuleset", "resolve", "declarations", "parse_overrides", "integer", "choice",
           "BOOLEAN", "ERROR", "WARNING"]
