"""``mtgcr site`` of the shared corpus (issue 28): whole processes, medians of several runs.

* full build: every EN official release, the ZH translations, the JA translation and the
  seed pages' quotes, into a new folder — wall and CPU seconds (user + system of the child),
  peak memory, disk (blocks of the distinct files: the hard links that share a section page
  between releases count once), paths and files;
* the floor beside it: loading every release of the store (what any site build must read)
  in one process;
* after one new release: the site built from a store without the newest EN release, that
  release ingested, the site built again — the second build's wall time and its own
  "N written, M unchanged".

``MTGCR_BENCH_QUICK=1`` (``make bench QUICK=1``): the 2025–2026 EN files and ZH translations
only, one run each.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUICK = os.environ.get("MTGCR_BENCH_QUICK") == "1"
RUNS = 1 if QUICK else 3
EXE = [sys.executable, "-m", "mtgcr.cli.main"]


def _child(argv: list[str]) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds (user + system), peak RSS (MB) and standard output of one
    child process (its own accounting: ``os.wait4``)."""
    t = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            raise subprocess.CalledProcessError(proc.returncode, argv)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text


def disk_usage(root: Path) -> tuple[int, int, int]:
    """``(bytes on disk, paths, distinct files)`` of a folder: each file's blocks counted once
    however many hard links it has (as ``du`` counts)."""
    seen: set[tuple[int, int]] = set()
    blocks = paths = 0
    for dirpath, _, files in os.walk(root):
        st = os.lstat(dirpath)
        blocks += st.st_blocks
        for f in files:
            st = os.lstat(os.path.join(dirpath, f))
            paths += 1
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                blocks += st.st_blocks
    return blocks * 512, paths, len(seen)


def _sources(shared: Path) -> tuple[list[Path], Path]:
    """The inputs (EN files but the newest, the translations, the seeds) and the newest EN file."""
    corpus = shared / "corpus"
    en = sorted((corpus / "en" / "official").glob("*.txt"))
    zh = sorted((corpus / "zh" / "plain_text").glob("*_Zh.txt"))
    if QUICK:
        en = [f for f in en if f.name >= "2025"]
        zh = [f for f in zh if f.name >= "2025"]
        return [*en[:-1], *zh], en[-1]
    return [*en[:-1], *zh, corpus / "ja" / "full", shared / "seeds"], en[-1]


def _site(store: Path, out: Path) -> tuple[float, float, float, str]:
    return _child([*EXE, "--silent", "--store", str(store), "site", "--out", str(out)])


def main(shared: Path) -> None:
    sources, newest = _sources(shared)
    with tempfile.TemporaryDirectory(prefix="bench_site_") as tmp:
        store = Path(tmp) / "store.sqlite"
        subprocess.run(
            [*EXE, "--silent", "--store", str(store), "ingest", *map(str, sources)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # the incremental row first (its store lacks the newest release: the smaller peak)
        out = Path(tmp) / "inc"
        _site(store, out)
        subprocess.run(
            [*EXE, "--silent", "--store", str(store), "ingest", str(newest)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        inc_wall, inc_cpu, _, inc_out = _site(store, out)
        m = re.search(r"(\d+) written, (\d+) unchanged", inc_out)
        counts = f"{m.group(1)} written, {m.group(2)} unchanged" if m else inc_out.strip()
        shutil.rmtree(out)
        floor = _child([sys.executable, "-c", _LOAD_ALL, str(store)])
        runs = []
        for k in range(RUNS):
            out = Path(tmp) / f"full{k}"
            runs.append(_site(store, out))
            size, paths, files = disk_usage(out)
            shutil.rmtree(out)
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    peak = max(r[2] for r in runs)
    load = os.getloadavg()[0]
    what = "2025–2026 EN + ZH" if QUICK else "shared corpus: EN 112 + ZH 19 + JA + seeds"
    print(f"site of the {what} ({RUNS} run(s), medians; load average {load:.1f})")
    rows = [
        (
            "site, full build: wall",
            f"{wall:.1f} s",
            f"floor (load every release) {floor[0]:.1f} s",
            f"{wall / floor[0]:.1f}×",
            "≤ 30 s",
            wall <= 30,
        ),
        ("site, full build: CPU", f"{cpu:.1f} s", f"floor {floor[1]:.1f} s", "", "", None),
        (
            "site, full build: peak memory",
            f"{peak:.0f} MB",
            f"floor {floor[2]:.0f} MB",
            f"{peak / floor[2]:.1f}×",
            "≤ 300 MB",
            peak <= 300,
        ),
        (
            "site, full build: on disk",
            f"{size / 1e6:.0f} MB",
            f"{paths} paths, {files} files",
            "",
            "≤ 150 MB",
            size <= 150e6,
        ),
        (
            f"site after ingesting {newest.stem}",
            f"{inc_wall:.1f} s (CPU {inc_cpu:.1f} s)",
            counts,
            "",
            "≤ 10 s",
            inc_wall <= 10,
        ),
    ]
    for figure, value, ref, ratio, target, ok in rows:
        verdict = "" if ok is None else "met" if ok else "NOT met"
        print(f"  {figure:<38} {value:>22}  {ref:<40} {ratio:>6} {target:>9} {verdict}")


#: The floor: every release of every language read from the store, as the site reads them.
_LOAD_ALL = """
import sys
from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import Chain
store = Store(sys.argv[1])
for lang in store.languages():
    if any(r.complete for r in store.releases(lang)):
        chain = Chain(store, lang)
        for k in range(len(chain.infos)):
            chain.ruleset(k)
"""
