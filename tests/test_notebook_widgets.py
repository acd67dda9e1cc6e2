"""The notebooks' widgets, driven without a browser: set values, click, check state and files."""
import matplotlib

matplotlib.use("Agg")

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from workbench.notebook.common import VARIANTS, library, shows_errors

HOUSE = VARIANTS / "house-rules"


@pytest.fixture(scope="module")
def lib():
    return library()


@pytest.fixture(scope="module")
def published():
    return library([VARIANTS / "dark-horse", VARIANTS / "revolver", VARIANTS / "western-legends"])


def text_of(output) -> str:
    return "".join(o.get("text", "") for o in output.outputs)


def test_callback_errors_are_shown_in_the_notebook():
    import ipywidgets as w
    out = w.Output()

    @shows_errors(out)
    def broken(_):
        raise ValueError("the Carnival die has four sides")

    assert broken(None) is None
    assert "error: the Carnival die has four sides" in text_of(out)


# -- 01 edit content ------------------------------------------------------------------------

def editor_box(tmp_path, published):
    from workbench.notebook.editor import DocumentEditor, form
    path = tmp_path / "telegraph-office.yaml"
    shutil.copy(HOUSE / "telegraph-office.yaml", path)
    return path, form(DocumentEditor(path, library=published))


def test_the_picker_opens_any_document_of_any_file(tmp_path, published):
    from workbench.notebook.editor import picker
    folder = tmp_path / "house-rules"
    shutil.copytree(HOUSE, folder)
    box = picker(folder, library=published)
    files = [label for label, _ in box.file.options]
    assert "telegraph-office.yaml" in files and "illustrative-mcready-base.yaml" in files
    box.file.value = folder / "illustrative-mcready-base.yaml"
    assert [label for label, _ in box.document.options][-1].endswith("deck illustrative-mcready-base")
    box.document.value = len(box.document.options) - 1
    assert box.current().editor.kind == "deck" and box.current().editor.index == 3


def test_form_fields_come_from_the_schema(tmp_path, published):
    import ipywidgets as w
    _, box = editor_box(tmp_path, published)
    assert isinstance(box.controls["type"][1], w.Dropdown) and "limited" in box.controls["type"][1].options
    assert isinstance(box.controls["large"][1], w.Checkbox)
    assert isinstance(box.controls["name"][1], w.Text)


def test_editing_a_field_validates_live_and_saves_keeping_comments(tmp_path, published):
    path, box = editor_box(tmp_path, published)
    original = path.read_text()
    box.controls["name"][1].value = "Telegraph & Post"
    assert "name: Telegraph & Post" in box.raw.value and "no problems" in box.problems.value
    box.controls["type"][1].value = "unlimited"
    box.save_button.click()
    saved = path.read_text()
    assert "saved" in text_of(box.messages)
    # every comment line of the original is still there, in order
    assert [l for l in original.splitlines() if l.lstrip().startswith("#")] == [l for l in saved.splitlines() if l.lstrip().startswith("#")]
    assert "type: unlimited" in saved and "name: Telegraph & Post" in saved
    assert not list(tmp_path.glob(".*.tmp"))


def test_raw_yaml_typing_shows_problems_with_lines(tmp_path, published):
    _, box = editor_box(tmp_path, published)
    box.raw.value = box.raw.value.replace("type: limited", "type: limted")
    assert "schema" in box.problems.value and "limted" in box.problems.value and ":8:" in box.problems.value
    box.raw.value = box.raw.value + "type: limited\n"
    assert "duplicate-key" in box.problems.value


def test_saving_over_a_file_changed_on_disk_is_refused_then_reload_works(tmp_path, published):
    path, box = editor_box(tmp_path, published)
    box.controls["name"][1].value = "Mine"
    path.write_text(path.read_text().replace("Telegraph Office", "Theirs"))
    box.save_button.click()
    assert "not saved" in text_of(box.messages) and "Theirs" in path.read_text()
    box.reload_button.click()
    assert "Theirs" in box.raw.value
    box.controls["name"][1].value = "Mine again"
    box.save_button.click()
    assert "Mine again" in path.read_text()


# -- 02 scenario designer --------------------------------------------------------------------

def test_scenario_designer_shows_conflicts_and_saves(tmp_path, lib):
    from workbench.notebook.scenario import ScenarioDesigner, designer_widget
    box = designer_widget(ScenarioDesigner(lib, "mixed", "Mixed"))
    box.start.value = "high-noon"
    assert set(box.picks["action_spaces"].value) == {"stagecoach", "trader-new", "marshal", "saloon"}
    box.picks["action_spaces"].value = tuple(sorted(set(box.picks["action_spaces"].value) | {"barnstorming"}))
    assert "replacement-conflict" in box.problems.value and "market" in box.problems.value
    box.picks["action_spaces"].value = ("stagecoach", "campaign")
    assert "no problems" in box.problems.value
    box.folder.value = str(tmp_path)
    box.save_button.click()
    from workbench.content.validate import validate_paths
    result = validate_paths([VARIANTS, tmp_path / "mixed.yaml"])
    assert result.ok and result.library.data("dark-horse", "scenario", "mixed")["action_spaces"] == ["stagecoach", "campaign"]


# -- 03 map explorer -------------------------------------------------------------------------

def test_map_explorer_select_place_remove_and_move(lib):
    from workbench.notebook.map_explorer import MapExplorer, explorer_widget
    box = explorer_widget(MapExplorer(lib, "illustrative-territory", seed=3))
    box.picker.value = (0, 0)
    assert "safe-zone" in box.info.value
    box.piece.value = "city"
    box.place_button.click()                       # a city on a safe zone: refused, and why
    assert "may not place a city" in text_of(box.messages)
    box.piece.value = "town"
    box.place_button.click()                       # red's town on the safe zone: fine
    assert any(p.at == (0, 0) and p.player == "red" for p in box.explorer.board.pieces)
    box.remove_button.click()
    assert not any(p.at == (0, 0) and p.piece == "town" for p in box.explorer.board.pieces)
    box.picker.value = (3, 0)
    box.step_button.click()
    last = box.explorer.history[-1]
    assert last.startswith("rolled") and (("stays" in last) == (box.picker.value == (3, 0)))


def test_clicking_the_drawing_selects_the_hex_under_the_pointer(lib):
    from workbench.board.geometry import hex_to_pixel
    from workbench.notebook.map_explorer import MapExplorer, explorer_widget
    box = explorer_widget(MapExplorer(lib, "illustrative-territory"))
    x, y = hex_to_pixel((-2, 1))
    box.on_canvas_click(SimpleNamespace(xdata=x + 0.2, ydata=y - 0.1))
    assert box.picker.value == (-2, 1) and "[-2, 1]" in box.info.value


def test_layout_comparison_and_heatmap(lib):
    from workbench.notebook.map_explorer import MapExplorer
    explorer = MapExplorer(lib, "illustrative-territory")
    table = explorer.compare_layouts([1, 2])
    assert set(table["seed"]) == {1, 2} and "spread (max-min)" in set(table["start"])
    figure = explorer.heatmap((3, 0), 2)
    assert figure.axes and "exact" in figure.axes[0].get_title()


# -- 04 deck builder -------------------------------------------------------------------------

def test_deck_builder_swaps_show_legality_and_export(tmp_path, lib):
    from workbench.notebook.deck_builder import DeckBuilder, builder_widget
    box = builder_widget(DeckBuilder(lib, "illustrative-mcready-base"))
    assert "62 cards, legal" in box.status.value
    box.out.value, box.into.value = "apache-scout", "pinkerton-marshal"
    box.add_button.click()
    assert "not legal" in box.status.value
    box.undo_button.click()
    assert "62 cards, legal" in box.status.value
    box.export_to.value = str(tmp_path / "deck.csv")
    box.export_button.click()
    assert (tmp_path / "deck.csv").read_text().startswith("count,card,name")


# -- 05 sample turns -------------------------------------------------------------------------

def test_turn_stepper_widget_steps_forward_back_and_by_hand(lib):
    from workbench.games.dark_horse.engine import BOTS, new_game
    from workbench.notebook.turns import TurnStepper, stepper_widget
    stepper = TurnStepper(new_game(lib, "high-noon", 2, seed=1, rounds=1), {"red": BOTS["random"], "blue": BOTS["random"]})
    box = stepper_widget(stepper, "dark-horse")
    assert box.actions.value == 0 and box.actions.label.startswith("build a city")  # setup: a move is always selected
    while stepper.state.phase != "placement":     # the bots place the starting pieces, the dice are rolled
        box.step_button.click()
    start = stepper.position
    assert box.actions.value == 0 and box.actions.label == "pass"
    box.actions.value = [label for label, i in box.actions.options].index("pass")
    box.play_button.click()
    assert stepper.position == start + 1 and stepper.state.log[-1]["event"] == "pass"
    box.step_button.click()
    box.back_button.click()
    box.back_button.click()
    assert stepper.position == start
    box.forward_button.click()
    assert stepper.position == start + 1
    box.run_button.click()
    assert stepper.state.done


def test_dark_horse_stepper_draws_the_territory(lib):
    from workbench.games.dark_horse.engine import BOTS, new_game
    from workbench.notebook.turns import TurnStepper, dark_horse_board
    stepper = TurnStepper(new_game(lib, "high-noon", 3, seed=2, rounds=1), dict.fromkeys(["red", "blue", "green"], BOTS["greedy"]))
    while stepper.state.phase == "build":
        stepper.step()
    state = stepper.state
    figure = dark_horse_board(state)
    assert sum(1 for p in state.board.pieces if p.piece in ("town", "city")) == 9 and figure.axes


def test_western_legends_stepper_draws_the_board(lib):
    from workbench.games.western_legends.engine import BOTS, new_game
    from workbench.notebook.turns import TurnStepper, western_legends_board
    stepper = TurnStepper(new_game(lib, 2, seed=2), {"red": BOTS["greedy"], "blue": BOTS["greedy"]})
    stepper.run(10)
    figure = western_legends_board(stepper.state)
    assert figure.axes[0].get_title().startswith("round")


# -- 06 odds lab -----------------------------------------------------------------------------

def test_odds_lab_heatmap_and_balance(lib):
    from workbench.games.dark_horse.gunfight import fighters
    from workbench.notebook.odds_lab import balance, gunfight_heatmap
    figure = gunfight_heatmap(fighters(lib))
    assert len(figure.axes[0].texts) == len(fighters(lib)) ** 2
    calls = []
    games, by_seat, spread = balance(lib, range(3), players=3, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)] and list(by_seat.index) == [1, 2, 3]
    assert games.groupby("seed")["won"].any().all()
