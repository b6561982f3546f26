"""Phase 3 of a release alignment: splits and merges, found by containment.

A split shows as a new rule left without a match whose text is largely *contained* in an old
rule (the share of its words found in order in the old text, an LCS) near where that old
rule went. Each such piece goes to the old rule containing it best (two equally good: it
stays added); the split is accepted when joining the pieces (with the old rule's one-to-one
match, if any) in new-document order makes them clearly more similar to the old text than
the one-to-one match alone. Merges are the mirror image. An old rule left unmatched that has
a single contained piece is a one-to-one match after all (a rule cut down to a part of
itself).
"""
from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq

from mtgcr.crossref.matching import Group, Matching, Side
from mtgcr.crossref.options import AlignOptions

__all__ = ["find_splits", "find_merges"]


def _window(lo: int, hi: int, size: int, extra: int) -> range:
    a, b = min(lo, hi), max(lo, hi)
    return range(max(0, a - extra), min(size, b + extra + 1))


def find_splits(a: Side, b: Side, m: Matching, o: AlignOptions) -> int:
    """Find one-old → several-new splits among the free new rules. Returns groups made."""
    return _pieces(a, b, m, o, split=True)


def find_merges(a: Side, b: Side, m: Matching, o: AlignOptions) -> int:
    """Find several-old → one-new merges among the free old rules. Returns groups made."""
    return _pieces(a, b, m, o, split=False)


def _pieces(a: Side, b: Side, m: Matching, o: AlignOptions, split: bool) -> int:
    # "whole" side W (one rule), "piece" side P (several rules); split: W=old, P=new.
    W, P = (a, b) if split else (b, a)
    w2p, p2w = (m.o2n, m.n2o) if split else (m.n2o, m.o2n)
    busy_w = m.busy_old if split else m.busy_new
    free_p = m.free_new() if split else m.free_old()
    prev, nxt = m.neighbours_new() if split else m.neighbours()
    best_of: dict[int, list[tuple[float, int]]] = {}
    for p in free_p:
        p = int(p)
        kp = P.code[p]
        if len(kp) < o.min_piece:
            continue
        anchors = []
        if prev[p] >= 0:
            anchors.append(int(p2w[prev[p]]))
        if nxt[p] < len(P):
            anchors.append(int(p2w[nxt[p]]))
        if not anchors:
            continue
        window: Sequence[int] = _window(min(anchors), max(anchors), len(W), o.window)
        if len(window) > 4 * o.window + 40:  # neighbours far apart: no positional evidence
            window = sorted({w for x in anchors for w in _window(x, x, len(W), o.window)})
        scored = []
        for w in window:
            if busy_w[w] or len(W.code[w]) < len(kp):
                continue
            pair = (w, p) if split else (p, w)
            if pair in m.forbidden:
                continue
            c = _contained(kp, W.code[w])
            if c >= o.containment:
                scored.append((c, w))
        if not scored:
            continue
        scored.sort(reverse=True)
        if len(scored) > 1 and scored[1][0] >= scored[0][0] - o.tie:
            continue  # two equally good wholes: leave it as added/removed
        best_of.setdefault(scored[0][1], []).append((scored[0][0], p))
    made = 0
    for w, scored_pieces in best_of.items():
        base = int(w2p[w])
        kw = W.code[w]
        chosen: list[int] = [base] if base >= 0 else []
        cur = fuzz.ratio(kw, _join(P, chosen)) / 100.0 if chosen else 0.0
        base_sim = cur
        for _, p in sorted(scored_pieces, reverse=True):
            trial = sorted(chosen + [p])
            s = fuzz.ratio(kw, _join(P, trial)) / 100.0
            if s > cur:
                chosen, cur = trial, s
        pieces = [p for p in chosen if p != base]
        if not pieces:
            continue
        if base < 0 and len(chosen) == 1:
            if cur >= o.accept_supported or _contained(P.code[chosen[0]], kw) >= 0.9:
                (m.match(w, chosen[0]) if split else m.match(chosen[0], w))
                made += 1
            continue
        if cur < max(base_sim + o.split_gain, o.accept_supported):
            continue
        if base >= 0:  # the one-to-one match becomes part of the group
            w2p[w] = -1
            p2w[base] = -1
        if split:
            m.add_group(Group("split", (w,), tuple(chosen), cur))
        else:
            m.add_group(Group("merged", tuple(chosen), (w,), cur))
        made += 1
    return made


def _contained(piece: str, whole: str) -> float:
    """Share (0–1) of the piece's words found, in order, in the whole (LCS / piece length)."""
    return LCSseq.similarity(piece, whole) / len(piece) if piece else 0.0


def _join(side: Side, idx: list[int]) -> str:
    return "".join(side.code[i] for i in sorted(idx))
