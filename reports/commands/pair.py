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

from mtgcr.crossref.chain import complete_releases
from mtgcr.crossref.translation.langpair import english_counterpart, pair_rulesets
from mtgcr.extract.records import load_release

from mtgcr.reports.args import add_format_option, section_option
from mtgcr.reports.cli import UserError
from mtgcr.reports.output import console, print_json, release_json, table


def register(sub) -> None:
    """Add the ``pair`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "pair", help="pair a translation with English rule by rule, with the evidence",
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
                    "Example: mtgcr pair --lang ja --release 20231117 --section 712")
    p.add_argument("--lang", required=True, help="the translation's language (ja, zh, ru, or "
                                                 "any language with a profile: --profiles)")
    p.add_argument("--release", "-r", help="label (20231117) or effective date; default: newest")
    p.add_argument("--section", metavar="N", help="only the rules of this section (712)")
    p.add_argument("--against", metavar="R", nargs="+",
                   help="other EN releases to test the translation against (labels or dates; "
                        "'all': every EN release in the store, nearest first); default: the EN "
                        "releases just before and after")
    p.add_argument("--all", action="store_true", help="list every pair in text output")
    add_format_option(p)
    p.set_defaults(func=run)


def _section_only(rs, section: int):
    """A copy of ``rs`` holding only the rules and section of ``section``."""
    from dataclasses import replace
    rules = {n: r for n, r in rs.rules.items() if n.section == section}
    sections = {n: s for n, s in rs.sections.items() if n.section == section}
    return replace(rs, rules=rules, sections=sections)


def run(args, ctx) -> int:
    """``mtgcr pair --lang L``: a translation paired with English rule by rule (text or
    JSON); returns 0.

    Raises:
        UserError: ``--lang en``, a bad ``--section``, or no complete EN release of the
            translation's release in the store.
        StoreError: no store, or ``--release`` / ``--against`` names no stored release.
    """
    if args.lang == "en":
        raise UserError("pair compares a translation with English; give --lang ja, zh or ru")
    section = section_option(args.section)
    with ctx.store(readonly=True) as store:
        info = store.resolve(args.release, args.lang)
        tr = load_release(store, info)
        infos = complete_releases(store, "en")
        en_info = english_counterpart(tr.release, infos)
        if en_info is None:
            raise UserError(f"no complete EN release {tr.release.label} in {ctx.store_path} to "
                            f"pair {args.lang} {tr.release.label} with (ingest the EN file)")
        k = infos.index(en_info)
        if args.against is None:
            others = [infos[i] for i in (k - 1, k + 1) if 0 <= i < len(infos)]
        elif args.against == ["all"]:  # nearest first: the first that fits is reported
            others = sorted((r for r in infos if r is not en_info),
                            key=lambda r: abs(infos.index(r) - k))
        else:
            others = []
            for spec in args.against:
                r = store.resolve(spec, "en")
                if r.label != en_info.label and r.label not in {o.label for o in others}:
                    others.append(next((i for i in infos if i.label == r.label), r))
        en = load_release(store, en_info)
        alts = [load_release(store, r) for r in others]
    if section is not None:
        tr, en = _section_only(tr, section), _section_only(en, section)
        alts = [_section_only(a, section) for a in alts]
    p = pair_rulesets(tr, en, alts)
    if args.format == "json":
        out = p.as_json()
        out["translation"] = release_json(tr.release) | {"origin": info.origin}
        out["section"] = section
        out["pairs"] = [x.as_json() for x in p.pairs]
        out["only_translation"] = [str(n) for n in p.only_translation]
        out["missing"] = [str(n) for n in p.only_english] if tr.complete else []
        out["better_release"] = p.better_release.label if p.better_release else None
        print_json(out)
        return 0
    _print_text(p, tr, info, section, args.all or not tr.complete)
    return 0


def _print_text(p, tr, info, section, every: bool) -> None:
    rel, en = p.translation, p.english
    kind = "complete" if tr.complete else "partial"
    c = p.counts()
    where = f" · section {section}" if section is not None else ""
    console.print(f"[bold]{rel.lang} {rel.label}{'.' + rel.revision if rel.revision else ''}[/bold] "
                  f"({info.origin}, {kind}) ↔ [bold]en {en.label}[/bold] "
                  f"({en.effective_date or '?'}){where}", markup=True)
    console.print(f"paired by number: {len(p.paired)} of {p.total} ({100 * p.rate:.2f}%) — "
                  f"{c['verified']} verified, {c['unverified']} unverified, {c['differs']} differs, "
                  f"{c['conflict']} conflict", markup=False)
    if every:
        rows = [[str(x.number), x.status, ", ".join(x.evidence),
                 "; ".join(x.details) + (f"; fits EN {x.better_release}" if x.better_release else "")]
                for x in p.pairs]
        console.print(table(None, ["rule", "status", "evidence (agrees)", "disagrees"],
                            [[escape(v) for v in r] for r in rows]))
    if not tr.complete:
        console.print("not quoted (EN rules of the quoted sections the quote leaves out): "
                      + (", ".join(map(str, p.not_quoted)) or "none"), markup=False)
    for n, why in p.exceptions():
        console.print(f"exception {n}: {why}", markup=False)
    if not every:
        for n, why in p.differences():
            console.print(f"differs {n}: {why}", markup=False)
    for n, why in p.repairs():
        console.print(f"repaired {n}: {why}", markup=False)
    if p.fits:
        console.print("fits (agreeing − disagreeing evidence over the rules present): "
                      + ", ".join(f"{f.label} {f.score:+d}" for f in p.fits), markup=False)
        better = p.better_release
        console.print(f"the text fits EN {better.label} better than EN {en.label}: a stale "
                      f"translation or a mislabeled quote" if better else
                      f"no other EN release tested fits better than EN {en.label}", markup=False)
