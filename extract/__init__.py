"""Documents → rule model: rule numbers (:mod:`extract.rulenum`), the model
(:mod:`extract.model`), the parsers of every document kind registered in :mod:`extract.kinds`
(CR text, translations, MTG Wiki pages, mtg.ru pages, term lists), the ingest pipeline
(:mod:`extract.ingest`) and the model ↔ store rows mapping (:mod:`extract.records`). Uses no
SQL and nothing from :mod:`crossref` or :mod:`reports`."""
