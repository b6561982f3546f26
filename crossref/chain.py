"""The chain of releases of one language in a store, aligned pair by pair (with a cache).

:class:`Chain` lists the complete releases of a language in date order (one per label, the
official one preferred), aligns each consecutive pair on demand and keeps the result in the
store's ``alignments`` table keyed by release ids, algorithm version, options and the
decisions that apply to the pair, with its lookup rows (:mod:`mtgcr.crossref.steps`), so that
:meth:`Chain.lineage` reads only the rows of the numbers a query follows. Re-ingesting a
release gives it a new id, so stale alignments are never read (and are deleted with the old
release rows). :mod:`mtgcr.crossref.prealign` computes the missing alignments of a chain
ahead of the queries (at ingest), in worker processes.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Callable, Iterable

from mtgcr.corpus.copies import TextKind
from mtgcr.corpus.store import ReleaseInfo, Store, StoreError
from mtgcr.extract.model import Release, Ruleset
from mtgcr.extract.records import load_release
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.decisions import Decision, decisions_digest
from mtgcr.crossref.lineage import Lineage
from mtgcr.crossref.model import Alignment
from mtgcr.crossref.align.options import AlignOptions
from mtgcr.crossref.steps import ChainSteps, StepView, step_rows

__all__ = ["Chain", "chain_releases", "complete_releases", "aligned_pair"]


def complete_releases(store: Store, lang: str = "en") -> list[ReleaseInfo]:
    """Complete releases of ``lang`` in date order (effective date, else label), one per
    release — (effective date, revision), as :func:`mtgcr.corpus.copies.release_key` names it:
    the whole text when the store also holds quotes of it. A store keeps one whole text per
    release (its canonical copy); a read-only store from before copies may hold two for one
    date (archive CR-2009-07-08 and official 2009-07-11), and the one whose label is its
    effective date is taken. ``[]`` when there is none."""
    best: dict[tuple, ReleaseInfo] = {}

    def rank(r: ReleaseInfo) -> tuple:
        return (r.text is TextKind.WHOLE, (r.effective_date or "").replace("-", "") == r.label)

    for r in store.releases(lang):
        if not r.complete:
            continue
        key = (r.name, r.revision)
        cur = best.get(key)
        if cur is None or rank(r) > rank(cur):
            best[key] = r
    return sorted(best.values(), key=lambda r: (r.name, r.label))


def chain_releases(store: Store, lang: str = "en") -> list[ReleaseInfo]:
    """Complete releases of ``lang`` in date order, one per label (official origin first;
    see :func:`complete_releases`).

    Raises:
        StoreError: no complete release of that language.
    """
    rels = complete_releases(store, lang)
    if not rels:
        raise StoreError(f"no complete {lang} releases in {store.path} (run 'mtgcr ingest' first)")
    return rels


class Chain:
    """Consecutive alignments of one language's releases in a store.

    Args:
        store: an open store (writable for the cache to be written; read-only works too).
        lang: language code.
        decisions: human decisions (those for each pair are applied to that pair).
        options: alignment options.
        cache: read and write the store's alignment cache.
        on_align: called with ``(k, n)`` before computing alignment ``k`` of ``n`` (progress).
    """

    def __init__(
        self,
        store: Store,
        lang: str = "en",
        decisions: Iterable[Decision] = (),
        options: AlignOptions | None = None,
        cache: bool = True,
        on_align: Callable[[int, int], None] | None = None,
    ) -> None:
        self.store = store
        self.lang = lang
        self.infos = chain_releases(store, lang)
        self.decisions = list(decisions)
        self.options = options or AlignOptions()
        self.cache = cache
        self.on_align = on_align
        self._rulesets: dict[int, Ruleset] = {}
        self._alignments: dict[int, Alignment] = {}
        self.computed = 0  # alignments computed (not read from the cache) by this object
        self._digest = self.options.digest()
        self._releases = [
            Release(
                r.lang,
                r.label,
                date.fromisoformat(r.effective_date) if r.effective_date else None,
                r.revision,
            )
            for r in self.infos
        ]

    def __len__(self) -> int:
        return len(self.infos)

    @property
    def releases(self) -> list[Release]:
        """The chain as :class:`Release` values (from the store rows, no parsing)."""
        return self._releases

    def index(self, spec: str | None) -> int:
        """Position in the chain of a release given as effective date, label or ``latest``.

        Raises:
            StoreError: no such release, or it is a partial one (not in the chain).
        """
        info = self.store.resolve(spec, self.lang)
        for k, r in enumerate(self.infos):
            if r.id == info.id or (r.label == info.label):
                return k
        raise StoreError(
            f"{self.lang} {spec} is a partial release; only complete releases are aligned"
        )

    def ruleset(self, k: int) -> Ruleset:
        """The ruleset of release ``k`` (loaded once)."""
        rs = self._rulesets.get(k)
        if rs is None:
            rs = self._rulesets[k] = load_release(self.store, self.infos[k])
        return rs

    def forget(self, k: int) -> None:
        """Let go of the ruleset and the alignment of release ``k`` (a long walk over the
        chain keeps only what it still needs); they are loaded again if asked for."""
        self._rulesets.pop(k, None)
        self._alignments.pop(k, None)

    def version(self, k: int) -> str:
        """Cache key of alignment ``k``: options digest and the digest of its decisions."""
        old, new = self.releases[k], self.releases[k + 1]
        ds = [d for d in self.decisions if d.applies(old, new)]
        return f"{self._digest}:{decisions_digest(ds)}"

    def pair_key(self, k: int) -> tuple[int, int, str]:
        """Cache key of alignment ``k``: ``(old release id, new release id, version)``."""
        return self.infos[k].id, self.infos[k + 1].id, self.version(k)

    def alignment(self, k: int) -> Alignment:
        """The alignment of release ``k`` with release ``k + 1`` (cached)."""
        al = self._alignments.get(k)
        if al is not None:
            return al
        a, b = self.infos[k], self.infos[k + 1]
        version = self.version(k)
        data = self.store.cached_alignment(a.id, b.id, version) if self.cache else None
        if data is not None:
            al = Alignment.from_cache(json.loads(data))
        else:
            from mtgcr.crossref.align.releases import align_releases

            if self.on_align:
                self.on_align(k, len(self.infos) - 1)
            al = align_releases(self.ruleset(k), self.ruleset(k + 1), self.options, self.decisions)
            self.computed += 1
            if self.cache:
                cache = al.to_cache()
                self.store.cache_alignment(
                    a.id,
                    b.id,
                    version,
                    json.dumps(cache, ensure_ascii=False, separators=(",", ":")),
                    step_rows(cache),
                )
        self._alignments[k] = al
        return al

    def alignments(self) -> list[Alignment]:
        """Every consecutive alignment, oldest first."""
        return [self.alignment(k) for k in range(len(self.infos) - 1)]

    def lineage(self) -> Lineage:
        """A :class:`Lineage` over the whole chain (aligns what is not cached yet). Cached
        alignments with lookup rows are read lazily, only for the numbers asked about
        (:class:`~mtgcr.crossref.steps.StepView`); a cached one without them (a store from
        before the index) gains them when the store is writable, else is read whole."""

        def present(k: int, n: RuleNumber) -> bool:
            rs = self.ruleset(k)
            return n in rs.sections if n.kind == "section" else n in rs.rules

        n = len(self.infos) - 1
        keys = [self.pair_key(k) for k in range(n)]
        cached = self.store.cached_pairs() if self.cache else {}
        missing = [
            k for k, key in enumerate(keys) if key not in cached and k not in self._alignments
        ]
        if len(missing) > 8 and self.cache and not self.store.readonly:
            from mtgcr.crossref.pair_workers import align_missing  # in worker processes

            align_missing(self, missing, on_align=self.on_align)
            cached = self.store.cached_pairs()
        views: list = []
        steps = ChainSteps(self.store, [r.id for r in self.infos], keys)
        for k, key in enumerate(keys):
            if k not in self._alignments and key in cached and not cached[key]:
                data = self.store.cached_alignment(*key)  # before the index: add its rows
                if data is not None and self.store.index_alignment(
                    key, step_rows(json.loads(data))
                ):
                    cached[key] = True
            if k in self._alignments or not cached.get(key):
                views.append(self.alignment(k))
            else:
                views.append(StepView(steps, k))
        return Lineage(self.releases, views, present)


def aligned_pair(
    store: Store,
    old_spec: str,
    new_spec: str,
    lang: str = "en",
    decisions: Iterable[Decision] = (),
    options: AlignOptions | None = None,
) -> tuple[Ruleset, Ruleset, Alignment]:
    """Load two releases and align them (any two releases, either order). A pair of complete
    releases that are consecutive in the chain uses the cache; two complete releases further
    apart get the composition of the consecutive alignments between them
    (:func:`mtgcr.crossref.align.compose.compose_alignment`), so that a diff agrees with ``remap`` and
    ``history``; anything else (partial releases, quotes) is aligned directly — what a
    partial side lacks is "not quoted", which reports must not call added or removed (see
    :func:`mtgcr.reports.diffview.diff_view`). The alignment's ``basis`` says which
    (``"consecutive"``, ``"chain"`` or ``"direct"``).

    Returns:
        ``(old ruleset, new ruleset, alignment)``.

    Raises:
        StoreError: a release is missing.
    """
    a, b = store.resolve(old_spec, lang), store.resolve(new_spec, lang)
    if a.complete and b.complete:
        chain = Chain(store, lang, decisions, options)
        i, j = chain.index(old_spec), chain.index(new_spec)
        if j == i + 1:
            al = chain.alignment(i)
            al.basis = "consecutive"
            return chain.ruleset(i), chain.ruleset(j), al
        direct_decided = any(
            d.applies(chain.releases[i], chain.releases[j]) for d in chain.decisions
        )
        if abs(j - i) > 1 and not direct_decided:  # a decision for this very pair: direct
            steps = (
                [(chain.alignment(k), True) for k in range(i, j)]
                if j > i
                else [(chain.alignment(k), False) for k in range(i - 1, j - 1, -1)]
            )
            from mtgcr.crossref.align.compose import compose_alignment

            al = compose_alignment(chain.ruleset(i), chain.ruleset(j), steps)
            al.basis = "chain"
            return chain.ruleset(i), chain.ruleset(j), al
    from mtgcr.crossref.align.releases import align_releases
    from mtgcr.extract.partial import partial_pieces, partial_union

    for info in (a, b):  # a partial release without a rule has nothing to compare
        if not info.complete and partial_pieces(store, info).rules == 0:
            raise StoreError(
                f"{partial_pieces(store, info).describe()}: nothing to compare "
                f"(its pieces hold no rules)"
            )
    # a partial label stored as several pieces (the files of the ZH bilingual edition) is
    # compared as the union of its pieces
    old, new = partial_union(store, a), partial_union(store, b)
    al = align_releases(old, new, options, decisions)
    al.basis = "direct"
    return old, new, al
