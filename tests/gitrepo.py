"""A git repository for the tests, with commits on chosen days (GIT_AUTHOR_DATE and
GIT_COMMITTER_DATE), isolated from the user's and the system's git configuration."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


class Repo:
    """A git repository in ``root`` (created, ``git init``)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q")

    def git(self, *args: str, when: str | None = None) -> str:
        """Run ``git ARGS`` in the repository (on the day ``when``, ``YYYY-MM-DD``); its
        standard output."""
        env = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_SYSTEM="/dev/null")
        if when:
            env.update(GIT_AUTHOR_DATE=f"{when}T12:00:00", GIT_COMMITTER_DATE=f"{when}T12:00:00")
        run = subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
            cwd=self.root,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return run.stdout

    def commit(self, files: dict[str, str], when: str) -> None:
        """Write ``files`` (name → text) and commit them on the day ``when``."""
        for name, text in files.items():
            p = self.root / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
            self.git("add", name)
        self.git("commit", "-q", "-m", f"on {when}", when=when)
