"""Conversion between the rule model (:class:`Ruleset`) and store rows (:class:`ReleaseRecord`).

The store (:mod:`mtgcr.corpus.store`) knows only rows; this module is the one place that maps the
model onto them, so a parsed release reads back exactly as it was written.
"""

from __future__ import annotations

import json
from datetime import date
from typing import TYPE_CHECKING, Any

from mtgcr.corpus.copies import WHOLE_TEXT
from mtgcr.corpus.store import ReleaseInfo, ReleaseRecord

from mtgcr.extract.model import (
    Chapter,
    Example,
    GlossaryEntry,
    ParseWarning,
    Release,
    Rule,
    Ruleset,
    Section,
)
from mtgcr.extract.provenance import Provenance, format_places, parse_places
from mtgcr.extract.rulenum import RuleNumber

if TYPE_CHECKING:  # the ingest reads EN numbers; loading a release does not need them
    from mtgcr.extract.formats.numbering import EnglishLookup, EnglishNumbers

__all__ = [
    "to_record",
    "from_record",
    "provenance_of",
    "load_release_with_places",
    "warning_row",
    "warning_from_row",
    "load_ruleset",
    "load_release",
    "english_numbers",
]


def to_record(
    rs: Ruleset, origin: str = WHOLE_TEXT, provenance: Provenance | None = None
) -> ReleaseRecord:
    """Turn a ruleset into rows for :meth:`mtgcr.corpus.store.Store.add_document`.

    Args:
        rs: the ruleset.
        origin: the kind of text (:class:`mtgcr.corpus.copies.TextKind`): ``"whole"`` (a
            complete CR file),
            ``"wiki"`` (quotes on MTG Wiki pages), ``"mtgru"`` …; one release per
            (lang, label, origin) is kept.
        provenance: optional places per rule (page and line of a quote), stored as
            :func:`mtgcr.extract.provenance.format_places` writes them.
    """
    counts = rs.counts()
    rel = rs.release
    release = {
        "lang": rel.lang,
        "label": rel.label,
        "effective_date": rel.effective_date.isoformat() if rel.effective_date else None,
        "revision": rel.revision,
        "origin": origin,
        "complete": int(rs.complete),
        "truncated": int(rs.truncated),
        "title": rs.title,
        "introduction": rs.introduction,
        "credits": rs.credits,
        "source": rs.source,
        "n_sections": counts["sections"],
        "n_rules": counts["rules"],
        "n_subrules": counts["subrules"],
        "n_examples": counts["examples"],
        "n_glossary": counts["glossary"],
    }
    prov = provenance or {}
    rec = ReleaseRecord(release=release)
    rec.chapters = [{"number": c.number, "title": c.title, "line": c.line} for c in rs.chapters]
    rec.sections = [
        {"number": str(s.number), "section": s.number.section, "title": s.title, "line": s.line}
        for s in rs.sections.values()
    ]
    for i, (num, rule) in enumerate(rs.rules.items()):
        rec.rules.append(
            {
                "ord": i,
                "number": str(num),
                "section": num.section,
                "rule": num.rule,
                "letters": num.letters,
                "kind": num.kind,
                "text": rule.text,
                "line": rule.line,
                "provenance": format_places(prov.get(num)),
            }
        )
        for j, ex in enumerate(rule.examples):
            rec.examples.append({"number": str(num), "ord": j, "text": ex.text, "line": ex.line})
    rec.glossary = [
        {
            "ord": i,
            "term": g.term,
            "aliases": json.dumps(list(g.aliases), ensure_ascii=False),
            "text": g.text,
            "line": g.line,
            "obsolete": int(g.obsolete),
            "heading": g.heading,
            "original": g.original,
        }
        for i, g in enumerate(rs.glossary)
    ]
    rec.warnings = [warning_row(w) for w in rs.warnings]
    rec.stale_rules = [
        {
            "ord": i,
            "number": str(r.number),
            "text": r.text,
            "line": r.line,
            "examples": json.dumps([[e.text, e.line] for e in r.examples], ensure_ascii=False)
            if r.examples
            else None,
        }
        for i, r in enumerate(rs.stale)
    ]
    return rec


def english_numbers(store) -> EnglishLookup:
    """A lookup of the rule numbers of the complete English release a translation's release
    belongs to in ``store`` (same label, else same effective date), for the ingest to read a
    translation's misprinted numbers with (:func:`mtgcr.extract.formats.numbering.english_evidence`).
    The lookup returns ``None`` when the store has none (or cannot be read)."""
    from mtgcr.extract.formats.numbering import EnglishNumbers

    def lookup(release: Release) -> EnglishNumbers | None:
        try:
            rows = store.conn.execute(
                "SELECT id, effective_date, label FROM releases WHERE lang = 'en' AND complete = 1 "
                "AND (label = ? OR effective_date = ?) ORDER BY label = ? DESC LIMIT 1",
                (
                    release.label,
                    release.effective_date.isoformat() if release.effective_date else "",
                    release.label,
                ),
            ).fetchall()
            if not rows:
                return None
            rid, eff, label = rows[0][0], rows[0][1], rows[0][2]
            nums = frozenset(
                RuleNumber.parse(r[0])
                for r in store.conn.execute("SELECT number FROM rules WHERE release_id = ?", (rid,))
            )
        except Exception:  # a store that cannot be read gives no evidence
            return None
        return EnglishNumbers(nums, f"EN {eff or label}")

    return lookup


def from_record(rec: ReleaseRecord) -> Ruleset:
    """Rebuild the :class:`Ruleset` written by :func:`to_record`."""
    r = rec.release
    eff = date.fromisoformat(r["effective_date"]) if r.get("effective_date") else None
    rs = Ruleset(
        release=Release(r["lang"], r["label"], eff, r.get("revision")),
        source=r.get("source") or "",
        title=r.get("title") or "",
        introduction=r.get("introduction") or "",
        credits=r.get("credits") or "",
        complete=bool(r.get("complete", 1)),
        truncated=bool(r.get("truncated") or 0),
    )
    rs.chapters = [Chapter(c["number"], c["title"], c["line"]) for c in rec.chapters]
    for s in rec.sections:
        num = RuleNumber(s["section"])
        rs.sections[num] = Section(num, s["title"], s["line"])
    for row in rec.rules:
        num = RuleNumber(row["section"], row["rule"], row["letters"])
        rs.rules[num] = Rule(num, row["text"], row["line"])
    for ex in rec.examples:
        rule = rs.rules.get(RuleNumber.parse(ex["number"]))
        if rule is not None:
            rule.examples.append(Example(ex["text"], ex["line"]))
    rs.glossary = [
        GlossaryEntry(
            g["term"],
            () if g["aliases"] in (None, "", "[]") else tuple(json.loads(g["aliases"])),
            g["text"] or "",
            g["line"],
            bool(g["obsolete"]),
            g["heading"] or "",
            g["original"],
        )
        for g in rec.glossary
    ]
    rs.warnings = [warning_from_row(w) for w in rec.warnings]
    rs.stale = [
        Rule(
            RuleNumber.parse(row["number"]),
            row["text"],
            row["line"],
            [Example(t, ln) for t, ln in json.loads(row["examples"] or "[]")],
        )
        for row in rec.stale_rules
    ]
    return rs


def provenance_of(rec: ReleaseRecord) -> Provenance:
    """The places of every rule of a stored release that has them (``rules.provenance``, read
    by :func:`mtgcr.extract.provenance.parse_places`: the column's one reader)."""
    return {
        RuleNumber(row["section"], row["rule"], row["letters"]): parse_places(row["provenance"])
        for row in rec.rules
        if row.get("provenance")
    }


def warning_row(w: ParseWarning) -> dict[str, Any]:
    """The ``warnings`` row of a warning: ``source``, ``line``, ``message``, ``kind`` (the
    :class:`~mtgcr.extract.parse_warnings.WarningKind` value) and ``data`` (its typed fields
    as JSON, or ``None``)."""
    fields = w.fields_json()
    return {
        "source": w.source,
        "line": w.line,
        "message": w.message,
        "kind": w.kind.value,
        "data": json.dumps(fields, ensure_ascii=False) if fields else None,
    }


def warning_from_row(row: dict[str, Any]) -> ParseWarning:
    """The warning of a ``warnings`` row (:func:`warning_row`); a row of a store written before
    warnings had kinds (no ``kind`` column or ``NULL``) is read as
    :meth:`ParseWarning.from_row` says."""
    data = row.get("data")
    return ParseWarning.from_row(
        row["source"] or "",
        row["line"] or 0,
        row["message"] or "",
        row.get("kind"),
        json.loads(data) if data else None,
    )


def load_ruleset(store, spec: str | None, lang: str = "en") -> Ruleset:
    """Load the release ``spec`` (effective date, label or ``latest``) of ``lang`` from a store.

    Raises:
        mtgcr.corpus.store.StoreError: no such release.
    """
    return load_release(store, store.resolve(spec, lang))


def load_release_with_places(store, release: ReleaseInfo | int) -> tuple[Ruleset, Provenance]:
    """The :class:`Ruleset` of a stored release and the places its rules were read
    (:func:`provenance_of`; empty for a release read from one whole text), from one read of
    its rows.

    Raises:
        mtgcr.corpus.store.StoreError: no release with that id.
    """
    rec = store.release_rows(release if isinstance(release, int) else release.id)
    return from_record(rec), provenance_of(rec)


def load_release(store, release: ReleaseInfo | int) -> Ruleset:
    """The :class:`Ruleset` of a stored release (a :class:`mtgcr.corpus.store.ReleaseInfo`
    or its id), as :func:`from_record` rebuilds it.

    Raises:
        mtgcr.corpus.store.StoreError: no release with that id.
    """
    return from_record(store.release_rows(release if isinstance(release, int) else release.id))
