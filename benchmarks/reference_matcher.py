"""A reference implementation of the rule matcher of the most complete public CR tool
(Academy Ruins), written here from its description for the speed benchmark — not its code.

Method: every old rule that is not identical under the same number in the new release is
compared, word by word, with the new rules not yet matched, using the standard library's
``difflib.get_close_matches`` (``SequenceMatcher`` ratio, its default ``n=3`` and
``cutoff=0.6``); the candidate pairs are then taken greedily, best score first, each rule at
most once.
"""

from __future__ import annotations

import difflib


def match(old: dict[str, str], new: dict[str, str]) -> dict[str, str]:
    """Old rule number → new rule number.

    Args:
        old, new: rule number → rule text of two releases.
    """
    pairs = {n: n for n, text in old.items() if new.get(n) == text}
    rest_new = [n for n in new if n not in pairs.values()]
    words = {n: tuple(new[n].split()) for n in rest_new}
    by_words: dict[tuple[str, ...], str] = {}
    for n in rest_new:
        by_words.setdefault(words[n], n)
    choices = list(by_words)
    scored = []
    for o, text in old.items():
        if o in pairs:
            continue
        ow = tuple(text.split())
        for cand in difflib.get_close_matches(ow, choices):
            sm = difflib.SequenceMatcher(None, cand, ow)
            scored.append((sm.ratio(), o, by_words[cand]))
    scored.sort(key=lambda t: -t[0])
    used: set[str] = set()
    for _, o, n in scored:
        if o not in pairs and n not in used:
            pairs[o] = n
            used.add(n)
    return pairs
