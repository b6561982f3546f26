"""``mtgcr build SOURCE… --out DIR``: the main job — ingest, align every consecutive pair of
releases per language, write the change reports and an index page."""

from __future__ import annotations

import sys
from pathlib import Path

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.alignctx import add_decisions_option, decision_errors, read_decisions
from mtgcr.cli.args import add_max_size_option, max_bytes
from mtgcr.reports.build_site import BuildInterrupted
from mtgcr.cli.output import err_console, print_kept
from mtgcr.reports.render import RENDERERS


def register(sub) -> None:
    """Add the ``build`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "build",
        help=SUMMARIES["build"],
        description="The main job: ingest every SOURCE (files or folders), align every pair of "
        "consecutive complete releases of each language in the store, and write "
        "one change report per pair (Markdown, HTML, CSV, JSON) plus index.html, "
        "index.md and index.json into DIR. Translations reuse the English "
        "alignment of the same labels when it is stored (as diff --lang does). "
        "Alignments are cached in the store, so a second build only renders. "
        "The index is rewritten after every report: an interrupted build leaves "
        "an index of the reports written (marked incomplete). "
        "Example: mtgcr build ../shared/corpus/en/official --out out/site",
    )
    p.add_argument("sources", nargs="+", metavar="SOURCE")
    p.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help="output folder: created if missing, or one mtgcr created before (its "
        ".mtgcr-output file says so); a folder of yours only with --force",
    )
    p.add_argument(
        "--lang",
        action="append",
        metavar="L",
        help="only this language (repeatable; default: every language)",
    )
    p.add_argument(
        "--formats",
        default=",".join(RENDERERS),
        help=f"comma-separated report formats (default {','.join(RENDERERS)})",
    )
    add_decisions_option(p)
    add_max_size_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr build SOURCE… --out DIR``: ingest, align and write the reports and the index
    (:meth:`mtgcr.api.Corpus.build`).

    Returns:
        0; 1 when a SOURCE file failed to ingest or a folder entry could not be read (each
        is named; the reports are still written); 130 when
        interrupted (the index lists the reports written).

    Raises:
        BadArgument: a bad decisions file or a decision that does not fit.
        RefusedOutput: ``--out`` is a file or under one, or a folder mtgcr did not create
            (without ``--force``).
        BadArgument: unknown ``--formats``, no files in
            the SOURCEs, nothing ingested.
    """
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    decisions = read_decisions(args, ctx)
    done = [0]

    def on_file(f, i: int, n: int) -> None:
        if not ctx.silent and err_console.is_terminal:
            err_console.print(f"[dim]ingest {i + 1}/{n}[/dim] {f.name}        ", end="\r")

    def on_report(msg: str) -> None:
        done[0] += 1
        if not ctx.silent and err_console.is_terminal:
            err_console.print(f"[dim]report {done[0]}[/dim] {msg}        ", end="\r")

    try:
        with decision_errors():
            built = ctx.corpus(decisions).build(
                *args.sources,
                out=args.out,
                langs=args.lang,
                formats=formats,
                on_file=on_file,
                on_report=on_report,
                max_bytes=max_bytes(args),
                force=args.force,
            )
    except BuildInterrupted as exc:
        if err_console.is_terminal:
            err_console.print(" " * 60, end="\r")
        print(
            f"mtgcr: build interrupted: {exc.done} of {exc.index['expected']} change "
            f"reports written; {Path(args.out) / 'index.html'} lists them (run the same "
            f"command again to finish: alignments done so far are cached)",
            file=sys.stderr,
        )
        return 130
    for line in built.run.scan.unreadable_errors():
        print(f"error: {line}", file=sys.stderr)
    for r in built.run.failed:
        print(f"error: {r.error}", file=sys.stderr)
    index, out = built.index, built.out
    failed = len(built.run.failed) + len(built.run.scan.unreadable)
    if not ctx.silent:
        if err_console.is_terminal:
            err_console.print(" " * 60, end="\r")
        for lang in index["languages"]:
            print(
                f"{lang['lang']}: {len(lang['releases'])} releases, {len(lang['pairs'])} "
                f"change reports"
            )
        print(f"index at {out / 'index.html'}")
    return 1 if print_kept(out, built.kept) or failed else 0
