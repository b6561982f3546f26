"""docs/cli.md is the commands' own --help (cog): a test fails when code and reference drift."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _cog_check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cogapp", "--check", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_cli_reference_is_up_to_date():
    r = _cog_check(ROOT / "docs" / "cli.md")
    assert r.returncode == 0, f"docs/cli.md is out of date: run `make docs`\n{r.stdout}{r.stderr}"


def test_a_reference_that_differs_from_the_help_fails(tmp_path):
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "usage: mtgcr ingest" in text and "/home/you/.local/share/mtgcr/store.sqlite" in text
    stale = tmp_path / "cli.md"
    stale.write_text(
        text.replace("usage: mtgcr ingest", "usage: mtgcr ingests", 1), encoding="utf-8"
    )
    assert _cog_check(stale).returncode != 0
