"""A non-editable install (a wheel, or pre-commit installing the repository as a hook) carries the
schemas and the published library inside the package, and finds them there."""
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_schemas_and_variants_and_finds_them(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    [wheel] = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "workbench/_data/schemas/card.schema.json" in names
    assert "workbench/_data/variants/dark-horse/rebels-and-rogues/scenarios.yaml" in names
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(wheel).extractall(unpacked)
    code = f"import sys; sys.path.insert(0, {str(unpacked)!r}); import workbench.core.paths as p; print(p.SCHEMAS, p.VARIANTS)"
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(unpacked / "workbench" / "_data" / "schemas"), str(unpacked / "workbench" / "_data" / "variants")]


def test_house_rules_validate_against_the_published_games(tmp_path, capsys):
    from workbench.cli import main
    (tmp_path / "mine.yaml").write_text(
        "kind: scenario\ngame: dark-horse\nid: my-night\nname: My Night\nsource: {document: house-rule}\n"
        "action_spaces: [marshal, saloon]\n")
    # the published games are always there: the spaces resolve; the one warning is that nothing in
    # play builds a town or a city or gains Influence (no-end-trigger: its games stop at their rounds)
    assert main(["validate", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "checked 1 file(s), 1 document(s): 0 error(s), 1 warning(s)" in out and "warning no-end-trigger" in out
    assert main(["validate", str(tmp_path), "--library", "published"]) == 0  # as the README once said: still fine
    out = capsys.readouterr().out
    assert "checked 1 file(s), 1 document(s): 0 error(s), 1 warning(s)" in out and "warning no-end-trigger" in out
