"""Run every ``benchmarks/bench_*.py`` module: each has ``main(shared: Path) -> None`` and prints
its figures (ratios measured in the same run wherever possible).

Usage: ``python -m benchmarks.run [--shared ../shared] [NAME ...]``
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--shared", default=str(Path(__file__).resolve().parent.parent.parent / "shared")
    )
    ap.add_argument("names", nargs="*", help="only these benchmarks (e.g. parse align)")
    args = ap.parse_args(argv)
    shared = Path(args.shared)
    if not (shared / "corpus").exists():
        print(f"benchmarks need the real corpus: {shared}/corpus is missing", file=sys.stderr)
        return 2
    pkg = Path(__file__).parent
    for info in sorted(pkgutil.iter_modules([str(pkg)]), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        if args.names and info.name[len("bench_") :] not in args.names:
            continue
        print(f"== {info.name}")
        importlib.import_module(f"benchmarks.{info.name}").main(shared)
    return 0


if __name__ == "__main__":
    sys.exit(main())
