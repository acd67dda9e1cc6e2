"""Screenshots of every notebook for the README (docs/screenshots/), taken in a real browser the
same way tests/test_browser.py drives it:

    .venv/bin/python tools/screenshots.py
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from test_browser import CHROMIUM, FLAGS, free_port, run_all  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp())
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy(notebook, folder)
    port, token = free_port(), "shots"
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(folder / ".jupyter"), "JUPYTER_RUNTIME_DIR": str(folder / ".runtime")}
    lab = subprocess.Popen([sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                            f"--ServerApp.token={token}", f"--ServerApp.root_dir={folder}"]
                           + (["--allow-root"] if os.geteuid() == 0 else []),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    url = f"http://127.0.0.1:{port}"
    for _ in range(180):
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
            break
        except OSError:
            time.sleep(0.5)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for i, notebook in enumerate(sorted(folder.glob("*.ipynb"))):
                page = browser.new_page(viewport={"width": 1300, "height": 900})
                # a fresh workspace each time, so only this notebook is open
                page.goto(f"{url}/lab/workspaces/shot{i}/tree/{notebook.name}?token={token}&reset", timeout=90_000)
                page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
                run_all(page)
                time.sleep(3)
                widget = page.locator(".jupyter-widgets, .jp-OutputArea-output img, .jupyter-matplotlib").first
                if widget.count():
                    widget.scroll_into_view_if_needed()
                page.screenshot(path=str(OUT / notebook.name.replace(".ipynb", ".png")))
                page.close()
                print("shot", notebook.name)
            browser.close()
    finally:
        lab.terminate()


if __name__ == "__main__":
    main()
