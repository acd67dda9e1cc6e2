"""One library for every command: which content a command sees, wherever it is run from.

The rule (the README's "Which content a command sees"):

* the **published games** (shipped with the package) are always there to refer to, never
  reported: three games, not the example house rules beside them;
* ``./variants/``, when the current folder has one, is the **working library**;
* each ``--library DIR`` **adds** content;
* files and folders **named on the command line** are checked.

Each layer replaces the documents of the layers behind it that have the same game, kind and id
(published < working library < each ``--library`` in order < named files): a published scenario copied and
changed is a house rule, not a ``duplicate-id``. Content that declares a game (its ``game``
document, as a copy of ``variants/`` does) is that whole game: none of the published game's
documents stay behind it, so a document removed from the copy is removed. Duplicates within the
checked files are still reported.

``workbench validate`` reports the named files (or, with none named, the working library); every
other command reports problems anywhere but in the published games, since an engine would run on
them. The published games are loaded from a cache keyed by their content (and the schemas'), so
a one-file check does not load and check the whole published library again.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from ..core.errors import UsageError
from ..core.paths import no_such
from ..core.paths import WORKING_LIBRARY, published_folders
from ..content.published import published_documents  # noqa: F401  (re-exported for older imports)
from .validate import Result, validate_paths

#: ``--library published`` names what is always loaded anyway (kept so older commands work).
PUBLISHED = "published"


@dataclass
class Sources:
    """Where a command's content comes from, in the designer's terms."""

    checked: list[str]                 # reported: files and folders named, or the working library
    added: list[str] = field(default_factory=list)  # --library folders (and the working library)
    working: str | None = None         # ./variants/ when present
    note: str | None = None            # what was chosen by default, said to the designer
    published: bool = True             # the published games behind it all (--no-published: not)

    def describe(self) -> str:
        parts = ["the published games"] if self.published else []
        if self.working:
            parts.append(f"the working library {self.working}/")
        parts += [f"--library {folder}" for folder in self.added if folder != self.working]
        return ", ".join(parts) or "nothing else"


def working_library(cwd: str | Path | None = None) -> str | None:
    """``variants`` when the current folder (or ``cwd``) holds a ``variants/`` folder."""
    folder = Path(cwd or ".") / WORKING_LIBRARY
    return WORKING_LIBRARY if folder.is_dir() else None


def _existing(items: Iterable[str], what: str) -> list[str]:
    out = []
    for item in items:
        if item == PUBLISHED:
            continue
        if not Path(item).exists():
            raise no_such(item, what)
        out.append(str(item))
    return out


def sources(named: Sequence[str] = (), libraries: Sequence[str] = (), *, checking: bool = False,
            published: bool = True) -> Sources:
    """Resolve the command line into :class:`Sources`.

    Parameters
    ----------
    named : files and folders named on the command line.
    libraries : the ``--library`` values (``published`` is accepted and already included).
    checking : ``True`` for ``validate``: with nothing named, the working library is checked;
        else the published games are, and :attr:`Sources.note` says so.
    published : ``False`` leaves the published games out (``--no-published``: a library that is a
        whole game of its own, where a document removed from a copy must stay removed).
    """
    added = _existing(libraries, "library folder")
    named = _existing(named, "file or folder")
    working = working_library()
    if named or not checking:
        extra = [working] if working else []
        return Sources(named, extra + added, working, published=published)
    if working:
        return Sources([working], added, working, note=f"checked the working library {working}/", published=published)
    if not published:
        raise UsageError(f"nothing to check: no {WORKING_LIBRARY}/ folder here and no file named"
                         " (and --no-published leaves out the published games)")
    return Sources([str(p) for p in published_folders()], added, None,
                   note=f"no {WORKING_LIBRARY}/ folder here, and no file named: checked the published games")


def load(src: Sources, *, jobs: int | None = None, report_added: bool = False, cache: bool = False) -> Result:
    """Load and check the content of ``src`` with the published games behind it.

    ``report_added`` reports problems in ``--library`` folders and the working library too (the
    commands that run engines on them); ``validate`` leaves them quiet, as documented. ``cache``
    keeps the answers of the checks that build boards and engines between runs
    (:mod:`workbench.app.cache`: the same problems, without their fixed cost on unchanged content).
    """
    from .cache import using

    background = published_documents() if src.published else []
    with using(cache):
        return validate_paths(list(src.checked), workers=jobs, context=list(src.added), background=background,
                              report_context=report_added)
