"""Text that belongs to another rule or release (issue 27): a quote whose text under number N
is rule M's, or rule N's of another release, is reported as such by ``identify`` and
``pair`` ("this is the text of M of R"), not as a small difference under N. Rulesets written
for the tests."""

from __future__ import annotations

from datetime import date

from mtgcr.crossref.identify import identify
from mtgcr.crossref.translation.langpair import pair_rulesets
from mtgcr.extract.model import Release, Rule, Ruleset, Section
from mtgcr.extract.rulenum import RuleNumber


def rs(label: str, rules: dict[str, str], lang: str = "en", complete: bool = True) -> Ruleset:
    eff = date(int(label[:4]), int(label[4:6]), int(label[6:]))
    out = Ruleset(Release(lang, label, eff), source=f"{lang}-{label}", complete=complete)
    out.sections[RuleNumber(702)] = Section(RuleNumber(702), "Keyword Abilities", 0)
    for num, text in rules.items():
        n = RuleNumber.parse(num)
        out.rules[n] = Rule(n, text, 0)
    return out


OLD = rs(
    "20300110",
    {
        "702.5": "Deathtouch is a static ability.",
        "702.5a": "A creature dealt damage by a source with deathtouch is destroyed.",
        "702.5b": "Deathtouch damage is lethal.",
    },
)
NEW = rs(
    "20300405",
    {
        "702.5": "Deathtouch is a static ability.",
        "702.5a": "Any damage from a deathtouch source is lethal damage.",
        "702.5b": "A creature dealt any damage by a source with deathtouch is destroyed.",
        "702.5c": "Deathtouch works from any zone.",
    },
)


def owners(quote: Ruleset) -> dict[str, tuple[str, str | None]]:
    ident = identify(quote, [OLD, NEW])
    assert ident.best[-1].release == "2030-04-05"
    return {
        str(e.number): (e.status, e.owner.sentence() if e.owner else None)
        for e in ident.best[-1].rules
    }


def test_identify_names_the_rule_and_release_whose_text_a_quote_is():
    # 702.5a's text printed under 702.5b: another rule of the matched release
    quote = rs(
        "20300405",
        {
            "702.5a": "Any damage from a deathtouch source is lethal damage.",
            "702.5b": "Any damage from a deathtouch source is lethal damage.",
            "702.5c": "Deathtouch works from any zone.",
        },
        complete=False,
    )
    assert owners(quote) == {
        "702.5a": ("same", None),
        "702.5b": ("differs", "the text of EN 702.5a of 2030-04-05"),
        "702.5c": ("same", None),
    }
    # 702.5b as 2030-01-10 printed it: the same number in another release
    quote.rules[RuleNumber.parse("702.5b")].text = "Deathtouch damage is lethal."
    assert owners(quote)["702.5b"] == ("differs", "the text of EN 702.5b of 2030-01-10")


def test_pair_names_another_releases_text_instead_of_a_small_difference():
    # a translation of 2030-04-05 whose 702.5b cites a number only the old 702.5b had
    old = rs(
        "20300110", {"702.5": "Deathtouch. See rule 702.2.", "702.5b": "Lethal. See rule 120.3e."}
    )
    new = rs(
        "20300405", {"702.5": "Deathtouch. See rule 702.2.", "702.5b": "Lethal. See rule 120.4."}
    )
    tr = rs(
        "20300405",
        {"702.5": "接死。rule 702.2 参照。", "702.5b": "致死。rule 120.3e 参照。"},
        lang="ja",
    )
    p = pair_rulesets(tr, new, [old])
    (b,) = [x for x in p.pairs if str(x.number) == "702.5b"]
    assert b.status == "differs" and b.owner is not None
    assert b.owner.sentence() == "the text of EN 702.5b of 2030-01-10"
    (why,) = [w for n, w in p.differences() if n == "702.5b"]
    assert why.endswith("; the text of EN 702.5b of 2030-01-10")
