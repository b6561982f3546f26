"""``mtgcr restore RELEASE [--copy N]``: undo ``mtgcr remove`` from the stored bytes."""

from __future__ import annotations

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_lang_option
from mtgcr.cli.output import console


def register(sub) -> None:
    """Add the ``restore`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "restore",
        help=SUMMARIES["restore"],
        description="Undo 'mtgcr remove': the removed copies of RELEASE (or copy N) are kept "
        "again and the canonical copy by precedence (or the one chosen) is parsed "
        "again from its stored bytes. Example: mtgcr restore 2010-02-01",
    )
    p.add_argument(
        "release", metavar="RELEASE", help="effective date or label of any of its copies"
    )
    p.add_argument("--copy", type=int, metavar="N", help="only this copy")
    add_lang_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr restore``: :meth:`mtgcr.api.Corpus.restore`, then what it did; returns 0.

    Raises:
        StoreError: no such release or copy (a purged copy's bytes are gone).
    """
    change = ctx.corpus().restore(args.release, args.copy, args.lang)
    if not ctx.silent:
        what = f"copy {args.copy} of {change.release}" if args.copy else change.release
        can = change.canonical
        console.print(f"restored {what}; canonical: copy {can.id} ({can.describe()})")
    return 0
