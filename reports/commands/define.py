"""``mtgcr define TERM``: a glossary entry."""
from __future__ import annotations

from rapidfuzz import fuzz, process
from rich.markup import escape

from mtgcr.extract.records import load_ruleset

from mtgcr.reports.args import add_format_option, add_lang_option
from mtgcr.reports.cli import UserError
from mtgcr.reports.output import console, print_json, release_json


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
    english = None
    with ctx.store(readonly=True) as store:
        rs = load_ruleset(store, args.release, args.lang)
        if rs.release.lang != "en":
            english = _english_glossary(store, rs)
    entry = rs.define(args.term)
    found = None
    if entry is None and rs.release.lang == "ru":  # Russian headwords in any word form
        from mtgcr.extract.ru_morph import find_entry
        entry = find_entry(rs.glossary, args.term)
    if entry is None and rs.release.lang != "en":
        from mtgcr.extract.glossary_lookup import find_entry as find_translated
        found = find_translated(rs.glossary, args.term, english)
        entry = found.entry if found else None
    if entry is None:
        if rs.release.lang == "en":
            names = [g.term for g in rs.glossary]
            close = [m[0] for m in process.extract(args.term, names, scorer=fuzz.WRatio, limit=3)]
        else:
            from mtgcr.extract.glossary_lookup import suggestions
            names = [g.term for g in rs.glossary]
            close = suggestions(rs.glossary, args.term, english)
        raise UserError(f"no glossary entry {args.term!r} in {rs.release.lang} "
                        f"{rs.release.name}"
                        + (f"; closest: {', '.join(close)}" if close else
                           "; its glossary is empty" if not names else ""))
    via = None
    if found is not None and found.via is not None:
        via = f"found through the en entry {', '.join((found.via.term, *found.via.aliases))}"
    elif found is not None and found.how == "reading":
        via = "found by its reading"
    if args.format == "json":
        print_json({"term": entry.term, "aliases": list(entry.aliases), "heading": entry.heading,
                    "text": entry.text, "obsolete": entry.obsolete, "original": entry.original,
                    "line": entry.line, "release": release_json(rs.release), "lang": rs.release.lang,
                    "found_by": found.how if found else "headword",
                    "via": found.via.term if found and found.via else None})
        return 0
    head = entry.heading or (", ".join((entry.term, *entry.aliases))
                             + (" (Obsolete)" if entry.obsolete else ""))
    when = rs.release.name
    console.print(f"[bold]{escape(head)}[/bold]  [dim]({rs.release.lang} {when}, line {entry.line})[/dim]")
    if via:
        console.print(f"[dim]{escape(via)}[/dim]")
    console.print(entry.text, markup=False)
    return 0


def _english_glossary(store, rs):
    """The glossary of the complete EN release ``rs`` translates (same label, else same
    effective date), or ``None`` when it is not stored."""
    from mtgcr.crossref.translation.langpair import english_release
    from mtgcr.extract.records import load_release
    info = english_release(store, rs.release)
    return load_release(store, info).glossary if info is not None else None
