"""Start-up of the query commands (issue 28): ``show``, ``history``, ``define`` and ``remap`` on
a warm store, and of ``--help`` (issue 32: every command listed, no command module imported),
each a whole process (the console script's own code: ``from mtgcr.cli.main import main``),
against the floor: the same interpreter running ``-c pass``. Runs alternate command
and floor (A B A B …) so the ratio is taken pair by pair; medians of wall time, of CPU time
(user + system) and of peak memory (``os.wait4`` of each child), the load average beside them.
Target: ≤ 0.10 s wall (``--help``: ≤ 0.15 s). Children run with bytecode caching on
(``PYTHONDONTWRITEBYTECODE`` unset: an installed mtgcr has its bytecode), output to a pipe.

The store: the official EN files (three of them with ``MTGCR_BENCH_QUICK=1``), ingested into
a temporary folder first; each command runs once before the timing (the store warm, the
alignments it reads cached, the bytecode written).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUICK = os.environ.get("MTGCR_BENCH_QUICK") == "1"
RUNS = 5 if QUICK else 15
TARGET = 0.10  # seconds, whole process
HELP_TARGET = 0.15  # seconds, whole process: ``mtgcr --help`` (issue 32)
_MAIN = "import sys; from mtgcr.cli.main import main; sys.exit(main())"
_QUICK_FILES = ("2022-11-18.txt", "2023-11-17.txt", "2026-01-16.txt")

QUERIES = (
    ("show 704.5a", ["show", "704.5a"]),
    ("history 704.5a", ["history", "704.5a"]),
    ("define Kicked", ["define", "Kicked"]),
    ("remap 712.4d", ["remap", "712.4d", "--from", "2022-11-18", "--to", "2023-11-17"]),
    ("--help", ["--help"]),  # every command's summary, no command module imported (issue 32)
)


def run_child(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """One whole process: ``(wall s, cpu s (user + system), peak RSS MB)``; its output is
    read through a pipe and thrown away."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdout is not None
    proc.stdout.read()
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = 0  # reaped by wait4
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(argv: list[str], env: dict[str, str], runs: int = RUNS) -> dict[str, float]:
    """Medians over ``runs`` alternating runs of ``argv`` and of the floor
    (``python -c pass``): ``wall``, ``cpu``, ``peak`` of each, and the paired wall ratio."""
    floor = [sys.executable, "-c", "pass"]
    run_child(argv, env)  # warm-up: bytecode, page cache
    run_child(floor, env)
    a, b = [], []
    for _ in range(runs):
        a.append(run_child(argv, env))
        b.append(run_child(floor, env))
    return {
        "wall": statistics.median(x[0] for x in a),
        "cpu": statistics.median(x[1] for x in a),
        "peak": statistics.median(x[2] for x in a),
        "floor_wall": statistics.median(x[0] for x in b),
        "floor_cpu": statistics.median(x[1] for x in b),
        "ratio": statistics.median(x[0] / y[0] for x, y in zip(a, b)),
    }


def main(shared: Path) -> None:
    official = shared / "corpus" / "en" / "official"
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as tmp:
        store = f"{tmp}/store.sqlite"
        files = [official / f for f in _QUICK_FILES] if QUICK else [official]
        subprocess.run(
            [sys.executable, "-c", _MAIN, "--store", store, "--silent", "ingest", *map(str, files)],
            check=True,
            stdout=subprocess.DEVNULL,
            env=env,
        )
        rows = []
        for name, args in QUERIES:
            m = measure([sys.executable, "-c", _MAIN, "--store", store, *args], env)
            target = HELP_TARGET if name == "--help" else TARGET
            rows.append(
                (
                    f"{name} (warm store)" if not name.startswith("-") else name,
                    f"{m['wall'] * 1000:.0f} ms",
                    f"{m['cpu'] * 1000:.0f} ms",
                    f"{m['peak']:.0f} MB",
                    f"{m['floor_wall'] * 1000:.0f} ms",
                    f"{m['ratio']:.1f}×",
                    f"≤ {target * 1000:.0f} ms",
                    "met" if m["wall"] <= target else "NOT met",
                )
            )
    head = ("figure", "wall", "cpu", "peak", "floor: -c pass", "ratio", "target", "")
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    print(f"medians of {RUNS} runs each; load average {os.getloadavg()[0]:.2f}")
    for r in [head, *rows]:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
