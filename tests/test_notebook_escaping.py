"""No text from a designer's files runs as script in the JupyterLab page (issue 28): every panel is
rendered from a library whose names, file names and kinds are hostile HTML, and every HTML widget
it shows is read back. One mechanism does it (``common.HTML``, through an allow-list sanitiser),
and no panel module makes an ``ipywidgets.HTML`` of its own."""
from __future__ import annotations

import ast
import dataclasses
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from workbench.content.library import Library
from workbench.notebook import common
from workbench.notebook.common import VARIANTS, library

HOSTILE = "<img src=x onerror=alert(1)><script>alert(2)</script>"
NOTEBOOK = Path(common.__file__).parent
ALLOWED = common._TAGS


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.bad = []

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED:
            self.bad.append(tag)
        self.bad += [f"{tag} {name}" for name, _ in attrs if name.startswith("on") or name in ("src", "href")]


def _widgets(root):
    seen, todo = set(), [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        todo.extend(getattr(widget, "children", ()) or ())


def assert_safe(box) -> list[str]:
    """Every HTML widget under ``box`` holds only allowed tags and no event handler; returns their values."""
    import ipywidgets as w
    values = []
    for widget in _widgets(box):
        assert not getattr(widget, "description_allow_html", False), widget
        if isinstance(widget, (w.HTML, w.HTMLMath)):
            parser = _Tags()
            parser.feed(widget.value)
            assert not parser.bad, (parser.bad, widget.value[:300])
            values.append(widget.value)
    return values


@pytest.fixture(scope="module")
def hostile():
    """The shipped library with every document's name made hostile HTML."""
    lib = library()
    return Library.from_documents(
        dataclasses.replace(d, data={**d.data, "name": HOSTILE + str(d.data.get("name", ""))})
        if isinstance(d.data, dict) and "name" in d.data else d for d in lib.documents)


def test_no_panel_module_makes_an_html_widget_of_its_own():
    for path in NOTEBOOK.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ("HTML", "HTMLMath") and path.name != "common.py":
                raise AssertionError(f"{path.name}:{node.lineno} makes an ipywidgets HTML widget: use common.HTML")


def test_a_value_set_later_is_sanitised_too():
    widget = common.HTML("<b>ok</b>")
    widget.value = f"<h4>{HOSTILE}</h4>"
    assert "onerror" not in widget.value and "<script" not in widget.value and "<img" not in widget.value


def test_the_editor_shows_a_hostile_file_name_and_kind_as_text(tmp_path):
    from workbench.notebook.editor import picker
    folder = tmp_path / "shared"
    folder.mkdir()
    name = "<img src=x onerror=alert(1)>.yaml"
    shutil.copy(VARIANTS / "house-rules" / "telegraph-office.yaml", folder / name)
    (folder / "kind.yaml").write_text(f"kind: '{HOSTILE}'\ngame: dark-horse\nid: x\nname: '{HOSTILE}'\n")
    box = picker(folder, library=library([VARIANTS / "dark-horse"]))
    for path in (folder / name, folder / "kind.yaml"):
        box.file.value = path
        values = assert_safe(box)
        assert any("&lt;img src=x onerror=alert(1)&gt;" in v for v in values)  # shown, as text


def test_the_scenario_designer(hostile):
    from workbench.notebook.scenario import ScenarioDesigner, designer_widget
    box = designer_widget(ScenarioDesigner(hostile, "mixed", HOSTILE))
    box.start.value = "high-noon"
    box.against.value = "high-noon"
    assert_safe(box)


def test_the_map_explorer(hostile):
    from workbench.notebook.map_explorer import MapExplorer, explorer_widget
    box = explorer_widget(MapExplorer(hostile, "illustrative-territory", seed=3))
    box.picker.value = box.picker.options[1][1]
    assert_safe(box)


def test_the_deck_builder(hostile):
    from workbench.notebook.deck_builder import DeckBuilder, builder_widget
    builder = DeckBuilder(hostile, "illustrative-mcready-base", name=HOSTILE)
    box = builder_widget(builder)
    assert_safe(box)


def test_the_turn_stepper(hostile):
    from workbench.games.dark_horse.engine import BOTS, new_game
    from workbench.notebook.turns import TurnStepper, stepper_widget
    stepper = TurnStepper(new_game(hostile, "high-noon", 2, seed=1, rounds=1),
                          {"red": BOTS["random"], "blue": BOTS["random"]})
    box = stepper_widget(stepper, "dark-horse", library=hostile)
    for _ in range(5):
        box.step_button.click()
    assert_safe(box)


def test_the_odds_lab(hostile):
    from workbench.notebook.odds_lab import OddsLab, odds_widget
    box = odds_widget(OddsLab(hostile))
    box.fighter_name.value, box.fighter_spec.value = HOSTILE, "combat=2,duel=1"
    box.add_button.click()
    assert_safe(box)


def test_a_banner_and_a_question(hostile):
    banner, confirm = common.Banner(), common.Confirm()
    banner.show("error", HOSTILE, HOSTILE, raw_detail=True)  # even detail passed as HTML
    confirm.ask(HOSTILE, "yes", lambda: None)
    assert_safe(banner.widget) and assert_safe(confirm.widget)


@pytest.mark.parametrize("error, words", [(OSError(28, "No space left on device", "/home/d/deck.yaml"), "the disk is full"),
                                          (OSError(30, "Read-only file system", "/media/d/deck.yaml"), "read-only")])
def test_a_full_disk_or_a_read_only_folder_is_not_called_a_bug(error, words):
    banner = common.Banner()

    @common.shows_errors(banner)
    def save(_):
        raise error

    save(None)
    assert banner.kind == "refused" and words in banner.text and "bug" not in banner.text, banner.text

