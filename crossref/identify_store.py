"""Identify documents against the releases of a store: which stored releases a page, a quote
or a pasted fragment matches (:func:`mtgcr.crossref.identify.identify`), with the store's
alignment chain to follow it to the newest release.

The policy of ``mtgcr identify`` and :meth:`mtgcr.api.Corpus.identify`: a PATH is a
file, or the source name of a document already stored; a document is parsed by the registry,
else read as a pasted fragment (never stored); each ruleset of it with rules, sections or
glossary entries is compared with the complete releases of its own language when at least
two are stored (a text comparison), else with the English ones (language-independent
evidence).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from mtgcr.corpus.document import Document, DocumentError, document_from_bytes, load_document
from mtgcr.corpus.store import Store, StoreError
from mtgcr.extract.lookup import NotFound
from mtgcr.extract.model import Ruleset
from mtgcr.extract.records import load_release
from mtgcr.extract.registry import parse_document_or_fragment

from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.identify import Identification, identify

__all__ = ["Placed", "StoreIdentifier", "find_document"]


@dataclass
class Placed:
    """One ruleset of a document, identified.

    Attributes:
        identification: where it fits (:class:`mtgcr.crossref.identify.Identification`).
        origin: the ruleset's origin as the parser names it (``"mtg.ru"``, ``"fragment"``,
            ``"wiki quote"`` …).
    """

    identification: Identification
    origin: str

    def as_json(self) -> dict:
        """``Identification.as_json()`` with ``"origin"`` added (``mtgcr identify --format
        json``)."""
        return dict(self.identification.as_json(), origin=self.origin)


def find_document(store: Store, path: str | Path) -> Document:
    """The document ``path`` names: a file, else the stored document of that source name
    (:meth:`mtgcr.corpus.store.Store.find_document`).

    Raises:
        DocumentError: ``path`` exists but is not a file, or is neither a file nor a stored
            document's source; the file cannot be read.
    """
    p = Path(path)
    if p.is_file():
        return load_document(p)
    if p.exists():
        raise DocumentError(f"{path}: not a file")
    hit = store.find_document(str(path))
    if hit is None:
        raise DocumentError(f"{path}: no such file, and no stored document of that name")
    sha, source = hit
    raw = store.document_raw(sha)
    if raw is None:  # removed by another program since the lookup
        raise DocumentError(f"{path}: no such file, and no stored document of that name")
    return document_from_bytes(raw, source, store.forced_encoding(sha))


class StoreIdentifier:
    """Identifies rulesets against one store; the complete releases of each language and
    their chains are loaded once and kept for every document.

    Args:
        store: an open store (writable when possible: alignments are cached in it).
        decisions: human decisions for the chains' alignments.
    """

    def __init__(self, store: Store, decisions: Iterable[Decision] = ()) -> None:
        self.store = store
        self.decisions = list(decisions)
        self._candidates: dict[str, list[Ruleset]] = {}
        self._chains: dict[str, object] = {}

    def candidates(self, lang: str) -> list[Ruleset]:
        """The complete stored releases of ``lang``, oldest first."""
        if lang not in self._candidates:
            self._candidates[lang] = [
                load_release(self.store, r) for r in self.store.releases(lang) if r.complete
            ]
        return self._candidates[lang]

    def chain(self, lang: str):
        """The alignment chain of ``lang`` (:class:`mtgcr.crossref.chain.Chain`), or ``None``
        when there is none (identify then follows sections by titles and text)."""
        from mtgcr.crossref.chain import Chain

        if lang not in self._chains:
            try:
                self._chains[lang] = Chain(self.store, lang, self.decisions)
            except StoreError:
                self._chains[lang] = None
        return self._chains[lang]

    def identify(self, rs: Ruleset) -> Identification:
        """Where ``rs`` fits: against its own language when at least two complete releases
        of it are stored, else against English.

        Raises:
            StoreError: no complete release to compare with.
        """
        pool = self.candidates(rs.release.lang)
        if len(pool) < 2 and rs.release.lang != "en":
            pool = self.candidates("en")
        if not pool:
            raise StoreError(
                f"no complete releases in {self.store.path} to compare with "
                f"(run 'mtgcr ingest ../shared/corpus/en/official' first)"
            )
        return identify(rs, pool, chain=self.chain(pool[0].release.lang))

    def document(self, path: str | Path) -> list[Placed]:
        """Identify every ruleset of the document ``path`` (see :func:`find_document`).

        Returns:
            One :class:`Placed` per ruleset with rules, sections or glossary entries.

        Raises:
            DocumentError: see :func:`find_document`.
            ValueError: the document is of no known kind nor a fragment, or is a defective
                CR text (:class:`~mtgcr.extract.kinds.UnknownKindError`,
                :class:`~mtgcr.extract.formats.cr_text.CRFormatError`: one line naming it).
            NotFound: it holds no rules, sections or glossary entries.
            StoreError: no complete release to compare with.
        """
        doc = find_document(self.store, path)
        parsed = parse_document_or_fragment(doc)
        frags = [
            (rs, origin)
            for rs, origin, _ in parsed.rulesets
            if rs.rules or rs.sections or rs.glossary
        ]
        if not frags:
            raise NotFound(f"{doc.source}: no rules, sections or glossary entries to identify")
        return [Placed(self.identify(rs), origin) for rs, origin in frags]
