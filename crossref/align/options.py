"""Tuning of the release alignment, as one options object (no long parameter lists)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass

__all__ = ["AlignOptions", "ALGORITHM_VERSION"]

#: Bumped whenever the alignment method changes its results (part of cache keys).
ALGORITHM_VERSION = "align-10"  # 10: the typography relation, divided rules as splits


@dataclass(frozen=True)
class AlignOptions:
    """Thresholds and weights of :func:`mtgcr.crossref.align.releases.align_releases`.

    Similarities are word-level Indel similarities 0–1 of the match keys (each word one
    symbol, see :class:`mtgcr.crossref.align.matching.Codec`); prior weights are added to them (the total prior is at most ``w_gap + 2*w_adjacent + w_parent + w_section``).

    Attributes:
        accept: a one-to-one match is accepted on text similarity alone from here.
        accept_supported: … and from here when the document-order prior supports it
            (at least ``w_gap``: the candidate sits where the old rule's neighbours went).
        accept_slot: … and from here for the free rules of one gap between two consecutive
            matched rules (rewritten in place; see :func:`mtgcr.crossref.align.assign.fill_gaps`).
        accept_single: … and from here when that gap holds one free rule on each side.
        max_gap: gaps with more free rules than this on either side are not filled.
        accept_run: … and from here for the free subrule right after a matched subrule, paired
            with the free subrule right after its match (a block moved and reworded
            together; see :func:`mtgcr.crossref.align.assign.extend_runs`). On the official EN chain the
            right pairs score 0.28–0.51 and the wrong candidates 0.20–0.22.
        w_gap, w_adjacent, w_parent, w_section: prior weights (see :mod:`mtgcr.crossref.align.assign`).
        tie: two scores closer than this are equally good (→ ``ambiguous``).
        rounds: at most this many assignment rounds.
        containment: share of a shorter text's words found in order in a longer one (0–1)
            from which it counts as contained (split and merge evidence).
        min_piece: shortest key (words) used as split/merge evidence.
        split_gain: a split/merge is accepted when the joined pieces are at least this much
            more similar to the whole than the one-to-one match alone.
        window: extra rules on each side of the expected position searched for split and
            merge pieces.
        workers: threads for ``rapidfuzz.process.cdist`` (1: the machine is shared).
    """

    accept: float = 0.6
    accept_supported: float = 0.4
    accept_slot: float = 0.3
    accept_single: float = 0.2
    max_gap: int = 30
    accept_run: float = 0.25
    w_gap: float = 0.15
    w_adjacent: float = 0.05
    w_parent: float = 0.1
    w_section: float = 0.05
    tie: float = 1e-6
    rounds: int = 3
    containment: float = 0.7
    min_piece: int = 4
    split_gain: float = 0.05
    window: int = 3
    workers: int = 1

    def digest(self) -> str:
        """Short hash of the algorithm version and these values (for cache keys)."""
        blob = json.dumps({"v": ALGORITHM_VERSION, **asdict(self)}, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]
