"""``mtgcr build SOURCE… --out DIR``: the main job — ingest, align every consecutive pair of
releases per language, write the change reports and an index page."""
from __future__ import annotations

import sys
from pathlib import Path

from mtgcr.extract.ingest import ingest_file, scan_paths

from mtgcr.reports.alignctx import add_decisions_option, decision_errors, read_decisions
from mtgcr.reports.build_site import BuildInterrupted, build_reports
from mtgcr.reports.args import add_max_size_option, max_bytes
from mtgcr.reports.cli import UserError
from mtgcr.reports.output import err_console
from mtgcr.reports.render import RENDERERS


def register(sub) -> None:
    """Add the ``build`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "build", help="ingest sources, align consecutive releases, write reports and an index",
        description="The main job: ingest every SOURCE (files or folders), align every pair of "
                    "consecutive complete releases of each language in the store, and write "
                    "one change report per pair (Markdown, HTML, CSV, JSON) plus index.html, "
                    "index.md and index.json into DIR. Translations reuse the English "
                    "alignment of the same labels when it is stored (as diff --lang does). "
                    "Alignments are cached in the store, so a second build only renders. "
                    "The index is rewritten after every report: an interrupted build leaves "
                    "an index of the reports written (marked incomplete). "
                    "Example: mtgcr build ../shared/corpus/en/official --out out/site")
    p.add_argument("sources", nargs="+", metavar="SOURCE")
    p.add_argument("--out", required=True, metavar="DIR", help="output folder (created if missing; not a file)")
    p.add_argument("--lang", action="append", metavar="L",
                   help="only this language (repeatable; default: every language)")
    p.add_argument("--formats", default=",".join(RENDERERS),
                   help=f"comma-separated report formats (default {','.join(RENDERERS)})")
    add_decisions_option(p)
    add_max_size_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr build SOURCE… --out DIR``: ingest, align and write the reports and the index.

    Returns:
        0; 1 when a SOURCE file failed to ingest (the reports are still written); 130 when
        interrupted (the index lists the reports written).

    Raises:
        UserError: unknown ``--formats``, ``--out`` is a file or under one, no files in the
            SOURCEs, nothing ingested, a bad decisions file or a decision that does not fit.
    """
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    bad = [f for f in formats if f not in RENDERERS]
    if bad or not formats:
        raise UserError(f"--formats: unknown {', '.join(bad) or '(none given)'}; "
                        f"choose from {', '.join(RENDERERS)}")
    decisions = read_decisions(args, ctx)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {args.out} is a file; give a folder for the reports "
                        f"(created if missing)")
    if not out.exists() and any(p.exists() and not p.is_dir() for p in out.parents):
        raise UserError(f"--out {args.out}: a parent of it is a file, not a folder")
    scan = scan_paths(args.sources)
    for line in scan.unreadable_errors():
        print(f"error: {line}", file=sys.stderr)
    failed = len(scan.unreadable)
    files = scan.files
    if not files:
        raise UserError(f"no files found in {' '.join(args.sources)}")
    with ctx.store() as store:
        for i, f in enumerate(files, 1):
            if not ctx.silent and err_console.is_terminal:
                err_console.print(f"[dim]ingest {i}/{len(files)}[/dim] {f.name}        ", end="\r")
            r = ingest_file(store, f, max_bytes=max_bytes(args))
            if r.status == "failed":
                failed += 1
                print(f"error: {r.error}", file=sys.stderr)
        if not store.releases():
            raise UserError("nothing was ingested; no reports to write")
        done = [0]

        def progress(msg: str) -> None:
            done[0] += 1
            if not ctx.silent and err_console.is_terminal:
                err_console.print(f"[dim]report {done[0]}[/dim] {msg}        ", end="\r")
        try:
            with decision_errors():
                index = build_reports(store, out, args.lang, decisions, formats, progress)
        except BuildInterrupted as exc:
            if err_console.is_terminal:
                err_console.print(" " * 60, end="\r")
            print(f"mtgcr: build interrupted: {exc.done} of {exc.index['expected']} change "
                  f"reports written; {out / 'index.html'} lists them (run the same command "
                  f"again to finish: alignments done so far are cached)", file=sys.stderr)
            return 130
    if not ctx.silent:
        if err_console.is_terminal:
            err_console.print(" " * 60, end="\r")
        for lang in index["languages"]:
            print(f"{lang['lang']}: {len(lang['releases'])} releases, {len(lang['pairs'])} "
                  f"change reports")
        print(f"index at {out / 'index.html'}")
    return 1 if failed else 0
