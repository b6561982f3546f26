"""Source documents and the store: bytes → :class:`mtgcr.corpus.document.Document` (encoding
detection in :mod:`mtgcr.corpus.decode`), the SQLite store of releases, documents and facts
(:mod:`mtgcr.corpus.store`), and the bundled sample corpus (:mod:`mtgcr.corpus.sample`). Imports nothing
from :mod:`extract`, :mod:`crossref` or :mod:`reports`."""
