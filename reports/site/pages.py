"""Page layout and addresses of the site: one place for every URL and anchor scheme.

Addresses (relative, so the site works from the file system and any static host):

* ``index.html`` — languages and releases;
* ``<lang>/<release>/index.html`` — a release's chapters and sections (``#chapter-8``);
* ``<lang>/<release>/<section>.html`` — one section; every rule and subrule has the id
  ``R`` + its number without dots (Yawgatog's scheme: ``R70219b``) and an alias element
  ``section-702-19b``; the section heading is ``R702``;
* ``<lang>/<release>/glossary.html`` (entries ``#g-<slug>``), ``search.html``,
  ``search-index.js``, ``rules.json``;
* ``<lang>/latest/…`` — the same pages for the newest release;
* ``<lang>/<release>/side/<section>.html`` — a translation beside its English release;
* ``trace/<lang>/<lineage>.html`` — a rule's history; ``lineage.json`` per language;
* ``changes/<lang>/<old>_<new>.html`` — the changes between two releases.

``<release>`` is the effective date (``2023-11-17``), else the label.
"""

from __future__ import annotations

import html
import re

from mtgcr.crossref.lineage import LineageId
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "esc",
    "anchor_id",
    "alias_id",
    "section_file",
    "rule_href",
    "page",
    "slug",
    "trace_file",
    "release_key",
]

esc = html.escape


def release_key(info) -> str:
    """A release's address part: its effective date, else its label."""
    return info.name


def anchor_id(number: RuleNumber | str) -> str:
    """``R`` + the number without dots: ``702.19b`` → ``R70219b``, section ``702`` → ``R702``."""
    return "R" + str(number).replace(".", "")


def alias_id(number: RuleNumber | str) -> str:
    """``section-702-19b`` for ``702.19b``."""
    return "section-" + str(number).replace(".", "-")


def section_file(number: RuleNumber | int) -> str:
    """The page of the section a rule (or section) number belongs to: ``712.html``."""
    sec = number.section if isinstance(number, RuleNumber) else int(number)
    return f"{sec}.html"


def rule_href(number: RuleNumber, prefix: str = "") -> str:
    """The link to a rule (or section) in the same release: ``712.html#R7128e``."""
    return f"{prefix}{section_file(number)}#{anchor_id(number)}"


_SLUG = re.compile(r"[^\w]+", re.UNICODE)


def slug(term: str) -> str:
    """An id for a glossary term: ``Mana Value`` → ``mana-value`` (letters of any script kept)."""
    return _SLUG.sub("-", term.casefold()).strip("-") or "term"


def trace_file(lineage: LineageId) -> str:
    """The file name of a lineage's trace page: ``en:20031001:502.9b`` → ``20031001_502.9b.html``."""
    return f"{lineage.file_stem}.html"


def page(
    title: str,
    body: str,
    root: str,
    lang: str = "en",
    header: str = "",
    wide: bool = False,
    scripts: tuple[str, ...] = (),
) -> str:
    """A whole HTML page.

    Args:
        title: the ``<title>``.
        body: the main content (HTML).
        root: the relative path to the site root (``"../../"``).
        lang: the page's language (``<html lang>``).
        header: the top bar's HTML (release, date, set, selector).
        wide: a wide layout (side-by-side pages).
        scripts: further scripts to load before the site script (relative URLs).
    """
    extra = "".join(f'<script src="{esc(s)}"></script>' for s in scripts)
    return (
        f'<!doctype html><html lang="{esc(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{esc(title)}</title><link rel="stylesheet" href="{root}static/site.css">'
        f"</head><body>{f'<header class=top>{header}</header>' if header else ''}"
        f"<main{' class=wide' if wide else ''}>{body}</main>{extra}"
        f'<script src="{root}static/site.js"></script></body></html>'
    )
