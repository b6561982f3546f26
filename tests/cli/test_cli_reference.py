"""docs/cli.md is the commands' own --help (cog): a test fails when code and reference drift."""

from __future__ import annotations

import os
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


def _modules_after(argv: list[str]) -> tuple[str, list[str]]:
    """Run ``mtgcr ARGV`` in a fresh interpreter: ``(its stdout, the command modules
    imported)``."""
    code = (
        "import sys\n"
        "from mtgcr.cli.main import main\n"
        f"try:\n    main({argv!r})\n"
        "except SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(m for m in sys.modules "
        "if m.startswith('mtgcr.cli.commands.'))), file=sys.stderr)\n"
    )
    env = {**os.environ, "COLUMNS": "100"}
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return r.stdout, [line for line in r.stderr.splitlines() if line.strip()]


def test_the_top_level_help_imports_no_command_module():
    out, modules = _modules_after(["--help"])
    assert modules == []
    assert "show a rule, subrule or section" in out  # the summaries are listed all the same
    assert "rewrite the CR citations of a source tree for another release" in out


def test_a_commands_help_imports_that_command_alone():
    out, modules = _modules_after(["cite-check", "--help"])
    assert modules == ["mtgcr.cli.commands.cite_check"]
    assert out.startswith("usage: mtgcr cite-check")


def test_the_light_top_level_help_is_the_full_parsers_help(monkeypatch):
    from mtgcr.cli.main import build_parser

    monkeypatch.setenv("COLUMNS", "100")
    light = build_parser(["--help"]).format_help()  # SUMMARIES, no command module
    assert light == build_parser().format_help()  # every command registered in full
    assert "    show          show a rule, subrule or section\n" in light
