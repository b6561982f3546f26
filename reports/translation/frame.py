"""The printed front matter of a stored release the rule model does not hold: the date
statement and the fixed headings (:class:`mtgcr.crossref.translation.carry.FrontMatter`).

A kit offers them as units so that a completed kit holds everything its CR text needs
(:mod:`mtgcr.reports.translation.crtext`). They are read from the release's stored document
with its language profile (:mod:`mtgcr.extract.profiles`): the first line the profile's
``[date] pattern`` matches, and the first line each ``[headings]`` pattern matches whole
(contents, glossary, credits — the contents list repeats the last two, with the same
words). Format knowledge: EN "These rules are effective as of April 17, 2026." (month a name),
ZH "此规则于2026年4月17日起生效。", JA "このルールは2026年1月16日から有効です。" (its last line),
RU "(от 8 июля 2017 …)" (month a genitive name: rewritten in the same case form).
"""

from __future__ import annotations

import re
from datetime import date

from mtgcr.corpus.document import document_from_bytes
from mtgcr.corpus.store import ReleaseInfo, Store
from mtgcr.errors import DocumentError
from mtgcr.extract.profiles import PROFILES, CRProfile

from mtgcr.crossref.translation.carry_pieces import FrontMatter

__all__ = ["front_matter", "front_matter_of", "redate_line"]


def front_matter(store: Store, info: ReleaseInfo) -> FrontMatter | None:
    """The front matter of a stored release, from its document (``None`` when the release
    has no stored document, a partial one such as wiki quotes, or no profile)."""
    prof = PROFILES.get(info.lang)
    if prof is None or info.source is None or not info.complete:
        return None
    hit = store.find_document(info.source)
    raw = store.document_raw(hit[0]) if hit is not None else None
    if raw is None or hit is None:
        return None
    try:
        doc = document_from_bytes(raw, hit[1])
    except DocumentError:
        return None
    return front_matter_of(doc.lines, prof)


def front_matter_of(lines: list[str], prof: CRProfile) -> FrontMatter:
    """The front matter of a document's lines (see the module docstring)."""
    date_line = ""
    for line in lines:
        m = prof.date_re.search(line)
        if m and prof.date_from(m) is not None:
            date_line = line.strip()
            break
    heads = {}
    for key, pat in (
        ("contents", prof.contents_re),
        ("glossary", prof.glossary_re),
        ("credits", prof.credits_re),
    ):
        heads[key] = next((line.strip() for line in lines if pat.match(line)), "")
    redate = None
    if date_line and redate_line(date_line, prof, date(2000, 1, 1)) is not None:

        def redate(when: date, _line: str = date_line, _prof: CRProfile = prof) -> str:
            out = redate_line(_line, _prof, when)
            assert out is not None  # checked above: the statement can be rewritten
            return out

    return FrontMatter(date_line, redate, heads["contents"], heads["glossary"], heads["credits"])


def redate_line(line: str, prof: CRProfile, when: date) -> str | None:
    """``line`` (an effective-date statement the profile reads) stating ``when`` instead, in
    the same words: digits as digits (a zero-padded one padded again), a month name in the
    same form of the profile's ``[date] months`` list (RU ``июля`` → ``августа``, the
    genitive again) and the same capitalisation. ``None`` when the month is a word the
    profile does not list."""
    m = prof.date_re.search(line)
    if m is None:
        return None
    month = _month_text(m.group("m"), prof, when.month)
    if month is None:
        return None
    parts = {"y": str(when.year), "m": month, "d": _digits(m.group("d"), when.day)}
    spans = sorted((m.start(g), m.end(g), g) for g in ("y", "m", "d"))
    out, last = [], 0
    for start, end, g in spans:
        out += [line[last:start], parts[g]]
        last = end
    out.append(line[last:])
    return "".join(out)


def _digits(old: str, value: int) -> str:
    text = str(value)
    return text.zfill(len(old)) if old.startswith("0") else text


def _month_text(old: str, prof: CRProfile, month: int) -> str | None:
    t = old.strip()
    if t.isdigit():
        return _digits(t, month)
    forms = {n: [f for f, k in prof.months.items() if k == n] for n in range(1, 13)}
    have = prof.month(t)
    if have is None or t.lower() not in forms[have]:
        return None
    new = forms[month][min(forms[have].index(t.lower()), len(forms[month]) - 1)]
    if t[:1].isupper():
        new = new[:1].upper() + new[1:]
    if re.fullmatch(r"[A-ZА-ЯЁ]+", t):
        new = new.upper()
    return new
