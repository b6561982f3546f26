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
    """Stop before any test when the installed ``mtgcr`` is not this checkout's code: another
    checkout's editable install, or this one's without a module added since (the strict
    editable install links each file; ``make venv`` links the new ones)."""
    import mtgcr

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
