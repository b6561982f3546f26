"""Release feeds: an Atom feed (one entry per release, with its change summary and links) and a
JSON summary for chat bots, translations included.

Each English release's entry counts its rule changes against the release before it and says
how far each translation is behind English once it is out ("ja now 1 release behind EN");
each translation release's entry counts its changes against its own previous release and
says how many English releases are newer than its label today.

Written by ``mtgcr site`` (``feed.atom`` and ``feed.json`` at the site's root, links to the
release and change pages, :data:`FeedLayout.SITE`) and by ``mtgcr update`` when it ingests a
new release (beside its change reports, links to the reports it wrote,
:data:`FeedLayout.REPORTS`). The output depends only on the store (no clock), so a rebuild
with nothing new leaves the files as they were.

Format knowledge: Atom 1.0 (RFC 4287): the feed has ``id``, ``title``, ``updated`` and an
``author``; each entry ``id``, ``title``, ``updated`` and ``content`` (so a link is optional);
ids are IRIs (``urn:mtgcr:release:en:20260116``), times RFC 3339. The site's addresses are
those of :mod:`mtgcr.reports.site.pages`; the reports' those of :func:`mtgcr.fetching.update`.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence
from xml.etree import ElementTree as ET

if TYPE_CHECKING:
    from mtgcr.corpus.store import ReleaseInfo, Store

__all__ = [
    "ATOM_NS",
    "FEED_ID",
    "FeedLayout",
    "LanguageChain",
    "FeedEntry",
    "Feed",
    "feed_from_chains",
    "store_chains",
    "build_feed",
    "write_feeds",
]

ATOM_NS = "http://www.w3.org/2005/Atom"
#: The feed's identity (an IRI that does not change between builds).
FEED_ID = "urn:mtgcr:feed:releases"
#: The files :func:`write_feeds` writes.
ATOM_FILE, JSON_FILE = "feed.atom", "feed.json"


class FeedLayout(enum.Enum):
    """Where an entry's links point."""

    SITE = "site"  # <lang>/<release>/index.html and changes/<lang>/<old>_<new>.html
    REPORTS = "reports"  # <old>_<new>.html in update's report folder, where it exists


@dataclass(frozen=True)
class LanguageChain:
    """One language's complete releases, oldest first, and per release after the first its
    rule change counts against the one before (``{change kind: groups}``,
    :meth:`mtgcr.crossref.model.Alignment.summary` ``["rules"]``)."""

    lang: str
    infos: Sequence[ReleaseInfo]
    counts: Sequence[dict[str, int]]


@dataclass(frozen=True)
class FeedEntry:
    """One release.

    Attributes:
        lang, label, name: the release (``name``: its effective date, else its label).
        date: the day it took effect (ISO; the label's day when no date is stored).
        previous: the name of the release of the same language before it, or ``None``.
        counts: ``{change kind: rules}`` against ``previous`` (``{}`` for the first).
        behind: for a translation, how many EN releases are newer than its label.
        lagging: for an EN release, ``{translation: EN releases it is behind}`` once this
            release is out (translations that are current are left out).
        page, changes: links (relative, or ``None`` when there is nothing to link).
    """

    lang: str
    label: str
    name: str
    date: str
    previous: str | None
    counts: dict[str, int]
    behind: int | None = None
    lagging: dict[str, int] = field(default_factory=dict)
    page: str | None = None
    changes: str | None = None

    @property
    def title(self) -> str:
        """``"CR en 2026-01-16 (20260116)"``."""
        return f"CR {self.lang} {self.name}" + (
            f" ({self.label})" if self.label != self.name else ""
        )

    @property
    def summary(self) -> str:
        """The change counts in words; the translations' lag (EN) or this translation's."""
        parts = [f"{k} {v}" for k, v in self.counts.items() if v and k != "unchanged"]
        text = (
            f"changes since {self.previous}: " + (", ".join(parts) or "no rule changes")
            if self.previous
            else f"first stored {self.lang} release"
        )
        if self.lagging:
            text += "; " + ", ".join(
                f"{lang} translation now {n} release{'s' if n != 1 else ''} behind EN"
                for lang, n in sorted(self.lagging.items())
            )
        if self.behind is not None:
            text += (
                f"; {self.lang} translation {self.behind} release"
                f"{'s' if self.behind != 1 else ''} behind EN"
                if self.behind
                else f"; {self.lang} translation of the newest EN release"
            )
        return text

    def as_json(self) -> dict[str, Any]:
        """JSON-ready dict of the attributes plus ``title`` and ``summary``."""
        return {
            "lang": self.lang,
            "label": self.label,
            "name": self.name,
            "date": self.date,
            "previous": self.previous,
            "counts": dict(self.counts),
            "behind": self.behind,
            "lagging": dict(self.lagging),
            "page": self.page,
            "changes": self.changes,
            "title": self.title,
            "summary": self.summary,
        }


@dataclass
class Feed:
    """The entries, newest first; per language its newest release and lag behind EN."""

    entries: list[FeedEntry] = field(default_factory=list)
    languages: dict[str, dict[str, Any]] = field(default_factory=dict)
    base_url: str = ""

    @property
    def updated(self) -> str:
        """The newest entry's day (``"2026-01-16"``; ``"1970-01-01"`` for no entry)."""
        return max((e.date for e in self.entries), default="1970-01-01")

    def atom(self) -> str:
        """The Atom 1.0 document (XML text, UTF-8 declared)."""
        q = lambda t: f"{{{ATOM_NS}}}{t}"
        ET.register_namespace("", ATOM_NS)
        root = ET.Element(q("feed"))
        ET.SubElement(root, q("id")).text = FEED_ID
        ET.SubElement(root, q("title")).text = "Magic: The Gathering Comprehensive Rules releases"
        ET.SubElement(root, q("updated")).text = _time(self.updated)
        author = ET.SubElement(root, q("author"))
        ET.SubElement(author, q("name")).text = "mtgcr"
        ET.SubElement(root, q("link"), rel="self", href=self._url(ATOM_FILE))
        for e in self.entries:
            node = ET.SubElement(root, q("entry"))
            ET.SubElement(node, q("id")).text = f"urn:mtgcr:release:{e.lang}:{e.label}"
            ET.SubElement(node, q("title")).text = e.title
            ET.SubElement(node, q("updated")).text = _time(e.date)
            if e.page:
                ET.SubElement(node, q("link"), rel="alternate", href=self._url(e.page))
            if e.changes:
                rel = "related" if e.page else "alternate"
                ET.SubElement(node, q("link"), rel=rel, href=self._url(e.changes))
            ET.SubElement(node, q("category"), term=e.lang)
            ET.SubElement(node, q("content"), type="text").text = e.summary
        body = ET.tostring(root, encoding="unicode")
        return f'<?xml version="1.0" encoding="utf-8"?>\n{body}\n'

    def to_json(self) -> dict[str, Any]:
        """``{"updated", "languages": {lang: {"newest", "date", "behind"}}, "releases":
        [entry as_json() with absolute ``url`` and ``changes_url`` when a base URL is set]}``."""
        return {
            "updated": self.updated,
            "languages": self.languages,
            "releases": [
                e.as_json()
                | {
                    "url": self._url(e.page) if e.page else None,
                    "changes_url": self._url(e.changes) if e.changes else None,
                }
                for e in self.entries
            ],
        }

    def _url(self, rel: str) -> str:
        return f"{self.base_url.rstrip('/')}/{rel}" if self.base_url else rel


def _day(info: ReleaseInfo) -> str:
    if info.effective_date:
        return info.effective_date
    label = info.label
    return f"{label[:4]}-{label[4:6]}-{label[6:8]}"


def _time(day: str) -> str:
    return f"{day}T00:00:00Z"


def _base(label: str) -> str:
    """A translation's label without its revision (``20231117.0`` → ``20231117``)."""
    return label.split(".")[0]


def feed_from_chains(
    chains: Sequence[LanguageChain],
    layout: FeedLayout = FeedLayout.SITE,
    per_lang: int = 10,
    base_url: str = "",
    reports: set[str] | None = None,
) -> Feed:
    """The feed of the chains' newest ``per_lang`` releases per language.

    Args:
        chains: per language (EN first if present), its releases and change counts.
        layout: where links point (:class:`FeedLayout`).
        per_lang: entries per language (at least 1).
        base_url: where the site or reports are served (absolute links), or ``""``
            (links relative to the folder the feed is written into).
        reports: for :data:`FeedLayout.REPORTS`, the names of the report files present
            (an entry links to its change report only when it is there).
    """
    en = next((c for c in chains if c.lang == "en"), None)
    en_labels = [_base(i.label) for i in en.infos] if en else []
    feed = Feed(base_url=base_url)
    for chain in chains:
        infos = list(chain.infos)
        if not infos:
            continue
        newest = infos[-1]
        behind = None
        if chain.lang != "en" and en_labels:
            behind = sum(lab > _base(newest.label) for lab in en_labels)
        feed.languages[chain.lang] = {"newest": newest.name, "date": _day(newest), "behind": behind}
        for k in range(len(infos) - 1, max(-1, len(infos) - 1 - max(1, per_lang)), -1):
            info, prev = infos[k], infos[k - 1] if k else None
            page, changes = _links(layout, chain.lang, info, prev, reports or set())
            lag: int | None = None
            lagging: dict[str, int] = {}
            if chain.lang != "en" and en_labels:
                lag = sum(lab > _base(info.label) for lab in en_labels)
            elif chain.lang == "en":
                lagging = _lagging(chains, info, en_labels[: k + 1])
            feed.entries.append(
                FeedEntry(
                    chain.lang,
                    info.label,
                    info.name,
                    _day(info),
                    prev.name if prev else None,
                    dict(chain.counts[k - 1]) if k and k - 1 < len(chain.counts) else {},
                    lag,
                    lagging,
                    page,
                    changes,
                )
            )
    feed.entries.sort(key=lambda e: (e.date, e.lang == "en", e.lang), reverse=True)
    return feed


def _lagging(
    chains: Sequence[LanguageChain], en: ReleaseInfo, en_so_far: list[str]
) -> dict[str, int]:
    """``{translation: EN releases (among ``en_so_far``) newer than its newest label on or
    before EN ``en``}`` for the translations that have one and lag."""
    out = {}
    for c in chains:
        if c.lang == "en":
            continue
        have = [_base(i.label) for i in c.infos if _base(i.label) <= _base(en.label)]
        if not have:
            continue
        n = sum(lab > max(have) for lab in en_so_far)
        if n:
            out[c.lang] = n
    return out


def _links(
    layout: FeedLayout, lang: str, info: ReleaseInfo, prev: ReleaseInfo | None, reports: set[str]
) -> tuple[str | None, str | None]:
    if layout is FeedLayout.SITE:
        page = f"{lang}/{info.name}/index.html"
        return page, (f"changes/{lang}/{prev.name}_{info.name}.html" if prev else None)
    name = f"{prev.name}_{info.name}.html" if prev else None
    return None, (name if name in reports else None)


def store_chains(
    store: Store, langs: Sequence[str] | None = None, per_lang: int = 10
) -> list[LanguageChain]:
    """Every language's complete releases in ``store`` (EN first) with the change counts of
    the consecutive pairs ending in its newest ``per_lang`` releases (the stored alignments;
    aligned and cached when missing; the older pairs' counts are left empty)."""
    from mtgcr.crossref.chain import Chain

    out = []
    for lang in sorted(langs or store.languages(), key=lambda lg: (lg != "en", lg)):
        chain = Chain(store, lang)
        if not chain.infos:
            continue
        n = len(chain) - 1
        counts: list[dict[str, int]] = [{} for _ in range(n)]
        for k in range(max(0, n - max(1, per_lang)), n):
            counts[k] = dict(chain.alignment(k).summary()["rules"])
        out.append(LanguageChain(lang, chain.infos, counts))
    return out


def build_feed(
    store: Store,
    layout: FeedLayout = FeedLayout.SITE,
    per_lang: int = 10,
    base_url: str = "",
    reports: set[str] | None = None,
) -> Feed:
    """The feed of a store's complete releases (:func:`store_chains`,
    :func:`feed_from_chains`)."""
    return feed_from_chains(
        store_chains(store, None, per_lang), layout, per_lang, base_url, reports
    )


def write_feeds(feed: Feed, folder: str | Path) -> list[Path]:
    """Write ``feed.atom`` and ``feed.json`` into ``folder`` (created), each atomically
    (:func:`mtgcr.corpus.safe_write.write_atomic`).

    Returns:
        The two paths.
    """
    from mtgcr.corpus.safe_write import write_atomic

    out = Path(folder)
    atom, js = out / ATOM_FILE, out / JSON_FILE
    write_atomic(atom, feed.atom())
    write_atomic(js, feed_json(feed))
    return [atom, js]


def feed_json(feed: Feed) -> str:
    """The JSON summary's text (:meth:`Feed.to_json`, indented, UTF-8 as is)."""
    return json.dumps(feed.to_json(), ensure_ascii=False, indent=2) + "\n"
