"""Building small rulesets in tests (texts written here, not cut from the real corpus)."""

from __future__ import annotations

from datetime import date

from mtgcr.extract.model import Example, GlossaryEntry, Release, Rule, Ruleset, Section
from mtgcr.extract.rulenum import RuleNumber


def ruleset(
    label: str, rules, sections: dict[str, str] | None = None, glossary=(), lang: str = "en"
) -> Ruleset:
    """A ruleset of release ``label`` (``"20300110"``) from ``(number, text)`` or
    ``(number, text, [example texts])`` tuples in document order; sections get the titles
    in ``sections`` (default ``"Section N"``); glossary from ``(term, text)`` pairs."""
    eff = date(int(label[:4]), int(label[4:6]), int(label[6:]))
    rs = Ruleset(Release(lang, label, eff), source=f"test {label}")
    sections = sections or {}
    line = 1
    for item in rules:
        num, text = RuleNumber.parse(item[0]), item[1]
        sec = RuleNumber(num.section)
        if sec not in rs.sections:
            rs.sections[sec] = Section(sec, sections.get(str(sec), f"Section {sec}"), line)
            line += 1
        rule = Rule(num, text, line)
        for ex in item[2] if len(item) > 2 else []:
            line += 1
            rule.examples.append(Example(ex, line))
        rs.rules[num] = rule
        line += 1
    for term, text in glossary:
        rs.glossary.append(GlossaryEntry(term, (), text, line))
        line += 2
    return rs


def lang_ruleset(
    lang: str, label: str, rules: dict, complete: bool = True, eff: date | None = None
) -> Ruleset:
    """A ruleset of language ``lang``, release ``label`` (effective date ``eff``), from
    ``{number: text}`` or ``{number: (text, [example texts])}`` in document order: rule ``i``
    (1-based) and its examples on line ``i``, every section titled ``"Section N"``."""
    rs = Ruleset(release=Release(lang, label, eff), source=f"{lang}-{label}.txt", complete=complete)
    for i, (num, body) in enumerate(rules.items(), 1):
        n = RuleNumber.parse(num)
        text, examples = (body, []) if isinstance(body, str) else body
        rs.rules[n] = Rule(n, text, i, [Example(e, i) for e in examples])
        sec = RuleNumber(n.section)
        rs.sections.setdefault(sec, Section(sec, f"Section {sec}", 0))
    return rs


def numbered(section: int, texts: list[str]) -> list[tuple[str, str]]:
    """``[(f"{section}.1", texts[0]), (f"{section}.2", texts[1]), …]``."""
    return [(f"{section}.{k}", t) for k, t in enumerate(texts, 1)]


def mapping(al) -> dict[tuple[str, ...], tuple[str, tuple[str, ...]]]:
    """``{old numbers: (kind, new numbers)}`` of every group with old rules, numbers as str."""
    return {tuple(map(str, c.old)): (c.kind, tuple(map(str, c.new))) for c in al.changes if c.old}


def added(al) -> list[str]:
    """New numbers of added rules."""
    return [str(c.new[0]) for c in al.changes if c.kind == "added"]


#: Distinct rule texts on distinct topics, written for these tests.
TEXTS = [
    "Each player begins the game by shuffling a personal deck of cards.",
    "The starting player is chosen by a coin flip before any cards are drawn.",
    "A player who cannot draw a card from an empty library loses the game.",
    "Tokens are markers that represent objects which are not cards.",
    "Counters placed on a permanent stay there until an effect removes them.",
    "The active player receives priority at the beginning of each step.",
    "Combat damage is dealt simultaneously by all attacking and blocking creatures.",
    "A spell that is countered is put into its owner's graveyard.",
    "Mana empties from each player's mana pool at the end of every step and phase.",
    "Lands may be played only during a main phase when the stack is empty.",
    "An emblem has no characteristics other than the abilities it grants.",
    "Shortcuts let players skip a long sequence of obvious repeated actions.",
    "A face-down permanent has no name, no mana cost and no subtypes.",
    "Illegal actions are reversed as far as possible by all players together.",
    "Teams share a turn and a life total in the two-headed giant variant.",
    "Exile is a zone where cards are kept apart from the game, usually face up.",
]
