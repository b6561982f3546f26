"""Phases 1 and 2 of a release alignment: exact keys, then a global assignment.

Phase 1 settles every rule whose text occurs exactly once on each side — as published, then
with rule numbers masked, then as :func:`~mtgcr.crossref.textkey.match_key` — in linear time (most
rules of neighbouring releases). Phase 2 scores the rest with ``rapidfuzz.process.cdist``
(word-level Indel similarity of the keys, 0–1) plus a document-order prior
and solves one global assignment with ``scipy.optimize.linear_sum_assignment`` — never
first-come matching. The prior rewards a candidate that lies between the new positions of
the old rule's nearest matched neighbours, that keeps the exact offset to one of them, whose
parent rule is the match of the old rule's parent, or whose section is where the old
section's other rules went. So a block of rules shifted by an inserted section stays a block.
Rounds repeat while they add matches (new matches sharpen the prior).

Two or more candidates with equal scores (to ``AlignOptions.tie``) make an ``ambiguous``
group instead of a pick.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Indel
from scipy.optimize import linear_sum_assignment

from mtgcr.crossref.align.keys import key_id
from mtgcr.crossref.align.matching import Group, Matching, Side
from mtgcr.crossref.align.options import AlignOptions

__all__ = ["exact_keys", "assign_rest", "fill_gaps", "extend_runs", "similarity_matrix"]


def exact_keys(a: Side, b: Side, m: Matching) -> int:
    """Phase 1: match free rules whose text is unique on both sides — first the text as
    published, then with rule numbers masked, then the full match key (typography and case
    folded too). Each stage only looks at what the previous ones left, so most rules are
    settled by hashing alone. Returns matches made."""
    made = _unique_texts(a, b, m)
    for which in ("masked", "key"):
        ida, idb = a.keys.ids_of(which), b.keys.ids_of(which)
        if ida is not None and idb is not None:  # keys ready: as arrays
            made += _unique_ids(ida, idb, m)
        else:
            made += _unique(getattr(a, which), getattr(b, which), m)
    return made


def _unique_texts(a: Side, b: Side, m: Matching) -> int:
    """The first stage on whole releases, as arrays: rules whose text (not empty) occurs once
    in each release (:attr:`~mtgcr.crossref.align.keys.ReleaseKeys.unique_rows`) are paired by
    their text ids, unless already matched, grouped or forbidden."""
    ka, kb = a.keys, b.keys
    pos = np.searchsorted(kb.unique_ids, ka.unique_ids)  # both sorted: a merge of two lists
    pos[pos == len(kb.unique_ids)] = 0
    hit = kb.unique_ids[pos] == ka.unique_ids if len(kb.unique_ids) else pos < 0
    i, j = ka.unique_rows[hit], kb.unique_rows[pos[hit]]
    ok = (m.o2n[i] < 0) & (m.n2o[j] < 0) & ~m.busy_old[i] & ~m.busy_new[j]
    return _settle(m, i, j, ok)


def _settle(m: Matching, i: np.ndarray, j: np.ndarray, ok: np.ndarray) -> int:
    """Match old rows ``i`` with new rows ``j`` where ``ok`` holds and no human decision
    forbids the pair; returns how many pairs were matched."""
    if m.forbidden:
        ok &= np.array([p not in m.forbidden for p in zip(i.tolist(), j.tolist())], dtype=bool)
    i, j = i[ok], j[ok]
    m.o2n[i] = j
    m.n2o[j] = i
    return len(i)


def _unique_ids(ida: np.ndarray, idb: np.ndarray, m: Matching) -> int:
    """:func:`_unique` on key ids (equal ids, equal keys; the empty key never matches)."""
    rows, cols = m.free_old(), m.free_new()
    ka, kb = ida[rows], idb[cols]
    ua, ia, ca = np.unique(ka, return_index=True, return_counts=True)
    ub, ib, cb = np.unique(kb, return_index=True, return_counts=True)
    once_a, once_b = ca == 1, cb == 1
    common, pa, pb = np.intersect1d(ua[once_a], ub[once_b], assume_unique=True, return_indices=True)
    i, j = rows[ia[once_a][pa]], cols[ib[once_b][pb]]
    empty = key_id("")
    ok = common != (-1 if empty is None else empty)
    return _settle(m, i, j, ok)


def _unique(ta, tb, m: Matching) -> int:
    ka: dict[str, list[int]] = defaultdict(list)
    kb: dict[str, list[int]] = defaultdict(list)
    for i in m.free_old().tolist():
        ka[ta[i]].append(i)
    for j in m.free_new().tolist():
        kb[tb[j]].append(j)
    made = 0
    for k, olds in ka.items():
        if len(olds) != 1 or not k:
            continue
        news = kb.get(k)
        if news is None or len(news) != 1 or (olds[0], news[0]) in m.forbidden:
            continue
        m.match(olds[0], news[0])
        made += 1
    return made


def similarity_matrix(
    a: Side, b: Side, rows: np.ndarray, cols: np.ndarray, cutoff: float, workers: int = 1
) -> np.ndarray:
    """Word-level Indel similarity (0–1, float32) of the keys of old ``rows`` × new ``cols``;
    0 below ``cutoff``. The 8-bit hashed codes are compared first with
    ``rapidfuzz.process.cdist`` (their similarity is an upper bound of the true one), then
    only the pairs that pass are scored exactly."""
    hashed = _hashed_cdist(a.code.hashed_codes(rows), b.code.hashed_codes(cols), cutoff, workers)
    sim = np.zeros_like(hashed)
    rr, cc = np.nonzero(hashed)
    if len(rr):  # the pairs that pass, scored exactly, pair by pair in one call
        sim[rr, cc] = process.cpdist(
            a.code.codes(rows[rr]),
            b.code.codes(cols[cc]),
            scorer=Indel.normalized_similarity,
            score_cutoff=cutoff,
            dtype=np.float64,
            workers=workers,
        )
    return sim


#: rapidfuzz compares many queries at once (SIMD) when each has at most this many symbols.
_SIMD_LEN = 64


def _hashed_cdist(qa: list[str], qb: list[str], cutoff: float, workers: int) -> np.ndarray:
    """``process.cdist(qa, qb)`` of the Indel similarity (float32, 0 below ``cutoff``),
    computed so that rapidfuzz's SIMD path covers most pairs: short rows against every
    column, long rows against short columns with the roles swapped (the similarity is
    symmetric), and only long × long pairs one by one."""

    def cd(x: list[str], y: list[str]) -> np.ndarray:
        return process.cdist(
            x,
            y,
            scorer=Indel.normalized_similarity,
            score_cutoff=cutoff,
            dtype=np.float32,
            workers=workers,
        )

    la = np.fromiter(map(len, qa), dtype=np.int64, count=len(qa))
    lb = np.fromiter(map(len, qb), dtype=np.int64, count=len(qb))
    short_a, long_a = np.flatnonzero(la <= _SIMD_LEN), np.flatnonzero(la > _SIMD_LEN)
    if not len(long_a):
        return cd(qa, qb)
    short_b, long_b = np.flatnonzero(lb <= _SIMD_LEN), np.flatnonzero(lb > _SIMD_LEN)
    out = np.zeros((len(qa), len(qb)), dtype=np.float32)
    if len(short_a):
        out[short_a] = cd([qa[i] for i in short_a.tolist()], qb)
    la_q = [qa[i] for i in long_a.tolist()]
    if len(short_b):
        out[np.ix_(long_a, short_b)] = cd([qb[j] for j in short_b.tolist()], la_q).T
    if len(long_b):
        out[np.ix_(long_a, long_b)] = cd(la_q, [qb[j] for j in long_b.tolist()])
    return out


def _prior(
    a: Side,
    b: Side,
    m: Matching,
    rows: np.ndarray,
    cols: np.ndarray,
    rr: np.ndarray,
    cc: np.ndarray,
    o: AlignOptions,
) -> np.ndarray:
    """The document-order prior (float32, ≥ 0) of the candidate pairs ``rows[rr[k]]`` ×
    ``cols[cc[k]]`` (only pairs with some similarity need one: the others score 0)."""
    prev, nxt = m.neighbours()
    p, q = prev[rows], nxt[rows]
    lo = np.where(p >= 0, m.o2n[np.maximum(p, 0)], -1)
    hi = np.where(q < m.n_old, m.o2n[np.minimum(q, m.n_old - 1)], m.n_new)
    span_old = (q - p).astype(np.int64)
    narrow = (hi - lo) <= 4 * span_old + 20
    # per pair: its old rule's figures (row rr[k]) and its new index j
    j, r, p, q, lo, hi, narrow = cols[cc], rows[rr], p[rr], q[rr], lo[rr], hi[rr], narrow[rr]
    gap = (j > lo) & (j < hi) & (lo < hi) & narrow
    prior = o.w_gap * gap.astype(np.float32)
    adj_prev = (p >= 0) & ((j - lo) == (r - p))
    adj_next = (q < m.n_old) & ((hi - j) == (q - r))
    prior += o.w_adjacent * (adj_prev.astype(np.float32) + adj_next.astype(np.float32))
    # parent rule of a subrule matched to the candidate's parent
    pa = a.parent[r]
    pa_new = np.where(pa >= 0, m.o2n[np.maximum(pa, 0)], -2)
    pa_new = np.where(pa >= 0, pa_new, -2)
    prior += o.w_parent * ((pa_new == b.parent[j]) & (pa_new >= 0))
    # section where the old section's matched rules went
    guess = m.section_guess_array(a, b)
    if (guess >= 0).any():
        want = guess[a.keys.sec_idx[r]]
        prior += o.w_section * (want == b.sec[j].astype(np.int64))
    return prior.astype(np.float32)


def assign_rest(a: Side, b: Side, m: Matching, o: AlignOptions) -> int:
    """Phase 2: global assignment of the free rules, repeated while it adds matches (the
    similarity matrix is computed once; each round recomputes only the prior).

    Returns:
        The number of one-to-one matches made (ambiguous groups are added to ``m.groups``).
    """
    rows, cols = m.free_old(), m.free_new()
    if not len(rows) or not len(cols):
        return 0
    sim = similarity_matrix(a, b, rows, cols, o.accept_supported, o.workers)
    for i, j in m.forbidden:
        ri, cj = np.flatnonzero(rows == i), np.flatnonzero(cols == j)
        if len(ri) and len(cj):
            sim[ri[0], cj[0]] = 0.0
    total = 0
    for _ in range(o.rounds):
        # only rows/cols still free and with some candidate (shrinks the prior and the solver)
        rmask = (m.o2n[rows] < 0) & ~m.busy_old[rows]
        cmask = (m.n2o[cols] < 0) & ~m.busy_new[cols]
        rows, cols, sim = rows[rmask], cols[cmask], sim[np.ix_(rmask, cmask)]
        if not sim.size:
            break
        rmask, cmask = sim.max(axis=1) > 0, sim.max(axis=0) > 0
        if not rmask.any():
            break
        rows, cols, sim = rows[rmask], cols[cmask], sim[np.ix_(rmask, cmask)]
        made = _one_round(a, b, m, o, rows, cols, sim)
        total += made
        if not made:
            break
    return total


def _one_round(
    a: Side,
    b: Side,
    m: Matching,
    o: AlignOptions,
    rows: np.ndarray,
    cols: np.ndarray,
    sim: np.ndarray,
) -> int:
    rr, cc = np.nonzero(sim)  # the prior is only needed where there is a similarity
    sv = sim[rr, cc]
    prior = _prior(a, b, m, rows, cols, rr, cc, o)
    ok = (sv >= o.accept) | ((sv >= o.accept_supported) & (prior >= o.w_gap))
    score = np.zeros(sim.shape, dtype=np.float64)
    score[rr[ok], cc[ok]] = (sv + prior)[ok].astype(np.float64)
    r_idx, c_idx = linear_sum_assignment(score, maximize=True)
    keep = score[r_idx, c_idx] > 0
    r_idx, c_idx = r_idx[keep], c_idx[keep]
    amb = _ambiguous(score, r_idx, c_idx, o.tie)
    if amb:
        free = ~np.isin(r_idx, [r for rs, _ in amb for r in rs])
        r_idx, c_idx = r_idx[free], c_idx[free]
    m.o2n[rows[r_idx]] = cols[c_idx]
    m.n2o[cols[c_idx]] = rows[r_idx]
    made = len(r_idx)
    for rs, cs in amb:
        tied_group(
            a,
            b,
            m,
            o,
            [int(rows[r]) for r in sorted(rs)],
            [int(cols[c]) for c in sorted(cs)],
            max(float(sim[r, c]) for r in rs for c in cs),
        )
    return made + len(amb)


def tied_group(
    a: Side, b: Side, m: Matching, o: AlignOptions, olds: list[int], news: list[int], best: float
) -> None:
    """Record equally good candidates: a split (one old rule whose text the tied new rules,
    joined in document order, reproduce clearly better than any one of them), a merge (the
    mirror image), or else an ``ambiguous`` group."""
    if len(olds) == 1 and len(news) > 1:
        joint = Indel.normalized_similarity(a.code[olds[0]], "".join(b.code[j] for j in news))
        if joint >= best + o.split_gain:
            m.add_group(Group("split", (olds[0],), tuple(news), joint))
            return
    if len(news) == 1 and len(olds) > 1:
        joint = Indel.normalized_similarity("".join(a.code[i] for i in olds), b.code[news[0]])
        if joint >= best + o.split_gain:
            m.add_group(Group("merged", tuple(olds), (news[0],), joint))
            return
    m.add_group(Group("ambiguous", tuple(olds), tuple(news), best))


def _ambiguous(
    score: np.ndarray, r_idx: np.ndarray, c_idx: np.ndarray, tie: float
) -> list[tuple[set[int], set[int]]]:
    """Groups (rows, cols) where another choice scores as well as the assignment's."""
    col_of = dict(zip(r_idx.tolist(), c_idx.tolist()))
    row_of = {c: r for r, c in col_of.items()}
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    def union(x, y):
        parent[find(x)] = find(y)

    if not len(r_idx):
        return []
    # only assigned pairs with a second candidate in their row or column need a closer look
    chosen = score[r_idx, c_idx]
    row_n = (score[r_idx] >= (chosen - tie)[:, None]).sum(axis=1)
    col_n = (score[:, c_idx] >= (chosen - tie)[None, :]).sum(axis=0)
    suspects = np.flatnonzero((row_n > 1) | (col_n > 1))
    for k in suspects.tolist():
        r, c = int(r_idx[k]), int(c_idx[k])
        s = score[r, c]
        for c2 in np.flatnonzero(score[r] >= s - tie).tolist():
            if c2 == c:
                continue
            r2 = row_of.get(c2)
            if r2 is None or score[r, c2] + score[r2, c] >= s + score[r2, c2] - tie:
                union(("r", r), ("c", c)), union(("r", r), ("c", c2))
                if r2 is not None:
                    union(("r", r2), ("c", c2))
        for r2 in np.flatnonzero(score[:, c] >= s - tie):
            r2 = int(r2)
            if r2 != r and r2 not in col_of:
                union(("r", r), ("c", c)), union(("r", r2), ("c", c))
    groups: dict[tuple[str, int], tuple[set[int], set[int]]] = {}
    for x in list(parent):
        g = groups.setdefault(find(x), (set(), set()))
        (g[0] if x[0] == "r" else g[1]).add(x[1])
    return [g for g in groups.values() if g[0] and g[1]]


def fill_gaps(a: Side, b: Side, m: Matching, o: AlignOptions) -> int:
    """Phase 2b: rules rewritten in place. Between two consecutive matched rules that are in
    the same order on both sides, the free old and free new rules of that gap are paired by
    a small assignment, accepting a lower similarity (``o.accept_slot``; ``o.accept_single``
    when the gap holds exactly one free rule on each side) since position vouches for them. Gaps larger than ``o.max_gap`` on either side are left alone.

    Returns:
        Matches made (ties become ``ambiguous`` groups).
    """
    matched = np.flatnonzero(m.o2n >= 0)
    bp = np.concatenate(([-1], matched, [m.n_old]))
    bj = np.concatenate(([-1], m.o2n[matched], [m.n_new]))
    fo, fn = (m.o2n < 0) & ~m.busy_old, (m.n2o < 0) & ~m.busy_new
    free_o, free_n = fo.tolist(), fn.tolist()
    # free rules in each gap (cumulative counts; a gap (p, q) holds old rules p+1 … q-1)
    co = np.concatenate(([0], np.cumsum(fo)))
    cn = np.concatenate(([0], np.cumsum(fn)))
    p, q, jp, jq = bp[:-1], bp[1:], bj[:-1], bj[1:]
    ok = (q - p >= 2) & (jq - jp >= 2) & (jq >= jp)
    k = np.flatnonzero(ok)
    n_rows = co[q[k]] - co[p[k] + 1]
    n_cols = cn[jq[k]] - cn[jp[k] + 1]
    k = k[(n_rows > 0) & (n_cols > 0) & (n_rows <= o.max_gap) & (n_cols <= o.max_gap)]
    made = 0
    for p, q, jp, jq in zip(bp[k].tolist(), bp[k + 1].tolist(), bj[k].tolist(), bj[k + 1].tolist()):
        rows = [i for i in range(p + 1, q) if free_o[i]]
        cols = [j for j in range(jp + 1, jq) if free_n[j]]
        cut = o.accept_single if len(rows) == len(cols) == 1 else o.accept_slot
        sim = process.cdist(
            [a.code[i] for i in rows],
            [b.code[j] for j in cols],
            scorer=Indel.normalized_similarity,
            score_cutoff=cut,
            dtype=np.float64,
        )
        for r, i in enumerate(rows):
            for c, j in enumerate(cols):
                if (i, j) in m.forbidden:
                    sim[r, c] = 0.0
        if not sim.any():
            continue
        r_idx, c_idx = linear_sum_assignment(sim, maximize=True)
        keep = sim[r_idx, c_idx] > 0
        r_idx, c_idx = r_idx[keep], c_idx[keep]
        amb = _ambiguous(sim, r_idx, c_idx, o.tie)
        in_amb = {r for rs, _ in amb for r in rs}
        for r, c in zip(r_idx.tolist(), c_idx.tolist()):
            if r not in in_amb:
                m.match(rows[r], cols[c])
                made += 1
        for rs, cs in amb:
            tied_group(
                a,
                b,
                m,
                o,
                [rows[r] for r in sorted(rs)],
                [cols[c] for c in sorted(cs)],
                max(float(sim[r, c]) for r in rs for c in cs),
            )
    return made


def _siblings(x, y) -> bool:
    """Whether ``y`` is a subrule of the same rule as subrule ``x``."""
    return bool(x.letters) and bool(y.letters) and x.rule == y.rule and x.section == y.section


def extend_runs(a: Side, b: Side, m: Matching, o: AlignOptions) -> int:
    """Phase 2c: a block of subrules moved and reworded together. After a matched pair of
    subrules ``x ↔ y``, the free subrule right after ``x`` (same rule) and the free subrule
    right after ``y`` (same rule) are paired when their similarity reaches
    ``o.accept_run`` and neither fits the other's next free sibling better — position
    vouches for them as for a one-rule gap (:func:`fill_gaps`), but the run need not end at
    a matched pair (2009-07-11: 310.2a–d → 510.1a–d, where 510.1c/d restate 310.2c/d).

    Returns:
        Matches made.
    """
    o2n = m.o2n.tolist()
    free_o = ((m.o2n < 0) & ~m.busy_old).tolist()
    free_n = ((m.n2o < 0) & ~m.busy_new).tolist()
    an, bn = a.nums, b.nums
    made = 0

    def sim(i: int, j: int) -> float:
        if (i, j) in m.forbidden:
            return 0.0
        return Indel.normalized_similarity(a.code[i], b.code[j])

    # where a run can start: a matched pair whose next rules are both free (matches made
    # below only take free rules, so no other pair becomes a start)
    starts = np.flatnonzero(m.o2n[:-1] >= 0)
    nxt = m.o2n[starts] + 1
    starts, nxt = starts[nxt < len(b)], nxt[nxt < len(b)]
    fo, fn = (m.o2n < 0) & ~m.busy_old, (m.n2o < 0) & ~m.busy_new
    starts = starts[fo[starts + 1] & fn[nxt]]
    for i0 in starts.tolist():
        j0 = o2n[i0]
        i, j = i0, j0
        while (
            i + 1 < len(a)
            and j + 1 < len(b)
            and free_o[i + 1]
            and free_n[j + 1]
            and _siblings(an[i], an[i + 1])
            and _siblings(bn[j], bn[j + 1])
        ):
            s = sim(i + 1, j + 1)
            if s < o.accept_run:
                break
            if (
                i + 2 < len(a)
                and free_o[i + 2]
                and _siblings(an[i + 1], an[i + 2])
                and sim(i + 2, j + 1) > s
            ):
                break
            if (
                j + 2 < len(b)
                and free_n[j + 2]
                and _siblings(bn[j + 1], bn[j + 2])
                and sim(i + 1, j + 2) > s
            ):
                break
            m.match(i + 1, j + 1)
            free_o[i + 1] = free_n[j + 1] = False
            o2n[i + 1] = j + 1
            made += 1
            i, j = i + 1, j + 1
    return made
