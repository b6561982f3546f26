"""Phase 3 of a release alignment: splits and merges, found by containment.

A split shows as a new rule left without a match whose text is largely *contained* in an old
rule (the share of its words found in order in the old text, an LCS) near where that old
rule went. Each such piece goes to the old rule containing it best (two equally good: it
stays added); the split is accepted when joining the pieces (with the old rule's one-to-one
match, if any) in new-document order makes them clearly more similar to the old text than
the one-to-one match alone. Merges are the mirror image. An old rule left unmatched that has
a single contained piece is a one-to-one match after all (a rule cut down to a part of
itself).

A rule *divided* in two and reworded (2026-01-16's 714.3a covered Sagas without and with read
ahead; 2026-04-17 gives each case a subrule of its own, 714.3a and 714.3b) leaves no piece
contained well enough: :func:`find_divided_rules` looks instead at a free new rule right
beside the successor of a reworded old rule, and calls the pair a split when the free rule
covers words of the old text the successor does not.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq

from mtgcr.crossref.align.matching import Group, Matching, Side
from mtgcr.crossref.align.options import AlignOptions

__all__ = ["find_splits", "find_merges", "find_divided_rules"]


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
    # plain lists for the scoring loop (nothing below changes them before it ends)
    busy, p2w_l, prev_l, nxt_l = busy_w.tolist(), p2w.tolist(), prev.tolist(), nxt.tolist()
    codes_w, forbidden, n_p, n_w = W.code, m.forbidden, len(P), len(W)
    cache_w, lcs = codes_w.cache, LCSseq.similarity
    for p in free_p.tolist():
        kp = P.code[p]
        lp = len(kp)
        if lp < o.min_piece:
            continue
        anchors = []
        if prev_l[p] >= 0:
            anchors.append(p2w_l[prev_l[p]])
        if nxt_l[p] < n_p:
            anchors.append(p2w_l[nxt_l[p]])
        if not anchors:
            continue
        window: Sequence[int] = _window(min(anchors), max(anchors), n_w, o.window)
        if len(window) > 4 * o.window + 40:  # neighbours far apart: no positional evidence
            window = sorted({w for x in anchors for w in _window(x, x, n_w, o.window)})
        scored = []
        for w in window:
            if busy[w]:
                continue
            cw = cache_w[w]
            kw = cw[0] if cw is not None else codes_w[w]
            if len(kw) < lp or forbidden and ((w, p) if split else (p, w)) in forbidden:
                continue
            c = lcs(kp, kw) / lp if lp else 0.0  # _contained(kp, kw)
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


#: A divided rule: the new piece must cover this much more of the old rule's words than its
#: successor alone (0–1), ...
DIVIDED_GAIN = 0.1
#: ... the two together at least this share of them, ...
DIVIDED_COVER = 0.5
#: ... the piece be contained in the old rule at least this much, and the successor be
#: shorter than the old rule by this share (text went out of it).
DIVIDED_CONTAINED, DIVIDED_SHRINK = 0.5, 0.1


def _coverage(whole: str, pieces: list[str]) -> float:
    """Share (0–1) of the whole's words that some piece's in-order match (LCS) uses."""
    got: set[int] = set()
    for piece in pieces:
        for op in LCSseq.opcodes(piece, whole):
            if op.tag == "equal":
                got.update(range(op.dest_start, op.dest_end))
    return len(got) / len(whole) if whole else 0.0


def find_divided_rules(a: Side, b: Side, m: Matching, o: AlignOptions) -> int:
    """Splits of a rule divided in two and reworded (see the module docstring): a free new
    rule ``p`` next to (just before or after, same section and parent) the one-to-one
    successor ``q`` of an old rule ``w`` whose text changed becomes part of a split
    ``w → (q, p)`` when ``p`` is contained in ``w`` (≥ :data:`DIVIDED_CONTAINED`), ``q`` is
    shorter than ``w`` (by :data:`DIVIDED_SHRINK`), and ``p`` covers words of ``w`` that ``q``
    does not (coverage gain ≥ :data:`DIVIDED_GAIN`, together ≥ :data:`DIVIDED_COVER`).
    ``q`` may also be ``p``'s own rule: a rule split into a rule and a new subrule (2005-02-01's
    409.2 → 2005-08-01's 409.2 and 409.2b, its last sentence reworded) is a split, not a
    modified rule and an added subrule.

    Returns groups made."""
    made = 0
    for p in m.free_new().tolist():
        kp = b.code[p]
        if len(kp) < o.min_piece:
            continue
        best = None
        own = int(b.parent[p])  # the new subrule's rule, or -1
        for q in dict.fromkeys((p - 1, p + 1, own)):
            if not 0 <= q < len(b) or b.sec[q] != b.sec[p]:
                continue
            if q != own and b.parent[q] != b.parent[p]:
                continue
            w = int(m.n2o[q])
            if w < 0 or m.busy_old[w] or (w, p) in m.forbidden or a.full[w] == b.full[q]:
                continue
            kw, kq = a.code[w], b.code[q]
            if len(kq) > (1 - DIVIDED_SHRINK) * len(kw) or _contained(kp, kw) < DIVIDED_CONTAINED:
                continue
            alone, both = _coverage(kw, [kq]), _coverage(kw, [kq, kp])
            if both - alone >= DIVIDED_GAIN and both >= DIVIDED_COVER:
                if best is None or both - alone > best[0]:
                    best = (both - alone, w, q)
        if best is None:
            continue
        _, w, q = best
        m.o2n[w] = -1
        m.n2o[q] = -1
        sim = fuzz.ratio(a.code[w], _join(b, [p, q])) / 100.0
        m.add_group(Group("split", (w,), (p, q), sim))
        made += 1
    return made
