"""Output helpers shared by the commands: JSON, tables on the terminal, release objects."""
from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

__all__ = ["print_json", "console", "err_console", "table", "release_json"]

# Piped output is not cut to 80 columns: tables stay one row per line for grep and less.
console = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 240)
err_console = Console(stderr=True, highlight=False)


def print_json(data: Any) -> None:
    """Write ``data`` as UTF-8 JSON (2-space indent, non-ASCII kept) to stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def table(title: str | None, columns: list[str], rows: list[list[Any]]) -> Table:
    """A rich table with these columns and rows (cells turned into strings)."""
    t = Table(title=title, show_lines=False)
    for c in columns:
        t.add_column(c, overflow="fold")
    for r in rows:
        t.add_row(*["" if v is None else str(v) for v in r])
    return t


def release_json(rel) -> dict[str, Any]:
    """``{"effective_date" (ISO or ``None``), "label", "lang", "revision"}`` for a
    :class:`mtgcr.extract.model.Release` (:meth:`~mtgcr.extract.model.Release.as_json`)."""
    return rel.as_json()
