"""Checking and migrating CR citations through the alignment chain: wiki pages
(:mod:`~mtgcr.crossref.cite.wiki_check`, over a store's releases
:mod:`~mtgcr.crossref.cite.wiki_store`) and engine source trees
(:mod:`~mtgcr.crossref.cite.source_check`, :mod:`~mtgcr.crossref.cite.source_migrate`)."""
