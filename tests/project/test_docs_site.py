"""The documentation site, built and opened in a real browser: its navigation and search work.

The site is the one in LINK4_DOCS_SITE (a built HTML folder, as CI builds it with
``python -m sphinx -W -n``), or else it is built here, with warnings as errors; that
needs the docs extra (Sphinx, furo, MyST), without which these tests
skip. The browser is that of tests/support/browser.py. With LINK4_DOCS_SCREENSHOTS=DIR the start
page and the Solver's reference are saved there as PNG pictures.
"""

from __future__ import annotations

import functools
import html
import http.server
import importlib.util
import os
import re
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import browser_paths, start_chromium

DOCS = Path(__file__).resolve().parents[2] / "docs"
WAIT_SECONDS = 20.0


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("LINK4_DOCS_SITE")
    if given:
        return Path(given)
    if not (DOCS / "conf.py").is_file():
        pytest.skip("docs/ is not beside the tests (a copy of the tests alone)")
    needed = ("sphinx", "furo", "myst_parser")
    if any(importlib.util.find_spec(name) is None for name in needed):
        pytest.skip('building the site needs the docs extra: pip install ".[docs]"')
    from sphinx.cmd.build import build_main

    out = tmp_path_factory.mktemp("site")
    assert build_main(["-W", "-n", "-q", "-b", "html", str(DOCS), str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def address(site: Path) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_address[1]}/"
        server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def browser(site: Path) -> Iterator[Any]:
    driver = start_chromium(browser_paths())
    driver.set_window_size(1280, 1600)  # the whole navigation in view, as on a tall screen
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(browser: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT_SECONDS).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css))
    )


def sidebar_links(browser: Any) -> dict[str, str]:
    from selenium.webdriver.common.by import By

    links = browser.find_elements(By.CSS_SELECTOR, ".sidebar-tree a.reference")
    return {link.get_attribute("textContent").strip(): link.get_attribute("href") for link in links}


def click(browser: Any, element: Any) -> None:
    """A real click, once the element is scrolled to the middle of the window."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def screenshot(browser: Any, name: str) -> None:
    folder = os.environ.get("LINK4_DOCS_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(folder) / name))


def test_the_start_page_leads_to_every_page_of_the_navigation(browser: Any, address: str) -> None:
    browser.get(address)
    wait_for(browser, ".sidebar-tree")
    assert browser.find_element("css selector", "h1").text.startswith("link4")
    links = sidebar_links(browser)
    for title in ("Getting started", "The score", "Reinforcement learning and evaluation",
                  "API reference", "Command line", "How the solver works", "The benchmark"):
        assert title in links, sorted(links)
    for title, href in links.items():
        with urllib.request.urlopen(href.split("#")[0]) as answer:
            assert answer.status == 200, title
    screenshot(browser, "start-page.png")


def test_the_navigation_reaches_the_solvers_reference(browser: Any, address: str) -> None:
    browser.get(address)
    wait_for(browser, ".sidebar-tree")
    navigation = browser.find_element("css selector", ".sidebar-tree")
    click(browser, navigation.find_element("link text", "API reference"))
    assert wait_for(browser, "h1").text.startswith("API reference")
    # The reference's own pages unfold in the navigation once it is open.
    navigation = browser.find_element("css selector", ".sidebar-tree")
    click(browser, navigation.find_element("link text", "Solving"))
    solver = wait_for(browser, 'dt[id="link4.Solver"]')
    assert browser.current_url.endswith("reference/solving.html")
    assert "class link4.Solver" in solver.text
    for method in ("solve", "analyze", "search", "best_move", "pv"):
        wait_for(browser, f'dt[id="link4.Solver.{method}"]')
    browser.get(address + "reference/solving.html#link4.Solver")
    wait_for(browser, 'dt[id="link4.Solver"]')
    screenshot(browser, "solver-reference.png")


@pytest.mark.parametrize(
    ("query", "page"),
    [("Solver", "reference/solving.html"), ("claimeven", "solver.html"), ("ConnectX", "guides/kaggle.html")],
)
def test_the_search_box_finds_the_pages(browser: Any, address: str, query: str, page: str) -> None:
    from selenium.webdriver.common.keys import Keys

    browser.get(address)
    box = wait_for(browser, "input.sidebar-search")
    box.send_keys(query, Keys.ENTER)
    wait_for(browser, "ul.search li a")
    assert "search.html" in browser.current_url
    found = [a.get_attribute("href") for a in browser.find_elements("css selector", "ul.search li a")]
    assert any(href.split("#")[0].endswith(page) for href in found), found


def page_text(page: Path) -> str:
    """What a reader sees of a built page: its text without the tags."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page.read_text(encoding="utf-8"), flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def test_the_reference_speaks_of_public_names_and_links_the_documents_it_cites(site: Path) -> None:
    pages = sorted((site / "reference").glob("*.html"))
    assert len(pages) > 10
    for page in pages:
        text = page_text(page)
        # A private module (link4._core, link4._request...) is no name a user imports.
        assert not re.search(r"link4\._(?!_version__)[a-z]\w*", text), page.name
        # A document of the site is a link to its page, not the path of its source.
        assert not re.search(r"docs/[\w/-]+\.md", text), page.name
    score = (site / "reference" / "score.html").read_text(encoding="utf-8")
    assert 'href="../score.html"' in score


def test_a_site_that_leaves_out_public_names_fails_to_build(tmp_path: Path) -> None:
    # The check behind "every public name is in the reference": a site documenting one
    # class, and only one of its methods, names every other public name and fails.
    if importlib.util.find_spec("sphinx") is None or not (DOCS / "_ext").is_dir():
        pytest.skip('needs the docs extra (pip install ".[docs]") and docs/_ext')
    from sphinx.cmd.build import build_main

    source = tmp_path / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['sphinx.ext.autodoc', 'public_api']\n",
        encoding="utf-8",
    )
    (source / "index.rst").write_text(
        "Site\n====\n\n.. autoclass:: link4.Engine\n   :members: choose\n", encoding="utf-8"
    )
    warnings = tmp_path / "warnings.txt"
    status = build_main(["-W", "-q", "-w", str(warnings), "-b", "html", str(source), str(tmp_path / "out")])
    text = warnings.read_text(encoding="utf-8")
    assert status != 0
    assert "link4.Game is public but not in the API reference" in text
    assert "link4.vector.VectorEnv is public but not in the API reference" in text
    assert "link4.Engine.level is public but not in the API reference" in text
    assert "link4.Engine.choose" not in text
    assert "link4.Engine is public" not in text
