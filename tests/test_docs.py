"""The documentation site: it builds with ``mkdocs build --strict`` (a broken link, a missing anchor
or a page left out of the navigation fails), and its references, written from the code at build
time (tools/docs_reference.py), cover every command, problem code, effect and rule parameter the
registry, the layers' codes and the schemas know. Built once per run into a temporary folder."""
import argparse
import json
import os
import re
import subprocess
import sys
from html import unescape

import pytest

from clitools import ROOT

SCHEMAS = ROOT / "schemas"
CORPUS = ROOT / "tests" / "corpus"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(ROOT / "mkdocs.yml"),
                            "-d", str(out)], capture_output=True, text=True, cwd=out,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert build.returncode == 0, build.stdout + build.stderr
    return out


def ids(page) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page.read_text()))


def text(page) -> str:
    return unescape(re.sub(r"<[^>]+>", "", page.read_text()))


def test_the_site_builds_strict_with_every_page(site):
    for page in ("index", "tutorials/first-house-rule", "tutorials/custom-deck", "tutorials/own-map",
                 "explanation/balance-lab", "explanation/unknowns", "reference/commands", "reference/problem-codes",
                 "reference/effects", "reference/parameters", "reference/unknowns", "reference/api"):
        assert (site / f"{page}.html").is_file(), page


def test_every_problem_code_has_its_section(site):
    from workbench.app.checks import all_codes

    assert set(all_codes()) <= ids(site / "reference" / "problem-codes.html")


def _corpus_codes() -> set[str]:
    """The codes the corpora's cases say they show (their own expectations, not the site's code)."""
    codes = set()
    for expected in (CORPUS / "negative").glob("*/expected.json"):
        codes |= {row[0] for row in json.loads(expected.read_text())["problems"]}
    for case in (CORPUS / "models" / "negative").glob("*/case.json"):
        codes |= {row[0] for row in json.loads(case.read_text())["problems"]}
    return codes


def test_a_code_the_corpus_shows_has_its_failing_example_and_fix(site):
    page = (site / "reference" / "problem-codes.html").read_text()
    sections = dict(re.findall(r'<h2 id="([a-z-]+)">(.*?)(?=<h2 id=|</article>)', page, re.S))
    codes = _corpus_codes()
    assert len(codes) >= 25
    for code in codes:
        section = unescape(re.sub(r"<[^>]+>", "", sections[code]))
        assert "A failing example" in section and "validate says:" in section and f" {code}: " in section, code
        assert "The fix" in section or "correct twin" in section, code


def _schema_effects() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}

    def walk(node):
        if isinstance(node, dict):
            if "x-vocabulary" in node:
                found.setdefault(node["x-vocabulary"], set()).update(node["properties"]["effect"]["enum"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for schema in SCHEMAS.glob("*.schema.json"):
        walk(json.loads(schema.read_text()))
    return found


def test_every_effect_and_its_parameters_are_documented(site):
    import workbench.games  # noqa: F401  (each game's package registers its vocabulary)
    from workbench.rules.effects import builtin, declared

    page = site / "reference" / "effects.html"
    html, words = page.read_text(), text(page)
    schemas = _schema_effects()
    assert set(schemas) == set(declared())
    for game in declared():
        declared = builtin(game).effects
        assert schemas[game] <= set(declared)
        for name, effect in declared.items():
            assert f'id="{game}-{name}"' in html, (game, name)
            section = unescape(re.sub(r"<[^>]+>", "", html.split(f'id="{game}-{name}"', 1)[1].split("<h3", 1)[0]))
            for parameter, schema in effect.parameters.items():
                assert parameter in section, (game, name, parameter)
                for bound in ("minimum", "maximum"):
                    if bound in schema:
                        assert str(schema[bound]) in section, (game, name, parameter, bound)
        for resource in builtin(game).resources:
            assert resource in words


def _effect_sections(page) -> dict[tuple[str, str], str]:
    """Each effect's section of the effects page, as text: ``(game, effect) -> text``."""
    import workbench.games  # noqa: F401  (each game's package registers its vocabulary)
    from workbench.rules.effects import builtin, declared

    html = page.read_text()
    return {(game, name): unescape(re.sub(r"<[^>]+>", "", html.split(f'id="{game}-{name}"', 1)[1].split("<h3", 1)[0].split("</article>", 1)[0]
                                          .split("<h2", 1)[0]))
            for game in declared() for name in builtin(game).effects}


def test_every_effect_shows_the_log_line_it_writes_in_play(site):
    """issue 39: what each effect does in play, the line the engine writes, played through the engine
    (its example's parameters in the line; an effect not played says so with the vocabulary's reason)."""
    import yaml

    from workbench.rules.effects import builtin

    sections = _effect_sections(site / "reference" / "effects.html")
    for (game, name), section in sections.items():
        assert "In play" in section, (game, name)
        said = section.split("In play", 1)[1]
        assert "writes in the game's log:" in said or "writes no line in the log" in said, (game, name, said)
        assert not re.search(r"\bNone\b|\{'|\['", said), (game, name, said)   # words, not Python values
        effect = builtin(game).effects[name]
        if not effect.played:
            assert "not played" in said and effect.reason in said, (game, name, said)
    # the example's own numbers in its line (the parameters read from the example the page shows)
    def example(game, name):
        section = sections[(game, name)]
        return yaml.safe_load(section[section.index("effects:"):section.index("In play")])["effects"][0]

    draw = example("dark-horse", "draw-cards")
    keep = draw.get("keep", draw.get("draw", 1))   # the rulebook's "draw N, keep M"; all of them kept unless said
    assert f"draws {draw['draw']} cards, keeps {keep}" in sections[("dark-horse", "draw-cards")]
    firepower = example("revolver", "attack-firepower")["amount"]
    assert f"gains {firepower} firepower" in sections[("revolver", "attack-firepower")]
    points = example("revolver", "kill-points")["points"]
    assert f"{points} kill point" in sections[("revolver", "kill-points")]
    tokens = example("revolver", "border-tokens")["count"]
    assert f"tokens +{tokens}" in sections[("revolver", "border-tokens")]
    hex_type = example("dark-horse", "become-hex-type")["hex_type"]
    assert f"becomes the {hex_type.replace('-', ' ').title()}" in sections[("dark-horse", "become-hex-type")]


def test_every_rule_parameter_is_documented_with_its_range(site):
    from workbench.games import GAMES

    page = site / "reference" / "parameters.html"
    documented, html = ids(page), page.read_text()
    for entry in GAMES.values():
        for name, parameter in entry.spec().items():
            assert f"{entry.id}-{name.replace('_', '-')}" in documented, (entry.id, name)
            if "maximum" in parameter.schema:
                row = html.split(f'id="{entry.id}-{name.replace("_", "-")}"', 1)[1].split("</tr>", 1)[0]
                assert str(parameter.schema["maximum"]) in row, (entry.id, name)


def test_every_command_and_option_is_documented(site):
    from workbench.cli import build_parser

    def subparsers(parser):
        return {name: sub for a in parser._actions if a.__class__.__name__.endswith("Action") and hasattr(a, "_name_parser_map")
                for name, sub in a._name_parser_map.items()}

    words = text(site / "reference" / "commands.html")
    commands = subparsers(build_parser())
    assert {"validate", "list", "map", "deck", "gunfight", "play", "poker", "unknowns", "balance"} <= set(commands)
    for name, parser in commands.items():
        assert f"workbench {name}" in words
        for sub in [parser, *subparsers(parser).values()]:
            # every option but --help and the hidden ones (moved elsewhere, kept only to say where)
            for option in (o for a in sub._actions if a.help != argparse.SUPPRESS for o in a.option_strings
                           if o not in ("-h", "--help")):
                assert option in words, (name, option)
    for action in ("map check", "map layout", "deck odds", "poker compare", "balance tune"):
        assert f"workbench {action}" in words


def test_the_unknowns_reference_lists_what_workbench_unknowns_says(site):
    from workbench.content.published import published_library
    from workbench.games.unknowns import unknowns

    words = text(site / "reference" / "unknowns.html")
    names = {row["name"] for row in unknowns(published_library()) if row.get("name")}
    assert names and all(name in words for name in names)


def test_an_effect_example_made_for_the_page_is_valid_content():
    """Where no published document writes an effect, the page shows one made up: it must be what
    the game's schema accepts, parameters and all."""
    import importlib.util

    import jsonschema

    import workbench.games  # noqa: F401
    from workbench.rules.effects import builtin, declared

    spec = importlib.util.spec_from_file_location("docs_reference", ROOT / "tools" / "docs_reference.py")
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    for game in declared():
        vocabulary = builtin(game)
        schema = vocabulary.effect_schema(only_builtin=True)
        for effect in vocabulary.effects.values():
            entry = reference._made_up(effect)
            jsonschema.validate(entry, schema)
            assert set(entry) - {"effect"} == {n for n, s in effect.parameters.items()
                                               if "enum" in s or s.get("type") in ("integer", "number", "boolean")
                                               or n in effect.required}


def test_the_readme_is_the_front_door():
    """At most 300 lines, the two commands first, and every link into the site a page that exists."""
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 300
    assert readme.startswith("# Frontier Workbench\n\n```bash\n./dev open ")
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme)
    local = [link for link in links if "://" not in link]
    assert len(local) >= 15
    for link in local:
        assert (ROOT / link).is_file(), link
