"""Shared fixtures, and the test tiers: every test under ``tests/integration/`` is marked
``integration`` (it reads the real corpus in ../shared and skips with a reason when it is
absent); tests marked ``slow`` (subprocesses, wheels, memory bounds) run in the full suite only.
``make test-fast`` runs the rest: ``pytest -m "not integration and not slow"``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_INTEGRATION = Path(__file__).resolve().parent / "integration"


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
