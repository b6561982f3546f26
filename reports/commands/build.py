"""``mtgcr build SOURCE… --out DIR``: the main job — ingest, then write reports into DIR."""
from __future__ import annotations

import html
import sys
from pathlib import Path

from extract.ingest import expand_paths, ingest_file

from ..output import err_console


def register(sub) -> None:
    p = sub.add_parser("build", help="ingest sources and write the reports into a folder",
                       description="The main job: ingest every SOURCE (files or folders), then "
                                   "write an index page and the reports into DIR. "
                                   "Example: mtgcr build ../shared/corpus/en/official --out site")
    p.add_argument("sources", nargs="+", metavar="SOURCE")
    p.add_argument("--out", required=True, metavar="DIR", help="output folder (created)")
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    failed = 0
    with ctx.store() as store:
        files = list(expand_paths(args.sources))
        for i, f in enumerate(files, 1):
            if not ctx.silent:
                err_console.print(f"[dim]ingest {i}/{len(files)}[/dim] {f.name}")
            r = ingest_file(store, f)
            if r.status == "failed":
                failed += 1
                print(f"error: {r.error}", file=sys.stderr)
        rels = store.releases()
    rows = "\n".join(
        f"<tr><td>{html.escape(r.lang)}</td><td>{r.effective_date or ''}</td><td>{r.label}</td>"
        f"<td>{r.origin}</td><td>{r.counts['sections']}</td><td>{r.counts['rules']}</td>"
        f"<td>{r.counts['subrules']}</td><td>{r.counts['examples']}</td><td>{r.counts['glossary']}</td></tr>"
        for r in rels)
    index = out / "index.html"
    index.write_text(
        "<!doctype html><html lang=en><meta charset=utf-8><title>mtgcr reports</title>"
        "<h1>mtgcr reports</h1><table><thead><tr><th>lang</th><th>effective</th><th>label</th>"
        "<th>origin</th><th>sections</th><th>rules</th><th>subrules</th><th>examples</th>"
        f"<th>glossary</th></tr></thead><tbody>\n{rows}\n</tbody></table></html>\n", encoding="utf-8")
    if not ctx.silent:
        print(f"{len(rels)} releases; index at {index}")
    return 1 if failed else 0
