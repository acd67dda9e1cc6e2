"""End to end, in a real browser: JupyterLab headless on a free local port, Debian's Chromium driven
by Playwright, 03-map-explorer run top to bottom. Saves a screenshot to test-artifacts/.

Skips, saying why, only where no Chromium can be found (`./dev test` installs it when it can)."""
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = next((p for p in (os.environ.get("WORKBENCH_CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser"),
                             "/usr/bin/chromium") if p and Path(p).exists()), None)
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (install Debian's chromium)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    folder = tmp_path_factory.mktemp("notebooks")
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy(notebook, folder)  # JupyterLab may autosave: never touch the repository's copies
    port, token = free_port(), "workbench-e2e"
    log = open(folder / "jupyter.log", "w")
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(folder / ".jupyter"), "JUPYTER_RUNTIME_DIR": str(folder / ".runtime")}
    process = subprocess.Popen([sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                                f"--ServerApp.token={token}", f"--ServerApp.root_dir={folder}",
                                "--LabApp.news_url="] + (["--allow-root"] if os.geteuid() == 0 else []),
                               stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if process.poll() is not None:
                pytest.fail("JupyterLab exited: " + (folder / "jupyter.log").read_text()[-2000:])
            time.sleep(0.5)
    else:
        process.terminate()
        pytest.fail("JupyterLab did not start within 90 s")
    yield url, token
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


ALL_RAN = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent);
    return prompts.length > 0 && prompts.every(t => /\\[\\d+\\]/.test(t));
}"""


def menu(page, top: str, item: str) -> None:
    page.click(f"div.lm-MenuBar-itemLabel:text-is('{top}')")
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def run_all(page, attempts: int = 2) -> None:
    """Clear the saved outputs (their execution counts would look like a finished run), then
    Run > Run All Cells and wait until every code cell shows an execution count."""
    page.wait_for_function("() => document.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status === 'idle'",
                           timeout=90_000)
    menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].every(e => !/\\d/.test(e.textContent))",
                           timeout=30_000)
    for attempt in range(attempts):
        page.click("div.lm-MenuBar-itemLabel:text-is('Run')")
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function(ALL_RAN, timeout=90_000)
            return
        except Exception:
            if attempt == attempts - 1:
                raise


def test_map_explorer_runs_in_a_real_browser(lab):
    from playwright.sync_api import sync_playwright

    url, token = lab
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.goto(f"{url}/lab/workspaces/e2e/tree/03-map-explorer.ipynb?token={token}&reset", timeout=90_000)
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90_000)
            run_all(page)
            page.wait_for_selector(".jupyter-widgets .widget-dropdown", timeout=60_000)
            page.wait_for_selector(".jupyter-matplotlib canvas, .jp-OutputArea-output img", timeout=60_000)
            time.sleep(2)  # let the figures paint before the screenshot
            page.screenshot(path=str(ARTIFACTS / "03-map-explorer.png"), full_page=True)
            errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
            assert not [e for e in errors if "Error" in e or "Traceback" in e], errors
            assert page.locator(".jupyter-widgets").count() >= 5
            assert page.locator(".jupyter-matplotlib canvas, .jp-OutputArea-output img").count() >= 1
            text = page.locator(".jp-Notebook").inner_text()
            assert "mystery-access" in text  # the explanation of an illegal hex was printed
        except Exception:
            page.screenshot(path=str(ARTIFACTS / "03-map-explorer-failure.png"), full_page=True)
            raise
        finally:
            browser.close()
    assert (ARTIFACTS / "03-map-explorer.png").stat().st_size > 10_000
