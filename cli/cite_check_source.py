"""``mtgcr cite-check`` on source trees: every CR citation of an engine, checked, as text, JSON
or JSON lines (one record per citation, then one per control, then a summary)."""

from __future__ import annotations

import json
import sys
from collections import Counter

from rich.markup import escape

from mtgcr.crossref.cite.source_check import CheckedCitation, Verdict, run_controls
from mtgcr.extract.citations.tree import TreeScan

from mtgcr.cli.alignctx import open_store
from mtgcr.cli.args import max_bytes
from mtgcr.cli.engine_cite import (
    display_path,
    open_checker,
    progress_bar,
    read_sources,
    warn,
    where,
)
from mtgcr.cli.output import console, print_json, table

__all__ = ["run_source", "exit_status"]


def exit_status(results: list[CheckedCitation], controls_ok: bool, failures: int) -> int:
    """2 when no citation was read or a control misbehaved; else 0 when every citation is
    current and every file was read, 1 otherwise."""
    if not results or not controls_ok:
        return 2
    if failures or any(r.verdict is not Verdict.CURRENT for r in results):
        return 1
    return 0


def run_source(args, ctx) -> int:
    """Check the citations of the source files and folders ``args.paths`` (see the command's
    help for options, output and exit status)."""
    from pathlib import Path
    from mtgcr.extract.citations.comments import family_of

    scan = TreeScan()
    failures: list = []
    for raw in args.paths:
        if Path(raw).is_file() and family_of(raw) is None:
            warn(
                f"note: skipped {raw}: not a source or doc file (check wiki pages in a run of "
                f"their own)"
            )
    with open_store(ctx) as store:
        checker, how = open_checker(store, ctx, args, args.release, pin=args.pin)
        results: list[CheckedCitation] = []
        files = 0
        sources = read_sources(args.paths, scan, failures, max_bytes(args))
        with progress_bar(ctx, 0, "cite-check") as bar:
            task = bar.add_task("files", total=None)
            for src in sources:
                files += 1
                name = display_path(src.file.path)
                results += [checker.check(name, c) for c in src.citations]
                bar.advance(task)
        controls = run_controls(checker)
    for msg in failures:
        warn(f"error: {msg}")
    ok = all(c.ok for c in controls)
    code = exit_status(results, ok, len(failures))
    counts = Counter(r.verdict.value for r in results)
    summary = {
        "kind": "summary",
        "files": files,
        "citations": len(results),
        "verdicts": {v.value: counts.get(v.value, 0) for v in Verdict},
        "target": _when(checker.target),
        "target_from": how,
        "ignored_files": scan.ignored,
        "other_files": scan.other,
        "unreadable_files": len(failures),
        "controls_ok": ok,
        "exit_status": code,
    }
    if args.format == "jsonl":
        out = sys.stdout
        for r in results:
            out.write(json.dumps(r.as_json(), ensure_ascii=False) + "\n")
        for c in controls:
            out.write(json.dumps({"kind": "control", **c.as_json()}, ensure_ascii=False) + "\n")
        out.write(json.dumps(summary, ensure_ascii=False) + "\n")
    elif args.format == "json":
        print_json(
            {
                "citations": [r.as_json() for r in results],
                "controls": [c.as_json() for c in controls],
                "summary": summary,
            }
        )
    else:
        _text(results, controls, summary, args)
    if not results:
        warn(f"error: no CR citation found in {files} source file(s) of {' '.join(args.paths)}")
    for c in controls:
        if not c.ok:
            warn(
                f"error: control {c.name} ({c.source!r}) gave "
                f"{[v.value for v in c.got]}, expected {[v.value for v in c.expected]}"
            )
    return code


def _when(rel) -> str:
    return rel.effective_date.isoformat() if rel.effective_date else rel.label


def _text(results: list[CheckedCitation], controls, summary: dict, args) -> None:
    shown = [r for r in results if args.all or r.verdict is not Verdict.CURRENT]
    rows = []
    for r in shown:
        now = ", ".join(sorted({str(n) for k in r.checks for n in k.now}))
        detail = (
            r.suggestion
            and f"→ {r.suggestion}"
            or "; ".join(
                x
                for x in [r.note, *(k.note for k in r.checks if k.verdict is not Verdict.CURRENT)]
                if x
            )
        )
        diffs = [k.diff for k in r.checks if k.diff]
        if diffs:
            detail += f" | {diffs[0]}"
        rows.append(
            [
                escape(where(r)),
                escape(r.citation.text.replace("\n", "⏎")),
                r.citation.syntax.value,
                _when(r.release) if r.release else "-",
                r.verdict.value,
                now,
                escape(detail),
            ]
        )
    v = summary["verdicts"]
    title = (
        f"{summary['citations']} citations in {summary['files']} files against "
        f"{summary['target']} ({summary['target_from']}): "
        + ", ".join(f"{n} {k}" for k, n in v.items() if n)
    )
    if rows:
        console.print(
            table(
                title,
                [
                    "where",
                    "citation",
                    "syntax",
                    "read against",
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
    bad = [c for c in controls if not c.ok]
    console.print(f"controls: {len(controls) - len(bad)}/{len(controls)} ok", markup=False)
