"""Term pairs of a translation's glossary and the EN glossary: :func:`pair_glossaries` (entries
that name their English original) and :func:`pair_by_evidence` (entries that do not); the
catalog of a stored release is :func:`mtgcr.reports.glossary.from_store.load_catalog`.

Format knowledge (checked on the real files):

* JA 総合ルール 20260116 用語集: 728 headwords ``相棒（あいぼう）／Companion`` in reading order;
  the English original names the EN entry, but not always as the EN glossary spells it: senses
  of one EN entry are separate JA entries (``引く／Draw(1)``, ``引き分け／Draw(2)``,
  ``打ち消す／Counter(v)``, ``カウンター／Counter(n)``); the singular of a plural EN headword
  (``Turn-Based Action`` / ``Turn-Based Actions``); ``Die`` / ``Dies``; typos
  (``Staion Cards``, ``Modal DoubleFaced Cards``); ``／`` for the EN glossary's ``,``
  (``Banding/"Bands with Other"``). So: exact name, then the parts, then a similar name whose
  definition cites the same rules, then the same cited rules alone. Obsolete entries begin
  their definition with ``(廃語)`` (EN: ``(Obsolete)`` after the headword). One headword
  ``（へや）／Room`` has lost its term; its reading stands for it.
* Keyword rules are headed ``702.19. トランプル／Trample`` (:func:`mtgcr.extract.terms.rule_title_pairs`).
* ZH: neither the plain ``词汇表`` nor a headword line of the bilingual ``glossary.md`` is
  evidence of a pair (:mod:`mtgcr.crossref.translation.glossary_pairs`): entries are paired
  by the rules they cite, keyword headings and cross-references, the bilingual edition's
  headwords being a second witness whose disagreements are listed.
* ZH ``translatedterms``: provisional translations (``term-pair`` facts with ``provisional``,
  :mod:`mtgcr.extract.formats.term_list`).
* RU ``Глоссарий`` headwords ``Русский термин (English Term)`` (profile data; no real copy).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from mtgcr.crossref.anchor import AnchorError
from mtgcr.crossref.glossary_anchor import concept_id, glossary_anchor_of
from mtgcr.crossref.translation.glossary_pairs import (
    EvidenceKind,
    cited_rules,
    name_key,
    pair_glossary_entries,
)
from mtgcr.errors import NotFound
from mtgcr.extract.glossary_lookup import reading_of
from mtgcr.extract.model import GlossaryEntry, Release, Ruleset
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.terms import rule_title_pairs

from mtgcr.reports.glossary.concepts import (
    EnIndex,
    assign_parts,
    concept_kind,
    part_of_speech,
    see_also,
    sense_of_marker,
    split_senses,
    successor_of,
    term_parts,
)
from mtgcr.reports.glossary.model import (
    Catalog,
    Origin,
    Provenance,
    Status,
    TermPair,
    entry_id,
    file_name,
)

__all__ = [
    "ListedTerm",
    "RuleTitle",
    "rule_titles",
    "bilingual_titles",
    "pair_glossaries",
    "pair_by_evidence",
    "GlossaryError",
    "cited_rules",
    "WIKI_TERM_SOURCES",
]

#: Similarity (0–100, rapidfuzz ``ratio`` on folded names) from which an original that names
#: no EN headword exactly is taken for one whose definition cites the same rules.
SIMILAR_NAME = 80

_SENSE = re.compile(r"\s*[（(]\s*(?P<sense>\d{1,2}|[nv])\s*[）)]\s*$")
_OBSOLETE_JA = re.compile(r"^\s*[（(]\s*廃語\s*[）)]")
#: "(Obsolete)" after an original (the ZH bilingual edition keeps it: ``Tribal (Obsolete)``).
_OBSOLETE_EN = re.compile(r"\s*[（(]\s*(?:Obsolete|已废止)\s*[）)]\s*$", re.I)
_OBSOLETE_ZH = re.compile(r"[（(]\s*已废止\s*[）)]")
#: A sense EN marks obsolete: ``3. (Obsolete) Casting a spell used to be known as …``.
_OBSOLETE_SENSE = re.compile(r"\s*[1-9]\.\s*\(Obsolete\)", re.I)


class GlossaryError(NotFound):
    """Nothing to export or a release that cannot be paired; the message says why, in one line."""


@dataclass(frozen=True)
class ListedTerm:
    """One line of a provisional term list: EN name, translated name, document and line."""

    en: str
    term: str
    document: str
    line: int


def _release_name(r: Release) -> str:
    return f"{r.label}.{r.revision}" if r.revision else r.label


class _Finder:
    """The EN entry an original names (JA ``／Companion``, RU ``(Companion)``, a list's EN name)."""

    def __init__(self, index: EnIndex) -> None:
        self.index = index
        self.names = list(index.by_name)

    def find(self, original: str, text: str) -> tuple[GlossaryEntry | None, str]:
        """The EN entry an original names and how (``""`` exact, else a note)."""
        hit = self.index.named(original)
        if hit is not None:
            return hit, ""
        parts = [p for p in re.split(r"\s*[/／,、]\s*", original) if p.strip()]
        hits = {id(e): e for e in (self.index.named(p) for p in parts) if e is not None}
        if len(hits) == 1:
            return next(iter(hits.values())), ""
        cites = frozenset(cited_rules(text))
        from rapidfuzz import fuzz, process

        k = name_key(original)
        for name, score, _ in process.extract(
            k, self.names, scorer=fuzz.ratio, limit=5, score_cutoff=SIMILAR_NAME
        ):
            e = self.index.by_name[name]
            if cites and self.index.cites[id(e)] == cites or score >= 92:
                return e, (
                    f"the original {original!r} is no EN headword; taken for {e.term!r} "
                    f"(similar name{', same rules cited' if cites else ''})"
                )
        if cites:
            same = [e for e in self.index.entries if self.index.cites[id(e)] == cites]
            close = [e for e in same if fuzz.partial_ratio(k, name_key(e.term)) >= SIMILAR_NAME]
            if len(close) == 1:
                return close[0], (
                    f"the original {original!r} is no EN headword; taken for "
                    f"{close[0].term!r} (same rules cited, name contained)"
                )
        return None, f"the original {original!r} names no entry of the EN glossary"


class _Maker:
    """Makes the term pairs of one translated entry and one EN entry: one per term of the
    headword and sense of the EN entry (see :mod:`.concepts`)."""

    def __init__(self, tr: Ruleset, en: Ruleset | None) -> None:
        self.tr, self.en = tr, en
        self.index = EnIndex(en.glossary if en is not None else ())
        self.finder = _Finder(self.index)
        self.lang = tr.release.lang
        self.tr_name = _release_name(tr.release)
        self.en_name = _release_name(en.release) if en is not None else None
        self._senses: dict[int, list[str]] = {}

    def senses(self, g: GlossaryEntry) -> list[str]:
        """The EN entry's senses (one text per sense)."""
        got = self._senses.get(id(g))
        if got is None:
            got = self._senses[id(g)] = split_senses(g.text)
        return got

    def sense_ids(self, g: GlossaryEntry) -> list[str]:
        """The entry ids of every sense of an EN entry."""
        n = len(self.senses(g))
        cid = concept_id(g.term)
        return [entry_id(cid, g.term, str(k + 1) if n > 1 else "") for k in range(n)]

    def _anchor(self, g: GlossaryEntry) -> tuple[str | None, str | None]:
        if self.en is None:
            return None, None
        try:
            a = glossary_anchor_of(self.en.release, g)
        except AnchorError:
            return None, None
        return str(a), a.text_sha256

    def pairs(
        self,
        en_entry: GlossaryEntry | None,
        original: str,
        headword: str,
        reading: str | None,
        text: str,
        status: Status,
        prov: Provenance,
        marker: str = "",
        notes: Sequence[str] = (),
        en_text: str = "",
    ) -> list[TermPair]:
        """The pairs of one translated headword (``headword``, its definition ``text``) and
        the EN entry it translates (``None``: no EN entry; ``original`` names the term).

        Args:
            marker: the sense the translation names (JA ``Draw(1)`` → ``"1"``, ``"v"``), or
                ``""``: the headword covers every sense.
            en_text: the EN definition when there is no EN entry (a bilingual edition's).
        """
        parts = term_parts(headword) if headword else []
        if not parts:
            return []
        if en_entry is None:
            return [
                TermPair(
                    concept_id(original),
                    original,
                    p.term,
                    self.lang,
                    reading,
                    en_text,
                    text,
                    cited_rules(en_text),
                    cited_rules(text),
                    status,
                    self.tr_name,
                    self.en_name,
                    provenance=(prov,),
                    notes=tuple(notes),
                    en_names=(original,),
                    headword=headword,
                    translator_note=p.note,
                )
                for p in parts
            ]
        if en_entry.obsolete:
            status = Status.OBSOLETE
        anchor, sha = self._anchor(en_entry)
        en_senses = self.senses(en_entry)
        ids = self.sense_ids(en_entry)
        tr_senses = _match_senses(split_senses(text), en_senses, text)
        wanted: list[int] = list(range(len(en_senses)))
        if marker and len(en_senses) > 1:
            k = sense_of_marker(marker, text, en_senses)
            if k is not None:
                wanted = [k]
                tr_senses = [text] * len(en_senses)
        names = [en_entry.term, *en_entry.aliases]
        successor = successor_of(en_entry, self.index)
        obsolete_sense = [bool(_OBSOLETE_SENSE.match(x)) for x in en_senses]
        related = [i for g in see_also(en_entry, self.index) for i in self.sense_ids(g)[:1]]
        cid = concept_id(en_entry.term)
        out = []
        for part, name, only in assign_parts(parts, names, len(en_senses)):
            for k in wanted if only is None else [only]:
                if k not in wanted:
                    continue
                sense_text = en_senses[k]
                multi = len(en_senses) > 1
                succ = successor
                st = status
                if obsolete_sense[k]:  # "3. (Obsolete) … See Cast.": a deprecated sense
                    st = Status.OBSOLETE
                    named = see_also(GlossaryEntry(en_entry.term, (), sense_text, 0), self.index)
                    succ = named[0] if named else None
                others = tuple(i for j, i in enumerate(ids) if j != k) if multi else ()
                out.append(
                    TermPair(
                        cid,
                        name,
                        part.term,
                        self.lang,
                        reading,
                        sense_text,
                        tr_senses[k],
                        cited_rules(sense_text) if multi else cited_rules(en_entry.text),
                        cited_rules(tr_senses[k]),
                        st,
                        self.tr_name,
                        self.en_name,
                        anchor,
                        sha,
                        (prov,),
                        str(k + 1) if multi else "",
                        tuple(notes),
                        tuple(names),
                        headword,
                        part_of_speech(name, sense_text),
                        concept_kind(sense_text),
                        self.sense_ids(succ)[0] if succ is not None else None,
                        succ.term if succ is not None else None,
                        tuple(dict.fromkeys(related + list(others))),
                        part.note,
                    )
                )
        return out


def _match_senses(tr_senses: list[str], en_senses: list[str], text: str) -> list[str]:
    """The translated definition of each EN sense: the senses side by side when both number
    as many; else each EN sense the one translated sense citing the same rules (JA ``プレイ``
    numbers a third, obsolete sense EN no longer has); else the whole definition for each."""
    if len(tr_senses) == len(en_senses):
        return tr_senses
    if len(tr_senses) > 1 and len(en_senses) > 1:
        got = []
        for s in en_senses:
            mine = set(cited_rules(s))
            hits = [t for t in tr_senses if mine and set(cited_rules(t)) == mine]
            got.append(hits[0] if len(hits) == 1 else None)
        # senses EN cites no rule for (its obsolete senses) get no translated definition,
        # when every sense that cites rules found its own
        cited = [g for g, s in zip(got, en_senses) if cited_rules(s)]
        if cited and all(cited) and len(set(cited)) == len(cited):
            return [g or "" for g in got]
    return [text] * len(en_senses)


def _cite_note(en_def: GlossaryEntry, tr_text: str) -> list[str]:
    en_cites = set(cited_rules(en_def.text))
    tr_cites = set(cited_rules(tr_text))
    if en_cites and tr_cites and not en_cites & tr_cites:
        return [
            "the two definitions cite different rules ("
            + ", ".join(sorted(map(str, tr_cites)))
            + " / "
            + ", ".join(sorted(map(str, en_cites)))
            + ")"
        ]
    return []


def pair_glossaries(
    tr: Ruleset,
    en: Ruleset | None,
    *,
    document: str = "",
    origin: Origin = Origin.GLOSSARY,
    listed: Sequence[ListedTerm] = (),
    rules: Ruleset | None = None,
    wiki: Sequence[ListedTerm] = (),
    titles: Sequence[RuleTitle] = (),
) -> Catalog:
    """Pair a translation's glossary with the EN glossary through the English original each
    translated entry names (JA ``相棒（あいぼう）／Companion``, RU ``Термин (English)``).

    Args:
        tr: the translated ruleset whose glossary entries give English originals
            (:attr:`GlossaryEntry.original`); entries without one are not paired.
        en: the EN ruleset of the same release (its glossary is the concept system), or
            ``None`` when it is not stored (pairs then have no anchor and no EN definition).
        document: the file the glossary was read from (provenance; default ``tr.source``;
            only its file name is kept).
        origin: :attr:`Origin.GLOSSARY` or :attr:`Origin.BILINGUAL`.
        listed: provisional translations (ZH ``translatedterms``): a pair of a listed EN name
            is provisional; a listed name with no glossary pair becomes a provisional pair.
        rules: the complete translated ruleset of that release, for keyword headings
            (``702.19. トランプル／Trample``); ``None``: none.
        titles: further keyword headings (a bilingual edition's, :func:`bilingual_titles`).
        wiki: rules terms found on MTG Wiki pages (a page's subject, headings, 「…／…」; never
            card names): one that repeats a pair adds its page to the provenance; one whose
            EN names an EN entry with another rendering becomes a provisional pair; others
            (no EN glossary entry) are left out.

    Returns:
        A :class:`Catalog`: one pair per translated term and EN sense (see
        :mod:`mtgcr.reports.glossary.model`), in EN glossary order, then pairs with no EN
        entry; a note for each entry that could not be tied to an EN entry.
    """
    document = file_name(document or tr.source)
    mk = _Maker(tr, en)
    cat = Catalog(
        tr.release.lang, tr.release, en.release if en is not None else None, source=document
    )
    pairs: list[TermPair] = []
    for g in tr.glossary:
        if not g.original:
            continue
        headword = g.term or (reading_of(g) or "")
        notes = [] if g.term else ["the headword has no term; its reading stands for it"]
        original = _OBSOLETE_EN.sub("", g.original)
        m = _SENSE.search(original)
        base, marker = (original[: m.start()], m.group("sense")) if m else (original, "")
        en_entry, how = mk.finder.find(base, g.text)
        if how:
            notes.append(how)
        if en_entry is None and en is not None:
            cat.notes.append(f"{document}:{g.line}: {g.heading or g.term}: {how}")
        if en_entry is not None:
            notes += _cite_note(en_entry, g.text)
        status = (
            Status.OBSOLETE
            if (g.obsolete or _OBSOLETE_JA.match(g.text) or original != g.original)
            else Status.OFFICIAL
        )
        pairs += mk.pairs(
            en_entry,
            base.strip(),
            headword,
            reading_of(g),
            g.text,
            status,
            Provenance(document, g.line, origin),
            marker,
            notes,
        )
    return _finish(cat, pairs, mk, rules, titles, listed, wiki)


def pair_by_evidence(
    tr: Ruleset,
    en: Ruleset,
    *,
    document: str = "",
    witness: Mapping[str, str] | None = None,
    witness_name: str = "the bilingual edition",
    listed: Sequence[ListedTerm] = (),
    titles: Sequence[RuleTitle] = (),
) -> Catalog:
    """Pair a translation's glossary whose headwords give no English (ZH) with the EN
    glossary of the same release by evidence
    (:func:`mtgcr.crossref.translation.glossary_pairs.pair_glossary_entries`: cited rules,
    keyword headings, cross-references; ``witness`` a second source).

    Args:
        tr: the complete translated ruleset (glossary, rules and headings).
        en: the EN ruleset of the same release.
        document: the file the glossary was read from (its file name is kept).
        witness: translated headword (folded, :func:`~mtgcr.crossref.translation.glossary_pairs.name_key`)
            → EN headword, from a bilingual edition.
        witness_name: how the catalog's notes name the witness.
        listed, titles: as for :func:`pair_glossaries`.

    Returns:
        A :class:`Catalog`; its ``disagreements`` list every headword the witness pairs
        otherwise, its ``notes`` the entries left unpaired and the pairs whose cited rules
        differ.
    """
    document = file_name(document or tr.source)
    mk = _Maker(tr, en)
    cat = Catalog(tr.release.lang, tr.release, en.release, source=document)
    pairing = pair_glossary_entries(tr, en, witness, witness_name)
    pairs: list[TermPair] = []
    for p in pairing.pairs:
        notes = [
            "paired by evidence: " + "; ".join(str(e) for e in p.evidence),
        ]
        if p.renumbered:
            notes.append(
                "cites " + ", ".join(f"{a} (its title is now {b}'s)" for a, b in p.renumbered)
            )
        if not p.rules_agree and EvidenceKind.RULES_NEAR in p.kinds:
            notes += _cite_note(p.en, p.tr.text) or ["the cited rules differ in part"]
        obsolete = p.en.obsolete or bool(_OBSOLETE_ZH.search(p.tr.heading or ""))
        pairs += mk.pairs(
            p.en,
            p.en.term,
            _OBSOLETE_ZH.sub("", p.tr.term).strip(),
            None,
            p.tr.text,
            Status.OBSOLETE if obsolete else Status.OFFICIAL,
            Provenance(document, p.tr.line, Origin.GLOSSARY),
            "",
            notes,
        )
    for g in pairing.unpaired_tr:
        cat.notes.append(
            f"{document}:{g.line}: {g.term}: no EN entry of {en.release.label} is paired "
            "with it by any evidence (no cited rule, heading or cross-reference agrees)"
        )
    for g in pairing.unpaired_en:
        cat.notes.append(
            f"EN {en.release.label} {g.term!r} (line {g.line}): no {tr.release.lang} entry "
            "is paired with it"
        )
    cat.disagreements = [str(d) for d in pairing.disagreements]
    return _finish(cat, pairs, mk, None, titles, listed, ())


def _finish(
    cat: Catalog,
    pairs: list[TermPair],
    mk: _Maker,
    rules: Ruleset | None,
    titles: Sequence[RuleTitle],
    listed: Sequence[ListedTerm],
    wiki: Sequence[ListedTerm],
) -> Catalog:
    heads = (rule_titles(rules) if rules is not None else []) + list(titles)
    if heads:
        pairs = _add_rule_titles(pairs, heads, mk)
    if listed:
        pairs = _apply_list(pairs, listed, mk)
    if wiki:
        pairs = _apply_wiki(pairs, wiki, mk)
    order = {concept_id(g.term): i for i, g in enumerate(mk.index.entries)}
    end = len(order)
    pairs.sort(key=lambda p: (order.get(p.concept or "", end), p.sense, p.en.casefold()))
    cat.pairs = _unique(pairs)
    return cat


def _unique(pairs: list[TermPair]) -> list[TermPair]:
    """One pair per (concept sense, term): a repeat adds its provenance to the first."""
    out: list[TermPair] = []
    where: dict[tuple[str, str], int] = {}
    for p in pairs:
        k = (p.entry_id, name_key(p.term))
        i = where.get(k)
        if i is None:
            where[k] = len(out)
            out.append(p)
        else:
            q = out[i]
            extra = tuple(v for v in p.provenance if v not in q.provenance)
            out[i] = replace(q, provenance=q.provenance + extra)
    return out


@dataclass(frozen=True)
class RuleTitle:
    """A keyword rule's heading naming its term in both languages: the translated and EN
    names, the rule number, the document and line (``702.19. トランプル／Trample``; in a
    bilingual edition ``### 702.2. 死触 Deathtouch``)."""

    term: str
    en: str
    number: RuleNumber
    document: str
    line: int


def rule_titles(rules: Ruleset) -> list[RuleTitle]:
    """The keyword headings of a translated ruleset whose rule text is ``名前／Name``
    (:func:`mtgcr.extract.terms.rule_title_pairs`)."""
    heads = [r for r in rules.rules.values() if r.number.letters is None]
    by_line = {r.line: r.number for r in heads}
    return [
        RuleTitle(tp.ja, tp.en, by_line[tp.line], rules.source, tp.line)
        for tp in rule_title_pairs(heads)
        if tp.line in by_line
    ]


def bilingual_titles(tr: Ruleset, en: Ruleset) -> list[RuleTitle]:
    """The keyword headings of a bilingual edition's chapter: a rule whose translated and EN
    texts come from the same heading line (``### 702.2. 死触 Deathtouch``, read by
    :mod:`mtgcr.extract.formats.cr_markdown`) names the term in both languages."""
    out = []
    for n, r in tr.rules.items():
        e = en.rules.get(n)
        if (
            n.letters is None
            and e is not None
            and e.line == r.line
            and "\n" not in r.text
            and r.text
            and e.text
            and r.text != e.text
        ):
            out.append(RuleTitle(r.text.strip(), e.text.strip(), n, tr.source, r.line))
    return out


def _add_rule_titles(
    pairs: list[TermPair], titles: Sequence[RuleTitle], mk: _Maker
) -> list[TermPair]:
    """Keyword headings: a heading that repeats a glossary pair adds its provenance; one whose
    EN name has no pair yet becomes a pair of its own (definition: the rule it heads)."""
    where = {(p.concept, name_key(p.term)): i for i, p in enumerate(pairs)}
    have = {p.concept for p in pairs}
    out = list(pairs)
    for t in titles:
        prov = Provenance(t.document, t.line, Origin.RULE_TITLE)
        en_entry, _ = mk.finder.find(t.en, "")
        head = en_entry.term if en_entry is not None else t.en
        cid = concept_id(head)
        hits = [i for (c, k), i in where.items() if c == cid and k == name_key(t.term)]
        if hits:
            for i in hits:
                out[i] = replace(out[i], provenance=out[i].provenance + (prov,))
            continue
        note = (
            [
                f"rule {t.number} heads it; the glossary gives "
                + ", ".join(sorted({p.term for p in pairs if p.concept == cid}))
            ]
            if cid in have
            else []
        )
        made = mk.pairs(en_entry, t.en, t.term, None, "", Status.OFFICIAL, prov, "", note)
        # a keyword heading names the sense that cites its rule (Exile 2, "See rule 701.13")
        own = [p for p in made if t.number in p.rules_en and p.sense]
        if own and len(own) < len(made):
            made = own
        for p in made:
            # a heading names a term, never a translator's note: keep it one term
            p = replace(p, rules=(t.number,), headword=t.term)
            where[(cid, name_key(p.term))] = len(out)
            out.append(p)
    return out


def _apply_list(pairs: list[TermPair], listed: Sequence[ListedTerm], mk: _Maker) -> list[TermPair]:
    """Mark the pairs of listed EN names provisional; add listed names with no pair."""
    out = list(pairs)
    by_en: dict[str, list[int]] = {}
    for i, p in enumerate(out):
        for n in {p.en, *p.names}:
            by_en.setdefault(name_key(n), []).append(i)
    for item in listed:
        prov = Provenance(item.document, item.line, Origin.TERM_LIST)
        en_entry, _ = mk.finder.find(item.en, "")
        keys = {name_key(item.en)} | ({name_key(en_entry.term)} if en_entry is not None else set())
        hits = sorted({i for k in keys for i in by_en.get(k, [])})
        if hits:
            for i in hits:
                p = out[i]
                note = (
                    ()
                    if name_key(p.term) == name_key(item.term)
                    else (f"the provisional list gives {item.term!r}",)
                )
                out[i] = replace(
                    p,
                    status=Status.PROVISIONAL if p.status is Status.OFFICIAL else p.status,
                    provenance=p.provenance + (prov,),
                    notes=p.notes + note,
                )
            continue
        made = mk.pairs(
            en_entry,
            item.en,
            item.term,
            None,
            "",
            Status.PROVISIONAL,
            prov,
            "",
            [] if en_entry is not None else ["not in the EN glossary"],
        )
        for p in made:
            for n in {p.en, *p.names}:
                by_en.setdefault(name_key(n), []).append(len(out))
            out.append(p)
    return out


def _apply_wiki(pairs: list[TermPair], wiki: Sequence[ListedTerm], mk: _Maker) -> list[TermPair]:
    """Wiki terms: provenance for pairs they repeat, provisional pairs for other renderings
    of an EN entry (one per rendering)."""
    out = list(pairs)
    where: dict[tuple[str | None, str], list[int]] = {}
    for i, p in enumerate(out):
        where.setdefault((p.concept, name_key(p.term)), []).append(i)
    for item in wiki:
        en_entry, how = mk.finder.find(item.en, "")
        if en_entry is None:
            continue
        cid = concept_id(en_entry.term)
        prov = Provenance(item.document, item.line, Origin.WIKI)
        hits = where.get((cid, name_key(item.term)))
        if hits:
            for i in hits:
                if prov not in out[i].provenance:
                    out[i] = replace(out[i], provenance=out[i].provenance + (prov,))
            continue
        given = sorted(
            {
                p.term
                for p in out
                if p.concept == cid and p.provenance and p.provenance[0].origin is not Origin.WIKI
            }
        )
        note = (
            [f"an MTG Wiki rendering; the glossary gives {'、'.join(given)}"]
            if given
            else ["an MTG Wiki rendering"]
        )
        note += [how] if how else []
        made = mk.pairs(en_entry, item.en, item.term, None, "", Status.PROVISIONAL, prov, "", note)
        for p in made:
            where.setdefault((cid, name_key(p.term)), []).append(len(out))
            out.append(p)
    return out


#: Wiki term-pair sources that name rules terms (card pairs are another fact kind).
WIKI_TERM_SOURCES = ("title", "page-title", "heading", "inline")
