"""`workbench map draw` as a designer reads the picture (issue 39): the map's name as the title, a
key to its terrain, pieces and players, and place names whole (not cut at 14 letters)."""
from __future__ import annotations

import pytest

from clitools import outside_repository, run

pytest.importorskip("matplotlib")

VALLEY = """\
kind: map
game: dark-horse
id: my-valley
name: My Valley
source: {document: house-rule}
geometry: hex
players: [red, blue]
shape: {shape: hexagon, radius: 2, terrain: non-resource}
spaces:
  - {at: [0, 0], terrain: resource, resource: food, name: Rio Verde pasture lands}
  - {at: [1, 0], terrain: resource, resource: ore}
pieces:
  - {piece: city, at: [-2, 0], player: red}
"""


def _drawn(board, **kwargs):
    from workbench.board.draw import draw
    figure = draw(board, **kwargs)
    ax = figure.axes[0]
    texts = [t.get_text().replace("\n", " ") for t in ax.texts]
    key = [t.get_text() for t in ax.get_legend().get_texts()]
    return ax.get_title(), texts, key


def test_the_drawing_has_the_maps_name_a_key_and_whole_labels(tmp_path):
    from workbench.app.validate import validate_paths
    from workbench.board.graph import board_from_library
    (tmp_path / "my-valley.yaml").write_text(VALLEY)
    library = validate_paths([tmp_path]).library
    title, texts, key = _drawn(board_from_library(library, "my-valley", "dark-horse"), library=library)
    assert title == "My Valley"
    assert "Rio Verde pasture lands" in texts          # before: "Rio Verde past"
    assert {"food hex", "ore hex", "non resource", "city", "red", "blue"} <= set(key)


def test_a_large_map_drawn_as_one_collection_has_the_same_title_and_key():
    from workbench.board.draw import PATCHES_UP_TO
    from workbench.board.graph import Board
    radius = 33   # 3,367 hexes: past the patches' limit
    assert 3 * radius * (radius + 1) + 1 > PATCHES_UP_TO
    data = {"kind": "map", "game": "dark-horse", "id": "big", "name": "Big", "geometry": "hex",
            "shape": {"shape": "hexagon", "radius": radius, "terrain": "non-resource"},
            "spaces": [{"at": [0, 0], "terrain": "resource", "resource": "wood", "name": "Rio Verde pasture lands"}]}
    title, texts, key = _drawn(Board.from_data(data))
    assert title == "big" and "Rio Verde pasture lands" in texts and {"wood hex", "non resource"} <= set(key)


def test_map_draw_titles_the_picture_with_the_maps_name(tmp_path):
    home = outside_repository(tmp_path)
    (home / "my-valley.yaml").write_text(VALLEY)
    done = run("map", "draw", "my-valley.yaml", "-o", "valley.svg", "--player", "red", cwd=home)
    assert done.code == 0, done.err
    assert "My Valley: where red may build a town" in (home / "valley.svg").read_text()
