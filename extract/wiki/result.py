"""A wiki document's :class:`~mtgcr.extract.kinds.ParseResult`: its pages' quoted CR blocks as
partial rulesets (origin :data:`ORIGIN`; quotes of one release merged; provenance ``page:line``
per number) and their facts (:mod:`mtgcr.extract.wiki.facts`). Shared by the wiki page kinds
(each module's ``PARSER``: :mod:`~mtgcr.extract.wiki.cr`, :mod:`~mtgcr.extract.wiki.diff`,
:mod:`~mtgcr.extract.wiki.html`, :mod:`~mtgcr.extract.wiki.rendered`,
:mod:`~mtgcr.extract.wiki.markup`)."""

from __future__ import annotations

from mtgcr.extract.kinds import ParseResult
from mtgcr.extract.model import Ruleset
from mtgcr.extract.wiki.facts import page_facts
from mtgcr.extract.wiki.page import WikiPage
from mtgcr.extract.wiki.quotes import Provenance, merge_partial, page_rulesets

__all__ = ["ORIGIN", "pages_result"]

#: The origin recorded for rulesets read from wiki pages.
ORIGIN = "wiki"


def pages_result(
    kind: str,
    pages: list[WikiPage],
    facts: list[tuple[str, dict]] | None = None,
    source_lines: dict[tuple[str, int], int] | None = None,
) -> ParseResult:
    """The :class:`ParseResult` of one document read as ``pages`` (one, or two diff columns).

    Quotes of one release across the pages merge into one partial ruleset; conflicts between
    them are warnings of that ruleset. ``source_lines``: of a diff view, see
    :func:`mtgcr.extract.wiki.facts.page_facts`.
    """
    merged: dict[tuple[str, str], tuple[Ruleset, Provenance]] = {}
    for page in pages:
        for rs, prov in page_rulesets(page):
            key = (rs.release.lang, rs.release.label)
            if key in merged:
                base, base_prov = merged[key]
                merged[key] = merge_partial(base, base_prov, rs, prov)
            else:
                merged[key] = (rs, prov)
    result = ParseResult(kind, [(rs, ORIGIN, prov) for rs, prov in merged.values()])
    for page in pages:
        result.facts += page_facts(page, source_lines)
        result.warnings += page.warnings
    result.facts += facts or []
    return result
