"""``mtgcr pair --lang ja --release R``: a translation set against English, rule by rule.

The translated ruleset of release R (a complete translation, or the quotes of R gathered from
wiki pages) is paired with the English ruleset of the same release by rule number, and every
pair is checked by evidence that survives translation (:mod:`mtgcr.crossref.translation.langpair`: cited rule
numbers, numerals, symbols, card names and other Latin words, the number of examples). The
report lists each pair with its status and evidence, the EN rules a partial quote leaves out
("not quoted") or a complete translation lacks ("missing"), translated rules with no EN rule of
their number, and how well the whole text fits other EN releases (a stale translation or a
mislabeled quote fits another release better).
"""

from __future__ import annotations

from rich.markup import escape

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option, section_option
from mtgcr.errors import BadArgument
from mtgcr.cli.output import console, print_json, table


def register(sub) -> None:
    """Add the ``pair`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "pair",
        help=SUMMARIES["pair"],
        description="Pair the translated ruleset of one release (--lang ja|zh|ru; a complete "
        "translation or the quotes gathered from wiki pages) with the English "
        "ruleset of the same release by rule number, and verify every pair by "
        "language-independent evidence: cited rule numbers, numerals, symbols, card "
        "names and other Latin words, the number of examples. Statuses: verified "
        "(evidence agrees), unverified (none either way), differs (some disagrees; "
        "the pair stands), conflict (the text belongs to another number). Lists the "
        "EN rules a quote leaves out (not quoted) or a translation lacks (missing), "
        "translated rules with no EN rule of their number, and how the whole text "
        "fits other EN releases. Text output lists every pair of a partial "
        "translation (--all: of a complete one too); JSON always does. "
        "Example: mtgcr pair --lang ja --release 20231117 --section 712",
    )
    p.add_argument(
        "--lang",
        required=True,
        help="the translation's language (ja, zh, ru, or any language with a profile: --profiles)",
    )
    p.add_argument("--release", "-r", help="label (20231117) or effective date; default: newest")
    p.add_argument("--section", metavar="N", help="only the rules of this section (712)")
    p.add_argument(
        "--against",
        metavar="R",
        nargs="+",
        help="other EN releases to test the translation against (labels or dates; "
        "'all': every EN release in the store, nearest first); default: the EN "
        "releases just before and after",
    )
    p.add_argument("--all", action="store_true", help="list every pair in text output")
    add_format_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr pair --lang L``: a translation paired with English rule by rule (text or
    JSON; :meth:`mtgcr.api.Corpus.pair`); returns 0.

    Raises:
        BadArgument: a bad ``--section``.
        NotFound: ``--lang en``, or no complete EN release of the translation's release in
            the store.
        StoreError: no store, or ``--release`` / ``--against`` names no stored release.
    """
    if args.lang == "en":
        raise BadArgument("pair compares a translation with English; give --lang ja, zh or ru")
    section = section_option(args.section)
    res = ctx.corpus().pair(args.lang, args.release, section, args.against)
    p, tr, info = res.pairing, res.translation, res.info
    if args.format == "json":
        print_json(res.to_json())
        return 0
    _print_text(p, tr, info, section, args.all or not tr.complete)
    return 0


def _print_text(p, tr, info, section, every: bool) -> None:
    rel, en = p.translation, p.english
    kind = "complete" if tr.complete else "partial"
    c = p.counts()
    where = f" · section {section}" if section is not None else ""
    console.print(
        f"[bold]{rel.lang} {rel.label}{'.' + rel.revision if rel.revision else ''}[/bold] "
        f"({info.origin_name}, {kind}) ↔ [bold]en {en.label}[/bold] "
        f"({en.effective_date or '?'}){where}",
        markup=True,
    )
    console.print(
        f"paired by number: {len(p.paired)} of {p.total} ({100 * p.rate:.2f}%) — "
        f"{c['verified']} verified, {c['unverified']} unverified, {c['differs']} differs, "
        f"{c['conflict']} conflict",
        markup=False,
    )
    if every:
        rows = [
            [
                str(x.number),
                x.status,
                ", ".join(x.evidence),
                "; ".join(x.details)
                + (f"; fits EN {x.better_release}" if x.better_release else ""),
            ]
            for x in p.pairs
        ]
        console.print(
            table(
                None,
                ["rule", "status", "evidence (agrees)", "disagrees"],
                [[escape(v) for v in r] for r in rows],
            )
        )
    if not tr.complete:
        console.print(
            "not quoted (EN rules of the quoted sections the quote leaves out): "
            + (", ".join(map(str, p.not_quoted)) or "none"),
            markup=False,
        )
    for n, why in p.exceptions():
        console.print(f"exception {n}: {why}", markup=False)
    if not every:
        for n, why in p.differences():
            console.print(f"differs {n}: {why}", markup=False)
    for n, why in p.repairs():
        console.print(f"repaired {n}: {why}", markup=False)
    if p.fits:
        console.print(
            "fits (agreeing − disagreeing evidence over the rules present): "
            + ", ".join(f"{f.label} {f.score:+d}" for f in p.fits),
            markup=False,
        )
        better = p.better_release
        console.print(
            f"the text fits EN {better.label} better than EN {en.label}: a stale "
            f"translation or a mislabeled quote"
            if better
            else f"no other EN release tested fits better than EN {en.label}",
            markup=False,
        )
