"""``mtgcr diff OLD NEW``: what changed between two releases of one language."""

from __future__ import annotations

import sys

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.alignctx import (
    add_decisions_option,
    decision_errors,
    read_decisions,
    write_report,
)
from mtgcr.cli.args import add_format_option, add_lang_option, section_option
from mtgcr.corpus.safe_write import STDOUT, Replace, check_out_path
from mtgcr.reports.render import RENDERERS


def register(sub) -> None:
    """Add the ``diff`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "diff",
        help=SUMMARIES["diff"],
        description="Align two releases (any two, either order) and report: summary counts, "
        "renumberings, modified rules with a word diff, splits and merges, "
        "moved, added and removed rules, section moves and retitles, glossary "
        "changes. For a translation (--lang ja, zh, ru) the alignment of the "
        "English releases of the same labels is projected onto it when they are "
        "stored (the translation's own alignment is computed too and any "
        "disagreement listed); otherwise the translation is aligned directly. "
        "The report says which. Changes of typography only (quotes, marks, "
        "italics, dashes, wraps, '?' for a lost quote) are a relation of their "
        "own, 'typography', counted in the summary and listed with --typography. "
        "Example: mtgcr diff 2022-11-18 2023-11-17 "
        "--section 712 --format html --out out/712.html",
    )
    p.add_argument("old", metavar="OLD", help="old release: effective date or label")
    p.add_argument("new", metavar="NEW", help="new release: effective date or label")
    add_lang_option(p)
    p.add_argument(
        "--section",
        metavar="N",
        help="only what belongs to this section (712), summary counts included",
    )
    add_format_option(p, RENDERERS, default="md")
    p.add_argument(
        "--all",
        action="store_true",
        help="also list unchanged rules, sections and glossary entries (every format)",
    )
    p.add_argument(
        "--typography",
        action="store_true",
        help="also list the rules and glossary entries that changed in typography "
        "only (quotes, '?' or U+FFFD for a lost character, TM/R marks, "
        "_italics_, <url> brackets, dashes, wraps); they are always counted "
        "apart in the summary, never as modified",
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help="write to FILE instead of stdout, atomically (missing folders are "
        "created, and the command says so); only a regular file is replaced, "
        "never a folder, link, device or pipe; - is stdout",
    )
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr diff OLD NEW``: the change report of two releases
    (:meth:`mtgcr.api.Corpus.diff`), to stdout or ``--out``; returns 0.

    Raises:
        BadArgument: a bad ``--section``, a bad decisions file or a decision that does not
            fit, an ``--out`` that cannot be written.
        NotFound: ``--section`` is in neither release.
        StoreError: no store, or OLD or NEW is not a stored release of that language.
    """
    section = section_option(args.section)
    if args.out and args.out != STDOUT:
        check_out_path(args.out, Replace.IF_FORCED)  # refused before the work, not after
    decisions = read_decisions(args, ctx)
    with decision_errors():
        report = ctx.corpus(decisions).diff(
            args.old, args.new, args.lang, section, args.all, args.typography
        )
    if report.direction_note and not ctx.silent:  # a self-diff or a reversed one
        print(f"note: {report.direction_note}", file=sys.stderr)
    text = report.render(args.format)
    if args.out:
        write_report(args.out, text, ctx)
    else:
        sys.stdout.write(text)
    return 0
