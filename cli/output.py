"""Output helpers shared by the commands: JSON, tables on the terminal, release objects."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console

from mtgcr.cli.textable import FitTable

__all__ = ["print_json", "console", "err_console", "table", "release_json", "print_kept"]

# Piped output is not cut to 80 columns: tables stay one row per line for grep and less.
console = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 240)
err_console = Console(stderr=True, highlight=False)


def print_json(data: Any) -> None:
    """Write ``data`` as UTF-8 JSON (2-space indent, non-ASCII kept) to stdout, in chunks
    (a large result is not first built as one string)."""
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2, default=str)
    sys.stdout.write("\n")


def table(title: str | None, columns: list[str], rows: list[list[Any]]) -> FitTable:
    """A table with these columns and rows (cells turned into strings) that fits the width
    it is printed at, 80 columns included, without splitting a date, label, rule number or
    header word (:class:`mtgcr.cli.textable.FitTable`: boxed, then borderless, then one
    record per row)."""
    return FitTable(title, columns, rows)


def release_json(rel) -> dict[str, Any]:
    """``{"effective_date" (ISO or ``None``), "label", "lang", "revision"}`` for a
    :class:`mtgcr.extract.model.Release` (:meth:`~mtgcr.extract.model.Release.as_json`)."""
    return rel.as_json()


def print_kept(root: Any, kept: list[str]) -> int:
    """Say on stderr which files of an output folder were the user's and not replaced (one
    ``kept: PATH (…)`` line each); returns 1 when there are any (the command's exit status:
    its output is not complete), else 0."""
    from pathlib import Path

    for rel in kept:
        print(
            f"kept: {Path(root) / rel} (not a file mtgcr wrote, or edited since: not replaced; "
            f"move it away, or give --force to replace it)",
            file=sys.stderr,
        )
    return 1 if kept else 0
