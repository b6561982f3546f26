"""Conformance suite run time per engine (``make bench``; ``python -m benchmarks.run conformance``).

Runs mtgcr's bundled suite (conformance/suite/fixtures) on phase.rs (phase-python) and, when its
environment is installed, on python-mtg, three times each, and prints the best and median wall
time of the whole run (engine start-up included), the per-fixture mean, and the outcome counts.
The figure the issue asks for: under 60 s on phase for 150 fixtures on this 2-core machine.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

REPEATS = 3


def main(shared: Path) -> None:
    from mtgcr.conformance import suite
    from mtgcr.conformance.engines import EngineError
    from mtgcr.conformance.engines.pymtg import interpreter
    from mtgcr.conformance.fixtures.results import Outcome
    from mtgcr.conformance.fixtures.tomlio import read_fixtures
    from mtgcr.conformance.run import run_matrix

    fixtures, _ = read_fixtures(suite.path())
    n = sum(f.status.value == "executable" for f in fixtures)
    engines = ["phase"] + (["python-mtg"] if interpreter().exists() else [])
    for engine in engines:
        times, counts = [], {}
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            try:
                m = run_matrix(fixtures, [engine])
            except EngineError as exc:
                print(f"{engine}: not available ({exc})")
                break
            times.append(time.perf_counter() - t0)
            counts = m.counts(engine)
        if not times:
            continue
        print(
            f"{engine}: {n} executable fixtures, best {min(times):.1f} s, median "
            f"{statistics.median(times):.1f} s (start-up included; {REPEATS} runs), "
            f"{1000 * min(times) / n:.0f} ms per fixture; "
            + ", ".join(
                f"{o.value} {c}" for o, c in counts.items() if c and o is not Outcome.SKIPPED
            )
        )
