"""Alignment of releases and languages: which rule of one release is which rule of another,
and what happened to it.

Public entry points:

* :func:`mtgcr.crossref.align.align_releases` — two :class:`~mtgcr.extract.model.Ruleset` s →
  :class:`mtgcr.crossref.model.Alignment` (rules, sections, glossary);
* :class:`mtgcr.crossref.chain.Chain` — the releases of one language in a store, aligned pair by
  pair with a cache; :func:`mtgcr.crossref.chain.aligned_pair` for any two releases;
* :class:`mtgcr.crossref.lineage.Lineage` — histories, lineage ids and remapping over a chain;
* :func:`mtgcr.crossref.translation.xlang.translation_alignment` — two releases of a translation: the English
  alignment projected onto them (paired by number, verified), or a direct alignment, and
  the disagreements of the two; :func:`mtgcr.crossref.translation.xlang.translated_history` follows a
  translated rule through the English lineage;
* :func:`mtgcr.crossref.translation.langpair.pair_rulesets` — a translation paired with English rule by rule,
  each pair verified by language-independent evidence;
* :func:`mtgcr.crossref.identify.identify` — which releases a fragment of rule text matches;
* :func:`mtgcr.crossref.cite_check.check_citations` — whether the CR citations of a wiki page
  still point at the rule they meant;
* :mod:`mtgcr.crossref.decisions` — the human decisions file;
* :mod:`mtgcr.crossref.worddiff` — word diffs with a tokenizer per language (SudachiPy for JA).
"""
