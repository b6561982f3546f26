"""``mtgcr site --out DIR``: the browsable, hyperlinked CR of the stored releases."""

from __future__ import annotations

import time
from pathlib import Path

from mtgcr.corpus.data_paths import default_data_file
from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.output import console, err_console, print_kept

#: The set list read when --set-names is not given (:func:`mtgcr.corpus.data_paths.default_data_file`).
DEFAULT_SETS = "versions_*.json"


def register(sub) -> None:
    """Add the ``site`` command to ``sub``."""
    p = sub.add_parser(
        "site",
        help=SUMMARIES["site"],
        description="A static site (works from the file system or any static host, no external "
        "assets): one page per section of every release and language with "
        "#R70219b anchors, linked references and glossary terms, traces of every "
        "rule, change pages, translations side by side with English, search, and "
        "rules.json / lineage.json, and the release feeds feed.atom and feed.json (one entry "
        "per release with its change counts; translations with how far behind EN they are). "
        "Unchanged files are not rewritten. "
        "Example: mtgcr site --out site && xdg-open site/index.html",
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        required=True,
        help="the site folder: created if missing, or one mtgcr created before (its "
        ".mtgcr-output file says so); a folder of yours only with --force, and a "
        "user's own index.html never",
    )
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
        f"(default: {DEFAULT_SETS} in $MTGCR_SHARED/corpus/derived, in shared/corpus/derived "
        f"beside the mtgcr checkout, or beside the store; never the current folder)",
    )
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr site`` (:meth:`mtgcr.api.Corpus.site`): returns 0; 1 when files of the user's
    in the folder were kept (each named on stderr).

    Raises:
        BadArgument: an unreadable set list.
        RefusedOutput: ``--out`` is a file, a folder mtgcr did not create (without
            ``--force``), or holds a user's own ``index.html``.
        StoreError: no store, or no complete release of a language asked for.
    """
    started = time.monotonic()
    sets = (
        Path(args.set_names) if args.set_names else default_data_file(DEFAULT_SETS, ctx.store_path)
    )
    note = None if ctx.silent else (lambda msg: err_console.print(msg, markup=False))
    res = ctx.corpus().site(
        args.out, args.lang, args.release, args.compare, sets, note, force=args.force
    )
    console.print(
        f"site: {res.written} written, {res.unchanged} unchanged, in "
        f"{time.monotonic() - started:.1f} s; open {res.index}",
        markup=False,
        highlight=False,
    )
    return print_kept(args.out, res.kept)
