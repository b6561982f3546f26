"""``mtgcr show RULE``: a rule's text and examples in one release."""
from __future__ import annotations

from rich.markup import escape

from pathlib import Path

from mtgcr.extract.provenance import Provenance
from mtgcr.extract.records import from_record, provenance_of
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.args import add_format_option, add_lang_option
from mtgcr.reports.cli import UserError
from mtgcr.reports.output import console, err_console, print_json, release_json


def register(sub) -> None:
    """Add the ``show`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser("show", help="show a rule, subrule or section",
                       description="Show a rule's text and examples. RULE is 712, 712.8 or "
                                   "712.8e (upper case is read as lower case: 712.8E), or a "
                                   "chapter number (7) to list its sections. "
                                   "Example: mtgcr show 712.8e --release 20231117")
    p.add_argument("rule", metavar="RULE")
    p.add_argument("--release", "-r", help="effective date (2023-11-17) or label (20231117); "
                                           "default: the newest")
    add_lang_option(p)
    p.add_argument("--subrules", action="store_true", help="also show everything below it")
    p.add_argument("--pair", action="store_true",
                   help="with --lang of a translation (zh, ru, ja): also show the English rule "
                        "of the same release and how the pair is verified")
    add_format_option(p)
    p.set_defaults(func=run)


def rule_json(rule, rs) -> dict:
    """JSON object of one rule: number, kind, text, examples, line, section title, release."""
    return {"number": str(rule.number), "kind": rule.kind, "text": rule.text,
            "examples": [e.text for e in rule.examples], "line": rule.line,
            "section": rule.number.section, "section_title": rs.section_title(rule.number),
            "release": release_json(rs.release), "lang": rs.release.lang}


def parse_user_number(text: str) -> RuleNumber | int:
    """A rule number as a user types it: ``712.8E`` is ``712.8e`` (documents are parsed
    strictly; only here is case ignored), ``7`` or ``7.`` is chapter 7 (an ``int``).

    Raises:
        UserError: not a rule, section or chapter number.
    """
    s = text.strip()
    if s.rstrip(".").isdigit() and len(s.rstrip(".")) == 1:
        return int(s.rstrip("."))
    num = RuleNumber.try_parse(s.lower())
    if num is None:
        raise UserError(f"{text!r} is not a rule number (like 712, 712.8 or 712.8e) or a "
                        f"chapter number (like 7)")
    return num


def run(args, ctx) -> int:
    """``mtgcr show RULE``: a rule's, section's or chapter's text in one release (text or
    JSON); returns 0.

    Raises:
        UserError: RULE is not a rule, section or chapter number or is not in the release;
            ``--pair`` with English.
        StoreError: no store, or no such release of that language.
    """
    num = parse_user_number(args.rule)
    with ctx.store(readonly=True) as store:
        note = None
        release = args.release
        pair = args.pair and not isinstance(num, int)
        if pair and release is None and args.lang != "en":
            from mtgcr.crossref.translation.langpair import paired_default
            info, note = paired_default(store, args.lang)
            release = info.label
        info = store.resolve(release, args.lang)
        rec = store.release_rows(info.id)
        rs = from_record(rec)
        prov = provenance_of(rec)
        en_rs = english_ruleset(store, rs) if pair else None
    if pair and en_rs is None and note is None:
        note = (f"{rs.release.lang} {rs.release.label} has no en release stored (ingest the en "
                f"release {rs.release.label} to pair it)")
    if note:
        err_console.print(f"note: {escape(note)}", soft_wrap=True)
    rel = rs.release
    where = f"{rel.lang} {rel.name}"
    if isinstance(num, int):
        return _show_chapter(num, rs, where, args)
    if num.kind == "section":
        sec = rs.sections.get(num)
        if sec is None:
            raise UserError(_absent("section", num, rs, where, prov))
        rules = rs.subtree(num) if args.subrules else rs.children(num)
        if args.format == "json":
            print_json({"number": str(num), "kind": "section", "text": sec.title, "title": sec.title,
                        "examples": [], "line": sec.line, "release": release_json(rel),
                        "lang": rel.lang, "rules": [rule_json(r, rs) for r in rules]})
        else:
            console.print(f"[bold]{num}. {escape(sec.title)}[/bold]  ({where}, line {sec.line})")
            for r in rules:
                _print_rule(r, rel.lang)
        return 0
    rule = rs.get(num)
    if rule is None:
        raise UserError(_absent("rule", num, rs, where, prov))
    below = [r for r in rs.subtree(num) if r.number != num] if args.subrules else []
    if args.format == "json":
        out = rule_json(rule, rs)
        places = prov.get(num)
        out["provenance"] = [p.as_json() for p in places] if places else None
        if args.subrules:
            out["subrules"] = [rule_json(r, rs) for r in below]
        if en_rs is not None:
            out["english"] = [pair_json(r, rs, en_rs) for r in [rule, *below]]
        print_json(out)
        return 0
    console.print(f"[dim]{where} · section {num.section} {escape(rs.section_title(num) or '')} · "
                  f"{escape(_where_line(rule, prov))}[/dim]")
    for r in [rule, *below]:
        _print_rule(r, rel.lang)
        if en_rs is not None:
            _print_pair(pair_json(r, rs, en_rs))
    return 0


def _where_line(rule, prov: Provenance) -> str:
    """``"line 62"``, or for a rule of merged wiki quotes the page(s) and line(s) it was
    quoted on: ``"000_682110f818952840.txt line 62"`` (file names only)."""
    places = prov.get(rule.number)
    if not places:
        return f"line {rule.line}"
    return "; ".join(f"{Path(p.document).name} line {p.line}" for p in places)


def _absent(kind: str, num: RuleNumber, rs, where: str, prov: Provenance) -> str:
    """Why ``num`` is not shown: absent from a complete release, or not quoted in a partial
    one — then which sections (first–last rule) and pages the stored quotes cover."""
    if rs.complete:
        return f"{kind} {num} does not exist in {where}"
    by_sec: dict[int, list[RuleNumber]] = {}
    for n in rs.rules:
        by_sec.setdefault(n.section, []).append(n)
    cover = []
    for sec in sorted(by_sec):
        ns = sorted(by_sec[sec], key=lambda n: n.sort_key)
        cover.append(f"§{sec} {ns[0]}–{ns[-1]}" if len(ns) > 1 else f"§{sec} {ns[0]}")
    pages = sorted({Path(p.document).name for places in prov.values() for p in places})
    return (f"{kind} {num} is not quoted in the stored pages of {where} (quotes cover "
            f"{', '.join(cover) or 'nothing'}"
            + (f"; pages: {', '.join(pages)}" if pages else "") + ")")


def _show_chapter(n: int, rs, where: str, args) -> int:
    """List the sections of chapter ``n`` (its heading if the release has one)."""
    chapter = next((c for c in rs.chapters if c.number == n), None)
    secs = [sec for num, sec in sorted(rs.sections.items()) if num.section // 100 == n]
    if chapter is None and not secs:
        have = ", ".join(str(c.number) for c in rs.chapters) or "none"
        raise UserError(f"chapter {n} does not exist in {where} (chapters: {have})")
    title = chapter.title if chapter else None
    if args.format == "json":
        print_json({"number": str(n), "kind": "chapter", "title": title,
                    "line": chapter.line if chapter else None, "release": release_json(rs.release),
                    "lang": rs.release.lang,
                    "sections": [{"number": str(sec.number), "title": sec.title, "line": sec.line,
                                  "rules": sum(1 for r in rs.rules if r.section == sec.number.section
                                               and r.letters is None)} for sec in secs]})
        return 0
    console.print(f"[bold]{n}. {escape(title or '(no chapter heading)')}[/bold]  ({where}"
                  + (f", line {chapter.line}" if chapter else "") + ")")
    for sec in secs:
        console.print(f"{sec.number}. {sec.title.splitlines()[0]}", markup=False)
    return 0


def english_ruleset(store, rs):
    """The English ruleset of the release ``rs`` translates (same label, else same effective
    date), or ``None`` when the store has no such release.

    Raises:
        UserError: ``rs`` is English (``--pair`` needs a translation).
    """
    from mtgcr.crossref.translation.langpair import english_release
    from mtgcr.extract.records import load_release
    if rs.release.lang == "en":
        raise UserError("--pair compares a translation with English; give --lang zh, ru or ja")
    info = english_release(store, rs.release)
    return load_release(store, info) if info is not None else None


def pair_json(rule, rs, en_rs) -> dict:
    """``{"number", "english": rule JSON or None, "status", "agree", "disagree", "details"}``:
    the EN rule of the same number and the evidence check of the pair."""
    from mtgcr.crossref.translation.langpair import pair_rule
    en_rule = en_rs.get(rule.number)
    pair = pair_rule(rs, en_rs, rule.number) if en_rule is not None else None
    return {"number": str(rule.number),
            "english": rule_json(en_rule, en_rs) if en_rule is not None else None,
            "status": pair.status if pair else "no EN rule of this number",
            "agree": pair.agree if pair else 0, "disagree": pair.disagree if pair else 0,
            "details": pair.details if pair else [],
            "better_number": str(pair.better_number) if pair and pair.better_number else None}


def _print_pair(p: dict) -> None:
    en = p["english"]
    if en is None:
        console.print(f"    [dim]EN: {p['status']}[/dim]")
        return
    console.print(f"    [dim]EN {en['release']['effective_date']}:[/dim] {escape(en['text'])}")
    for e in en["examples"]:
        console.print(f"        Example: {e}", markup=False)
    why = f" — {'; '.join(p['details'])}" if p["details"] else ""
    console.print(f"    [dim]pair {p['status']} ({p['agree']} agree, {p['disagree']} "
                  f"disagree){escape(why)}[/dim]")


def _print_rule(r, lang: str = "en") -> None:
    """Print a rule as the files write it (text escaped: "[cost]" is rule text, not markup),
    its examples labelled with the language's marker (:attr:`CRProfile.example_label`:
    JA ``例：``, ZH ``例如：``)."""
    from mtgcr.extract.profiles import PROFILES
    prof = PROFILES.get(lang)
    label = prof.example_label if prof else "Example:"
    console.print(f"[bold]{r.number.written}[/bold] {escape(r.text)}")
    for e in r.examples:
        sep = "" if label.endswith("：") else " "  # 例：… as the JA / ZH files write it
        console.print(f"    {label}{sep}{e.text}", markup=False)
