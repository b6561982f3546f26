"""Alignment of releases and languages: which rule of one release is which rule of another,
and what happened to it.

Public entry points:

* :func:`mtgcr.crossref.align.releases.align_releases` — two :class:`~mtgcr.extract.model.Ruleset` s →
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
  :class:`mtgcr.crossref.identify_store.StoreIdentifier` — documents against a store's releases;
* :func:`mtgcr.crossref.scope.within_section` — one section's part of an alignment (and its
  summary counts);
* :func:`mtgcr.crossref.cite.wiki_check.check_citations` — whether the CR citations of a wiki page
  still point at the rule they meant;
* :func:`mtgcr.crossref.history.rule_history` / :func:`~mtgcr.crossref.history.remap_rule`,
  :func:`mtgcr.crossref.translation.pairing.pair_release`,
  :func:`mtgcr.crossref.cite.wiki_store.check_pages` — the same over the releases of a store (the
  policy of the ``history``, ``remap``, ``pair`` and ``cite-check`` commands);
* :mod:`mtgcr.crossref.decisions` — the human decisions file;
* :mod:`mtgcr.crossref.worddiff` — word diffs with a tokenizer per language (SudachiPy for JA).

The names in ``__all__`` can be imported from this package directly (``from mtgcr.crossref
import Chain``); each is loaded from its module on first use.
"""

from __future__ import annotations

from mtgcr._lazy import lazy_exports

#: Public name → the module defining it; ``from mtgcr.crossref import Chain`` imports that
#: module on first use (so ``import mtgcr.crossref`` stays cheap and free of import cycles).
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(["align_releases"], "align.releases"),
    **dict.fromkeys(
        [
            "Alignment",
            "Change",
            "SectionChange",
            "GlossaryChange",
            "release_json",
            "RULE_KINDS",
            "SECTION_KINDS",
            "GLOSSARY_KINDS",
        ],
        "model",
    ),
    **dict.fromkeys(["Chain", "aligned_pair", "complete_releases", "chain_releases"], "chain"),
    **dict.fromkeys(["Lineage", "HistoryEntry", "RemapResult"], "lineage"),
    **dict.fromkeys(["SectionScope", "within_section"], "scope"),
    **dict.fromkeys(["full_text"], "align.matching"),
    **dict.fromkeys(["stale_references"], "align.classify"),
    **dict.fromkeys(
        ["Decision", "DecisionError", "load_decisions", "decisions_path", "snippet"], "decisions"
    ),
    **dict.fromkeys(["Tokenizer", "tokenizer_for", "word_diff"], "worddiff"),
    **dict.fromkeys(["Identification"], "identify"),  # identify(): a module name too
    **dict.fromkeys(["Placed", "StoreIdentifier", "find_document"], "identify_store"),
    **dict.fromkeys(["RuleHistory", "Remapped", "rule_history", "remap_rule"], "history"),
    **dict.fromkeys(
        ["PageProblem", "WikiPages", "CiteCheck", "read_wiki_pages", "check_pages"],
        "cite.wiki_store",
    ),
    **dict.fromkeys(
        ["ReleasePairing", "english_ruleset", "pair_release", "section_only"], "translation.pairing"
    ),
    **dict.fromkeys(
        ["CiteResult", "check_citations", "en_releases", "ja_lookups", "store_remapper"],
        "cite.wiki_check",
    ),
    **dict.fromkeys(["Anchor", "AnchorError", "anchor_of", "resolve_anchor"], "anchor"),
    **dict.fromkeys(
        [
            "PIVOT",
            "CrossAlignment",
            "TranslatedHistory",
            "compared_texts",
            "original_release",
            "restrict_to_quoted",
            "translated_history",
            "translation_alignment",
        ],
        "translation.xlang",
    ),
    **dict.fromkeys(
        [
            "LangPairing",
            "RulePair",
            "english_counterpart",
            "pair_rule",
            "pair_rulesets",
            "paired_default",
        ],
        "translation.langpair",
    ),
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
