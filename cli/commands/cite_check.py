"""``mtgcr cite-check PATH…``: are the CR citations on wiki pages, or in an engine's source
tree, still right?"""

from __future__ import annotations

import json
import sys

from rich.markup import escape

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option, add_max_size_option, max_bytes
from mtgcr.errors import BadArgument
from mtgcr.cli.output import console, print_json, table


#: The description of ``mtgcr cite-check --help``: source trees and wiki pages, their
#: verdicts and exit statuses.
_DESCRIPTION = (
    "Source trees (folders holding source or doc files, or source files: "
    ".java .rs .kt .cs .py .md …; .gitignore honoured): every citation in "
    "comments and docs ('// CR 704.5a:', 'CR 310.10 + CR 704.5x', 'CR 701.57a / 702.85a', "
    "'//20091005 - 704.5i', 'see 20110715 - 605.1b', ' * 702.94a Soulbond is …', "
    "'// [ ] 603.10f …', 'See rule 609.7', '(see 601.2b and 601.2f–h)', 'trample (702.19b)', "
    "'Not yet included in 601.2b', '{@mtg.rule 613.1-613.7}', '[CR#704.5k..704.5n]', "
    "'…/magic-rules/#R70219b') and in identifiers ('stateBasedAction704_5r'). Each "
    "is read against the release it was written against, from evidence: its own date "
    "stamp ('CR 2023-04-14' heading a comment stamps it too); else the date its line was "
    "written (git history), narrowed by the title or rule text beside the number; else "
    "that title or text alone (the release in which the number had it); else --from R, "
    "else the target (marked assumed). The target is --release R, the release of --pin "
    "FILE, or the newest stored. Verdicts: current, moved (with the new number), changed "
    "(word diff), gone, absent, mismatch (the title or text beside the number is another "
    "rule's: that rule is the suggestion), placeholder or malformed; each says whether a "
    "rewrite is certain (every piece of evidence agrees) and why not. --format jsonl "
    "streams one JSON record per citation, then one per built-in control and a summary; "
    "--format sarif writes SARIF 2.1.0 for code scanning; --changed-only reports only "
    "lines changed against --base (default HEAD). Results are cached per file content. "
    "Exit status: 0 nothing stale, 1 a stale citation (moved, gone, mismatch, absent, "
    "malformed) or an unreadable file, 2 no citation read or a control failed. "
    "Example: mtgcr cite-check engine/src --release 2026-01-16 --format jsonl. "
    "Wiki pages: for every CR citation on the pages ({{#cr:707}}, {{CR|810}}, [[CR:503.2]], "
    "'rule 601.2c 参照', 'CR:805.8' …): the release it was written against "
    "(--as-of, the page's quote, or inferred from which releases make the "
    "cited section fit the page's subject), what the number meant then, what "
    "it is in the newest EN release in the store, and a status: current, "
    "moved (with a replacement), changed, gone or unknown. A citation inside a quote "
    "('引用：総合ルール 20231117.0') keeps the quote's numbers: its status is in-quote, "
    "with no replacement; the quote block gets one row of its own, checked as a unit "
    "against the newest release of its language (unchanged, renumbered, reworded, "
    "removed, added rules; refresh it with 'mtgcr wiki refresh'). JSON: "
    "{citations: [...], quotes: [...]}; JSON lines: the quotes as kind 'quote'. "
    "A citation of several "
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
    "Exit status for wiki pages: 0 when every readable page was checked (whatever the "
    "citations' status), 1 when a file could not be read, 2 on a usage error "
    "or when no wiki page was given. "
    "Example: mtgcr cite-check page.txt --format json"
)


def register(sub) -> None:
    """Add the ``cite-check`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "cite-check",
        help=SUMMARIES["cite-check"],
        description=_DESCRIPTION,
    )
    _add_arguments(p)
    p.set_defaults(func=run)


def _add_arguments(p) -> None:
    """The arguments and options of ``cite-check`` on its parser ``p``."""
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="source files and folders, or wiki pages (files or folders)",
    )
    pin = p.add_mutually_exclusive_group()
    pin.add_argument(
        "--release",
        metavar="R",
        help="source trees: the release to check "
        "against (effective date or label; default the newest stored)",
    )
    pin.add_argument(
        "--pin",
        metavar="FILE",
        help="source trees: a CR copy kept beside the "
        "engine; its release (identified from its text) is the one checked against",
    )
    p.add_argument(
        "--all", action="store_true", help="source trees, text output: list current citations too"
    )
    p.add_argument(
        "--from",
        dest="from_release",
        metavar="R",
        help="source trees: the release citations without any evidence were written against "
        "(default: the target, reported as assumed)",
    )
    p.add_argument(
        "--changed-only",
        action="store_true",
        help="source trees in a git repository: report only citations on lines changed "
        "against --base (for pull requests and pre-commit)",
    )
    p.add_argument(
        "--base",
        metavar="REF",
        default="HEAD",
        help="source trees: the commit --changed-only compares with (default HEAD: "
        "uncommitted changes; in a pull request the base branch, e.g. origin/main)",
    )
    p.add_argument(
        "--as-of",
        metavar="R",
        help="the release every citation was written against (effective date or label)",
    )
    p.add_argument(
        "--no-quotes",
        action="store_true",
        help="leave out citations inside quoted rule text and the quote blocks",
    )
    add_format_option(p, ("text", "json", "jsonl", "sarif"))
    add_max_size_option(p)
    from mtgcr.cli.engine_cite import add_source_options

    add_source_options(p)


def run(args, ctx) -> int:
    """``mtgcr cite-check PATH…``: check the CR citations of wiki pages against the store.

    Returns:
        0; 1 when a PATH could not be read or is not an MTG Wiki page (the others are
        checked).

    Raises:
        NotFound: no page to check, no complete EN release in the store, or ``--as-of``
            names an EN release that is not complete
            (:meth:`mtgcr.api.Corpus.cite_check`).
        StoreError: no store, or ``--as-of`` names no stored EN release.
    """
    from mtgcr.cli.engine_cite import is_source_run

    if is_source_run(args.paths):
        from mtgcr.cli.cite_check_source import run_source

        if args.as_of or args.no_quotes:
            raise BadArgument(
                "--as-of and --no-quotes are for wiki pages; a source tree takes "
                "--release R or --pin FILE"
            )
        return run_source(args, ctx)
    if args.release or args.pin:
        raise BadArgument("--release and --pin are for source trees; wiki pages take --as-of R")
    if args.format == "sarif" or args.changed_only or args.from_release:
        raise BadArgument(
            "--format sarif, --changed-only and --from are for source trees; wiki pages take "
            "--as-of R"
        )
    corpus = ctx.corpus()
    pages = corpus.read_wiki_pages(*args.paths, max_bytes=max_bytes(args))
    for problem in pages.problems:
        print(f"{'error' if problem.error else 'note'}: {problem.message}", file=sys.stderr)
    checked = corpus.cite_check(pages, as_of=args.as_of, quotes=not args.no_quotes)
    results, failed = checked.results, checked.failed
    if args.format == "json":
        print_json(checked.to_json())
    elif args.format == "jsonl":
        for r in results:
            sys.stdout.write(json.dumps(r.as_json(), ensure_ascii=False) + "\n")
        for q in checked.quotes:
            sys.stdout.write(
                json.dumps({"kind": "quote", **q.as_json()}, ensure_ascii=False) + "\n"
            )
    else:
        _print_wiki_table(checked)
    return 1 if failed else 0


def _print_wiki_table(checked) -> None:
    """The text report: one row per citation outside the quotes and one per quote block (the
    citations inside a quote are kept with it: not listed), in page and line order; then the
    lines with every replacement applied."""
    rows: list[tuple[tuple, list[str]]] = []
    for r in checked.results:
        if r.status == "in-quote":
            continue
        rows.append(
            (
                (r.page, r.column or "", r.line),
                [
                    escape(where(r) + (" quote" if r.in_quote else "")),
                    escape(r.citation),
                    r.number,
                    r.as_of or "?",
                    escape(r.then_title or ""),
                    r.now_number or "",
                    r.status,
                    escape(_suggestion(r) or r.note),
                ],
            )
        )
    for q in checked.quotes:
        rows.append(
            (
                (q.page, q.column or "", q.line),
                [
                    escape(_where_quote(q)),
                    escape(q.header),
                    q.span,
                    q.label,
                    "",
                    q.target or "",
                    f"{q.status} quote",
                    escape(q.note),
                ],
            )
        )
    kept = sum(r.status == "in-quote" for r in checked.results)
    title = f"{len(checked.results)} citations"
    if kept:
        title += f" ({kept} inside quotes, kept with their quote)"
    if checked.quotes:
        title += f", {len(checked.quotes)} quote blocks"
    console.print(
        table(
            f"{title}; now = EN {checked.newest}",
            ["where", "citation", "number", "as of", "then", "now", "status", "suggestion / note"],
            [row for _, row in sorted(rows, key=lambda x: x[0])],
        )
    )
    lines = {(r.page, r.column, r.line): r for r in checked.results if r.line_suggestion}
    if lines:
        console.print("lines with every replacement applied:", markup=False)
        for r in lines.values():
            console.print(f"  {where(r)}: {r.line_suggestion}", markup=False)


def where(r) -> str:
    """``"page.txt:65"``; for a diff view ``"page.txt:67 (編集中の文章 column, line 24 of that
    revision)"`` (the file's line, then the column and the line in that revision)."""
    out = f"{r.page.rsplit('/', 1)[-1]}:{r.line}"
    if r.column:
        out += f" ({r.column_label or r.column} column, line {r.revision_line} of that revision)"
    return out


def _where_quote(q) -> str:
    """``"page.txt:28"`` (the quote header's line); for a diff view, with its column."""
    out = f"{q.page.rsplit('/', 1)[-1]}:{q.line}"
    return out + (f" ({q.column_label or q.column} column)" if q.column else "")


def _suggestion(r) -> str | None:
    """The replacement, with what it replaces when that is only part of the citation."""
    if not r.suggestion:
        return None
    if r.old_text and r.old_text != r.citation:
        return f"{r.old_text} → {r.suggestion}"
    return r.suggestion
