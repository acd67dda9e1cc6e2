"""Every app (the notebooks' panels served by Voila, no code shown) driven in Debian's Chromium by
Playwright, each job done through the widgets only on a designer's own folder outside the
repository. A screenshot of each is saved to test-artifacts/ (tools/screenshots.py copies them into
docs/screenshots/). Apart from tests/test_browser.py (the notebooks in JupyterLab) so that the two
servers' files run on the suite's two workers side by side.

Synchronisation waits on the page's state, never on time. Skips, saying why, only where no
Chromium can be found (`./dev test` installs it when it can).
"""
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from test_browser import (ARTIFACTS, BOARD_LOG, CHROMIUM, FLAGS, ROOT, Server, assert_nothing_cut_off, button, designer_folder,
                          flow_02_reopen_a_saved_scenario_change_a_parameter_and_compare,
                          flow_03_pick_a_map_and_compare_layouts, flow_04_open_an_existing_deck_and_fix_it,
                          flow_05_play_a_chosen_scenario, flow_07_run_a_balance_comparison_from_the_form, free_port,
                          next_to, select, wait_text)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (install Debian's chromium)")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


# -- the apps (Voila): each job done through the widgets only, on a designer's own folder ----------

APP_VIEWPORT = {"width": 1280, "height": 800}


class Apps(Server):
    """``voila`` serving the apps (notebooks/apps/) with the designer's folder as their library,
    behind a token as `./dev apps` serves them (``url`` with ``?token=``, as the address printed)."""

    def __init__(self, folder: Path, designer: Path):
        self.port, self.token = free_port(), "workbench-e2e-apps"
        for notebook in (ROOT / "notebooks" / "apps").glob("*.ipynb"):
            shutil.copy(notebook, folder / notebook.name)
        self.log = open(folder / "voila.log", "w")
        env = {**os.environ, "WORKBENCH_LIBRARY": str(designer), "JUPYTER_CONFIG_DIR": str(folder / ".jupyter"),
               "JUPYTER_RUNTIME_DIR": str(folder / ".runtime")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--token={self.token}", f"--port={self.port}",
             "--Voila.ip=127.0.0.1", str(folder)],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=folder)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/?token={self.token}", timeout=10).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("voila exited: " + (folder / "voila.log").read_text()[-2000:]) from None
                time.sleep(0.25)  # polling the server's port, not synchronising with the page
        raise RuntimeError("voila did not answer within 120 s")


@pytest.fixture(scope="module")
def designer(tmp_path_factory):
    """The apps' designer folder (the JupyterLab tests fix their own copy: each starts unfixed)."""
    return designer_folder(tmp_path_factory.mktemp("designer") / "my-rules")


@pytest.fixture(scope="module")
def apps(tmp_path_factory, designer):
    server = Apps(tmp_path_factory.mktemp("apps"), designer)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def app(apps, browser):
    pages = []

    def open_(name, ready: str):
        page = browser.new_page(viewport=APP_VIEWPORT)
        page.add_init_script(BOARD_LOG)
        page.set_default_timeout(60_000)
        pages.append((name, page))
        page.goto(f"{apps.url}/voila/render/{name}?token={apps.token}", timeout=180_000)
        page.wait_for_selector(ready, timeout=180_000)
        text = page.inner_text("body")
        assert "Traceback" not in text and "def " not in text and "import " not in text  # no code shown
        assert "my-rules/" in page.locator(".wb-library").first.inner_text()  # the designer's folder is open
        return page

    yield open_
    for name, page in pages:
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / f"app-{name[:-6]}-end.png"), full_page=True)
        finally:
            page.close()


def test_app_04_open_an_existing_deck_and_fix_it(app, designer):
    page = app("04-deck-builder.ipynb", ".wb-deck-status")
    flow_04_open_an_existing_deck_and_fix_it(page, designer).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "app-04-deck-builder.png"))


def test_app_02_reopen_a_saved_scenario_change_a_parameter_and_compare(app, designer):
    page = app("02-scenario-designer.ipynb", ".wb-problems, .wb-ok")
    flow_02_reopen_a_saved_scenario_change_a_parameter_and_compare(page, designer)
    # the parameter set, the comparison and the save's message under its button, in one picture
    page.locator(".wb-banner", has_text="Saved long-fights.yaml").first.evaluate("e => e.scrollIntoView({block: 'end'})")
    page.screenshot(path=str(ARTIFACTS / "app-02-scenario-designer.png"))


def test_app_03_pick_a_map_and_compare_layouts(app):
    page = app("03-map-explorer.ipynb", ".wb-map")
    flow_03_pick_a_map_and_compare_layouts(page).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "app-03-map-explorer.png"))


def test_app_05_play_a_chosen_scenario(app, designer):
    page = app("05-sample-turns.ipynb", ".wb-board")
    flow_05_play_a_chosen_scenario(page, designer)
    # the panel's step, the action board and the whole board in one picture
    page.locator(".wb-step").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / "app-05-sample-turns.png"))


def flow_01_new_action_space_from_the_form(page, designer):
    """issue 39: New… makes an action space with a cost and two effects through the widgets only."""
    import yaml
    new = page.locator(".wb-new").first
    new.scroll_into_view_if_needed()

    def field(label: str):
        return new.locator(".widget-inline-hbox", has=page.locator("label", has_text=label)).locator("input, select").first

    field("id").fill("telegraph")
    field("name").fill("Telegraph")
    # a cost every player can pay from the start (High Noon gives Food, no Silver): played in round 1
    field("text").fill("Pay 1 Food. Draw 2 cards, keep 1, and move first in turn order.")
    page.keyboard.press("Tab")
    field("resource").select_option(label="food")
    new.locator("button", has_text="Add to cost").click()
    wait_text(new, "cost 1 food")
    field("effect").select_option(label="draw cards")
    field("draw").fill("2")
    page.keyboard.press("Tab")
    field("keep").fill("1")
    page.keyboard.press("Tab")
    new.locator("button", has_text="Add effect").click()
    wait_text(new.locator(".wb-banner").first, "Added draw cards")
    field("effect").select_option(label="move first in turn order")
    new.locator("button", has_text="Add effect").click()
    wait_text(new, "effect: move first in turn order")
    wait_text(new.locator(".wb-ok").first, "no problems")
    save = new.locator("button", has_text="Save").first
    save.click()
    saved = new.locator(".wb-banner", has_text="Saved telegraph.yaml").first
    wait_text(saved, "in my-rules/")
    next_to(saved, save)
    options = yaml.safe_load((designer / "telegraph.yaml").read_text())["options"]
    assert options == [{"text": "Pay 1 Food. Draw 2 cards, keep 1, and move first in turn order.", "cost": {"food": 1},
                        "effects": [{"effect": "draw-cards", "draw": 2, "keep": 1}, {"effect": "move-first-in-turn-order"}]}]
    assert_nothing_cut_off(page)
    return new


def field(page, label: str, within=None):
    """The input or dropdown of the widget labelled exactly ``label``."""
    return (within or page).locator(".widget-inline-hbox", has=page.locator(f"label:text-is('{label}')")).locator(
        "input, select, textarea").first


def flow_02_tick_it_in_a_new_scenario(page, designer):
    """issue 39: a new scenario started from High Noon, with the new action space ticked, saved."""
    import re

    import yaml
    from playwright.sync_api import expect
    select(page, "start from", "High Noon")
    wait_text(page.locator(".wb-banner").first, "Started from High Noon")
    telegraph = page.locator(".widget-checkbox", has_text="Telegraph").first
    assert "(house rule)" in telegraph.inner_text()
    telegraph.locator("input").check()
    expect(page.locator("textarea[disabled]").last).to_have_value(re.compile(r"- telegraph"), timeout=60_000)
    field(page, "id").fill("telegraph-noon")
    page.keyboard.press("Tab")
    field(page, "name").fill("High Noon with the Telegraph")
    page.keyboard.press("Tab")
    # the name shown whole in its box (it was cut off at "Telegrap")
    assert field(page, "name").evaluate("e => e.scrollWidth <= e.clientWidth"), "the scenario's name is cut off"
    expect(page.locator("textarea[disabled]").last).to_have_value(re.compile(r"name: High Noon with the Telegraph"))
    button(page, "Save scenario").click()
    saved = page.locator(".wb-banner", has_text="Saved telegraph-noon.yaml").first
    wait_text(saved, "in my-rules/")
    next_to(saved, button(page, "Save scenario"))
    scenario = yaml.safe_load((designer / "telegraph-noon.yaml").read_text())
    assert "telegraph" in scenario["action_spaces"]
    assert_nothing_cut_off(page)
    return saved


def _step_moves(page, action) -> None:
    """Do ``action`` and wait for the panel's next step (or for its question which move to play)."""
    before = page.locator(".wb-step").first.inner_text()
    action()
    page.wait_for_function("""before => document.querySelector('.wb-step')?.textContent !== before
        || /choose one under/.test(document.querySelector('.wb-banner')?.textContent || '')""", arg=before)


def flow_05_play_the_new_space(page):
    """issue 39: the new scenario played in the sample turns; a player's dice on the Telegraph and
    collected there (clicked on the action board; the bots play the rest), found in the log."""
    import re
    select(page, "scenario", "High Noon with the Telegraph (house rule)")
    field(page, "rounds").fill("1")
    page.keyboard.press("Tab")
    button(page, "Start").click()
    wait_text(page.locator(".wb-playing").first, "Playing High Noon with the Telegraph")
    wait_text(page.locator(".wb-step").first, "Step 0")
    telegraph = page.locator(".wb-action-board .wb-space", has_text="Telegraph").first
    log = page.locator(".wb-log").first
    clicked = 0
    for _ in range(80):   # setup, placement, collection of one round: some 40 moves
        if "collects Telegraph" in log.inner_text() or page.locator(".wb-winner").count():
            break
        if telegraph.count() and "mod-info" in (telegraph.get_attribute("class") or ""):
            # the Telegraph highlighted: a move there now (the dice put on it, then its collection)
            _step_moves(page, telegraph.click)
            if "choose one under" in page.locator(".wb-banner").first.inner_text():
                _step_moves(page, button(page, "Play it").click)
            clicked += 1
        else:
            _step_moves(page, button(page, "bot plays one move").click)
    text = log.inner_text()
    # dice put there by a click (a die or more, whoever's turn it was), then collected by a click
    assert clicked >= 2 and re.search(r"Collection: .*\w+ at Telegraph \(house rule\)", text), (clicked, text)
    # the option's two effects, in the game's words, under the Telegraph (its cost paid first)
    for said in ("collects Telegraph (house rule): Pay 1 Food.", "pays 1 food", "draws 2 cards, keeps 1",
                 "moves to first in turn order (Telegraph (house rule))"):
        assert said in text, (said, text)
    assert_nothing_cut_off(page)
    return log


def test_app_01_new_action_space_then_chosen_in_a_scenario(app, designer):
    page = app("01-edit-content.ipynb", ".wb-new")
    new = flow_01_new_action_space_from_the_form(page, designer)
    new.locator(".wb-banner", has_text="Saved telegraph.yaml").first.evaluate("e => e.scrollIntoView({block: 'end'})")
    page.screenshot(path=str(ARTIFACTS / "app-01-new-content.png"))
    # the scenario designer offers it (the app opens the designer's folder anew)
    scenario = app("02-scenario-designer.ipynb", ".wb-problems, .wb-ok")
    saved = flow_02_tick_it_in_a_new_scenario(scenario, designer)
    saved.evaluate("e => e.scrollIntoView({block: 'end'})")
    scenario.screenshot(path=str(ARTIFACTS / "app-01-new-content-in-a-scenario.png"))
    # and the sample turns play it
    turns = app("05-sample-turns.ipynb", ".wb-board")
    log = flow_05_play_the_new_space(turns)
    log.locator("tr", has_text="Telegraph").last.evaluate("e => e.scrollIntoView({block: 'center'})")
    turns.screenshot(path=str(ARTIFACTS / "app-01-new-content-played.png"))


def test_app_07_run_a_balance_comparison_from_the_form(app):
    page = app("07-balance-lab.ipynb", ".wb-balance-form")
    flow_07_run_a_balance_comparison_from_the_form(page).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "app-07-balance-lab.png"))
