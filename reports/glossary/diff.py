"""Term pairs across translation releases: :func:`diff_catalogs` (and :func:`diff_store`).

Concepts are matched by concept id; an EN headword renamed between the two EN releases (the EN
glossary alignment, :func:`mtgcr.crossref.align.glossary.align_glossary`, when both EN releases are
stored) maps the old concept id to the new one, so a renamed entry is one change, not a
removal and an addition. Within a concept, pairs are matched by sense, then by origin.

Kinds (:class:`DiffKind`): ``added``, ``removed``, ``renamed`` (the EN headword changed),
``retranslated`` (the translated term changed), ``status`` (official ↔ provisional ↔
obsolete), and ``stale``: the EN entry changed in an EN release stored after the
translation's EN release, so the translation may be out of date.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from mtgcr.crossref.align.glossary import align_glossary
from mtgcr.crossref.glossary_anchor import concept_id
from mtgcr.extract.model import Ruleset

from mtgcr.reports.glossary.model import Catalog, TermPair

__all__ = ["DiffKind", "GlossaryDiffEntry", "GlossaryDiff", "diff_catalogs", "diff_store"]


class DiffKind(str, Enum):
    """What changed for one concept (see the module docstring)."""

    ADDED = "added"
    REMOVED = "removed"
    RENAMED = "renamed"
    RETRANSLATED = "retranslated"
    STATUS = "status"
    STALE = "stale"


@dataclass(frozen=True)
class GlossaryDiffEntry:
    """One change: kind, concept id (the new one for renames), EN term, old and new
    translated term (or headword, for renames), and a one-sentence note."""

    kind: DiffKind
    concept: str
    en: str
    old: str | None
    new: str | None
    note: str = ""

    def as_json(self) -> dict:
        """JSON-ready dict."""
        return {
            "kind": self.kind.value,
            "concept": self.concept,
            "en": self.en,
            "old": self.old,
            "new": self.new,
            "note": self.note,
        }


@dataclass
class GlossaryDiff:
    """The changes between two catalogs of one language (old and new release names)."""

    lang: str
    old: str
    new: str
    changes: list[GlossaryDiffEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Changes per kind (every kind, zeros included), in :class:`DiffKind` order."""
        return {k.value: sum(1 for c in self.changes if c.kind is k) for k in DiffKind}

    def as_json(self) -> dict:
        """JSON-ready dict: ``lang``, ``old``, ``new``, ``counts``, ``changes``, ``notes``."""
        return {
            "lang": self.lang,
            "old": self.old,
            "new": self.new,
            "counts": self.counts(),
            "changes": [c.as_json() for c in self.changes],
            "notes": self.notes,
        }


def _by_concept(cat: Catalog) -> dict[str, list[TermPair]]:
    out: dict[str, list[TermPair]] = {}
    for p in cat.pairs:
        if p.concept:
            out.setdefault(p.concept, []).append(p)
    return out


def diff_catalogs(
    old: Catalog,
    new: Catalog,
    en_old: Ruleset | None = None,
    en_new: Ruleset | None = None,
    en_latest: Ruleset | None = None,
) -> GlossaryDiff:
    """The changes from ``old`` to ``new``.

    Args:
        old, new: catalogs of the same language.
        en_old, en_new: the EN rulesets the two catalogs were paired against (for renames);
            ``None`` when not stored (then a renamed EN headword shows as removed + added).
        en_latest: the newest stored EN ruleset, when it is newer than ``en_new``: EN entries
            that changed since ``en_new`` are reported ``stale``.

    Returns:
        A :class:`GlossaryDiff`, changes in the new catalog's order (removals last).
    """
    out = GlossaryDiff(new.lang, old.release_name, new.release_name)
    renamed: dict[str, str] = {}  # old concept id → new concept id
    if en_old is not None and en_new is not None:
        for ch in align_glossary(en_old.glossary, en_new.glossary, {}):
            if ch.kind == "renamed" and ch.old_term and ch.new_term:
                renamed[concept_id(ch.old_term)] = concept_id(ch.new_term)
    else:
        out.notes.append(
            "the EN releases of both translations are not stored: renamed EN "
            "headwords show as removed and added"
        )
    a, b = _by_concept(old), _by_concept(new)
    moved = {renamed.get(c, c): c for c in a}  # new concept id → old concept id
    for cid, pairs in b.items():
        oc = moved.get(cid)
        if oc is None:
            out.changes += [
                GlossaryDiffEntry(DiffKind.ADDED, cid, p.en, None, p.term) for p in pairs
            ]
            continue
        olds = a[oc]
        if oc != cid:
            out.changes.append(
                GlossaryDiffEntry(
                    DiffKind.RENAMED, cid, pairs[0].en, olds[0].en, pairs[0].en, f"was {oc}"
                )
            )
        for p in pairs:
            q = _match(p, olds)
            if q is None:
                out.changes.append(
                    GlossaryDiffEntry(
                        DiffKind.ADDED,
                        cid,
                        p.en,
                        None,
                        p.term,
                        "another term of a concept already there",
                    )
                )
            elif q.term != p.term:
                out.changes.append(
                    GlossaryDiffEntry(DiffKind.RETRANSLATED, cid, p.en, q.term, p.term)
                )
            elif q.status is not p.status:
                out.changes.append(
                    GlossaryDiffEntry(
                        DiffKind.STATUS, cid, p.en, q.status.value, p.status.value, p.term
                    )
                )
    taken = {oc for ncid, oc in moved.items() if ncid in b}
    for oc, pairs in a.items():
        if oc not in taken:
            out.changes += [
                GlossaryDiffEntry(DiffKind.REMOVED, oc, p.en, p.term, None) for p in pairs
            ]
    if en_latest is not None and en_new is not None:
        since = en_latest.release.name
        for ch in align_glossary(en_new.glossary, en_latest.glossary, {}):
            if ch.kind in ("changed", "renamed", "removed") and ch.old_term:
                cid = concept_id(ch.old_term)
                if cid in b:
                    what = {
                        "changed": "its EN definition changed",
                        "renamed": f"the EN headword is now {ch.new_term!r}",
                        "removed": "the EN entry was removed",
                    }[ch.kind]
                    out.changes.append(
                        GlossaryDiffEntry(
                            DiffKind.STALE,
                            cid,
                            b[cid][0].en,
                            b[cid][0].term,
                            None,
                            f"{what} in EN {since} (the translation follows EN "
                            f"{en_new.release.name})",
                        )
                    )
    return out


def _match(p: TermPair, olds: list[TermPair]) -> TermPair | None:
    """The old pair ``p`` continues: the same term, else the same sense and origin."""
    same = next((q for q in olds if q.term == p.term and q.sense == p.sense), None)
    if same is not None:
        return same
    origin = p.provenance[0].origin if p.provenance else None
    return next(
        (
            q
            for q in olds
            if q.sense == p.sense and (q.provenance[0].origin if q.provenance else None) == origin
        ),
        None,
    )


def diff_store(store, old: Catalog, new: Catalog) -> GlossaryDiff:
    """:func:`diff_catalogs` with the EN rulesets loaded from ``store``: those of the two
    catalogs, and the newest complete EN release when it is newer than the new catalog's."""
    from mtgcr.extract.records import from_record

    def load(rel):
        if rel is None:
            return None
        info = next((r for r in store.releases("en") if r.label == rel.label and r.complete), None)
        return from_record(store.release_rows(info.id)) if info else None

    en_old, en_new = load(old.en_release), load(new.en_release)
    latest = None
    full = [r for r in store.releases("en") if r.complete]
    if full and new.en_release is not None:
        top = max(full, key=lambda r: (r.effective_date or "", r.label))
        if top.label > new.en_release.label:
            latest = from_record(store.release_rows(top.id))
    return diff_catalogs(old, new, en_old, en_new, latest)
