"""The balance lab's outputs in a designer's words, for every front end (the command line's text
report and the notebooks' tables and figures): house rules, scenarios and action spaces by their
names, rule parameters by their declared titles, usage counters in words."""
from __future__ import annotations

import re


class Wording:
    """The balance lab's outputs in a designer's words: house rules and action spaces by their
    names (not ids), rule parameters by their declared titles (not ``dice_rolled``), usage
    counters as "collect: Marshal" (not ``use:collect:marshal``). ``text`` rewrites a verdict,
    ``table`` a DataFrame to print, ``figure`` every label of a matplotlib figure.

    >>> from workbench.content.published import published_library
    >>> Wording(published_library(), "dark-horse").text("dice_rolled=4, reputation_per_victory_point=2 vs baseline")
    'dice each player rolls a round 4, Reputation tokens worth 1 victory point 2 vs baseline'
    >>> Wording(published_library(), "dark-horse").text("use:collect:marshal, use:place:hex@-2,2")
    'collect: Marshal, place: hex -2,2'
    """

    COLUMNS = {"win_rate": "win share", "low": "likely from", "high": "likely to", "measure": "from target",
               "seat_gap": "seat gap", "stalemates": "stalemates", "margin": "winning margin",
               "mean": "mean", "min": "fewest", "max": "most"}

    def __init__(self, library, game: str):
        from ..content.badges import badged_name
        from ..games import GAMES
        from .games import runner

        try:
            content = runner(game).content_game
        except Exception:  # noqa: BLE001 - a game without a runner: its content has its own id
            content = game
        entry = GAMES.get(game)
        self.titles = {name: p.about for name, p in (entry.spec() if entry else {}).items()}
        self.names = {}
        for d in library.documents:
            if d.game == content and isinstance(d.id, str) and "-" in d.id or d.kind == "action_space" and d.game == content:
                self.names[d.id] = badged_name(d.data, d.id) if isinstance(d.data, dict) else d.id

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
