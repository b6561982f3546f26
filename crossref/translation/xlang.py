"""Release-to-release alignment of a translation, reusing the alignment of its original.

A translation (JA, ZH, RU …) of release R keeps the numbering of the English release R, so
the alignment of two English releases says, number by number, what happened to the
translated rules as well — and English releases are complete where translations are often
quotes (a wiki page quoting one section) or carry their own defects. Hence
(:func:`translation_alignment`):

* **projected** — when the English releases of both labels are stored (complete), the
  English alignment is computed (:func:`mtgcr.crossref.chain.aligned_pair`, cached for consecutive
  releases) and projected onto the translation: each translated rule is paired with the
  English rule of its number and the pair verified by evidence inside the texts
  (:func:`mtgcr.crossref.translation.langpair.pair_rulesets`); only pairs that stand are projected. The
  relation of every group (renumbered, split, merged, moved, added, removed …) comes from
  English; whether the *translated* wording changed, and how much, is decided on the
  translated texts (:func:`mtgcr.crossref.align.classify.compare_pair`, Japanese scored on SudachiPy
  words), so an English typo fix the translation never had shows as ``renumbered`` and a
  revised translation as ``modified``, each with a note;
* **direct** — when only the translation is stored, its releases are aligned with each other
  (:func:`mtgcr.crossref.align.releases.align_releases`; Japanese keys and similarities on SudachiPy words);
  what a partial side lacks is "not quoted", not added or removed
  (:func:`restrict_to_quoted`);
* **both** — when the projection is possible, the direct alignment is computed as well and
  the two are compared on the rules the translation has (:func:`compare_alignments`):
  every rule whose counterparts differ is listed, grouped with the rules it is tied to.

English is the "most complete language" here: it is the original of every translation and
the only language :mod:`mtgcr.crossref.translation.langpair` verifies against.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from mtgcr.corpus.store import ReleaseInfo, Store
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.align.classify import compare_pair, number_table
from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.align.glossary import align_glossary
from mtgcr.crossref.translation.langpair import LangPairing, english_release, pair_rulesets
from mtgcr.crossref.align.matching import full_text
from mtgcr.crossref.model import Alignment, Change, SectionChange, one_to_one_kind, release_json
from mtgcr.crossref.align.options import AlignOptions
from mtgcr.crossref.textkey import compare_form, rewrite_numbers, title_key
from mtgcr.crossref.worddiff import text_similarity
from mtgcr.extract.profiles import Tokenizer, profile_for

__all__ = [
    "PIVOT",
    "strip_wiki_markup",
    "compared_texts",
    "original_release",
    "translated_history",
    "TranslatedHistory",
    "Projection",
    "Disagreement",
    "CrossAlignment",
    "project_alignment",
    "compare_alignments",
    "restrict_to_quoted",
    "translation_alignment",
]

#: The language alignments are projected from.
PIVOT = "en"

_ONE_TO_ONE = ("unchanged", "typography", "renumbered", "modified", "moved")


def _nums(ns: Iterable[RuleNumber]) -> str:
    return " + ".join(str(n) for n in ns)


def restrict_to_quoted(al: Alignment, old_partial: bool, new_partial: bool) -> Alignment:
    """The alignment without what only a partial side's silence suggests: a rule, section or
    glossary entry missing from a partial release (a wiki page quoting some rules) is not
    quoted there, not added or removed. Counts cover the rules left.

    Args:
        al: an alignment (typically direct, of two translation releases).
        old_partial, new_partial: whether each side is a partial release.

    Returns:
        A new :class:`Alignment` (``al`` itself when neither side is partial).
    """
    if not (old_partial or new_partial):
        return al
    drop = ({"added"} if old_partial else set()) | ({"removed"} if new_partial else set())
    kept = [c for c in al.changes if c.kind not in drop]
    counts = {"old": sum(len(c.old) for c in kept), "new": sum(len(c.new) for c in kept)}
    return Alignment(
        al.old,
        al.new,
        kept,
        [s for s in al.sections if s.kind not in drop],
        [g for g in al.glossary if g.kind not in drop],
        counts,
    )


# Wiki link / format markup a rendered quote can carry literally (seed 003 shows
# ``[[[呪文]]や能力]`` as typed): ``[[target|shown]]`` → ``shown``, ``[[target]]`` →
# ``target``; runs of two or more ``'`` (bold / italic) removed.
_WIKI_LINK = re.compile(r"\[\[(?:[^\[\]|]*\|)?([^\[\]|]*)\]\]")
_WIKI_FORMAT = re.compile(r"'{2,}")


def strip_wiki_markup(text: str) -> str:
    """``text`` without MediaWiki link and bold/italic markup, for comparison keys only
    (stored text stays as published): ``"[[[呪文]]や能力]"`` → ``"[呪文や能力]"``,
    ``"[[戦場/Battlefield|戦場]]"`` → ``"戦場"``, bold ``コピー`` in triple quotes → ``"コピー"``."""
    if "[[" in text:
        text = _WIKI_LINK.sub(r"\1", text)
    if "''" in text:
        text = _WIKI_FORMAT.sub("", text)
    return text


def compared_texts(old: Ruleset, ra, new: Ruleset, rb) -> tuple[str, str, str | None]:
    """The texts of old rule ``ra`` and new rule ``rb`` (same language) as compared for a
    change.

    A partial release (a wiki quote) is compared on what it can show: wiki markup left in a
    quote's text is dropped from both texts (:func:`strip_wiki_markup`), and when a quoted
    rule has no examples while its counterpart has some, the rule texts alone are compared
    (the wiki quotes the rule, not its examples: JA quotes of 115.7e, 712.21 on the seeds).
    Two complete releases are compared on their full texts, unchanged.

    Returns:
        ``(old text, new text, note or None)``; the note says the examples were not compared.
    """
    a, b, note = full_text(ra), full_text(rb), None
    partial_a, partial_b = not old.complete, not new.complete
    if not (partial_a or partial_b):
        return a, b, note
    bare_a = partial_a and not ra.examples and bool(rb.examples)
    bare_b = partial_b and not rb.examples and bool(ra.examples)
    if bare_a or bare_b:
        a, b = ra.text, rb.text
        quote = old if bare_a else new
        note = (
            f"rule text compared, not examples: the {quote.release.lang} quote of "
            f"{quote.release.name} has none"
        )
    return strip_wiki_markup(a), strip_wiki_markup(b), note


def _absence(rs: Ruleset, n: RuleNumber) -> str:
    """Why a number of the original has no projected counterpart in translation ``rs``."""
    if n not in rs.rules:
        return "not quoted" if not rs.complete else "missing in the translation"
    return "its translation does not pair with the en rule"


@dataclass
class Projection:
    """A pivot alignment projected onto two translated releases.

    Attributes:
        alignment: the translation's alignment (translation numbers, translated texts
            compared); groups keep the pivot's relation, restricted to the projected rules.
        not_quoted: pivot groups with translated rules on one side only — their
            counterparts are not in the other translated release (not quoted, missing, or
            unpaired) — as ``(pivot change, missing side "old"/"new")``; left out of
            ``alignment`` so that nothing is called added or removed on a quote's silence.
    """

    alignment: Alignment
    not_quoted: list[tuple[Change, str]] = field(default_factory=list)


def project_alignment(
    pivot: Alignment, old: Ruleset, new: Ruleset, old_ok: set[RuleNumber], new_ok: set[RuleNumber]
) -> Projection:
    """Project the alignment of two original releases onto their translations.

    Args:
        pivot: the alignment of the original (English) releases of the same two labels.
        old, new: the translated rulesets (complete or partial; same language).
        old_ok, new_ok: translated rule numbers whose pairing with the original stands
            (:attr:`mtgcr.crossref.translation.langpair.LangPairing.paired`); other rules are not projected.

    Returns:
        A :class:`Projection`. Groups are in the pivot's (new-document) order; a group some
        of whose members the translation lacks keeps the pivot's kind and says which
        members in a note ("also 713.4 of 2022-11-18 (not quoted)"). Added and removed
        groups are reported when the translation has the rule (English says it is new or
        gone, whatever the other quote shows).
    """
    lang = new.release.lang
    table = number_table(pivot)
    changes: list[Change] = []
    not_quoted: list[tuple[Change, str]] = []
    for ch in pivot.changes:
        o = tuple(n for n in ch.old if n in old_ok)
        nw = tuple(n for n in ch.new if n in new_ok)
        if not o and not nw:
            continue
        if ch.kind == "added":
            changes.append(Change("added", (), nw, 0.0, True, ch.notes, ch.decided))
            continue
        if ch.kind == "removed":
            changes.append(Change("removed", o, (), 0.0, True, ch.notes, ch.decided))
            continue
        if not o or not nw:
            not_quoted.append((ch, "old" if not o else "new"))
            continue
        notes = [
            f"also {n} of {old.release.name} ({_absence(old, n)})"
            for n in ch.old
            if n not in old_ok
        ]
        notes += [
            f"also {n} of {new.release.name} ({_absence(new, n)})"
            for n in ch.new
            if n not in new_ok
        ]
        if ch.kind in _ONE_TO_ONE:
            ra, rb = old.rules[o[0]], new.rules[nw[0]]
            ta, tb, cnote = compared_texts(old, ra, new, rb)
            changed, sim, tnotes, typo = compare_pair(ta, tb, table, lang)
            if changed and strip_wiki_markup(ra.text) == strip_wiki_markup(rb.text):
                tnotes.append("examples changed")
            if cnote:
                tnotes.append(cnote)
            kind = one_to_one_kind(ch.kind == "moved", changed, o[0] != nw[0], typo)
            if ch.text_changed and not changed:
                tnotes.append(
                    f"the {pivot.new.lang} text changed (similarity "
                    f"{ch.similarity:.1%}); the {lang} text did not"
                )
            elif changed and not ch.text_changed:
                tnotes.append(f"the {lang} text changed; the {pivot.new.lang} text did not")
            changes.append(
                Change(kind, o, nw, round(sim, 4), changed, tuple(tnotes + notes), ch.decided)
            )
            continue
        if ch.kind == "ambiguous":
            changes.append(
                Change(
                    "ambiguous", o, nw, ch.similarity, False, ch.notes + tuple(notes), ch.decided
                )
            )
            continue
        fa = compare_form(" ".join(rewrite_numbers(full_text(old.rules[n]), table) for n in o))
        fb = compare_form(" ".join(full_text(new.rules[n]) for n in nw))
        changes.append(
            Change(
                ch.kind,
                o,
                nw,
                round(text_similarity(fa, fb, lang), 4),
                fa != fb,
                tuple(notes),
                ch.decided,
            )
        )
    sections = _project_sections(pivot, old, new)
    glossary = (
        align_glossary(old.glossary, new.glossary, table)
        if old.complete and new.complete and not (old.truncated or new.truncated)
        else []
    )
    counts = {"old": sum(len(c.old) for c in changes), "new": sum(len(c.new) for c in changes)}
    return Projection(
        Alignment(old.release, new.release, changes, sections, glossary, counts), not_quoted
    )


def _project_sections(pivot: Alignment, old: Ruleset, new: Ruleset) -> list[SectionChange]:
    """The pivot's section correspondences the translation has (both sides present, or the
    one side of an added / removed section), with the translated titles. A section the
    original kept but the translation retitled becomes ``retitled``."""
    out = []
    for s in pivot.sections:
        o_sec = old.sections.get(s.old) if s.old is not None else None
        n_sec = new.sections.get(s.new) if s.new is not None else None
        if s.kind == "added":
            keep = n_sec is not None
        elif s.kind == "removed":
            keep = o_sec is not None
        else:
            keep = o_sec is not None and n_sec is not None
        if not keep:
            continue
        ot, nt = (o_sec.title if o_sec else None), (n_sec.title if n_sec else None)
        retitled = s.retitled or (
            ot is not None and nt is not None and title_key(ot) != title_key(nt)
        )
        kind = "retitled" if s.kind == "unchanged" and retitled else s.kind
        out.append(SectionChange(kind, s.old, s.new, ot, nt, s.moved, retitled, s.rules))
    return out


@dataclass
class Disagreement:
    """Rules whose counterparts the projected and the direct alignment see differently.

    Attributes:
        old, new: the translated rule numbers involved (old and new release), in order.
        projected: the pivot groups touching them (pivot numbers; members the translation
            lacks included and named in ``notes``).
        direct: the direct alignment's groups touching them.
        notes: members of the projected groups the translation lacks, and why.
    """

    old: tuple[RuleNumber, ...]
    new: tuple[RuleNumber, ...]
    projected: list[Change]
    direct: list[Change]
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """``{old, new, projected: [{kind, old, new}], direct: [{kind, old, new}], notes,
        sentence}`` (``sentence``: :meth:`sentence`)."""
        g = lambda c: {
            "kind": c.kind,
            "old": [str(n) for n in c.old],  # noqa: E731
            "new": [str(n) for n in c.new],
        }
        return {
            "old": [str(n) for n in self.old],
            "new": [str(n) for n in self.new],
            "projected": [g(c) for c in self.projected],
            "direct": [g(c) for c in self.direct],
            "notes": list(self.notes),
            "sentence": self.sentence(),
        }

    def sentence(self) -> str:
        """One line for people: ``"projected 712.7 → 712.11 + 712.11b (split); direct 712.7 →
        712.11 + 712.11a + 712.11b (split)"``, then the notes."""
        d = lambda c: f"{_nums(c.old) or '—'} → {_nums(c.new) or '—'} ({c.kind})"  # noqa: E731
        s = (
            "projected "
            + "; ".join(d(c) for c in self.projected)
            + " | direct "
            + ("; ".join(d(c) for c in self.direct) or "no counterpart")
        )
        return s + ("" if not self.notes else " (" + "; ".join(self.notes) + ")")


def _relation(al: Alignment, n: RuleNumber, old_side: bool, other_ok: set[RuleNumber]):
    ch = al.change_of_old(n) if old_side else al.change_of_new(n)
    if ch is None or ch.kind in ("added", "removed"):
        return (False, frozenset()), ch
    other = ch.new if old_side else ch.old
    return (ch.kind == "ambiguous", frozenset(m for m in other if m in other_ok)), ch


def compare_alignments(
    pivot: Alignment,
    direct: Alignment,
    old: Ruleset,
    new: Ruleset,
    old_ok: set[RuleNumber],
    new_ok: set[RuleNumber],
) -> list[Disagreement]:
    """Where the projected and the direct alignment of two translated releases disagree.

    Both are compared on the translated rules whose pairing stands (``old_ok``, ``new_ok``):
    for each such rule, the set of its counterparts among those rules (and whether the group
    is ambiguous). A rule whose pivot counterpart the translation lacks therefore agrees
    with a direct alignment that leaves it alone, and disagrees with one that pairs it with
    something else. Kinds are not compared (a merge half of which is not quoted is a
    plain match in the quote).

    Args:
        pivot: the original releases' alignment (not the projection: its groups keep the
            members the translation lacks, for the report).
        direct: the translation's own alignment (restricted to quoted rules, see
            :func:`restrict_to_quoted`).
        old, new: the translated rulesets (for the notes).
        old_ok, new_ok: see :func:`project_alignment`.

    Returns:
        One :class:`Disagreement` per connected set of disagreeing rules, in old-number
        order.
    """
    bad: list[tuple[str, RuleNumber]] = []
    for side, ok, other in (("o", old_ok, new_ok), ("n", new_ok, old_ok)):
        for n in sorted(ok):
            p, _ = _relation(pivot, n, side == "o", other)
            d, _ = _relation(direct, n, side == "o", other)
            if p != d:
                bad.append((side, n))
    seen: set[tuple[str, RuleNumber]] = set()
    out: list[Disagreement] = []
    for start in bad:
        if start in seen:
            continue
        comp, stack = set(), [start]
        p_groups: dict[Change, None] = {}
        d_groups: dict[Change, None] = {}
        while stack:
            node = stack.pop()
            if node in comp:
                continue
            comp.add(node)
            side, n = node
            for al, groups in ((pivot, p_groups), (direct, d_groups)):
                ch = al.change_of_old(n) if side == "o" else al.change_of_new(n)
                if ch is None:
                    continue
                groups[ch] = None
                stack += [("o", m) for m in ch.old if m in old_ok]
                stack += [("n", m) for m in ch.new if m in new_ok]
        seen |= comp
        notes = []
        for ch in p_groups:
            notes += [
                f"{m} of {old.release.name} {_absence(old, m)}" for m in ch.old if m not in old_ok
            ]
            notes += [
                f"{m} of {new.release.name} {_absence(new, m)}" for m in ch.new if m not in new_ok
            ]
        first = lambda c: (c.old or c.new)[0]  # noqa: E731
        out.append(
            Disagreement(
                tuple(sorted(n for s, n in comp if s == "o")),
                tuple(sorted(n for s, n in comp if s == "n")),
                sorted(p_groups, key=first),
                sorted(d_groups, key=first),
                notes,
            )
        )
    out.sort(key=lambda d: (d.old or d.new)[0])
    return out


@dataclass
class CrossAlignment:
    """The alignment of two releases of one language, with how it was obtained.

    Attributes:
        old, new: the two rulesets of language ``lang``.
        alignment: the alignment the report uses (projected, or direct and restricted to
            the quoted rules when a side is partial).
        basis: ``"projected"`` (from the ``pivot`` alignment) or ``"direct"``.
        reason: one sentence saying which alignment was used and why.
        pivot: the original releases' alignment, when projected.
        pairings: the translation ↔ original pairings (old, new), when projected.
        direct: the translation's own alignment (restricted), when computed.
        not_quoted: see :class:`Projection`.
        disagreements: projected vs direct, when both were computed.
    """

    old: Ruleset
    new: Ruleset
    alignment: Alignment
    basis: str
    reason: str
    pivot: Alignment | None = None
    pairings: tuple[LangPairing, LangPairing] | None = None
    direct: Alignment | None = None
    not_quoted: list[tuple[Change, str]] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)

    @property
    def lang(self) -> str:
        """The language of the two releases."""
        return self.new.release.lang

    def unprojected(self) -> list[tuple[str, RuleNumber, str]]:
        """Translated rules left out of a projection, as ``(side "old"/"new", number,
        reason)``: no original rule of that number, or a pairing the evidence contradicts."""
        out: list[tuple[str, RuleNumber, str]] = []
        if self.pairings is None:
            return out
        for side, p in zip(("old", "new"), self.pairings):
            out += [
                (side, n, f"no {p.english.lang} rule {n} in {p.english.name}")
                for n in p.only_translation
            ]
            out += [
                (
                    side,
                    x.number,
                    "the evidence contradicts the pairing: "
                    + "; ".join(x.details)
                    + (f" (fits {x.better_number} better)" if x.better_number else ""),
                )
                for x in p.pairs
                if x.status == "conflict"
            ]
        return out

    def to_json(self) -> dict[str, Any]:
        """``{basis, lang, reason, pivot: {lang, old, new} | None, method (the basis of the
        release alignment used: ``direct``, ``consecutive`` or ``chain``), pairing: {old, new} |
        None, direct_computed, unprojected: [{side, number, reason}], not_quoted: [{kind,
        old, new, missing}], disagreements: [Disagreement.to_json()]}``."""
        piv = None
        if self.pivot is not None:
            piv = {
                "lang": self.pivot.new.lang,
                "old": release_json(self.pivot.old),
                "new": release_json(self.pivot.new),
            }
        return {
            "basis": self.basis,
            "lang": self.lang,
            "reason": self.reason,
            "pivot": piv,
            "method": (self.pivot or self.alignment).basis,
            "pairing": (
                {"old": self.pairings[0].counts(), "new": self.pairings[1].counts()}
                if self.pairings
                else None
            ),
            "direct_computed": self.direct is not None,
            "unprojected": [
                {"side": s, "number": str(n), "reason": r} for s, n, r in self.unprojected()
            ],
            "not_quoted": [
                {
                    "kind": c.kind,
                    "old": [str(n) for n in c.old],
                    "new": [str(n) for n in c.new],
                    "missing": side,
                }
                for c, side in self.not_quoted
            ],
            "disagreements": [d.to_json() for d in self.disagreements],
        }


def original_release(store: Store, rel: ReleaseInfo, pivot: str = PIVOT) -> ReleaseInfo | None:
    """The complete release of language ``pivot`` a translation release belongs to (same
    label, else same effective date; see :func:`mtgcr.crossref.translation.langpair.english_counterpart`),
    the official one preferred; ``None`` if the store has none."""
    return english_release(store, rel, pivot)


def _basis_reason(al: Alignment, lang: str) -> str:
    """One sentence on how the release alignment ``al`` of ``lang`` was obtained."""
    if al.basis == "chain":
        return (
            f"composed from the consecutive alignments of the {lang} chain between these "
            f"releases (the same mapping as history and remap)"
        )
    if al.basis == "consecutive":
        return f"aligned directly on the {lang} releases (consecutive in the {lang} chain)"
    return (
        f"aligned directly on the {lang} releases (the original text), not through the "
        f"chain of complete releases: a release is partial, or a decision names this pair"
    )


def translation_alignment(
    store: Store,
    old_spec: str,
    new_spec: str,
    lang: str,
    decisions: Iterable[Decision] = (),
    options: AlignOptions | None = None,
    compare: bool = True,
    pairing_cache: dict | None = None,
) -> CrossAlignment:
    """Align two releases of ``lang``, projecting the original's alignment when possible.

    Args:
        store: an open store.
        old_spec, new_spec: the releases (effective date, label or ``label.revision``).
        lang: their language; for :data:`PIVOT` itself the alignment is simply direct.
        decisions: human decisions (applied to whichever pair is aligned).
        options: alignment options.
        compare: when projecting, also align the translation directly and list the
            disagreements (the projection alone is cheaper).
        pairing_cache: a dict kept by the caller across calls (a build over consecutive
            pairs): each release's pairing with its original is computed once.

    Returns:
        A :class:`CrossAlignment` (see the module docstring for the three cases).

    Raises:
        StoreError: a release is missing.
        DecisionError: a decision does not fit its releases.
    """
    from mtgcr.crossref.chain import (
        aligned_pair,
    )  # chain imports nothing from here; avoid a cycle anyway

    a, b = store.resolve(old_spec, lang), store.resolve(new_spec, lang)
    if lang == PIVOT:
        old, new, al = aligned_pair(store, old_spec, new_spec, lang, decisions, options)
        return CrossAlignment(old, new, al, "direct", _basis_reason(al, lang), direct=al)
    ea, eb = original_release(store, a), original_release(store, b)
    if ea is None or eb is None:
        old, new, al = aligned_pair(store, old_spec, new_spec, lang, decisions, options)
        missing = " and ".join(x.label for x, e in ((a, ea), (b, eb)) if e is None)
        prof = profile_for(lang)
        how = (
            " (keys and similarities on SudachiPy words)"
            if prof is not None and prof.tokenizer is Tokenizer.SUDACHI
            else ""
        )
        return CrossAlignment(
            old,
            new,
            restrict_to_quoted(al, not old.complete, not new.complete),
            "direct",
            f"aligned directly on the {lang} releases{how}: no complete "
            f"{PIVOT} release of label {missing} in the store",
            direct=al,
        )
    en_old, en_new, pivot = aligned_pair(store, ea.name, eb.name, PIVOT, decisions, options)
    if compare:
        old, new, direct = aligned_pair(store, old_spec, new_spec, lang, decisions, options)
        direct = restrict_to_quoted(direct, not old.complete, not new.complete)
    else:
        from mtgcr.extract.records import load_release

        old = load_release(store, a)
        new = load_release(store, b)
        direct = None
    cache = pairing_cache if pairing_cache is not None else {}
    po = cache.get((a.id, ea.id)) or cache.setdefault((a.id, ea.id), pair_rulesets(old, en_old))
    pn = cache.get((b.id, eb.id)) or cache.setdefault((b.id, eb.id), pair_rulesets(new, en_new))
    old_ok = {p.number for p in po.paired}
    new_ok = {p.number for p in pn.paired}
    proj = project_alignment(pivot, old, new, old_ok, new_ok)
    dis = compare_alignments(pivot, direct, old, new, old_ok, new_ok) if direct is not None else []
    reason = (
        f"projected from the {PIVOT} alignment of {pivot.old.name} → {pivot.new.name} "
        f"(the most complete language of these releases): each {lang} rule paired with "
        f"the {PIVOT} rule of its number and verified by the evidence in the texts"
    )
    return CrossAlignment(
        old, new, proj.alignment, "projected", reason, pivot, (po, pn), direct, proj.not_quoted, dis
    )


@dataclass
class TranslatedHistory:
    """A translated rule's history, followed through the original's releases.

    Attributes:
        chain: the :class:`mtgcr.crossref.chain.Chain` of the original (English) releases.
        k: the position in the chain of the release the rule was asked in.
        entries: :meth:`mtgcr.crossref.lineage.Lineage.history` of the number there.
        translations: chain position → ``{"lang", "label", "revision", "complete",
            "present": [numbers the translation has], "absent": [numbers it lacks],
            "status": "quoted" | "not quoted" | "translated" | "missing", "pairing":
            {number: pairing status}}`` for every chain release with a translation.
        asked: the translation release the rule was asked in (``lang:label``).
        note: with no release asked for, why the newest translation release was not the
            one taken (it has no original stored; see
            :func:`mtgcr.crossref.translation.langpair.paired_default`), else ``None``.
    """

    chain: Any
    k: int
    entries: list
    translations: dict[int, dict[str, Any]]
    asked: str
    note: str | None = None


def translated_history(
    store: Store,
    number: RuleNumber,
    spec: str | None,
    lang: str,
    decisions: Iterable[Decision] = (),
    on_align=None,
) -> TranslatedHistory:
    """Follow rule ``number`` of translation release ``spec`` (language ``lang``) through
    the lineage of the original (English) releases, and say for each original release that
    has a translation in the store whether the translation has the rule (quoted or not,
    and how its pairing with the original stands).

    Args:
        store: an open store.
        number: a rule, subrule or section number of the translation release.
        spec: that release (label, ``label.revision``, date; ``None``: the newest).
        lang: the translation's language (not :data:`PIVOT`).
        decisions: human decisions for the original's alignments.
        on_align: progress callback for :class:`mtgcr.crossref.chain.Chain`.

    Returns:
        A :class:`TranslatedHistory`.

    Raises:
        StoreError: the release is missing; no complete original release of its label is
            stored (the message names the label to ingest); the number is not in the
            translation release; or the original has no such number.
    """
    from mtgcr.corpus.store import StoreError
    from mtgcr.extract.records import load_release

    from mtgcr.crossref.chain import Chain
    from mtgcr.crossref.translation.pairing import pair_in_store

    note = None
    if spec is None:  # the newest release that has an original to follow
        from mtgcr.crossref.translation.langpair import paired_default

        info, note = paired_default(store, lang, PIVOT)
    else:
        info = store.resolve(spec, lang)
    en = original_release(store, info)
    what = f"{lang} {info.label}" + ("" if info.complete else " (quoted rules only)")
    if en is None:
        raise StoreError(
            f"{what}: a translation's history follows the {PIVOT} releases, and no "
            f"complete {PIVOT} release of label {info.label} is in the store "
            f"(ingest the {PIVOT} release {info.label})"
        )
    tr = load_release(store, info)
    present = (number in tr.sections) if number.kind == "section" else (number in tr.rules)
    if not present:
        raise StoreError(f"{number} is not in {what}")
    chain = Chain(store, PIVOT, decisions, on_align=on_align)
    k = chain.index(en.name)
    try:
        entries = chain.lineage().history(number, k)
    except KeyError as exc:
        raise StoreError(
            f"{exc.args[0]} (the {PIVOT} release of {what}, whose lineage a translation follows)"
        ) from None
    by_label: dict[str, ReleaseInfo] = {}
    for r in store.releases(lang):
        cur = by_label.get(r.label)
        if cur is None or (r.complete and not cur.complete):
            by_label[r.label] = r
    translations: dict[int, dict[str, Any]] = {}
    for i, e in enumerate(entries):
        found = by_label.get(e.release.label)
        if found is None:
            continue
        r = found
        rs = tr if r.id == info.id else load_release(store, r)
        has = [n for n in e.numbers if (n in rs.sections if n.kind == "section" else n in rs.rules)]
        absent = [n for n in e.numbers if n not in has]
        pairing: dict[str, str] = {}
        owners: dict[str, str] = {}
        for n in has:
            if n.kind != "section":
                # as "mtgcr pair" pairs it (its section, the neighbours, the lineage)
                p = pair_in_store(store, rs, chain.ruleset(i), n)
                if p is not None:
                    pairing[str(n)] = p.status
                    if p.owner is not None:
                        owners[str(n)] = p.owner.sentence()
        if not e.numbers:
            status = "absent"
        elif has:
            status = "quoted" if not rs.complete else "translated"
        else:
            status = "not quoted" if not rs.complete else "missing"
        translations[i] = {
            "lang": lang,
            "label": r.label,
            "revision": r.revision,
            "complete": r.complete,
            "present": [str(n) for n in has],
            "absent": [str(n) for n in absent],
            "status": status,
            "pairing": pairing,
            "owners": owners,
        }
    return TranslatedHistory(chain, k, entries, translations, f"{lang}:{info.label}", note)
