"""The concept model of a glossary entry: its senses, the terms of a headword, part of speech,
kind, successor and cross-references.

Format knowledge (EN glossaries 2022–2026, JA 20260116, ZH 20220610 … 20260417):

* senses are numbered paragraphs: EN ``1. To put …\\n2. The result …\\nSee rule 113.`` (lines
  after the last number belong to every sense); the JA text numbers them on one line
  (``1. オブジェクトのカード・タイプ。…参照。2. マナの持つ性質。``); the JA glossary names the sense
  it translates after the original (``Draw(1)``, ``Counter(v)``, ``Counter(n)``);
* a headword may name several terms: EN ``Control, Controller`` and ``Banding, “Bands with
  Other”``, JA ``コントロール、コントローラー``, ZH ``操控，操控者``, ZH ``轮抽/抽选`` (one term per
  sense of ``Draft``); a ZH headword may carry a translator's note
  ``轮抽/抽选（译者注：在英文中这两个词是相同的。）`` or ``（译注：…）``;
* EN definitions say what a sense is: ``A keyword ability …``, ``A keyword action …``,
  ``1. A zone.``, ``A casual variant …``, ``A card type …``; verbs are defined with ``To …``;
* an obsolete EN entry names what replaced it: ``An obsolete term for mana value``, ``An older
  name for the Commander casual variant. See rule 903`` (the entry that cites the same rule),
  ``See rule 702.89, “Umbra Armor.”``, ``See Exile.``; other entries point at related ones with
  ``See also Legend Rule.``
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from mtgcr.extract.model import GlossaryEntry

from mtgcr.crossref.translation.glossary_pairs import cited_rules, name_key
from mtgcr.reports.glossary.model import ConceptKind, PartOfSpeech

__all__ = [
    "split_senses",
    "part_of_speech",
    "concept_kind",
    "successor_of",
    "see_also",
    "term_parts",
    "TermPart",
    "assign_parts",
    "EnIndex",
]

_SENSE = re.compile(r"(?:^|(?<=\n)|(?<=。)|(?<=[.”]\s))\s*(?P<n>[1-9])\.\s*(?=[^\d\s])")


def split_senses(text: str) -> list[str]:
    """The senses of a definition, each with the unnumbered lines that follow the last sense
    (they apply to all); ``[text]`` when the senses are not numbered 1, 2, ….

    >>> split_senses("1. A zone.\\n2. To put a card there.\\nSee rule 406.")
    ['1. A zone.\\nSee rule 406.', '2. To put a card there.\\nSee rule 406.']
    >>> split_senses("1. オブジェクトの種類。rule 205 参照。2. マナの性質。rule 106 参照。")
    ['1. オブジェクトの種類。rule 205 参照。', '2. マナの性質。rule 106 参照。']
    >>> split_senses("　1.カードの一部。rule 210 参照。2.特性。rule 310 参照。")[1]
    '2.特性。rule 310 参照。'
    >>> split_senses("A keyword ability. See rule 702.19.")
    ['A keyword ability. See rule 702.19.']
    """
    marks = [m for m in _SENSE.finditer(text)]
    nums = [int(m.group("n")) for m in marks]
    if len(marks) < 2 or nums != list(range(1, len(marks) + 1)):
        return [text]
    bodies = []
    for k, m in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        bodies.append(text[m.start() : end].strip())
    last = bodies[-1]
    tail = ""
    if "\n" in last:  # lines after the last numbered sense: "See rule 113 …"
        first, *rest = last.split("\n")
        tail_lines = [x for x in rest if not re.match(r"\s*[1-9]\.\s", x)]
        if tail_lines and not re.match(r"\s*[1-9]\.", rest[0]):
            bodies[-1] = first
            tail = "\n".join(tail_lines)
    return [b + ("\n" + tail if tail else "") for b in bodies]


_ADJECTIVE = re.compile(
    r"^(?:\w+(?:ed|less|ary|al|ic|ous|ful|able)|Face (?:Up|Down)|Phased (?:In|Out)|Snow)$", re.I
)
_OTHER = frozenset({"if", "you", "your", "unless", "instead", "as though", "x", "y", "during"})


def part_of_speech(name: str, sense: str) -> PartOfSpeech:
    """The part of speech of an EN name in one sense: a verb when the sense is defined with
    "To …"; an adjective for a one-word name ending like one (``Tapped``, ``Colorless``,
    ``Legendary``, ``Modal``) or ``Face Up``/``Phased In``; ``other`` for the function words
    the glossary defines (``If``, ``You``, ``Unless``, ``X``); else a noun.

    >>> part_of_speech("Draw", "1. To put the top card of a player’s library into their hand.")
    <PartOfSpeech.VERB: 'verb'>
    >>> part_of_speech("Draw", "2. The result of a game in which neither player wins.")
    <PartOfSpeech.NOUN: 'noun'>
    >>> part_of_speech("Tapped", "A status a permanent may have.").value
    'adjective'
    """
    body = re.sub(r"^\s*[1-9]\.\s*", "", sense)
    key = name.strip().casefold()
    if key in _OTHER:
        return PartOfSpeech.OTHER
    if re.match(r"To\s", body):
        return PartOfSpeech.VERB
    if _ADJECTIVE.match(name.strip()) and not re.match(r"An?\s+(?:obsolete\s+)?card type\b", body):
        return PartOfSpeech.ADJECTIVE
    return PartOfSpeech.NOUN


_KINDS = (
    (re.compile(r"^(?:An?\s+)?(?:\w+\s+)?keyword ability\b", re.I), ConceptKind.KEYWORD_ABILITY),
    (re.compile(r"^(?:An?\s+)?keyword action\b", re.I), ConceptKind.KEYWORD_ACTION),
    (re.compile(r"^A zone\b", re.I), ConceptKind.ZONE),
    (
        re.compile(r"^An?\s+(?:\w+\s+)?(?:casual|multiplayer)\s+variant\b", re.I),
        ConceptKind.VARIANT,
    ),
    (re.compile(r"^An?\s+(?:obsolete\s+)?card type\b", re.I), ConceptKind.CARD_TYPE),
)


def concept_kind(sense: str) -> ConceptKind:
    """The kind of concept an EN sense defines, from how its definition starts.

    >>> concept_kind("A keyword ability that lets you cast a card. See rule 702.139.").value
    'keyword ability'
    >>> concept_kind("1. A zone. Exile is essentially a holding area for cards.").value
    'zone'
    >>> concept_kind("The player whose turn it is.").value
    'game term'
    >>> concept_kind("2. To put an object into the exile zone. See rule 701.13, “Exile.”").value
    'keyword action'
    """
    body = re.sub(r"^\s*[1-9]\.\s*", "", sense)
    for pattern, kind in _KINDS:
        if pattern.search(body):
            return kind
    rules = {n for n in cited_rules(sense) if n.letters is None}
    if len(rules) == 1:  # "See rule 701.13, “Exile.”": a keyword rule of its own
        (n,) = rules
        if n.rule is not None and n.section in (701, 702):
            return ConceptKind.KEYWORD_ACTION if n.section == 701 else ConceptKind.KEYWORD_ABILITY
    return ConceptKind.GAME_TERM


class EnIndex:
    """The EN glossary of one release by folded name (headword, aliases, the whole headword
    line) and by the rules each entry cites."""

    def __init__(self, entries: Sequence[GlossaryEntry]) -> None:
        self.entries = list(entries)
        self.by_name: dict[str, GlossaryEntry] = {}
        for g in self.entries:
            for n in (g.term, *g.aliases, ", ".join((g.term, *g.aliases))):
                self.by_name.setdefault(name_key(n), g)
        self.cites = {id(g): frozenset(cited_rules(g.text)) for g in self.entries}

    def named(self, name: str) -> GlossaryEntry | None:
        """The entry a name names (folded), or ``None``."""
        return self.by_name.get(name_key(name))

    def mentioned(self, text: str) -> list[GlossaryEntry]:
        """Entries whose headword or an alias occurs in ``text`` as whole words, longest
        names first, each once."""
        low = " " + re.sub(r"[^\w’']+", " ", text.casefold()) + " "
        found: list[tuple[int, GlossaryEntry]] = []
        for g in self.entries:
            for n in (g.term, *g.aliases):
                k = " " + re.sub(r"[^\w’']+", " ", n.casefold()).strip() + " "
                if len(k) > 3 and k in low:
                    found.append((len(k), g))
                    break
        found.sort(key=lambda x: -x[0])
        out: list[GlossaryEntry] = []
        for _, g in found:
            if g not in out:
                out.append(g)
        return out


_FOR = re.compile(
    r"(?:obsolete term|older name|term that meant|obsolete keyword ability|name)\s+(?:for|of)\s+"
    r"(?:the\s+|an?\s+)?[“\"]?(?P<what>[^.”\"]+)",
    re.I,
)
_SEE = re.compile(r"\bSee(?: also)?\s+(?P<what>(?!rules?\b|section\b)[A-Z][^.;]*?)\s*(?:\.|;|$)")
_SEE_RULE_TITLE = re.compile(r"See rules?\s+[\d.]+[a-z]?,\s*[“\"](?P<title>[^”\"]+?)[.,]?[”\"]")


def successor_of(entry: GlossaryEntry, index: EnIndex) -> GlossaryEntry | None:
    """The EN entry that replaced an obsolete ``entry``: the one its definition names after
    "obsolete term for" / "older name for" (``mana value``, ``the battlefield``, ``the
    Commander casual variant``), else the one whose heading title it cites (``See rule 702.89,
    “Umbra Armor.”``), else the only live entry citing the same rules (``EDH`` → ``Commander``),
    else the one it points at with "See" (``See Exile.``); ``None`` when it names none.
    """
    if not entry.obsolete:
        return None

    def live(g: GlossaryEntry | None) -> GlossaryEntry | None:
        return g if g is not None and not g.obsolete and g is not entry else None

    m = _FOR.search(entry.text)
    if m:
        for g in index.mentioned(m.group("what")):
            if live(g):
                return g
    for m in _SEE_RULE_TITLE.finditer(entry.text):
        title = m.group("title")
        hit = live(index.named(title)) or live(index.named(re.sub(r"s$", "", title)))
        if hit:
            return hit
    mine = index.cites.get(id(entry), frozenset())
    if mine:
        same = [g for g in index.entries if index.cites[id(g)] == mine and live(g)]
        if len(same) == 1:
            return same[0]
    for m in _SEE.finditer(entry.text):
        hit = live(index.named(m.group("what")))
        if hit:
            return hit
    return None


def see_also(entry: GlossaryEntry, index: EnIndex) -> list[GlossaryEntry]:
    """The EN entries ``entry``'s definition points at by name (``See also Legend Rule.``,
    ``See Typecycling.``), in text order, itself excluded."""
    out: list[GlossaryEntry] = []
    for m in _SEE.finditer(entry.text):
        g = index.named(m.group("what"))
        if g is not None and g is not entry and g not in out:
            out.append(g)
    return out


@dataclass(frozen=True)
class TermPart:
    """One term of a translated headword: the term, and the translator's note the headword
    carries (``""`` if none)."""

    term: str
    note: str = ""


_NOTE = re.compile(r"[（(]\s*(?P<note>(?:译者注|译注|訳注)\s*[：:][^）)]*)[）)]")
_SPLIT = re.compile(r"\s*[、，,/／]\s*(?![^“”「」\[\]［］]*[”」\]］])")


def term_parts(headword: str) -> list[TermPart]:
    """The terms a translated headword names, each without the translator's note.

    >>> [p.term for p in term_parts("コントロール、コントローラー")]
    ['コントロール', 'コントローラー']
    >>> term_parts("轮抽/抽选（译者注：在英文中这两个词是相同的。）")[1]
    TermPart(term='抽选', note='译者注：在英文中这两个词是相同的。')
    >>> [p.term for p in term_parts("结合，“与…结合”")]
    ['结合', '“与…结合”']
    """
    notes = [m.group("note").strip() for m in _NOTE.finditer(headword)]
    bare = _NOTE.sub("", headword).strip()
    parts = [p.strip() for p in _SPLIT.split(bare) if p.strip()] or [bare]
    note = " ".join(notes)
    return [TermPart(p, note) for p in parts]


def en_parts(entry: GlossaryEntry) -> list[str]:
    """The EN names of an entry: headword, then aliases (``Control, Controller`` →
    ``["Control", "Controller"]``)."""
    return [entry.term, *entry.aliases]


def assign_parts(
    parts: Sequence[TermPart], names: Sequence[str], senses: int
) -> list[tuple[TermPart, str, int | None]]:
    """Which EN name (and sense) each translated term stands for.

    As many terms as EN names: side by side (``コントロール``/``Control``,
    ``コントローラー``/``Controller``). Else as many terms as senses of a one-name entry: one term
    per sense (``轮抽``/``Draft`` 1, ``抽选``/``Draft`` 2). Else every term stands for the
    headword in every sense (``None``).

    Returns:
        ``(term, EN name, sense index or None)`` per term.
    """
    if len(parts) == len(names) and len(parts) > 1:
        return [(p, n, None) for p, n in zip(parts, names)]
    if len(names) == 1 and senses > 1 and len(parts) == senses:
        return [(p, names[0], k) for k, p in enumerate(parts)]
    return [(p, names[0], None) for p in parts]


def sense_of_marker(marker: str, tr_text: str, en_senses: Sequence[str]) -> int | None:
    """The EN sense (0-based) a JA sense marker names: the one sense whose cited rules the
    translated definition shares (JA ``Vanguard(1)``, the card type, cites rule 313 as EN
    ``Vanguard`` sense 2 does: the JA numbers are not always EN's); else ``1``/``2`` directly;
    else for ``v`` the first sense defined with "To …" and for ``n`` the first other."""
    mine = set(cited_rules(tr_text))
    if mine:  # the rules both cite decide (JA Vanguard(1) is EN Vanguard sense 2)
        hits = [k for k, s in enumerate(en_senses) if mine & set(cited_rules(s))]
        if len(hits) == 1:
            return hits[0]
    if marker.isdigit():
        k = int(marker) - 1
        return k if 0 <= k < len(en_senses) else None
    for k, s in enumerate(en_senses):
        if mine and mine & set(cited_rules(s)):
            return k
    verb = marker.lower() == "v"
    for k, s in enumerate(en_senses):
        is_verb = bool(re.match(r"\s*[1-9]\.\s*To\s", s))
        if is_verb == verb:
            return k
    return None
