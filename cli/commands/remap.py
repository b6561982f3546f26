"""``mtgcr remap RULE --from R1 --to R2``: a rule's number(s) in another release."""

from __future__ import annotations

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.alignctx import (
    add_decisions_option,
    decision_errors,
    progress_callback,
    read_decisions,
)
from mtgcr.cli.args import add_format_option, add_lang_option, rule_argument
from mtgcr.cli.output import print_json


def register(sub) -> None:
    """Add the ``remap`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "remap",
        help=SUMMARIES["remap"],
        description="Follow a rule, subrule or section of release R1 through the chain of "
        "alignments to release R2 (earlier or later) and print its number(s) "
        "there, or why it has none (removed, ambiguous, added later). Exit status "
        "1 when there is none. For a translation (--lang ja) the English lineage "
        "is followed and the answer says whether the translation of R2 has the "
        "rule. Example: mtgcr remap 712.4d --from 2022-11-18 --to 2023-11-17",
    )
    p.add_argument("rule", metavar="RULE")
    p.add_argument(
        "--from", dest="src", required=True, metavar="R1", help="release RULE is numbered in"
    )
    p.add_argument("--to", dest="dst", required=True, metavar="R2", help="target release")
    add_lang_option(p)
    add_format_option(p)
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr remap RULE --from R1 --to R2``: the rule's number(s) in R2, or why it has none
    (:meth:`mtgcr.api.Corpus.remap`).

    Returns:
        0 when the rule has a number in R2, 1 when it has none.

    Raises:
        BadArgument: RULE is not a rule number, a bad decisions file or a decision that does
            not fit.
        StoreError: no store, R1 or R2 is not a stored release of that language, or (for a
            translation) no complete EN release of R2's label is stored.
    """
    num = rule_argument(args.rule)
    decisions = read_decisions(args, ctx)
    with decision_errors():
        m = ctx.corpus(decisions).remap(num, args.src, args.dst, args.lang, progress_callback(ctx))
    if args.format == "json":
        print_json(m.to_json())
    else:
        print(m.sentence())
    return 0 if m.numbers else 1
