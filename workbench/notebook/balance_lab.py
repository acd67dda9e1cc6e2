"""The balance lab's form (07-balance-lab): a designer's question, asked without code.

Choose the game, the baseline scenario, the house rules (variants) to test against it, a rule
parameter with the values to try (a grid), the number of games, players and bots, and press
*Run*: the games are played on a local Dask cluster (started at the first run, kept for the
next ones, so the dashboard link works while a sweep runs and after), with a progress bar, and
the lab says in words what changed. The same sweep as code is :func:`workbench.balance.sweep.compare`.
"""
from __future__ import annotations

import html
import re

import yaml

from ..core.errors import UsageError


def parse_values(text: str) -> list:
    """The grid values a designer types, separated by commas, read as YAML values.

    >>> parse_values("1, 3, 5"), parse_values("true, false"), parse_values("")
    ([1, 3, 5], [True, False], [])
    """
    return [yaml.safe_load(part) for part in re.split(r"\s*,\s*", text.strip()) if part]


class Wording:
    """The balance lab's outputs in a designer's words: house rules and action spaces by their
    names (not ids), rule parameters by their declared titles (not ``dice_rolled``), usage
    counters as "collect: Marshal" (not ``use:collect:marshal``). ``text`` rewrites a verdict,
    ``table`` a DataFrame to print, ``figure`` every label of a matplotlib figure.

    >>> from workbench.notebook.common import library
    >>> Wording(library(), "dark-horse").text("dice_rolled=4, reputation_per_victory_point=2 vs baseline")
    'dice each player rolls a round 4, Reputation tokens worth 1 victory point 2 vs baseline'
    >>> Wording(library(), "dark-horse").text("use:collect:marshal, use:place:hex@-2,2")
    'collect: Marshal, place: hex -2,2'
    """

    COLUMNS = {"win_rate": "win share", "low": "likely from", "high": "likely to", "measure": "from target",
               "seat_gap": "seat gap", "stalemates": "stalemates", "margin": "winning margin",
               "mean": "mean", "min": "fewest", "max": "most"}

    def __init__(self, library, game: str):
        from ..balance.games import runner
        from ..games import GAMES
        from .common import Names

        try:
            content = runner(game).content_game
        except Exception:  # noqa: BLE001 - a game without a runner: its content has its own id
            content = game
        names = Names(library, content)
        entry = GAMES.get(game)
        self.titles = {name: p.about for name, p in (entry.spec() if entry else {}).items()}
        self.names = {}
        for d in library.documents:
            if d.game == content and isinstance(d.id, str) and "-" in d.id or d.kind == "action_space" and d.game == content:
                self.names[d.id] = names.name(d.kind, d.id)

    def text(self, text) -> str:
        text = str(text)
        text = re.sub(r"\buse:([\w-]+)(?::([^\s,;)]+))?",
                      lambda m: m.group(1).replace("-", " ") + (f": {self._place(m.group(2))}" if m.group(2) else ""), text)
        text = re.sub(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)=", lambda m: self.titles.get(m.group(1), m.group(1)) + " ", text)
        text = re.sub(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b", lambda m: self.titles.get(m.group(0), self.COLUMNS.get(
            m.group(0), m.group(0).replace("_", " "))), text)
        for id_, name in sorted(self.names.items(), key=lambda kv: -len(kv[0])):
            text = re.sub(rf"(?<![\w/.-]){re.escape(id_)}(?![\w/-]|\.ya?ml)", name, text)
        return text

    def _place(self, what: str) -> str:
        if what.startswith("hex@"):
            return "hex " + what[4:]
        return self.names.get(what, what.replace("-", " "))

    def table(self, frame):
        """A copy of ``frame`` with its columns, index and text cells in words."""
        import pandas as pd

        def word(v):
            return self.text(v) if isinstance(v, str) else v
        frame = frame.copy()
        columns_name, index_name = frame.columns.name, frame.index.name
        frame.columns = pd.Index([self.COLUMNS.get(str(c), self.text(c)) if isinstance(c, str) else c for c in frame.columns],
                                 name=word(columns_name))
        frame.index = pd.Index([word(v) for v in frame.index], name=word(index_name))
        for column in frame.columns:
            if frame[column].map(lambda v: isinstance(v, str)).any():   # text cells, whatever the column's dtype
                frame[column] = frame[column].map(word)
        return frame

    def figure(self, figure):
        """``figure`` with every text on it (titles, axes, ticks, legends) in words."""
        from matplotlib.text import Text
        for label in figure.findobj(Text):
            shown = label.get_text()
            if shown and self.text(shown) != shown:
                label.set_text(self.text(shown))
        for ax in figure.axes:  # tick labels are made again when drawn: fix them as they are
            for axis, set_labels in ((ax.xaxis, ax.set_xticks), (ax.yaxis, ax.set_yticks)):
                ticks = [t.get_text() for t in axis.get_ticklabels()]
                if any(self.text(t) != t for t in ticks):
                    set_labels(axis.get_ticklocs(), [self.text(t) for t in ticks])
        return figure


class BalanceForm:
    """What the form asks, as data (``sweep()`` builds the sweep; the widget fills it in)."""

    def __init__(self, library):
        from ..balance.games import known_games, runner

        self.library = library
        self.runners = {g: runner(g) for g in known_games()}

    def games(self) -> list[tuple[str, str]]:
        return [(r.name, g) for g, r in self.runners.items()]

    def _names(self, game):
        from .common import Names
        return Names(self.library, self.runners[game].content_game)

    def scenarios(self, game) -> list[tuple[str, str]]:
        content = self.runners[game].content_game
        names = self._names(game)
        return [(names.name("scenario", d.id), d.id) for d in self.library.of_kind("scenario", content)]

    def variants(self, game) -> list[tuple[str, str]]:
        content = self.runners[game].content_game
        names = self._names(game)
        return [(names.name("variant", d.id), d.id) for d in self.library.of_kind("variant", content)]

    def parameters(self, game) -> list[tuple[str, str]]:
        """(declared title, name) of the rule parameters and the game's options."""
        from ..games import GAMES

        entry = GAMES.get(game)
        spec = entry.spec() if entry else {}
        rows = [(p.about[:1].upper() + p.about[1:], name) for name, p in spec.items()]
        rows += [(about[:1].upper() + about[1:] + " (a game option)", name) for name, about in self.runners[game].options.items()
                 if name != "characters"]
        return sorted(rows)

    def bots(self, game) -> list[str]:
        return list(self.runners[game].bots)

    def sweep(self, game, scenario=None, variants=(), parameter=None, values=(), games=100, players=3, bot=None, seed=1):
        from ..balance.sweep import compare

        grid = {parameter: list(values)} if parameter and values else None
        if not variants and not grid:
            raise UsageError("choose at least one house rule to test, or a parameter with the values to try")
        return compare(game, scenario=scenario or None, variants=list(variants), grid=grid, players=int(players),
                       bots=[bot] * int(players) if bot else (), games=int(games), seed=int(seed), name="balance-form")


def balance_form(library, *, workers: int = 2, cluster: str = "local"):
    """The form: game, scenario, house rules, a parameter grid, games, players, bots, seed; *Run*
    with live progress and the Dask dashboard link; the verdict in words."""
    import ipywidgets as w

    from .common import HTML, Banner, shows_errors

    form = BalanceForm(library)
    banner = Banner()
    wide = {"description_width": "120px"}
    full = w.Layout(width="min(560px, 100%)")
    game = w.Dropdown(options=form.games(), description="game", style=wide, layout=full)
    scenario = w.Dropdown(description="baseline", style=wide, layout=full, tooltip="the scenario your rules are compared with")
    variants = w.SelectMultiple(description="house rules", style=wide, layout=w.Layout(width="min(560px, 100%)", height="110px"),
                                tooltip="each is played against the baseline on its own (Ctrl-click for several)")
    parameter = w.Dropdown(description="or a parameter", style=wide, layout=full)
    values = w.Text(description="values to try", placeholder="e.g. 1, 2, 3", style=wide, layout=full)
    games = w.BoundedIntText(value=100, min=5, max=20000, description="games each", style=wide)
    players = w.BoundedIntText(value=3, min=1, max=6, description="players", style=wide)
    bot = w.Dropdown(description="bots", style=wide)
    seed = w.BoundedIntText(value=1, min=0, max=10**9, description="seed", style=wide)
    run_button = w.Button(description="Run", button_style="primary", icon="play")
    progress = w.IntProgress(value=0, min=0, max=1, description="games played", style=wide,
                             layout=w.Layout(width="min(560px, 100%)", visibility="hidden"))
    dashboard = HTML()
    verdict = HTML()
    state = {"lab": None, "report": None, "result": None}

    def fill(*_):
        g = game.value
        scenario.options = [("(the base game)", "")] + form.scenarios(g)
        variants.options = form.variants(g)
        parameter.options = [("(none)", "")] + form.parameters(g)
        bot.options = form.bots(g)
        # every list shows a choice (a page shows an empty box for a value never set)
        scenario.value, parameter.value, variants.value = "", "", ()
        bot.value = bot.options[0] if bot.options else None

    game.observe(fill, names="value")
    fill()

    @shows_errors(banner)
    def on_run(_):
        from ..balance.stats import compare as verdicts
        from ..balance.sweep import LocalLab, run

        verdict.value = ""  # never an old verdict under a new error
        chosen = parse_values(values.value) if parameter.value else []
        if parameter.value and not chosen:
            raise UsageError("write the values to try, separated by commas (e.g. 1, 2, 3)")
        sweep = form.sweep(game.value, scenario.value, variants.value, parameter.value, chosen, games.value,
                           players.value, bot.value, seed.value)
        client = None
        if cluster == "local":
            if state["lab"] is None:
                banner.info("Starting the local Dask cluster", "once; later runs use it again")
                state["lab"] = LocalLab(workers=workers)
                banner.clear()
            client = state["lab"].client
            link = state["lab"].dashboard_link
            dashboard.value = (f"<span class='wb-dashboard'>Dask dashboard (tasks, workers, progress): "
                               f"<a href='{html.escape(link)}' target='_blank' style='color:#1f4e8c;text-decoration:underline'>"
                               f"{html.escape(link)}</a></span>")
        total = len(sweep.all) * sweep.games
        progress.max, progress.value, progress.layout.visibility = total, 0, "visible"
        run_button.disabled = True

        def step(done, all_):
            progress.max, progress.value = max(all_, 1), done
        try:
            report = run(sweep, library, client=client, cluster="in-process" if client is None else "local",
                         progress=step)
        finally:
            run_button.disabled = False
        result = verdicts(report)
        state["report"], state["result"] = report, result
        progress.value = progress.max
        wording = Wording(library, game.value)   # house rules by their names, parameters by their titles
        items = "".join(f"<li><b>{html.escape(wording.text(setting))}</b>: {html.escape(wording.text(text))}</li>"
                        for setting, text in result.verdicts.items())
        verdict.value = (f"<div class='wb-verdict'><p><b>{sweep.games} games per setting against the baseline.</b> "
                         f"{html.escape(result.baseline_facts)}</p><ul>{items}</ul></div>")

    run_button.on_click(on_run)
    box = w.VBox([game, scenario, variants, w.HBox([parameter], layout=w.Layout(flex_flow="row wrap")), values,
                  w.HBox([games, players], layout=w.Layout(flex_flow="row wrap")),
                  w.HBox([bot, seed], layout=w.Layout(flex_flow="row wrap")),
                  run_button, progress, dashboard, banner.widget, verdict])
    box.add_class("wb-balance-form")
    box.form, box.game, box.scenario, box.variants, box.parameter, box.values = form, game, scenario, variants, parameter, values
    box.games, box.players, box.bot, box.seed, box.run_button, box.progress = games, players, bot, seed, run_button, progress
    box.dashboard, box.verdict, box.banner, box.state = dashboard, verdict, banner, state
    box.close_lab = lambda: state["lab"] and state["lab"].close()
    return box
