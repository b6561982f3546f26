"""Partial releases read as one: the pieces of a release that the store keeps apart.

A partial release is stored per (language, label, origin): the quotes of the MTG Wiki merge into
one (origin ``wiki``), but other sources store pieces of one release side by side — the ZH
bilingual community edition stores each chapter file as its own partial release of EN and of ZH
(origins ``markdown:1`` … ``markdown:9``, ``markdown:glossary`` …). A command that compares two
releases and is given such a label means the release, not one file of it: :func:`partial_union`
reads every partial piece of the label and merges them
(:func:`mtgcr.extract.wiki.quotes.merge_partial`: rules, sections and glossary entries united;
a rule two pieces quote differently keeps the first piece's text, with a warning).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgcr.corpus.store import ReleaseInfo, Store

from mtgcr.extract.model import Ruleset
from mtgcr.extract.provenance import Provenance
from mtgcr.extract.records import from_record, provenance_of
from mtgcr.extract.wiki.quotes import merge_partial

__all__ = ["PartialPieces", "partial_pieces", "partial_union", "partial_union_with_places"]


@dataclass(frozen=True)
class PartialPieces:
    """The partial releases stored for one label of one language, in the order stored."""

    lang: str
    label: str
    pieces: tuple[ReleaseInfo, ...]

    @property
    def rules(self) -> int:
        """Rules in all pieces (a rule quoted by two pieces counts twice)."""
        return sum(p.counts.get("rules") or 0 for p in self.pieces)

    def describe(self) -> str:
        """``"en 2026-04-17 is partial: 14 pieces (markdown:1 … markdown:intro), 1,165 rules"``."""
        info = self.pieces[0]
        origins = [p.origin for p in self.pieces]
        shown = origins[0] if len(origins) == 1 else f"{origins[0]} … {origins[-1]}"
        return (
            f"{self.lang} {info.name} is partial: {len(self.pieces)} "
            f"piece{'s' if len(self.pieces) != 1 else ''} ({shown}), {self.rules:,} rules"
        )


def partial_pieces(store: Store, info: ReleaseInfo) -> PartialPieces:
    """Every partial release of ``info``'s language and label (``info`` itself included)."""
    pieces = tuple(
        r for r in store.releases(info.lang) if r.label == info.label and not r.complete
    ) or (info,)
    return PartialPieces(info.lang, info.label, pieces)


def partial_union(store: Store, info: ReleaseInfo) -> Ruleset:
    """The release ``info`` as one ruleset: itself when complete, else the union of every
    partial piece of its label (module docstring).

    Raises:
        mtgcr.corpus.store.StoreError: a piece is no longer stored (removed meanwhile).
    """
    return partial_union_with_places(store, info)[0]


def partial_union_with_places(store: Store, info: ReleaseInfo) -> tuple[Ruleset, Provenance]:
    """:func:`partial_union` and the places every rule was read from (the pieces' places
    united; :func:`mtgcr.extract.records.provenance_of`).

    Raises:
        mtgcr.corpus.store.StoreError: a piece is no longer stored (removed meanwhile).
    """
    if info.complete:
        rec = store.release_rows(info.id)
        return from_record(rec), provenance_of(rec)
    merged: Ruleset | None = None
    prov: Provenance = {}
    for piece in partial_pieces(store, info).pieces:
        rec = store.release_rows(piece.id)
        rs = from_record(rec)
        if merged is None:
            merged, prov = rs, provenance_of(rec)
        else:
            merged, prov = merge_partial(merged, prov, rs, provenance_of(rec))
    assert merged is not None  # partial_pieces returns at least info
    return merged, prov
