"""The ``mtgcr`` command line: a thin layer over the library.

Each command lives in :mod:`reports.commands` as a module with ``register(subparsers)``; the
command function receives the parsed arguments and a :class:`Context` and returns an exit
status. Errors the user can fix reach them as one line on stderr (exit status 2); set
``MTGCR_DEBUG=1`` to see a traceback for an internal error.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from dataclasses import dataclass

from corpus.store import Store, StoreError, default_store_path

__all__ = ["main", "Context", "UserError"]


class UserError(Exception):
    """An error to show the user as one line (no traceback)."""


@dataclass
class Context:
    """What every command gets besides its arguments: the store path and output settings."""

    store_path: str
    silent: bool = False

    def store(self, readonly: bool = False) -> Store:
        """Open the store (read-only if asked; raises :class:`StoreError` if absent then)."""
        return Store(self.store_path, readonly=readonly)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered command."""
    from .commands import COMMANDS

    parser = argparse.ArgumentParser(
        prog="mtgcr",
        description="Multilingual corpus processor for the Magic: The Gathering Comprehensive "
                    "Rules: ingest releases and translations, align them, report changes.",
        epilog="Example: mtgcr ingest ../shared/corpus/en/official && mtgcr show 712.8e "
               "--release 2023-11-17")
    parser.add_argument("--store", metavar="PATH", default=None,
                        help=f"the store file (default: $MTGCR_STORE or {default_store_path()})")
    parser.add_argument("--silent", action="store_true", help="no progress bars or notes")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mtgcr`` console script; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    ctx = Context(store_path=args.store or str(default_store_path()), silent=args.silent)
    try:
        return int(args.func(args, ctx) or 0)
    except (UserError, StoreError) as exc:
        print(f"mtgcr: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mtgcr: interrupted; the store keeps every file that finished", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # pragma: no cover - last resort, keeps tracebacks away from users
        if os.environ.get("MTGCR_DEBUG"):
            traceback.print_exc()
        print(f"mtgcr: internal error: {type(exc).__name__}: {exc} "
              f"(set MTGCR_DEBUG=1 for details)", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
