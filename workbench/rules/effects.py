"""Effect vocabularies: what a designer may write under ``effects:`` in a game's YAML, declared once.

Each game has one :class:`Vocabulary`: its resources (the goods a ``cost:`` or ``gain:`` may name)
and its effects, each an :class:`Effect` with its parameters (JSON Schemas), the rule text it comes
from, and whether the engine plays it (and why not, when it does not). From it

* ``tools/make_schemas.py`` writes the schemas' ``effect`` enum and, for each effect, the schema
  of its own parameters (:meth:`Vocabulary.effect_schema`): a parameter of another effect, or a
  misspelt one, is a located ``effect-parameter`` error with a did-you-mean,
* the schemas loaded at run time gain the effects that installed plugins add (:func:`extend_schema`),
* ``validate`` warns ``not-played`` at every effect the engine does not play and reports a
  ``foreign-resource`` at every cost or gain in another game's resource (:func:`problems`),
* ``workbench unknowns`` lists the same (:func:`unknown_rows`),
* :func:`reference` lists each game's effects with their parameters' schemas (for a generated
  docs reference),
* the engine interprets effects through the handlers registered on the vocabulary (an effect
  without a handler is never played silently: the engine logs it as ``not-played``).

New effects from Python, without editing the project: a package declares an entry point in the
group ``workbench.effects`` naming a function ``register(vocabulary)``; it is called with
:func:`vocabulary` and declares effects with :meth:`Vocabulary.declare`, passing ``handler=`` to
have the engine play them. Every process that loads a vocabulary (``validate``, ``play``, the
audit, each Dask worker) loads the installed plugins the same way, so all of them know the effect.
No code is ever read from YAML.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Callable

from ..content.badges import badged_name
from .vocabularies import DECLARED, LOADED, declared

#: The entry-point group through which installed packages add effects.
ENTRY_POINTS = "workbench.effects"

#: The problem codes of the vocabularies (the docs' problem codes).
CODES = {
    "not-played": "an effect or option the engine does not play (a warning: a game that reaches it logs a no-op, with"
                  " the reason)",
    "foreign-resource": "a cost or gain names a resource of another game (Western Legends `money` on a Dark Horse space)",
    "effect-plugin": "an installed effects plugin (entry point `workbench.effects`) could not be loaded",
}

#: Which module declares each game's vocabulary is told by the games' registry (each entry's
#: ``effects``), which sits above this layer: :mod:`.vocabularies`.


@dataclass(frozen=True)
class Effect:
    """One effect of a game's vocabulary.

    Parameters
    ----------
    name : str
        The word written in YAML (``effect: build``).
    about : str
        What it does, in the game's words.
    source : str
        The rule text it comes from (document and section), or the plugin that declares it.
    parameters : dict
        Its parameters: name -> JSON Schema (with a ``description``).
    played : bool
        Whether the engine plays it. An effect that is not played is a ``not-played`` warning at
        every place it is written, and a no-op logged as ``not-played`` when a game reaches it.
    reason : str
        Why it is not played (what the texts or the engine lack).
    plugin : str
        The installed distribution that declared it (empty for the workbench's own).
    kinds : tuple
        The document kinds whose options it may be played on (``hex_type`` only for an effect on
        "this hex"); elsewhere it is a ``not-played`` warning.
    required : tuple
        The parameters that must be written (the engine has no default for them).
    offered_when : tuple
        Conditions of the game's :attr:`Vocabulary.conditions` that must all hold for the engine
        to offer the effect as an action of its own (a Western Legends poker card's ACTION); empty:
        always offered. The engine asks this declaration, never the effect's name.
    """

    name: str
    about: str
    source: str
    parameters: dict = field(default_factory=dict)
    played: bool = True
    reason: str = ""
    plugin: str = ""
    kinds: tuple = ("action_space", "hex_type")
    offered_when: tuple = ()
    required: tuple = ()


class Vocabulary:
    """A game's resources and effects, with the handlers its engine plays them by."""

    def __init__(self, game: str, resources: dict[str, str]):
        self.game = game
        self.resources = dict(resources)          # name -> what it is
        self.effects: dict[str, Effect] = {}
        self.handlers: dict[str, Callable] = {}
        self.problems: list = []                   # plugins that could not be loaded
        self.payable: set | None = None            # the resources a cost may name and the engine pays (None: all)
        self.gainable: set | None = None           # the resources a gain may name and the engine gives (None: all)
        self.unpayable_reason = self.ungainable_reason = ""
        #: the conditions an effect's ``offered_when`` may name: name -> what it means (the engine
        #: evaluates each; a name outside this table is refused at declaration)
        self.conditions: dict[str, str] = {}
        #: the game's own checks of a document: ``check(document, vocabulary)`` yields findings
        self.checks: list[Callable] = []

    def declare(self, name: str, about: str, source: str, parameters: dict | None = None, *, played: bool = True,
                reason: str = "", handler: Callable | None = None, plugin: str = "",
                kinds: tuple = ("action_space", "hex_type"), offered_when: tuple = (), required: tuple = ()) -> Effect:
        """Declare an effect (once); ``handler`` (for plugins) is what the engine calls to play it;
        ``offered_when``: the conditions (of :attr:`conditions`) under which it is offered;
        ``required``: the parameters that must be written. ``parameters`` are the only ones the
        effect takes: any other key written on it is an ``effect-parameter`` error."""
        if name in self.effects:
            raise ValueError(f"the effect '{name}' is declared twice in {self.game}'s vocabulary")
        if not played and not reason:
            raise ValueError(f"the effect '{name}' is not played: say why (reason=)")
        unknown = [c for c in offered_when if c not in self.conditions]
        if unknown:
            raise ValueError(f"the effect '{name}' is offered when '{unknown[0]}', which is no condition of {self.game}'s"
                             f" vocabulary (conditions: {', '.join(self.conditions) or 'none'})")
        parameters = dict(parameters or {})
        reserved = [p for p in ("effect", "text") if p in parameters]
        if reserved:
            raise ValueError(f"the effect '{name}' declares '{reserved[0]}' as a parameter: every effect has it already")
        missing = [p for p in required if p not in parameters]
        if missing:
            raise ValueError(f"the effect '{name}' requires '{missing[0]}', which is none of its parameters")
        declared = Effect(name, about, source, parameters, played or handler is not None, reason, plugin,
                          tuple(kinds), tuple(offered_when), tuple(required))
        self.effects[name] = declared
        if handler is not None:
            self.handlers[name] = handler
        return declared

    def handler(self, name: str):
        """Register the function that plays ``name`` (a decorator; the engine's own handlers)."""
        if name not in self.effects:
            raise KeyError(f"'{name}' is not in {self.game}'s effect vocabulary (declare it first)")

        def register(function: Callable) -> Callable:
            self.handlers[name] = function
            return function
        return register

    def played(self, name: str) -> bool:
        effect = self.effects.get(name)
        return effect is not None and effect.played

    def why_not_played(self, name: str) -> str:
        effect = self.effects.get(name)
        if effect is None:
            return f"'{name}' is not in the {self.game} effect vocabulary"
        return effect.reason or "the engine has no handler for it"

    def plugins(self) -> list[Effect]:
        return [e for e in self.effects.values() if e.plugin]

    # -- the schema ---------------------------------------------------------------------------
    def parameters_schema(self, name: str) -> dict:
        """The JSON Schema of the parameters of the effect ``name``: its own parameters (with their
        types, ranges and choices), the ones it requires, and nothing else (``x-effect`` names it,
        so a key it does not take is reported as an ``effect-parameter``, with the effect's words)."""
        effect = self.effects[name]
        properties = {"effect": {"const": name, "description": f"{effect.about} ({effect.source})."
                                 + ("" if effect.played else f" Not played: {effect.reason}.")}}
        properties.update({key: dict(schema) for key, schema in effect.parameters.items()})
        properties["text"] = dict(TEXT)
        out = {"properties": properties, "additionalProperties": False, "x-effect": name}
        if effect.required:
            out["required"] = list(effect.required)
        return out

    def effect_schema(self, only_builtin: bool = False) -> dict:
        """The JSON Schema of one entry of ``effects:``: the effect's name from the vocabulary, and
        for each effect the schema of its own parameters (:meth:`parameters_schema`), applied when
        ``effect:`` names it (``if``/``then``). One mistake makes one error: an unknown effect is
        the ``effect`` enum's alone (no effect's parameters apply), a parameter the named effect
        does not take is that effect's ``additionalProperties`` alone."""
        effects = [e for e in self.effects.values() if not (only_builtin and e.plugin)]
        return {"type": "object", "required": ["effect"],
                "properties": {"effect": {"enum": [e.name for e in effects],
                                          "description": f"What happens, from the {self.game} effect vocabulary "
                                                         "(workbench/rules/; plugins add effects); each effect takes"
                                                         " its own parameters."}},
                "allOf": [{"if": {"properties": {"effect": {"const": e.name}}, "required": ["effect"]},
                           "then": self.parameters_schema(e.name)} for e in effects],
                "x-vocabulary": self.game}


#: What every effect may carry besides its parameters: the rules' words.
TEXT = {"type": "string", "minLength": 1, "description": "The effect as the rules word it."}


def _installed() -> list[tuple[str, str, str]]:
    """The entry points of :data:`ENTRY_POINTS` as ``(name, "module:function", distribution)``.

    Scanning every installed distribution's metadata takes ~0.1 s (importing importlib.metadata
    as much again), paid by every ``validate``: the answer is kept in the cache folder, keyed by
    the modification times of the import path's folders (installing or removing a package changes
    its site-packages folder)."""
    import json
    import os
    import sys

    from ..core.paths import cache_dir, read_own_entry

    stamps = []
    for entry in sys.path:
        if not entry:       # the working folder of `python -c`: no installed distribution lives there
            continue
        try:
            stamps.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            stamps.append([entry, None])
    folder = cache_dir()
    path = folder / "effect-plugins.json" if folder is not None else None
    if path is not None:
        try:
            # it names the modules a run imports and calls: read only from this user's own entry
            cached = json.loads(read_own_entry(path))
            if cached.get("stamps") == stamps:
                return [tuple(row) for row in cached["points"]]
        except (OSError, ValueError, AttributeError, KeyError, TypeError):
            pass
    from importlib.metadata import entry_points

    points = sorted((p.name, p.value, p.dist.name if getattr(p, "dist", None) is not None else p.value)
                    for p in entry_points(group=ENTRY_POINTS))
    if path is not None:
        try:
            from ..core.storage import keep_own_entry

            keep_own_entry(path, json.dumps({"stamps": stamps, "points": points}).encode())
        except OSError:
            pass
    return points


def _load_plugins(vocabulary_: Vocabulary) -> None:
    for point, value, dist in _installed():
        try:
            module, _, attribute = value.partition(":")
            register = import_module(module.strip())
            for part in attribute.strip().split(".") if attribute.strip() else []:
                register = getattr(register, part)
            before = set(vocabulary_.effects)
            register(vocabulary_)
            for added in set(vocabulary_.effects) - before:   # mark what the plugin declared as its own
                effect = vocabulary_.effects[added]
                played = effect.played and added in vocabulary_.handlers
                vocabulary_.effects[added] = Effect(**{**effect.__dict__, "plugin": effect.plugin or dist, "played": played,
                                                       "reason": effect.reason or ("" if played else
                                                                                   f"the plugin {dist} gives no handler")})
        except Exception as exc:  # a broken plugin is reported, never a traceback for the designer
            vocabulary_.problems.append((point, value, f"{type(exc).__name__}: {exc}"))


def vocabulary(game: str) -> Vocabulary | None:
    """The vocabulary of ``game`` (its declarations, then the installed plugins'), or None."""
    if game in LOADED:       # a game not declared is never kept: it may be registered later
        return LOADED[game]
    module = DECLARED.get(game)
    if module is None:
        return None
    words = import_module(module).declare()
    _load_plugins(words)
    return LOADED.setdefault(game, words)


def builtin(game: str) -> Vocabulary:
    """The workbench's own declarations of ``game``, without plugins (what the schema files hold)."""
    return import_module(DECLARED[game]).declare()


def reference(games=None, only_builtin: bool = False) -> dict[str, list[dict]]:
    """Each game's effects with their parameters' schemas, for a generated docs reference.

    Returns ``{game: [{"effect", "about", "source", "played", "reason", "kinds", "plugin",
    "parameters", "required", "schema"}, ...]}`` in declaration order, where ``parameters`` is
    name -> JSON Schema and ``schema`` the effect's whole schema (:meth:`Vocabulary.parameters_schema`,
    what the schema files hold for it). ``only_builtin``: without installed plugins' effects.
    """
    out = {}
    for game in games or declared():
        words = builtin(game) if only_builtin else vocabulary(game)
        if words is None:
            continue
        out[game] = [{"effect": e.name, "about": e.about, "source": e.source, "played": e.played, "reason": e.reason,
                      "kinds": list(e.kinds), "plugin": e.plugin, "parameters": dict(e.parameters),
                      "required": list(e.required), "schema": words.parameters_schema(e.name)}
                     for e in words.effects.values()]
    return out


# -- the schemas at run time --------------------------------------------------------------------

def plugin_digest() -> str:
    """A short digest of the effects installed plugins add ('' without any): the compiled schema
    checks are cached per schema content, so an extended schema must not reuse a plain one."""
    import hashlib
    import json

    added = [(g, e.name, e.parameters, e.required) for g in declared() for e in (vocabulary(g).plugins() if vocabulary(g) else [])]
    return hashlib.sha256(json.dumps(added, sort_keys=True).encode()).hexdigest()[:12] if added else ""


def extend_schema(schema: dict) -> dict:
    """``schema`` with the effects plugins add put into each ``effects:`` entry it holds (marked by
    ``x-vocabulary``). Returns the same object when no plugin adds anything."""
    if not plugin_digest():
        return schema

    def walk(node):
        if isinstance(node, dict):
            game = node.get("x-vocabulary")
            if isinstance(game, str) and vocabulary(game) is not None:
                return vocabulary(game).effect_schema()
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node
    return walk(schema)


# -- validate and unknowns ------------------------------------------------------------------------

#: Kinds whose documents carry options (``options:`` with cost, gain and effects): Dark Horse
#: action spaces and hex types; Western Legends locations (``actions:``) and items (``abilities:``).
OPTION_KINDS = ("action_space", "hex_type", "location", "item")
_OPTION_KEYS = ("options", "actions", "abilities")


def _options(document):
    for key in _OPTION_KEYS:
        options = document.data.get(key)
        if isinstance(options, list):
            for i, option in enumerate(options):
                if isinstance(option, dict):
                    yield [key, i], option
            return


def _bags(document):
    """Each cost or gain (and a token's capture reward) of a document, with its path."""
    for path, option in _options(document):
        for key in ("cost", "gain"):
            if isinstance(option.get(key), dict):
                yield path + [key], option[key]
    if isinstance(document.data.get("capture_reward"), dict):
        yield ["capture_reward"], document.data["capture_reward"]


def findings(document) -> list[tuple[str, str, list, str, str]]:
    """What of ``document`` the engine does not play, or is in another game's resources:
    ``(code, severity, path, message, hint)``."""
    words = vocabulary(document.game) if isinstance(document.game, str) else None
    if words is None:
        return []
    out = []
    label = badged_name(document.data, document.id)
    for path, bag in _bags(document):
        for good in bag:
            if isinstance(good, str) and good not in words.resources:
                owner = next((g for g in declared() if g != document.game and vocabulary(g)
                              and good in vocabulary(g).resources), None)
                if owner is None:       # no game's word: the schema reports it (with did-you-mean)
                    continue
                out.append(("foreign-resource", "error", path + [good],
                            f"{label}: '{good}' is a {owner} resource, not one of {document.game}'s",
                            f"use one of {', '.join(sorted(words.resources))}"))
            elif isinstance(good, str) and path[-1] in ("cost", "gain"):
                allowed = words.payable if path[-1] == "cost" else words.gainable
                if allowed is not None and good not in allowed:
                    why = words.unpayable_reason if path[-1] == "cost" else words.ungainable_reason
                    out.append(("not-played", "warning", path + [good],
                                f"{label}: {'paying' if path[-1] == 'cost' else 'gaining'} '{good}' is not played: "
                                f"{why}; a game that reaches it logs a no-op",
                                f"{'pay' if path[-1] == 'cost' else 'gain'} one of "
                                f"{', '.join(sorted(allowed))}, or add an effect with a plugin"))
    for check in words.checks:
        out += list(check(document, words))
    if document.kind == "card":
        out += card_findings(document, words)
    if document.kind not in OPTION_KINDS:
        return out
    for path, option in _options(document):
        effects = [s for s in option.get("effects") or [] if isinstance(s, dict)]
        offered = bool(option.get("cost") or option.get("gain")) or any(words.played(s.get("effect")) for s in effects)
        then = "a game that reaches it logs a no-op" if offered or document.kind == "action_space" else \
            "the option is not offered, as nothing of it is played"
        for j, spec in enumerate(option.get("effects") or []):
            name = spec.get("effect") if isinstance(spec, dict) else None
            if not isinstance(name, str) or name not in words.effects:
                continue
            why = None
            if not words.played(name):
                why = words.why_not_played(name)
            elif document.kind not in words.effects[name].kinds:
                why = kinds_reason(document.kind, words.effects[name].kinds)
            if why:
                out.append(("not-played", "warning", path + ["effects", j, "effect"],
                            f"{label}: the effect '{name}' is not played: {why}; {then}",
                            "write what the rulebook says with effects the engine plays, or add the effect with a"
                            " plugin (docs: Effects, declared once)"))
    return out


def card_findings(document, words) -> list[tuple[str, str, list, str, str]]:
    """A card's ``effects:`` (Revolver) the engine does not play: a ``not-played`` warning each."""
    out = []
    label = badged_name(document.data, document.id)
    for j, spec in enumerate(document.data.get("effects") or []):
        name = spec.get("effect") if isinstance(spec, dict) else None
        if not isinstance(name, str) or name not in words.effects:
            continue
        why = words.why_not_played(name) if not words.played(name) else \
            None if "card" in words.effects[name].kinds else f"the effect '{name}' is not played on a card"
        if why:
            out.append(("not-played", "warning", ["effects", j, "effect"],
                        f"{label}: the effect '{name}' is not played: {why}; a game that reaches it logs a no-op",
                        "write what the card says with effects the engine plays, or add the effect with a plugin"
                        " (docs: Effects, declared once)"))
    return out


def kinds_reason(kind: str, kinds: tuple = ("hex_type",)) -> str:
    """Why an effect played only on documents of ``kinds`` is not played on a document of ``kind``."""
    if "hex_type" not in kinds or len(kinds) > 1:
        return f"it is played only on {' and '.join(k.replace('_', ' ') + 's' for k in kinds)}"
    return f"it acts on the hex whose option it is, and an {kind.replace('_', ' ')} has none" if kind[0] in "aeiou" \
        else f"it acts on the hex whose option it is, and a {kind.replace('_', ' ')} has none"


def _checked(document) -> bool:
    """Whether the vocabularies check ``document``: a kind that carries effects or goods, or any
    document setting ruleset parameters (a story card's reward is a gain)."""
    return document.kind in OPTION_KINDS + ("token", "card") or isinstance(document.data.get("parameters"), dict)


def problems(library) -> list:
    """``validate``'s problems of the vocabularies, for every reported document."""
    out = []
    for document in library.documents:
        if _checked(document) and library.reported(document):
            for code, severity, path, message, hint in findings(document):
                out.append(document.problem(code, message, path, hint=hint, severity=severity))
    for game in declared():
        words = vocabulary(game)
        for name, value, error in (words.problems if words else []):
            from ..content.problems import Problem
            out.append(Problem("effect-plugin", f"the effects plugin '{name}' ({value}) could not be loaded: {error}",
                               hint="fix or uninstall the package that declares it", severity="warning"))
    return out


def unknown_rows(library, game: str) -> list[dict]:
    """``workbench unknowns`` rows: each effect the engine does not play, and each foreign resource."""
    rows = []
    for document in library.documents:
        if document.game != game or not _checked(document):
            continue
        for code, _severity, path, message, _hint in findings(document):
            line, _ = document.locate(path)
            value = _value_at(document.data, path)
            rows.append({"kind": "effect" if code == "not-played" else "resource", "name": f"{document.id}: {path[-1]}"
                         if code == "foreign-resource" or isinstance(value, (int, float)) else
                         f"{document.id}: {'.'.join(map(str, path))}" if not isinstance(value, str) else
                         f"{document.id}: {value}",
                         "value": "not played" if code == "not-played" else "foreign resource",
                         "where": f"{document.file}:{line}", "why": message,
                         "todo": "write it with the vocabulary's played effects, or add a plugin effect"
                         if code == "not-played" else f"use a {game} resource"})
    return rows


def _value_at(data, path):
    for key in path:
        data = data[key]
    return data


# The effects installed plugins add (entry points `workbench.effects`) are in every schema loaded
# once this layer is imported: registered here, where the extension is defined, so any front end
# (validate, the notebook editor, a script) that reads the vocabulary also reads the schemas with it.
def _register() -> None:
    from ..content.schemas import extend_schemas

    extend_schemas(extend_schema, plugin_digest)


_register()
