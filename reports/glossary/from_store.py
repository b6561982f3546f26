"""The glossary catalog of a stored translation release: :func:`load_catalog`.

Which pairing a release gets:

* a glossary whose entries name their English original in a complete release (JA
  ``相棒（あいぼう）／Companion``, RU ``Термин (English)``): :func:`~.build.pair_glossaries`, with the
  keyword headings of the same release and, for JA, the terms of ingested MTG Wiki pages;
* a glossary that names no English (ZH ``词汇表``, every plain ZH release 20220610 …
  20260417): :func:`~.build.pair_by_evidence` against the EN release of the same label, the
  stored bilingual editions' headword lines being the witness (by ZH headword, followed
  through the ZH glossary's renamed headwords between stored releases, e.g. 套牌张数下限 →
  套牌数量下限);
* only a bilingual edition stored for that label (its ``glossary.md``): the same evidence
  pairing of its ZH entries against the EN release of the label (else the edition's own EN
  side), its heading lines being the witness.

Provisional lists are the stored ``term-pair`` facts of the language marked ``provisional``
(ZH ``translatedterms``).
"""

from __future__ import annotations

from dataclasses import replace

from mtgcr.crossref.translation.glossary_pairs import name_key
from mtgcr.crossref.translation.langpair import english_counterpart
from mtgcr.extract.model import Ruleset

from mtgcr.reports.glossary.build import (
    WIKI_TERM_SOURCES,
    GlossaryError,
    ListedTerm,
    RuleTitle,
    bilingual_titles,
    pair_by_evidence,
    pair_glossaries,
)
from mtgcr.reports.glossary.model import Catalog, Origin

__all__ = ["load_catalog", "witness_pairs"]


def _originals(store, release_id: int) -> int:
    return store.conn.execute(
        "SELECT COUNT(*) FROM glossary WHERE release_id=? AND original "
        "IS NOT NULL AND original != ''",
        (release_id,),
    ).fetchone()[0]


def _load(store, info) -> Ruleset:
    from mtgcr.extract.records import from_record

    return from_record(store.release_rows(info.id))


def _glossary_only(store, info) -> Ruleset:
    """A stored release with its glossary alone (what the witness needs; a tenth of the
    rows of the whole release)."""
    from mtgcr.extract.records import from_record

    return from_record(store.release_rows(info.id, tables=("glossary",)))


def _edition_titles(store, lang: str, label: str) -> list[RuleTitle]:
    """The keyword headings of the chapter files of a bilingual edition of ``label``
    (releases of that label with a ``markdown:`` origin and rules, with their EN side)."""
    en_side = {r.origin: r for r in store.releases("en") if r.label == label}
    out: list[RuleTitle] = []
    for r in store.releases(lang):
        e = en_side.get(r.origin)
        if (
            r.label == label
            and r.origin.startswith("markdown:")
            and e is not None
            and r.counts.get("rules")
        ):
            out += bilingual_titles(_load(store, r), _load(store, e))
    return out


def witness_pairs(store, lang: str) -> dict[str, str]:
    """Translated headword (folded) → EN headword, from every stored bilingual edition of
    ``lang`` (a headword line ``### Trample / 践踏``); a headword given two EN headwords is
    left out. Older spellings of a headword are added through the stored complete releases'
    glossaries: an entry renamed between two releases (the same definition,
    :func:`mtgcr.crossref.align.glossary.align_glossary`) carries the newer name's witness."""
    out: dict[str, str] = {}
    twice: set[str] = set()
    editions = [r for r in store.releases(lang) if r.origin.startswith("markdown:")]
    for r in editions:
        if not _originals(store, r.id):
            continue
        for g in _glossary_only(store, r).glossary:
            if not g.original:
                continue
            k = name_key(g.term)
            if k in out and name_key(out[k]) != name_key(g.original):
                twice.add(k)
            out[k] = g.original
    for k in twice:
        out.pop(k, None)
    if not out:
        return out
    from mtgcr.crossref.align.glossary import align_glossary

    full = sorted(
        (r for r in store.releases(lang) if r.complete),
        key=lambda r: (r.effective_date or "", r.label),
        reverse=True,
    )
    newer = None
    for r in full:
        gl = _glossary_only(store, r).glossary
        if newer is not None:
            for ch in align_glossary(gl, newer, {}):
                if ch.kind == "renamed" and ch.old_term and ch.new_term:
                    w = out.get(name_key(ch.new_term))
                    if w is not None:
                        out.setdefault(name_key(ch.old_term), w)
        newer = gl
    return out


def _listed(store, lang: str) -> list[ListedTerm]:
    return [
        ListedTerm(f["en"], f["term"], f.get("document_source", ""), f.get("line", 0))
        for f in store.facts("term-pair")
        if f.get("provisional") and f.get("lang") == lang
    ]


def _wiki(store, lang: str) -> list[ListedTerm]:
    return [
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


def load_catalog(store, lang: str, spec: str | None = None) -> Catalog:
    """The catalog of translation ``lang`` release ``spec`` (label, date, or newest) in a store
    (the pairing each kind of release gets: see the module docstring).

    Args:
        store: an open :class:`mtgcr.corpus.store.Store`.
        lang: ``ja``, ``zh``, ``ru`` …
        spec: release label (``20260116``), date, or ``None``/``latest``: the newest release
            with a glossary.

    Raises:
        GlossaryError: ``lang`` is ``en``; no stored release of that label has a glossary; a
            glossary that names no English and no EN release of its label to pair it with.
        StoreError: no release of ``lang`` (or no such release) in the store.
    """
    if lang == "en":
        raise GlossaryError(
            "the EN glossary is the concept system; give a translation's "
            "language (--lang ja, zh or ru)"
        )
    rels = store.releases(lang)
    if spec is None or spec.strip() in ("", "latest"):
        with_gloss = [r for r in rels if r.counts.get("glossary")]
        label = (
            max(with_gloss or rels, key=lambda r: (r.effective_date or "", r.label)).label
            if rels
            else store.resolve(None, lang).label
        )
    else:
        label = store.resolve(spec, lang).label
    same = [r for r in rels if r.label == label]
    if not any(r.counts.get("glossary") for r in same):
        raise GlossaryError(f"nothing to export for {lang} {label}: it has no glossary")
    full = next((r for r in same if r.complete and r.counts.get("glossary")), None)
    en_infos = [r for r in store.releases("en") if r.complete]
    listed = _listed(store, lang)
    titles = _edition_titles(store, lang, label)
    if full is not None and _originals(store, full.id):
        tr = _load(store, full)
        en_info = english_counterpart(tr.release, en_infos)
        en = _load(store, en_info) if en_info is not None else None
        cat = pair_glossaries(
            tr,
            en,
            document=full.source or tr.source,
            listed=listed,
            rules=tr,
            wiki=_wiki(store, lang),
            titles=titles,
        )
        if en is None:
            cat.notes.insert(
                0,
                f"no EN release {label} stored: pairs have no anchor and no EN "
                f"definition (ingest the EN release {label})",
            )
        return cat
    if full is not None:  # a glossary that names no English: by evidence
        tr = _load(store, full)
        en_info = english_counterpart(tr.release, en_infos)
        if en_info is None:
            raise GlossaryError(
                f"nothing to export for {lang} {label}: its glossary names no English, and "
                f"no EN release {label} is stored to pair it with by the rules both cite "
                f"(ingest the EN release {label})"
            )
        return pair_by_evidence(
            tr,
            _load(store, en_info),
            document=full.source or tr.source,
            witness=witness_pairs(store, lang),
            witness_name="the bilingual edition's headword lines",
            listed=listed,
            titles=titles,
        )
    # only a bilingual edition of this label: its ZH entries by evidence, its lines a witness
    edition = max(same, key=lambda r: _originals(store, r.id))
    tr = _load(store, edition)
    en_info = english_counterpart(tr.release, en_infos)
    side = next(
        (r for r in store.releases("en") if r.label == label and r.origin == edition.origin),
        None,
    )
    if en_info is None and side is None:
        raise GlossaryError(
            f"nothing to export for {lang} {label}: no EN release {label} is stored "
            f"(ingest the EN release {label})"
        )
    en = _load(store, en_info) if en_info is not None else _load(store, side)
    own = {name_key(g.term): g.original for g in tr.glossary if g.original}
    cat = pair_by_evidence(
        tr,
        en,
        document=edition.source or tr.source,
        witness=own,
        witness_name="its headword line",
        listed=listed,
        titles=titles,
    )
    cat.pairs = [
        replace(
            p, provenance=(replace(p.provenance[0], origin=Origin.BILINGUAL), *p.provenance[1:])
        )
        if p.provenance and p.provenance[0].origin is Origin.GLOSSARY
        else p
        for p in cat.pairs
    ]
    return cat
