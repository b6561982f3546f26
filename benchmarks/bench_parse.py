"""Parse and ingest benchmarks on the real corpus.

Figures printed (all times are the minimum of several repeats in this run, wall clock):

* ``decode+split``: :func:`mtgcr.corpus.decode.decode_bytes` (encoding detection included) and
  :func:`mtgcr.corpus.decode.split_lines` on the bytes of the 2023-11-17 release — the baseline;
* ``parse``: the whole path from bytes to a :class:`mtgcr.extract.model.Ruleset`
  (:func:`mtgcr.corpus.document.document_from_bytes` then :func:`mtgcr.extract.formats.cr_text.parse_cr_text`),
  and its ratio to the baseline (target ≤ 3×); also the ratio to a bare ``bytes.decode`` plus
  ``str.splitlines`` for reference;
* ``ingest all``: :func:`mtgcr.extract.ingest.ingest_paths` of every file in
  ``corpus/en/official`` into a fresh store in a temporary folder (target < 30 s), once.

Run: ``make bench`` or ``python -m benchmarks.run parse``.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Callable

from mtgcr.corpus.decode import decode_bytes, split_lines
from mtgcr.corpus.document import document_from_bytes
from mtgcr.corpus.store import Store
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.ingest import ingest_paths

RELEASE = "2023-11-17.txt"
REPEATS = 15
PARSE_TARGET = 3.0
INGEST_TARGET_S = 30.0


def best_of(fn: Callable[[], object], repeats: int = REPEATS) -> float:
    """The minimum wall-clock time in seconds of ``repeats`` calls of ``fn``."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def parse_ratio(data: bytes, name: str, repeats: int = REPEATS) -> dict[str, float]:
    """Times (seconds) of the baseline, the bare decode and the full parse of one file, and
    the ratios ``parse / baseline`` and ``parse / bare``.

    The three are measured in turns within each repeat (so a busy machine slows them alike)
    and the minimum of each is kept.
    """
    enc = decode_bytes(data, name).encoding
    steps = {
        "baseline": lambda: split_lines(decode_bytes(data, name).text),
        "bare": lambda: data.decode(enc).splitlines(),
        "parse": lambda: parse_cr_text(document_from_bytes(data, name)),
    }
    best = {k: float("inf") for k in steps}
    for _ in range(repeats):
        for key, fn in steps.items():
            best[key] = min(best[key], best_of(fn, 1))
    return {
        **best,
        "ratio": best["parse"] / best["baseline"],
        "ratio_bare": best["parse"] / best["bare"],
    }


def ingest_all(folder: Path) -> tuple[float, int, int]:
    """Ingest every file of ``folder`` into a fresh temporary store.

    Returns:
        ``(seconds, files ingested, files failed)``.
    """
    with tempfile.TemporaryDirectory() as tmp:
        with Store(Path(tmp) / "bench.sqlite") as store:
            t0 = time.perf_counter()
            results = ingest_paths(store, [folder])
            elapsed = time.perf_counter() - t0
    done = sum(r.status == "ingested" for r in results)
    failed = sum(r.status == "failed" for r in results)
    return elapsed, done, failed


def main(shared: Path) -> None:
    """Print the figures for the corpus in ``shared`` (``../shared``)."""
    official = shared / "corpus" / "en" / "official"
    data = (official / RELEASE).read_bytes()
    r = parse_ratio(data, RELEASE)
    verdict = "ok" if r["ratio"] <= PARSE_TARGET else "ABOVE TARGET"
    print(
        f"parse {RELEASE} ({len(data):,} bytes): decode+split {r['baseline'] * 1000:.1f} ms, "
        f"parse {r['parse'] * 1000:.1f} ms -> ratio {r['ratio']:.2f}x "
        f"(target <= {PARSE_TARGET:.0f}x: {verdict}); "
        f"vs bare bytes.decode+splitlines {r['bare'] * 1000:.1f} ms: {r['ratio_bare']:.2f}x"
    )
    elapsed, done, failed = ingest_all(official)
    if failed:
        verdict = "FAILURES"
    else:
        verdict = "ok" if elapsed < INGEST_TARGET_S else "ABOVE TARGET"
    print(
        f"ingest all of {official.name}: {done} files in {elapsed:.1f} s, {failed} failed "
        f"(target < {INGEST_TARGET_S:.0f} s: {verdict})"
    )
