"""``mtgcr site --out DIR``: the browsable, hyperlinked CR of the stored releases."""

from __future__ import annotations

import time
from pathlib import Path

from mtgcr.cli.output import console, err_console

#: Where the shared corpus keeps the set list (used when --set-names is not given).
DEFAULT_SETS = Path("../shared/corpus/derived/versions_013fcebf.json")


def register(sub) -> None:
    """Add the ``site`` command to ``sub``."""
    p = sub.add_parser(
        "site",
        help="write a browsable, hyperlinked site of every stored release",
        description="A static site (works from the file system or any static host, no external "
        "assets): one page per section of every release and language with "
        "#R70219b anchors, linked references and glossary terms, traces of every "
        "rule, change pages, translations side by side with English, search, and "
        "rules.json / lineage.json, and the release feeds feed.atom and feed.json (one entry "
        "per release with its change counts; translations with how far behind EN they are). "
        "Unchanged files are not rewritten. "
        "Example: mtgcr site --out site && xdg-open site/index.html",
    )
    p.add_argument("--out", metavar="DIR", required=True, help="the site folder")
    p.add_argument(
        "--lang",
        nargs="+",
        metavar="LANG",
        help="languages (default: every language with a complete release)",
    )
    p.add_argument(
        "--release",
        nargs="+",
        metavar="R",
        help="only these releases' pages (traces and changes still span the chain)",
    )
    p.add_argument(
        "--compare",
        nargs=2,
        action="append",
        metavar=("OLD", "NEW"),
        default=[],
        help="also a change page for any two releases (repeatable)",
    )
    p.add_argument(
        "--set-names",
        metavar="FILE",
        help=f"set list (versions_*.json) to name each release's set "
        f"(default {DEFAULT_SETS} when it exists)",
    )
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr site`` (:meth:`mtgcr.api.Corpus.site`): returns 0.

    Raises:
        BadArgument: an unreadable set list, an ``--out`` that is a file.
        StoreError: no store, or no complete release of a language asked for.
    """
    started = time.monotonic()
    sets = (
        Path(args.set_names)
        if args.set_names
        else (DEFAULT_SETS if DEFAULT_SETS.exists() else None)
    )
    note = None if ctx.silent else (lambda msg: err_console.print(msg, markup=False))
    res = ctx.corpus().site(args.out, args.lang, args.release, args.compare, sets, note)
    console.print(
        f"site: {res.written} files written, {res.unchanged} unchanged, in "
        f"{time.monotonic() - started:.1f} s; open {res.index}",
        markup=False,
        highlight=False,
    )
    return 0
