"""``mtgcr define TERM``: a glossary entry."""

from __future__ import annotations

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option, add_lang_option
from mtgcr.cli.output import escape, print_json, release_json, say


def register(sub) -> None:
    """Add the ``define`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "define",
        help=SUMMARIES["define"],
        description="Look a term up in the glossary of a release (headwords and "
        "aliases, case-insensitive). Example: mtgcr define Kicked",
    )
    p.add_argument("term", metavar="TERM")
    p.add_argument("--release", "-r", help="effective date or label (default: the newest)")
    add_lang_option(p, help=None)
    add_format_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr define TERM``: print a glossary entry (text or JSON;
    :meth:`mtgcr.api.Corpus.define`); returns 0.

    In a translation with no ``--release``, the newest release is searched first; when the
    term is not found there and that release has no EN release stored (so an English
    headword cannot be looked up through it), the newest release that has one is searched,
    as ``show --pair`` does, with a note naming the EN release to ingest. A release cut off
    in its glossary (``truncated``) is said to be so, with the last headword it has.

    Raises:
        NotFound: an empty TERM, or no entry of that name (the closest headwords named; a
            cut-off glossary said so).
        StoreError: no store, or no such release of that language.
    """
    found = ctx.corpus().define(args.term, args.release, args.lang, glossary_only=True)
    entry, rs = found.entry, found.ruleset
    rel = rs.release
    if found.fallback and not ctx.silent:
        say(f"note: {escape(found.fallback)}", err=True)
    if found.cut_off and not ctx.silent and args.format != "json":
        say(f"note: {escape(found.cut_off)}", err=True)
    if args.format == "json":
        print_json(
            {
                "term": entry.term,
                "aliases": list(entry.aliases),
                "heading": entry.heading,
                "text": entry.text,
                "obsolete": entry.obsolete,
                "original": entry.original,
                "line": entry.line,
                "release": release_json(rel),
                "lang": rel.lang,
                "found_by": found.found_by,
                "via": found.via.term if found.via else None,
                "glossary_truncated": rs.truncated,
                "note": found.fallback,
            }
        )
        return 0
    head = entry.heading or (
        ", ".join((entry.term, *entry.aliases)) + (" (Obsolete)" if entry.obsolete else "")
    )
    when = rel.name
    say(f"[bold]{escape(head)}[/bold]  [dim]({rel.lang} {when}, line {entry.line})[/dim]")
    if found.note():
        say(f"[dim]{escape(found.note())}[/dim]")
    say(entry.text, markup=False)
    return 0
