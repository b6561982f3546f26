"""Checking the CR citations of wiki pages against the releases in the store.

For each citation (:mod:`mtgcr.extract.citations.wiki`, found on a page by :mod:`mtgcr.extract.wiki.facts`):

1. **the release it was written against** (``as_of``): ``--as-of`` if given; else the release
   the page quotes (``引用：総合ルール 20231117.0`` → EN 20231117, or the newest EN release not
   after it); else inferred: every EN release is scored by how many of the page's citations
   name, in that release, a section whose title fits the page's subject (``コピー/Copy`` →
   "Copying Objects": English words compared on crude stems), and the newest best-scoring
   release wins. A citation inside a quote is as of the quote. When nothing fits, ``as_of``
   is unknown and the citation is only looked up in the newest release.
2. **what the number meant then**: the section title (and whether the number existed) in
   ``as_of``.
3. **what it means now**: the number(s) it has in the newest EN release, through a
   :class:`Remapper` (the release alignment when :mod:`mtgcr.crossref.chain` is available, else
   sections by identical title and rules by best text match within the mapped section).
4. **status**: ``current`` (same number now), ``moved`` (another number now; a replacement is
   suggested), ``changed`` (no successor, and the number now names something else), ``gone``
   (no successor and the number no longer exists), ``unknown`` (as of unknown, or the
   number did not exist in ``as_of``).
5. **inside a quote**: a citation that is part of quoted rule text belongs to the quote's
   release (``引用：総合ルール 20231117.0``): rewriting its number alone would make a hybrid
   quote that matches no release. Its status is ``in-quote``, with no replacement; the note
   says what the number is now, and the quote block is refreshed as a whole
   (:mod:`mtgcr.crossref.cite.quote_check`, ``mtgcr wiki refresh``).
6. **replacements**: a citation of several numbers (``rule 701.28〔変身する〕、rule 701.50〔トラン
   スフォーム〕``, ``{{CR|109.2|110}}``) gets one replacement per number, each for its own span of
   the line (``rule 701.50〔トランスフォーム〕`` → ``rule 701.28〔トランスフォーム〕``); every result
   of a line also carries the whole line with all of that line's replacements applied.

Positions: ``line`` is the line of the file checked; for a diff view it is the line of the
diff file, and ``column`` / ``column_label`` / ``revision_line`` say which revision the citation
belongs to and its line there.

A number given by title (``{{CR|{{その他のルールのCR番号|オブジェクトのコピー}}.12}}``) is
resolved through the JA section titles of the newest JA release in the store; the template
always yields the current number, so it is checked as of the newest release.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, Protocol

from mtgcr.extract.citations.wiki import Target
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.wiki.fact_records import CitationFact, WikiPageFact

if TYPE_CHECKING:
    from mtgcr.crossref.decisions import Decision

__all__ = [
    "CiteResult",
    "CiteStatus",
    "ReleaseTitles",
    "Remapper",
    "TitleRemapper",
    "check_citations",
    "subject_fit",
    "stems",
]

_STOP = {
    "the",
    "of",
    "a",
    "an",
    "and",
    "or",
    "to",
    "in",
    "on",
    "for",
    "with",
    "from",
    "by",
    "rule",
    "rules",
    "card",
    "cards",
}


def stems(text: str) -> set[str]:
    """Crude English stems of the words of ``text``: lower case, plural/-ing/-ed endings and a
    final ``e`` dropped, a doubled final consonant undoubled (``Copying`` → ``copy``,
    ``Controlling`` → ``control``, ``Double-Faced`` → ``doubl``, ``fac``); stop words left out."""
    out = set()
    for w in re.findall(r"[a-z]+", text.lower()):
        if len(w) < 2 or w in _STOP:
            continue
        if w.endswith("ies") and len(w) > 4:
            w = w[:-3] + "y"
        elif w.endswith("ing") and len(w) > 5:
            w = w[:-3]
        elif w.endswith("ed") and len(w) > 4:
            w = w[:-2]
        elif w.endswith("es") and len(w) > 4 and not w.endswith("ses"):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
            w = w[:-1]
        if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiou":
            w = w[:-1]
        if len(w) > 3 and w.endswith("e"):
            w = w[:-1]
        out.add(w)
    return out


def subject_fit(subject: str, title: str | None) -> float:
    """Share (0–1) of the subject's stems found in a section title; 0 when either is empty."""
    s = stems(subject)
    if not s or not title:
        return 0.0
    return len(s & stems(title)) / len(s)


@dataclass
class ReleaseTitles:
    """What cite-check needs to know of one complete release without loading it.

    Attributes:
        label: ``"20231117"``; date: the effective date (ISO) or ``None``.
        sections: ``{section number: title}``.
        load: returns the whole :class:`Ruleset` (called only when rule texts are needed).
    """

    label: str
    date: str | None
    sections: dict[RuleNumber, str]
    load: Callable[[], Ruleset]
    _rs: Ruleset | None = field(default=None, repr=False)

    def ruleset(self) -> Ruleset:
        """The loaded ruleset (loaded once)."""
        if self._rs is None:
            self._rs = self.load()
        return self._rs

    def exists(self, n: RuleNumber) -> bool:
        """True if the section, rule or subrule is in this release."""
        if n.kind == "section":
            return n in self.sections
        if n.section not in {s.section for s in self.sections}:
            return False
        return n in self.ruleset().rules


class Remapper(Protocol):
    """Maps a number of one release to the number(s) it has in another."""

    def remap(
        self, number: RuleNumber, src: ReleaseTitles, dst: ReleaseTitles
    ) -> tuple[list[RuleNumber], str]:
        """``(numbers in dst, reason when there are none)``."""


def _title_key(title: str) -> str:
    return re.sub(r"[^0-9a-z]", "", title.lower())


class TitleRemapper:
    """The fallback remapper: a section goes to the section of ``dst`` with the same title
    (letters and digits compared); a rule or subrule to the rule of that section whose text is
    most similar to its own (rapidfuzz ``token_set_ratio`` ≥ 80, numbers masked), preferring
    the same number at equal score."""

    def remap(self, number, src, dst):
        """``(numbers in dst, reason when there are none)`` (see :class:`Remapper`); loads
        the rule texts of ``src`` and ``dst`` for a rule or subrule."""
        sec = RuleNumber(number.section)
        title = src.sections.get(sec)
        if title is None:
            return [], f"{sec} is not in {src.label}"
        key = _title_key(title)
        hits = [n for n, t in dst.sections.items() if _title_key(t) == key]
        if not hits:
            return [], f"no section titled {title!r} in {dst.label}"
        new_sec = hits[0]
        if number.kind == "section":
            return [new_sec], ""
        from rapidfuzz import fuzz
        from mtgcr.extract.references import mask_references

        old = src.ruleset().rules.get(number)
        if old is None:
            return [], f"{number} is not in {src.label}"
        want = mask_references(old.text)
        best, best_score = None, 0.0
        for n, r in dst.ruleset().rules.items():
            if n.section != new_sec.section or (n.letters is None) != (number.letters is None):
                continue
            score = fuzz.token_set_ratio(want, mask_references(r.text))
            if score > best_score or (score == best_score and n == number):
                best, best_score = n, score
        if best is None or best_score < 80:
            return [], f"no rule of {new_sec} in {dst.label} matches {number}'s text"
        return [best], ""


#: A cited number's status (module docstring, points 4 and 5); the JSON value is the string
#: itself.
CiteStatus = Literal["current", "moved", "changed", "gone", "unknown", "in-quote"]


@dataclass
class CiteResult:
    """One cited number, checked.

    Attributes:
        citation: the citation as written; page: the document; column: diff column or ``None``.
        line: 1-based line of the file checked (for a diff view: of the diff file).
        column_label: the diff column's head (``"編集中の文章"``), else ``None``.
        revision_line: for a diff view, the 1-based line in that column's revision, else ``None``.
        number: the cited number (``"707.12"``; for a chapter, ``"8"``).
        as_of: the label of the release it was written against, or ``None`` if unknown;
        as_of_source: ``"option"``, ``"quote"``, ``"inferred"``, ``"template"`` or ``"unknown"``.
        then_title: the section's title in ``as_of``; now_number: the number(s) now (first one);
        now_title: the section title of ``now_number`` now; status: see the module docstring;
        suggestion: the replacement for ``old_text`` — this number's own part of the citation,
            rewritten with the new number (``moved`` only; for a citation of one number, the
            whole citation rewritten).
        note: why (what the old number names now, why there is no successor …).
        in_quote: the citation is part of quoted rule text.
        old_text: the part of the line this result's ``suggestion`` replaces (the whole citation
            when it cites one number; one item of a list or one template argument otherwise).
        span: ``[start, end]``, character offsets of ``old_text`` in the line's text (0-based, end
            excluded; the line's wikitext for wikitext pages and diff columns, its visible text
            for rendered pages), or ``None`` when unknown.
        line_suggestion: the whole line with every replacement of that line applied (the same on
            each result of the line), or ``None`` when the line needs none.
    """

    citation: str
    page: str
    column: str | None
    line: int
    number: str
    as_of: str | None
    as_of_source: str
    then_title: str | None
    now_number: str | None
    now_title: str | None
    status: CiteStatus
    suggestion: str | None = None
    note: str = ""
    in_quote: bool = False
    newest: str | None = None
    column_label: str | None = None
    revision_line: int | None = None
    old_text: str | None = None
    span: list[int] | None = None
    line_suggestion: str | None = None

    def as_json(self) -> dict:
        """JSON-ready dict of every attribute."""
        return dict(self.__dict__)


def _subject(page: WikiPageFact, ja_terms: dict[str, str]) -> str:
    if page.title_en:
        return page.title_en
    return ja_terms.get(page.title or "", "")


def _page_as_of(
    page: WikiPageFact, cites: list[CitationFact], releases: list[ReleaseTitles], subject: str
) -> tuple[ReleaseTitles | None, str]:
    quotes = [q.label for q in page.quotes]
    if quotes:
        return _at_or_before(max(quotes), releases), "quote"
    if not subject:
        return None, "unknown"
    scores = []
    for rel in releases:
        score = 0.0
        for c in cites:
            for t in c.citation.targets:
                if t.number is not None:
                    score += subject_fit(subject, rel.sections.get(RuleNumber(t.number.section)))
        scores.append(score)
    best = max(scores, default=0.0)
    if best <= 0:
        return None, "unknown"
    k = max(i for i, s in enumerate(scores) if s == best)
    return releases[k], "inferred"


def _older_hint(quote: str | None, subject: str, releases: list[ReleaseTitles]) -> str:
    """What to ingest when no stored EN release can be the one a citation was written
    against: a quoted release older than every stored one is named; a page whose subject
    no stored release's cited section fits may predate them all."""
    oldest = releases[0].label
    if quote and quote < oldest:
        return (
            f"the page quotes {quote}, older than every stored EN release (oldest "
            f"{oldest}): ingest the EN release {quote} (or the one before it) to check as of it"
        )
    if subject:
        return (
            f"no stored EN release ({oldest} … {releases[-1].label}) has the cited section "
            f"fitting the page's subject {subject!r}; if the page predates {oldest}, ingest "
            f"the older EN releases (or give --as-of)"
        )
    return (
        f"subject unknown (the page has no title, so nothing on it names a release): give "
        f"--as-of, or ingest the EN release the page was written against (oldest stored {oldest})"
    )


def _at_or_before(label: str, releases: list[ReleaseTitles]) -> ReleaseTitles | None:
    cands = [r for r in releases if r.label <= label]
    return cands[-1] if cands else None


def _suggest(
    citation: str, old: str, new: str, title: str | None = None, new_title: str | None = None
) -> str:
    """The citation with ``old`` replaced by ``new`` (and its 〔title〕 by the new section's JA
    title, when the citation gives one and the new title is known)."""
    out = re.sub(rf"(?<![\d.]){re.escape(old)}(?![\d]|[a-z])", new, citation, count=1)
    if title and new_title and title != new_title:
        out = out.replace(f"〔{title}〕", f"〔{new_title}〕", 1)
    return out


def check_citations(
    page: WikiPageFact,
    cites: list[CitationFact],
    releases: list[ReleaseTitles],
    remapper: Remapper,
    as_of: str | None = None,
    ja_sections: dict[str, RuleNumber] | None = None,
    ja_terms: dict[str, str] | None = None,
    lines: dict[int, str] | None = None,
) -> list[CiteResult]:
    """Check every citation of one page (or one diff column).

    Args:
        page: the page's ``wiki-page`` fact.
        cites: its ``citation`` facts (commented-out ones are skipped); stored facts are read
            with :meth:`~mtgcr.extract.wiki.fact_records.CitationFact.from_json`.
        releases: the complete EN releases, oldest first (the last is "now").
        remapper: how numbers are followed from one release to another.
        as_of: a label forcing the release every citation was written against.
        ja_sections: ``{JA section title: number}`` of the newest JA release (by-title numbers).
        ja_terms: ``{JA term: EN term}`` (glossary pairs), for pages that give no English subject.
        lines: ``{line: text}`` of the lines the citations are on, as their offsets count in
            them (the page's ``wiki-line`` facts, :func:`mtgcr.extract.wiki.facts.line_texts`),
            for :attr:`CiteResult.line_suggestion`; without it no line suggestion is made.

    Returns:
        One :class:`CiteResult` per cited number, in page order.

    Raises:
        ValueError: no releases, or ``as_of`` names a release not among them.
    """
    if not releases:
        raise ValueError("no complete EN release to check against")
    by_label = {r.label: r for r in releases}
    newest = releases[-1]
    live = [c for c in cites if not c.citation.commented]
    subject = _subject(page, ja_terms or {})
    page_rel: ReleaseTitles | None
    if as_of is not None:
        if as_of not in by_label:
            raise ValueError(f"no EN release {as_of} in the store")
        page_rel, page_src = by_label[as_of], "option"
    else:
        page_rel, page_src = _page_as_of(
            page, [c for c in live if not c.in_quote], releases, subject
        )
    out: list[CiteResult] = []
    page_quote = max((q.label for q in page.quotes), default=None)
    for c in live:
        rel, src = page_rel, page_src
        quote = page_quote if src == "quote" else None
        if c.in_quote and c.quote_label and as_of is None:
            rel, src, quote = _at_or_before(c.quote_label, releases), "quote", c.quote_label
        for t in c.citation.targets:
            for r in _check_target(c, t, rel, src, newest, remapper, ja_sections or {}, subject):
                if c.in_quote and c.quote_label:
                    _keep_quoted(r, c.quote_label)
                if r.as_of is None and r.as_of_source == "unknown":
                    r.note = "; ".join(
                        x
                        for x in (
                            r.note,
                            _older_hint(
                                c.quote_label if c.in_quote else page_quote, subject, releases
                            ),
                        )
                        if x
                    )
                if quote and r.as_of and r.as_of != quote and r.as_of_source == "quote":
                    r.note = "; ".join(
                        x
                        for x in (
                            f"quoted as {quote}, which is not in the "
                            f"store: checked as of {r.as_of}",
                            r.note,
                        )
                        if x
                    )
                out.append(r)
    lines = lines or {}
    _line_suggestions(
        out,
        {c.file_line: c.line_text if c.line_text is not None else lines.get(c.line) for c in live},
    )
    return out


def _keep_quoted(r: CiteResult, label: str) -> None:
    """Make ``r`` the result of a citation inside a quote of release ``label``: status
    ``in-quote``, no replacement; the note keeps what the number is now (module docstring,
    point 5)."""
    now = {
        "current": f"{r.number} is still {r.number}",
        "moved": f"{r.number} is {r.now_number} now",
        "changed": f"{r.number} has no successor and now names something else",
        "gone": f"{r.number} is gone",
    }.get(r.status, "")
    r.note = "; ".join(
        x
        for x in (
            f"quoted from {label}: the number belongs to the quote"
            + (f" ({now})" if now else "")
            + "; refresh the whole quote (mtgcr wiki refresh), never this number alone",
            r.note,
        )
        if x
    )
    r.status, r.suggestion = "in-quote", None


def _line_suggestions(results: list[CiteResult], line_texts: dict[int, str | None]) -> None:
    """Set :attr:`CiteResult.line_suggestion` on every result of a line that needs a
    replacement: the line's text with each span replaced (a span of several numbers — a range
    — gets all of its numbers' replacements, one after the other)."""
    by_line: dict[int, list[CiteResult]] = {}
    for r in results:
        by_line.setdefault(r.line, []).append(r)
    for line, rs in by_line.items():
        text = line_texts.get(line)
        moved = [r for r in rs if r.suggestion and r.span]
        if not text or not moved:
            continue
        spans: dict[tuple[int, int], str] = {}
        for r in moved:
            assert r.span is not None and r.old_text is not None
            a, b = r.span
            if text[a:b] != r.old_text:
                break  # the line is not what the offsets count in: no line suggestion
            spans[(a, b)] = _replace_in(spans.get((a, b), r.old_text), r)
        else:
            new = text
            for (a, b), rep_text in sorted(spans.items(), reverse=True):
                new = new[:a] + rep_text + new[b:]
            for r in rs:
                r.line_suggestion = new


def _replace_in(text: str, r: CiteResult) -> str:
    """``text`` with this result's old number replaced by its new one (and the 〔title〕 as the
    result's suggestion has it)."""
    assert r.suggestion is not None and r.now_number is not None  # a moved number's result
    if r.old_text == text:
        return r.suggestion
    out = _suggest(text, r.number, r.now_number)
    t_old, t_new = _bracket(r.old_text), _bracket(r.suggestion)
    if t_old and t_new and t_old != t_new:
        out = out.replace(f"〔{t_old}〕", f"〔{t_new}〕", 1)
    return out


def _bracket(text: str | None) -> str | None:
    m = re.search(r"〔([^〕]*)〕", text or "")
    return m.group(1) if m else None


def _check_target(
    fact: CitationFact,
    t: Target,
    rel: ReleaseTitles | None,
    src: str,
    newest: ReleaseTitles,
    remapper: Remapper,
    ja_sections: dict[str, RuleNumber],
    subject: str,
) -> list[CiteResult]:
    c = fact.citation
    c0 = c.start
    start, end = t.start, t.end
    if start < 0 or end < start:
        start, end = c0, c.end  # no span known: the whole citation
    old_text = c.text[start - c0 : end - c0] or c.text
    diff = fact.column is not None
    base: dict[str, Any] = dict(
        citation=c.text,
        page=fact.page,
        column=fact.column,
        line=fact.file_line if diff else c.line,
        in_quote=fact.in_quote,
        newest=newest.label,
        column_label=fact.column_label if diff else None,
        revision_line=c.line if diff else None,
        old_text=old_text,
        span=[start, end],
    )
    if t.chapter is not None:
        return [
            CiteResult(
                number=str(t.chapter),
                as_of=rel.label if rel else None,
                as_of_source=src,
                then_title=t.title,
                now_number=str(t.chapter),
                now_title=None,
                status="current",
                note="a chapter",
                **base,
            )
        ]
    numbers: list[RuleNumber] = []
    if t.by_title is not None:
        title = t.by_title
        sec = ja_sections.get(title)
        if sec is None:
            return [
                CiteResult(
                    number=f"{{{title}}}{t.suffix}",
                    as_of=None,
                    as_of_source="template",
                    then_title=None,
                    now_number=None,
                    now_title=None,
                    status="unknown",
                    note=f"no JA section titled {title!r} in the store"
                    if title
                    else "subject unknown (the page has no title): the number depends on the "
                    "page's own subject",
                    **base,
                )
            ]
        n = RuleNumber.try_parse(f"{sec}{t.suffix}")
        if n is None:
            return []
        numbers, rel, src = [n], newest, "template"
    else:
        numbers = [x for x in (t.number, t.last) if x is not None]
    results = []
    ja_titles = {num: title for title, num in ja_sections.items()}
    for n in numbers:
        r = _check_number(n, rel, src, newest, remapper, base, t.title, ja_titles)
        if r.suggestion is not None and r.suggestion == r.old_text:
            r.suggestion = None  # "903.9b-c": the number is not written out
            r.note = "; ".join(
                x
                for x in (
                    r.note,
                    f"{n} is not written out in the citation: rewrite it as {r.now_number} by hand",
                )
                if x
            )
        results.append(r)
    return results


def _check_number(
    n: RuleNumber,
    rel: ReleaseTitles | None,
    src: str,
    newest: ReleaseTitles,
    remapper: Remapper,
    base: dict,
    title: str | None = None,
    ja_titles: dict[RuleNumber, str] | None = None,
) -> CiteResult:
    sec = RuleNumber(n.section)
    now_title_same = newest.sections.get(sec)
    if rel is None:
        exists = newest.exists(n)
        return CiteResult(
            number=str(n),
            as_of=None,
            as_of_source="unknown",
            then_title=None,
            now_number=str(n) if exists else None,
            now_title=now_title_same if exists else None,
            status="unknown",
            note=(
                "the release it was written against is unknown; "
                + (
                    f"{n} now is in {sec} {now_title_same!r}"
                    if exists
                    else f"{n} does not exist now"
                )
            ),
            **base,
        )
    then_title = rel.sections.get(sec)
    if not rel.exists(n):
        return CiteResult(
            number=str(n),
            as_of=rel.label,
            as_of_source=src,
            then_title=then_title,
            now_number=None,
            now_title=None,
            status="unknown",
            note=f"{n} did not exist in {rel.label}",
            **base,
        )
    if rel is newest:
        nums, why = [n], ""
    else:
        nums, why = remapper.remap(n, rel, newest)
    if nums:
        new = nums[0]
        now_title = newest.sections.get(RuleNumber(new.section))
        if new == n:
            return CiteResult(
                number=str(n),
                as_of=rel.label,
                as_of_source=src,
                then_title=then_title,
                now_number=str(new),
                now_title=now_title,
                status="current",
                **base,
            )
        note = ""
        if newest.exists(n):
            note = (
                f"{n} now names {now_title_same!r}"
                if n.kind == "section"
                else f"{n} now is another rule (in {sec} {now_title_same!r})"
            )
        return CiteResult(
            number=str(n),
            as_of=rel.label,
            as_of_source=src,
            then_title=then_title,
            now_number=str(new),
            now_title=now_title,
            status="moved",
            suggestion=_suggest(
                base["old_text"],
                str(n),
                str(new),
                title,
                (ja_titles or {}).get(RuleNumber(new.section)) if new.kind == "section" else None,
            ),
            note="; ".join(
                x
                for x in (
                    note,
                    " or ".join(map(str, nums[1:])) and f"also {' and '.join(map(str, nums[1:]))}",
                )
                if x
            ),
            **base,
        )
    if newest.exists(n):
        return CiteResult(
            number=str(n),
            as_of=rel.label,
            as_of_source=src,
            then_title=then_title,
            now_number=None,
            now_title=now_title_same,
            status="changed",
            note=f"{why}; {n} now names {now_title_same!r}"
            if n.kind == "section"
            else f"{why}; {n} now is another rule",
            **base,
        )
    return CiteResult(
        number=str(n),
        as_of=rel.label,
        as_of_source=src,
        then_title=then_title,
        now_number=None,
        now_title=None,
        status="gone",
        note=why,
        **base,
    )


# -- building the inputs from a store ------------------------------------------------------
def en_releases(store) -> list[ReleaseTitles]:
    """The complete EN releases of ``store`` (one per label, official first), oldest first,
    with their section titles (rule texts are loaded only when needed)."""
    from mtgcr.extract.records import load_release

    from mtgcr.crossref.chain import complete_releases

    infos = complete_releases(store, "en")
    if not infos:
        return []
    df = store.table("sections")
    by_id: dict[int, dict[RuleNumber, str]] = {}
    for rid, sec, title in zip(df["release_id"], df["section"], df["title"]):
        by_id.setdefault(int(rid), {})[RuleNumber(int(sec))] = title

    def loader(rid: int) -> Callable[[], Ruleset]:
        return lambda: load_release(store, rid)

    return [
        ReleaseTitles(r.label, r.effective_date, by_id.get(r.id, {}), loader(r.id)) for r in infos
    ]


def ja_lookups(store) -> tuple[dict[str, RuleNumber], dict[str, str]]:
    """``({JA section title: number}, {JA glossary term: EN original})`` of the newest JA
    release in ``store`` (complete preferred, else the wiki's); empty dicts if there is none."""
    from mtgcr.extract.records import load_release
    from mtgcr.corpus.store import StoreError

    try:
        info = store.resolve("latest", "ja")
    except StoreError:
        return {}, {}
    rs = load_release(store, info)
    titles = {s.title: n for n, s in rs.sections.items()}
    terms: dict[str, str] = {}
    for g in rs.glossary:
        if g.original:
            for t in [g.term, *g.term.split("、")]:
                terms.setdefault(
                    t.strip(), re.sub(r"\(\d\)$", "", g.original.split("/")[0]).strip()
                )
    return titles, terms


class ChainRemapper:
    """Follows numbers through the release alignment of :mod:`mtgcr.crossref.chain` (the lineage of
    every consecutive pair of EN releases, cached in the store; ``decisions``: human alignment
    decisions applied to the pairs, none by default as ``cite-check`` does)."""

    def __init__(self, store, decisions: Iterable[Decision] = ()) -> None:
        from mtgcr.crossref.chain import Chain

        self.chain = Chain(store, "en", decisions)
        self._lineage = None
        self._index = {r.label: k for k, r in enumerate(self.chain.releases)}

    def remap(self, number, src, dst):
        """``(numbers in dst, reason when there are none)`` (see :class:`Remapper`) from the
        lineage; a release that is not in the chain falls back on
        :class:`TitleRemapper`. The first call aligns what the store has not cached (no
        human decisions are applied)."""
        if self._lineage is None:
            self._lineage = self.chain.lineage()
        if src.label not in self._index or dst.label not in self._index:
            return TitleRemapper().remap(number, src, dst)
        r = self._lineage.remap(number, self._index[src.label], self._index[dst.label])
        return list(r.numbers), r.reason


def store_remapper(store) -> Remapper:
    """The remapper cite-check uses: the release alignment's (:class:`ChainRemapper`), which
    falls back on :class:`TitleRemapper` for a release outside the chain.

    Raises:
        mtgcr.corpus.store.StoreError: no complete EN release in ``store``.
    """
    return ChainRemapper(store)


__all__ += ["en_releases", "ja_lookups", "ChainRemapper", "store_remapper"]
