"""Merging a partial ruleset (quotes on wiki pages) with the one of that release already stored.

The store keeps one release per (language, label, origin). Complete texts replace each other;
partial ones — quotes of one release spread over many wiki pages — add up: at ingest the new
page's quotes are merged into the stored partial ruleset (:func:`mtgcr.extract.wiki.quotes.merge_partial`,
conflicting texts reported). Quotes the same page contributed before (the page was edited and
is ingested again) are dropped first, so a page never conflicts with its older self; where
the stored text of a rule came from that page and the new version quotes the rule again, the
new text is taken (the other pages' texts are not stored, so a conflict with them is not seen
until they are ingested again).
"""

from __future__ import annotations

from mtgcr.corpus.notes import NoteKind, StoreNote
from mtgcr.extract.model import ParseWarning, Ruleset, WarningKind
from mtgcr.extract.provenance import Provenance, join_sources
from mtgcr.extract.records import from_record, provenance_of
from mtgcr.extract.wiki.quotes import merge_partial

__all__ = ["merge_with_stored"]


def merge_with_stored(
    store, rs: Ruleset, origin: str, prov: Provenance, source: str
) -> tuple[Ruleset, Provenance, list[StoreNote]]:
    """Merge ``rs`` into the stored partial release of the same language, label and origin.

    Args:
        store: an open :class:`mtgcr.corpus.store.Store`.
        rs: a ruleset just parsed from ``source``; complete rulesets are returned unchanged.
        origin: its origin (``"wiki"`` …).
        prov: its provenance (the places of each rule).
        source: the document being ingested.

    Returns:
        ``(ruleset to store, its provenance, notes for the user)``; the notes name the merge
        (kind ``MERGED``) and every conflict between this page's quotes and the stored ones
        (kind ``CONFLICT``).
    """
    if rs.complete:
        return rs, prov, []
    info = next(
        (
            r
            for r in store.releases(rs.release.lang)
            if r.label == rs.release.label and r.origin == origin and not r.complete
        ),
        None,
    )
    if info is None:
        return rs, prov, []
    rec = store.release_rows(info.id)
    old = from_record(rec)
    old_prov: Provenance = {}
    stale: list[str] = []
    for num, all_places in provenance_of(rec).items():
        places = tuple(p for p in all_places if p.document != source)
        if places:
            old_prov[num] = places
        first_here = all_places[0].document == source
        if not places or (first_here and num in rs.rules):
            old.rules.pop(num, None)  # the stored text came from this page: its new version decides
        elif first_here:
            stale.append(str(num))
    if stale:
        old.warnings.append(
            ParseWarning(
                source,
                0,
                f"the stored text of {', '.join(stale)} came "
                f"from an earlier version of this page, which "
                f"no longer quotes it; ingest the other pages "
                f"that quote it again to refresh it",
                WarningKind.CONFLICT,
            )
        )
    old.source = join_sources([s for s in old.sources if s != source]) or old.source
    merged, mprov = merge_partial(old, old_prov, rs, prov)
    known = set(old.warnings[: len(rec.warnings)]) | set(rs.warnings)
    key = rs.release.key
    conflicts = [
        StoreNote(NoteKind.CONFLICT, key, origin, f"warning: {w}")
        for w in merged.warnings
        if w not in known
    ]
    note = StoreNote(
        NoteKind.MERGED,
        key,
        origin,
        f"merged with the stored {key} ({origin}) quotes: {len(merged.rules)} rules "
        f"and subrules from {len(merged.sources)} pages",
    )
    return merged, mprov, [note, *conflicts]
