"""An interrupted ``cite-migrate --write`` resumes (issue 22): a real process is killed (SIGKILL,
from inside the process at an exact point of its work) while it rewrites a tree; the next run
finishes the job without migrating any file twice, and removes the temporary file the killed
writer left."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cite_releases import DATES, R1, R4, cr_file
from helpers import ingested_store

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
]

FILES = 120
# R1's 702.3a (Poisonous) is 702.4a in R4, and R1's 702.4a (Trample) is 702.5a: a file
# migrated twice would cite Trample.
SOURCE = "// CR 702.3a: poison counters\n// CR 704.5c\nclass C{i} {{}}\n"
MIGRATED = "// CR 702.4a: poison counters\n// CR 704.5d\nclass C{i} {{}}\n"

# Runs cite-migrate in this process and kills it with SIGKILL at the N-th call of the patched
# function: after the N-th file's new bytes are on disk in their temporary file and before the
# rename ("replace"), or after the rename and before the journal records it ("done").
KILLER = """
import os, signal, sys
from mtgcr.cli.main import main
from mtgcr.crossref.cite import migrate_journal
import mtgcr.corpus.safe_write as sw
where, n = sys.argv[1], int(sys.argv[2])
calls = [0]
def count():
    calls[0] += 1
    if calls[0] == n:
        os.kill(os.getpid(), signal.SIGKILL)
if where == "replace":
    real = sw.os.replace
    class _Os:
        def __getattr__(self, name):
            return getattr(os, name)
        def replace(self, a, b):
            count()
            return real(a, b)
    sw.os = _Os()
else:
    real_done = migrate_journal.Journal.done
    def done(self, *args, **kw):
        count()
        return real_done(self, *args, **kw)
    migrate_journal.Journal.done = done
sys.exit(main(sys.argv[3:]))
"""


RUN = "import sys; from mtgcr.cli.main import main; sys.exit(main(sys.argv[1:]))"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("releases")
    return ingested_store(folder, {f"cr-{r}.txt": cr_file(r) for r in DATES})


def tree(root: Path) -> Path:
    for i in range(FILES):
        p = root / "src" / f"d{i % 7}" / f"C{i}.java"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(SOURCE.format(i=i), encoding="utf-8")
    return root


def args(store: Path, root: Path) -> list[str]:
    return [
        "--silent",
        "--store",
        str(store),
        "cite-migrate",
        str(root / "src"),
        "--from",
        R1,
        "--to",
        R4,
        "--write",
        "--no-git",
        "--no-cache",
        "--journal",
        str(root / "journal.jsonl"),
    ]


def run(argv: list[str], killer: tuple[str, int] | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, MTGCR_CITE_CACHE="")
    if killer is None:
        cmd = [sys.executable, "-c", RUN, *argv]
    else:
        cmd = [sys.executable, "-c", KILLER, killer[0], str(killer[1]), *argv]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)


def state(root: Path) -> tuple[int, int, list[str]]:
    """(files migrated once, files not migrated, anything else)."""
    once = untouched = 0
    other = []
    for i in range(FILES):
        text = (root / "src" / f"d{i % 7}" / f"C{i}.java").read_text(encoding="utf-8")
        if text == MIGRATED.format(i=i):
            once += 1
        elif text == SOURCE.format(i=i):
            untouched += 1
        else:
            other.append(text)
    return once, untouched, other


@pytest.mark.parametrize("where", ["replace", "done"])
def test_a_killed_write_resumes_and_migrates_every_file_once(store, tmp_path, where):
    root = tree(tmp_path / "engine")
    killed = run(args(store, root), (where, 40))
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    once, untouched, other = state(root)
    assert other == [] and once == (39 if where == "replace" else 40) and untouched == FILES - once
    tmps = sorted(root.rglob(".C*.java.*.tmp"))
    assert len(tmps) == (1 if where == "replace" else 0)  # the killed writer's temporary file
    records = [json.loads(x) for x in (root / "journal.jsonl").read_text().splitlines()]
    # killed between "begin" and "done": before the rename, or after it
    assert records[-1]["kind"] == "begin" and [r["kind"] for r in records].count("done") == 39
    # the next run finishes the job: nothing migrated twice, the leftover removed
    again = run(args(store, root))
    assert again.returncode == 0, again.stderr
    assert state(root) == (FILES, 0, [])
    assert sorted(root.rglob("*.tmp")) == []
    # and a third run is a no-op
    before = {p: p.read_bytes() for p in (root / "src").rglob("*.java")}
    assert run(args(store, root)).returncode == 0
    assert {p: p.read_bytes() for p in before} == before


def test_without_the_journal_a_second_run_would_migrate_twice(store, tmp_path):
    # what the journal prevents: read against --from again, 702.4a (Poisonous in R4) is R1's
    # Trample and moves once more
    root = tree(tmp_path / "engine")
    assert run(args(store, root)).returncode == 0
    (root / "journal.jsonl").unlink()
    run(args(store, root))
    text = (root / "src" / "d0" / "C0.java").read_text(encoding="utf-8")
    assert text.startswith("// CR 702.5a")
