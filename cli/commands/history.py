"""``mtgcr history RULE``: a rule's or section's number and change kind in every release.

For a translation (``--lang ja``) the rule is followed through the English releases' lineage
(:func:`mtgcr.crossref.translation.xlang.translated_history`), and each English release that has a
translation in the store says whether the translation has the rule there (quoted or not)."""

from __future__ import annotations

from mtgcr.crossref.history import PIVOT

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.alignctx import (
    add_decisions_option,
    decision_errors,
    progress_callback,
    read_decisions,
)
from mtgcr.cli.args import add_format_option, add_lang_option, rule_argument
from mtgcr.cli.output import print_json, print_table, say, table


def register(sub) -> None:
    """Add the ``history`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "history",
        help=SUMMARIES["history"],
        description="The number, change kind and lineage id of a rule, subrule or section in "
        "every ingested release of its language, backwards and forwards from the "
        "release given. Ingest stores the alignment of each consecutive pair, and a "
        "query reads only what it follows (pairs the store lacks are aligned "
        "first: a few seconds per hundred releases). "
        "For a translation (--lang ja) the rule is followed through the English "
        "lineage, and each release with a translation says whether it has the "
        "rule (quoted or not). Example: mtgcr history 712.8e --release 2023-11-17",
    )
    p.add_argument("rule", metavar="RULE", help="712, 712.8 or 712.8e")
    p.add_argument("--release", "-r", help="the release RULE is numbered in (default: newest)")
    add_lang_option(p)
    add_format_option(p)
    p.add_argument(
        "--all",
        action="store_true",
        help="text format: one row per release (default: runs of unchanged releases are folded)",
    )
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr history RULE``: the rule's number and change kind in every release (text
    table or JSON); returns 0.

    Raises:
        BadArgument: RULE is not a rule number, a bad decisions file or a decision that does
            not fit.
        NotFound: RULE is not in the release (:meth:`mtgcr.api.Corpus.history`).
        StoreError: no store, or no such release of that language.
    """
    num = rule_argument(args.rule)
    decisions = read_decisions(args, ctx)
    with decision_errors():
        h = ctx.corpus(decisions).history(num, args.release, args.lang, progress_callback(ctx))
    entries, translations = h.entries, h.translations
    if h.note:
        say(f"note: {h.note}", markup=False, err=True)
    if args.format == "json":
        print_json(h.to_json())
        return 0
    rows = []
    i = 0
    while i < len(entries):
        e, d = entries[i], entries[i].to_json()
        j = i
        if not args.all and e.kind in ("unchanged", "absent", "unknown") and i not in translations:
            while (
                j + 1 < len(entries)
                and entries[j + 1].kind == e.kind
                and entries[j + 1].numbers == e.numbers
                and j + 1 not in translations
            ):
                j += 1
        when = d["release"] if j == i else f"{d['release']} … {entries[j].to_json()['release']}"
        num_s = " + ".join(d["numbers"]) or (
            "(" + " or ".join(d["candidates"]) + "?)" if d["candidates"] else "—"
        )
        sim = (
            f"{d['similarity']:.0%}"
            if d["similarity"] is not None and e.kind in ("modified", "moved", "split", "merged")
            else ""
        )
        row = [when, num_s, e.kind, sim, d["title"] or "", d["lineage"] or ""]
        if args.lang != PIVOT:
            row.append(_translation_cell(translations.get(i)))
        rows.append(row)
        i = j + 1
    cols = ["release", "number", "kind", "similarity", "title", "lineage"]
    if args.lang != PIVOT:
        cols.append(args.lang)
    if num.kind != "section":
        cols.remove("title")
        rows = [r[:4] + r[5:] for r in rows]
    print_table(table(h.title(), cols, rows))
    return 0


def _translation_cell(t: dict | None) -> str:
    """``"quoted (20231117.0; verified)"``, ``"not quoted (20221118.0)"`` or ``""``."""
    if t is None:
        return ""
    rev = t["label"] + (f".{t['revision']}" if t["revision"] is not None else "")
    extra = [rev] + sorted(set(t["pairing"].values())) + sorted(set(t.get("owners", {}).values()))
    if t["absent"] and t["present"]:
        extra.append("lacks " + ", ".join(t["absent"]))
    return f"{t['status']} ({'; '.join(extra)})"
