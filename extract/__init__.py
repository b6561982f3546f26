"""Documents → rule model: rule numbers (:mod:`mtgcr.extract.rulenum`), the model
(:mod:`mtgcr.extract.model`), the parsers of every document kind registered in :mod:`mtgcr.extract.kinds`
(CR text, translations, MTG Wiki pages, mtg.ru pages, term lists), the ingest pipeline
(:mod:`mtgcr.extract.ingest`) and the model ↔ store rows mapping (:mod:`mtgcr.extract.records`). Uses no
SQL and nothing from :mod:`crossref` or :mod:`reports`.

Public entry points (importable from this package, each loaded on first use):
:func:`~mtgcr.extract.registry.parse_document` (a document → :class:`~mtgcr.extract.kinds.ParseResult`),
the model (:class:`~mtgcr.extract.model.Ruleset`, :class:`~mtgcr.extract.model.Rule` …),
:class:`~mtgcr.extract.rulenum.RuleNumber`, :func:`~mtgcr.extract.ingest_run.run_ingest` and
:func:`~mtgcr.extract.ingest.ingest_paths` (files → store), :func:`~mtgcr.extract.records.load_ruleset`
(store → ruleset), and the lookups :func:`~mtgcr.extract.lookup.locate` /
:func:`~mtgcr.extract.lookup.define_term`."""

from mtgcr._lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(
        [
            "PARSERS",
            "parse_document",
            "parse_document_or_fragment",
            "UnknownKindError",
            "CRFormatError",
        ],
        "registry",
    ),
    **dict.fromkeys(
        [
            "Release",
            "Example",
            "Rule",
            "Section",
            "Chapter",
            "GlossaryEntry",
            "ParseWarning",
            "Ruleset",
        ],
        "model",
    ),
    **dict.fromkeys(["RuleNumber"], "rulenum"),
    **dict.fromkeys(
        [
            "IngestResult",
            "IngestInterrupted",
            "ingest_paths",
            "ingest_file",
            "scan_paths",
            "expand_paths",
        ],
        "ingest",
    ),
    **dict.fromkeys(["IngestRun", "Stop", "run_ingest"], "ingest_run"),
    **dict.fromkeys(["to_record", "from_record", "load_ruleset"], "records"),
    **dict.fromkeys(
        [
            "NotFound",
            "Located",
            "LocatedKind",
            "Definition",
            "user_number",
            "locate",
            "define_term",
        ],
        "lookup",
    ),
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
