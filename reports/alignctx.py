"""What the alignment commands (diff, history, remap, build) share: opening the store so the
alignment cache can be written, and reading the decisions file."""
from __future__ import annotations

from pathlib import Path

from corpus.store import Store, StoreError
from crossref.decisions import Decision, DecisionError, decisions_path, load_decisions

from .cli import UserError

__all__ = ["open_store", "read_decisions", "add_decisions_option"]


def add_decisions_option(p) -> None:
    """Add ``--decisions FILE`` to a command's parser."""
    p.add_argument("--decisions", metavar="FILE",
                   help="human decisions on alignments (TOML); default $MTGCR_DECISIONS or "
                        "decisions.toml beside the store, if present")


def open_store(ctx) -> Store:
    """The store, writable when possible (the alignment cache lives in it).

    Raises:
        StoreError: there is no store yet.
    """
    path = Path(ctx.store_path)
    if not path.exists():
        return Store(path, readonly=True)  # raises the usual "no store here yet"
    try:
        return Store(path)
    except StoreError:
        return Store(path, readonly=True)


def read_decisions(args, ctx) -> list[Decision]:
    """The decisions named by ``--decisions`` / ``$MTGCR_DECISIONS`` / beside the store.

    Raises:
        UserError: the file is missing or bad (one line naming file and line).
    """
    try:
        return load_decisions(decisions_path(getattr(args, "decisions", None), ctx.store_path))
    except DecisionError as exc:
        raise UserError(str(exc)) from None
