"""Writes notebooks/*.ipynb (then run them once so their saved outputs are current):

    .venv/bin/python tools/make_notebooks.py [01 06 ...: only those] && (cd notebooks && ../.venv/bin/jupyter nbconvert --to notebook --execute --inplace *.ipynb)

Cells whose first line is `# NBVAL_CHECK_OUTPUT` must reproduce their saved output under nbval.
"""
import sys
from pathlib import Path

import nbformat as nbf

OUT = Path(__file__).resolve().parent.parent / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT\n"


class App(str):
    """A cell that is also in the notebook's app (notebooks/apps/, served by `./dev apps`): the
    app is the notebook's first text and these cells, the panels without the code below them."""


def _write(path, name, cells):
    nb = nbf.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbf.v4.new_markdown_cell(c[3:]) if c.startswith("md:") else nbf.v4.new_code_cell(str(c)) for c in cells]
    for i, cell in enumerate(nb.cells):
        cell.id = f"{name[:2]}-cell-{i:02d}"  # stable ids: regenerating a notebook changes only what changed
    path.parent.mkdir(exist_ok=True)
    nbf.write(nb, path)


ONLY = [a for a in sys.argv[1:] if not a.startswith("-")]  # e.g. `make_notebooks.py 01 06`: only those


def notebook(name, cells):
    if ONLY and not any(name.startswith(prefix) for prefix in ONLY):
        return
    _write(OUT / name, name, cells)
    app = [c for c in cells if isinstance(c, App)]
    if app:
        _write(OUT / "apps" / name, name, [cells[0], *app])


SETUP = """from workbench.notebook.common import LibraryChooser, library, VARIANTS
lib = library()"""

CHOOSER = App("""md:**Your files.** Type your folder (several: separate them with commas) and press *Open*: the
panel then works on the published games plus your folders, your documents winning over published
ones of the same id (as `workbench ... --library your-folder` does), and saves into your (last)
folder. The folder can also be given before starting JupyterLab: `WORKBENCH_LIBRARY=~/my-rules ./dev open`
(in code: `library([VARIANTS, "my-rules"])`).""")

notebook("00-start-here.ipynb", [
    """md:# Frontier Workbench — start here

A design workbench for Wild West board games: **Dark Horse** (with *Rebels & Rogues*), **Revolver**
(with *1.2 Hunt the Man Down*) and **Western Legends**. Content lives as YAML files in `variants/`;
the workbench checks every file against the JSON Schemas in `schemas/` and checks that the files fit
together (every reference names something real; no two action spaces in a scenario replace the same
space). Run the cells with Shift+Enter.

| notebook | what it is for |
|---|---|
| [01-edit-content](01-edit-content.ipynb) | edit a document in a form made from its schema, or as raw YAML, with live validation; save keeps your comments |
| [02-scenario-designer](02-scenario-designer.ipynb) | compose a house-rule scenario, see conflicts and the difference from a published one |
| [03-map-explorer](03-map-explorer.ipynb) | the map: why a piece may or may not go on a hex, mobile mystery hexes, random layouts and their fairness |
| [04-deck-builder](04-deck-builder.ipynb) | build a custom Revolver deck by swaps, see its legality, stats and draw odds |
| [05-sample-turns](05-sample-turns.ipynb) | play Dark Horse and Western Legends turns with bots or by hand, stepping back and forth |
| [06-odds-lab](06-odds-lab.ipynb) | gunfight odds as a heat map; Monte Carlo balance runs |
| [07-balance-lab](07-balance-lab.ipynb) | does my house rule change the game? thousands of seeded games per setting on Dask, compared with the baseline in plain words |""",
    """from pathlib import Path
import pandas as pd
from workbench.app.validate import validate_paths
from workbench.notebook.common import VARIANTS

result = validate_paths([VARIANTS])
print(f"{result.files} files, {len(result.documents)} documents, {len(result.errors)} errors")""",
    "md:Any problem is listed with its file, line and column, and a hint:",
    CHECK + """from workbench.notebook.common import in_words
for problem in result.problems:  # paths shown from the library's folder; names, not ids
    print(in_words(problem.format_text().replace(str(VARIANTS), "variants"), result.library))
print("library is valid" if result.ok else "fix the problems above")""",
    "md:## The library at a glance",
    CHECK + """from workbench.content.badges import source_title

games = {d.game: d.data.get("name") for d in result.library.documents if d.kind == "game"}  # by name
table = pd.DataFrame(
    [{"game": games.get(d.game, d.game), "kind": d.kind.replace("_", " "), "id": d.id,
      "name": d.data.get("name"), "source": source_title((d.data.get("source") or {}).get("document"))}
     for d in result.library.documents]
)
table.groupby(["kind", "game"]).size().unstack(fill_value=0)""",
    "md:Where the content comes from (*illustrative example data* makes no claim about the published games):",
    CHECK + """table.groupby(["source", "game"]).size().unstack(fill_value=0)""",
])

notebook("01-edit-content.ipynb", [
    """md:# Edit content

Pick a file: the form is generated from its kind's JSON Schema (enums become dropdowns, numbers
number fields, lists one item per line). Every change is validated at once, with line and column.

**What a save promises:** only the values you edit change (comments, their spacing, quoting, line
endings are kept byte for byte); the file is written all at once; a file changed on disk since you
opened it is never overwritten (you get *Reload* or *Re-apply my edits*); content with errors and
the published games' own files are saved only after you confirm. **Save as** writes the document
to a new file with a new id: the way to make your own version of a published document.

The panel edits the files themselves: your folder's (or, until you open yours, the example house
rules'), and the published games' (saving those asks first; *Save as* forks one into your folder).""",
    CHOOSER,
    App(SETUP + """
from workbench.notebook.editor import DocumentEditor, form, picker
from workbench.core.paths import EXAMPLES, published_folders
chooser = LibraryChooser()
chooser.panel(lambda lib, folder: picker(chooser.folders or [EXAMPLES], library=lib, save_into=folder,
                                         start=EXAMPLES / "telegraph-office.yaml"))"""),
    App("""md:**New…** an action space, card, hex type, location or item, from a form instead of YAML: choose
the game and what to make, fill in what it asks, add costs and gains in the game's resources and
effects from the game's vocabulary (each effect's parameters get their own fields, of their type and
range), and save it into your folder as tidy YAML you can go on editing above. It is checked as you go,
as `workbench validate` checks it."""),
    App("""from workbench.notebook.new_content import new_content_widget
chooser.panel(lambda lib, folder: new_content_widget(lib, folder))"""),
    """md:The same editor in code, on a scratch copy of the example house rules (so running this notebook
changes none of your files): a change in code shows in its form, and the other way round.""",
    """import shutil, tempfile
from pathlib import Path
folder = Path(tempfile.mkdtemp()) / "house-rules"
_ = shutil.copytree(VARIANTS / "house-rules", folder)
# the published games' content, to check references against (the original house rules are left
# out, or the copies would share their ids)
published = library([VARIANTS / "dark-horse", VARIANTS / "revolver", VARIANTS / "western-legends"])
panel = picker(folder, library=published, start=folder / "telegraph-office.yaml")
panel""",
    CHECK + """editor = panel.current().editor
editor.set_field(["name"], "Telegraph & Post Office")
saved = editor.save()
print("saved", saved.path.name, "with", len(saved.problems), "problems")
print(editor.path.read_text().splitlines()[1])
print(*[line for line in editor.path.read_text().splitlines() if line.startswith("name:")])""",
    "md:A mistake shows at once, located, in words:",
    CHECK + """editor.set_field(["type"], "limted")
for p in editor.problems():
    print(f"line {p.line}, column {p.column}: {p.message} ({p.hint})")
editor.set_field(["type"], "limited")""",
    """md:Nothing is lost: someone else changes the file on disk while you edit it. Your save is refused
(press **Save** in the panel above: it says the same), your edits stay, and *Re-apply my edits*
puts them on top of the other change.""",
    CHECK + """from workbench.core.storage import ChangedOnDisk
editor.path.write_text(editor.path.read_text().replace("type: limited", "type: unlimited"))
editor.set_field(["large"], True)
try:
    editor.save()
except ChangedOnDisk as refused:
    print("not saved:", refused)
    print("what to do:", refused.hint)""",
    """md:**Fork a published document** with *Save as*: the copy gets your id, says what it is based on,
and becomes a house rule; the published file is not touched.""",
    CHECK + """saloon = DocumentEditor.for_id(VARIANTS / "dark-horse" / "rebels-and-rogues" / "action-spaces.yaml", "saloon",
                                library=published)
saloon.save_as(folder, "house-saloon", name="Our Saloon")
print(saloon.path.name, "|", saloon.data["name"], "|", saloon.data["source"]["section"])
print(len(saloon.problems()), "problems")""",
])

notebook("02-scenario-designer.ipynb", [
    """md:# Scenario designer

Compose a house-rule Dark Horse scenario from the library's action spaces, variants and decks: tick
what it uses. Conflicts (two action spaces replacing the same space) show immediately; the table
shows what your scenario changes against a published scenario or the base game. *Start from* copies
a published scenario (its texts, end of game and parameters too) into yours, which keeps its own
id. *Save scenario* writes a new file `<id>.yaml` and never replaces an existing file unless you
confirm.""",
    CHOOSER,
    App(SETUP + """
from workbench.notebook.scenario import ScenarioDesigner, designer_widget
chooser = LibraryChooser()
panel = chooser.panel(lambda lib, folder: designer_widget(ScenarioDesigner(lib, "frontier-politics", "Frontier Politics"),
                                                          folder=folder))
panel"""),
    "md:The same designer in code (on the published games and the examples):",
    """designer = ScenarioDesigner(lib, "frontier-politics", "Frontier Politics")
box = designer_widget(designer)  # display(box) shows its panel""",
    "md:Start from High Noon and add Pork Barrel's spaces: Saloon and Barnstorming both replace Market:",
    CHECK + """designer.start_from("high-noon")
designer.action_spaces += ["campaign", "barnstorming", "carnival"]
for p in designer.problems():
    print(p.code, "-", p.message)""",
    CHECK + """designer.action_spaces = ["stagecoach", "trader-new", "marshal", "campaign"]
print([p.code for p in designer.problems()])
for row in designer.diff("high-noon"):
    print(f"{row['slot']:>8}: {row['other'] or '-':>8} -> {row['this scenario'] or '-'} ({row['change']})")""",
])

notebook("03-map-explorer.ipynb", [
    """md:# Map explorer

Click a hex on the map (or pick it from the list) to see what lies there and, for each player and
piece, whether it may be built there and, if not, every reason. The bright hexes are where the
chosen player may build the chosen piece. Build and remove pieces, move the mobile mystery hex with
a seeded die, see where it will be after several moves, and compare random layouts (each one
drawn on the map: choose it under *draw layout*). The map
shipped here is **illustrative**: the rules texts give no board layout.""",
    CHOOSER,
    App(SETUP + """
import html
import ipywidgets as w
from workbench.content.badges import badged_name
from workbench.notebook.map_explorer import MapExplorer, explorer_widget

def map_panel(lib, folder):
    maps = [(badged_name(d.data, d.id), d.id) for d in lib.of_kind("map", "dark-horse")]
    pick = w.Dropdown(options=maps, value="illustrative-territory" if "illustrative-territory" in dict(maps).values() else maps[0][1],
                      description="map", layout=w.Layout(width="min(420px, 100%)"))
    holder = w.VBox()
    def show(*_):
        holder.children = [w.HTML(f"<b class='wb-map-name'>{html.escape(pick.label)}</b>"),
                           explorer_widget(MapExplorer(lib, pick.value, scenario="high-noon", seed=1))]
    pick.observe(show, names="value")
    show()
    box = w.VBox([pick, holder])
    box.map, box.holder = pick, holder
    return box

chooser = LibraryChooser()
chooser.panel(map_panel)"""),
    "md:The same explorer in code:",
    """explorer = MapExplorer(lib, "illustrative-territory", scenario="high-noon", seed=1)
box = explorer_widget(explorer)  # display(box) shows its panel""",
    "md:What the panel shows for one hex, as data:",
    CHECK + """info = explorer.select((0, -3))
print(info["name"], "|", ", ".join(info["pieces"]))
for who in ("red", "blue"):
    print(who, "may build a town here" if info["legal"]["town"][who] else "may not build a town here:",
          "; ".join(info["why"]["town"][who]))""",
    "md:Move the Buffalo Herd with given dice (the panel follows), then compare three random layouts' fairness:",
    CHECK + """move = explorer.step_mobile((3, 0), rolls=[5, 4])
print(move.reason)
for row in explorer.layout_rows([1, 2, 3]):
    print(f"layout {row['layout']}  {row['start']:<18} food {row['food']}  wood {row['wood']}  ore {row['ore']}  mystery {row['mystery']}")""",
    "md:Where the Buffalo Herd will be after three more moves, exactly:",
    """explorer.heatmap(move.end, 3)""",
])

notebook("04-deck-builder.ipynb", [
    """md:# Deck builder (Revolver 1.2)

Start from a base deck and swap cards: legality and every problem show as you go, with the cards
by type and the chance to draw a card. *Save deck* writes a new deck file (never over an existing
one unless you confirm); *Export CSV* writes a printable list. The rules texts do not print
Revolver's base decks, so this uses the **illustrative stand-in** base deck in
`variants/house-rules/` (known cards and placeholders); supply your real base list the same way.""",
    CHOOSER,
    App(SETUP + """
from workbench.notebook.deck_builder import DeckBuilder, builder_widget
chooser = LibraryChooser()
chooser.panel(lambda lib, folder: builder_widget(DeckBuilder(lib, "illustrative-mcready-base", id="sharpshooters",
                                                             name="Sharpshooters"), folder=folder))"""),
    "md:The same as a script:",
    """builder = DeckBuilder(lib, "illustrative-mcready-base", id="sharpshooters", name="Sharpshooters")
box = builder_widget(builder)  # display(box) shows its panel""",
    CHECK + """builder.swap("placeholder-mcready-character", "pinkerton-marshal")
builder.swap("placeholder-mcready-character", "estella-morales")
builder.swap("apache-scout", "hidden-sniper")
print(builder.size(), "cards,", "legal" if builder.legal() else "not legal")
for p in builder.problems():
    print(p.severity, "-", p.message)
print("by type:", ", ".join(f"{n} {kind}" for kind, n in builder.stats()["by_type"].items()))
print("at least one Pinkerton Marshal after 0-8 draws:", ", ".join(f"{p:.1%}" for _, p in builder.odds("pinkerton-marshal", 8)))""",
])

notebook("05-sample-turns.ipynb", [
    """md:# Sample turns

Play a Dark Horse round and a Western Legends game with bots or by hand, and step back and forth
through the log. Make a move by clicking the board: a bright hex (or map space) is where the seat
to move may play, and Dark Horse's action board shows each action space with the dice on it
(one move there is played at once; when there are several, they are offered under *your move*).
Every state is kept (playing a move from a past step asks before it discards the
later steps). Everything is seeded: the same seed plays the same game.""",
    CHOOSER,
    App(SETUP + """
from workbench.notebook.turns import play_chooser
chooser = LibraryChooser()
chooser.panel(lambda lib, folder: play_chooser(lib))"""),
    "md:The same in code: a High Noon game of two rounds, three seats, and the bots playing it:",
    """from workbench.games.dark_horse.engine import new_game, BOTS as DH_BOTS
from workbench.notebook.turns import TurnStepper, stepper_widget
dark_horse = TurnStepper(new_game(lib, "high-noon", 3, seed=7, rounds=2),
                         {"red": DH_BOTS["greedy"], "blue": DH_BOTS["random"], "green": DH_BOTS["random"]}, seed=7)
stepper_widget(dark_horse, "dark-horse", library=lib)""",
    "md:What the engine assumes where the rules texts are silent is the first line of every log; the bots play on (the panel above follows):",
    CHECK + """from workbench.notebook.turns import describe_assumption
for assumption in dark_horse.state.log[0]["assumptions"]:
    print("-", describe_assumption(assumption, "dark-horse", lib))
dark_horse.run(40)
print("the game is over" if dark_horse.done else "the game goes on")
for name, s in dark_horse.state.scores().items():
    roles = [next((d.data.get("name") for d in lib.documents if d.id == r and d.data.get("name")), r) for r in s["roles"]]
    print(f"{name}: {s['white_hat']} White Hat, {s['black_hat']} Black Hat, roles: {', '.join(roles) or 'none'}")""",
    """from workbench.games.western_legends.engine import new_game as western_legends, BOTS as WL_BOTS
western = TurnStepper(western_legends(lib, 3, seed=5), {"red": WL_BOTS["greedy"], "blue": WL_BOTS["greedy"], "green": WL_BOTS["random"]}, seed=5)
stepper_widget(western, "western-legends", library=lib)""",
    CHECK + """western.run(60)
print(f"round {western.state.round}; LP:", ", ".join(f"{p.name} {p.lp}" for p in western.state.players))
western.back(); western.back()
print("two steps back: step", western.position, "of", western.last)""",
])

notebook("06-odds-lab.ipynb", [
    """md:# Odds lab

Exact gunfight odds for the fighters a scenario brings (add your own with their icons), as a heat
map and as a table (hover a percentage for the exact fraction), and Monte Carlo balance runs for
Western Legends: does the first player win more often, and how spread are the scores? Everything
is seeded. The fighters are those of your library (open your folder below: its characters and its
rules of gunfights are the ones used), plus two made up here to compare against.""",
    CHOOSER,
    App(SETUP + """
from workbench.notebook.odds_lab import OddsLab, odds_widget, library_fighters, parse_fighter

def odds_panel(lib, folder):
    return odds_widget(OddsLab(lib, library_fighters(lib) + [parse_fighter("combat=2,duel=1,deadly", "deadly gun"),
                                                            parse_fighter("combat=3,weak-kneed", "nervous posse")]))

chooser = LibraryChooser()
panel = chooser.panel(odds_panel)
lab = panel.current().lab   # the panel's state, for the cells below
panel"""),
    "md:One matchup, exactly:",
    CHECK + """from workbench.games.dark_horse.gunfight import exact_odds, Side
odds = exact_odds(Side.parse("combat=2,duel=2,tough", "marshal"), Side.parse("combat=2", "gang"), lab.rules)
for outcome, chance in odds.outcomes.items():
    print(f"{outcome.replace('_', ' ')}: {float(chance):.1%} (exactly {chance})")""",
    "md:Balance runs in code, with a progress bar:",
    """import ipywidgets as w
from IPython.display import display
from workbench.notebook.odds_lab import balance
bar = w.IntProgress(min=0, max=20, description="games")
display(bar)
def progress(done, total):
    bar.value = done
games, by_seat, spread = balance(lib, range(20), players=3, progress=progress)""",
    CHECK + """for seat, row in by_seat.iterrows():
    who = "the first player" if seat == 1 else f"{seat - 1} seat(s) after the first"
    print(f"{who}: won {row.win_rate:.0%} of {int(row.games)} games, mean score {row.mean_score:.2f} LP")
print(f"score spread per game (winner minus last): mean {spread['mean']:.2f} LP, from {spread['min']:.0f} to {spread['max']:.0f}")""",
])
notebook("07-balance-lab.ipynb", [
    """md:# Balance lab: does my house rule change the game?

Play hundreds of seeded games of a **baseline** (a published scenario) and of each **house rule**,
on a local Dask cluster (one worker process per core), and let the lab say what changes: who wins
by seat (a shared win counts 1/k), how long games last, how far apart the scores are, what the
players use, how fights and poker come out, and what ends the game, each tested against the
baseline with the p-values corrected for the number of comparisons.

Every game's seed comes from the sweep's seed and the game's number (the baseline and every
setting play the same seeds, and are compared game by game), so these numbers are the same on any
number of workers. The same sweeps run from the terminal:
`workbench balance dark-horse --scenario high-noon --variant deadlier-gunfights --games 300 --seed 1`.""",
    """%matplotlib inline
from workbench.notebook.common import VARIANTS, library
from workbench.balance.sweep import LocalLab, compare, run
from workbench.balance.stats import compare as compare_with_baseline
from workbench.balance import metrics, plots
from IPython.display import HTML, display
from workbench.notebook.balance_lab import Wording
lib = library()
words = Wording(lib, "dark-horse")   # what the cells print, in a designer's words (names, not ids)
lab = LocalLab(workers=2)            # an embedded local cluster; LocalLab() takes one process per core
display(HTML(f'Dask dashboard (tasks, workers, progress): <a href="{lab.dashboard_link}" target="_blank">{lab.dashboard_link}</a>'))""",
    "md:## Ask your question\n\nChoose the baseline scenario and the house rules to test (or a parameter and the values to try), the number of games, players and bots, and press **Run**. The games are played on a local Dask cluster started at the first run (its dashboard link appears while it runs); the verdict comes in words.",
    App("""from workbench.notebook.common import LibraryChooser
from workbench.notebook.balance_lab import balance_form
chooser = LibraryChooser()
chooser.panel(lambda lib, folder: balance_form(lib))"""),
    "md:## A shipped house rule against its published baseline\n\n`variants/house-rules/deadlier-gunfights.yaml` makes gunfights end sooner and wounds hurt more. Its baseline is the published *High Noon* scenario. 300 games each, three players, random bots (quick, for this page; the lab plays the mcts-20 search bot unless told, as in the form above and the README):",
    """example = compare("dark-horse", scenario="high-noon", variants=["deadlier-gunfights"], players=3,
                  games=300, seed=1, bots=["random"], name="notebook-deadlier-gunfights")
report = run(example, lib, client=lab.client)      # a progress bar while it plays
result = compare_with_baseline(report)""",
    CHECK + """print(result.baseline_facts)
for verdict in result.verdicts.values():
    print(words.text(verdict))""",
    "md:The lab finds nothing, and says how small a change it could have seen. The usage table says why: no gunfight is ever played in these games (no robbery happens: the published spaces with unknown options are left out, and no character's gunfight icons are known), so a rule about gunfights cannot change them. That is worth knowing before a playtest.",
    CHECK + """usage = metrics.usage_table(report.table)
print(words.table(usage.round(2)).to_string())
print("gunfights played:", int(report.table.filter(like="gunfight").to_numpy().sum()))""",
    "md:Who wins, by seat in turn order (the dashed line is a fair share; ties are split):",
    CHECK + """seats = metrics.seat_table(report.table)
print(words.table(seats[["setting", "seat", "win_rate", "low", "high"]].round(3)).to_string(index=False))
words.figure(plots.seat_win_rates(report.table))""",
    CHECK + """print(words.table(report.table.groupby("setting")["steps"].describe()[["mean", "min", "max"]].round(2)).to_string())
words.figure(plots.length_distributions(report.table))""",
    "md:The game measures, after Ludii's, read as the games were played (no game is played for them): how many choices a decision offers (branching factor), how often the lead changes, how much of a game is played before its winner is out of reach, and how long games are by how they ended:",
    CHECK + """print(words.table(metrics.measures_table(report.table).round(2)).to_string(index=False))
print(words.table(metrics.length_by_end(report.table).round(2)).to_string(index=False))
words.figure(plots.game_measures(report.table))""",
    CHECK + """print("most used:", ", ".join(words.text(column) for column in plots.usage_columns(report.table)))
words.figure(plots.action_usage(report.table))""",
    "md:## A grid of two parameters\n\nHow many dice each player rolls, against how much Reputation a victory point costs, in High Noon (published: 2 dice, 4 Reputation), 100 games each: how far apart the scores end, and the first player's advantage (win rate minus a fair share) in every cell.",
    """grid = compare("dark-horse", scenario="high-noon", grid={"dice_rolled": [2, 3, 4], "reputation_per_victory_point": [2, 4]},
               players=3, games=100, seed=1, bots=["random"], name="notebook-grid")
grid_report = run(grid, lib, client=lab.client)""",
    CHECK + """print(words.table(plots.grid_values(grid_report.table, grid, "score spread").round(2)).to_string())
words.figure(plots.heatmap(grid_report.table, grid, "score spread"))""",
    CHECK + """print(words.table(plots.grid_values(grid_report.table, grid, "first-player advantage").round(3)).to_string())
words.figure(plots.heatmap(grid_report.table, grid, "first-player advantage"))""",
    CHECK + """grid_result = compare_with_baseline(grid_report)
for verdict in grid_result.verdicts.values():
    print(words.text(verdict))""",
    "md:## Tuning a rule for fair seats\n\nWhich Reputation cost of a victory point (published: 4) gives High Noon's three seats the fairest chances in games that are decided? The target adds the share of stalemates (games tied, or won with no lead on points) to the largest seat gap, so a value cannot look fair by making every game a tie. Optuna proposes values between 2 and 6 (the schema allows 1 to 100; narrowed here), every trial is a seeded sweep of 100 games on the same cluster, all from the same seeds, its measure with a 95% interval; the best value is then played again on fresh seeds:",
    """from workbench.balance.sweep import Setting
from workbench.balance.tune import declared_space, plot as plot_tuning, tune
tuning = tune(Setting("baseline", "dark-horse", "high-noon", players=3, bots=("random",)), declared_space("dark-horse", ["reputation_per_victory_point"]),
              "fair-seats", lib, games=100, trials=8, seed=1, ranges={"reputation_per_victory_point": (2, 6)},
              name="notebook-tuning", client=lab.client)""",
    CHECK + """print(words.table(tuning.trials.sort_values("measure")).to_string(index=False))
print(words.text(tuning.verdict))
best = tuning.best["reputation_per_victory_point"]
row = {int(r.reputation_per_victory_point): r for r in tuning.trials.itertuples()}
print(f"In words: at {best} Reputation a point no seat's win share is further than {row[best].seat_gap:.0%} from a"
      f" fair third, and {row[best].stalemates:.0%} of the games are stalemates"
      + (f"; the published 4: {row[4].seat_gap:.0%} and {row[4].stalemates:.0%}." if 4 in row and best != 4 else "."))
again = tuning.recheck
print(f"On {again['games']} fresh games the best value measures {again['measure']:.2f} [{again['low']:.2f},"
      f" {again['high']:.2f}] against {row[best].measure:.2f} in the search: values whose intervals overlap are not"
      " told apart by these games; games=1000 would separate them.")
words.figure(plot_tuning(tuning))""",
    "md:## Revolver: does my deck win more?\n\nA designer's McReady deck, built from the base deck as Module 2 builds decks: six of the base deck's firepower-1 posse cards out, six of their own *Hired gun* in, with their own value (firepower 3). The base decks are the illustrative stand-ins (`variants/revolver/illustrative-whole-game.yaml`: the sources print neither 62-card list). Seat 1 is Colti, seat 2 McReady; 200 seeded games each, the greedy bots (quick, for this page):",
    """import pathlib, tempfile
deck_folder = pathlib.Path(tempfile.mkdtemp())
(deck_folder / "my-mcready.yaml").write_text(\"\"\"\\
kind: deck
game: revolver
id: my-mcready
name: My McReady deck
faction: mcready
base: illustrative-mcready-whole-game
source: {document: house-rule}
swaps: [{out: illustrative-mcready-posse, in: my-hired-gun}, {out: illustrative-mcready-posse, in: my-hired-gun},
        {out: illustrative-mcready-posse, in: my-hired-gun}, {out: illustrative-mcready-posse, in: my-hired-gun},
        {out: illustrative-mcready-posse, in: my-hired-gun}, {out: illustrative-mcready-posse, in: my-hired-gun}]
---
kind: card
game: revolver
id: my-hired-gun
name: Hired gun
deck: mcready
type: firepower
origin: expansion
firepower: 3
source: {document: house-rule}
\"\"\")
my_lib = library([VARIANTS, deck_folder])
decks = compare("revolver", overrides={"mcready_base_deck": "my-mcready"}, players=2, games=200, seed=1,
                bots=["greedy"], name="notebook-revolver-deck")
deck_report = run(decks, my_lib, client=lab.client)
deck_result = compare_with_baseline(deck_report)""",
    CHECK + """deck_words = Wording(my_lib, "revolver")   # the deck and its rule by name
print(deck_words.text(deck_result.baseline_facts))
for verdict in deck_result.verdicts.values():
    print(deck_words.text(verdict))
wins = deck_report.table.groupby("setting")["win_2"].mean()
print(f"In words: McReady wins {wins['mcready_base_deck=my-mcready']:.0%} of games with the designer's deck against"
      f" {wins['baseline']:.0%} with the base deck.")""",
    "md:Every game is one row of a tidy table (checked by a pandera model before any statistic); `run(..., store='results.parquet')` keeps it, and running again with more games plays only the new ones. Stop the cluster when done:",
    """lab.close()""",
])
print("wrote", sorted(p.name for p in OUT.glob("*.ipynb")))
