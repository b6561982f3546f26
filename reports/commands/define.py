"""``mtgcr define TERM``: a glossary entry."""
from __future__ import annotations

from rapidfuzz import fuzz, process
from rich.markup import escape

from mtgcr.extract.profiles import profile_for
from mtgcr.extract.records import load_ruleset

from mtgcr.reports.args import add_format_option, add_lang_option
from mtgcr.reports.cli import UserError
from mtgcr.reports.output import console, err_console, print_json, release_json


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

    In a translation with no ``--release``, the newest release is searched first; when the
    term is not found there and that release has no EN release stored (so an English
    headword cannot be looked up through it), the newest release that has one is searched,
    as ``show --pair`` does, with a note naming the EN release to ingest. A release cut off
    in its glossary (``truncated``) is said to be so, with the last headword it has.

    Raises:
        UserError: an empty TERM, or no entry of that name (the closest headwords named; a
            cut-off glossary said so).
        StoreError: no store, or no such release of that language.
    """
    if not args.term.strip():
        raise UserError("define: an empty TERM; give a glossary headword (like Kicker)")
    note = None
    with ctx.store(readonly=True) as store:
        rs = load_ruleset(store, args.release, args.lang)
        english = _english_glossary(store, rs) if rs.release.lang != "en" else None
        entry, found = _lookup(rs, args.term, english)
        if entry is None and english is None and args.release is None and rs.release.lang != "en":
            from mtgcr.crossref.translation.langpair import paired_default
            info, note = paired_default(store, rs.release.lang)
            if info.label != rs.release.label:
                rs = load_ruleset(store, info.label, args.lang)
                english = _english_glossary(store, rs)
                entry, found = _lookup(rs, args.term, english)
            else:
                note = None
    cut = _cut_off_note(rs)
    if note and not ctx.silent:
        err_console.print(f"note: {escape(note)}", soft_wrap=True)
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
                           "; its glossary is empty" if not names else "")
                        + (f"; {cut}" if cut else ""))
    if cut and not ctx.silent and args.format != "json":
        err_console.print(f"note: {escape(cut)}", soft_wrap=True)
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
                    "via": found.via.term if found and found.via else None,
                    "glossary_truncated": rs.truncated, "note": note})
        return 0
    head = entry.heading or (", ".join((entry.term, *entry.aliases))
                             + (" (Obsolete)" if entry.obsolete else ""))
    when = rs.release.name
    console.print(f"[bold]{escape(head)}[/bold]  [dim]({rs.release.lang} {when}, line {entry.line})[/dim]")
    if via:
        console.print(f"[dim]{escape(via)}[/dim]")
    console.print(entry.text, markup=False)
    return 0


def _lookup(rs, term: str, english):
    """``(entry or None, glossary_lookup match or None)`` of ``term`` in ``rs``'s glossary:
    headwords and aliases; any word form where the profile says so (``[glossary] lemmas``,
    Russian); in a translation also readings,
    English originals and English headwords through ``english`` (the EN glossary)."""
    entry = rs.define(term)
    found = None
    prof = profile_for(rs.release.lang)
    if entry is None and prof is not None and prof.glossary_lemmas == "pymorphy3-ru":
        from mtgcr.extract.ru_morph import find_entry  # Russian headwords in any word form
        entry = find_entry(rs.glossary, term)
    if entry is None and rs.release.lang != "en":
        from mtgcr.extract.glossary_lookup import find_entry as find_translated
        found = find_translated(rs.glossary, term, english)
        entry = found.entry if found else None
    return entry, found


def _cut_off_note(rs) -> str | None:
    """``"the glossary of en 2013-02-01 is cut off after 'Attack Multiple Players' (the file
    ends there): later entries are missing"`` for a truncated release, else ``None``."""
    if not rs.truncated:
        return None
    last = rs.glossary[-1].term if rs.glossary else None
    where = f"after {last!r}" if last else "at its heading"
    return (f"the glossary of {rs.release.lang} {rs.release.effective_date or rs.release.label} "
            f"is cut off {where} (the file ends there): later entries are missing")


def _english_glossary(store, rs):
    """The glossary of the complete EN release ``rs`` translates (same label, else same
    effective date), or ``None`` when it is not stored."""
    from mtgcr.crossref.translation.langpair import english_release
    from mtgcr.extract.records import load_release
    info = english_release(store, rs.release)
    return load_release(store, info).glossary if info is not None else None
