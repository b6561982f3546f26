"""What ``cite-check`` (on source trees) and ``cite-migrate`` share on the command line: telling
a source tree from wiki pages, the options they both take, the cache's place, progress."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from mtgcr.cli.alignctx import progress_callback
from mtgcr.cli.output import err_console
from mtgcr.extract.citations.tree import walk_sources

__all__ = [
    "is_source_run",
    "progress_bar",
    "add_source_options",
    "cache_path",
    "warn",
]


def is_source_run(paths: list[str]) -> bool:
    """True when ``paths`` name a source tree: a folder holding source or doc files, or a file
    with a source or doc suffix (see :func:`mtgcr.extract.citations.comments.family_of`); MTG
    Wiki pages (``.txt``, ``.html``, no suffix) and folders of them are not."""
    from mtgcr.extract.citations.comments import family_of

    for raw in paths:
        p = Path(raw)
        if p.is_file() and family_of(p) is not None:
            return True
        if p.is_dir():
            try:
                next(iter(walk_sources([p])))
                return True
            except StopIteration:
                continue
    return False


def add_source_options(p) -> None:
    """Add what every source-tree command takes: ``--no-git``, ``--cache PATH`` and
    ``--no-cache``."""
    p.add_argument(
        "--no-git",
        action="store_true",
        help="source trees: do not date lines from git history (then citations without a "
        "stamp or words beside them read against --from, else the target)",
    )
    p.add_argument(
        "--cache",
        metavar="PATH",
        help="source trees: the result cache file (default: mtgcr/cite-check.sqlite in the "
        "user cache folder, or $MTGCR_CITE_CACHE); a file seen before with the same store "
        "and options costs nothing",
    )
    p.add_argument("--no-cache", action="store_true", help="source trees: no result cache")


def cache_path(args) -> Path | None:
    """The result cache the options ask for (``None`` with ``--no-cache``)."""
    import os

    from mtgcr.corpus.keyed_cache import default_cache_path

    if getattr(args, "no_cache", False):
        return None
    given = getattr(args, "cache", None) or os.environ.get("MTGCR_CITE_CACHE")
    return Path(given) if given else default_cache_path("cite-check")


def progress_bar(ctx, what: str) -> Progress:
    """A rich progress bar on stderr (a do-nothing one when ``--silent`` or not a terminal)."""
    return Progress(
        TextColumn(f"[bold]{what}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[note]}"),
        console=err_console,
        transient=True,
        disable=ctx.silent or not err_console.is_terminal,
    )


def align_progress(ctx):
    """The alignment progress callback (stderr, unless ``--silent``)."""
    return progress_callback(ctx)


def warn(msg: str) -> None:
    """One line on stderr."""
    print(msg, file=sys.stderr)
