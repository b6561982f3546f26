"""Typography-only differences: what a text may change without its wording changing.

Two published texts of one rule often differ in nothing a reader would call an edit. The
forms seen in the English files (official 2003–2026, the second-hand archive copies of
2001–2018, the normalised copies of 2023–2026):

* straight ↔ curly quotes, single ↔ double quotes, ``''`` for ``"``;
* ``?`` printed for every quote mark and apostrophe (official 2008-05-01, an encoding loss:
  ``opponents? decks``, ``?Multiplayer Rules.?``) and for a lost ® (``DCI?``);
* U+FFFD where a ®, ™, dash or accented letter was (archive 2001-07-23, 2002-02-20,
  2010-02-01: ``Magic: The Gathering�Seventh Edition�``, ``rules 212�215``);
* trademark marks: ``™``/``®`` ↔ ``(TM)``/``(tm)``/``(R)``/``(r)`` ↔ none, with or
  without a space before them (``_Odyssey_ (TM) block`` ↔ ``Odyssey™ block``);
* italic markup ``_Magic_`` (2009–2014 text files) and URL brackets ``<Wizards.com/Locator>``;
* dash forms (``--``, en/em dash, spaced or not), ellipses, ligatures (``AEther`` ↔
  ``Æther``), hard line wraps and runs of whitespace.

:func:`typography_form` folds all of these except the wildcards; :func:`typography_only`
says whether two texts differ in typography only, letting ``?`` and U+FFFD on one side stand
for the quote, dash, mark or accented letter on the other. The alignment
(:func:`mtgcr.crossref.align.classify.compare_pair`) gives such rules the relation ``typography``;
:func:`mtgcr.crossref.worddiff.word_diff` with ``fold_typography=True`` shows the
typography-only parts of a diff as equal text, so a modified rule's diff shows its real edit. Case, letters, digits and other punctuation are wording: a change there is
never typography.
"""

from __future__ import annotations

import re

from rapidfuzz.distance import Levenshtein

from mtgcr.crossref.textkey import compare_form

__all__ = ["typography_form", "typography_only", "forms_equal", "typography_skeleton", "WILDCARDS"]

#: Characters a lossy copy prints for a character it could not encode (``?``: official
#: 2008-05-01; U+FFFD: the archive copies 2001–2002 and 2010-02-01).
WILDCARDS = frozenset("?\ufffd")

#: Trademark and registered marks in every printed form, with the space before them.
_MARKS = re.compile(r"[ \t]*(?:[\u2122\u00ae]|\((?:TM|tm|Tm|T|R|r)\))")
#: A URL in angle brackets (``<Wizards.com/WPN/Events/Rules.aspx>``, 2009–2014 files).
_URL = re.compile(r"<([^<>\s]*[./][^<>\s]*)>")
#: Runs of quote marks (after :func:`compare_form`: straight ones only).
_QUOTES = re.compile(r"['\"]+")
_LIGATURES = (("\u00c6", "AE"), ("\u00e6", "ae"), ("\u0152", "OE"), ("\u0153", "oe"))
_QW = frozenset("'") | WILDCARDS


def typography_form(text: str, compare: str | None = None) -> str:
    """``text`` with every typographic variant folded to one form: marks removed, URL
    brackets dropped, :func:`mtgcr.crossref.textkey.compare_form` (NFKC, curly quotes,
    dashes, ellipses, ``_italics_``, whitespace), ligatures spelled out, every run of quote
    marks one ``'``. ``?`` and U+FFFD are kept (see :func:`typography_only`).

    Args:
        text: rule, example or glossary text as published.
        compare: :func:`~mtgcr.crossref.textkey.compare_form` of ``text`` when the caller
            keeps it (used unless marks or URL brackets had to go first).

    Returns:
        A comparison key, not for display.
    """
    src = text
    if "\u2122" in text or "\u00ae" in text or "(" in text:
        text = _MARKS.sub("", text)
    if "<" in text:
        text = _URL.sub(r"\1", text)
    t = compare if compare is not None and text == src else compare_form(text)
    if not t.isascii():
        for src, dst in _LIGATURES:
            if src in t:
                t = t.replace(src, dst)
    if "'" in t or '"' in t:
        t = _QUOTES.sub("'", t)
    return t


def _block_ok(s: str, d: str) -> bool:
    """Whether old text ``s`` replaced by new text ``d`` (one changed stretch of the
    typography forms) is typography: quotes and wildcards only on both sides, or a wildcard
    run on one side standing for at most two characters per wildcard on the other, none of
    them ASCII except a quote or a dash (what :func:`compare_form` made of curly quotes
    and dashes): a lossy copy loses only characters outside ASCII."""
    if set(s) <= _QW and set(d) <= _QW:
        return True
    for x, y in ((s, d), (d, s)):
        w = x.replace(" ", "")  # a wildcard for a dash takes the dash's spaces with it
        if (
            w
            and set(w) <= WILDCARDS
            and len(y) <= 2 * len(w)
            and (y or w == x)
            and all(not c.isascii() or c in "'-" for c in y)
        ):
            return True
    return False


_NOT_ASCII_ALNUM = re.compile(r"[^A-Za-z0-9]+")


def typography_skeleton(form: str) -> str:
    """The ASCII letters and digits of a :func:`typography_form` (typography never changes
    them: two texts with different skeletons differ in wording)."""
    return _NOT_ASCII_ALNUM.sub("", form)


def forms_equal(fa: str, fb: str, sa: str | None = None, sb: str | None = None) -> bool:
    """:func:`typography_only` of two texts given by their :func:`typography_form` s ``fa``,
    ``fb`` (for callers that keep the forms, e.g. :class:`mtgcr.crossref.align.keys.ReleaseKeys`);
    ``sa``, ``sb``: their :func:`typography_skeleton` s when known."""
    if fa == fb:
        return True
    # typography never touches the ASCII letters and digits (a lossy copy loses only what is
    # outside ASCII): a cheap test that settles nearly every real edit
    if (sa if sa is not None else _NOT_ASCII_ALNUM.sub("", fa)) != (
        sb if sb is not None else _NOT_ASCII_ALNUM.sub("", fb)
    ):
        return False
    if not (WILDCARDS & set(fa) or WILDCARDS & set(fb) or "'" in fa or "'" in fb):
        return False
    blocks: list[list[int]] = []
    for op in Levenshtein.opcodes(fa, fb):
        if op.tag == "equal":
            continue
        if blocks and blocks[-1][1] == op.src_start and blocks[-1][3] == op.dest_start:
            blocks[-1][1], blocks[-1][3] = op.src_end, op.dest_end
        else:
            blocks.append([op.src_start, op.src_end, op.dest_start, op.dest_end])
    for s0, s1, d0, d1 in blocks:
        if not _block_ok(fa[s0:s1], fb[d0:d1]):
            return False
        if s0 == s1 and _inside_word(fb, d0, d1) or d0 == d1 and _inside_word(fa, s0, s1):
            return False  # "players" ↔ "player's": an apostrophe added inside a word is wording
    return True


def _inside_word(t: str, i: int, j: int) -> bool:
    """Whether ``t[i:j]`` (quote marks or wildcards added on one side only) sits between two
    letters."""
    return 0 < i and j < len(t) and t[i - 1].isalpha() and t[j].isalpha()


def typography_only(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ in typography only (see the module docstring).

    Their :func:`typography_form` s are compared character by character
    (``rapidfuzz.distance.Levenshtein.opcodes``); every stretch that differs must be quote
    marks only, or a run of ``?``/U+FFFD on one side for a quote, dash, mark or non-ASCII
    letter on the other (at most two characters per wildcard). A changed letter, digit,
    case or word is never typography, nor is a space added or removed between words.

    Args:
        a, b: two texts as published (any language; the wildcards are the EN copies').

    Returns:
        ``True`` also when the texts are equal.
    """
    if a == b:
        return True
    return forms_equal(typography_form(a), typography_form(b))
