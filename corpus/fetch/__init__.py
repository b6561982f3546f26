"""Scrapers: fetching the corpus politely from the sites that publish it.

* :mod:`mtgcr.corpus.fetch.http` — the polite client (User-Agent with a contact,
  robots.txt, spacing per host, Retry-After, backoff, size cap, allowed hosts, HTTP cache);
* :mod:`mtgcr.corpus.fetch.wizards` — Wizards' rules page and file names, the archive
  metadata's URL formats (format knowledge only);
* :mod:`mtgcr.corpus.fetch.official` — fetching the current and historic official files;
* :mod:`mtgcr.corpus.fetch.mediawiki` — the MTG Wiki's API (revisions, categories, maxlag,
  ``rvslots``, the raw-page fallback);
* :mod:`mtgcr.corpus.fetch.mtgru` — the mtg.ru pages, crawled along their footer links;
* :mod:`mtgcr.corpus.fetch.state` — the store's ``fetches`` table and the downloads folder.

Ingesting what was fetched is the caller's step (:mod:`mtgcr.fetching`), so these
modules import nothing from :mod:`mtgcr.extract`.
"""
