"""``mtgcr ingest PATH…``: read CR files and pages into the store."""
from __future__ import annotations

import sys

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from extract.ingest import expand_paths, ingest_file

from ..output import console, err_console, table


def register(sub) -> None:
    p = sub.add_parser(
        "ingest", help="ingest CR files and pages (files or folders, recursive)",
        description="Read official CR text files (any era and encoding), translations and "
                    "wiki pages into the store. Files already stored (same bytes) are skipped; "
                    "a file that fails leaves nothing behind and does not stop the others. "
                    "Example: mtgcr ingest ../shared/corpus/en/official")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    p.add_argument("--warnings", action="store_true", help="list every warning, not just counts")
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    files = list(expand_paths(args.paths))
    results = []
    with ctx.store() as store:
        if ctx.silent or not files:
            results = [ingest_file(store, f) for f in files]
        else:
            with Progress(TextColumn("[bold]ingest"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), TextColumn("{task.description}"),
                          console=err_console, transient=True) as bar:
                task = bar.add_task("", total=len(files))
                for f in files:
                    bar.update(task, description=f.name)
                    results.append(ingest_file(store, f))
                    bar.advance(task)
    rows = []
    for r in results:
        for lang, label, eff, c in r.releases:
            rows.append([r.path.rsplit("/", 1)[-1], f"{lang}:{label}", eff, r.encoding, c["sections"],
                         c["rules"], c["subrules"], c["examples"], c["glossary"], _warn_cell(r)])
        if r.status == "unchanged":
            rows.append([r.path.rsplit("/", 1)[-1], "(already stored)", "", r.encoding, "", "", "", "", "", ""])
        elif r.status == "ingested" and not r.releases:
            rows.append([r.path.rsplit("/", 1)[-1], f"({r.kind})", "", r.encoding, "", "", "", "", "", _warn_cell(r)])
    if rows and not ctx.silent:
        console.print(table(f"Ingested into {ctx.store_path}",
                            ["file", "release", "effective", "encoding", "sections", "rules",
                             "subrules", "examples", "glossary", "warnings"], rows))
    for r in results:
        if args.warnings:
            for w in r.warnings:
                print(f"warning: {w}", file=sys.stderr)
        for n in r.notes:
            print(f"note: {r.path}: {n}", file=sys.stderr)
    failed = [r for r in results if r.status == "failed"]
    for r in failed:
        print(f"error: {r.error}", file=sys.stderr)
    if not files:
        print("error: no files found in the given paths", file=sys.stderr)
        return 1
    done = sum(r.status == "ingested" for r in results)
    same = sum(r.status == "unchanged" for r in results)
    n_warn = sum(len(r.warnings) for r in results)
    if n_warn and not args.warnings and not ctx.silent:
        print(f"{n_warn} warnings (file:line: message) — 'mtgcr ingest --warnings' lists them all; "
              f"they are also in the store's warnings table", file=sys.stderr)
    if not ctx.silent:
        print(f"{done} ingested, {same} already stored, {len(failed)} failed", file=sys.stderr)
    return 1 if failed else 0


def _warn_cell(r) -> str:
    """The warnings column: count, and the first one as ``line: message``."""
    if not r.warnings:
        return "0"
    first = r.warnings[0].split(":", 1)[1] if ":" in r.warnings[0] else r.warnings[0]
    first = first.strip()
    more = f" (+{len(r.warnings) - 1})" if len(r.warnings) > 1 else ""
    return f"{len(r.warnings)}: {first}{more}" if len(r.warnings) == 1 else f"{first}{more}"
