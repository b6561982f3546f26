"""Source documents and the store: bytes → :class:`corpus.document.Document` (encoding
detection in :mod:`corpus.decode`), the SQLite store of releases, documents and facts
(:mod:`corpus.store`), and the bundled sample corpus (:mod:`corpus.sample`). Imports nothing
from :mod:`extract`, :mod:`crossref` or :mod:`reports`."""
