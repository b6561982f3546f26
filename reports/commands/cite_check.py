"""``mtgcr cite-check PATH…``: are the CR citations on wiki pages still right?"""
from __future__ import annotations

import sys

from mtgcr.corpus.document import DocumentError, load_document
from mtgcr.crossref.cite_check import check_citations, en_releases, ja_lookups, store_remapper
from mtgcr.extract.ingest import scan_paths
from mtgcr.extract.wiki.fact_records import CitationFact, WikiPageFact
from mtgcr.extract.wiki.kinds import parse_wiki_document
from mtgcr.extract.wiki.facts import line_texts

from rich.markup import escape

from mtgcr.reports.args import add_format_option, add_max_size_option, max_bytes
from mtgcr.reports.cli import UserError
from mtgcr.reports.output import console, print_json, table


def register(sub) -> None:
    """Add the ``cite-check`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "cite-check", help="check the CR citations on MTG Wiki pages",
        description="For every CR citation on the pages ({{#cr:707}}, {{CR|810}}, [[CR:503.2]], "
                    "'rule 601.2c 参照', 'CR:805.8' …): the release it was written against "
                    "(--as-of, the page's quote, or inferred from which releases make the "
                    "cited section fit the page's subject), what the number meant then, what "
                    "it is in the newest EN release in the store, and a status: current, "
                    "moved (with a replacement), changed, gone or unknown. A citation of several "
                    "numbers ('rule 701.28〔変身する〕、rule 701.50〔トランスフォーム〕') gets one "
                    "replacement per number, each for its own part of the line (JSON: old_text, "
                    "span, suggestion), and every line that needs replacing gets the whole line "
                    "with all of them applied (line_suggestion; the wikitext line for wikitext "
                    "pages and diff views, the visible text for rendered pages). Pages may be "
                    "rendered text, HTML, wikitext or diff views; each column of a diff view is "
                    "checked on its own, and positions are lines of the file with the column and "
                    "the revision's own line: 'line 67 (編集中の文章 column, line 24 of that "
                    "revision)' (JSON: line, column, column_label, revision_line). "
                    "Files that are not MTG Wiki pages are skipped with a one-line note. "
                    "Exit status: 0 when every readable page was checked (whatever the "
                    "citations' status), 1 when a file could not be read, 2 on a usage error "
                    "or when no wiki page was given. "
                    "Example: mtgcr cite-check page.txt --format json")
    p.add_argument("paths", nargs="+", metavar="PATH", help="wiki pages (files or folders)")
    p.add_argument("--as-of", metavar="R", help="the release every citation was written "
                                                "against (effective date or label)")
    p.add_argument("--no-quotes", action="store_true",
                   help="leave out citations inside quoted rule text")
    add_format_option(p)
    add_max_size_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr cite-check PATH…``: check the CR citations of wiki pages against the store.

    Returns:
        0; 1 when a PATH could not be read or is not an MTG Wiki page (the others are
        checked).

    Raises:
        UserError: no page to check, no complete EN release in the store, or ``--as-of``
            names an EN release that is not complete.
        StoreError: no store, or ``--as-of`` names no stored EN release.
    """
    pages = []
    failed = 0
    scan = scan_paths(args.paths)
    for line in scan.unreadable_errors():
        print(f"error: {line}", file=sys.stderr)
    failed += len(scan.unreadable)
    for path in scan.files:
        try:
            doc = load_document(path, max_bytes(args))
        except DocumentError as exc:
            print(f"error: {exc}", file=sys.stderr)
            failed += 1
            continue
        result = parse_wiki_document(doc)
        if result is None:
            print(f"note: skipped {path}: not an MTG Wiki page (rendered text, HTML, wikitext "
                  f"or diff view)", file=sys.stderr)
            continue
        pages.append(result.facts)
    if not pages:
        raise UserError("no wiki pages to check (no file given is an MTG Wiki page)")
    with ctx.store(readonly=True) as store:
        releases = en_releases(store)
        if not releases:
            raise UserError(f"no complete EN release in {ctx.store_path} (run 'mtgcr ingest' first)")
        as_of = store.resolve(args.as_of, "en").label if args.as_of else None
        ja_sections, ja_terms = ja_lookups(store)
        remapper = store_remapper(store)
        results = []
        for facts in pages:
            all_cites = [CitationFact.from_json(d) for k, d in facts if k == CitationFact.KIND]
            for page in (WikiPageFact.from_json(d) for k, d in facts if k == WikiPageFact.KIND):
                cites = [c for c in all_cites if c.column == page.column
                         and not (args.no_quotes and c.in_quote)]
                try:
                    results += check_citations(page, cites, releases, remapper, as_of,
                                               ja_sections, ja_terms,
                                               line_texts(facts, page.column))
                except ValueError as exc:
                    raise UserError(str(exc)) from None
    if args.format == "json":
        print_json([r.as_json() for r in results])
    else:
        rows = [[escape(where(r) + (" quote" if r.in_quote else "")),
                 escape(r.citation), r.number, r.as_of or "?", escape(r.then_title or ""),
                 r.now_number or "", r.status, escape(_suggestion(r) or r.note)] for r in results]
        console.print(table(f"{len(results)} citations; now = EN {releases[-1].label}",
                            ["where", "citation", "number", "as of", "then", "now", "status",
                             "suggestion / note"], rows))
        lines = {(r.page, r.column, r.line): r for r in results if r.line_suggestion}
        if lines:
            console.print("lines with every replacement applied:", markup=False)
            for r in lines.values():
                console.print(f"  {where(r)}: {r.line_suggestion}", markup=False)
    return 1 if failed else 0


def where(r) -> str:
    """``"page.txt:65"``; for a diff view ``"page.txt:67 (編集中の文章 column, line 24 of that
    revision)"`` (the file's line, then the column and the line in that revision)."""
    out = f"{r.page.rsplit('/', 1)[-1]}:{r.line}"
    if r.column:
        out += f" ({r.column_label or r.column} column, line {r.revision_line} of that revision)"
    return out


def _suggestion(r) -> str | None:
    """The replacement, with what it replaces when that is only part of the citation."""
    if not r.suggestion:
        return None
    if r.old_text and r.old_text != r.citation:
        return f"{r.old_text} → {r.suggestion}"
    return r.suggestion
