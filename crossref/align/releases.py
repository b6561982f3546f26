"""Align two releases of the Comprehensive Rules in one language.

:func:`align_releases` takes two :class:`~mtgcr.extract.model.Ruleset` s (any two releases, not only
neighbours) and returns an :class:`~mtgcr.crossref.model.Alignment`:

0. each release's comparison keys (text ids, masked texts, match keys, word codes,
   comparison and typography forms, glossary and section keys) come from its
   :class:`~mtgcr.crossref.align.keys.ReleaseKeys`, computed once per Ruleset and memoised (the store
   can keep them with the release: :meth:`~mtgcr.crossref.align.keys.ReleaseKeys.to_json`), so a
   pair only does pairwise work;
1. human decisions for this pair are applied first (:mod:`mtgcr.crossref.decisions`);
2. rules whose normalised, number-masked text is unique on both sides are settled in linear
   time, as numpy operations on the releases' key ids (:func:`mtgcr.crossref.align.assign.exact_keys`);
3. the rest is solved by one global assignment on text similarity plus a document-order
   prior (:func:`mtgcr.crossref.align.assign.assign_rest`); equal candidates become ``ambiguous``;
   rules rewritten in place are then paired gap by gap (:func:`mtgcr.crossref.align.assign.fill_gaps`)
   and subrules following a matched subrule in a block (:func:`mtgcr.crossref.align.assign.extend_runs`);
4. splits and merges are found by containment, and rules divided in two and reworded by
   the words the new neighbour covers (:mod:`mtgcr.crossref.align.splitmerge`);
5. sections are paired from the aligned rules and titles (:mod:`mtgcr.crossref.align.sections`);
6. each group is classified, comparing texts after mapping the old text's rule references
   through the alignment (pairs with equal texts in corresponding sections as arrays, the
   rest one by one); glossary entries are paired (:mod:`mtgcr.crossref.align.glossary`). The
   ``Change`` and ``GlossaryChange`` objects of unchanged groups are made when the
   alignment's lists are first read (:meth:`mtgcr.crossref.model.Alignment.deferred`).

Nothing here reads files or the store; see :mod:`mtgcr.crossref.chain` for that.
"""

from __future__ import annotations

from typing import Iterable

from rapidfuzz import fuzz

from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.align.assign import assign_rest, exact_keys, extend_runs, fill_gaps
from mtgcr.crossref.decisions import Decision, DecisionError
from mtgcr.crossref.align.classify import build_alignment
from mtgcr.crossref.align.matching import Group, Matching, Side
from mtgcr.crossref.model import Alignment
from mtgcr.crossref.align.options import AlignOptions
from mtgcr.crossref.align.splitmerge import find_divided_rules, find_merges, find_splits

__all__ = ["align_releases"]


def align_releases(
    old: Ruleset,
    new: Ruleset,
    options: AlignOptions | None = None,
    decisions: Iterable[Decision] = (),
) -> Alignment:
    """Align every rule, section and glossary entry of ``old`` with ``new``.

    Args:
        old, new: two releases of the same language (``new`` need not be later).
        options: thresholds and weights (default :class:`AlignOptions`).
        decisions: human decisions; those naming this pair of releases are applied.

    Returns:
        The alignment; its ``changes`` cover every rule of both releases exactly once.

    Raises:
        DecisionError: a decision for this pair names a rule that is not in its release, or
            two decisions claim the same rule.
        ValueError: the releases are of different languages.
    """
    if old.release.lang != new.release.lang:
        raise ValueError(
            f"cannot align {old.release.key} with {new.release.key}: "
            f"different languages (use the language alignment)"
        )
    o = options or AlignOptions()
    a, b = Side(old), Side(new)  # per-release keys: computed once per Ruleset, memoised
    m = Matching(len(a), len(b))
    _apply_decisions(a, b, m, [d for d in decisions if d.applies(old.release, new.release)])
    exact_keys(a, b, m)
    assign_rest(a, b, m, o)
    if old.complete and new.complete:  # in quotes, position says nothing
        fill_gaps(a, b, m, o)
        extend_runs(a, b, m, o)
    find_splits(a, b, m, o)
    if old.complete and new.complete:
        find_divided_rules(a, b, m, o)
    find_merges(a, b, m, o)
    return build_alignment(a, b, m)


def _apply_decisions(a: Side, b: Side, m: Matching, decisions: list[Decision]) -> None:
    def idx(side: Side, n: RuleNumber, d: Decision, what: str) -> int:
        i = side.idx.get(n)
        if i is None:
            rel = side.rs.release
            raise DecisionError(f"{d.source}: {what} rule {n} is not in {rel.lang} {rel.name}")
        return i

    claimed: dict[tuple[str, int], str] = {}

    def claim(key: tuple[str, int], d: Decision) -> None:
        if key in claimed:
            raise DecisionError(f"{d.source}: rule already decided at {claimed[key]}")
        claimed[key] = d.source

    for d in decisions:
        olds = [idx(a, n, d, "old") for n in d.old]
        news = [idx(b, n, d, "new") for n in d.new]
        if d.relation == "unrelated":
            m.forbidden.update((i, j) for i in olds for j in news)
            continue
        for i in olds:
            claim(("o", i), d)
        for j in news:
            claim(("n", j), d)
        if d.relation == "added":
            m.add_group(Group("added", (), tuple(news), 0.0, True))
        elif d.relation == "removed":
            m.add_group(Group("removed", tuple(olds), (), 0.0, True))
        elif len(olds) == 1 and len(news) == 1:
            m.match(olds[0], news[0])
            m.decided.add((olds[0], news[0]))
        elif len(olds) == 1:
            sim = fuzz.ratio(a.code[olds[0]], "".join(b.code[j] for j in news)) / 100.0
            m.add_group(Group("split", tuple(olds), tuple(news), sim, True))
        else:
            sim = fuzz.ratio("".join(a.code[i] for i in olds), b.code[news[0]]) / 100.0
            m.add_group(Group("merged", tuple(olds), tuple(news), sim, True))
