"""Term pairs from a translation's glossary and the EN glossary: :func:`pair_glossaries`, and
from a store: :func:`load_catalog`.

Format knowledge (checked on the real files):

* JA 総合ルール 20260116 用語集: 728 headwords ``相棒（あいぼう）／Companion`` in reading order;
  the English original names the EN entry, but not always as the EN glossary spells it: senses
  of one EN entry are separate JA entries (``引く／Draw(1)``, ``引き分け／Draw(2)``,
  ``打ち消す／Counter(v)``, ``カウンター／Counter(n)``); the singular of a plural EN headword
  (``Turn-Based Action`` / ``Turn-Based Actions``); ``Die`` / ``Dies``; typos
  (``Staion Cards``, ``Modal DoubleFaced Cards``); ``／`` for the EN glossary's ``,``
  (``Banding/"Bands with Other"``). So: exact name, then the parts, then a similar name whose
  definition cites the same rules, then the same cited rules alone. Obsolete entries begin
  their definition with ``(廃語)`` (EN: ``(Obsolete)`` after the headword).
* Keyword rules are headed ``702.19. トランプル／Trample`` (:func:`mtgcr.extract.terms.rule_title_pairs`).
* ZH bilingual edition ``glossary.md``: each heading line gives both headwords
  (:mod:`mtgcr.extract.formats.cr_markdown` stores the EN one as the ZH entry's original and an
  EN entry on the same line): pairs are explicit. The plain ZH glossary (``词汇表`` of the
  text files) gives no English: it is never paired by position.
* ZH ``translatedterms``: provisional translations (``term-pair`` facts with ``provisional``,
  :mod:`mtgcr.extract.formats.term_list`).
* RU ``Глоссарий`` headwords ``Русский термин (English Term)`` (profile data; no real copy).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from mtgcr.crossref.anchor import AnchorError
from mtgcr.crossref.glossary_anchor import concept_id, glossary_anchor_of
from mtgcr.crossref.textkey import compare_form
from mtgcr.crossref.translation.langpair import english_counterpart
from mtgcr.extract.glossary_lookup import reading_of
from mtgcr.extract.model import GlossaryEntry, Release, Ruleset
from mtgcr.extract.profiles import PROFILES
from mtgcr.extract.references import find_references
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.terms import rule_title_pairs

from mtgcr.reports.glossary.model import Catalog, Origin, Provenance, Status, TermPair
from mtgcr.errors import MtgcrError

__all__ = [
    "ListedTerm",
    "RuleTitle",
    "rule_titles",
    "bilingual_titles",
    "pair_glossaries",
    "load_catalog",
    "GlossaryError",
    "cited_rules",
]

#: Similarity (0–100, rapidfuzz ``ratio`` on folded names) from which an original that names
#: no EN headword exactly is taken for one whose definition cites the same rules.
SIMILAR_NAME = 80

_SENSE = re.compile(r"\s*[（(]\s*(?P<sense>\d{1,2}|[nv])\s*[）)]\s*$")
_OBSOLETE_JA = re.compile(r"^\s*[（(]\s*廃語\s*[）)]")
#: "(Obsolete)" after an original (the ZH bilingual edition keeps it: ``Tribal (Obsolete)``).
_OBSOLETE_EN = re.compile(r"\s*[（(]\s*(?:Obsolete|已废止)\s*[）)]\s*$", re.I)


class GlossaryError(MtgcrError):
    """Nothing to export or a release that cannot be paired; the message says why, in one line."""


@dataclass(frozen=True)
class ListedTerm:
    """One line of a provisional term list: EN name, translated name, document and line."""

    en: str
    term: str
    document: str
    line: int


def _key(name: str) -> str:
    return re.sub(r"\s+", " ", compare_form(name).casefold().replace("’", "'")).strip(" .")


def cited_rules(text: str) -> tuple[RuleNumber, ...]:
    """The rule numbers a definition cites (``See rule 702.139``, ``rule 702.139〔相棒〕参照``,
    ``700.13. 参照``), ranges by both ends, in text order without repeats."""
    out: list[RuleNumber] = []
    for ref in find_references(text):
        for n in ref.numbers:
            if n not in out:
                out.append(n)
    return tuple(out)


class _EnIndex:
    """The EN glossary by folded name (headword, aliases, the whole headword line)."""

    def __init__(self, entries: Sequence[GlossaryEntry]) -> None:
        self.entries = list(entries)
        self.by_name: dict[str, GlossaryEntry] = {}
        for g in self.entries:
            for n in (g.term, *g.aliases, ", ".join((g.term, *g.aliases))):
                self.by_name.setdefault(_key(n), g)
        self.names = list(self.by_name)
        self.cites = {id(g): frozenset(cited_rules(g.text)) for g in self.entries}

    def find(self, original: str, text: str) -> tuple[GlossaryEntry | None, str]:
        """The EN entry an original names and how (``""`` exact, else a note)."""
        k = _key(original)
        if k in self.by_name:
            return self.by_name[k], ""
        parts = [p for p in re.split(r"\s*[/／,、]\s*", original) if p.strip()]
        hits = {id(e): e for e in (self.by_name.get(_key(p)) for p in parts) if e is not None}
        if len(hits) == 1:
            return next(iter(hits.values())), ""
        cites = frozenset(cited_rules(text))
        from rapidfuzz import fuzz, process

        for name, score, _ in process.extract(
            k, self.names, scorer=fuzz.ratio, limit=5, score_cutoff=SIMILAR_NAME
        ):
            e = self.by_name[name]
            if cites and self.cites[id(e)] == cites or score >= 92:
                return e, (
                    f"the original {original!r} is no EN headword; taken for {e.term!r} "
                    f"(similar name{', same rules cited' if cites else ''})"
                )
        if cites:
            same = [e for e in self.entries if self.cites[id(e)] == cites]
            close = [e for e in same if fuzz.partial_ratio(k, _key(e.term)) >= SIMILAR_NAME]
            if len(close) == 1:
                return close[0], (
                    f"the original {original!r} is no EN headword; taken for "
                    f"{close[0].term!r} (same rules cited, name contained)"
                )
        return None, f"the original {original!r} names no entry of the EN glossary"


def _release_name(r: Release) -> str:
    return f"{r.label}.{r.revision}" if r.revision else r.label


def pair_glossaries(
    tr: Ruleset,
    en: Ruleset | None,
    *,
    document: str = "",
    origin: Origin = Origin.GLOSSARY,
    en_same_line: Sequence[GlossaryEntry] = (),
    listed: Sequence[ListedTerm] = (),
    rules: Ruleset | None = None,
    wiki: Sequence[ListedTerm] = (),
    titles: Sequence[RuleTitle] = (),
) -> Catalog:
    """Pair a translation's glossary with the EN glossary.

    Args:
        tr: the translated ruleset whose glossary entries give English originals
            (:attr:`GlossaryEntry.original`); entries without one are not paired.
        en: the EN ruleset of the same release (its glossary is the concept system), or
            ``None`` when it is not stored (pairs then have no anchor and no EN definition,
            unless ``en_same_line`` gives them).
        document: the file the glossary was read from (provenance; default ``tr.source``).
        origin: :attr:`Origin.GLOSSARY` or :attr:`Origin.BILINGUAL`.
        en_same_line: for a bilingual edition, its EN entries; an EN entry on the same
            heading line as a translated one is its explicit counterpart (its definition is
            the EN definition when ``en`` lacks the entry).
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
        A :class:`Catalog` (pairs in EN glossary order, then pairs with no EN entry) with a
        note for each entry that could not be tied to an EN entry.
    """
    document = document or tr.source
    index = _EnIndex(en.glossary if en is not None else ())
    same_line = {g.line: g for g in en_same_line}
    tr_name = _release_name(tr.release)
    prof = PROFILES.get(tr.release.lang)
    note_re = prof.note_re if prof is not None else None
    en_name = _release_name(en.release) if en is not None else None
    cat = Catalog(
        tr.release.lang, tr.release, en.release if en is not None else None, source=document
    )
    pairs: list[TermPair] = []

    def make(
        en_entry: GlossaryEntry | None,
        en_text: str,
        original: str,
        term: str,
        reading: str | None,
        text: str,
        status: Status,
        prov: Provenance,
        sense: str,
        notes: list[str],
    ) -> TermPair:
        anchor = sha = None
        if en_entry is not None and en is not None:
            try:
                a = glossary_anchor_of(en.release, en_entry)
                anchor, sha = str(a), a.text_sha256
            except AnchorError:
                pass
        head = en_entry.term if en_entry is not None else original
        if en_entry is not None and en_entry.obsolete:
            status = Status.OBSOLETE
        return TermPair(
            concept_id(head),
            head,
            term,
            tr.release.lang,
            reading,
            en_entry.text if en_entry is not None else en_text,
            text,
            cited_rules(en_entry.text) if en_entry is not None else cited_rules(en_text),
            cited_rules(text),
            status,
            tr_name,
            en_name,
            anchor,
            sha,
            (prov,),
            sense,
            tuple(notes),
        )

    for g in tr.glossary:
        if not g.original:
            continue
        term = g.term or (reading_of(g) or "")
        notes = [] if g.term else ["the headword has no term; its reading stands for it"]
        if note_re is not None and note_re.search(term):
            term = note_re.sub("", term).strip()
            notes.append(f"the translator's note in the headword {g.term!r} is left out")
        original = _OBSOLETE_EN.sub("", g.original)
        m = _SENSE.search(original)
        base, sense = (original[: m.start()], m.group("sense")) if m else (original, "")
        explicit = same_line.get(g.line)
        en_entry, how = index.find(base, g.text)
        if explicit is not None and (
            en_entry is None or _key(en_entry.term) != _key(explicit.term)
        ):
            # the edition's own EN headword on the same line decides
            en_entry, how = index.by_name.get(_key(explicit.term)), ""
        if how:
            notes.append(how)
        if en_entry is None and explicit is None and en is not None:
            cat.notes.append(f"{document}:{g.line}: {g.heading or g.term}: {how}")
        en_def = en_entry if en_entry is not None else explicit
        if en_def is not None:
            en_cites = set(cited_rules(en_def.text))
            tr_cites = set(cited_rules(g.text))
            if en_cites and tr_cites and not en_cites & tr_cites:
                notes.append(
                    "the two definitions cite different rules ("
                    + ", ".join(sorted(map(str, tr_cites)))
                    + " / "
                    + ", ".join(sorted(map(str, en_cites)))
                    + "): renumbered references, or a headword paired with another "
                    "entry's text in the source"
                )
        status = (
            Status.OBSOLETE
            if (g.obsolete or _OBSOLETE_JA.match(g.text) or original != g.original)
            else Status.OFFICIAL
        )
        pairs.append(
            make(
                en_entry,
                explicit.text if explicit is not None else "",
                explicit.term if explicit is not None else base.strip(),
                term,
                reading_of(g),
                g.text,
                status,
                Provenance(document, g.line, origin),
                sense,
                notes,
            )
        )
    heads = (rule_titles(rules) if rules is not None else []) + list(titles)
    if heads:
        pairs = _add_rule_titles(pairs, heads, index, make)
    if listed:
        pairs = _apply_list(pairs, listed, index, make)
    if wiki:
        pairs = _apply_wiki(pairs, wiki, index, make)
    order = {id(g): i for i, g in enumerate(index.entries)}
    by_concept = {concept_id(g.term): order[id(g)] for g in index.entries}
    pairs.sort(
        key=lambda p: (by_concept.get(p.concept or "", len(order)), p.en.casefold(), p.sense)
    )
    cat.pairs = pairs
    return cat


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
    pairs: list[TermPair], titles: Sequence[RuleTitle], index: _EnIndex, make
) -> list[TermPair]:
    """Keyword headings: a heading that repeats a glossary pair adds its provenance; one whose
    EN name has no pair yet becomes a pair of its own (definition: the rule it heads)."""
    from dataclasses import replace

    where = {(p.concept, _key(p.term)): i for i, p in enumerate(pairs)}
    have = {p.concept for p in pairs}
    out = list(pairs)
    for t in titles:
        prov = Provenance(t.document, t.line, Origin.RULE_TITLE)
        en_entry, _ = index.find(t.en, "")
        head = en_entry.term if en_entry is not None else t.en
        cid = concept_id(head)
        i = where.get((cid, _key(t.term)))
        if i is not None:
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
        p = make(en_entry, "", t.en, t.term, None, "", Status.OFFICIAL, prov, "", note)
        p = replace(p, rules=(t.number,))
        where[(cid, _key(t.term))] = len(out)
        out.append(p)
    return out


def _apply_list(
    pairs: list[TermPair], listed: Sequence[ListedTerm], index: _EnIndex, make
) -> list[TermPair]:
    """Mark the pairs of listed EN names provisional; add listed names with no pair."""
    from dataclasses import replace

    out = list(pairs)
    by_en: dict[str, list[int]] = {}
    for i, p in enumerate(out):
        by_en.setdefault(_key(p.en), []).append(i)
    for item in listed:
        prov = Provenance(item.document, item.line, Origin.TERM_LIST)
        en_entry, _ = index.find(item.en, "")
        keys = {_key(item.en)} | ({_key(en_entry.term)} if en_entry is not None else set())
        hits = [i for k in keys for i in by_en.get(k, [])]
        if hits:
            for i in hits:
                p = out[i]
                note = (
                    ()
                    if _key(p.term) == _key(item.term)
                    else (f"the provisional list gives {item.term!r}",)
                )
                out[i] = replace(
                    p,
                    status=Status.PROVISIONAL if p.status is Status.OFFICIAL else p.status,
                    provenance=p.provenance + (prov,),
                    notes=p.notes + note,
                )
            continue
        out.append(
            make(
                en_entry,
                "",
                item.en,
                item.term,
                None,
                "",
                Status.PROVISIONAL,
                prov,
                "",
                [] if en_entry is not None else ["not in the EN glossary"],
            )
        )
        by_en.setdefault(_key(item.en), []).append(len(out) - 1)
    return out


def _apply_wiki(
    pairs: list[TermPair], wiki: Sequence[ListedTerm], index: _EnIndex, make
) -> list[TermPair]:
    """Wiki terms: provenance for pairs they repeat, provisional pairs for other renderings
    of an EN entry (one per rendering)."""
    from dataclasses import replace

    out = list(pairs)
    where = {(p.concept, _key(p.term)): i for i, p in enumerate(out)}
    for item in wiki:
        en_entry, how = index.find(item.en, "")
        if en_entry is None:
            continue
        cid = concept_id(en_entry.term)
        prov = Provenance(item.document, item.line, Origin.WIKI)
        i = where.get((cid, _key(item.term)))
        if i is not None:
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
        where[(cid, _key(item.term))] = len(out)
        out.append(
            make(en_entry, "", item.en, item.term, None, "", Status.PROVISIONAL, prov, "", note)
        )
    return out


#: Wiki term-pair sources that name rules terms (card pairs are another fact kind).
WIKI_TERM_SOURCES = ("title", "page-title", "heading", "inline")


# -- from a store ------------------------------------------------------------------------------
def _originals(store, release_id: int) -> int:
    return store.conn.execute(
        "SELECT COUNT(*) FROM glossary WHERE release_id=? AND original "
        "IS NOT NULL AND original != ''",
        (release_id,),
    ).fetchone()[0]


def _edition_titles(store, lang: str, label: str, glossary_origin: str) -> list[RuleTitle]:
    """The keyword headings of the chapter files of the bilingual edition a glossary belongs
    to (releases of ``label`` with an origin ``markdown:…`` other than the glossary's)."""
    from mtgcr.extract.records import from_record

    if not glossary_origin.startswith("markdown:"):
        return []
    en_side = {r.origin: r for r in store.releases("en") if r.label == label}
    out: list[RuleTitle] = []
    for r in store.releases(lang):
        e = en_side.get(r.origin)
        if (
            r.label == label
            and r.origin.startswith("markdown:")
            and r.origin != glossary_origin
            and e is not None
            and r.counts.get("rules")
        ):
            out += bilingual_titles(
                from_record(store.release_rows(r.id)), from_record(store.release_rows(e.id))
            )
    return out


def load_catalog(store, lang: str, spec: str | None = None) -> Catalog:
    """The catalog of translation ``lang`` release ``spec`` (label, date, or newest) in a store.

    The glossary is the stored release of that label whose glossary gives the most English
    originals (the JA official text; for ZH the bilingual edition's ``glossary.md``, never the
    plain ZH glossary); rule headings come from the complete release of that label; the EN
    release is the complete EN release of the same label (else of the same effective date),
    else the EN side of a bilingual edition; provisional lists are the stored ``term-pair``
    facts of that language marked ``provisional``.

    Args:
        store: an open :class:`mtgcr.corpus.store.Store`.
        lang: ``ja``, ``zh``, ``ru`` …
        spec: release label (``20260116``), date, or ``None``/``latest``: the newest release
            whose glossary gives English originals.

    Raises:
        GlossaryError: ``lang`` is ``en``; or no stored release of that label has a glossary
            with English originals (nothing to export; the message names what to ingest).
        StoreError: no release of ``lang`` (or no such release) in the store.
    """
    from mtgcr.extract.records import from_record

    if lang == "en":
        raise GlossaryError(
            "the EN glossary is the concept system; give a translation's "
            "language (--lang ja, zh or ru)"
        )
    rels = store.releases(lang)
    if spec is None or spec.strip() in ("", "latest"):
        with_orig = [r for r in rels if _originals(store, r.id)]
        label = (
            max(with_orig or rels, key=lambda r: (r.effective_date or "", r.label)).label
            if rels
            else store.resolve(None, lang).label
        )
    else:
        label = store.resolve(spec, lang).label
    same = [r for r in rels if r.label == label]
    counts = {r.id: _originals(store, r.id) for r in same}
    best = max(same, key=lambda r: (counts[r.id], r.complete))
    if counts[best.id] == 0:
        n = sum(r.counts.get("glossary") or 0 for r in same)
        why = (
            f"its glossary ({n} entries) gives no English headwords, and entries are never "
            f"paired by position"
            if n
            else "it has no glossary"
        )
        hint = (
            " — ingest the bilingual edition (a glossary.md with both headwords) of that release"
            if lang == "zh"
            else ""
        )
        raise GlossaryError(f"nothing to export for {lang} {label}: {why}{hint}")
    tr = from_record(store.release_rows(best.id))
    full = next((r for r in same if r.complete), None)
    rules = tr if best.complete else (from_record(store.release_rows(full.id)) if full else None)
    en_infos = [r for r in store.releases("en") if r.complete]
    en_info = english_counterpart(tr.release, en_infos)
    en = from_record(store.release_rows(en_info.id)) if en_info is not None else None
    en_same: list[GlossaryEntry] = []
    titles: list[RuleTitle] = []
    origin = Origin.GLOSSARY
    if not best.complete:  # a bilingual edition: its EN side is on the same lines
        side = next(
            (r for r in store.releases("en") if r.label == label and r.origin == best.origin), None
        )
        if side is not None:
            en_same = from_record(store.release_rows(side.id)).glossary
            origin = Origin.BILINGUAL
            if en is None:
                en = from_record(store.release_rows(side.id))
        titles = _edition_titles(store, lang, label, best.origin)
    listed = [
        ListedTerm(f["en"], f["term"], f.get("document_source", ""), f.get("line", 0))
        for f in store.facts("term-pair")
        if f.get("provisional") and f.get("lang") == lang
    ]
    wiki = [
        ListedTerm(
            f["en"], f["ja"], f.get("page") or f.get("document_source", ""), f.get("line", 0)
        )
        for f in store.facts("term-pair")
        if lang == "ja"
        and f.get("kind") == "term"
        and f.get("source") in WIKI_TERM_SOURCES
        and not f.get("in_quote")
        and f.get("ja")
        and f.get("en")
    ]
    cat = pair_glossaries(
        tr,
        en,
        document=best.source or tr.source,
        origin=origin,
        en_same_line=en_same,
        listed=listed,
        rules=None if titles else rules,
        wiki=wiki,
        titles=titles,
    )
    if en is None:
        cat.notes.insert(
            0,
            f"no EN release {label} stored: pairs have no anchor and no EN "
            f"definition (ingest the EN release {label})",
        )
    return cat
