"""Engine source trees: ``cite-check`` on real public engine trees (or a generated one), cold
and warm, with time, memory, verdict counts and — where the tree is the commit a judged
sample of ``tests/data/engine_cite_sample_*.json`` was taken from — flag precision, recall of
outdated citations and wrong rewrites (``benchmarks/engine_samples.py``).

Trees: ``MTGCR_ENGINE_TREES=name=path[:name=path…]`` (``os.pathsep``-separated; a path is a
folder of a git work tree, e.g. ``phase.rs=~/src/phase/crates:XMage=~/src/mage/Mage``).
Without it, a generated 4,000-file Java tree (no git history) is measured instead.

Store: every official EN release and the normalized copies of ``shared/corpus/en`` ingested into
a temporary store (alignments computed at ingest, as after any first run), or
``MTGCR_BENCH_STORE=path`` to reuse one. Each measurement runs in a fresh Python process:
*cold* with an empty result cache (everything read, the rule index built from the store,
the git history read whole, every line that needs it dated); *files* with the cache holding
only what depends on the store and the repository (the rule index, the history up to HEAD),
so every file is read, dated and checked again; *warm* with the whole cache (unchanged files
cost nothing).
Time is wall-clock (``time.perf_counter``) and CPU (user + system, the process and its git
children); memory is the process's peak resident set (``VmHWM``). Target: under 10 s cold for
phase.rs ``crates/`` and a ~4,000-file tree on a 2-core machine.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.engine_samples import load_samples, score

TARGET_S = 10.0
FILES = 4000

# The child: one check of a tree, its figures as one JSON line.
CHILD = r"""
import json, resource, sys, time
from pathlib import Path
t0 = time.perf_counter()
from mtgcr.corpus.store import Store
from mtgcr.crossref.cite.source_run import SourceCheck, SourceOptions, SourceRun
store, tree, cache = sys.argv[1], sys.argv[2], sys.argv[3]
st = Store(store, readonly=True)
run = SourceRun(st, [tree], SourceOptions(cache=Path(cache)))
check = SourceCheck(run, st.close)
records = []
for f in check:
    records += [c.as_json() for c in f.citations]
summary = check.summary()
wall = time.perf_counter() - t0
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
peak = 0
for line in open("/proc/self/status"):
    if line.startswith("VmHWM:"):
        peak = int(line.split()[1]) / 1024
out = {"wall": wall, "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
       "peak_mb": peak, "summary": summary, "records": records if sys.argv[4] == "1" else []}
print(json.dumps(out))
"""


def _java(rng: random.Random, i: int) -> str:
    """A generated Java file of about 2.3 kB with about four citations in the shapes XMage,
    Forge and phase.rs use, and plenty of numbers that are not citations."""
    numbers = ["704.5a", "704.5j", "702.19b", "601.2f", "107.3b", "613.1", "702.85a", "116.2a"]
    body = [
        f"package mage.cards.c{i % 50};",
        "/**",
        f" * Card {i}. Version 1.2.{i % 9}, since 2009.",
        f" * {rng.choice(numbers)} A permanent with indestructible can't be destroyed.",
        " */",
        f"public final class Card{i} extends CardImpl {{",
    ]
    for k in range(12):
        n = rng.choice(numbers)
        day = date(2009, 10, 1) + timedelta(days=rng.randrange(6000))
        stamp = day.strftime("%Y%m%d")  # a real day (XMage's stamps are)
        if k % 5 == 0:
            body.append(
                f"    // {stamp} - {n}" if k % 2 == 0 else f"    // CR {n}: the rule says so"
            )
        else:
            body.append(f"    // see http://example.invalid/v1.2.{k} since 2009, array of 100")
        body.append(f"    private int field{k} = {rng.randrange(1000)}; double d{k} = 0.5;")
        if i % 4 == 0 and k == 3:
            body.append('    void m() { if (stateBasedAction704_5a(c)) { list.add("x"); } }')
    body.append("}")
    return "\n".join(body) + "\n"


def _store(shared: Path, tmp: Path) -> Path:
    given = os.environ.get("MTGCR_BENCH_STORE")
    if given:
        return Path(given)
    from mtgcr.cli.main import main

    path = tmp / "store.sqlite"
    en = shared / "corpus" / "en"
    code = main(
        ["--silent", "--store", str(path), "ingest", str(en / "official"), str(en / "normalized")]
    )
    if code != 0:
        raise SystemExit(f"bench_engine_cite: ingest failed ({code})")
    return path


def _trees(tmp: Path) -> list[tuple[str, Path]]:
    given = os.environ.get("MTGCR_ENGINE_TREES", "")
    trees = []
    for part in filter(None, given.split(os.pathsep)):
        name, _, path = part.partition("=")
        trees.append((name, Path(path).expanduser()))
    if trees:
        return trees
    rng = random.Random(11)
    tree = tmp / "generated"
    for i in range(FILES):
        p = tree / f"d{i % 40}" / f"Card{i}.java"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(_java(rng, i), encoding="utf-8")
    return [(f"generated ({FILES} Java files, no history)", tree)]


def _run(store: Path, tree: Path, cache: Path, records: bool) -> dict:
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(store), str(tree), str(cache), "1" if records else "0"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=True,
    )
    return json.loads(out.stdout.splitlines()[-1])


def _keep_store_entries(cache: Path, out: Path) -> None:
    """Copy of the result cache ``cache`` to ``out`` holding only what depends on the store
    and the repository (the rule index, the git history), not the files' results."""
    import shutil
    import sqlite3

    shutil.copyfile(cache, out)
    with sqlite3.connect(out) as conn:
        conn.execute(
            "DELETE FROM entries WHERE key NOT LIKE '%rule-index' AND key NOT LIKE 'git-history:%'"
        )


def _samples_for(tree: Path) -> list[dict]:
    """The judged samples taken at the commit ``tree`` is at, of that folder of it."""
    try:
        top = subprocess.run(
            ["git", "-C", str(tree), "rev-parse", "--show-toplevel", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return []
    return [
        s
        for s in load_samples()
        if s["commit"] == top[1] and tree.resolve() == (Path(top[0]) / s["tree"]).resolve()
    ]


def main(shared: Path) -> None:
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        store = _store(shared, tmp)
        rows = []
        for name, tree in _trees(tmp):
            cache = tmp / f"cache-{len(rows)}.sqlite"
            cold = _run(store, tree, cache, records=True)
            files = tmp / f"files-{len(rows)}.sqlite"
            _keep_store_entries(cache, files)
            only_files = _run(store, tree, files, records=False)
            warm = _run(store, tree, cache, records=False)
            s = cold["summary"]
            v = s["verdicts"]
            judged = ""
            for sample in _samples_for(tree):
                records = [
                    dict(r, file=str((Path(sample["tree"]) / r["file"]).as_posix()))
                    for r in cold["records"]
                ]
                sc = score(sample, records)
                judged += (
                    f"\n    judged sample {sample['name']}: "
                    f"flags {sc.flag_right}/{sc.flagged} right (precision {100 * sc.precision:.1f} %), "
                    f"outdated found {100 * sc.recall:.1f} % (estimated over the tree), "
                    f"stale among 'current' {sc.current_stale}/{sc.current}, "
                    f"certain rewrites {sc.rewrites}, wrong {len(sc.wrong_rewrites)}"
                )
                for w in sc.wrong_rewrites + [f"missing: {m}" for m in sc.missing]:
                    judged += f"\n      {w}"
            rows.append((name, s, v, cold, only_files, warm, judged))
        print(
            f"{'tree':24} {'files':>6} {'cites':>6}  {'cold s (cpu)':>14}  {'files s (cpu)':>14}"
            f"  {'warm s (cpu)':>13}  peak MB"
        )
        for name, s, v, cold, only_files, warm, judged in rows:
            met = "met" if cold["wall"] < TARGET_S else "NOT met"
            print(
                f"{name[:24]:24} {s['files']:6} {s['citations']:6}"
                f"  {cold['wall']:6.2f} ({cold['cpu']:5.2f})"
                f"  {only_files['wall']:6.2f} ({only_files['cpu']:5.2f})"
                f"  {warm['wall']:5.2f} ({warm['cpu']:5.2f})  {cold['peak_mb']:7.0f}"
                f"   target < {TARGET_S:g} s cold: {met}"
            )
            print(
                "    verdicts: "
                + ", ".join(f"{k} {n}" for k, n in v.items() if n)
                + f"; stale {s['stale']}, certain rewrites {s['certain_rewrites']}"
            )
            if judged:
                print(judged.lstrip("\n"))
