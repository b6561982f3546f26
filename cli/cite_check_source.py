"""``mtgcr cite-check`` on source trees: every CR citation of an engine, checked, as text, JSON,
JSON lines (streamed: one record per citation as each file is done, then one per control and a
summary) or SARIF 2.1.0 (:mod:`mtgcr.reports.sarif`)."""

from __future__ import annotations

import json
import sys

from rich.markup import escape

from mtgcr.cli.args import max_bytes
from mtgcr.cli.engine_cite import align_progress, cache_path, progress_bar, warn
from mtgcr.cli.output import console, print_json, table
from mtgcr.crossref.cite.source_check import CheckedCitation
from mtgcr.crossref.cite.source_run import SourceCheck
from mtgcr.crossref.cite.verdicts import Verdict

__all__ = ["run_source"]


def run_source(args, ctx) -> int:
    """Check the citations of the source files and folders ``args.paths`` (see the command's
    help for options, output and exit status).

    Raises:
        BadArgument: see :meth:`mtgcr.api.Corpus.cite_check_source`.
    """
    _note_skipped(args.paths)
    check = ctx.corpus().cite_check_source(
        *args.paths,
        release=args.release,
        pin=args.pin,
        default=args.from_release,
        git=not args.no_git,
        changed_since=args.base if args.changed_only else None,
        cache=cache_path(args),
        max_bytes=max_bytes(args),
        on_align=align_progress(ctx),
    )
    _check_with_progress(check, ctx, args.format)
    summary = check.summary()
    problems = [f.problem for f in check.files if f.problem]
    for msg in problems:
        warn(f"error: {msg}")
    for note in (check.run.git_problem, check.run.cache.problem):
        if note:
            warn(f"note: {note}")
    results = check.citations
    _write(results, check, summary, problems, args)
    if not results and check.run.changed is None:
        warn(
            f"error: no CR citation found in {summary['files']} source file(s) of "
            f"{' '.join(args.paths)}"
        )
    for c in check.controls:
        if not c.ok:
            warn(
                f"error: control {c.name} ({c.source!r}) gave "
                f"{[v.value for v in c.got]}, expected {[v.value for v in c.expected]}"
            )
    return summary["exit_status"]


def _note_skipped(paths: list[str]) -> None:
    """A note on stderr for each file of ``paths`` that is not a source or doc file."""
    from pathlib import Path

    from mtgcr.extract.citations.comments import family_of

    for raw in paths:
        if Path(raw).is_file() and family_of(raw) is None:
            warn(
                f"note: skipped {raw}: not a source or doc file (check wiki pages in a run of "
                f"their own)"
            )


def _check_with_progress(check: SourceCheck, ctx, fmt: str) -> None:
    """Run ``check`` file by file under a progress bar; with ``fmt`` ``"jsonl"``, each
    file's citations are streamed to stdout as JSON lines as soon as it is checked."""
    stream = sys.stdout if fmt == "jsonl" else None
    with progress_bar(ctx, "cite-check") as bar:
        task = bar.add_task("files", total=len(check.run.files), note="")
        for f in check:
            if stream is not None:
                for c in f.citations:
                    stream.write(json.dumps(c.as_json(), ensure_ascii=False) + "\n")
                stream.flush()
            bar.update(task, advance=1, note=f.name[-40:])


def _write(
    results: list[CheckedCitation], check: SourceCheck, summary: dict, problems: list, args
) -> None:
    """The report in ``args.format``: JSON lines' controls and summary (the citations were
    streamed), JSON, SARIF 2.1.0 or text."""
    if args.format == "jsonl":
        for c in check.controls:
            sys.stdout.write(
                json.dumps({"kind": "control", **c.as_json()}, ensure_ascii=False) + "\n"
            )
        sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
    elif args.format == "json":
        print_json(
            {
                "citations": [r.as_json() for r in results],
                "controls": [c.as_json() for c in check.controls],
                "summary": summary,
            }
        )
    elif args.format == "sarif":
        from mtgcr import __version__
        from mtgcr.reports.sarif import sarif_log

        notes = [*problems] + [
            f"control {c.name} gave {[v.value for v in c.got]}" for c in check.controls if not c.ok
        ]
        print_json(
            sarif_log(results, __version__, summary["target"], summary["controls_ok"], notes)
        )
    else:
        _text(results, check, summary, args)


def _detail(r: CheckedCitation) -> str:
    if r.suggestion:
        out = f"→ {r.suggestion}" + ("" if r.certain else f" (left to a human: {r.reason})")
    else:
        out = "; ".join(
            x
            for x in [r.note, *(k.note for k in r.checks if k.verdict is not Verdict.CURRENT)]
            if x
        )
    diffs = [k.diff for k in r.checks if k.diff]
    return out + (f" | {diffs[0]}" if diffs else "")


def _text(results: list[CheckedCitation], check: SourceCheck, summary: dict, args) -> None:
    shown = [r for r in results if args.all or r.verdict is not Verdict.CURRENT]
    rows = [
        [
            escape(f"{r.file}:{r.citation.line}:{r.citation.column}"),
            escape(r.citation.text.replace("\n", "⏎")),
            r.release.name if r.release else "-",
            r.as_of.value,
            r.verdict.value,
            ", ".join(sorted({str(n) for k in r.checks for n in k.now})),
            escape(_detail(r)),
        ]
        for r in shown
    ]
    v = summary["verdicts"]
    title = (
        f"{summary['citations']} citations in {summary['files']} files against "
        f"{summary['target']} ({summary['target_from']}): "
        + ", ".join(f"{n} {k}" for k, n in v.items() if n)
        + (
            f"; {summary['cached_files']} files unchanged (cache)"
            if summary["cached_files"]
            else ""
        )
    )
    if rows:
        console.print(
            table(
                title,
                [
                    "where",
                    "citation",
                    "read against",
                    "as of",
                    "verdict",
                    "now",
                    "suggestion / note",
                ],
                rows,
            )
        )
    else:
        console.print(title, markup=False)
    if not args.all and len(shown) < len(results):
        console.print(
            f"{len(results) - len(shown)} current citations not listed (--all lists them)",
            markup=False,
        )
    bad = [c for c in check.controls if not c.ok]
    console.print(
        f"controls: {len(check.controls) - len(bad)}/{len(check.controls)} ok", markup=False
    )
