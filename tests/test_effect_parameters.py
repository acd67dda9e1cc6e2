"""Issue 38: an effect's parameters are its own.

The schemas used to allow the union of every effect's parameters on every effect, so a designer's
typo silently changed the game: a Revolver card's ``{effect: draw, amount: 2}`` (the parameter is
``count``) validated clean and drew 1 card, Dark Horse ``{effect: draw-cards, tokens: 3}``
(``tokens`` is ``become-hex-type``'s) validated clean too. Each effect now has its own schema (its
parameters, nothing else); a key it does not take is one located ``effect-parameter`` error with a
did-you-mean, run as a designer runs ``validate``: from a folder outside the repository.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from clitools import assert_no_traceback, outside_repository, run

REVOLVER_CARD = """\
kind: card
game: revolver
id: quick-study
name: Quick Study
source: {document: house-rule, section: test fixture}
effects:
  - {effect: draw, PARAMETER: 2}
"""

DARK_HORSE_SPACE = """\
kind: action_space
game: dark-horse
id: fixture-mail-coach
name: Fixture Mail Coach
type: unlimited
claim: {requirement: any-die}
source: {document: house-rule, section: test fixture}
options:
  - text: Draw 3 cards and keep them.
    effects:
      - effect: draw-cards
        PARAMETER: 3
"""

#: The test plugin (tests/plugins/workbench-steal-silver, installed by ./dev setup) declares
#: `steal-silver` with one parameter, `amount`.
PLUGIN_SPACE = """\
kind: action_space
game: dark-horse
id: fixture-hold-up
name: Fixture Hold-Up
type: unlimited
claim: {requirement: any-die}
source: {document: house-rule, section: test fixture}
options:
  - text: Hold up the other players for 2 Silver each.
    effects: [{effect: steal-silver, PARAMETER: 2}]
"""


def where(path: Path, key: str) -> tuple[int, int]:
    """The 1-based line and column of ``key:`` in ``path``, read from the file itself."""
    [found] = [(i, line.index(f"{key}:") + 1) for i, line in enumerate(path.read_text().splitlines(), 1)
               if f"{key}:" in line]
    return found


#: Each file with its mistake: the key written instead of the effect's own parameter.
MISTAKES = {"card.yaml": (REVOLVER_CARD, "amount"), "space.yaml": (DARK_HORSE_SPACE, "tokens"),
            "plugin.yaml": (PLUGIN_SPACE, "draw")}
RIGHT = {"card.yaml": (REVOLVER_CARD, "count"), "space.yaml": (DARK_HORSE_SPACE, "draw"),
         "plugin.yaml": (PLUGIN_SPACE, "amount")}


def designer(base: Path, files: dict) -> Path:
    folder = outside_repository(base)
    folder.mkdir(parents=True)
    for name, (text, parameter) in files.items():
        (folder / name).write_text(text.replace("PARAMETER", parameter))
    return folder


@pytest.fixture(scope="module")
def mistakes(tmp_path_factory):
    """``validate --format json`` of a designer's folder holding the three mistakes (one run)."""
    folder = designer(tmp_path_factory.mktemp("effects") / "designer", MISTAKES)
    result = run("validate", "--format", "json", ".", cwd=folder)
    assert_no_traceback(result)
    problems: dict = {}
    for problem in result.json()["problems"]:
        problems.setdefault(Path(problem["file"]).name, []).append(problem)
    return folder, result, problems


def the_one_problem(mistakes, name: str) -> dict:
    folder, result, problems = mistakes
    assert result.code == 1
    [problem] = problems[name]          # one mistake, one problem (no cascade of the effects' branches)
    assert (problem["code"], problem["severity"]) == ("effect-parameter", "error")
    assert (problem["line"], problem["column"]) == where(folder / name, MISTAKES[name][1])
    return problem


def test_a_misspelt_revolver_parameter_is_a_located_error_with_a_did_you_mean(mistakes):
    # "Your opponent draws two cards": draw's parameter is `count` (Hunt the Man Down card list)
    problem = the_one_problem(mistakes, "card.yaml")
    assert problem["path"] == "$.effects[0].amount"
    assert "did you mean 'count'?" in problem["hint"]


def test_another_effects_parameter_on_dark_horse_draw_cards_is_a_located_error(mistakes):
    # `tokens` belongs to become-hex-type ("Place 2 Hideout tokens"); draw-cards draws `draw` cards
    problem = the_one_problem(mistakes, "space.yaml")
    assert "'become-hex-type'" in problem["message"] and "'draw-cards'" in problem["message"]
    assert "did you mean 'draw'" in problem["hint"]


def test_a_plugin_effects_wrong_parameter_is_a_located_error(mistakes):
    # `draw` is draw-cards'; the plugin's steal-silver takes `amount` (which 2 fits)
    problem = the_one_problem(mistakes, "plugin.yaml")
    assert "'draw-cards'" in problem["message"] and "'steal-silver'" in problem["message"]
    assert "did you mean 'amount'?" in problem["hint"]


def test_the_right_parameters_still_validate_clean(tmp_path):
    folder = designer(tmp_path / "designer", RIGHT)
    result = run("validate", "--format", "json", ".", cwd=folder)
    assert (result.code, result.json()["problems"]) == (0, [])


def test_each_effect_takes_only_its_own_parameters_and_the_ones_it_needs():
    """The vocabularies' reference (what a docs page is generated from) gives each effect its own
    parameters: those the rule texts and the engine's handlers read, nothing of another effect's."""
    from workbench.rules.effects import reference

    effects = {game: {e["effect"]: e for e in rows} for game, rows in reference(only_builtin=True).items()}
    assert set(effects["revolver"]["draw"]["parameters"]) == {"count", "who"}
    assert set(effects["revolver"]["attack-firepower"]["parameters"]) == {"amount"}
    assert set(effects["dark-horse"]["draw-cards"]["parameters"]) == {"deck", "draw", "keep"}
    assert set(effects["dark-horse"]["become-hex-type"]["parameters"]) == {"hex_type", "tokens"}
    # the engine cannot play these without the parameter (it has no default for it)
    assert effects["dark-horse"]["become-hex-type"]["required"] == ["hex_type"]
    assert effects["dark-horse"]["place-token"]["required"] == ["token"]
    for rows in effects.values():
        for row in rows.values():
            assert row["schema"]["additionalProperties"] is False
            assert set(row["schema"]["properties"]) == {"effect", "text", *row["parameters"]}


def test_each_effect_has_its_own_range_and_required_parameters():
    """A range is the effect's own: bullet wound tokens are removed by a negative count ("- [bullet
    wound icon]", Hunt the Man Down New Icons), while "Kill [star icon]" kills at least one card (a
    count of 0 was played as 1); Ghost Town's "it is now an Outlaw Hideout" needs the hex type."""
    import workbench.rules.effects  # noqa: F401  (the schemas with the installed plugins' effects)
    from workbench.content.loader import load_text
    from workbench.content.validate import document_problems

    text = REVOLVER_CARD.replace("{effect: draw, PARAMETER: 2}", "{effect: bullet-wound, count: -1}\n"
                                 "  - {effect: kill-star, count: 0}")
    [card], _ = load_text(text, "card.yaml")
    assert [(p.code, p.path, p.line) for p in document_problems(card)] == [("schema", "$.effects[1].count", 8)]
    hideout = DARK_HORSE_SPACE.replace("kind: action_space", "kind: hex_type\ncategory: mystery").replace(
        "type: unlimited\n", "").replace("effect: draw-cards", "effect: become-hex-type").replace("PARAMETER: 3",
                                                                                                 "tokens: 2")
    [hex_type], _ = load_text(hideout, "hex.yaml")
    [problem] = document_problems(hex_type)
    assert (problem.code, problem.path) == ("schema", "$.options[0].effects[0]")
    assert "'hex_type'" in problem.message and "'become-hex-type'" in problem.message


#: Where each game's effects are written: a document of that kind holding ``effects`` entries.
HOLDERS = {
    "revolver": ("kind: card\ngame: revolver\nid: c\nname: C\nsource: {document: house-rule}\n", "effects"),
    "dark-horse": ("kind: action_space\ngame: dark-horse\nid: s\nname: S\nsource: {document: house-rule}\n"
                   "options:\n  - text: t\n", "    effects"),
    "western-legends": ("kind: location\ngame: western-legends\nid: l\nname: L\nsource: {document: house-rule}\n"
                        "actions:\n  - text: t\n", "    effects"),
}
#: A value of each required parameter (an id: the references are not what this test checks).
REQUIRED = {"role": "marshal-token", "hex_type": "outlaw-hideout", "token": "tribe-token"}


@pytest.mark.parametrize("game", sorted(HOLDERS))
def test_every_other_effects_parameter_on_every_effect_is_one_located_problem(game):
    """Every effect of the game, written with each parameter another effect of the game takes:
    exactly one ``effect-parameter`` problem per entry, at that key (never a cascade of the other
    effects' branches), naming whose parameter it is."""
    import json

    import workbench.rules.effects  # noqa: F401
    from workbench.content.loader import load_text
    from workbench.content.validate import document_problems
    from workbench.rules.effects import reference

    effects = reference([game], only_builtin=True)[game]
    mistakes = [(e["effect"], key, other["effect"]) for e in effects for other in effects
                for key in other["parameters"] if key not in e["parameters"]]
    required = {e["effect"]: e["required"] for e in effects}
    head, key = HOLDERS[game]
    indent = key[:-len("effects")]
    entries = [json.dumps({"effect": name, **{p: REQUIRED[p] for p in required[name]}, foreign: 1})
               for name, foreign, _owner in mistakes]
    [document], _ = load_text(head + f"{key}:\n" + "".join(f"{indent}  - {e}\n" for e in entries), "effects.yaml")
    problems = sorted(document_problems(document), key=lambda p: p.line)
    assert len(mistakes) > 0 and len(problems) == len(mistakes)
    for (name, foreign, owner), problem in zip(mistakes, problems):
        assert problem.code == "effect-parameter" and problem.path.endswith(f"].{foreign}")
        assert f"not of the effect '{name}'" in problem.message and f"'{owner}'" in problem.message
