"""Aligning two releases of one language: :func:`align_releases`
(:mod:`~mtgcr.crossref.align.releases`) and its phases — per-release keys
(:mod:`~mtgcr.crossref.align.keys`), the working state (:mod:`~mtgcr.crossref.align.matching`),
exact keys and the global assignment (:mod:`~mtgcr.crossref.align.assign`), splits and merges
(:mod:`~mtgcr.crossref.align.splitmerge`), sections (:mod:`~mtgcr.crossref.align.sections`),
the glossary (:mod:`~mtgcr.crossref.align.glossary`), classification into changes
(:mod:`~mtgcr.crossref.align.classify`) — tuned by :class:`~mtgcr.crossref.align.options.AlignOptions`;
and alignments of distant releases composed from consecutive ones
(:mod:`~mtgcr.crossref.align.compose`)."""

from mtgcr._lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(["align_releases"], "releases"),
    **dict.fromkeys(["AlignOptions"], "options"),
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
