"""``mtgcr remap RULE --from R1 --to R2``: a rule's number(s) in another release."""
from __future__ import annotations

from mtgcr.corpus.store import StoreError
from mtgcr.crossref.translation.xlang import PIVOT, original_release, translated_history

from mtgcr.reports.alignctx import (add_decisions_option, chain_with_progress, decision_errors, open_store,
                        progress_callback, read_decisions)
from mtgcr.reports.args import add_format_option, add_lang_option, rule_argument
from mtgcr.reports.output import print_json


def register(sub) -> None:
    """Add the ``remap`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "remap", help="a rule's number(s) in another release",
        description="Follow a rule, subrule or section of release R1 through the chain of "
                    "alignments to release R2 (earlier or later) and print its number(s) "
                    "there, or why it has none (removed, ambiguous, added later). Exit status "
                    "1 when there is none. For a translation (--lang ja) the English lineage "
                    "is followed and the answer says whether the translation of R2 has the "
                    "rule. Example: mtgcr remap 712.4d --from 2022-11-18 --to 2023-11-17")
    p.add_argument("rule", metavar="RULE")
    p.add_argument("--from", dest="src", required=True, metavar="R1", help="release RULE is numbered in")
    p.add_argument("--to", dest="dst", required=True, metavar="R2", help="target release")
    add_lang_option(p)
    add_format_option(p)
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr remap RULE --from R1 --to R2``: the rule's number(s) in R2, or why it has none.

    Returns:
        0 when the rule has a number in R2, 1 when it has none.

    Raises:
        UserError: RULE is not a rule number, a bad decisions file or a decision that does
            not fit.
        StoreError: no store, R1 or R2 is not a stored release of that language, or (for a
            translation) no complete EN release of R2's label is stored.
    """
    num = rule_argument(args.rule)
    decisions = read_decisions(args, ctx)
    note = ""
    with open_store(ctx) as store:
        if args.lang != PIVOT:
            with decision_errors():
                th = translated_history(store, num, args.src, args.lang, decisions,
                                        progress_callback(ctx))
            dst_info = store.resolve(args.dst, args.lang)
            en_dst = original_release(store, dst_info)
            if en_dst is None:
                raise StoreError(f"{args.lang} {dst_info.label}: no complete {PIVOT} release of "
                                 f"label {dst_info.label} is in the store (ingest it)")
            chain, i = th.chain, th.k
            j = chain.index(en_dst.name)
            res = chain.lineage().remap(num, i, j)
            t = th.translations.get(j)
            if t is not None and res.numbers:
                note = f"; {args.lang} {t['label']}: {t['status']}"
        else:
            chain = chain_with_progress(store, args.lang, decisions, ctx)
            i, j = chain.index(args.src), chain.index(args.dst)
            with decision_errors():
                res = chain.lineage().remap(num, i, j)
    src, dst = chain.releases[i], chain.releases[j]
    if args.format == "json":
        print_json({"rule": str(num), "from": src.name, "to": dst.name,
                    "numbers": [str(n) for n in res.numbers], "reason": res.reason or None,
                    "path": [e.to_json() for e in res.path],
                    "translation": note[2:] or None})
    elif res.numbers:
        print(f"{num} ({src.name}) → {' + '.join(str(n) for n in res.numbers)} ({dst.name}){note}")
    else:
        print(f"{num} ({src.name}) → none in {dst.name}: {res.reason}")
    return 0 if res.numbers else 1
