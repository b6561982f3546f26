"""``mtgcr cite-migrate PATH --to R2``: rewrite an engine's CR citations for a newer (or older)
release — only where every piece of evidence agrees — as a patch or in place (resumable)."""

from __future__ import annotations

import sys

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.engine_cite import add_source_options, align_progress, cache_path, warn
from mtgcr.errors import BadArgument


def register(sub) -> None:
    """Add the ``cite-migrate`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "cite-migrate",
        help=SUMMARIES["cite-migrate"],
        description="Reads every CR citation of the source files under PATH as cite-check "
        "does — each against the release it was written against, from evidence: its own "
        "date stamp, the date its line was written (git), the title or rule text beside it; "
        "--from R1 only stands in where there is none (without --from, such citations are "
        "read against R2 and stay) — and rewrites a number for release R2 (--to, default the "
        "newest stored) only when the alignment and every piece of evidence on its line "
        "agree, and the title or text beside it fits the new number. The syntax around the "
        "number is kept ('CR 301.5a/f', '#R70219b', '//20091005 - 114.2a' with its stamp set "
        "to R2's effective date, the release the new number was checked against). All edits "
        "of a file are made in one pass over its original text, so a replacement is never "
        "rewritten again. Everything else (changed, gone, absent, malformed, placeholder, "
        "ambiguous or disputed evidence, splits) is listed for a human on stderr with the "
        "reason, never rewritten. --from stamped rewrites only citations read against their "
        "own stamp. Identifiers (stateBasedAction704_5r) are listed, and renamed with every "
        "use in the tree only with --rename-identifiers. Without --write, prints a unified "
        "diff that 'git apply' accepts (paths relative to the current folder: run it from the "
        "repository's root). With --write, files are replaced atomically and a journal "
        "(--journal, default .mtgcr-cite-migrate.jsonl here) records each: a killed run "
        "resumes and a repeated run is a no-op (files already migrated to R2 are skipped, "
        "temporary files of a killed writer removed). Exit status: 0 nothing left for a "
        "human, 1 some citations listed (or a file not rewritten), 2 usage error or no "
        "citation found. "
        "Example: mtgcr cite-migrate src --from 2017-01-19 --to 2026-01-16 > cr.patch "
        "&& git apply cr.patch",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="source files and folders")
    p.add_argument(
        "--from",
        dest="from_release",
        metavar="R1",
        help="the release citations without evidence were written for (never overrides a "
        "stamp, the line's date or the words beside a number), or 'stamped'",
    )
    p.add_argument(
        "--to",
        dest="to_release",
        metavar="R2",
        help="the release to migrate them to (effective date or label; default the newest)",
    )
    p.add_argument("--write", action="store_true", help="rewrite the files in place")
    p.add_argument(
        "--journal",
        metavar="FILE",
        help="the journal of --write (default .mtgcr-cite-migrate.jsonl in the current folder)",
    )
    p.add_argument(
        "--rename-identifiers",
        action="store_true",
        help="rename identifiers holding a moved number, with every use in the tree",
    )
    add_source_options(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr cite-migrate``: see the command's description.

    Raises:
        BadArgument: a release that is not stored, a path that does not exist, no citation.
        InputError: a file that cannot be written (the journal lets a re-run resume).
    """
    given = (args.from_release or "").strip()
    stamped = given.lower() == "stamped"
    mig = ctx.corpus().cite_migrate(
        *args.paths,
        to=args.to_release,
        default=None if stamped or not given else given,
        stamped_only=stamped,
        write=args.write,
        rename_identifiers=args.rename_identifiers,
        journal=args.journal,
        git=not args.no_git,
        cache=cache_path(args),
        on_align=align_progress(ctx),
    )
    for msg in mig.problems:
        warn(f"error: {msg}")
    for p in mig.leftovers:
        warn(f"note: removed {p}, left by an interrupted cite-migrate --write")
    if not mig.found:
        raise BadArgument(f"no CR citation found under {' '.join(args.paths)}")
    if not args.write:
        for c in mig.changes:
            if c.name.startswith("/"):
                raise BadArgument(
                    f"{c.path} is outside the current folder: a patch names files relative "
                    f"to it, so run cite-migrate from the repository's root (or give --write)"
                )
        sys.stdout.buffer.write(mig.patch().encode("utf-8", errors="surrogateescape"))
    for item in mig.listed:
        warn(f"listed: {item}")
    if not ctx.silent:
        done = mig.written if args.write else len(mig.changes)
        warn(
            f"cite-migrate: {mig.found} citations, {done} files "
            f"{'rewritten' if args.write else 'in the patch'}"
            + (f", {len(mig.skipped)} already migrated to {mig.target}" if mig.skipped else "")
            + f", {len(mig.listed)} listed for a human"
        )
    return 1 if mig.listed or mig.problems else 0
