"""Comparison forms of rule text: what two releases are compared on, never what is stored.

Three forms, from loosest to strictest:

* :func:`match_key` — for finding a rule again: NFKC, typography folded (curly quotes, dashes,
  ellipses, whitespace), every rule-shaped number masked as ``#`` and case folded. Two rules
  with equal keys differ at most in typography, case and the numbers they cite.
* :func:`compare_form` — for deciding whether a rule changed: NFKC and typography folded, case
  and numbers kept.
* :func:`rewrite_numbers` — a text's rule references rewritten through an alignment, so that
  "rule 712.7a" → "rule 712.11c" is not counted as an edit.

Format knowledge: the official EN files 2003–2026 switch between straight and curly quotes,
"--" / en dash / em dash, and single or double spaces as their encodings change (ASCII,
Windows-1252, Mac OS Roman, UTF-8); none of these is a rules change. Some older files also
mark italics as ``_Magic_``, which later files drop; folded too.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "match_key",
    "mask_numbers",
    "compare_form",
    "rewrite_numbers",
    "title_key",
    "cited_numbers",
    "key_of_compare_form",
]

#: Typographic variants folded for comparison (curly quotes, dashes, odd spaces).
TYPOGRAPHY = (
    ("\u2018", "'"),
    ("\u2019", "'"),
    ("\u201a", "'"),
    ("\u201b", "'"),
    ("\u2032", "'"),
    ("`", "'"),
    ("\u201c", '"'),
    ("\u201d", '"'),
    ("\u201e", '"'),
    ("\u201f", '"'),
    ("\u2033", '"'),
    ("\u2010", "-"),
    ("\u2011", "-"),
    ("\u2012", "-"),
    ("\u2013", "-"),
    ("\u2014", "-"),
    ("\u2015", "-"),
    ("\u2212", "-"),
    ("\u2026", "..."),
)
#: Any rule-shaped number, with or without a keyword (masking too much only loosens the key).
_NUMBER = re.compile(r"\d\d\d(?:\.\d{1,3}[a-z]{0,2})?(?!\d)")
_HAS_NUMBER = re.compile(r"\d\d\d")
#: Italic markup of the older files (``_Magic_``, 2009–2013 text files): not a rules change.
_ITALIC = re.compile(r"(?<!\w)_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_(?!\w)")
_CITED = re.compile(r"(?<![\d.])\d\d\d(?:\.\d{1,3}[a-z]{0,2})?(?!\d)")


def compare_form(text: str) -> str:
    """``text`` in NFKC with typography folded: curly quotes → straight, every dash and
    ``--`` → ``-`` with the spaces around it dropped, ``. . .`` → ``...``, italic markup
    ``_Magic_`` → ``Magic`` (older official text files), runs of whitespace → one space;
    stripped. Only ``str`` methods (fast: used on thousands of rules).

    Args:
        text: rule, example or glossary text (any language).

    Returns:
        A string for equality tests; not for display.
    """
    t = text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)
    if not t.isascii():
        for src, dst in TYPOGRAPHY:
            if src in t:
                t = t.replace(src, dst)
    if "-" in t:
        while "--" in t:
            t = t.replace("--", "-")
        t = t.replace(" -", "-").replace("- ", "-")
    if ". ." in t:
        t = t.replace(". . .", "...")
    if "_" in t:
        t = _ITALIC.sub(r"\1", t)
    return " ".join(t.split())


def mask_numbers(text: str) -> str:
    """``text`` exactly as published but with rule-shaped numbers masked as ``#`` (a cheap
    intermediate key: settles rules whose only change is a renumbered citation)."""
    return _NUMBER.sub("#", text) if _HAS_NUMBER.search(text) else text


def match_key(text: str) -> str:
    """The matching key: :func:`compare_form`, rule-shaped numbers masked as ``#``, case folded.

    Example: ``"See rule 712.7a."`` and ``"See Rule 712.11c."`` have the same key
    ``"see rule #."``.
    """
    return key_of_compare_form(compare_form(text))


def key_of_compare_form(t: str) -> str:
    """:func:`match_key` of a text given by its :func:`compare_form` ``t`` (for callers that
    keep the comparison form)."""
    if _HAS_NUMBER.search(t):
        t = _NUMBER.sub("#", t)
    return t.casefold()


def title_key(title: str) -> str:
    """A section title reduced to letters and digits, case folded: ``"Controlling Another
    Player’s Turn"``, ``"Controlling Another Player's Turn"`` and the 2008-05-01 defect
    ``"Controlling Another Player?s Turn"`` all give ``"controllinganotherplayersturn"``."""
    t = unicodedata.normalize("NFKC", title).casefold()
    return "".join(ch for ch in t if ch.isalnum())


def cited_numbers(text: str) -> tuple[str, ...]:
    """The rule-shaped numbers :func:`rewrite_numbers` would look up for ``text``, as written
    (a text none of whose numbers is in the table is returned unchanged)."""
    return tuple(_CITED.findall(text)) if _HAS_NUMBER.search(text) else ()


def rewrite_numbers(text: str, table: dict[str, str | None], mask: str = "#") -> str:
    """Rewrite the rule numbers ``text`` cites through ``table`` (old number as written →
    new number, or ``None`` when it has no counterpart, replaced by ``mask``); numbers not in
    the table stay as written.

    Every rule-shaped number counts, keyword or not — the same numbers
    :func:`mtgcr.extract.references.mask_references` rewrites with ``require_keyword=False``
    ("rules 712.1–712.21", "rule 713〔…〕") — but in one regex pass, as comparing thousands of
    rules needs. For display and notes use :mod:`mtgcr.extract.references`.
    """
    if not table or not _HAS_NUMBER.search(text):
        return text

    def sub(m: re.Match) -> str:
        n = m.group()
        if n not in table:
            return n
        new = table[n]
        return mask if new is None else new

    return _CITED.sub(sub, text)
