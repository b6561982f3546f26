"""``mtgcr search TEXT``: ranked full-text search over the rules of stored releases."""

from __future__ import annotations

from rich.markup import escape

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_lang_option
from mtgcr.errors import BadArgument
from mtgcr.cli.output import console, err_console, print_json
from mtgcr.extract.lookup import NotFound


def register(sub) -> None:
    """Add the ``search`` command to ``sub``."""
    p = sub.add_parser(
        "search",
        help=SUMMARIES["search"],
        description="Find the rules whose text (examples included) contains every word of "
        "TEXT, best first (SQLite FTS5; Japanese and Chinese are matched on "
        "character bigrams, so a word is found inside a sentence). The index is "
        "built in the store on first use of each release. "
        'Example: mtgcr search "mana value" --release 2023-11-17',
    )
    p.add_argument("text", metavar="TEXT", help="the words to find")
    p.add_argument("--release", metavar="R", help="release to search (default: the newest)")
    add_lang_option(p)
    p.add_argument(
        "--all-releases",
        action="store_true",
        help="search every stored complete release of the language and show in "
        "which releases each matching rule first and last has the wording",
    )
    p.add_argument("--limit", type=int, default=20, metavar="N", help="most hits (default 20)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)


def _marked(text: str, spans) -> str:
    out, pos = [], 0
    for s, e in spans:
        out += [escape(text[pos:s]), f"[bold reverse]{escape(text[s:e])}[/]"]
        pos = e
    return "".join(out) + escape(text[pos:])


def run(args, ctx) -> int:
    """``mtgcr search TEXT`` (:meth:`mtgcr.api.Corpus.search` / ``wording``): returns 0
    when something matched, 1 when nothing did.

    Raises:
        BadArgument: an empty query.
        BadArgument: a bad ``--limit``.
        NotFound: ``--all-releases`` and no complete release of the language.
        StoreError: no store, or no such release.
    """
    corpus = ctx.corpus()
    note = (
        None
        if ctx.silent
        else (lambda r: err_console.print(f"indexing {r.lang} {r.name} …", markup=False))
    )
    try:
        if args.all_releases:
            spans = corpus.wording(args.text, args.lang, args.limit, on_index=note)
        else:
            hits = corpus.search(args.text, args.release, args.lang, args.limit, on_index=note)
    except (BadArgument, NotFound):
        raise
    except ValueError as exc:
        raise BadArgument(f"search: {exc}") from None
    if args.all_releases:
        if args.format == "json":
            print_json(
                {"query": args.text, "lang": args.lang, "rules": [s.to_json() for s in spans]}
            )
        else:
            for s in spans:
                console.print(
                    f"{', '.join(s.numbers)}: first {s.first.name}, "
                    f"last {s.last.name} ({s.releases} releases)",
                    markup=False,
                )
        return 0 if spans else 1
    hits = hits[: args.limit]
    if args.format == "json":
        print_json({"query": args.text, "hits": [h.to_json() for h in hits]})
    else:
        for h in hits:
            rel = h.release.name
            console.print(
                f"[bold]{h.number}[/] ({h.release.lang} {rel})  {_marked(h.text, h.spans)}"
            )
        if not hits:
            rel = corpus.resolve(args.release, args.lang)
            console.print(
                f"no rule of {rel.name} contains every word of {args.text!r}", markup=False
            )
    return 0 if hits else 1
