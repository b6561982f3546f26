"""Carry a translation to the next EN release: the units of a translation kit.

The translation of release A (ZH 2026-02-27) is carried to EN release B (2026-04-17) through
the alignment of EN A → EN B (:func:`mtgcr.crossref.chain.aligned_pair`: the cached
consecutive alignment, or the chain's composition, as ``remap`` and ``history`` use):

* every piece of B (:func:`mtgcr.crossref.translation.carry_pieces.pieces`: rule, example,
  section and chapter heading, glossary headword and definition, front matter) gets the
  translation of the piece of A it continues — the EN rule of A of a one-to-one relation,
  the old rule of a split, the old rules of a merge; the example of those rules whose EN
  text it matches; the section the alignment pairs it with; the translated glossary entry
  paired with the EN entry it continues (:func:`mtgcr.crossref.translation.carry_glossary.pair_glossary`);
* the EN texts of A and B decide each unit's :class:`CarryClass`, on that unit's text alone
  (a rule whose examples changed keeps its rule text carried):
  :func:`mtgcr.crossref.align.classify.compare_pair` with the alignment's number table —
  unchanged, typography only, renumbered, references only: carried, the cited numbers
  rewritten (:func:`mtgcr.crossref.translation.carry_refs.rewrite_citations`); modified,
  split, merged: the old translation as a :class:`Suggestion` (EN word diff, similarity);
  new: empty;
* the old pair's evidence (``pair``, :func:`mtgcr.crossref.translation.langpair.pair_rulesets`)
  adds QA notes; a pair in conflict (the text belongs to another number) is offered as a
  suggestion only.

Nothing here reads a file format: the front matter a file prints but the model does not hold
comes in as :class:`~mtgcr.crossref.translation.carry_pieces.FrontMatter` values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from mtgcr.corpus.store import ReleaseInfo, Store
from mtgcr.errors import BadArgument, NotFound
from mtgcr.extract.model import GlossaryEntry, Ruleset
from mtgcr.extract.records import load_release
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.align.classify import compare_pair, number_table
from mtgcr.crossref.anchor import text_sha256
from mtgcr.crossref.chain import aligned_pair
from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.model import Alignment
from mtgcr.crossref.textkey import rewrite_numbers, title_key
from mtgcr.crossref.translation.carry_glossary import pair_glossary
from mtgcr.crossref.translation.carry_model import (
    CarryClass,
    KitUnit,
    QaKind,
    QaNote,
    Rewrite,
    Suggestion,
    TranslationKit,
    UnitKind,
    UnitState,
)
from mtgcr.crossref.translation.carry_pieces import FrontMatter, Piece, pieces
from mtgcr.crossref.translation.carry_refs import rewrite_citations
from mtgcr.crossref.translation.langpair import (
    LangPairing,
    RulePair,
    english_release,
    pair_rulesets,
)
from mtgcr.crossref.translation.xlang import strip_wiki_markup
from mtgcr.crossref.typography import typography_form
from mtgcr.crossref.worddiff import space_tokens, text_similarity, word_diff

__all__ = ["CarryInputs", "build_kit", "carry_release", "SUGGEST_FROM"]

#: Least similarity (0–1) of two EN examples for the old one's translation to be offered
#: as a suggestion for the new one (below it the new example is new).
SUGGEST_FROM = 0.5


@dataclass
class CarryInputs:
    """What :func:`build_kit` carries.

    Attributes:
        translation: the old translation (complete, or quotes).
        english_old: the EN ruleset it translates (same label).
        english_new: the EN ruleset to carry it to.
        alignment: EN old → EN new.
        pairing: the old translation paired with ``english_old`` (``pair``), or ``None``
            (no QA notes from it).
        glossary: EN old headword → the translation's entry of that concept; ``None``:
            paired here with :func:`~mtgcr.crossref.translation.carry_glossary.pair_glossary`.
        front_old, front_en_old, front_en_new: the printed front matter of the three
            releases (``None``: not known; then the date statement and headings are not
            units, or not carried).
    """

    translation: Ruleset
    english_old: Ruleset
    english_new: Ruleset
    alignment: Alignment
    pairing: LangPairing | None = None
    glossary: Mapping[str, GlossaryEntry] | None = None
    front_old: FrontMatter | None = None
    front_en_old: FrontMatter | None = None
    front_en_new: FrontMatter | None = None


@dataclass
class _Old:
    """The old counterpart of a piece: its EN text, its translation and where from."""

    source: str | None = None
    target: str | None = None
    number: str | None = None
    relation: str = "one-to-one"
    pair: RulePair | None = None
    notes: list[str] = field(default_factory=list)


class _Builder:
    """The units of one kit, made piece by piece."""

    def __init__(self, inp: CarryInputs) -> None:
        self.inp = inp
        self.tr, self.eo, self.en = inp.translation, inp.english_old, inp.english_new
        self.al = inp.alignment
        self.table = number_table(inp.alignment)
        self.partial = not self.tr.complete
        self.old_name = f"{self.tr.release.lang} {self.tr.release.name}"
        self.pairs: dict[RuleNumber, RulePair] = (
            {p.number: p for p in inp.pairing.pairs} if inp.pairing is not None else {}
        )
        self.glossary_notes: list[str] = []
        if inp.glossary is not None:
            self.gloss: Mapping[str, GlossaryEntry] = inp.glossary
        else:
            gp = pair_glossary(self.tr.glossary, self.eo.glossary) if self.tr.glossary else None
            self.gloss = gp.pairs if gp is not None else {}
        self.gchanges = {g.new_term: g for g in self.al.glossary if g.new_term is not None}
        self.eo_gloss = {g.term: g for g in self.eo.glossary}
        self.examples: dict[RuleNumber, list[tuple[str, str, str]]] = {}
        self.example_notes: dict[RuleNumber, list[str]] = {}
        self.used: dict[RuleNumber, set[int]] = {}
        self.terms: dict[str, str] = {}  # EN new headword → translated term (carried)

    # -- the old counterpart of each kind of piece -----------------------------------------
    def old_of(self, p: Piece) -> _Old:
        k = p.kind
        if k is UnitKind.RULE:
            return self._rule(RuleNumber.parse(str(p.number)))
        if k is UnitKind.EXAMPLE:
            return self._example(p)
        if k is UnitKind.SECTION:
            return self._section(RuleNumber.parse(str(p.number)))
        if k is UnitKind.CHAPTER:
            n = int(str(p.number))
            eo = next((c for c in self.eo.chapters if c.number == n), None)
            tr = next((c for c in self.tr.chapters if c.number == n), None)
            if eo is None or tr is None:
                return _Old()
            return _Old(eo.title, tr.title, str(n))
        if k in (UnitKind.GLOSSARY_TERM, UnitKind.GLOSSARY_TEXT):
            return self._glossary(p)
        return self._front(p)

    def _rule(self, n: RuleNumber) -> _Old:
        ch = self.al.change_of_new(n)
        if ch is None or ch.kind == "added":
            return _Old()
        if ch.kind == "ambiguous":
            return _Old(notes=["the alignment is ambiguous here (record a decision to settle it)"])
        olds = ch.old
        trs = [self.tr.rules.get(o) for o in olds]
        relation = ch.kind if ch.kind in ("split", "merged") else "one-to-one"
        old_no = " + ".join(str(o) for o in olds)
        missing = [str(o) for o, t in zip(olds, trs) if t is None]
        if missing:
            how = "does not quote" if self.partial else "lacks"
            return _Old(notes=[f"{self.old_name} {how} {', '.join(missing)}"])
        self._example_candidates(n, olds)
        return _Old(
            "\n".join(self.eo.rules[o].text for o in olds),
            "\n".join(t.text for t in trs if t is not None),
            old_no,
            relation,
            self.pairs.get(olds[0]) if len(olds) == 1 else None,
        )

    def _example_candidates(self, n: RuleNumber, olds: Sequence[RuleNumber]) -> None:
        cands: list[tuple[str, str, str]] = []
        notes: list[str] = []
        for o in olds:
            eo, tr = self.eo.rules[o], self.tr.rules[o]
            if not tr.examples and self.partial:
                continue  # a quote that leaves the examples out
            if len(eo.examples) != len(tr.examples):
                notes.append(
                    f"{self.old_name} {o} has {len(tr.examples)} examples where EN had "
                    f"{len(eo.examples)}: none carried"
                )
                continue
            cands += [(e.text, t.text, str(o)) for e, t in zip(eo.examples, tr.examples)]
        self.examples[n], self.example_notes[n], self.used[n] = cands, notes, set()

    def _example(self, p: Piece) -> _Old:
        assert p.rule is not None and p.example is not None
        n = p.rule.number
        cands = self.examples.get(n, [])
        free = [k for k in range(len(cands)) if k not in self.used[n]] if cands else []
        notes = list(self.example_notes.get(n, []))
        if not free:
            return _Old(notes=notes)
        pick = next(
            (k for k in free if not compare_pair(cands[k][0], p.source, self.table).changed), None
        )
        if pick is None:
            form = typography_form(p.source)
            scores = {k: text_similarity(typography_form(cands[k][0]), form, "en") for k in free}
            here = (p.example or 1) - 1
            best = max(free, key=lambda k: (scores[k], k == here))
            if scores[best] < SUGGEST_FROM:
                return _Old(notes=notes)
            pick = best
        self.used[n].add(pick)
        src, tgt, old_no = cands[pick]
        ch = self.al.change_of_new(n)
        relation = ch.kind if ch is not None and ch.kind in ("split", "merged") else "one-to-one"
        return _Old(src, tgt, old_no, relation, notes=notes)

    def _section(self, n: RuleNumber) -> _Old:
        sc = self.al.section_change_of_new(n)
        if sc is None or sc.kind == "added" or sc.old is None:
            return _Old()
        eo, tr = self.eo.sections.get(sc.old), self.tr.sections.get(sc.old)
        if eo is None or tr is None:
            how = "does not quote" if self.partial else "lacks"
            return _Old(notes=[f"{self.old_name} {how} section {sc.old}"] if eo else [])
        return _Old(eo.title, tr.title, str(sc.old))

    def _glossary(self, p: Piece) -> _Old:
        assert p.entry is not None
        gc = self.gchanges.get(p.entry.term)
        old = self.eo_gloss.get(gc.old_term) if gc is not None and gc.old_term else None
        if old is None:
            return _Old()
        tr = self.gloss.get(old.term)
        if tr is None:
            return _Old(
                notes=[f"no entry of the {self.old_name} glossary is paired with EN {old.term!r}"]
            )
        if p.kind is UnitKind.GLOSSARY_TERM:
            if (old.heading or old.term) == (p.entry.heading or p.entry.term):
                self.terms[p.entry.term] = tr.term
            return _Old(old.heading or old.term, tr.heading or tr.term, old.term)
        return _Old(old.text, tr.text, old.term)

    def _front(self, p: Piece) -> _Old:
        name = p.id.rsplit(":front:", 1)[-1]
        if not self.tr.complete:
            return _Old()
        if name in ("title", "introduction", "credits"):
            return _Old(getattr(self.eo, name) or None, getattr(self.tr, name) or None)
        if name.endswith("-heading"):
            which = name.removesuffix("-heading")
            feo, fo = self.inp.front_en_old, self.inp.front_old
            return _Old(
                getattr(feo, which) or None if feo else None,
                getattr(fo, which) or None if fo else None,
            )
        return _Old()

    # -- units -------------------------------------------------------------------------------
    def unit(self, p: Piece, order: int) -> KitUnit:
        if p.kind is UnitKind.DATE:
            return self._date_unit(p, order)
        old = self.old_of(p)
        notes = list(old.notes)
        qa: list[QaNote] = []
        rewrites: tuple[Rewrite, ...] = ()
        suggestion = None
        target = ""
        if old.source is None or old.target is None:
            carry, state = CarryClass.NEW, UnitState.EMPTY
        else:
            old_target = strip_wiki_markup(old.target) if self.partial else old.target
            carry, note = self._classify(old.source, p, old)
            if note:
                notes.append(note)
            rw = rewrite_citations(
                old_target,
                old.source,
                p.source,
                self.table,
                self.eo.release.name,
                self.en.release.name,
            )
            rewrites, qa, target = rw.rewrites, list(rw.qa), rw.text
            if rewrites:
                notes.append(
                    "cited numbers rewritten: " + ", ".join(f"{r.old} → {r.new}" for r in rewrites)
                )
            if p.kind is UnitKind.RULE:
                qa += _pair_qa(old.pair)
            conflict = any(q.kind is QaKind.PAIR_CONFLICT for q in qa)
            if carry.carried and not conflict:
                verified = old.pair is not None and old.pair.status == "verified"
                state = UnitState.FINAL if verified and not qa else UnitState.TRANSLATED
            else:
                suggestion = self._suggestion(old.source, p.source, target, old.number)
                state = UnitState.NEEDS_REVIEW
                if conflict:
                    notes.append("offered as a suggestion only: pair says it fits another rule")
        return KitUnit(
            id=p.id,
            kind=p.kind,
            source=p.source,
            target=target,
            carry=carry,
            state=state,
            number=p.number,
            old_number=old.number,
            order=order,
            unit=p.unit,
            segment=p.segment,
            text_sha256=text_sha256(p.source),
            example=p.example,
            rewrites=rewrites,
            suggestion=suggestion,
            notes=tuple(notes),
            qa=tuple(qa),
            pair_status=old.pair.status if old.pair is not None else None,
        )

    def _classify(self, old: str, p: Piece, o: _Old) -> tuple[CarryClass, str]:
        if o.relation == "split":
            return CarryClass.SPLIT, f"split from {o.number}"
        if o.relation == "merged":
            return CarryClass.MERGED, f"merged from {o.number}"
        if p.kind in (UnitKind.SECTION, UnitKind.CHAPTER):
            if title_key(old) != title_key(p.source):
                return CarryClass.MODIFIED, ""
        else:
            c = compare_pair(old, p.source, self.table)
            if c.changed:
                return CarryClass.MODIFIED, ""
            if any("references" in n for n in c.notes):
                return (
                    CarryClass.REFERENCES,
                    "the EN text changed only in the rule numbers it cites",
                )
            if c.typography:
                return CarryClass.TYPOGRAPHY, "the EN text changed in typography only"
        if p.kind.numbered and o.number is not None and o.number != p.number:
            return CarryClass.RENUMBERED, f"was {o.number}"
        return CarryClass.UNCHANGED, ""

    def _suggestion(
        self, old: str, new: str, old_target: str, old_number: str | None
    ) -> Suggestion:
        sim = text_similarity(
            typography_form(rewrite_numbers(old, self.table)), typography_form(new), "en"
        )
        diff = word_diff(old, new, space_tokens, fold_typography=True)
        where = self.old_name + (f" {old_number}" if old_number else "")
        return Suggestion(old, old_target, sim, tuple(diff), where)

    def _date_unit(self, p: Piece, order: int) -> KitUnit:
        fo, eff = self.inp.front_old, self.en.release.effective_date
        target = ""
        if self.tr.complete and fo is not None and fo.redate is not None and eff is not None:
            target = fo.redate(eff)
        notes = (
            (f"the date statement of {self.old_name} ({fo.date_line}) with the new date",)
            if target and fo is not None
            else ("no date statement of the old translation to carry",)
        )
        return KitUnit(
            id=p.id,
            kind=p.kind,
            source=p.source,
            target=target,
            carry=CarryClass.DATE if target else CarryClass.NEW,
            state=UnitState.TRANSLATED if target else UnitState.EMPTY,
            order=order,
            text_sha256=text_sha256(p.source),
            notes=notes,
        )


def _pair_qa(pair: RulePair | None) -> list[QaNote]:
    """QA notes from the old pair's evidence (citations are left to the rewrite's own check)."""
    if pair is None or pair.status in ("verified", "unverified"):
        return []
    if pair.status == "conflict":
        better = f"; fits EN {pair.better_number} better" if pair.better_number else ""
        return [
            QaNote(
                QaKind.PAIR_CONFLICT,
                f"pair: the old translation does not fit EN {pair.number}: "
                + "; ".join(pair.details)
                + better,
            )
        ]
    other = [d for d in pair.details if "cites" not in d]
    return [QaNote(QaKind.PAIR_DIFFERS, "pair: " + "; ".join(other))] if other else []


def build_kit(inp: CarryInputs) -> TranslationKit:
    """Carry ``inp.translation`` to ``inp.english_new``.

    Args:
        inp: the rulesets, the EN alignment, the old pair and glossary pairing, the front
            matter (:class:`CarryInputs`).

    Returns:
        A :class:`~mtgcr.crossref.translation.carry_model.TranslationKit` whose units are the
        new release's pieces in document order
        (:func:`~mtgcr.crossref.translation.carry_pieces.pieces`).

    Raises:
        ValueError: the EN new release states no effective date.
    """
    b = _Builder(inp)
    units = [b.unit(p, k) for k, p in enumerate(pieces(inp.english_new, inp.front_en_new))]
    kit = TranslationKit(
        inp.translation.release.lang,
        inp.translation.release,
        inp.english_old.release,
        inp.english_new.release,
        units,
        inp.alignment.basis,
        inp.translation.complete,
        terms=b.terms,
    )
    if inp.translation.glossary and not b.gloss:
        kit.notes.append(
            f"the {b.old_name} glossary could not be paired with the EN glossary: its "
            f"entries are not carried"
        )
    return kit


def carry_release(
    store: Store,
    lang: str,
    old: str,
    new: str,
    decisions: Iterable[Decision] = (),
    qa: bool = True,
    front: Callable[[ReleaseInfo], FrontMatter | None] | None = None,
) -> TranslationKit:
    """The kit carrying the translation release ``old`` of ``lang`` to EN release ``new``.

    Args:
        store: an open store (writable when possible: the EN alignment is cached in it).
        lang: the translation's language (``"zh"``, ``"ja"``).
        old: the translation release to carry (label, ``label.revision`` or date).
        new: the EN release to carry it to (label or date).
        decisions: human decisions for the EN alignments.
        qa: pair the old translation with its EN release (``pair``) for QA notes (about 2–4 s
            on a whole release; ``False`` leaves them out).
        front: reads the front matter of a stored release (the date statement and fixed
            headings; :func:`mtgcr.reports.translation.frame.front_matter`), or ``None``.

    Returns:
        A :class:`~mtgcr.crossref.translation.carry_model.TranslationKit`.

    Raises:
        NotFound: ``lang`` is English; the EN release of the old translation is not stored
            (the message names the label to ingest).
        StoreError: a release is not stored; ``new`` is partial.
        BadArgument: ``new`` is not later than the old translation's EN release.
    """
    if lang == "en":
        raise NotFound("translate kit carries a translation; give --lang zh, ja …")
    info = store.resolve(old, lang)
    en_info = english_release(store, info)
    if en_info is None:
        raise NotFound(
            f"{lang} {info.name} translates EN {info.label}, which is not stored (ingest the "
            f"EN release {info.label} first)"
        )
    new_info = store.resolve(new, "en")
    if (new_info.effective_date or "") <= (en_info.effective_date or ""):
        raise BadArgument(
            f"--to {new}: EN {new_info.name} is not later than EN {en_info.name}, the release "
            f"{lang} {info.name} translates"
        )
    en_old, en_new, al = aligned_pair(store, en_info.name, new_info.name, "en", decisions)
    tr = load_release(store, info)
    pairing = pair_rulesets(tr, en_old) if qa else None
    fr = front or (lambda _info: None)
    return build_kit(
        CarryInputs(
            tr,
            en_old,
            en_new,
            al,
            pairing,
            None,
            fr(info),
            fr(en_info),
            fr(new_info),
        )
    )
