"""The site in a real browser: headless Chromium (Debian's chromium + chromium-driver) driven
by selenium over pages built from the real corpus (../shared; skipped when absent, or when
Chromium is not installed — .ci/run installs it).

Each test takes a screenshot; a failing test's screenshot is kept in
``.pytest_cache/screenshots/`` (passing ones in the test's temporary folder).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from helpers import OFFICIAL, ROOT, SHARED, need
from mtgcr.cli.main import main

from sitecheck import broken_links

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("site_browser")]

KEPT = ROOT / ".pytest_cache" / "screenshots"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    old, new = need(OFFICIAL / "2022-11-18.txt"), need(OFFICIAL / "2023-11-17.txt")
    seeds = need(SHARED / "seeds")
    tmp = tmp_path_factory.mktemp("site_browser")
    store = tmp / "store.sqlite"
    assert main(["--silent", "--store", str(store), "ingest", str(old), str(new), str(seeds)]) in (
        0,
        1,
    )
    assert (
        main(
            [
                "--silent",
                "--store",
                str(store),
                "site",
                "--out",
                str(tmp / "site"),
                "--lang",
                "en",
                "ja",
            ]
        )
        == 0
    )
    return tmp / "site"


@contextlib.contextmanager
def shot(driver, name: str, tmp_path: Path):
    """Screenshot after the block; on failure it is kept in .pytest_cache/screenshots."""
    try:
        yield
    except BaseException:
        KEPT.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(KEPT / f"{name}.png"))
        raise
    driver.save_screenshot(str(tmp_path / f"{name}.png"))


def _in_view(driver, element) -> bool:
    return driver.execute_script(
        "var r = arguments[0].getBoundingClientRect();"
        "return r.top > -8 && r.top < window.innerHeight;",
        element,
    )


def test_reference_in_712_8e_leads_to_its_rule(site, browser, tmp_path):
    from selenium.webdriver.common.by import By

    browser.get((site / "en" / "2023-11-17" / "712.html").as_uri())
    with shot(browser, "reference", tmp_path):
        rule = browser.find_element(By.ID, "R7128e")
        ref = rule.find_element(By.CSS_SELECTOR, "a.ref")
        target = ref.get_attribute("href").split("#")[1]
        ref.click()
        assert browser.current_url.endswith("#" + target)
        assert _in_view(browser, browser.find_element(By.ID, target))


def test_trace_of_712_8e_shows_712_4d_in_2022_11_18(site, browser, tmp_path):
    from selenium.webdriver.common.by import By

    browser.get((site / "en" / "2023-11-17" / "712.html").as_uri())
    with shot(browser, "trace", tmp_path):
        browser.find_element(By.ID, "R7128e").find_element(By.LINK_TEXT, "trace").click()
        rows = {
            r.find_elements(By.TAG_NAME, "td")[0].text.split("\n")[0]: r.find_elements(
                By.TAG_NAME, "td"
            )[1].text
            for r in browser.find_elements(By.CSS_SELECTOR, "tbody tr")
        }
        assert rows["2023-11-17"] == "712.8e" and rows["2022-11-18"] == "712.4d"


def test_search_mana_value_reaches_a_rule(site, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get((site / "en" / "2023-11-17" / "search.html").as_uri())
    with shot(browser, "search", tmp_path):
        box = browser.find_element(By.ID, "q")
        box.send_keys("mana value")
        WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.hit-link"))
        first = browser.find_elements(By.CSS_SELECTOR, "a.hit-link")[0]
        number = first.text
        first.click()
        target = browser.find_element(By.ID, "R" + number.replace(".", ""))
        assert _in_view(browser, target)
        marks = target.find_elements(By.TAG_NAME, "mark")
        assert marks and marks[0].text.lower() in ("mana", "value")


def test_ja_side_by_side_of_712_shows_both_texts(site, browser, tmp_path):
    from selenium.webdriver.common.by import By

    pages = sorted((site / "ja").glob("20231117*/side/712.html"))
    assert pages, "no JA side-by-side page of 712"
    browser.get(pages[0].as_uri())
    with shot(browser, "side", tmp_path):
        row = browser.find_element(By.ID, "R7128e")
        ja, en = row.find_elements(By.CSS_SELECTOR, ":scope > div")[:2]
        assert any("\u3040" <= c <= "\u30ff" for c in ja.text)  # kana: the Japanese text
        assert "712.8e" in en.text and "double-faced" in en.text.lower()
        assert "quoted on 000_" in row.text  # the seed page the JA quote comes from


def test_site_has_no_broken_links(site):
    assert broken_links(site) == []
