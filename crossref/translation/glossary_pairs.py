"""Pair a translation's glossary entries with the EN glossary entries of the same release by
evidence: :func:`pair_glossary_entries`.

A translated glossary may give no English (the plain ZH ``词汇表``), and a bilingual edition's
headword lines are no proof either: the ZH ``glossary.md`` of 20260417 sets each EN headword
(in EN order) beside the ZH entry at the same place (in ZH order), so wherever the two orders
differ the pair is wrong (``Legendary`` beside 传奇规则, ``Tapped`` beside 横置符号). Position in
the glossary is never evidence. The evidence, each kind an :class:`EvidenceKind`:

* **rules** — the rule numbers both definitions cite (``参见规则702.19`` / ``See rule
  702.19``): the same set, or (weaker) overlapping sets and sets that differ only in the last
  letter or number of a rule the translation did not renumber (``709.5g`` / ``709.5f``); a cited
  number whose quoted title (``参见规则731，“进行简化”``) names another heading of the same
  release is read as that heading's number (the translation kept an old number);
* **heading** — the translated headword is the heading of a rule or section whose EN heading is
  the EN headword (``702.19. 践踏`` / ``702.19. Trample``);
* **cross-reference** — both definitions only point at another entry (``参见类别循环`` /
  ``See Typecycling``) and those two entries are paired;
* **definition** — both definitions name the same chapter (``第4章`` / ``section 4``), the same
  symbols (``{E}``), the same words left in English (``Oracle``), and both entries are obsolete
  (``（已废止）`` / ``(Obsolete)``), or the translated headword's Latin letters are the EN
  headword's (``APNAP顺序`` / ``APNAP Order``);
* **witness** — a second source's pairing of the same headwords (a bilingual edition's heading
  lines, a provisional term list). A witness alone pairs nothing that other evidence
  contradicts; where it disagrees with the pairing the disagreement is listed.

The pairs are chosen together (one EN entry per translated entry at most: a global assignment,
``scipy.optimize.linear_sum_assignment``, over the weighted evidence), and a pair with no
evidence at all is not made: its entries are listed as unpaired.

Format knowledge (checked on the 19 plain ZH releases 20220610 … 20260417, the ZH bilingual
edition of 20260417 and the EN releases of the same labels): each ZH entry cites the rules of
its subject as the EN entry does, except where the ZH kept a number the EN renumbered
(``先制`` 725 / ``Initiative`` 726), a ZH definition cites another rule by mistake
(20220610 ``挑拨`` 702.108 for Provoke, the heading 702.39 says otherwise), or an entry only
points at another (``平原循环 参见类别循环``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping, Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from mtgcr.extract.model import GlossaryEntry, Ruleset
from mtgcr.extract.references import find_chapter_references, find_references
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "EvidenceKind",
    "Evidence",
    "EntryPair",
    "Disagreement",
    "GlossaryPairing",
    "pair_glossary_entries",
    "cited_rules",
    "name_key",
]


class EvidenceKind(str, Enum):
    """A kind of evidence that a translated entry and an EN entry name one concept."""

    RULES = "rules"  # the same cited rules
    RULES_NEAR = "rules-near"  # overlapping cited rules, or a number the translation kept
    HEADING = "heading"  # the headwords are the two headings of one rule or section
    CROSS_REFERENCE = "cross-reference"  # both point at entries that are paired
    DEFINITION = "definition"  # the same chapter, symbols, English words, obsolete mark
    WITNESS = "witness"  # another source pairs the two headwords


#: Weights of the evidence kinds in the assignment (a witness breaks ties, it never outweighs
#: cited rules or a heading).
WEIGHTS = {
    EvidenceKind.RULES: 10.0,
    EvidenceKind.RULES_NEAR: 6.0,
    EvidenceKind.HEADING: 8.0,
    EvidenceKind.CROSS_REFERENCE: 6.0,
    EvidenceKind.DEFINITION: 2.0,
    EvidenceKind.WITNESS: 2.5,
}


@dataclass(frozen=True)
class Evidence:
    """One evidence item: its kind and what it is, in a few words (``"cites 702.19"``,
    ``"both are the heading of 702.19"``, ``"glossary.md line 3469 pairs them"``)."""

    kind: EvidenceKind
    detail: str

    def __str__(self) -> str:
        return self.detail


@dataclass(frozen=True)
class EntryPair:
    """A translated glossary entry and the EN entry it translates, with the evidence.

    Attributes:
        tr, en: the two entries.
        evidence: the evidence items, strongest kind first (never empty).
        renumbered: cited numbers of the translation read as other numbers through their
            quoted titles, ``(cited, read as)`` (``("731", "732")``).
    """

    tr: GlossaryEntry
    en: GlossaryEntry
    evidence: tuple[Evidence, ...]
    renumbered: tuple[tuple[str, str], ...] = ()

    @property
    def kinds(self) -> frozenset[EvidenceKind]:
        """The kinds of evidence the pair has."""
        return frozenset(e.kind for e in self.evidence)

    @property
    def rules_agree(self) -> bool:
        """Both definitions cite rules and cite the same ones (after renumbering)."""
        return EvidenceKind.RULES in self.kinds


@dataclass(frozen=True)
class Disagreement:
    """A witness that pairs a translated headword with another EN headword than the evidence
    does: the translated entry, what the witness says (an EN headword), the EN entry chosen
    and the evidence for it."""

    tr: GlossaryEntry
    witness: str
    chosen: GlossaryEntry | None
    evidence: tuple[Evidence, ...]

    def __str__(self) -> str:
        chosen = self.chosen.term if self.chosen is not None else "no EN entry"
        why = "; ".join(map(str, self.evidence)) or "no evidence"
        return (
            f"{self.tr.term} (line {self.tr.line}): the witness pairs it with {self.witness!r}, "
            f"the evidence with {chosen!r} ({why})"
        )


@dataclass
class GlossaryPairing:
    """The pairs of one translated glossary with the EN glossary.

    Attributes:
        pairs: in translated-glossary order.
        unpaired_tr, unpaired_en: entries with no counterpart that evidence supports.
        disagreements: where a witness pairs otherwise than the evidence.
    """

    pairs: list[EntryPair] = field(default_factory=list)
    unpaired_tr: list[GlossaryEntry] = field(default_factory=list)
    unpaired_en: list[GlossaryEntry] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)

    def en_of(self, entry: GlossaryEntry) -> GlossaryEntry | None:
        """The EN entry paired with translated ``entry``, or ``None``."""
        for p in self.pairs:
            if p.tr is entry:
                return p.en
        return None


_OBSOLETE_MARK = re.compile(r"[（(]\s*(?:obsolete|已废止|废止|廃語)\s*[）)]", re.I)
_PUNCT = re.compile(r"[\s・·\-‐‑–—’'“”\"「」『』《》]")


def name_key(name: str) -> str:
    """A headword folded for comparison: NFKC, case folded, the obsolete mark, spaces, dots,
    dashes and quotes removed (``"Banding, “Bands with Other”"`` → ``"banding,bandswithother"``).
    """
    s = _OBSOLETE_MARK.sub("", unicodedata.normalize("NFKC", name)).casefold()
    return _PUNCT.sub("", s)


#: A ZH range of subrules, ``509.1b至c`` (EN ``509.1b–c``).
_ZH_RANGE = re.compile(r"(?P<rule>\d{3}\.\d{1,3})(?P<a>[a-z])至(?P<b>[a-z])")


def cited_rules(text: str) -> tuple[RuleNumber, ...]:
    """The rule numbers a definition cites (``See rule 702.139``, ``rule 702.139〔相棒〕参照``,
    ``参见规则702.19``; ZH ``509.1b至c`` as 509.1b, 509.1c), ranges by both ends, in text
    order without repeats."""
    out: list[RuleNumber] = []
    for ref in find_references(text):
        for n in ref.numbers:
            if n not in out:
                out.append(n)
    for m in _ZH_RANGE.finditer(text):
        n = RuleNumber.parse(m.group("rule") + m.group("b"))
        if n not in out:
            out.append(n)
    return tuple(out)


def _headings(rs: Ruleset) -> tuple[dict[str, set[RuleNumber]], dict[RuleNumber, str]]:
    """Folded heading → numbers, and number → heading: sections, and rules whose whole text is
    one short line (keyword rules ``702.19. 践踏``; JA ``702.19. トランプル／Trample`` by the
    part before ``／``)."""
    by_name: dict[str, set[RuleNumber]] = {}
    by_number: dict[RuleNumber, str] = {}
    for n, s in rs.sections.items():
        by_name.setdefault(name_key(s.title), set()).add(n)
        by_number[n] = s.title
    for n, r in rs.rules.items():
        if n.letters is None and "\n" not in r.text and 0 < len(r.text) < 60:
            head = r.text.split("／")[0].strip()
            by_name.setdefault(name_key(head), set()).add(n)
            by_number[n] = head
    return by_name, by_number


_SEE = re.compile(
    r"(?:另参见|参见|See also|See)\s*(?P<name>[^\d\s。.,，;；“”\"][^。.,，;；“”\"]*?)\s*(?:[。.,，;；]|$)"
)
_LATIN = re.compile(r"[A-Za-z]{2,}")
_SYMBOL = re.compile(r"\{[^{}\s]{1,6}\}")
#: Words of reference phrases, not evidence (``See rule``, ``Oracle`` is kept).
_REF_WORDS = frozenset({"see", "rule", "rules", "section", "also"})


@dataclass(frozen=True)
class _Features:
    refs: frozenset[RuleNumber]
    renumbered: tuple[tuple[RuleNumber, RuleNumber], ...]
    heads: frozenset[RuleNumber]
    see: frozenset[int]
    chapters: frozenset[int]
    symbols: frozenset[str]
    latin_term: frozenset[str]
    latin_text: frozenset[str]
    obsolete: bool

    @property
    def refs_read(self) -> frozenset[RuleNumber]:
        """The cited numbers with the renumbered ones read as their titles say."""
        if not self.renumbered:
            return self.refs
        old = {a for a, _ in self.renumbered}
        return frozenset((self.refs - old) | {b for _, b in self.renumbered})


def _features(
    g: GlossaryEntry,
    heads: dict[str, set[RuleNumber]],
    titles: dict[RuleNumber, str],
    names: Mapping[str, int],
) -> _Features:
    refs: set[RuleNumber] = set()
    moved: list[tuple[RuleNumber, RuleNumber]] = []
    for ref in find_references(g.text):
        refs.update(ref.numbers)
        if ref.title and len(ref.numbers) == 1:
            n = ref.numbers[0]
            want = name_key(ref.title)
            now = titles.get(n)
            there = heads.get(want, set())
            if now is not None and name_key(now) != want and len(there) == 1:
                moved.append((n, next(iter(there))))
    see = {names.get(name_key(m.group("name")), -1) for m in _SEE.finditer(g.text)}
    see.discard(-1)
    return _Features(
        frozenset(refs),
        tuple(moved),
        frozenset(heads.get(name_key(g.term), ())),
        frozenset(see),
        frozenset(c.chapter for c in find_chapter_references(g.text)),
        frozenset(_SYMBOL.findall(g.text)),
        frozenset(w.casefold() for w in _LATIN.findall(g.term)),
        frozenset(w.casefold() for w in _LATIN.findall(g.text) if w.casefold() not in _REF_WORDS),
        bool(g.obsolete or _OBSOLETE_MARK.search(g.heading or g.term)),
    )


def _near(a: RuleNumber, b: RuleNumber) -> float:
    """1 for the same number; 0.6 for two subrules of one rule (``709.5g`` / ``709.5f``) or
    two sections one apart (``731`` / ``732``): a number one side did not renumber; else 0."""
    if a == b:
        return 1.0
    if a.section == b.section and a.rule is not None and a.rule == b.rule:
        return 0.6 if a.letters is not None and b.letters is not None else 0.0
    if a.rule is None and b.rule is None and abs(a.section - b.section) == 1:
        return 0.6
    return 0.0


def _rule_similarity(a: frozenset[RuleNumber], b: frozenset[RuleNumber]) -> float:
    """How well two sets of cited numbers agree, 0–1 (1: the same set)."""
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0

    def best(x: RuleNumber, others: frozenset[RuleNumber]) -> float:
        return max(_near(x, y) for y in others)

    return (sum(best(x, b) for x in a) + sum(best(y, a) for y in b)) / (len(a) + len(b))


def _names(entries: Sequence[GlossaryEntry]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, g in enumerate(entries):
        for n in (g.term, *g.aliases, ", ".join((g.term, *g.aliases))):
            k = name_key(n)
            out[k] = -1 if k in out and out[k] != i else i  # a name of two entries: no use
    return out


def pair_glossary_entries(
    tr: Ruleset,
    en: Ruleset,
    witness: Mapping[str, str] | None = None,
    witness_name: str = "the witness",
) -> GlossaryPairing:
    """Pair the glossary entries of a translated ruleset with those of the EN ruleset of the
    same release, by evidence (see the module docstring).

    Args:
        tr: the translated ruleset (its glossary, and its rule and section headings).
        en: the EN ruleset of the same release.
        witness: a second source's pairs, translated headword → EN headword (as printed;
            compared folded, :func:`name_key`); a headword the witness gives twice is left out
            by the caller.
        witness_name: how to name the witness in evidence and disagreements
            (``"glossary.md"``).

    Returns:
        A :class:`GlossaryPairing`.
    """
    Z, E = list(tr.glossary), list(en.glossary)
    out = GlossaryPairing()
    if not Z or not E:
        out.unpaired_tr, out.unpaired_en = Z, E
        return out
    hz, tz = _headings(tr)
    he, te = _headings(en)
    namesz, namese = _names(Z), _names(E)
    fz = [_features(g, hz, tz, namesz) for g in Z]
    fe = [_features(g, he, te, namese) for g in E]
    nz, ne = len(Z), len(E)
    score = {k: np.zeros((nz, ne), dtype=np.float32) for k in EvidenceKind}
    # rules: only entries citing the same number, a subrule of the same rule or a section
    # one apart can agree
    by_exact: dict[RuleNumber, set[int]] = {}
    by_rule: dict[tuple[int, int], set[int]] = {}
    by_section: dict[int, set[int]] = {}
    for j, f in enumerate(fe):
        for n in f.refs:
            by_exact.setdefault(n, set()).add(j)
            if n.rule is not None and n.letters is not None:
                by_rule.setdefault((n.section, n.rule), set()).add(j)
            if n.rule is None:
                by_section.setdefault(n.section, set()).add(j)
    for i, f in enumerate(fz):
        read = f.refs_read
        cands: set[int] = set()
        for n in f.refs | read:
            cands |= by_exact.get(n, set())
            if n.rule is not None and n.letters is not None:
                cands |= by_rule.get((n.section, n.rule), set())
            if n.rule is None:
                cands |= by_section.get(n.section - 1, set()) | by_section.get(n.section + 1, set())
        for j in cands:
            b = fe[j].refs
            if f.refs == b or read == b:
                score[EvidenceKind.RULES][i, j] = 1.0
            else:
                score[EvidenceKind.RULES_NEAR][i, j] = max(
                    _rule_similarity(f.refs, b), _rule_similarity(read, b)
                )
    # headings: the translated headword heads rule N, the EN headword (or an alias) heads N
    en_by_head: dict[RuleNumber, set[int]] = {}
    for j, g in enumerate(E):
        for x in (g.term, *g.aliases):
            for n in he.get(name_key(x), ()):
                en_by_head.setdefault(n, set()).add(j)
    for i, f in enumerate(fz):
        for n in f.heads:
            for j in en_by_head.get(n, ()):
                score[EvidenceKind.HEADING][i, j] = 1.0
    # definitions: chapters, symbols, English words, obsolete marks, the headword's letters
    en_words = [
        b.latin_text | {w.casefold() for w in _LATIN.findall(E[j].text)} for j, b in enumerate(fe)
    ]
    en_term_words = [{w.casefold() for w in _LATIN.findall(g.term)} for g in E]
    for i, za in enumerate(fz):
        if not (za.chapters or za.symbols or za.latin_text or za.latin_term or za.obsolete):
            continue
        for j, eb in enumerate(fe):
            d = 0.0
            if za.chapters and za.chapters == eb.chapters:
                d += 1
            if za.symbols and za.symbols == eb.symbols:
                d += 1
            if za.latin_text and za.latin_text <= en_words[j]:
                d += 0.5
            if za.latin_term and za.latin_term <= en_term_words[j]:
                d += 1
            if za.obsolete and eb.obsolete:
                d += 0.5
            if d:
                score[EvidenceKind.DEFINITION][i, j] = d
    if witness:
        for i, g in enumerate(Z):
            w = witness.get(name_key(g.term))
            jw = namese.get(name_key(w)) if w is not None else None
            if jw is not None and jw >= 0:
                score[EvidenceKind.WITNESS][i, jw] = 1.0
    base = sum(WEIGHTS[k] * m for k, m in score.items() if k is not EvidenceKind.CROSS_REFERENCE)
    rows, cols = linear_sum_assignment(base, maximize=True)
    # cross-references: both entries point at entries the first assignment pairs
    first = dict(zip(rows.tolist(), cols.tolist()))
    for i, za in enumerate(fz):
        if not za.see:
            continue
        want = {first.get(k) for k in za.see}
        for j, eb in enumerate(fe):
            if eb.see and want == set(eb.see):
                score[EvidenceKind.CROSS_REFERENCE][i, j] = 1.0
    total = base + WEIGHTS[EvidenceKind.CROSS_REFERENCE] * score[EvidenceKind.CROSS_REFERENCE]
    rows, cols = linear_sum_assignment(total, maximize=True)
    taken_z, taken_e = set(), set()
    for i, j in sorted(zip(rows.tolist(), cols.tolist())):
        ev = _evidence(i, j, score, fz[i], fe[j], witness_name)
        if not ev:
            continue
        taken_z.add(i)
        taken_e.add(j)
        moved = tuple((str(a), str(b)) for a, b in fz[i].renumbered if b in fe[j].refs)
        out.pairs.append(EntryPair(Z[i], E[j], ev, moved))
    out.unpaired_tr = [g for i, g in enumerate(Z) if i not in taken_z]
    out.unpaired_en = [g for j, g in enumerate(E) if j not in taken_e]
    if witness:
        chosen = {id(p.tr): p for p in out.pairs}
        for g in Z:
            w = witness.get(name_key(g.term))
            if w is None:
                continue
            p = chosen.get(id(g))
            names = {name_key(x) for x in (p.en.term, *p.en.aliases)} if p else set()
            if p is not None:
                names.add(name_key(", ".join((p.en.term, *p.en.aliases))))
            if name_key(w) not in names:
                out.disagreements.append(
                    Disagreement(g, w, p.en if p else None, p.evidence if p else ())
                )
    return out


def _evidence(
    i: int,
    j: int,
    score: dict[EvidenceKind, np.ndarray],
    a: _Features,
    b: _Features,
    witness_name: str,
) -> tuple[Evidence, ...]:
    """The evidence items of pair (i, j), strongest first."""
    out: list[Evidence] = []
    cites = ", ".join(sorted(map(str, b.refs), key=lambda x: RuleNumber.parse(x).sort_key))
    if score[EvidenceKind.RULES][i, j]:
        out.append(Evidence(EvidenceKind.RULES, f"both cite {cites}"))
    elif score[EvidenceKind.RULES_NEAR][i, j] >= 0.5:
        mine = ", ".join(sorted(map(str, a.refs), key=lambda x: RuleNumber.parse(x).sort_key))
        out.append(Evidence(EvidenceKind.RULES_NEAR, f"cites {mine} where EN cites {cites}"))
    if score[EvidenceKind.HEADING][i, j]:
        heads = ", ".join(sorted(str(n) for n in a.heads))
        out.append(Evidence(EvidenceKind.HEADING, f"both headwords head {heads}"))
    if score[EvidenceKind.CROSS_REFERENCE][i, j]:
        out.append(Evidence(EvidenceKind.CROSS_REFERENCE, "both point at paired entries"))
    if score[EvidenceKind.DEFINITION][i, j] >= 1:
        out.append(
            Evidence(EvidenceKind.DEFINITION, "the definitions share chapters, symbols or words")
        )
    if score[EvidenceKind.WITNESS][i, j]:
        out.append(Evidence(EvidenceKind.WITNESS, f"{witness_name} pairs them"))
    return tuple(out)
