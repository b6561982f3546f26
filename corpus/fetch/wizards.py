"""Wizards of the Coast's rules page and file archive: which CR text files exist, and where.

Format knowledge (the rules page ``https://magic.wizards.com/en/rules`` and the download
folders on ``media.wizards.com``, 2009–2026; ``archive_metadata.json`` of the shared corpus,
from the academyruins project): the TXT file is linked from the rules page under names such
as ``MagicCompRules 20260116.txt`` (a literal space), ``MagicCompRules%2020240206.txt``,
``Comprehensive Rules 20221007.txt``, ``MagicCompRules_20090711.txt``; some names put the
month first (``MagicCompRules 04102024.txt`` = 2024-04-10); the 2003–2008 names have six
digits, month first (``MagicCompRules_031503.txt`` = 2003-03-15). The archive metadata lists
URL templates (``{{year}}``, ``{{month}}``, ``{{day}}``, ``{{ext}}``), one-off URLs and the
dates known to be missing; nothing beyond them is guessed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from urllib.parse import quote, unquote, urljoin, urlsplit, urlunsplit

__all__ = [
    "CRLink",
    "find_cr_links",
    "date_from_name",
    "encode_url",
    "ArchiveMetadata",
    "ArchiveCandidate",
    "rebase",
    "WIZARDS_HOSTS",
    "RULES_PAGE",
]

#: The rules page.
RULES_PAGE = "https://magic.wizards.com/en/rules"
#: Hosts the Wizards sources may fetch from.
WIZARDS_HOSTS = {"magic.wizards.com", "media.wizards.com", "www.wizards.com", "wizards.com"}

_NAME = re.compile(
    r"(?:MagicCompRules|Comprehensive[ _]Rules)[ _]*(?:[A-Za-z0-9]+_)*?"
    r"(?P<digits>\d{8}|\d{6})\.txt$",
    re.I,
)


def date_from_name(name: str) -> date | None:
    """The release date in a CR file name, or ``None``.

    Eight digits are read year first when that is a real date, else month first; six digits
    are month, day, two-digit year.

    >>> date_from_name("MagicCompRules 20260116.txt"), date_from_name("MagicCompRules 04102024.txt")
    (datetime.date(2026, 1, 16), datetime.date(2024, 4, 10))
    >>> date_from_name("MagicCompRules_031503.txt")
    datetime.date(2003, 3, 15)
    """
    m = _NAME.search(unquote(name))
    if not m:
        return None
    d = m["digits"]
    tries = (
        [(d[:4], d[4:6], d[6:]), (d[4:], d[:2], d[2:4])]
        if len(d) == 8
        else [("20" + d[4:], d[:2], d[2:4])]
    )
    for y, mo, da in tries:
        try:
            when = date(int(y), int(mo), int(da))
        except ValueError:
            continue
        if 1990 <= when.year <= 2100:
            return when
    return None


def encode_url(url: str) -> str:
    """Percent-encode the path of ``url`` (a literal space becomes ``%20``; existing escapes
    are kept: ``MagicCompRules%2020240206.txt`` stays as it is)."""
    parts = urlsplit(url)
    return urlunsplit(
        parts._replace(
            path=quote(unquote(parts.path), safe="/"), query=quote(unquote(parts.query), safe="=&")
        )
    )


@dataclass(frozen=True)
class CRLink:
    """A CR text file linked from the rules page: absolute, encoded URL, name and date."""

    url: str
    name: str
    date: date


def find_cr_links(html: str, page_url: str) -> list[CRLink]:
    """The CR TXT links among a page's links (``<a href>``), in page order, one per URL.

    Args:
        html: the rules page.
        page_url: its URL (relative links are resolved against it).
    """
    from lxml import html as lhtml

    try:
        root = lhtml.fromstring(html)
    except Exception:  # an empty or broken page has no links
        return []
    seen: dict[str, CRLink] = {}
    for a in root.iter("a"):
        href = (a.get("href") or "").strip()
        if not href:
            continue
        name = unquote(urlsplit(href).path.rsplit("/", 1)[-1])
        when = date_from_name(name)
        if when is None:
            continue
        url = encode_url(urljoin(page_url, href))
        seen.setdefault(url, CRLink(url, name, when))
    return list(seen.values())


def rebase(url: str, base_url: str | None) -> str:
    """``url`` with its scheme and host replaced by those of ``base_url`` (a mirror or a test
    server), path kept; ``url`` itself when ``base_url`` is ``None``."""
    if not base_url:
        return url
    b, u = urlsplit(base_url), urlsplit(url)
    prefix = b.path.rstrip("/")
    return urlunsplit((b.scheme, b.netloc, prefix + u.path, u.query, ""))


@dataclass(frozen=True)
class ArchiveCandidate:
    """A URL where the CR TXT of one date may be: the URL and which format (template or
    one-off entry) gave it."""

    url: str
    source: str


@dataclass
class ArchiveMetadata:
    """``archive_metadata.json``: templates, one-off URLs, known and missing dates.

    Attributes:
        templates: URL templates (``{{year}}{{month}}{{day}}.{{ext}}`` placeholders).
        one_off: date → ``{ext: URL}``.
        known: dates known to have a release.
        missing: date → the comment saying why it is missing.
        original: date → original URL of a TXT found elsewhere (``FoundFiles``).
    """

    templates: list[str]
    one_off: dict[date, dict[str, str]]
    known: set[date]
    missing: dict[date, str]
    original: dict[date, str]

    @classmethod
    def load(cls, path: str | Path) -> "ArchiveMetadata":
        """Read the file.

        Raises:
            ValueError: not JSON of that shape (message names the file).
        """
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            fmts = data["URLFormats"]
            one_off = {
                date.fromisoformat(e["Date"]): dict(e.get("Files") or {})
                for e in fmts.get("OneOff", [])
                if e.get("Available", True)
            }
            missing = {
                date.fromisoformat(e["Date"]): e.get("Comment", "")
                for e in data.get("KnownMissingDates", [])
            }
            original = {
                date.fromisoformat(e["Date"]): e["OriginalURL"]
                for e in data.get("FoundFiles", [])
                if e.get("Format") == "txt" and e.get("OriginalURL")
            }
            return cls(
                list(fmts.get("Available", [])),
                one_off,
                {date.fromisoformat(d) for d in data.get("KnownExistingDates", [])},
                missing,
                original,
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}: not an archive metadata file ({exc})") from None

    def candidates(self, when: date, ext: str = "txt") -> list[ArchiveCandidate]:
        """Every URL the metadata gives for ``when``: the one-off URL first, then each
        template filled in, then the original URL of a found copy."""
        out: list[ArchiveCandidate] = []
        if ext in self.one_off.get(when, {}):
            out.append(ArchiveCandidate(self.one_off[when][ext], "one-off"))
        for k, t in enumerate(self.templates):
            url = (
                t.replace("{{year}}", f"{when.year:04d}")
                .replace("{{month}}", f"{when.month:02d}")
                .replace("{{day}}", f"{when.day:02d}")
                .replace("{{ext}}", ext)
            )
            out.append(ArchiveCandidate(encode_url(url), f"template {k + 1}: {t}"))
        if when in self.original and ext == "txt":
            out.append(ArchiveCandidate(encode_url(self.original[when]), "original URL"))
        return out
