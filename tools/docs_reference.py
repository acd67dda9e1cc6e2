"""The documentation site's reference pages, written from the code at build time (a MkDocs hook).

Nothing here is written by hand beside the code it describes: the commands and their options come
from the command line's argparse parser (:func:`workbench.cli.build_parser`), the problem codes
from every layer's ``CODES`` (:func:`workbench.app.checks.all_codes`) with a failing example from
the test corpora run through the validator, the effect vocabularies from
:func:`workbench.rules.effects.builtin`, the rule parameters from each registered game's ``SPEC``
(:data:`workbench.games.GAMES`) with the published values, and the unknowns from
:func:`workbench.games.unknowns.unknowns`. A page goes stale only when the code changes, and then
the next build writes it anew; ``tests/test_docs.py`` checks that every code, effect and parameter
is on its page.

``mkdocs.yml`` names this file under ``hooks:``; :func:`pages` is what the tests call.
"""
from __future__ import annotations

import argparse
import difflib
import json
import random
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"


def _content_games() -> tuple:
    """The games whose content the references cover, in the order of the site: each registered
    game's documents once (the registry's order)."""
    import sys

    sys.path.insert(0, str(ROOT))
    from workbench.games import GAMES

    return tuple(dict.fromkeys(entry.content_game for entry in GAMES.values()))


#: The games whose content the references cover, in the order of the site.
CONTENT_GAMES = _content_games()
#: The most lines of a failing file or of a fix shown beside a problem code.
SHOWN_LINES = 14


def cell(text) -> str:
    """``text`` safe inside a Markdown table cell (no raw HTML, no cell break, one line)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("|", "\\|").replace("[", "\\[").replace("]", "\\]").replace("\n", " "))


def _fence(text: str, language: str = "yaml") -> str:
    fence = "````" if "```" in text else "```"
    return f"{fence}{language}\n{text.rstrip()}\n{fence}\n"


def _relative(path) -> str:
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


# -- commands ------------------------------------------------------------------------------------

def _option_rows(parser: argparse.ArgumentParser) -> list[str]:
    rows = []
    for action in parser._actions:  # noqa: SLF001 - argparse exposes its actions only this way
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):  # noqa: SLF001
            continue
        if action.help == argparse.SUPPRESS:
            continue
        name = ", ".join(action.option_strings) or (action.metavar or action.dest)
        if action.option_strings and action.nargs != 0:
            name += f" {action.metavar or action.dest.upper()}"
        extra = []
        if action.choices and not isinstance(action.choices, dict):
            extra.append("one of " + ", ".join(f"`{c}`" for c in action.choices))
        if action.option_strings and action.default not in (None, False, argparse.SUPPRESS, [], ()):
            extra.append(f"default `{action.default}`")
        about = (action.help or "") % {"default": action.default, "prog": parser.prog} if action.help else ""
        rows.append(f"| `{cell(name)}` | {cell(about)}{' (' + cell('; '.join(extra)) + ')' if extra else ''} |")
    return rows


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # noqa: SLF001
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return dict(action._name_parser_map)  # noqa: SLF001 - `balance` keeps its parsers only there
    return {}


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    for action in parser._actions:  # noqa: SLF001
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return {a.dest: a.help or "" for a in action._choices_actions}  # noqa: SLF001
    return {}


def command_names() -> list[str]:
    """Every command and action (``validate``, ``map check``, ``balance tune``), as on the page."""
    from workbench.cli import build_parser

    names = []
    for name, parser in _subparsers(build_parser()).items():
        names.append(name)
        names += [f"{name} {action}" for action in _subparsers(parser)]
    return names


def commands_page() -> str:
    from workbench.cli import build_parser

    top = build_parser()
    out = ["# Commands and options\n",
           "Written from the command line's own parser (`workbench/cli/`) each time the site is built:"
           " every command, its actions and every option, with the help `workbench COMMAND --help` prints."
           " Exit codes and the JSON output are in [Validating content](../how-to/validate.md#exit-codes).\n",
           "```text\n" + top.format_usage().strip() + "\n```\n", top.description + "\n"]
    helps = _helps(top)
    for name, parser in _subparsers(top).items():
        out.append(f"## `workbench {name}`\n\n{helps.get(name, '')}\n")
        actions, action_helps = _subparsers(parser), _helps(parser)
        rows = _option_rows(parser)
        if rows:
            out.append("| argument or option | what it does |\n|---|---|\n" + "\n".join(rows) + "\n")
        for action, sub in actions.items():
            out.append(f"### `workbench {name} {action}`\n\n{action_helps.get(action, '')}\n")
            out.append("```text\n" + sub.format_usage().strip() + "\n```\n")
            rows = _option_rows(sub)
            if rows:
                out.append("| argument or option | what it does |\n|---|---|\n" + "\n".join(rows) + "\n")
    return "\n".join(out)


# -- problem codes -------------------------------------------------------------------------------

def _cases() -> list[tuple[Path, Path | None]]:
    """The corpora's cases of designer mistakes, each with its correct twin where it has one."""
    cases = []
    for folder in sorted((CORPUS / "models" / "negative").iterdir()):
        spec = json.loads((folder / "case.json").read_text())
        twin = CORPUS / "models" / "positive" / spec["twin"] if spec.get("twin") else None
        cases.append((folder, twin if twin and twin.is_dir() else None))
    cases += [(folder, None) for folder in sorted((CORPUS / "negative").iterdir()) if folder.is_dir()]
    cases += [(CORPUS / name, None) for name in ("conflicts", "designer-effects-unplayable",
                                                "designer-western-legends-unplayable")]
    return cases


@lru_cache(maxsize=1)
def examples() -> dict[str, tuple]:
    """For each problem code the corpora show: ``(problem, case folder, twin folder or None)``, the
    first such problem met (the model cases first: they have a corrected twin)."""
    from workbench.app.validate import validate_paths
    from workbench.content.published import published_documents

    found: dict[str, tuple] = {}
    behind = published_documents()
    for folder, twin in _cases():
        # as `validate CASE --library published` reports it: the published games behind the case
        for problem in validate_paths([folder], background=behind, workers=1).problems:
            if problem.code in found or not problem.file or problem.line is None:
                continue
            if Path(problem.file).resolve().parent != folder.resolve():
                continue
            found[problem.code] = (problem, folder, twin)
    return found


def _excerpt(path: Path, line: int) -> str:
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    start = max(0, line - 1 - SHOWN_LINES // 2)
    shown = lines[start:start + SHOWN_LINES]
    # the problem's line marked, as an editor's gutter would
    return "\n".join(f"{'>' if start + i + 1 == line else ' '}{start + i + 1:>3} | {text}" for i, text in enumerate(shown))


def _fix(problem, folder: Path, twin: Path | None) -> str:
    """The validator's hint, and the corpus's correct twin of the file where it has one (as a diff
    when the two differ in a few lines, else named)."""
    out = f"**The fix:** {cell(problem.hint)}\n" if problem.hint else ""
    name = Path(problem.file).name
    if twin is not None and (twin / name).is_file():
        diff = list(difflib.unified_diff((folder / name).read_text().splitlines(), (twin / name).read_text().splitlines(),
                                         f"{name} (with the mistake)", f"{name} (fixed)", n=1, lineterm=""))
        if len(diff) <= SHOWN_LINES * 2:
            out += f"\nIts correct twin, `{_relative(twin / name)}`:\n\n" + _fence("\n".join(diff), "diff")
        else:
            out += f"\nA correct file of the same kind: `{_relative(twin / name)}`.\n"
    return out


def codes_page() -> str:
    from workbench.app.checks import all_codes

    codes, shown = all_codes(), examples()
    out = ["# Problem codes\n",
           "Every code `validate`, `map check` and `deck check` report, written from the layers' `CODES`"
           " (collected in `workbench/app/checks.py`) each time the site is built. Where the test corpora"
           " (`tests/corpus/`) hold a file with that mistake, it is shown as `validate` reports it today, with"
           " its fix: the corrected twin where the corpus has one, else the validator's own hint."
           " A problem is one line `FILE:LINE:COLUMN: severity CODE: message`, then its `hint:`.\n",
           "| code | what it means |\n|---|---|"]
    out += [f"| [`{code}`](#{code}) | {cell(about)} |" for code, about in codes.items()]
    out.append("")
    for code, about in codes.items():
        out.append(f"## `{code}` {{#{code}}}\n\n{cell(about[:1].upper() + about[1:])}.\n")
        if code not in shown:
            out.append("No file of the test corpora shows this mistake yet.\n")
            continue
        problem, folder, twin = shown[code]
        path = Path(problem.file)
        out.append(f"A failing example, `{_relative(path)}`:\n\n" + _fence(_excerpt(path, problem.line), "text"))
        out.append("`validate` says:\n\n" + _fence(
            f"{path.name}:{problem.line}:{problem.column}: {problem.severity} {problem.code}: {problem.message}"
            + (f"\n  hint: {problem.hint}" if problem.hint else ""), "text"))
        out.append(_fix(problem, folder, twin))
    return "\n".join(out)


# -- effects -------------------------------------------------------------------------------------

def game_name(game: str) -> str:
    """A game's name as a designer reads it (``dark-horse`` -> Dark Horse), from the registry."""
    from workbench.games import GAMES, for_content

    entry = GAMES.get(game) or next(iter(for_content(game)), None)
    return entry.name if entry is not None else game


def _schema_type(schema: dict) -> str:
    from workbench.rules.ruleset import Parameter, _type_hint

    if schema.get("type") == "string":
        if "x-ref" in schema:
            return "the id of a " + " or ".join(k.replace("_", " ") for k in schema["x-ref"])
        return "text" + (f" matching `{schema['pattern']}`" if "pattern" in schema else "")
    if schema.get("type") in ("integer", "number") and "maximum" not in schema:
        kind = "a whole number" if schema["type"] == "integer" else "a number"
        return kind + (f" of at least {schema['minimum']}" if "minimum" in schema else "")
    return _type_hint(Parameter("", schema, ""))


@lru_cache(maxsize=1)
def _uses() -> dict[tuple[str, str], tuple]:
    """The first place the published games write each effect: ``(game, effect) -> (file, line, entry)``."""
    from workbench.content.published import published_library
    from workbench.rules.effects import _options

    uses = {}
    for document in published_library().documents:
        # an option's effects (action spaces, hex types, locations, items), and a card's own (Revolver)
        lists = [(path, option.get("effects")) for path, option in _options(document)] + [([], document.data.get("effects"))]
        for path, entries in lists:
            for index, entry in enumerate(entries if isinstance(entries, list) else []):
                if isinstance(entry, dict) and (document.game, entry.get("effect")) not in uses:
                    line, _ = document.locate([*path, "effects", index])
                    uses[(document.game, entry.get("effect"))] = (document.file, line, entry, document.id)
    return uses


def _made_up(effect) -> dict:
    """An entry of ``effects:`` for an effect no published document writes: each parameter at its
    lowest allowed value (or first choice); a parameter naming a document is left to the designer."""
    entry = {"effect": effect.name}
    for name, schema in effect.parameters.items():
        if "enum" in schema:
            entry[name] = schema["enum"][0]
        elif schema.get("type") in ("integer", "number"):
            entry[name] = schema.get("minimum", 0)
        elif schema.get("type") == "boolean":
            entry[name] = True
        elif name in getattr(effect, "required", ()):
            # a required parameter naming a document: one of the published games' documents of that kind
            entry[name] = _published_id(effect, schema)
    return entry


def _written_on(game: str, effect) -> str | None:
    """A published document of ``game`` of a kind the effect is written on (its example's place)."""
    return next((d.id for d in _library().documents if d.game == game and d.kind in effect.kinds), None)


def _published_id(effect, schema) -> str:
    kinds = schema.get("x-ref") or []
    game = next((g for g, v in _games_of(effect)), None)
    for document in _library().documents:
        if document.kind in kinds and (game is None or document.game == game):
            return document.id
    return f"your-{(kinds or ['document'])[0].replace('_', '-')}"


def _games_of(effect):
    from workbench.rules.effects import builtin, declared
    return [(g, builtin(g)) for g in declared() if builtin(g).effects.get(effect.name) is effect]


#: The most decisions and chance outcomes a game is played on from its start (by its own bot, then
#: by seeded random choices), to reach a moment an effect can be played alone (setup done, no choice pending, the
#: activity offered); the first such moment is taken.
PLAY_ON = 300


def _starts(game: str):
    """Fresh states of ``game`` from the published content, each with its engine and scenario, built
    as they are asked for: each registered engine of the game with no scenario, then with each
    published scenario of the game (a Mystery Hex on the board comes with a scenario)."""
    from workbench.games import for_content

    scenarios = [None] + [d.id for d in _library().documents if d.game == game and d.kind == "scenario"]
    for entry in for_content(game):
        for scenario in scenarios:
            state = _start(entry.id, scenario)
            if state is not None:
                yield state, entry, scenario


@lru_cache(maxsize=None)
def _start(engine: str, scenario: str | None):
    from workbench.games import GAMES

    entry = GAMES[engine]
    try:
        return entry.load().build(_library(), scenario=scenario).new_initial_state(players=entry.default_players, seed=1)
    except Exception:  # noqa: BLE001 - a scenario this engine cannot set up is no start for it
        return None


def _names_of(game: str) -> dict:
    from workbench.cli.games import _names

    return _names(_library(), game)


def played(game: str, effect, entry: dict, where: str | None) -> tuple[list[str], str]:
    """What the engine writes in its log when ``entry`` (an effect of ``game`` with its example
    parameters) is played alone, as the game's own describer words it: ``(lines, on what)``, or
    ``([], why not)`` where it cannot be played so. The effect is played through the engine's
    :meth:`~workbench.games.base.State.play_effect` on the first moment of a game from the published
    content where it can be (the game played on from its start by its own bot, then at random, seeded),
    on the document ``where`` (or, failing that, on none named)."""
    from workbench.cli.games import describe_event
    from workbench.games.base import EffectNotReady

    why = "no engine of the game plays one effect on its own"
    for start, engine, scenario in _starts(game):
        # played on by the game's own bot, then at random (a moment one of them never reaches)
        for policy in dict.fromkeys([type(start.game).BOTS.get(engine.default_bot), _random_choice]):
            state, rng = start.clone(), random.Random(1)
            for _ in range(PLAY_ON):
                for place in dict.fromkeys([where, None]):
                    trial = state.clone()
                    logged = len(trial.log)
                    try:
                        trial.play_effect(dict(entry), place)
                    except NotImplementedError:
                        break
                    except EffectNotReady as error:
                        why = (f"no moment in the first {PLAY_ON} moves of a game from the published content lets it be"
                               f" played (the last said: {error})")
                        continue
                    events = list(trial.log)[logged:]
                    lines = [line for line in (describe_event(event, engine.describe(), _names_of(game), trial).strip()
                                               for event in events) if line]
                    if events and not lines:   # events the game's log leaves out: say which
                        lines = [None, ", ".join(dict.fromkeys(e["event"] for e in events))]
                    scenario_name = _names_of(game).get(scenario, scenario)
                    return lines, (f"{engine.name}" + (f", scenario {scenario_name}" if scenario else "")
                                   + (f", written on {_names_of(game).get(place, place)}" if place else ""))
                else:
                    if state.is_terminal():
                        break
                    state.apply_in_place(state.sample_chance(rng) if state.is_chance_node() else (policy or _random_choice)(state, rng))
                    continue
                break
    return [], why


def _random_choice(state, rng):
    return rng.choice(state.legal_actions())


def _in_play(game: str, effect, entry: dict, where: str | None) -> str:
    """The page's "In play" paragraph of an effect."""
    lines, about = played(game, effect, entry, where)
    if not lines and about.startswith("no "):
        return f"**In play:** it cannot be played on its own here: {cell(about)}.\n"
    if not lines:
        return f"**In play** ({cell(about)}): it writes no line in the log.\n"
    if lines[0] is None:
        return (f"**In play** ({cell(about)}): it writes no line in the log; its events ({cell(lines[1])})"
                " are left out of the game's log lines.\n")
    return (f"**In play** ({cell(about)}), the example above writes in the game's log:\n\n"
            + _fence("\n".join(lines), "text"))


def effects_page() -> str:
    import yaml

    from workbench.rules.effects import builtin

    out = ["# Effect vocabularies\n",
           "What a designer may write under `effects:` of an option (an action space's, a hex type's, a"
           " location's or an item's), game by game, written from each game's declarations in"
           " `workbench/rules/*_effects.py` each time the site is built: every effect, what it does in play,"
           " the rule text it comes from, its parameters with their types and ranges, and an example from"
           " the published games where they write it. An effect the engine does not play is a `not-played`"
           " warning wherever it is written, and a game that reaches it logs a `not-played` no-op with the"
           " reason. Plugins add effects of their own ([Effects, declared once](../explanation/effects.md)).\n"]
    for game in CONTENT_GAMES:
        vocabulary = builtin(game)
        out.append(f"## {game_name(game)} {{#{game}}}\n")
        if vocabulary.resources:
            out.append(f"**Resources** a `cost:` or `gain:` may name (`game: {game}`):\n\n| resource | what it is |\n|---|---|\n"
                       + "\n".join(f"| `{name}` | {cell(about)} |" for name, about in vocabulary.resources.items()) + "\n")
        else:
            out.append("Its vocabulary declares no resources.\n")
        for effect in vocabulary.effects.values():
            out.append(f"### `{effect.name}` {{#{game}-{effect.name}}}\n\n{cell(effect.about[:1].upper() + effect.about[1:])}.\n")
            facts = [f"From: {cell(effect.source)}.",
                     "Played by the engine." if effect.played else f"**Not played**: {cell(effect.reason)}.",
                     "Written on: " + ", ".join(k.replace("_", " ") + "s" for k in effect.kinds) + "."]
            if effect.offered_when:
                facts.append("Offered as an action only when: " + "; ".join(
                    cell(vocabulary.conditions[c]) for c in effect.offered_when) + ".")
            out.append("\n".join(f"- {fact}" for fact in facts) + "\n")
            if effect.parameters:
                out.append("| parameter | type and range | what it is |\n|---|---|---|\n" + "\n".join(
                    f"| `{name}` | {cell(_schema_type(schema))} | {cell(schema.get('description', ''))} |"
                    for name, schema in effect.parameters.items()) + "\n")
            else:
                out.append("No parameters.\n")
            use = _uses().get((game, effect.name))
            if use:
                file, line, entry, where = use
                out.append(f"Written in `{_relative(file)}` line {line}:\n\n"
                           + _fence(yaml.safe_dump({"effects": [entry]}, sort_keys=False, allow_unicode=True)))
            else:
                entry, where = _made_up(effect), _written_on(game, effect)
                if effect.name != "unknown":
                    out.append("No published document writes it; written, it reads (an example made for this page"
                               + (", with its parameters at their lowest values" if effect.parameters else "") + "):\n\n"
                               + _fence(yaml.safe_dump({"effects": [entry]}, sort_keys=False, allow_unicode=True)))
            out.append(_in_play(game, effect, entry, where))
    return "\n".join(out)


# -- rule parameters and unknowns ----------------------------------------------------------------

def _library():
    from workbench.content.published import published_library

    return published_library()


def parameters_page() -> str:
    from workbench.games import GAMES
    from workbench.games.unknowns import parameter_table
    from workbench.rules.ruleset import show

    out = ["# Rule parameters\n",
           "Every number and choice the engines read from the rules as data, game by game, written from each"
           " registered game's declared types (`SPEC` in `workbench/rules/*.py`, through the registry"
           " `workbench.games.GAMES`) and the published games' values each time the site is built. Set one in"
           " a variant's or scenario's `parameters:`, or for one run with `--set NAME=VALUE`"
           " ([Rules as data](../explanation/rules-as-data.md)); `workbench unknowns --parameters` prints the"
           " same for your library. *unknown* is a value the rules texts do not give"
           " ([Unknowns](unknowns.md)).\n"]
    rows = parameter_table(_library())
    for entry in GAMES.values():
        out.append(f"## {entry.name} (`{entry.id}`)\n")
        mine = [r for r in rows if r["game"] == entry.id]
        out.append("| parameter | published value | type and range | what it does | declared in |\n|---|---|---|---|---|\n"
                   + "\n".join(f"| `{r['name']}` {{#{entry.id}-{r['name'].replace('_', '-')}}}"
                               f" | {cell(show(r['value']) if r['value'] is not None else '(none)')}"
                               f" | {cell(r['type'])} | {cell(r['about'])}"
                               + (f" (only with `{cell(r['only_with'])}`)" if r["only_with"] else "")
                               + f" | {cell(_relative(r['where'].rsplit(':', 1)[0]) + ':' + r['where'].rsplit(':', 1)[1]) if r['where'] else '-'} |"
                               for r in mine) + "\n")
    return "\n".join(out)


def unknowns_page() -> str:
    from workbench.games.unknowns import unknowns
    from workbench.rules.ruleset import show

    rows = unknowns(_library())
    out = ["# Unknowns\n",
           "What the published rules texts leave unknown that an engine needs, and what the workbench assumes"
           " where they are silent: the list `workbench unknowns` prints, written from"
           " `workbench/games/unknowns.py` over the published games each time the site is built. How a designer"
           " fills one in: [What the texts leave unknown](../explanation/unknowns.md).\n"]
    current = None
    for row in rows:
        if (row["game"], row["kind"]) != current:
            current = (row["game"], row["kind"])
            out.append(f"\n## {game_name(row['game'])}: {row['kind']}s\n")
        where = _relative(row["where"].rsplit(":", 1)[0]) + ":" + row["where"].rsplit(":", 1)[1] if row.get("where") else ""
        if row["kind"] == "unknown value":
            out.append(f"- **{cell(row['document'])}**: `{cell(row['field'])}`" + (f" ({where})" if where else "")
                       + f": {cell(row['why'])}")
            continue
        out.append(f"- **`{cell(row['name'])}`** ({cell(show(row['value']))}): {cell(row['why'])}"
                   + (f"  \n  *To do:* {cell(row['todo'])}" if row.get("todo") else "") + (f" ({where})" if where else ""))
    out.append(f"\n{len(rows)} items.\n")
    return "\n".join(out)


# -- the hook ------------------------------------------------------------------------------------

def pages() -> dict[str, str]:
    """The generated pages: path under the docs folder -> Markdown."""
    return {"reference/commands.md": commands_page(), "reference/problem-codes.md": codes_page(),
            "reference/effects.md": effects_page(), "reference/parameters.md": parameters_page(),
            "reference/unknowns.md": unknowns_page()}


def on_files(files, config):
    """MkDocs hook: add the generated pages to the site (they exist only in the build)."""
    from mkdocs.structure.files import File

    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files
