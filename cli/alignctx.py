"""What the alignment commands (diff, history, remap, build) share: reading the decisions
file, reporting alignment progress, turning a decision error into a user error, writing a
report file. (Opening the store so the alignment cache can be written is the library's:
:class:`mtgcr.api.Corpus`; :func:`open_store` is that, for the commands that still
open the store themselves.)"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from mtgcr.corpus.store import Store
from mtgcr.crossref.decisions import Decision, DecisionError, decisions_path, load_decisions

from mtgcr.corpus import safe_write as outfile
from mtgcr.errors import BadArgument

__all__ = [
    "open_store",
    "read_decisions",
    "add_decisions_option",
    "write_report",
    "decision_errors",
    "progress_callback",
]


def add_decisions_option(p) -> None:
    """Add ``--decisions FILE`` to a command's parser."""
    p.add_argument(
        "--decisions",
        metavar="FILE",
        help="human decisions on alignments (TOML); default $MTGCR_DECISIONS or "
        "decisions.toml beside the store, if present",
    )


def open_store(ctx) -> Store:
    """The CLI's store, writable when possible (the alignment cache lives in it), opened as
    the library opens it (:meth:`mtgcr.api.Corpus.aligning_store`); use as a context
    manager.

    Raises:
        StoreError: there is no store yet.
    """
    return ctx.corpus().aligning_store()


def read_decisions(args, ctx) -> list[Decision]:
    """The decisions named by ``--decisions`` / ``$MTGCR_DECISIONS`` / beside the store.

    Raises:
        BadArgument: the file is missing or bad (one line naming file and line).
    """
    try:
        return load_decisions(decisions_path(getattr(args, "decisions", None), ctx.store_path))
    except DecisionError as exc:
        raise BadArgument(str(exc)) from None


@contextmanager
def decision_errors() -> Iterator[None]:
    """A ``with`` block in which a :class:`mtgcr.crossref.decisions.DecisionError` (a decision that
    does not fit its releases) becomes a :class:`BadArgument` with the same one-line message."""
    try:
        yield
    except DecisionError as exc:
        raise BadArgument(str(exc)) from None


def progress_callback(ctx) -> Callable[[int, int], None]:
    """An ``on_align(k, n)`` callback reporting alignments as they are computed on stderr
    (unless --silent or not a terminal)."""

    def progress(k: int, n: int) -> None:
        from mtgcr.cli import output

        if not ctx.silent and output.is_terminal(err=True):
            err_console = output.err_console
            err_console.print(f"[dim]aligning {k + 1}/{n} (cached for next time)[/dim]", end="\r")

    return progress


def write_report(out: str, text: str, ctx) -> None:
    """Write a report to ``--out OUT`` for ``diff``: ``-`` is standard output; a file is
    written atomically and only if it is a regular file or missing (missing folders are
    created, and the command says so on stderr unless --silent); ``wrote FILE`` follows.

    Raises:
        BadArgument: ``out`` is a directory, a symbolic link, a device, a FIFO or a socket, a
            parent is a file, or the file cannot be written (permissions, full disk): one line
            naming the path; the file is then unchanged.
    """
    try:
        outfile.write_out(out, text, silent=ctx.silent)
    except OSError as exc:
        raise BadArgument(f"--out {out}: cannot write ({exc.strerror or exc})") from None
