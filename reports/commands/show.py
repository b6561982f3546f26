"""``mtgcr show RULE``: a rule's text and examples in one release."""
from __future__ import annotations

from rich.markup import escape

from extract.records import load_ruleset
from extract.rulenum import RuleNumber

from ..cli import UserError
from ..output import console, print_json, release_json


def register(sub) -> None:
    p = sub.add_parser("show", help="show a rule, subrule or section",
                       description="Show a rule's text and examples. RULE is 712, 712.8 or "
                                   "712.8e. Example: mtgcr show 712.8e --release 20231117")
    p.add_argument("rule", metavar="RULE")
    p.add_argument("--release", "-r", help="effective date (2023-11-17) or label (20231117); "
                                           "default: the newest")
    p.add_argument("--lang", default="en", help="language (default en)")
    p.add_argument("--subrules", action="store_true", help="also show everything below it")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)


def rule_json(rule, rs) -> dict:
    """JSON object of one rule: number, kind, text, examples, line, section title, release."""
    return {"number": str(rule.number), "kind": rule.kind, "text": rule.text,
            "examples": [e.text for e in rule.examples], "line": rule.line,
            "section": rule.number.section, "section_title": rs.section_title(rule.number),
            "release": release_json(rs.release), "lang": rs.release.lang}


def run(args, ctx) -> int:
    num = RuleNumber.try_parse(args.rule)
    if num is None:
        raise UserError(f"{args.rule!r} is not a rule number (like 712, 712.8 or 712.8e)")
    with ctx.store(readonly=True) as store:
        rs = load_ruleset(store, args.release, args.lang)
    rel = rs.release
    where = f"{rel.lang} {rel.effective_date or rel.label}"
    if num.kind == "section":
        sec = rs.sections.get(num)
        if sec is None:
            raise UserError(f"section {num} does not exist in {where}")
        rules = rs.subtree(num) if args.subrules else rs.children(num)
        if args.format == "json":
            print_json({"number": str(num), "kind": "section", "text": sec.title, "title": sec.title,
                        "examples": [], "line": sec.line, "release": release_json(rel),
                        "lang": rel.lang, "rules": [rule_json(r, rs) for r in rules]})
        else:
            console.print(f"[bold]{num}. {escape(sec.title)}[/bold]  ({where}, line {sec.line})")
            for r in rules:
                _print_rule(r)
        return 0
    rule = rs.get(num)
    if rule is None:
        near = [str(n) for n in rs.rules if n.section == num.section][:0]
        raise UserError(f"rule {num} does not exist in {where}" + (f"; see {near}" if near else ""))
    below = [r for r in rs.subtree(num) if r.number != num] if args.subrules else []
    if args.format == "json":
        out = rule_json(rule, rs)
        if args.subrules:
            out["subrules"] = [rule_json(r, rs) for r in below]
        print_json(out)
        return 0
    console.print(f"[dim]{where} · section {num.section} {escape(rs.section_title(num) or '')} · "
                  f"line {rule.line}[/dim]")
    for r in [rule, *below]:
        _print_rule(r)
    return 0


def _print_rule(r) -> None:
    """Print a rule as the files write it (text escaped: "[cost]" is rule text, not markup)."""
    console.print(f"[bold]{r.number.written}[/bold] {escape(r.text)}")
    for e in r.examples:
        console.print(f"    Example: {e.text}", markup=False)
