"""The check's index.html in a real browser (headless Chromium driven by Selenium): every section
renders, the filter and the search hide and show entries, the ship pictures load, and the console
has no errors. CI installs Debian's chromium and chromium-driver; where no browser can be installed
the tests skip and say so."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test extra has it)")
from selenium.webdriver.common.by import By  # noqa: E402 - after the importorskip above
from selenium.webdriver.support.ui import Select  # noqa: E402

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    BROWSER is None or DRIVER is None,
    reason="no Chromium here (Debian's chromium and chromium-driver, as .ci/run installs them)",
)

Checked = tuple[Path, dict[str, Any], Any]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(BROWSER)
    for flag in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--window-size=1400,1000",
    ):  # fmt: skip
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=str(DRIVER)))
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def page(browser: Any, checked: Checked) -> Any:
    out, _, done = checked
    assert done.exit_code == 0, done.output
    browser.get((out / "index.html").resolve().as_uri())
    return browser


def visible_entries(page: Any) -> list[Any]:
    return [e for e in page.find_elements(By.CSS_SELECTOR, ".entry") if e.is_displayed()]


def test_every_section_renders(page: Any) -> None:
    for section in ("verdict", "conflicts-base", "conflicts-void-seeders", "proofs", "coverage", "fuzz", "alignment"):
        element = page.find_element(By.ID, section)
        assert element.is_displayed() and element.text.strip(), section
    assert page.find_element(By.CSS_SELECTOR, ".verdict").text.startswith("OK")
    assert len(page.find_elements(By.CSS_SELECTOR, "#proofs tbody tr")) > 50


def test_the_filter_and_the_search_hide_and_show_entries(page: Any) -> None:
    everything = len(visible_entries(page))
    assert everything > 50
    kind = Select(page.find_element(By.ID, "filter-kind"))
    kind.select_by_value("contradiction")
    shown = visible_entries(page)
    assert 0 < len(shown) < everything and all(e.get_attribute("data-kind") == "contradiction" for e in shown)
    kind.select_by_value("")
    ruleset = Select(page.find_element(By.ID, "filter-ruleset"))
    ruleset.select_by_value("void-seeders")
    assert all(e.get_attribute("data-ruleset") == "void-seeders" for e in visible_entries(page))
    ruleset.select_by_value("")
    search = page.find_element(By.ID, "search")
    search.send_keys("vs.summary.surprise-attack")
    found = visible_entries(page)
    assert [e.get_attribute("id") for e in found] == ["void-seeders--vs.summary.surprise-attack"]
    assert "1 of" in page.find_element(By.ID, "shown").text
    search.clear()
    search.send_keys(" ")
    assert len(visible_entries(page)) == everything


def test_the_ship_pictures_load_at_each_situation(page: Any) -> None:
    figures = page.find_elements(By.CSS_SELECTOR, ".pictures svg.ship")
    assert len(figures) > 20
    summary = page.find_element(By.CSS_SELECTOR, "#void-seeders--vs\\.summary\\.surprise-attack details summary")
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    picture = page.find_element(By.CSS_SELECTOR, "#void-seeders--vs\\.summary\\.surprise-attack svg.ship")
    assert picture.is_displayed() and picture.size["width"] > 300 and picture.size["height"] > 150
    assert len(picture.find_elements(By.CSS_SELECTOR, "rect")) >= 20  # the rooms


def test_the_console_has_no_errors(page: Any) -> None:
    errors = [entry for entry in page.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    assert errors == []
