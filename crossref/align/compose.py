"""An alignment of two non-neighbouring releases of a chain, composed from the consecutive ones.

Aligning two distant releases directly (:func:`mtgcr.crossref.align.releases.align_releases`) guesses again
what the chain of consecutive alignments already settled, and can contradict
:meth:`mtgcr.crossref.lineage.Lineage.remap` and ``history`` (a rule renumbered twice, a number
reused in between). :func:`compose_alignment` instead follows every rule of the old release
through each consecutive alignment, exactly as ``remap`` does (every successor of a split,
the merged rule of a merge, every candidate of an ambiguous group), and groups the endpoint
rules that are connected:

* one old ↔ one new → a one-to-one pair (``unchanged``/``renumbered``/``modified``/``moved``
  judged on the endpoint texts by :func:`mtgcr.crossref.align.classify.build_alignment`);
* one old → several new → ``split``; several old → one new → ``merged``;
* a path through an ``ambiguous`` step, or several old ↔ several new → ``ambiguous``;
* an old rule no path leads from → ``removed``; a new rule none leads to → ``added``.

Sections, similarities, reference mapping and the glossary are then computed on the two
endpoint rulesets as for a direct alignment.
"""

from __future__ import annotations

from typing import Sequence

from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.align.classify import build_alignment
from mtgcr.crossref.align.matching import Group, Matching, Side
from mtgcr.crossref.model import Alignment

__all__ = ["compose_alignment"]


def compose_alignment(
    old: Ruleset, new: Ruleset, steps: Sequence[tuple[Alignment, bool]]
) -> Alignment:
    """Align ``old`` with ``new`` through the chain of alignments ``steps``.

    Args:
        old, new: the endpoint rulesets (same language).
        steps: the consecutive alignments leading from ``old`` to ``new``, each with
            ``forward`` (``True``: the step's old release is on ``old``'s side; ``False``: the
            step is walked backwards, for ``new`` earlier than ``old``).

    Returns:
        The composed :class:`Alignment` of ``old`` → ``new``.
    """
    a, b = Side(old), Side(new)  # the releases' memoised keys (crossref/align/keys.py)
    m = Matching(len(a), len(b))
    reach: list[set[RuleNumber]] = [{n} for n in a.nums]
    amb = [False] * len(a)
    for al, forward in steps:
        look = al.change_of_old if forward else al.change_of_new
        for i, cur in enumerate(reach):
            if not cur:
                continue
            nxt: set[RuleNumber] = set()
            for n in cur:
                ch = look(n)
                if ch is None or ch.kind in ("added", "removed"):
                    continue
                if ch.kind == "ambiguous":
                    amb[i] = True
                nxt.update(ch.new if forward else ch.old)
            reach[i] = nxt
    # connected components of the endpoint relation (union-find; new j is node len(a) + j)
    parent = list(range(len(a) + len(b)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    bidx = b.idx
    edges: list[tuple[int, int]] = []
    for i, cur in enumerate(reach):
        for n in cur:
            j = bidx.get(n)
            if j is not None:
                edges.append((i, j))
                ri, rj = find(i), find(len(a) + j)
                if ri != rj:
                    parent[rj] = ri
    comps: dict[int, tuple[list[int], list[int]]] = {}
    for i, j in edges:
        olds, news = comps.setdefault(find(i), ([], []))
        if i not in olds:
            olds.append(i)
        if j not in news:
            news.append(j)
    for olds, news in comps.values():
        ambiguous = any(amb[i] for i in olds)
        if len(olds) == 1 and len(news) == 1 and not ambiguous:
            m.match(olds[0], news[0])
        elif ambiguous or (len(olds) > 1 and len(news) > 1):
            m.add_group(Group("ambiguous", tuple(olds), tuple(news)))
        elif len(olds) == 1:
            m.add_group(Group("split", tuple(olds), tuple(news)))
        else:
            m.add_group(Group("merged", tuple(olds), tuple(news)))
    return build_alignment(a, b, m)
