"""Engine source tree benchmark: scanning a generated 4,000-file Java tree (about 9 MB) and
checking its citations. Target: under 5 s. A second tree of the same size with a citation on
nearly every line (17 per file) is timed too, as a stress figure without a target (left out
with ``MTGCR_BENCH_QUICK=1``).

The tree is generated here (code and comments in the shapes XMage, Forge and phase.rs use:
date stamps, ``CR`` prefixes, javadoc, identifiers, and plenty of numbers that are not
citations); the store holds two real releases (2025-11-14 and 2026-01-16, official files),
aligned before the timing starts (the alignment is cached in the store, as after any first
run). Times are wall-clock ``time.perf_counter``, best of 3.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path

from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import Chain
from mtgcr.crossref.cite.source_check import CitationChecker, run_controls
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.citations.source import find_source_citations
from mtgcr.extract.citations.tree import walk_sources

FILES = 4000
QUICK = os.environ.get("MTGCR_BENCH_QUICK") == "1"  # make bench QUICK=1: no stress tree
RELEASES = ("2025-11-14.txt", "2026-01-16.txt")
NUMBERS = [
    "704.5a",
    "704.5b",
    "704.5j",
    "702.19b",
    "601.2f",
    "107.3b",
    "613.1",
    "903.4d",
    "702.85a",
    "115.3",
    "116.2a",
    "605.1c",
]


def _java(rng: random.Random, i: int, dense: bool) -> str:
    """One generated Java file of about 2.3 kB. ``dense``: a citation on nearly every line
    (17 per file: a stress test); else about four per file, as in an engine's card and rules
    code (a javadoc with pasted rule text, a few stamped or ``CR`` comments, an identifier
    in one file of four)."""
    body = [
        f"package mage.cards.c{i % 50};",
        "",
        "import java.util.*;",
        "",
        "/**",
        f" * Card {i}. Version 1.2.{i % 9}, since 2009.",
        f" * {rng.choice(NUMBERS)} A permanent with indestructible can't be destroyed.",
        " */",
        f"public final class Card{i} extends CardImpl {{",
    ]
    loops = 12
    for k in range(loops):
        n = rng.choice(NUMBERS)
        cite = (k % 7 in (0, 1)) if dense else (k % 5 == 0)
        stamp = f"{20090000 + rng.randrange(10, 160000):08d}"
        body += [
            (f"    // {stamp} - {n}" if k % 2 == 0 else f"    // CR {n}: the rule says so")
            if cite
            else f"    // see http://example.invalid/v1.2.{k} since 2009, array of 100",
            f"    private int field{k} = {rng.randrange(1000)}; double d{k} = 0.5;",
        ]
        if dense or (i % 4 == 0 and k == 3):
            body.append(
                f"    void method{k}() {{ if (stateBasedAction704_5{'abcdefghjk'[k % 10]}(c)) "
                f'{{ list.add("text {k}"); }} }}'
            )
        else:
            body.append(
                f'    void method{k}() {{ if (check{k}(c, {k * 7})) {{ list.add("text {k}"); }} }}'
            )
    body.append("}")
    return "\n".join(body) + "\n"


def main(shared: Path) -> None:
    official = shared / "corpus" / "en" / "official"
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        sizes = {}
        for dense in (False,) if QUICK else (False, True):
            tree = tmp / ("dense" if dense else "tree")
            size = 0
            for i in range(FILES):
                p = tree / f"d{i % 40}" / f"Card{i}.java"
                p.parent.mkdir(parents=True, exist_ok=True)
                text = _java(rng, i, dense)
                p.write_text(text, encoding="utf-8")
                size += len(text.encode())
            sizes[dense] = size
        with Store(tmp / "s.sqlite") as st:
            ingest_paths(st, [official / f for f in RELEASES])
            Chain(st).lineage()  # align (cached) before timing

            def run(tree: Path) -> tuple[int, int]:
                chain = Chain(st)
                checker = CitationChecker(chain)
                n = 0
                for f in walk_sources([tree]):
                    text = f.path.read_text(encoding="utf-8")
                    for c in find_source_citations(text, f.family):
                        checker.check(str(f.path), c)
                        n += 1
                assert all(c.ok for c in run_controls(checker))
                return n, len(chain)

            for dense in (False,) if QUICK else (False, True):
                times = []
                for _ in range(3):
                    t = time.perf_counter()
                    n, rels = run(tmp / ("dense" if dense else "tree"))
                    times.append(time.perf_counter() - t)
                best = min(times)
                what = "dense stress tree" if dense else "tree"
                print(
                    f"{what}: {FILES} Java files, {sizes[dense] / 1e6:.1f} MB; {n} citations; "
                    f"{rels} releases"
                )
                print(
                    f"  scan + check (best of 3):           {best:8.2f} s"
                    + ("" if dense else f"   target < 5 s: {'met' if best < 5 else 'NOT met'}")
                )
