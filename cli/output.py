"""Output helpers shared by the commands: JSON, lines and tables on the terminal, release
objects.

rich (``console``, ``err_console``) is imported only when something needs it: output to a
terminal (styles), a table that does not fit at its natural width, text rich would change
(emoji codes, control characters, unusual markup). Output to a file or a pipe — what scripts
and bots read — is written by :func:`say` and :func:`print_table` directly, as the same bytes
rich writes there (rich adds no styles when its stream is not a terminal); the commands that
answer one query (``show``, ``define``, ``history``, ``remap``) then start without rich.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

from mtgcr.cli.plain import escape, plain_text

if TYPE_CHECKING:
    from rich.console import Console

    from mtgcr.cli.textable import FitTable

__all__ = [
    "print_json",
    "console",
    "err_console",
    "table",
    "release_json",
    "print_kept",
    "escape",
    "say",
    "print_table",
    "is_terminal",
    "plain_text",
]


def _rich_styles(stream: Any) -> bool:
    """Whether rich would write styles to ``stream``: its own test (``Console.is_terminal``:
    ``TTY_COMPATIBLE``, ``FORCE_COLOR``, else ``isatty()``)."""
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return False if isatty is None else bool(isatty())
    except ValueError:
        return False


def is_terminal(err: bool = False) -> bool:
    """Whether stdout (stderr with ``err=True``) is a terminal as rich sees it (its
    ``Console.is_terminal``), without importing rich."""
    return _rich_styles(sys.stderr if err else sys.stdout)


# Decided when the module is imported, as the rich consoles were made then: piped output is
# not cut to 80 columns (tables stay one row per line for grep and less), and a stream that
# was a terminal then keeps rich's styles (also into a --out file, as before).
_WIDTH = None if sys.stdout.isatty() else 240
_PLAIN = {"stdout": not _rich_styles(sys.stdout), "stderr": not _rich_styles(sys.stderr)}

_consoles: dict[str, Console] = {}
#: The rich consoles of stdout and stderr, made on first use (module ``__getattr__``).
console: Console
err_console: Console


def _console(name: str) -> Console:
    """The rich console of ``"stdout"`` or ``"stderr"``, made on first use."""
    if name not in _consoles:
        from rich.console import Console

        if name == "stdout":
            _consoles[name] = Console(highlight=False, soft_wrap=True, width=_WIDTH)
        else:
            _consoles[name] = Console(stderr=True, highlight=False)
    return _consoles[name]


if not (_PLAIN["stdout"] and _PLAIN["stderr"]):  # a terminal: rich as it always was
    _console("stdout")
    _console("stderr")


def __getattr__(name: str) -> Any:
    """``console`` (stdout, soft-wrapped, 240 columns when piped) and ``err_console``
    (stderr): the rich consoles, made (and rich imported) on first use."""
    if name == "console":
        return _console("stdout")
    if name == "err_console":
        return _console("stderr")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def say(text: str, *, markup: bool = True, err: bool = False, end: str = "\n") -> None:
    """Print ``text`` (rich markup unless ``markup=False``) on stdout, or stderr with
    ``err=True``, as ``console.print(text, markup=markup, soft_wrap=True, end=end)`` does
    (no wrapping): written directly when rich would add no styles and change nothing, else
    through rich."""
    name = "stderr" if err else "stdout"
    plain = None
    if _PLAIN[name]:
        plain = plain_text(text, markup)
    if plain is None:
        _console(name).print(text, markup=markup, soft_wrap=True, end=end)
        return
    stream = sys.stderr if err else sys.stdout
    stream.write(plain + end)
    stream.flush()  # as rich does after each print: stdout and stderr stay in order


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
    from mtgcr.cli.textable import FitTable

    return FitTable(title, columns, rows)


def print_table(t: FitTable) -> None:
    """Print a table on stdout, as ``console.print(t)`` does: written directly when stdout
    is not a terminal and the table is shown boxed at its natural width
    (:meth:`FitTable.plain_lines`), else through rich."""
    lines = None
    if _PLAIN["stdout"]:
        enc = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
        if enc.startswith("utf"):  # rich draws the box in ASCII for other encodings
            lines = t.plain_lines(_WIDTH or 80)
    if lines is None:
        _console("stdout").print(t)
        return
    sys.stdout.write("".join(line + "\n" for line in lines))
    sys.stdout.flush()


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
