"""Three batch commands of issue 28, whole processes, each beside its floor measured in this run.

* ``fixtures migrate --write --accept-edits`` of a suite of every rule of EN 2017-01-19
  (2,177 skeletons written by ``fixtures generate``) to 2026-01-16 (target ≤ 5 s, with
  progress); floor: a process that reads every fixture and writes each back atomically
  (:func:`mtgcr.corpus.safe_write.write_atomic`), the I/O any migration does;
* ``glossary check --lang ja`` (target ≤ 1 s); floor: a process that loads the JA and EN
  rulesets of 20260116 from the store, which the check reads;
* ``pair --lang ja --against all`` (target ≤ 2 s); floor: a process that loads every complete
  EN ruleset from the store, which scoring against all of them reads.

Each row: median wall seconds, CPU seconds (user + system) and peak RSS of ``REPEATS`` runs,
the floor's median wall, the ratio, the target. The store (every official EN file and the JA
full text; ingest and alignment take a minute) is built once in a temporary folder, or read
from ``$MTGCR_BENCH_STORE`` when that names one. ``MTGCR_BENCH_QUICK=1`` leaves the rows out
unless ``$MTGCR_BENCH_STORE`` is given (then one run each).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

QUICK = os.environ.get("MTGCR_BENCH_QUICK") == "1"
REPEATS = 1 if QUICK else 3
MTGCR = [sys.executable, "-c", "import sys; from mtgcr.cli.main import main; sys.exit(main())"]

_WRITE_BACK = """
import sys
from pathlib import Path
from mtgcr.corpus.safe_write import write_atomic
for p in sorted(Path(sys.argv[1]).rglob("cr_*.toml")):
    write_atomic(p.with_name(p.stem + "_x.toml"), p.read_text(encoding="utf-8"))
    p.unlink()
"""

_LOAD = """
import sys
from mtgcr.corpus.store import Store
from mtgcr.extract.records import load_release
from mtgcr.crossref.translation.pairing import complete_releases
st = Store(sys.argv[1])
if sys.argv[2] == "all":
    infos = complete_releases(st, "en")
else:
    infos = [st.resolve(sys.argv[2], "en"), st.resolve(sys.argv[2], "ja")]
for info in infos:
    load_release(st, info)
"""


def _run(argv: list[str], prepare=None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB) of one child process, from
    its own resource usage (``os.wait4``); ``prepare()`` runs first, untimed."""
    if prepare is not None:
        prepare()
    t = perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = perf_counter() - t
    proc.returncode = 0  # reaped above
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _median(argv: list[str], prepare=None) -> tuple[float, float, float]:
    runs = [_run(argv, prepare) for _ in range(REPEATS)]
    return (
        statistics.median(r[0] for r in runs),
        statistics.median(r[1] for r in runs),
        max(r[2] for r in runs),
    )


def _store(shared: Path, tmp: Path) -> Path:
    given = os.environ.get("MTGCR_BENCH_STORE")
    if given:
        return Path(given)
    store = tmp / "store.sqlite"
    corpus = shared / "corpus"
    subprocess.run(
        [*MTGCR, "--store", str(store), "--silent", "ingest"]
        + [str(corpus / "en" / "official"), str(corpus / "ja" / "full")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    return store


def main(shared: Path) -> None:
    if QUICK and not os.environ.get("MTGCR_BENCH_STORE"):
        print("batch commands: left out under QUICK (they need a store of every EN release)")
        return
    rows = []
    with tempfile.TemporaryDirectory(prefix="mtgcr-bench-batch-") as t:
        tmp = Path(t)
        store = _store(shared, tmp)
        m = [*MTGCR, "--store", str(store), "--silent"]
        suite, work = tmp / "suite", tmp / "work"
        subprocess.run(
            [*m, "fixtures", "generate", "--release", "2017-01-19", "--out", str(suite)],
            stdout=subprocess.DEVNULL,
            check=True,
        )
        n = sum(1 for _ in suite.rglob("cr_*.toml"))

        def fresh() -> None:
            shutil.rmtree(work, ignore_errors=True)
            shutil.copytree(suite, work)

        mig = _median(
            [*m, "fixtures", "migrate", str(work), "--to", "2026-01-16", "--write"]
            + ["--accept-edits"],
            fresh,
        )
        floor = _median([sys.executable, "-c", _WRITE_BACK, str(work)], fresh)
        rows.append((f"fixtures migrate --write, {n} fixtures", mig, "read + write back", floor, 5))
        gl = _median([*m, "glossary", "check", "--lang", "ja"])
        floor = _median([sys.executable, "-c", _LOAD, str(store), "20260116"])
        rows.append(("glossary check --lang ja", gl, "load JA + EN rulesets", floor, 1))
        pa = _median([*m, "pair", "--lang", "ja", "--against", "all"])
        floor = _median([sys.executable, "-c", _LOAD, str(store), "all"])
        rows.append(("pair --lang ja --against all", pa, "load every EN ruleset", floor, 2))
    load = os.getloadavg()[0]
    print(f"median of {REPEATS} whole-process runs; load average {load:.1f}")
    print(
        f"{'command':42} {'wall s':>7} {'CPU s':>6} {'peak MB':>8}  {'floor':22} {'wall s':>7}"
        f" {'ratio':>6}  target"
    )
    for name, (w, c, p), fname, (fw, _, _), target in rows:
        met = "met" if w <= target else "NOT met"
        print(
            f"{name:42} {w:7.2f} {c:6.2f} {p:8.0f}  {fname:22} {fw:7.2f} {w / fw:5.1f}×"
            f"  ≤ {target} s: {met}"
        )
