"""The HTML viewer in a real headless Chromium: buttons, arrow keys, slider and log clicks
step through the game and the board, tables, log and chart cursors follow.

Run with ``tox -e browser`` (installs Debian's chromium and chromium-driver when missing,
and selenium from PyPI).  Elsewhere the test is skipped when no browser is installed,
unless ``RAILHOUSE_BROWSER_REQUIRED=1`` (set by that tox env) makes that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from render_fixtures import played_record

from railhouse.render.viewer import build_html

pytestmark = pytest.mark.browser


def _missing(reason: str) -> NoReturn:
    if os.environ.get("RAILHOUSE_BROWSER_REQUIRED") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed (pip install 'railhouse[browser]')")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        _missing("chromium and chromedriver are not installed (apt-get install chromium "
                 "chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def game_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    record = played_record("soh")
    path = tmp_path_factory.mktemp("viewer") / "game.html"
    path.write_text(build_html(record), encoding="utf-8")
    return path, record


def frame(driver: Any) -> int:
    return int(driver.find_element("tag name", "body").get_attribute("data-frame"))


def label(driver: Any) -> str:
    return str(driver.find_element("id", "step-label").text)


def tokens_on_board(driver: Any) -> int:
    return int(driver.execute_script(
        "return document.querySelectorAll('#board .token').length"))


def test_stepping_through_a_game_updates_the_page(
    browser: Any, game_page: tuple[Path, dict[str, Any]],
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path, record = game_page
    last = len(record["actions"])
    browser.get(path.as_uri())
    assert browser.execute_script("return document.readyState") == "complete"
    assert frame(browser) == last and label(browser) == f"action {last} / {last}"
    end_tokens = tokens_on_board(browser)
    end_caption = browser.find_element(By.ID, "caption").text
    assert "game over" in end_caption and end_tokens > 0

    browser.find_element(By.ID, "prev").click()
    assert frame(browser) == last - 1 and label(browser) == f"action {last - 1} / {last}"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    assert frame(browser) == last - 2
    body.send_keys(Keys.HOME)
    assert frame(browser) == 0
    assert tokens_on_board(browser) == 0  # no station is placed before the first action
    assert "game over" not in browser.find_element(By.ID, "caption").text
    assert browser.find_elements(By.CSS_SELECTOR, "#log li.current") == []
    cash = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#players td.cash")]
    assert len(cash) == len(record["players"])

    body.send_keys(Keys.ARROW_RIGHT)
    assert frame(browser) == 1
    current = browser.find_element(By.CSS_SELECTOR, "#log li.current")
    log = json.loads(browser.execute_script(
        "return document.getElementById('game-data').textContent"))["log"]
    assert current.text == log[0]
    heading = browser.find_element(By.CSS_SELECTOR, "#log .round")
    assert heading.text == "Auction of the private companies"

    browser.find_element(By.ID, "next").click()
    assert frame(browser) == 2
    browser.find_element(By.ID, "last").click()
    assert frame(browser) == last and tokens_on_board(browser) == end_tokens
    browser.find_element(By.ID, "first").click()
    assert frame(browser) == 0


def test_slider_log_and_chart_cursor(browser: Any, game_page: tuple[Path, dict[str, Any]]
                                     ) -> None:
    from selenium.webdriver.common.by import By

    path, record = game_page
    browser.get(path.as_uri())
    middle = len(record["actions"]) // 2
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));", middle)
    assert frame(browser) == middle
    cursor = browser.find_element(By.CSS_SELECTOR, "#price-chart .cursor")
    assert cursor.tag_name == "rect"
    cursor_x = float(cursor.get_attribute("x")) + float(cursor.get_attribute("width")) / 2
    chart = browser.find_element(By.CSS_SELECTOR, "#price-chart")
    expected = float(chart.get_attribute("data-x0")) + middle * float(
        chart.get_attribute("data-dx"))
    assert abs(cursor_x - expected) < 0.01
    items = browser.find_elements(By.CSS_SELECTOR, "#log li.action")
    assert len(items) == len(record["actions"])
    browser.execute_script("arguments[0].click()", items[4])
    assert frame(browser) == 5
    worth = [int(c.text) for c in browser.find_elements(By.CSS_SELECTOR, "#players td.worth")]
    frames = json.loads(browser.execute_script(
        "return document.getElementById('game-data').textContent"))["frames"]
    players = next(f["players"] for f in reversed(frames[:6]) if "players" in f)
    assert worth == [p["worth"] for p in players]


def test_an_1839_game_shows_both_markets_panels_and_a_readable_log(
    browser: Any, tmp_path: Path,
) -> None:
    """Also prints the page's size and Chromium's first paint (measured, not asserted)."""
    from selenium.webdriver.common.by import By

    record = played_record("1839")
    path = tmp_path / "game.html"
    path.write_text(build_html(record), encoding="utf-8")
    browser.get(path.as_uri())
    paint = browser.execute_script(
        "const p = performance.getEntriesByName('first-contentful-paint')[0];"
        "return p ? p.startTime : null")
    print(f"1839 viewer: {len(record['actions'])} actions, {path.stat().st_size // 1024} KiB, "
          f"first contentful paint {paint} ms")
    assert paint is not None
    markets = browser.find_elements(By.CSS_SELECTOR, "#market-slots .market")
    assert len(markets) == 2
    for table in ("certificates", "privates", "depot"):
        rows = browser.find_elements(By.CSS_SELECTOR, f"#{table} tbody tr")
        assert rows and all(row.text for row in rows)
    headings = [h.get_attribute("textContent")
                for h in browser.find_elements(By.CSS_SELECTOR, "#log .round")]
    assert any(h.startswith("Operating round ") for h in headings)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#log li.action")) == len(
        record["actions"])


def test_estimated_text_widths_cover_chromiums(browser: Any, tmp_path: Path) -> None:
    """The label layout's widths (railhouse.render.layout.text_width) are upper bounds of
    the widths Chromium renders, so boxes that do not overlap hold texts that do not."""
    from railhouse.engine.record import replay
    from railhouse.render.layout import text_width
    from railhouse.render.scene import picture, scene_of

    game = replay(played_record("1839"), upto=0)
    path = tmp_path / "board.svg"
    path.write_text(picture(scene_of(game)).as_svg(), encoding="utf-8")
    browser.get(path.as_uri())
    measured = browser.execute_script(
        "return Array.from(document.querySelectorAll('#map text')).map(t => "
        "[t.textContent, Number(t.getAttribute('font-size')), t.getBBox().width])")
    assert len(measured) > 100
    too_narrow = [(text, size, width) for text, size, width in measured
                  if text and width > text_width(text, size) + 0.5]
    assert too_narrow == []
