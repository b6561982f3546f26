"""Source documents and the store: bytes → :class:`mtgcr.corpus.document.Document` (encoding
detection in :mod:`mtgcr.corpus.decode`), the SQLite store of releases, documents and facts
(:mod:`mtgcr.corpus.store`), and the bundled sample corpus (:mod:`mtgcr.corpus.sample`). Imports nothing
from :mod:`extract`, :mod:`crossref` or :mod:`reports`.

Public entry points (importable from this package, each loaded on first use):
:class:`~mtgcr.corpus.store.Store`, :func:`~mtgcr.corpus.store.default_store_path`,
:func:`~mtgcr.corpus.document.load_document`, :mod:`mtgcr.corpus.sample`."""

from mtgcr._lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(
        ["Store", "StoreError", "StoreBusy", "ReleaseInfo", "default_store_path"], "store"
    ),
    **dict.fromkeys(
        ["Document", "DocumentError", "load_document", "document_from_bytes"], "document"
    ),
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
