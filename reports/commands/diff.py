"""``mtgcr diff OLD NEW``: what changed between two releases of one language."""
from __future__ import annotations

import sys
from pathlib import Path

from crossref.chain import aligned_pair
from crossref.decisions import DecisionError
from extract.rulenum import RuleNumber

from ..alignctx import add_decisions_option, open_store, read_decisions
from ..cli import UserError
from ..diffview import diff_view
from ..render import RENDERERS


def register(sub) -> None:
    p = sub.add_parser(
        "diff", help="report the changes between two releases",
        description="Align two releases (any two, either order) and report: summary counts, "
                    "renumberings, modified rules with a word diff, splits and merges, "
                    "moved, added and removed rules, section moves and retitles, glossary "
                    "changes. Example: mtgcr diff 2022-11-18 2023-11-17 --section 712 --format html "
                    "--out 712.html")
    p.add_argument("old", metavar="OLD", help="old release: effective date or label")
    p.add_argument("new", metavar="NEW", help="new release: effective date or label")
    p.add_argument("--lang", default="en", help="language (default en)")
    p.add_argument("--section", metavar="N", help="only changes touching this section (712)")
    p.add_argument("--format", choices=list(RENDERERS), default="md")
    p.add_argument("--all", action="store_true", help="also list unchanged rules")
    p.add_argument("--out", metavar="FILE", help="write to FILE instead of stdout")
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    section = None
    if args.section is not None:
        num = RuleNumber.try_parse(args.section)
        if num is None or num.kind != "section":
            raise UserError(f"--section wants a section number like 712, not {args.section!r}")
        section = num.section
    decisions = read_decisions(args, ctx)
    with open_store(ctx) as store:
        try:
            old, new, al = aligned_pair(store, args.old, args.new, args.lang, decisions)
        except DecisionError as exc:
            raise UserError(str(exc)) from None
    view = diff_view(al, old, new, section=section, include_unchanged=args.all)
    text = RENDERERS[args.format](view)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
        if not ctx.silent:
            print(f"wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
