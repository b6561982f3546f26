"""``mtgcr remove RELEASE [--copy N]``: remove a release or one copy of it (undoable)."""

from __future__ import annotations

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_lang_option
from mtgcr.cli.output import console


def register(sub) -> None:
    """Add the ``remove`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "remove",
        help=SUMMARIES["remove"],
        description="Remove a release (every copy) or one copy of it. The release's rows go; "
        "the copies' bytes stay stored, so 'mtgcr restore RELEASE' (or ingesting "
        "the file again) undoes it — unless --purge deletes the bytes too. Removing "
        "the canonical copy makes the next copy by precedence canonical. "
        "Example: mtgcr remove 2010-02-01 --copy 5",
    )
    p.add_argument(
        "release",
        metavar="RELEASE",
        help="effective date or label of any of its copies (2009-07-08 names the "
        "release effective 2009-07-11 if a copy is labelled so)",
    )
    p.add_argument(
        "--copy", type=int, metavar="N", help="only this copy (see mtgcr releases --copies)"
    )
    p.add_argument(
        "--purge",
        action="store_true",
        help="also delete the removed copies' bytes (cannot be undone)",
    )
    add_lang_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr remove``: :meth:`mtgcr.api.Corpus.remove`, then what it did; returns 0.

    Raises:
        StoreError: no such release or copy; a partial release (quotes have no copies).
    """
    change = ctx.corpus().remove(args.release, args.copy, args.lang, purge=args.purge)
    if not ctx.silent:
        what = f"copy {args.copy} of {change.release}" if args.copy else change.release
        if change.purged:
            tail = f"; {change.purged} cop{'y' if change.purged == 1 else 'ies'} deleted with their bytes"
        else:
            tail = f"; undo: mtgcr restore {args.release}" + (
                f" --copy {args.copy}" if args.copy else ""
            )
        now = (
            f"; canonical now: copy {change.canonical.id} ({change.canonical.describe()})"
            if change.canonical
            else "; no copy left: the release is gone from every listing"
        )
        console.print(f"removed {what}{now}{tail}")
    return 0
