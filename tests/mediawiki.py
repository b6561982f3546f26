"""A real MediaWiki (Debian's ``mediawiki`` 1.39 with SQLite, served by PHP's built-in server
on 127.0.0.1) for the tests, started by ``tests/mediawiki_server.sh`` once per run (the
session fixture ``mediawiki`` in conftest.py; tests using it are in the xdist group
``mediawiki``, so one worker runs them all against one server). Where Debian's package cannot
be installed, the tests that need it skip with the script's reason."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("mediawiki_server.sh")
#: The bot password the script creates (name User@app, password).
BOT = ("MtgcrBot@mtgcr", "mtgcrbotpassword0123456789abcdef")
#: A second, ordinary account.
OTHER = ("OtherEditor", "Other-pass-12345")
#: The exit status of the script when the package cannot be installed here.
CANNOT_INSTALL = 3
#: ``DIR:PORT`` of a wiki ``.ci/run`` started for the whole run.
ENV = "MTGCR_TEST_MEDIAWIKI"


@dataclass
class MediaWikiServer:
    """A running test wiki: its folder and port, and server-side helpers."""

    folder: Path
    port: int

    @property
    def api(self) -> str:
        """The action API's URL."""
        return f"http://127.0.0.1:{self.port}/api.php"

    @property
    def base(self) -> str:
        """The wiki's root URL (``api.php`` and ``index.php`` under it)."""
        return f"http://127.0.0.1:{self.port}"

    def _php(self, *args: str, stdin: str | None = None) -> str:
        env = {**os.environ, "MW_CONFIG_FILE": str(self.folder / "LocalSettings.php")}
        r = subprocess.run(
            ["php", f"/usr/share/mediawiki/maintenance/{args[0]}", *args[1:]],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=True,
        )
        return r.stdout

    def seed(self, title: str, text: str, user: str = "Admin", summary: str = "seed") -> None:
        """Create or replace a page server-side (``maintenance/edit.php``), as ``user``."""
        self._php("edit.php", "-u", user, "-s", summary, title, stdin=text)

    def lag(self, seconds: float, requests: int | None = None) -> None:
        """Make the API report replica lag (to the next ``requests`` requests sending
        ``maxlag``; to all when ``None``)."""
        (self.folder / "lag").write_text(f"{seconds} {requests}" if requests else f"{seconds}")

    def no_lag(self) -> None:
        """Stop reporting lag."""
        (self.folder / "lag").unlink(missing_ok=True)

    def failing(self, on: bool) -> None:
        """Make every API request answer an internal error (or stop doing so)."""
        path = self.folder / "fail"
        if on:
            path.touch()
        else:
            path.unlink(missing_ok=True)

    def stop(self) -> None:
        """Stop the server (by the pid the script recorded)."""
        pid = int((self.folder / "server.pid").read_text())
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def running_server(spec: str) -> MediaWikiServer | None:
    """The wiki ``.ci/run`` started (``spec`` = ``DIR:PORT``, from :data:`ENV`), or ``None``
    when none was."""
    folder, _, port = spec.rpartition(":")
    if not folder or not port.isdigit():
        return None
    return MediaWikiServer(Path(folder), int(port))


def start_server(folder: Path) -> MediaWikiServer:
    """Install (when missing) and start a wiki in ``folder``; skips the calling test when
    the package cannot be installed here."""
    port = _free_port()
    try:
        r = subprocess.run(
            ["bash", str(SCRIPT), "start", str(folder), str(port)],
            capture_output=True,
            text=True,
            timeout=900,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"the MediaWiki test server could not start: {exc}")
    if r.returncode == CANNOT_INSTALL:
        pytest.skip(f"Debian's mediawiki package cannot be installed here: {r.stderr.strip()}")
    assert r.returncode == 0, r.stderr
    return MediaWikiServer(folder, port)
