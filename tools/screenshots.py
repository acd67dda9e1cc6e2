"""The README's notebook screenshots (docs/screenshots/), taken in a real browser by the browser
test, which saves one per notebook in test-artifacts/ after using it:

    .venv/bin/python tools/screenshots.py            # run the browser tests, then copy their shots
    .venv/bin/python tools/screenshots.py --copy     # only copy the shots of the last run

Look at them before committing.
"""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
OUT = ROOT / "docs" / "screenshots"
NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))


def main() -> int:
    if "--copy" not in sys.argv[1:]:
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "tests" / "test_browser.py"), str(ROOT / "tests" / "test_browser_apps.py")],
                                cwd=ROOT)
        if result.returncode:
            print("the browser test failed: screenshots not copied", file=sys.stderr)
            return result.returncode
    OUT.mkdir(parents=True, exist_ok=True)
    missing = [name for name in NOTEBOOKS if not (ARTIFACTS / f"{name}.png").exists()]
    if missing:
        print("no screenshot for " + ", ".join(missing), file=sys.stderr)
        return 1
    apps = sorted(p.stem for p in ARTIFACTS.glob("app-*.png") if not p.stem.endswith("-end"))  # the apps' jobs
    for name in NOTEBOOKS + apps:
        shutil.copy(ARTIFACTS / f"{name}.png", OUT / f"{name}.png")
        print("copied", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
