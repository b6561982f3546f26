"""Alignment of releases and languages: which rule of one release is which rule of another,
and what happened to it.

Public entry points:

* :func:`crossref.align.align_releases` — two :class:`~extract.model.Ruleset` s →
  :class:`crossref.model.Alignment` (rules, sections, glossary);
* :class:`crossref.chain.Chain` — the releases of one language in a store, aligned pair by
  pair with a cache; :func:`crossref.chain.aligned_pair` for any two releases;
* :class:`crossref.lineage.Lineage` — histories, lineage ids and remapping over a chain;
* :func:`crossref.xlang.translation_alignment` — two releases of a translation: the English
  alignment projected onto them (paired by number, verified), or a direct alignment, and
  the disagreements of the two; :func:`crossref.xlang.translated_history` follows a
  translated rule through the English lineage;
* :func:`crossref.langpair.pair_rulesets` — a translation paired with English rule by rule,
  each pair verified by language-independent evidence;
* :func:`crossref.identify.identify` — which releases a fragment of rule text matches;
* :func:`crossref.cite_check.check_citations` — whether the CR citations of a wiki page
  still point at the rule they meant;
* :mod:`crossref.decisions` — the human decisions file;
* :mod:`crossref.worddiff` — word diffs with a tokenizer per language (SudachiPy for JA).
"""
