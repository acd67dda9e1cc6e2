"""One designer's job done through the apps alone, in Chromium, with a screenshot at each step
(docs/how-to/a-job-through-the-apps.md shows them): a new action space made with *New…*, ticked in
a new scenario started from High Noon, played in the sample turns, and the new scenario compared
with High Noon in the balance lab (its *or scenarios*, the ``against`` of ``workbench balance``).

It serves the apps as ``./dev apps`` does (Voila behind a token) on a designer's folder it makes
outside the repository, and drives them with the browser test's own flows (tests/test_browser_apps.py),
so what the page says is checked as there. Not run by the test suite (the balance run alone takes
a minute on 2 cores)::

    .venv/bin/python tools/job_through_the_apps.py     # writes docs/screenshots/job-*.png

Look at the screenshots before committing them.
"""
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT / "tests"))

#: The games each setting plays in the balance lab (the form's smallest sensible run).
GAMES = 20


def flow_07_the_new_scenario_against_its_own(page):
    """The balance lab: the new scenario played against High Noon, the scenario it comes from."""
    import test_browser_apps as t
    t.select(page, "baseline", "High Noon")
    page.locator(".wb-balance-form select[multiple]").nth(1).select_option(label="High Noon with the Telegraph (house rule)")
    t.field(page, "games each").fill(str(GAMES))
    page.keyboard.press("Tab")
    t.button(page, "Run").click()
    verdict = page.locator(".wb-verdict").first
    t.wait_text(verdict, f"{GAMES} games per setting", timeout=600_000)
    t.wait_text(verdict, "High Noon with the Telegraph")
    link = page.locator(".wb-dashboard a").first
    assert urllib.request.urlopen(link.get_attribute("href"), timeout=30).status == 200
    t.assert_nothing_cut_off(page)
    return verdict


def main() -> int:
    import test_browser_apps as t
    from playwright.sync_api import sync_playwright

    if t.CHROMIUM is None:
        print("no Chromium on this machine (install Debian's chromium)", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        designer = t.designer_folder(Path(tmp) / "designer" / "my-rules")
        (Path(tmp) / "apps").mkdir()
        apps = t.Apps(Path(tmp) / "apps", designer)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=t.CHROMIUM, args=t.FLAGS, headless=True)
                context = browser.new_context(viewport=t.APP_VIEWPORT)

                def app(name, ready):
                    page = context.new_page()
                    page.set_default_timeout(120_000)
                    page.goto(f"{apps.url}/voila/render/{name}?token={apps.token}", timeout=180_000)
                    page.wait_for_selector(ready, timeout=180_000)
                    return page

                def shot(page, name, element, block="center"):
                    element.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
                    page.screenshot(path=str(OUT / f"{name}.png"))
                    print("took", name)

                page = app("01-edit-content.ipynb", ".wb-new")
                new = t.flow_01_new_action_space_from_the_form(page, designer)
                shot(page, "job-1-new-action-space", new.locator(".wb-banner", has_text="Saved telegraph.yaml").first, "end")
                page = app("02-scenario-designer.ipynb", ".wb-problems, .wb-ok")
                saved = t.flow_02_tick_it_in_a_new_scenario(page, designer)
                shot(page, "job-2-ticked-in-a-scenario", page.locator(".widget-checkbox", has_text="Telegraph").first)
                shot(page, "job-3-scenario-saved", saved, "end")
                t.select(page, "compare with", "High Noon")
                against = page.locator(".widget-html", has_text="Against High Noon").first
                t.wait_text(against, "Telegraph")
                shot(page, "job-4-compared-with-high-noon", against)
                page = app("05-sample-turns.ipynb", ".wb-board")
                log = t.flow_05_play_the_new_space(page)
                shot(page, "job-5-played-in-the-sample-turns", log.locator("tr", has_text="Telegraph").last)
                page = app("07-balance-lab.ipynb", ".wb-balance-form")
                verdict = flow_07_the_new_scenario_against_its_own(page)
                shot(page, "job-6-compared-in-the-balance-lab", verdict, "end")
                print(verdict.inner_text())
                browser.close()
        finally:
            apps.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
