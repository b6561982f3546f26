"""Rewriting the rule numbers a translation cites, when its rule is carried to a new release.

The translation of release A cites rule numbers as A numbered them (``参见规则726``). When EN
renumbers (section 726 became 727 in 2026-04-17), the carried text must cite the new number.
A number is rewritten only when every piece of evidence agrees (:func:`rewrite_citations`):
the EN text of A cites it too, the alignment A → B maps it to another number, and the EN
text of B cites that number. Anything else stays as written, with a finding for a human:

* the translation cites a number the EN text of its own release does not (it was already
  stale: ZH 2026-04-17 801.17 still says 726 where EN says 727);
* the EN text of B still cites the old number although the alignment moved it (EN itself is
  stale: EN 2024-02-02 801.17 kept "rule 723" when section 723 became 724);
* a number that cannot be rewritten in place (the abbreviated end of a range, ZH
  ``规则903.6-11``).

References are found with :func:`mtgcr.extract.references.find_references` (every language's
keywords: 规则, rule, правило …; dotted numbers in running text); only the digits of the
number are replaced, nothing around them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from mtgcr.extract.references import find_references

from mtgcr.crossref.translation.carry_model import QaKind, QaNote, Rewrite

__all__ = ["CitedNumbers", "cited", "RewriteResult", "rewrite_citations"]

_DIGIT = re.compile(r"[0-9\uff10-\uff19]")


@dataclass(frozen=True)
class CitedNumbers:
    """The rule numbers a text cites (as written: ``"601.2b"``, ``"726"``), in text order
    without repeats."""

    numbers: tuple[str, ...]

    def __contains__(self, number: object) -> bool:
        return number in self.numbers


def cited(text: str) -> CitedNumbers:
    """The rule numbers ``text`` cites (ranges by both ends)."""
    out: list[str] = []
    for ref in find_references(text):
        for n in ref.numbers:
            s = str(n)
            if s not in out:
                out.append(s)
    return CitedNumbers(tuple(out))


@dataclass(frozen=True)
class RewriteResult:
    """The carried text and what happened to its citations.

    Attributes:
        text: the text with the numbers rewritten.
        rewrites: each number rewritten (old → new), in text order.
        qa: findings for a human (numbers left as they were, and why).
    """

    text: str
    rewrites: tuple[Rewrite, ...]
    qa: tuple[QaNote, ...]


def rewrite_citations(
    text: str,
    en_old: str,
    en_new: str,
    table: Mapping[str, str | None],
    release_old: str = "",
    release_new: str = "",
) -> RewriteResult:
    """Rewrite the rule numbers a carried translation cites.

    Args:
        text: the old translation (of one rule, example, glossary definition …).
        en_old: the EN text it translated (old release).
        en_new: the EN text of the new release it is carried to.
        table: old number as written → new number (``None``: no counterpart), for the
            numbers the alignment changes (:func:`mtgcr.crossref.align.classify.number_table`).
        release_old, release_new: the release names for the notes (``"2026-02-27"``).

    Returns:
        A :class:`RewriteResult`. A number is rewritten to ``m`` only when ``en_old`` cites
        it, ``table`` maps it to ``m`` and ``en_new`` cites ``m``.

    >>> r = rewrite_citations("（参见规则726）", "(see rule 726)", "(see rule 727)", {"726": "727"})
    >>> r.text, [(w.old, w.new) for w in r.rewrites]
    ('（参见规则727）', [('726', '727')])
    """
    if not _DIGIT.search(text):
        return RewriteResult(text, (), ())  # no digit, no citation (most texts: cheap)
    refs = find_references(text)
    if not refs:
        return RewriteResult(text, (), ())
    eo, en = cited(en_old), cited(en_new)
    old_in, new_in = (
        f" in {release_old}" if release_old else "",
        (f" in {release_new}" if release_new else ""),
    )
    out: list[str] = []
    rewrites: list[Rewrite] = []
    qa: list[QaNote] = []
    last = 0
    for ref in refs:
        seg = text[ref.start : ref.end]
        for n in ref.numbers:
            s = str(n)
            if s not in eo:
                if s in en or any(table.get(k) == s for k in eo.numbers):
                    continue  # the translation already cites what EN cites now
                missing = [k for k in eo.numbers if k not in _translated(refs)]
                qa.append(
                    QaNote(
                        QaKind.STALE_REFERENCE,
                        f"cites {s}; the EN text{old_in} does not"
                        + (f" (it cites {', '.join(missing)})" if missing else ""),
                    )
                )
                continue
            if s not in table:
                if s not in en and en.numbers:
                    qa.append(
                        QaNote(
                            QaKind.NOT_REWRITTEN,
                            f"cites {s}; the EN text{new_in} no longer does (it cites "
                            f"{', '.join(en.numbers)})",
                        )
                    )
                continue
            m = table[s]
            if m is None:
                qa.append(
                    QaNote(QaKind.NOT_REWRITTEN, f"cites {s}, which has no counterpart{new_in}")
                )
                continue
            if m in en:
                pos = _number_at(seg, s)
                if pos is None:
                    qa.append(
                        QaNote(
                            QaKind.NOT_REWRITTEN,
                            f"cites {s} (now {m}) in a form that cannot be rewritten in place",
                        )
                    )
                    continue
                seg = seg[:pos] + m + seg[pos + len(s) :]
                rewrites.append(Rewrite(s, m))
            elif s in en:
                qa.append(
                    QaNote(
                        QaKind.EN_STALE,
                        f"the EN text{new_in} still cites {s}, which the alignment makes {m}; "
                        f"kept as EN has it",
                    )
                )
            else:
                qa.append(
                    QaNote(
                        QaKind.NOT_REWRITTEN,
                        f"cites {s} (now {m}); the EN text{new_in} cites neither",
                    )
                )
        out.append(text[last : ref.start])
        out.append(seg)
        last = ref.end
    out.append(text[last:])
    return RewriteResult("".join(out), tuple(rewrites), tuple(qa))


def _translated(refs) -> set[str]:
    return {str(n) for r in refs for n in r.numbers}


def _number_at(seg: str, number: str) -> int | None:
    """Where ``number`` is written in the reference text ``seg`` as a whole number (not
    inside a longer one), or ``None``."""
    m = re.search(rf"(?<![\d.]){re.escape(number)}(?![\d]|[a-z])", seg)
    return m.start() if m else None
