"""Alignment benchmark on the real corpus.

1. One pair: 2022-11-18 → 2023-11-17 (about 2,800 rules each). Target: the alignment itself
   (``mtgcr.crossref.align.releases.align_releases`` from two parsed rulesets to a full Alignment with
   sections and glossary) ≤ 50 ms; parsing is excluded and reported beside it, with the
   ratio alignment / parse of the two files.
2. The whole chain: every official EN release parsed, then every consecutive pair aligned.
   Target: under a minute on a 2-core machine; ratio alignment / parse of all files.

Times are wall-clock ``time.perf_counter``; single-pair figures are the best and the median
of several runs (the machine is shared).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from mtgcr.corpus.document import load_document
from mtgcr.crossref.align.releases import align_releases
from mtgcr.extract.registry import parse_document

PAIR = ("2022-11-18.txt", "2023-11-17.txt")
RUNS = 9


def _parse(path: Path):
    return parse_document(load_document(path)).rulesets[0][0]


def _timed(fn, runs: int):
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return out, times


def main(shared: Path) -> None:
    official = shared / "corpus" / "en" / "official"
    a_path, b_path = official / PAIR[0], official / PAIR[1]
    (a, b), parse_times = _timed(lambda: (_parse(a_path), _parse(b_path)), 3)
    parse = min(parse_times)
    al, times = _timed(lambda: align_releases(a, b), RUNS)
    best, med = min(times), statistics.median(times)
    s = al.summary()
    print(f"pair {PAIR[0][:10]} → {PAIR[1][:10]}: {len(a.rules)} → {len(b.rules)} rules")
    print(f"  parse (both files, best of 3):      {parse * 1000:8.1f} ms")
    print(
        f"  align (best / median of {RUNS}):        {best * 1000:8.1f} / {med * 1000:.1f} ms"
        f"   target ≤ 50 ms: {'met' if best <= 0.050 else 'NOT met'}"
    )
    print(f"  ratio align / parse:                {best / parse:8.3f}")
    print(
        f"  result: {s['rules']['unchanged']} unchanged, {s['rules']['renumbered']} renumbered, "
        f"{s['rules']['modified']} modified, {s['rules']['moved']} moved, "
        f"{s['rules']['split']} split, {s['rules']['merged']} merged, {s['rules']['added']} added, "
        f"{s['rules']['removed']} removed, {s['rules']['ambiguous']} ambiguous"
    )

    files = sorted(official.glob("*.txt"))
    t = time.perf_counter()
    rulesets = [_parse(f) for f in files]
    parse_all = time.perf_counter() - t
    rulesets.sort(key=lambda rs: (rs.release.effective_date, rs.release.label))
    t = time.perf_counter()
    slowest = (0.0, "")
    for x, y in zip(rulesets, rulesets[1:]):
        t0 = time.perf_counter()
        align_releases(x, y)
        dt = time.perf_counter() - t0
        if dt > slowest[0]:
            slowest = (dt, f"{x.release.effective_date} → {y.release.effective_date}")
    chain = time.perf_counter() - t
    n = len(rulesets) - 1
    print(f"chain: {len(rulesets)} official EN releases, {n} consecutive alignments")
    print(f"  parse all files:                    {parse_all:8.2f} s")
    print(
        f"  align all pairs:                    {chain:8.2f} s   ({chain / n * 1000:.0f} ms per pair; "
        f"slowest {slowest[0] * 1000:.0f} ms, {slowest[1]})"
    )
    print(
        f"  parse + align:                      {parse_all + chain:8.2f} s   target < 60 s: "
        f"{'met' if parse_all + chain < 60 else 'NOT met'}"
    )
    print(f"  ratio align / parse:                {chain / parse_all:8.3f}")
