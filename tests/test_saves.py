"""Saves that cannot destroy (issue 14): every way a save lost the designer's data, fed on purpose.

Clobbering a file the save did not open, ids that walk out of their folder, two processes saving
one file at once, saving through a symbolic link, CRLF / BOM / indentation / comment padding kept
byte for byte, a file whose only change is its line endings, the form and the save addressing
different documents, spreadsheet formulas in exports, and file modes.
"""
import csv
import io
import multiprocessing
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from workbench.core import storage
from workbench.core.errors import UsageError
from workbench.notebook.common import VARIANTS, library

ROOT = Path(__file__).resolve().parent.parent
HOUSE = VARIANTS / "house-rules"
DECK_FIXTURES = ROOT / "tests" / "corpus" / "decks"


@pytest.fixture(scope="module")
def lib():
    return library()


@pytest.fixture
def house(tmp_path):
    folder = tmp_path / "house-rules"
    shutil.copytree(HOUSE, folder)
    return folder


def snapshot(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# -- clobbering a file the save did not open --------------------------------------------------------

def test_a_scenario_saved_under_an_existing_files_name_is_refused_and_the_file_kept(house, lib):
    from workbench.notebook.scenario import ScenarioDesigner
    before = snapshot(house)
    designer = ScenarioDesigner(lib, "telegraph-office", "Telegraph Office")
    designer.action_spaces = ["stagecoach"]
    with pytest.raises(storage.FileExists) as refused:
        designer.save(house)
    assert snapshot(house) == before  # the action space file, comments and all, untouched
    # the designer confirms replacing exactly what they were shown: then, and only then, it goes
    designer.save(house, overwrite=refused.value.digest)
    assert "kind: scenario" in (house / "telegraph-office.yaml").read_text()


def test_a_confirmation_is_bound_to_the_content_the_designer_saw(house, lib):
    from workbench.notebook.scenario import ScenarioDesigner
    designer = ScenarioDesigner(lib, "telegraph-office", "Telegraph Office")
    with pytest.raises(storage.FileExists) as refused:
        designer.save(house)
    (house / "telegraph-office.yaml").write_text("# someone else's new text\n")
    with pytest.raises(storage.FileExists):
        designer.save(house, overwrite=refused.value.digest)
    assert (house / "telegraph-office.yaml").read_text() == "# someone else's new text\n"


def test_starting_from_a_published_scenario_keeps_all_of_it_in_a_new_file(tmp_path, lib):
    from workbench.app.validate import validate_paths
    from workbench.notebook.scenario import ScenarioDesigner
    published = lib.data("dark-horse", "scenario", "wild-wild-west")
    designer = ScenarioDesigner(lib, "wild-wild-west", "Wild Wild West")
    designer.start_from("wild-wild-west")
    assert "duplicate-id" in [p.code for p in designer.problems(tmp_path)]  # the same id is flagged at once
    designer.id = "my-wild-west"
    path = designer.save(tmp_path)
    saved = validate_paths([VARIANTS, path]).library.data("dark-horse", "scenario", "my-wild-west")
    # everything the designer shows and edits, and the rules it plays, are kept (issue 24: fields
    # it never shows, such as the playing time, optional variants and notes, are not saved behind
    # the designer's back)
    for key in ("text", "end_game", "parameters", "setup", "special_rules",
                "placement_rules", "excluded_characters", "variants", "decks", "action_spaces"):
        assert saved.get(key) == published.get(key), key
    for key in ("optional_variants", "playing_time", "notes"):
        assert key in published and key not in saved, key
    assert saved["players"] == published["players"]
    assert saved["source"]["document"] == "house-rule" and "Wild Wild West" in saved["source"]["section"]
    # the published file is not touched, and the new one validates
    assert validate_paths([VARIANTS, path]).ok


def test_a_deck_saved_under_its_bases_id_is_refused_and_the_base_kept(house, lib):
    from workbench.notebook.deck_builder import DeckBuilder
    before = snapshot(house)
    builder = DeckBuilder(lib, "illustrative-mcready-base", id="illustrative-mcready-base")
    assert "duplicate-id" in [p.code for p in builder.problems()]
    assert builder.size() == 62  # still checked against its base, not against itself
    with pytest.raises(storage.FileExists):
        builder.save(house, confirmed=True)
    assert snapshot(house) == before


# -- ids are checked before any path is made from them ----------------------------------------------

@pytest.mark.parametrize("bad", ["../../escaped", "a/b", "..", "", "Telegraph", "telegraph-office\n", "x" * 300,
                                 "/tmp/abs", "a\\b", "a b"])
def test_ids_that_are_not_ids_never_become_paths(tmp_path, lib, bad):
    from workbench.notebook.deck_builder import DeckBuilder
    from workbench.notebook.scenario import ScenarioDesigner
    target = tmp_path / "deep" / "house"
    target.mkdir(parents=True)
    designer = ScenarioDesigner(lib, bad, "Escape")
    with pytest.raises(UsageError, match="is not a valid id"):
        designer.save(target, confirmed=True)
    builder = DeckBuilder(lib, "illustrative-mcready-base", id=bad)
    with pytest.raises(UsageError, match="is not a valid id"):
        builder.save(target, confirmed=True)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_saving_into_a_missing_folder_says_so_without_a_traceback(tmp_path, lib):
    from workbench.notebook.scenario import ScenarioDesigner, designer_widget
    box = designer_widget(ScenarioDesigner(lib, "frontier", "Frontier"))
    box.folder.value = str(tmp_path / "house-rulez")
    box.save_button.click()
    assert box.banner.kind == "refused" and "no folder 'house-rulez'" in box.banner.text
    assert "Traceback" not in box.banner.widget.value and "FileNotFoundError" not in box.banner.widget.value
    assert not (tmp_path / "house-rulez").exists()


# -- the check and the write are one step: two processes at once ------------------------------------

def _save_one_field(path, field, value, barrier, results):
    from workbench.notebook.editor import DocumentEditor
    editor = DocumentEditor(path)
    editor.set_field([field], value)
    barrier.wait()
    try:
        editor.save(confirmed=True)
        results.put((field, "saved"))
    except storage.ChangedOnDisk:
        results.put((field, "refused"))


def test_two_processes_saving_different_fields_never_lose_an_edit(tmp_path):
    """Each trial: two processes open the same file, edit different fields and save at the same
    moment. Every save reported as done must be in the file; at least one lands."""
    context = multiprocessing.get_context("fork")
    outcomes = []
    for trial in range(30):
        path = tmp_path / f"trial-{trial}.yaml"
        shutil.copy(HOUSE / "telegraph-office.yaml", path)
        barrier, results = context.Barrier(2), context.Queue()
        workers = [context.Process(target=_save_one_field, args=(path, "name", "Wire Office", barrier, results)),
                   context.Process(target=_save_one_field, args=(path, "notes", "Edited by the second process", barrier, results))]
        for w in workers:
            w.start()
        for w in workers:
            w.join(60)
            assert w.exitcode == 0
        reported = dict(results.get(timeout=10) for _ in workers)
        data = yaml.safe_load(path.read_text())
        if reported["name"] == "saved":
            assert data["name"] == "Wire Office"
        if reported["notes"] == "saved":
            assert data["notes"] == "Edited by the second process"
        assert "saved" in reported.values()
        outcomes.append(tuple(sorted(reported.values())))
    assert set(outcomes) <= {("refused", "saved"), ("saved", "saved")}


# -- through symlinks, with the umask's mode --------------------------------------------------------

def test_saving_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    from workbench.notebook.editor import DocumentEditor
    real = tmp_path / "real"
    real.mkdir()
    shutil.copy(HOUSE / "telegraph-office.yaml", real / "telegraph-office.yaml")
    link = tmp_path / "link.yaml"
    link.symlink_to(real / "telegraph-office.yaml")
    editor = DocumentEditor(link)
    editor.set_field(["name"], "Wire Office")
    editor.save()
    assert link.is_symlink() and os.readlink(link) == str(real / "telegraph-office.yaml")
    assert "name: Wire Office" in (real / "telegraph-office.yaml").read_text()
    assert sorted(p.name for p in real.iterdir()) == ["telegraph-office.yaml"]  # no temporary left behind


def test_new_files_get_the_umasks_mode_and_old_files_keep_theirs(tmp_path):
    old = os.umask(0o027)
    try:
        new = storage.create(tmp_path / "new.yaml", "id: a\n")
        assert new.stat().st_mode & 0o777 == 0o640  # 0666 less the umask, not mkstemp's 0600
        os.umask(0o022)
        kept = tmp_path / "kept.yaml"
        kept.write_text("id: b\n")
        kept.chmod(0o664)
        storage.replace(kept, "id: c\n", storage.read(kept).digest)
        assert kept.stat().st_mode & 0o777 == 0o664
    finally:
        os.umask(old)


# -- byte for byte outside the edited value ---------------------------------------------------------

STYLED = (
    "\ufeff# yaml-language-server: $schema=../../schemas/action_space.schema.json\r\n"
    "kind: action_space\r\n"
    "game: dark-horse\r\n"
    "id: wire-office      # padded comment\r\n"
    "name: 'Wire Office'    # quoted, padded\r\n"
    "type: limited\r\n"
    "source: {document: house-rule}\r\n"
    "notes:\r\n"
    "- first note   # column-0 sequence\r\n"
    "- second note\r\n"
    "\r\n"
    "# a trailing comment\r\n"
)


def test_a_form_edit_keeps_crlf_bom_indentation_and_comment_padding_byte_for_byte(tmp_path):
    from workbench.notebook.editor import DocumentEditor
    path = tmp_path / "wire.yaml"
    path.write_bytes(STYLED.encode("utf-8"))
    editor = DocumentEditor(path)
    editor.set_field(["name"], "Telegraph Wire")
    editor.set_field(["notes"], ["first note", "changed note"])
    editor.set_field(["type"], "unlimited")
    editor.save()
    expected = (STYLED.replace("name: 'Wire Office'", "name: 'Telegraph Wire'")
                .replace("- second note", "- changed note").replace("type: limited", "type: unlimited"))
    assert path.read_bytes() == expected.encode("utf-8")


def test_adding_and_removing_a_field_touches_only_its_own_line(tmp_path):
    from workbench.notebook.editor import DocumentEditor
    path = tmp_path / "wire.yaml"
    path.write_bytes(STYLED.encode("utf-8"))
    editor = DocumentEditor(path)
    editor.set_field(["large"], True)
    editor.set_field(["type"], "")  # an emptied field is removed
    editor.save()
    expected = STYLED.replace("type: limited\r\n", "").replace("- second note\r\n", "- second note\r\nlarge: true\r\n")
    assert path.read_bytes() == expected.encode("utf-8")


def test_raw_yaml_edits_keep_the_files_line_endings_and_bom(tmp_path):
    from workbench.notebook.editor import DocumentEditor
    path = tmp_path / "wire.yaml"
    path.write_bytes(STYLED.encode("utf-8"))
    editor = DocumentEditor(path)
    shown = editor.display_text()  # what the text area shows: \n line breaks, no BOM
    assert "\r" not in shown and not shown.startswith("\ufeff")
    editor.set_text(shown.replace("type: limited", "type: unlimited"))
    editor.save()
    assert path.read_bytes() == STYLED.replace("type: limited", "type: unlimited").encode("utf-8")


def test_a_file_whose_only_change_is_its_line_endings_is_a_conflict(tmp_path):
    from workbench.notebook.editor import DocumentEditor
    path = tmp_path / "wire.yaml"
    path.write_bytes(STYLED.encode("utf-8"))
    editor = DocumentEditor(path)
    editor.set_field(["name"], "Mine")
    path.write_bytes(STYLED.replace("\r\n", "\n").encode("utf-8"))
    with pytest.raises(storage.ChangedOnDisk):
        editor.save()
    assert path.read_bytes() == STYLED.replace("\r\n", "\n").encode("utf-8")


# -- the form and the save address the same document ------------------------------------------------

TWO_DOCS_BAD_FIRST = """- this first document is a list, not a mapping
---
kind: card
game: revolver
id: ace
name: Ace
source: {document: house-rule}
---
kind: card
game: revolver
id: king
name: King
source: {document: house-rule}
"""


@pytest.mark.parametrize("first, king", [("- this first document is a list, not a mapping\n", 2),  # a bad document
                                         ("---\n", 2),                 # an empty document
                                         ("# only a comment\n", 1)])   # no document: the comment belongs to the next
def test_editing_a_document_after_a_bad_or_empty_one_edits_that_document(tmp_path, first, king):
    from workbench.notebook.editor import DocumentEditor
    text = TWO_DOCS_BAD_FIRST.replace("- this first document is a list, not a mapping\n", first)
    path = tmp_path / "cards.yaml"
    path.write_text(text)
    editor = DocumentEditor(path, index=king)
    assert editor.data["id"] == "king"  # what the form shows ...
    editor.set_field(["name"], "King of Spades")
    editor.save(confirmed=True)  # (the bad first document is an error the designer accepts)
    assert path.read_text() == text.replace("name: King\n", "name: King of Spades\n")  # ... is what the save changes


def test_the_picker_numbers_documents_as_the_save_does(tmp_path):
    from workbench.notebook.editor import picker
    (tmp_path / "cards.yaml").write_text("---\n---\n" + TWO_DOCS_BAD_FIRST.split("---\n", 1)[1])
    box = picker(tmp_path)
    labels = [label for label, _ in box.document.options]
    assert labels[0].startswith("1: (empty") and labels[1].endswith("Ace") and labels[2].endswith("King")
    assert box.current().editor.index == 1 and box.current().editor.data["id"] == "ace"


# -- exports ---------------------------------------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://example.invalid","click")', "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3", "\t=1+1"]


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised():
    rows = list(csv.reader(io.StringIO(storage.neutralise_csv(
        "count,card,name\n" + "".join(f'1,x,"{f.replace(chr(34), chr(34) * 2)}"\n' for f in FORMULAS) + "2,-1,Ace\n"))))
    names = [r[2] for r in rows[1:]]
    assert all(n.startswith("'") for n in names[:-1]) and names[-1] == "Ace"
    assert rows[-1][1] == "-1"  # a number stays a number


FORMULA_CARD = """kind: card
game: revolver
id: formula-rifle
name: '=HYPERLINK("http://example.invalid","Rifle")'
deck: mcready
type: firepower
origin: base
firepower: 2
cost: 1
source: {document: house-rule, section: test}
---
kind: deck
game: revolver
id: formula-deck
name: '@SUM(A1:A9)'
faction: mcready
base: mcready-fixture-base
rules: custom-decks
source: {document: house-rule, section: test}
swaps:
  - {out: fixture-rifle, in: formula-rifle}
"""


def test_deck_export_on_the_command_line_neutralises_formulas(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "formula.yaml").write_text(FORMULA_CARD)
    result = subprocess.run([sys.executable, "-m", "workbench", "deck", "export", "formula-deck",
                             "--library", str(VARIANTS), "--library", str(DECK_FIXTURES), "--library", "content",
                             "-o", "deck.csv"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader((tmp_path / "deck.csv").open(newline="")))
    names = {r["card"]: r["name"] for r in rows}
    assert names["formula-rifle"] == "'" + '=HYPERLINK("http://example.invalid","Rifle")'
    assert not any(v.startswith(("=", "+", "@")) for r in rows for v in r.values() if v)


def test_the_deck_builder_export_neutralises_formulas_and_never_replaces_a_file(tmp_path):
    from workbench.app.validate import validate_paths
    from workbench.notebook.deck_builder import DeckBuilder
    (tmp_path / "formula.yaml").write_text(FORMULA_CARD)
    lib = validate_paths([VARIANTS, DECK_FIXTURES, tmp_path / "formula.yaml"]).library
    builder = DeckBuilder(lib, "mcready-fixture-base", id="mine")
    builder.swap("fixture-rifle", "formula-rifle")
    out = tmp_path / "mine.csv"
    builder.export(out)
    assert "'=HYPERLINK" in out.read_text() and "\n=" not in out.read_text() and ",=" not in out.read_text()
    with pytest.raises(storage.FileExists):
        builder.export(out)


# -- the command line: map layout -o onto the hand-written template -----------------------------------

def test_map_layout_never_overwrites_the_template_it_read(tmp_path):
    template = tmp_path / "territory.yaml"  # a designer's hand-written template, comments and all
    template.write_text((VARIANTS / "dark-horse" / "illustrative-territory.yaml").read_text()
                        .replace("id: illustrative-territory", "id: my-territory", 1))
    before = template.read_bytes()
    result = subprocess.run([sys.executable, "-m", "workbench", "map", "layout", "territory.yaml", "--seed", "3",
                             "--library", str(VARIANTS), "-o", "territory.yaml"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "is the template map itself" in result.stderr and "new file" in result.stderr
    assert template.read_bytes() == before
    result = subprocess.run([sys.executable, "-m", "workbench", "map", "layout", "territory.yaml", "--seed", "3",
                             "--library", str(VARIANTS), "-o", "territory.yaml", "--overwrite"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2 and template.read_bytes() == before  # not even when asked
    (tmp_path / "other.yaml").write_text("# mine\n")
    result = subprocess.run([sys.executable, "-m", "workbench", "map", "layout", "territory.yaml", "--seed", "3",
                             "--library", str(VARIANTS), "-o", "other.yaml"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2 and "already exists" in result.stderr and "--overwrite" in result.stderr
    assert (tmp_path / "other.yaml").read_text() == "# mine\n"
    result = subprocess.run([sys.executable, "-m", "workbench", "map", "layout", "territory.yaml", "--seed", "3",
                             "--library", str(VARIANTS), "-o", "layout.yaml"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0 and (tmp_path / "layout.yaml").exists() and template.read_bytes() == before
    result = subprocess.run([sys.executable, "-m", "workbench", "map", "layout", "territory.yaml", "--seed", "4",
                             "--library", str(VARIANTS), "-o", "layout.yaml", "--overwrite"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0 and "seed" not in result.stderr
