"""The documentation's promises, checked: README is a short front door with exactly the two
set-up commands, and every ``console`` example of the README and the docs (``$ command``
followed by what it prints) gives that output when run on the bundled sample corpus."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```console\n(.*?)^```", re.M | re.S)


def console_blocks(path: Path) -> list[list[tuple[str, list[str]]]]:
    """The ``console`` blocks of a Markdown file, each as ``[(command, expected lines)]``:
    a line starting with ``$ `` is a command, the lines after it (up to the next command) are
    what it prints; ``…`` lines stand for output left out."""
    blocks = []
    for body in FENCE.findall(path.read_text(encoding="utf-8")):
        steps: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps and line.strip() and line.strip() != "…":
                steps[-1][1].append(line)
        blocks.append(steps)
    return blocks


def _norm(text: str) -> str:
    return " ".join(text.split())


def missing_lines(expected: list[str], output: str) -> list[str]:
    """The expected lines that the output does not contain (whitespace runs compared as one)."""
    out = _norm(output)
    return [line for line in expected if _norm(line) not in out]


def test_readme_is_a_front_door():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    setup = text.split("## Set up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```sh\n(.*?)```", setup, re.S)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["make demo", "make test"]


def test_console_blocks_are_read_with_their_output(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("x\n```console\n$ echo a\na\n…\n$ echo b\n```\n")
    assert console_blocks(page) == [[("echo a", ["a"]), ("echo b", [])]]
    assert missing_lines(["a  b", "c"], "a b\n") == ["c"]


PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


@pytest.mark.slow
@pytest.mark.parametrize("page", [p for p in PAGES if console_blocks(p)], ids=lambda p: p.name)
def test_console_examples_give_their_output(page, tmp_path):
    """Run each example as a user would, in a fresh folder. A page whose first command is not
    an ingest goes on from the sample's store (the README's at ``.demo/store.sqlite``, where
    ``make demo`` puts it; a later tutorial's at ``store.sqlite``, where the first one puts it)."""
    from mtgcr.corpus import sample

    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "SAMPLE": str(sample.path()), "COLUMNS": "120", "NO_COLOR": "1"}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env.pop("MTGCR_STORE", None)
    (tmp_path / ".venv").symlink_to(bin_dir.parent)
    blocks = console_blocks(page)
    if "ingest" not in blocks[0][0][0]:  # the page goes on from a store made before
        store = tmp_path / (".demo" if page.name == "README.md" else "") / "store.sqlite"
        subprocess.run(
            [bin_dir / "mtgcr", "--store", store, "--silent", "ingest", str(sample.path())],
            check=True,
            capture_output=True,
            env=env,
        )
    for steps in blocks:
        for command, expected in steps:
            run = subprocess.run(
                command,
                shell=True,
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert run.returncode == 0, f"{page.name}: {command}: {run.stderr}"
            assert missing_lines(expected, run.stdout + run.stderr) == [], (
                f"{page.name}: {shlex.quote(command)}"
            )
