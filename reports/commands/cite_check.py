"""``mtgcr cite-check PATH…``: are the CR citations on wiki pages still right?"""
from __future__ import annotations

import sys

from corpus.document import DocumentError, load_document
from crossref.cite_check import check_citations, en_releases, ja_lookups, store_remapper
from extract.ingest import expand_paths
from extract.wiki_kinds import parse_wiki_document

from rich.markup import escape

from ..cli import UserError
from ..output import console, print_json, table


def register(sub) -> None:
    p = sub.add_parser(
        "cite-check", help="check the CR citations on MTG Wiki pages",
        description="For every CR citation on the pages ({{#cr:707}}, {{CR|810}}, [[CR:503.2]], "
                    "'rule 601.2c 参照', 'CR:805.8' …): the release it was written against "
                    "(--as-of, the page's quote, or inferred from which releases make the "
                    "cited section fit the page's subject), what the number meant then, what "
                    "it is in the newest EN release in the store, and a status: current, "
                    "moved (with a replacement), changed, gone or unknown. Pages may be "
                    "rendered text, HTML, wikitext or diff views (each column checked on its "
                    "own). Example: mtgcr cite-check page.txt --format json")
    p.add_argument("paths", nargs="+", metavar="PATH", help="wiki pages (files or folders)")
    p.add_argument("--as-of", metavar="R", help="the release every citation was written "
                                                "against (effective date or label)")
    p.add_argument("--no-quotes", action="store_true",
                   help="leave out citations inside quoted rule text")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    pages = []
    failed = 0
    for path in expand_paths(args.paths):
        try:
            doc = load_document(path)
        except DocumentError as exc:
            print(f"error: {exc}", file=sys.stderr)
            failed += 1
            continue
        result = parse_wiki_document(doc)
        if result is None:
            print(f"error: {path}: not an MTG Wiki page (rendered text, HTML, wikitext or diff "
                  f"view)", file=sys.stderr)
            failed += 1
            continue
        pages.append(result.facts)
    if not pages:
        raise UserError("no wiki pages to check")
    with ctx.store(readonly=True) as store:
        releases = en_releases(store)
        if not releases:
            raise UserError(f"no complete EN release in {ctx.store_path} (run 'mtgcr ingest' first)")
        as_of = store.resolve(args.as_of, "en").label if args.as_of else None
        ja_sections, ja_terms = ja_lookups(store)
        remapper = store_remapper(store)
        results = []
        for facts in pages:
            for page in (d for k, d in facts if k == "wiki-page"):
                cites = [d for k, d in facts if k == "citation" and d.get("column") == page.get("column")
                         and not (args.no_quotes and d.get("in_quote"))]
                try:
                    results += check_citations(page, cites, releases, remapper, as_of,
                                               ja_sections, ja_terms)
                except ValueError as exc:
                    raise UserError(str(exc)) from None
    if args.format == "json":
        print_json([r.as_json() for r in results])
    else:
        rows = [[escape(f"{r.page.rsplit('/', 1)[-1]}{f' ({r.column})' if r.column else ''}:{r.line}"
                        + (" quote" if r.in_quote else "")),
                 escape(r.citation), r.number, r.as_of or "?", escape(r.then_title or ""),
                 r.now_number or "", r.status, escape(r.suggestion or r.note)] for r in results]
        console.print(table(f"{len(results)} citations; now = EN {releases[-1].label}",
                            ["where", "citation", "number", "as of", "then", "now", "status",
                             "suggestion / note"], rows))
    return 1 if failed else 0
