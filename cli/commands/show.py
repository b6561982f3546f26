"""``mtgcr show RULE``: a rule's text and examples in one release."""

from __future__ import annotations

from mtgcr.extract.lookup import LocatedKind, user_number
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option, add_lang_option
from mtgcr.cli.output import escape, print_json, release_json, say


def register(sub) -> None:
    """Add the ``show`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "show",
        help=SUMMARIES["show"],
        description="Show a rule's text and examples. RULE is 712, 712.8 or "
        "712.8e (upper case is read as lower case: 712.8E), or a "
        "chapter number (7) to list its sections. "
        "Example: mtgcr show 712.8e --release 20231117",
    )
    p.add_argument("rule", metavar="RULE")
    p.add_argument(
        "--release",
        "-r",
        help="effective date (2023-11-17) or label (20231117); default: the newest",
    )
    add_lang_option(p)
    p.add_argument("--subrules", action="store_true", help="also show everything below it")
    p.add_argument(
        "--pair",
        action="store_true",
        help="with --lang of a translation (zh, ru, ja): also show the English rule "
        "of the same release and how the pair is verified",
    )
    add_format_option(p)
    p.set_defaults(func=run)


def rule_json(rule, rs) -> dict:
    """JSON object of one rule: number, kind, text, examples, the lists in its text as items
    (``[{"start", "end", "items": [{"text", "start", "end"}]}]``, :meth:`Rule.items`), line,
    section title, release."""
    return {
        "number": str(rule.number),
        "kind": rule.kind,
        "text": rule.text,
        "examples": [e.text for e in rule.examples],
        "items": [lst.as_json() for lst in rule.items(rs.release.lang)],
        "line": rule.line,
        "section": rule.number.section,
        "section_title": rs.section_title(rule.number),
        "release": release_json(rs.release),
        "lang": rs.release.lang,
    }


def run(args, ctx) -> int:
    """``mtgcr show RULE``: a rule's, section's or chapter's text in one release (text or
    JSON; :meth:`mtgcr.api.Corpus.release` and :meth:`ReleaseView.locate`); returns 0.

    Raises:
        NotFound: RULE is not a rule, section or chapter number or is not in the release;
            ``--pair`` with English.
        StoreError: no store, or no such release of that language.
    """
    num = user_number(args.rule)
    view = ctx.corpus().release(
        args.release,
        args.lang,
        pair=args.pair and not isinstance(num, int),
        section=None if isinstance(num, int) else num.section,
    )
    if view.note:
        say(f"note: {escape(view.note)}", err=True)
    found = view.locate(num, args.subrules)
    rs = view.ruleset
    rel = rs.release
    where = f"{rel.lang} {rel.name}"
    if found.kind is LocatedKind.CHAPTER:
        return _show_chapter(found, where, args)
    assert isinstance(num, RuleNumber)  # a chapter number (int) was shown above
    if found.kind is LocatedKind.SECTION:
        sec = found.section
        if args.format == "json":
            print_json(
                {
                    "number": str(num),
                    "kind": "section",
                    "text": sec.title,
                    "title": sec.title,
                    "examples": [],
                    "line": sec.line,
                    "release": release_json(rel),
                    "lang": rel.lang,
                    "rules": [rule_json(r, rs) for r in found.rules],
                }
            )
        else:
            say(f"[bold]{num}. {escape(sec.title)}[/bold]  ({where}, line {sec.line})")
            for r in found.rules:
                _print_rule(r, rel.lang)
        return 0
    pairs = [pair_json(r, en, p, rs, view.english) for r, en, p in view.pairs(found)]
    if args.format == "json":
        out = rule_json(found.rule, rs)
        places = found.provenance.get(num)
        out["provenance"] = [p.as_json() for p in places] if places else None
        if args.subrules:
            out["subrules"] = [rule_json(r, rs) for r in found.below]
        if view.english is not None:
            out["english"] = pairs
        print_json(out)
        return 0
    say(
        f"[dim]{where} · section {num.section} {escape(rs.section_title(num) or '')} · "
        f"{escape(found.where())}[/dim]"
    )
    for i, r in enumerate(found.rules):
        _print_rule(r, rel.lang)
        if view.english is not None:
            _print_pair(pairs[i])
    return 0


def _show_chapter(found, where: str, args) -> int:
    """List the sections of a chapter (its heading if the release has one)."""
    n, chapter, secs, rs = found.number, found.chapter, found.sections, found.ruleset
    title = chapter.title if chapter else None
    if args.format == "json":
        print_json(
            {
                "number": str(n),
                "kind": "chapter",
                "title": title,
                "line": chapter.line if chapter else None,
                "release": release_json(rs.release),
                "lang": rs.release.lang,
                "sections": [
                    {
                        "number": str(sec.number),
                        "title": sec.title,
                        "line": sec.line,
                        "rules": sum(
                            1
                            for r in rs.rules
                            if r.section == sec.number.section and r.letters is None
                        ),
                    }
                    for sec in secs
                ],
            }
        )
        return 0
    say(
        f"[bold]{n}. {escape(title or '(no chapter heading)')}[/bold]  ({where}"
        + (f", line {chapter.line}" if chapter else "")
        + ")"
    )
    for sec in secs:
        say(f"{sec.number}. {sec.title.splitlines()[0]}", markup=False)
    return 0


def pair_json(rule, en_rule, pair, rs, en_rs) -> dict:
    """``{"number", "english": rule JSON or None, "status", "agree", "disagree", "details",
    "better_number"}``: the EN rule of the same number and the evidence check of the pair."""
    return {
        "number": str(rule.number),
        "english": rule_json(en_rule, en_rs) if en_rule is not None else None,
        "status": pair.status if pair else "no EN rule of this number",
        "agree": pair.agree if pair else 0,
        "disagree": pair.disagree if pair else 0,
        "details": pair.details if pair else [],
        "better_number": str(pair.better_number) if pair and pair.better_number else None,
        "taken_by": str(pair.taken_by) if pair and pair.taken_by else None,
        "owner": pair.owner.as_json() if pair and pair.owner is not None else None,
        "owner_text": pair.owner.sentence() if pair and pair.owner is not None else None,
    }


def _print_pair(p: dict) -> None:
    en = p["english"]
    if en is None:
        say(f"    [dim]EN: {p['status']}[/dim]")
        return
    say(f"    [dim]EN {en['release']['effective_date']}:[/dim] {escape(en['text'])}")
    for e in en["examples"]:
        say(f"        Example: {e}", markup=False)
    why = f" — {'; '.join(p['details'])}" if p["details"] else ""
    if p.get("taken_by"):
        why += f"; the translation's {p['taken_by']} fits EN {p['number']} better"
    if p.get("owner_text"):
        why += f"; {p['owner_text']}"
    say(
        f"    [dim]pair {p['status']} ({p['agree']} agree, {p['disagree']} "
        f"disagree){escape(why)}[/dim]"
    )


def _print_rule(r, lang: str = "en") -> None:
    """Print a rule as the files write it (text escaped: "[cost]" is rule text, not markup),
    its examples labelled with the language's marker (:attr:`CRProfile.example_label`:
    JA ``例：``, ZH ``例如：``)."""
    say(f"[bold]{r.number.written}[/bold] {escape(r.text)}")
    if not r.examples:
        return
    from mtgcr.extract.profiles import PROFILES

    prof = PROFILES.get(lang)
    label = prof.example_label if prof else "Example:"
    for e in r.examples:
        sep = "" if label.endswith("：") else " "  # 例：… as the JA / ZH files write it
        say(f"    {label}{sep}{e.text}", markup=False)
