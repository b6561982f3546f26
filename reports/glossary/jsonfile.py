"""The JSON glossary: every field of every pair (:func:`write_json`, :func:`read_json`).

Shape (``"format": "mtgcr-glossary"``, ``"version": 1``)::

    {"format": "mtgcr-glossary", "version": 1, "lang": "ja",
     "release": {"effective_date", "label", "lang", "revision"}, "en_release": {…} | null,
     "source": "…/JPN_CR_20260116_lines.txt", "notes": ["…"],
     "pairs": [{"concept", "en", "term", "lang", "reading", "definition_en", "definition",
                "rules_en": ["702.139"], "rules": ["702.139"], "status": "official",
                "release", "en_release", "anchor", "anchor_sha256", "sense", "notes": [],
                "provenance": [{"document", "line", "origin": "glossary"}]}]}
"""

from __future__ import annotations

import json
from datetime import date
from typing import IO

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.glossary.model import Catalog, Origin, Provenance, Status, TermPair

__all__ = ["write_json", "read_json", "pair_json", "FORMAT", "VERSION"]

FORMAT = "mtgcr-glossary"
VERSION = 1


def _release(r: Release | None) -> dict | None:
    if r is None:
        return None
    return {
        "effective_date": r.effective_date.isoformat() if r.effective_date else None,
        "label": r.label,
        "lang": r.lang,
        "revision": r.revision,
    }


def _release_back(d: dict | None) -> Release | None:
    if not d:
        return None
    eff = date.fromisoformat(d["effective_date"]) if d.get("effective_date") else None
    return Release(d["lang"], d["label"], eff, d.get("revision"))


def pair_json(p: TermPair) -> dict:
    """A JSON-ready dict of every field of ``p`` (rule numbers as strings, enums by value)."""
    return {
        "concept": p.concept,
        "en": p.en,
        "term": p.term,
        "lang": p.lang,
        "reading": p.reading,
        "definition_en": p.definition_en,
        "definition": p.definition,
        "rules_en": [str(n) for n in p.rules_en],
        "rules": [str(n) for n in p.rules],
        "status": p.status.value,
        "release": p.release,
        "en_release": p.en_release,
        "anchor": p.anchor,
        "anchor_sha256": p.anchor_sha256,
        "sense": p.sense,
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
    )


def write_json(fileobj: IO[bytes], catalog: Catalog) -> None:
    """Write ``catalog`` as UTF-8 JSON (2-space indent, non-ASCII kept) to a binary stream."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "lang": catalog.lang,
        "release": _release(catalog.release),
        "en_release": _release(catalog.en_release),
        "source": catalog.source,
        "notes": catalog.notes,
        "pairs": [pair_json(p) for p in catalog.pairs],
    }
    fileobj.write((json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


def read_json(fileobj: IO[bytes]) -> Catalog:
    """Read a file :func:`write_json` wrote.

    Raises:
        ValueError: not JSON, or not an ``mtgcr-glossary`` file of a known version.
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
    )
