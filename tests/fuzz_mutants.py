"""Mutants of the published documents and the examples, and the one-judge property they must keep
(issue 38): a seeded, deterministic mutator over the parsed YAML documents, guided by each kind's
schema in ``schemas/`` (its bounds, enums and required keys) and by the games' declared rule
parameters (their ranges).

Every document of ``variants/`` and ``examples/`` is a source. A mutant changes one place of one
document: a number at or past its bounds, a structure emptied or made ``unknown``, a key left out,
an enum value swapped, a reference pointed at another document (of another kind, another game, or
none), a parameter set to its limits. It is written into a designer's folder (a copy of the
library it belongs to, or, for a published document, an override file of its own), then
:func:`judge_mutant` runs ``validate`` and seeded ``play`` of each unit that reads it, in this
process through the command line's own ``main``, and lists the disagreements:

* ``play`` ended in an internal error or a traceback (exit 3), whatever ``validate`` said;
* ``play`` refused (exit 1 or 2) with a problem ``validate`` did not report at the same place
  with the same code;
* ``play`` played, but its log does not show what was authored (the scenario or variant played,
  the parameter value set).

A mutant is rebuilt from its source and seed alone (:meth:`Mutant.describe` names both), so a
disagreement is reproduced with ``mutant_of(source_key, seed)``. The suite runs a small sample
(``tests/test_fuzz_judge.py``); ``benchmarks/fuzz_judge.py`` a long one.
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import shutil
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
#: Libraries a designer copies whole (their documents refer to each other), by folder.
COPIED = {"house-rules": ROOT / "variants" / "house-rules",
          "dark-horse-complete": ROOT / "examples" / "dark-horse-complete"}
PUBLISHED = ROOT / "variants"
IDENTITY = ("kind", "game", "id")
BIG = [10**6, 10**9, 10**30]


@dataclass(frozen=True)
class Source:
    """One document of a shipped file: where it is and how a designer would change it."""

    library: str        # "house-rules", "dark-horse-complete" or "published"
    file: Path
    index: int          # its place among the file's documents
    data: dict = field(compare=False, hash=False, repr=False)

    @property
    def key(self) -> str:
        return f"{self.file.relative_to(ROOT)}#{self.index}"

    @property
    def kind(self) -> str:
        return self.data.get("kind")


@lru_cache(maxsize=None)
def sources() -> tuple[Source, ...]:
    """Every document of ``variants/`` and ``examples/``, in a fixed order."""
    from workbench.content.schemas import load_schemas

    kinds = set(load_schemas())
    out = []
    for file in sorted(PUBLISHED.rglob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml")):
        library = next((name for name, folder in COPIED.items() if folder in file.parents), "published")
        for index, data in enumerate(yaml.safe_load_all(file.read_text(encoding="utf-8"))):
            if isinstance(data, dict) and data.get("kind") in kinds:
                out.append(Source(library, file, index, data))
    return tuple(out)


def by_kind() -> dict[str, list[Source]]:
    out: dict[str, list[Source]] = {}
    for source in sources():
        out.setdefault(source.kind, []).append(source)
    return dict(sorted(out.items()))


# -- what the schema says of a place in a document ------------------------------------------------

@lru_cache(maxsize=None)
def _schema(kind: str) -> dict:
    from workbench.content.schemas import load_schemas
    return load_schemas()[kind]


def _flat(node) -> list[dict]:
    """``node`` and every subschema that may apply at the same place (combinators, if/then)."""
    if not isinstance(node, dict):
        return []
    out = [node]
    for combinator in ("oneOf", "anyOf", "allOf"):
        for sub in node.get(combinator, ()):
            out += _flat(sub)
    for branch in ("then", "else"):
        out += _flat(node.get(branch))
    return out


def schemas_at(kind: str, path: tuple) -> list[dict]:
    """The subschemas of ``kind`` that may describe the value at ``path``."""
    nodes = _flat(_schema(kind))
    for step in path:
        nxt = []
        for node in nodes:
            if isinstance(step, int):
                nxt += _flat(node.get("items"))
            else:
                nxt += _flat(node.get("properties", {}).get(step))
                extra = node.get("additionalProperties")
                nxt += _flat(extra) if isinstance(extra, dict) else []
                for sub in node.get("patternProperties", {}).values():
                    nxt += _flat(sub)
        nodes = nxt
    return nodes


def _parameter_schema(game: str, name: str) -> dict | None:
    from workbench.games import for_content
    for entry in for_content(game):
        try:
            spec = entry.spec()
        except (ImportError, AttributeError):
            continue
        if name in spec:
            return spec[name].schema
    return None


def _spec_names(game: str) -> list[str]:
    from workbench.games import for_content
    names = set()
    for entry in for_content(game):
        with contextlib.suppress(ImportError, AttributeError):
            names |= set(entry.spec())
    return sorted(names)


# -- the places of a document ------------------------------------------------------------------

def _places(value, path=()):
    """Every (path, value) below a document's top, the top itself left out."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _places(sub, path + (key,))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from _places(sub, path + (i,))


def _set(data, path, new):
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new


def _delete(data, path):
    target = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]


@lru_cache(maxsize=None)
def _ids() -> dict[tuple[str, str], str]:
    """Every document id, by (game, id), with its kind (for references to point elsewhere)."""
    return {(s.data.get("game"), s.data.get("id")): s.kind for s in sources() if isinstance(s.data.get("id"), str)}


def _bounds(schemas: list[dict]) -> list:
    out = []
    for node in schemas:
        for name, step in (("minimum", -1), ("maximum", 1), ("exclusiveMinimum", 0), ("exclusiveMaximum", 0)):
            if isinstance(node.get(name), (int, float)) and not isinstance(node.get(name), bool):
                out += [node[name], node[name] + step if step else node[name]]
                if name == "minimum":
                    out.append(node[name] + 1)
    return out


# -- the mutation operators: each returns (path, new value) or None when it does not apply -------

def _op_number(data, kind, rng):
    places = [(p, v) for p, v in _places(data) if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if not places:
        return None
    path, old = rng.choice(places)
    values = _bounds(schemas_at(kind, path)) or [0, -1]
    if path[0] == "parameters" and len(path) >= 2:
        values += _bounds([_parameter_schema(data.get("game"), path[1]) or {}])
    values += [0, -1, old + 1, rng.choice(BIG)]
    return path, rng.choice(values)


def _op_parameter(data, kind, rng):
    game = data.get("game")
    names = _spec_names(game) if isinstance(game, str) else []
    if not names or kind not in ("variant", "scenario", "rule", "game", "map"):
        return None
    parameters = data.get("parameters") if isinstance(data.get("parameters"), dict) else {}
    name = rng.choice(sorted(parameters) if parameters and rng.random() < 0.6 else names)
    schema = _parameter_schema(game, name) or {}
    values = _bounds([schema]) + list(schema.get("enum", ())) + [True, False, "unknown", [], {}, -1, 0,
                                                                  rng.choice(BIG), "x"]
    if schema.get("type") == "object" or isinstance(parameters.get(name), dict):
        values += [{"silver": rng.choice([0, 1, -1, 20, 10**6])}, {"unknown": 1}]
    if not isinstance(data.get("parameters"), dict):
        return ("parameters",), {name: rng.choice(values)}
    return ("parameters", name), rng.choice(values)


def _op_unknown(data, kind, rng):
    places = [p for p, _ in _places(data) if p[0] not in IDENTITY]
    return (rng.choice(places), "unknown") if places else None


def _op_empty(data, kind, rng):
    places = [(p, v) for p, v in _places(data) if isinstance(v, (list, dict, str)) and p[0] not in IDENTITY and v]
    if not places:
        return None
    path, old = rng.choice(places)
    return path, type(old)()


def _op_drop(data, kind, rng):
    places = [p for p, _ in _places(data) if isinstance(p[-1], str) and p != ("kind",)]
    return (rng.choice(places), DROP) if places else None


def _op_enum(data, kind, rng):
    places = []
    for path, value in _places(data):
        if isinstance(value, str):
            choices = {c for node in schemas_at(kind, path) for c in node.get("enum", ()) if c != value}
            if choices:
                places.append((path, sorted(choices, key=str)))
    if not places:
        return None
    path, choices = rng.choice(places)
    return path, rng.choice(choices)


def _op_reference(data, kind, rng):
    ids = _ids()
    game = data.get("game")
    places = [(p, v) for p, v in _places(data) if isinstance(v, str) and (game, v) in ids and p[0] not in ("kind", "game")]
    if not places:
        return None
    path, old = rng.choice(places)
    own = ids[(game, old)]
    others = sorted(i for (g, i), k in ids.items() if g == game and k != own)
    elsewhere = sorted(i for (g, i) in ids if g != game)
    choices = [old + "x", "unknown", ""] + ([rng.choice(others)] if others else []) + \
        ([rng.choice(elsewhere)] if elsewhere else [])
    return path, rng.choice(choices)


def _op_duplicate(data, kind, rng):
    places = [(p, v) for p, v in _places(data) if isinstance(v, list) and v and p[0] not in IDENTITY]
    if not places:
        return None
    path, old = rng.choice(places)
    return path, old + [copy.deepcopy(rng.choice(old))]


def _op_type(data, kind, rng):
    places = [(p, v) for p, v in _places(data) if p[0] not in IDENTITY]
    if not places:
        return None
    path, old = rng.choice(places)
    wrong = {int: ["2", 1.5, [old]], float: ["2", [old]], str: [1, [old], {"x": old}], bool: ["yes", 1],
             list: [{"x": 1}, "x"], dict: [["x"], 1]}.get(type(old), [1])
    return path, rng.choice(wrong)


DROP = object()   # the key is left out
OPERATORS = {"number": _op_number, "parameter": _op_parameter, "unknown": _op_unknown, "empty": _op_empty,
             "drop": _op_drop, "enum": _op_enum, "reference": _op_reference, "duplicate": _op_duplicate,
             "type": _op_type}


@dataclass
class Mutant:
    """One place of one shipped document changed; rebuilt from ``source`` and ``seed`` alone."""

    source: Source
    seed: int
    operator: str
    path: tuple
    old: object
    new: object
    data: dict

    def describe(self) -> str:
        new = "(left out)" if self.new is DROP else json.dumps(self.new)[:80]
        old = json.dumps(self.old, default=str)[:60]
        return (f"mutant_of({self.source.key!r}, {self.seed}): {self.source.kind} '{self.source.data.get('id')}',"
                f" {self.operator} at {'.'.join(map(str, self.path))}: {old} -> {new}")


def mutant_of(key: str, seed: int) -> Mutant | None:
    """The mutant of the source ``key`` (``Source.key``) made by ``seed``: the same every time."""
    source = next(s for s in sources() if s.key == key)
    rng = random.Random(seed)
    names = list(OPERATORS)
    rng.shuffle(names)
    for name in names:          # the first operator that applies to the document
        data = copy.deepcopy(source.data)
        change = OPERATORS[name](data, source.kind, rng)
        if change is None:
            continue
        path, new = change
        target = data
        for step in path[:-1]:
            target = target[step]
        old = target.get(path[-1], DROP) if isinstance(target, dict) else target[path[-1]]
        if new is DROP:
            _delete(data, path)
        else:
            _set(data, path, new)
        return Mutant(source, seed, name, path, None if old is DROP else copy.deepcopy(old), new, data)
    return None


def mutants(count: int, seed: int = 0):
    """``count`` mutants, the kinds taken in turn (every kind in a sample of a few dozen)."""
    kinds = by_kind()
    names = list(kinds)
    rng = random.Random(seed)
    made = 0
    attempt = 0
    while made < count and attempt < count * 3:
        kind = names[attempt % len(names)]
        attempt += 1
        source = rng.choice(kinds[kind])
        mutant = mutant_of(source.key, rng.randrange(2**31))
        if mutant is not None:
            made += 1
            yield mutant


# -- a designer's folder holding the mutant -------------------------------------------------------

def write(mutant: Mutant, base: Path) -> Path:
    """A designer's folder at ``base`` whose working library holds the mutant: a copy of the
    library it belongs to with the document replaced, or, for a published document, the mutant
    alone in an override file (it replaces the published one of its game, kind and id)."""
    if base.exists():
        shutil.rmtree(base)
    variants = base / "variants"
    variants.mkdir(parents=True)
    source = mutant.source
    if source.library in COPIED:
        folder = variants / source.library
        shutil.copytree(COPIED[source.library], folder)
        target = folder / source.file.name
        docs = list(yaml.safe_load_all(source.file.read_text(encoding="utf-8")))
        docs[source.index] = mutant.data
        target.write_text(yaml.safe_dump_all([d for d in docs if d is not None], sort_keys=False, allow_unicode=True), encoding="utf-8")
    else:
        (variants / "override.yaml").write_text(yaml.safe_dump(mutant.data, sort_keys=False, allow_unicode=True),
                                                encoding="utf-8")
    return base


# -- the property ---------------------------------------------------------------------------------

def _main(argv: list[str], folder: Path) -> tuple[int, dict | None, str]:
    from workbench.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([*argv, "--format", "json"])
    finally:
        os.chdir(here)
    try:
        report = json.loads(out.getvalue())
    except ValueError:
        report = None
    return code, report, err.getvalue()


def _place(problem: dict) -> tuple:
    return problem["code"], Path(problem["file"] or "").name, problem["line"]


def units(mutant: Mutant, folder: Path) -> list[list[str]]:
    """The ``play`` command lines of each unit that reads the mutant's document: its scenario or
    variant chosen, its deck played, else the game as it comes and each of the designer's
    scenarios naming it."""
    from workbench.cli.engines import content_game, playable

    data = mutant.data
    game, doc_id, kind = data.get("game"), data.get("id"), data.get("kind")
    out = []
    for name, options in sorted(playable().items()):
        if not isinstance(game, str) or content_game(name) != game:
            continue
        if not isinstance(doc_id, str) or not doc_id:
            out.append([name])
        elif kind == "scenario" and "scenario" in options:
            out.append([name, "--scenario", doc_id])
        elif kind == "variant" and "variant" in options:
            out.append([name, "--variant", doc_id])
        elif kind == "deck" and "deck" in options and _deck_listed(data):
            out += [[name], [name, "--deck", doc_id]]
        else:
            out.append([name])
            if "scenario" in options:
                for scenario in _designer_scenarios(folder, game):
                    if doc_id in json.dumps(scenario.get("action_spaces", [])) + json.dumps(scenario.get("variants", [])):
                        out.append([name, "--scenario", scenario["id"]])
    return out


def _deck_listed(data: dict) -> bool:
    """Whether a deck is a playable unit as the judge counts one (``judge.deck_unit``): a side (a
    deck giving only its size is one too: ``play --deck`` refuses it with ``deck-list-unknown``,
    which ``validate`` notes at the same place)."""
    return data.get("faction") in ("colti", "mcready")


def _designer_scenarios(folder: Path, game: str) -> list[dict]:
    out = []
    for file in sorted((folder / "variants").rglob("*.yaml")):
        with contextlib.suppress(yaml.YAMLError):
            for doc in yaml.safe_load_all(file.read_text(encoding="utf-8")):
                if isinstance(doc, dict) and doc.get("kind") == "scenario" and doc.get("game") == game \
                        and isinstance(doc.get("id"), str):
                    out.append(doc)
    return out


@dataclass
class Outcome:
    mutant: Mutant
    clean: bool = False                 # validate found no errors
    validate_code: int = 0
    plays: list = field(default_factory=list)       # (argv, exit code)
    disagreements: list = field(default_factory=list)


def judge_mutant(mutant: Mutant, folder: Path, *, seeds=(1,), rounds: int = 2) -> Outcome:
    """Validate the mutant's folder, play each unit that reads it, and list the disagreements."""
    write(mutant, folder)
    outcome = Outcome(mutant)
    code, report, err = _main(["validate"], folder)
    outcome.validate_code = code
    if code not in (0, 1) or report is None or "Traceback" in err:
        outcome.disagreements.append(f"validate exit {code}: {err.strip()[-300:]}")
        return outcome
    told = {_place(p) for p in report["problems"]}
    outcome.clean = not any(p["severity"] == "error" for p in report["problems"])
    for unit in units(mutant, folder):
        for seed in seeds:
            argv = ["play", *unit, "--seed", str(seed), "--rounds", str(rounds)]
            code, played, err = _main(argv, folder)
            outcome.plays.append((argv, code))
            if code not in (0, 1, 2) or played is None or "Traceback" in err:
                outcome.disagreements.append(f"{' '.join(argv)}: exit {code} {err.strip()[-300:]}")
                continue
            refused = [p for p in played["problems"] if p["severity"] == "error"]
            if code != 0:
                untold = [p for p in refused if _place(p) not in told]
                if untold or not refused:
                    outcome.disagreements.append(
                        f"{' '.join(argv)}: exit {code}, validate did not report "
                        + ("; ".join(f"{p['code']} at {Path(p['file'] or '(no file)').name}:{p['line']} {p['message'][:160]}"
                                     for p in untold) or err.strip()[-300:]))
                continue
            outcome.disagreements += [f"{' '.join(argv)}: {gap}" for gap in _not_shown(mutant, unit, played)]
    return outcome


def _not_shown(mutant: Mutant, unit: list[str], played: dict) -> list[str]:
    """What was authored and chosen that the played log does not show."""
    start = played["events"][0] if played.get("events") else {}
    shown = json.dumps([start, played.get("scenario"), played.get("variants")], default=str)
    gaps = []
    if len(unit) == 3 and unit[1] in ("--scenario", "--variant") and f"'{unit[2]}'" not in shown \
            and f'"{unit[2]}"' not in shown:
        gaps.append(f"the {unit[1][2:]} played is not named in the log's start")
    path, new = mutant.path, mutant.new
    chosen = len(unit) == 3 and unit[1] in ("--scenario", "--variant") and unit[2] == mutant.data.get("id")
    if path[:1] == ("parameters",) and len(path) == 2 and new is not DROP and chosen and "ruleset" in start:
        ruleset = start["ruleset"]
        if path[1] in ruleset and ruleset[path[1]] != new:
            gaps.append(f"parameter {path[1]} = {json.dumps(new)} played as {json.dumps(ruleset[path[1]])}")
    return gaps
