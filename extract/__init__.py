"""Documents → rule model: rule numbers (:mod:`mtgcr.extract.rulenum`), the model
(:mod:`mtgcr.extract.model`), the parsers of every document kind registered in :mod:`mtgcr.extract.kinds`
(CR text, translations, MTG Wiki pages, mtg.ru pages, term lists), the ingest pipeline
(:mod:`mtgcr.extract.ingest`) and the model ↔ store rows mapping (:mod:`mtgcr.extract.records`). Uses no
SQL and nothing from :mod:`crossref` or :mod:`reports`."""
