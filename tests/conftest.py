"""Shared fixtures, and the test tiers: every test under ``tests/integration/`` is marked
``integration`` (it reads the real corpus in ../shared and skips with a reason when it is
absent); tests marked ``slow`` (subprocesses, wheels, memory bounds) run in the full suite only.
``make test-fast`` runs the rest: ``pytest -m "not integration and not slow"``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests check results, never speed: no per-example deadline (on a loaded machine an
# example that takes 0.2 ms alone can take 300 ms, and hypothesis would call that a failure).
settings.register_profile("mtgcr", deadline=None)
settings.load_profile("mtgcr")

ROOT = Path(__file__).resolve().parent.parent
_INTEGRATION = ROOT / "tests" / "integration"
_NOT_PACKAGE = {"tests", "benchmarks", "build", "dist", "docs"}


def pytest_configure(config):
    """Stop before any test when ``--dist loadgroup`` cannot group (see
    :func:`_xdist_groups_hold`), or when the installed ``mtgcr`` is not this checkout's code:
    another checkout's editable install, or this one's without a module added since (the strict
    editable install links each file; ``make venv`` links the new ones)."""
    import mtgcr

    if config.getoption("dist", "no") == "loadgroup" and not _xdist_groups_hold():
        raise pytest.UsageError(
            f"pytest {pytest.__version__} and this pytest-xdist cannot keep an xdist_group on "
            f"one worker (one MediaWiki, browser or engine would be driven by two workers at "
            f"once): install the pytest pinned in pyproject.toml (make venv)"
        )
    tree = Path(mtgcr.__path__[0])
    if (tree / "__init__.py").resolve() != ROOT / "__init__.py":
        raise pytest.UsageError(
            f"the mtgcr package imported is {tree}, not this checkout ({ROOT}): run `make venv` here"
        )
    if tree.resolve() == ROOT:
        return  # a plain path install: every module is there
    tops = [
        top
        for top in ROOT.iterdir()
        if top.name not in _NOT_PACKAGE and not top.name.startswith(".")
    ]
    files = [f for top in tops for f in ([top] if top.is_file() else top.rglob("*.py"))]
    missing = [
        str(rel)
        for rel in (f.relative_to(ROOT) for f in files if f.suffix == ".py")
        if "__pycache__" not in rel.parts and not (tree / rel).exists()
    ]
    if missing:
        raise pytest.UsageError(
            f"{len(missing)} module(s) of this checkout are not in the editable install yet "
            f"({', '.join(missing[:3])}): run `make venv`"
        )


def _xdist_groups_hold() -> bool:
    """Whether pytest-xdist's ``--dist loadgroup`` can keep a group on one worker: xdist (up to
    3.8 at least) groups by appending ``@group`` to ``item._nodeid``; pytest 9.2 reads the node
    id from ``Node._id`` instead, so the suffix is lost and a group's tests are spread."""
    import inspect
    import types

    import xdist.remote
    from _pytest.nodes import Node

    if "_nodeid" not in inspect.getsource(xdist.remote):
        return True  # an xdist that groups another way
    probe = types.SimpleNamespace(_nodeid="a.py::t@g", _id="a.py::t")
    return Node.nodeid.fget(probe) == "a.py::t@g"  # type: ignore[attr-defined]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _INTEGRATION in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.integration)


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    """A fresh store file path in a temporary folder."""
    return tmp_path / "store.sqlite"


@pytest.fixture(scope="session")
def mediawiki(tmp_path_factory):
    """A real MediaWiki on 127.0.0.1 (tests/mediawiki.py): the one ``.ci/run`` started
    (``$MTGCR_TEST_MEDIAWIKI``), else one started for this run and stopped at its end; the
    test skips when Debian's package cannot be installed here."""
    from mediawiki import ENV, running_server, start_server

    server = running_server(os.environ.get(ENV, ""))
    if server is not None:
        yield server
        return
    server = start_server(tmp_path_factory.mktemp("mediawiki"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """Headless Chromium driven by selenium (Debian's chromium + chromium-driver, which
    ``.ci/run`` installs), one for the whole run; the test skips, naming what is missing, when
    they are not installed."""
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not (chromium and driver_path):
        pytest.skip("headless Chromium not installed (apt-get install chromium chromium-driver)")
    from selenium import webdriver

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1200,900",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        opts.add_argument(arg)
    driver = webdriver.Chrome(
        options=opts, service=webdriver.ChromeService(executable_path=driver_path)
    )
    yield driver
    driver.quit()


@pytest.fixture
def env(tmp_path, httpserver, monkeypatch):
    """A fetch command against the loopback server: ``(run, store, httpserver)``; ``run(*args)``
    runs ``mtgcr`` with the store, ``--base-url`` the server, ``--delay 0.5`` and no cache;
    downloads go to ``tmp_path/downloads``; robots.txt disallows ``/private``."""
    from mtgcr.cli.main import main

    monkeypatch.delenv("MTGCR_CONTACT", raising=False)
    monkeypatch.setenv("MTGCR_DOWNLOADS", str(tmp_path / "downloads"))
    httpserver.no_handler_status_code = 404  # as a real server answers a missing file
    httpserver.expect_request("/robots.txt").respond_with_data(
        "User-agent: *\nDisallow: /private\n"
    )
    store = tmp_path / "store.sqlite"

    def run(*args):
        return main(
            [
                "--store",
                str(store),
                "--silent",
                *args,
                "--base-url",
                httpserver.url_for("/").rstrip("/"),
                "--delay",
                "0.5",
                "--no-cache",
            ]
        )

    return run, store, httpserver
