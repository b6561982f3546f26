"""``mtgcr define TERM``: a glossary entry."""
from __future__ import annotations

from rapidfuzz import fuzz, process
from rich.markup import escape

from extract.records import load_ruleset

from ..args import add_format_option, add_lang_option
from ..cli import UserError
from ..output import console, print_json, release_json


def register(sub) -> None:
    """Add the ``define`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser("define", help="show a glossary entry",
                       description="Look a term up in the glossary of a release (headwords and "
                                   "aliases, case-insensitive). Example: mtgcr define Kicked")
    p.add_argument("term", metavar="TERM")
    p.add_argument("--release", "-r", help="effective date or label (default: the newest)")
    add_lang_option(p, help=None)
    add_format_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr define TERM``: print a glossary entry (text or JSON); returns 0.

    Raises:
        UserError: an empty TERM, or no entry of that name (the closest headwords named).
        StoreError: no store, or no such release of that language.
    """
    if not args.term.strip():
        raise UserError("define: an empty TERM; give a glossary headword (like Kicker)")
    with ctx.store(readonly=True) as store:
        rs = load_ruleset(store, args.release, args.lang)
    entry = rs.define(args.term)
    if entry is None and rs.release.lang == "ru":  # Russian headwords in any word form
        from extract.ru_morph import find_entry
        entry = find_entry(rs.glossary, args.term)
    if entry is None:
        names = [g.term for g in rs.glossary]
        close = [m[0] for m in process.extract(args.term, names, scorer=fuzz.WRatio, limit=3)]
        raise UserError(f"no glossary entry {args.term!r} in {rs.release.lang} "
                        f"{rs.release.effective_date or rs.release.label}"
                        + (f"; closest: {', '.join(close)}" if close else
                           "; its glossary is empty" if not names else ""))
    if args.format == "json":
        print_json({"term": entry.term, "aliases": list(entry.aliases), "heading": entry.heading,
                    "text": entry.text, "obsolete": entry.obsolete, "original": entry.original,
                    "line": entry.line, "release": release_json(rs.release), "lang": rs.release.lang})
        return 0
    head = entry.heading or (", ".join((entry.term, *entry.aliases))
                             + (" (Obsolete)" if entry.obsolete else ""))
    when = rs.release.effective_date or rs.release.label
    console.print(f"[bold]{escape(head)}[/bold]  [dim]({rs.release.lang} {when}, line {entry.line})[/dim]")
    console.print(entry.text, markup=False)
    return 0
