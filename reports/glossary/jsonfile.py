"""The JSON glossary: every field of every pair (:func:`write_json`, :func:`read_json`).

Shape (``"format": "mtgcr-glossary"``, ``"version": 2``)::

    {"format": "mtgcr-glossary", "version": 2, "lang": "zh", "lang_tag": "zh-Hans",
     "release": {"effective_date", "label", "lang", "revision"}, "en_release": {…} | null,
     "source": "20260417_Zh.txt", "notes": ["…"], "disagreements": ["…"],
     "pairs": [{"concept", "entry_id", "sense", "en", "en_names", "term", "headword", "lang",
                "reading", "part_of_speech", "kind", "definition_en", "definition",
                "rules_en": ["702.139"], "rules": ["702.139"], "status": "official",
                "successor", "successor_en", "related": [], "translator_note",
                "release", "en_release", "anchor", "anchor_sha256", "notes": [],
                "provenance": [{"document": "20260417_Zh.txt", "line", "origin": "glossary"}]}]}

Version 2 (the concept model: a concept per sense, a pair per term) replaced version 1 (one
pair per headword); :func:`read_json` reads version 2.
"""

from __future__ import annotations

import json
from typing import IO

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.glossary.model import (
    Catalog,
    ConceptKind,
    Origin,
    PartOfSpeech,
    Provenance,
    Status,
    TermPair,
)

__all__ = ["write_json", "read_json", "pair_json", "FORMAT", "VERSION"]

FORMAT = "mtgcr-glossary"
VERSION = 2


def _release(r: Release | None) -> dict | None:
    return r.as_json() if r is not None else None


def _release_back(d: dict | None) -> Release | None:
    return Release.from_json(d) if d else None


def pair_json(p: TermPair) -> dict:
    """A JSON-ready dict of every field of ``p`` (rule numbers as strings, enums by value)."""
    return {
        "concept": p.concept,
        "entry_id": p.entry_id,
        "sense": p.sense,
        "en": p.en,
        "en_names": list(p.names),
        "term": p.term,
        "headword": p.headword,
        "lang": p.lang,
        "reading": p.reading,
        "part_of_speech": p.part_of_speech.value,
        "kind": p.kind.value,
        "definition_en": p.definition_en,
        "definition": p.definition,
        "rules_en": [str(n) for n in p.rules_en],
        "rules": [str(n) for n in p.rules],
        "status": p.status.value,
        "successor": p.successor,
        "successor_en": p.successor_en,
        "related": list(p.related),
        "translator_note": p.translator_note,
        "release": p.release,
        "en_release": p.en_release,
        "anchor": p.anchor,
        "anchor_sha256": p.anchor_sha256,
        "notes": list(p.notes),
        "provenance": [
            {"document": v.document, "line": v.line, "origin": v.origin.value} for v in p.provenance
        ],
    }


def _pair_back(d: dict) -> TermPair:
    return TermPair(
        d["concept"],
        d["en"],
        d["term"],
        d["lang"],
        d.get("reading"),
        d.get("definition_en", ""),
        d.get("definition", ""),
        tuple(RuleNumber.parse(n) for n in d.get("rules_en", ())),
        tuple(RuleNumber.parse(n) for n in d.get("rules", ())),
        Status(d.get("status", "official")),
        d.get("release", ""),
        d.get("en_release"),
        d.get("anchor"),
        d.get("anchor_sha256"),
        tuple(
            Provenance(v["document"], v["line"], Origin(v["origin"]))
            for v in d.get("provenance", ())
        ),
        d.get("sense", ""),
        tuple(d.get("notes", ())),
        tuple(d.get("en_names", ())),
        d.get("headword", ""),
        PartOfSpeech(d.get("part_of_speech", "noun")),
        ConceptKind(d.get("kind", "game term")),
        d.get("successor"),
        d.get("successor_en"),
        tuple(d.get("related", ())),
        d.get("translator_note", ""),
    )


def write_json(fileobj: IO[bytes], catalog: Catalog) -> None:
    """Write ``catalog`` as UTF-8 JSON (2-space indent, non-ASCII kept) to a binary stream."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "lang": catalog.lang,
        "lang_tag": catalog.lang_tag,
        "release": _release(catalog.release),
        "en_release": _release(catalog.en_release),
        "source": catalog.source,
        "notes": catalog.notes,
        "disagreements": catalog.disagreements,
        "pairs": [pair_json(p) for p in catalog.pairs],
    }
    fileobj.write((json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


def read_json(fileobj: IO[bytes]) -> Catalog:
    """Read a file :func:`write_json` wrote.

    Raises:
        ValueError: not JSON, or not an ``mtgcr-glossary`` file of version 2.
    """
    data = json.loads(fileobj.read().decode("utf-8-sig"))
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"not an {FORMAT} version {VERSION} file")
    return Catalog(
        data["lang"],
        _release_back(data.get("release")),
        _release_back(data.get("en_release")),
        [_pair_back(d) for d in data.get("pairs", ())],
        list(data.get("notes", ())),
        data.get("source", ""),
        list(data.get("disagreements", ())),
    )
