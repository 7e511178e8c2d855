"""``show GAME.jsonl --html FILE``: the step-through viewer in a real browser (headless Chromium
driven by Selenium, as the check's page is tested): the ship as SVG at each step, the record line,
the clauses fired and the legal actions, keyboard arrows and buttons to step; and ``show --at N..M
--png-dir DIR`` for stills. The browser tests skip where no Chromium is installed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nemesis_rules.cli.app import app
from nemesis_rules.record import read_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME = EXAMPLES / "game-void-seeders-seed2-3p.jsonl"
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_png_dir_writes_a_still_of_every_line_of_the_range(tmp_path: Path) -> None:
    code, _, err = run("show", str(GAME), "--at", "40..44", "--png-dir", str(tmp_path / "stills"))
    assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "stills").iterdir())
    assert names == [f"line-{n:04d}.png" for n in range(40, 45)]
    assert all((tmp_path / "stills" / n).read_bytes().startswith(b"\x89PNG") for n in names)


@pytest.mark.parametrize("at", ["0", "5..3", "x..4", "1..99999"])
def test_a_bad_range_is_bad_input(at: str, tmp_path: Path) -> None:
    code, _, err = run("show", str(GAME), "--at", at, "--png-dir", str(tmp_path))
    assert code == 2 and err.startswith("nemesis-rules: error: --at: ") and len(err.strip().splitlines()) == 1


def test_html_without_a_range_steps_through_the_whole_record_opening_at_the_line(tmp_path: Path) -> None:
    page = tmp_path / "game.html"
    code, _, err = run("show", str(GAME), "--at", "200", "--html", str(page))
    text = page.read_text(encoding="utf-8")
    last = read_record(GAME).last_line
    assert code == 0 and f"({last} step(s))" in err and '"open":200' in text


def test_svg_of_one_state_is_a_standalone_file(tmp_path: Path) -> None:
    code, _, _ = run("show", str(GAME), "--at", "200", "--svg", str(tmp_path / "s.svg"))
    text = (tmp_path / "s.svg").read_text(encoding="utf-8")
    assert code == 0 and text.startswith("<?xml") and "door " in text and "character P1" in text


@pytest.fixture(scope="module")
def viewer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if BROWSER is None or DRIVER is None:
        pytest.skip("no Chromium here (Debian's chromium and chromium-driver, as .ci/run installs them)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test extra has it)")
    page = tmp_path_factory.mktemp("viewer") / "game.html"
    code, _, err = run("show", str(GAME), "--at", "1..120", "--html", str(page))
    assert code == 0, err
    options = webdriver.ChromeOptions()
    options.binary_location = str(BROWSER)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1400,1000"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=str(DRIVER)))
    driver.get(page.resolve().as_uri())
    yield driver
    driver.quit()


def _by_id(driver: Any, name: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, name)


def test_the_viewer_opens_at_the_header_with_the_ship_and_the_legal_actions(viewer: Any) -> None:
    from selenium.webdriver.common.by import By

    assert _by_id(viewer, "line").text == "line 1"
    ship = viewer.find_element(By.CSS_SELECTOR, "#ship svg.ship")
    assert ship.size["width"] > 600 and len(ship.find_elements(By.CSS_SELECTOR, "rect")) >= 21
    legal = [li.text for li in _by_id(viewer, "legal").find_elements(By.TAG_NAME, "li")]
    assert legal and legal[0].startswith('{"chance": "room-tile"')


def test_arrow_keys_and_buttons_step_through_the_record(viewer: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    body = viewer.find_element(By.TAG_NAME, "body")
    record = read_record(GAME)
    body.send_keys(Keys.ARROW_RIGHT)
    assert _by_id(viewer, "line").text == "line 2"
    assert _by_id(viewer, "text").text == record.line_text(0)
    fired = [li.text for li in _by_id(viewer, "fired").find_elements(By.TAG_NAME, "li")]
    assert fired and all("." in f for f in fired)  # clause ids
    body.send_keys(Keys.END)
    assert _by_id(viewer, "line").text == "line 120"
    body.send_keys(Keys.ARROW_LEFT)
    assert _by_id(viewer, "line").text == "line 119"
    _by_id(viewer, "first").click()
    assert _by_id(viewer, "line").text == "line 1"
    _by_id(viewer, "next-step").click()
    body.send_keys(Keys.PAGE_DOWN)
    assert _by_id(viewer, "line").text == "line 12"


def test_the_picture_changes_as_the_game_goes_on(viewer: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    _by_id(viewer, "first").click()
    before = _by_id(viewer, "ship").get_attribute("innerHTML")
    viewer.find_element("tag name", "body").send_keys(Keys.END)
    after = _by_id(viewer, "ship").get_attribute("innerHTML")
    assert before != after and "character P1" in after and "character P1" not in before


def test_a_page_that_styles_svg_text_does_not_restyle_the_picture(viewer: Any) -> None:
    """The report's page sets ``.ship text {text-anchor: middle; font-size: 10px}``; the picture's own
    text styles win over it."""
    from selenium.webdriver.common.by import By

    viewer.execute_script(
        "const s = document.createElement('style');"
        "s.textContent = '.ship text{text-anchor:middle;font-size:10px}'; document.head.append(s);"
    )
    texts = viewer.find_elements(By.CSS_SELECTOR, "#ship svg.ship text")
    names = [t for t in texts if t.text == "Cockpit"]
    assert names, "the Cockpit's name is drawn"
    assert names[0].value_of_css_property("text-anchor") == "start"
    assert names[0].value_of_css_property("font-size") != "10px"


def test_the_console_has_no_errors(viewer: Any) -> None:
    errors = [entry for entry in viewer.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    assert errors == []
