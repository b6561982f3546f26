"""``mtgcr releases``: list stored releases with their counts."""
from __future__ import annotations

from mtgcr.reports.args import add_format_option
from mtgcr.reports.output import console, print_json, table


def register(sub) -> None:
    """Add the ``releases`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser("releases", help="list the releases in the store",
                       description="List stored releases (every language) with counts of "
                                   "sections, rules, subrules, examples and glossary entries. "
                                   "Example: mtgcr releases --format json")
    p.add_argument("--lang", help="only this language (en, ja, zh, ru); an error if it has none")
    add_format_option(p, ("table", "json"), default="table")
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr releases``: the stored releases with their counts (table or JSON); returns 0.

    Raises:
        NotFound: ``--lang`` names a language with no stored release
            (:meth:`mtgcr.reports.api.Corpus.release_infos`).
        StoreError: no store.
    """
    rels = ctx.corpus().release_infos(args.lang)
    if args.format == "json":
        print_json([r.as_json() for r in rels])
        return 0
    rows = [[r.lang, r.effective_date, r.label + (f".{r.revision}" if r.revision else ""), r.origin,
             "yes" if r.complete else "partial", r.counts["sections"], r.counts["rules"],
             r.counts["subrules"], r.counts["examples"], r.counts["glossary"]] for r in rels]
    console.print(table(f"{len(rels)} releases in {ctx.store_path}",
                        ["lang", "effective", "label", "origin", "complete", "sections", "rules",
                         "subrules", "examples", "glossary"], rows))
    return 0
