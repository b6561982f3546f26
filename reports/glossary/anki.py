"""Anki packages (``.apkg``) built with genanki: :func:`write_anki`, :func:`read_anki`.

One note per concept sense (:attr:`~.model.TermPair.entry_id`: ``Draw`` 1 and 2 are two
notes); fields ``Term`` (the translated term), ``Reading``, ``Translation`` (the EN names of
the sense), ``Definitions`` (both, HTML; then the part of speech and kind, the other terms of
the sense, the term that replaced an obsolete one, a translator's note) and ``Rule``; tags
``mtgcr``, the status, the kind (``keyword-ability``), the part of speech and the release.
Two cards per note (term → translation, translation → term).

Ids are fixed, so that importing the package of a newer release updates the notes already in
a collection instead of adding new ones: the model and deck ids are derived from the language
pair alone (:func:`model_id`, :func:`deck_id`), the note guid from the concept id and sense
(:func:`note_guid`, ``genanki.guid_for``).

Format knowledge: an ``.apkg`` is a zip holding ``collection.anki2`` (SQLite; table
``notes`` with ``guid``, ``mid``, ``flds`` — fields joined by U+001F — and ``tags``) and a
``media`` JSON map (genanki 0.13, Anki 2.1 import).
"""

from __future__ import annotations

import hashlib
import html
import os
import sqlite3
import tempfile
import zipfile
from typing import IO

from mtgcr.reports.glossary.model import Catalog, Status, TermPair

__all__ = ["write_anki", "read_anki", "model_id", "deck_id", "note_guid", "FIELDS", "notes_of"]

FIELDS = ("Term", "Reading", "Translation", "Definitions", "Rule")

_CSS = (
    ".card { font-family: sans-serif; font-size: 22px; text-align: center; }\n"
    ".defs { font-size: 16px; text-align: left; }\n.rule { font-size: 14px; color: #666; }"
)


def _id(kind: str, lang: str) -> int:
    h = int(hashlib.sha256(f"mtgcr glossary {kind} en-{lang}".encode()).hexdigest()[:8], 16)
    return (1 << 30) + h % (1 << 30)


def model_id(lang: str) -> int:
    """The Anki model id for EN–``lang`` (fixed: the same in every export)."""
    return _id("model", lang)


def deck_id(lang: str) -> int:
    """The Anki deck id for EN–``lang`` (fixed)."""
    return _id("deck", lang)


def note_guid(p: TermPair) -> str:
    """The note guid of a pair's concept and sense (``genanki.guid_for``), fixed across releases."""
    import genanki  # type: ignore[import-untyped]

    return genanki.guid_for(p.entry_id, p.lang)


def notes_of(catalog: Catalog) -> list[tuple[TermPair, list[TermPair]]]:
    """The pairs grouped one per note: ``(main pair, other forms)`` per concept and sense, the
    main pair being the first (the glossary's term)."""
    groups: dict[str, list[TermPair]] = {}
    for p in catalog.pairs:
        groups.setdefault(p.entry_id, []).append(p)
    return [(g[0], g[1:]) for g in groups.values()]


def _html(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


def _model(lang: str):
    import genanki

    front = "{{Term}}"
    back = (
        "{{FrontSide}}<hr id=answer>{{Reading}}<br><b>{{Translation}}</b>"
        "<div class=defs>{{Definitions}}</div><div class=rule>{{Rule}}</div>"
    )
    return genanki.Model(
        model_id(lang),
        f"mtgcr glossary EN–{lang.upper()}",
        fields=[{"name": f} for f in FIELDS],
        templates=[
            {"name": f"{lang.upper()} → EN", "qfmt": front, "afmt": back},
            {
                "name": f"EN → {lang.upper()}",
                "qfmt": "{{Translation}}",
                "afmt": "{{FrontSide}}<hr id=answer>{{Term}}<br>{{Reading}}"
                "<div class=defs>{{Definitions}}</div><div class=rule>{{Rule}}</div>",
            },
        ],
        css=_CSS,
    )


def write_anki(fileobj: IO[bytes], catalog: Catalog, timestamp: float | None = None) -> None:
    """Write ``catalog`` as an Anki package to a binary stream.

    Args:
        timestamp: seconds since the epoch for the notes' modification times (``None``: now).
    """
    import genanki

    model = _model(catalog.lang)
    deck = genanki.Deck(deck_id(catalog.lang), f"MTG CR glossary EN–{catalog.lang.upper()}")
    first = {p.entry_id: p for p in reversed(catalog.pairs)}
    for p, others in notes_of(catalog):
        defs = "<br><br>".join(_html(t) for t in (p.definition_en, p.definition) if t)
        extra = [f"{p.part_of_speech.value}, {p.kind.value}"]
        if others:
            extra.append("Also: " + "、".join(dict.fromkeys(o.term for o in others)))
        succ = first.get(p.successor or "")
        if succ is not None:
            extra.append(f"Obsolete: use {succ.term} ({succ.en})")
        if p.translator_note:
            extra.append(p.translator_note)
        defs += "".join("<br><br>" + _html(x) for x in extra)
        rules = ", ".join(str(n) for n in (p.rules_en or p.rules))
        tags = [
            "mtgcr",
            p.status.value,
            p.kind.value.replace(" ", "-"),
            p.part_of_speech.value,
        ] + ([f"release-{p.release}"] if p.release else [])
        deck.add_note(
            genanki.Note(
                model=model,
                guid=note_guid(p),
                tags=tags,
                fields=[
                    _html(p.term),
                    _html(p.reading or ""),
                    _html(", ".join(p.names)),
                    defs,
                    f"rule {rules}" if rules else "",
                ],
            )
        )
    package = genanki.Package(deck)
    with tempfile.TemporaryDirectory(prefix="mtgcr-anki-") as tmp:
        db = os.path.join(tmp, "collection.anki2")
        conn = sqlite3.connect(db)
        import itertools
        import time

        ts = time.time() if timestamp is None else timestamp
        package.write_to_db(conn.cursor(), ts, itertools.count(int(ts * 1000)))
        conn.commit()
        conn.close()
        with zipfile.ZipFile(fileobj, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(db, "collection.anki2")
            z.writestr("media", "{}")


def read_anki(fileobj: IO[bytes], lang: str = "") -> Catalog:
    """Read the notes of an ``.apkg`` (zip + SQLite): one pair per note (term, reading, EN
    term; status from the tags).

    Raises:
        ValueError: not a zip holding ``collection.anki2``.
    """
    with tempfile.TemporaryDirectory(prefix="mtgcr-anki-") as tmp:
        try:
            with zipfile.ZipFile(fileobj) as z:
                z.extract("collection.anki2", tmp)
        except (zipfile.BadZipFile, KeyError) as exc:
            raise ValueError(f"not an Anki package: {exc}") from None
        conn = sqlite3.connect(os.path.join(tmp, "collection.anki2"))
        try:
            rows = conn.execute("SELECT guid, flds, tags FROM notes ORDER BY id").fetchall()
        finally:
            conn.close()
    cat = Catalog(lang)
    for guid, flds, tags in rows:
        term, reading, en, _defs, _rule = (html.unescape(f) for f in flds.split("\x1f"))
        words = tags.split()
        status = next((Status(w) for w in words if w in {s.value for s in Status}), Status.OFFICIAL)
        cat.pairs.append(
            TermPair(None, en, term, lang, reading or None, status=status, notes=(f"guid {guid}",))
        )
    return cat
