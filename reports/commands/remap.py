"""``mtgcr remap RULE --from R1 --to R2``: a rule's number(s) in another release."""
from __future__ import annotations

from crossref.decisions import DecisionError
from extract.rulenum import RuleNumber

from ..alignctx import add_decisions_option, open_store, read_decisions
from ..cli import UserError
from ..output import print_json
from .history import chain_with_progress


def register(sub) -> None:
    p = sub.add_parser(
        "remap", help="a rule's number(s) in another release",
        description="Follow a rule, subrule or section of release R1 through the chain of "
                    "alignments to release R2 (earlier or later) and print its number(s) "
                    "there, or why it has none (removed, ambiguous, added later). Exit status "
                    "1 when there is none. Example: mtgcr remap 712.4d --from 2022-11-18 "
                    "--to 2023-11-17")
    p.add_argument("rule", metavar="RULE")
    p.add_argument("--from", dest="src", required=True, metavar="R1", help="release RULE is numbered in")
    p.add_argument("--to", dest="dst", required=True, metavar="R2", help="target release")
    p.add_argument("--lang", default="en", help="language (default en)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    num = RuleNumber.try_parse(args.rule)
    if num is None:
        raise UserError(f"{args.rule!r} is not a rule number (like 712, 712.8 or 712.8e)")
    decisions = read_decisions(args, ctx)
    with open_store(ctx) as store:
        chain = chain_with_progress(store, args.lang, decisions, ctx)
        i, j = chain.index(args.src), chain.index(args.dst)
        try:
            res = chain.lineage().remap(num, i, j)
        except DecisionError as exc:
            raise UserError(str(exc)) from None
    src, dst = chain.releases[i], chain.releases[j]
    name = lambda r: r.effective_date.isoformat() if r.effective_date else r.label  # noqa: E731
    if args.format == "json":
        print_json({"rule": str(num), "from": name(src), "to": name(dst),
                    "numbers": [str(n) for n in res.numbers], "reason": res.reason or None,
                    "path": [e.to_json() for e in res.path]})
    elif res.numbers:
        print(f"{num} ({name(src)}) → {' + '.join(str(n) for n in res.numbers)} ({name(dst)})")
    else:
        print(f"{num} ({name(src)}) → none in {name(dst)}: {res.reason}")
    return 0 if res.numbers else 1
