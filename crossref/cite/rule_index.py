"""Every stored release's rule texts and headings by number: what a title or a quote beside a
citation is matched against ("in which release did 702.69 read *Poisonous*?").

Built from the store's ``rules`` and ``sections`` rows of a chain's releases in one query each;
rule texts are kept once (most rules read the same in dozens of releases).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from rapidfuzz import fuzz

from mtgcr.crossref.textkey import match_key, title_key
from mtgcr.extract.rulenum import RuleNumber

__all__ = ["RuleIndex", "TextHit", "QUOTE_MIN", "QUOTE_WORDS", "title_words"]

#: A quote is the rule's text when rapidfuzz ``partial_ratio`` of the two comparison keys
#: (numbers masked, typography and case folded) is at least this (0–100) …
QUOTE_MIN = 90.0
#: … and the shorter of the two has at least this many words (shorter texts are titles).
QUOTE_WORDS = 6
#: Texts scoring within this many points of the best are as good a match (0–100 scale).
NEAR = 5.0
#: A rule text of at most this many words without a full stop is a heading
#: (``702.69. Gravestorm``, ``701.26. Tap and Untap``).
HEADING_WORDS = 6


@dataclass(frozen=True)
class TextHit:
    """A stored rule text a quote matches: the number and releases (chain positions) that
    have it, the score (0–100) and the text's number of words."""

    number: RuleNumber
    releases: tuple[int, ...]
    score: float
    words: int


class RuleIndex:
    """Rule texts, section titles and headings of every release of a chain (made by
    :meth:`from_store` or :meth:`from_json`).

    Args:
        texts: every distinct rule text.
        versions: ``{number: {chain position: text index}}``.
        sections: ``{section number: {chain position: title}}``.
        size: the number of releases.
    """

    def __init__(
        self,
        texts: list[str],
        versions: dict[RuleNumber, dict[int, int]],
        sections: dict[RuleNumber, dict[int, str]],
        size: int,
    ) -> None:
        self.size = size
        self.texts = texts
        self.versions = versions
        self.sections = sections
        self._keys: list[str | None] = [None] * len(texts)
        self._owners: dict[int, list[tuple[RuleNumber, int]]] | None = None
        self._postings: dict[tuple[str, str], list[int]] | None = None
        self._headings: dict[str, list[tuple[RuleNumber, int]]] | None = None
        self._words: dict[tuple, tuple[frozenset[str], frozenset[str]]] = {}
        self._variants: dict[RuleNumber, dict[int, list[int]]] = {}
        self._key_words: dict[int, frozenset[str]] = {}

    @classmethod
    def from_store(cls, store, release_ids: list[int]) -> "RuleIndex":
        """Read the rules and sections of ``release_ids`` (the chain, oldest first: the chain
        position is the list index) from ``store`` (two queries)."""
        pos = {str(rid): k for k, rid in enumerate(release_ids)}
        texts: list[str] = []
        versions: dict[RuleNumber, dict[int, int]] = defaultdict(dict)
        sections: dict[RuleNumber, dict[int, str]] = defaultdict(dict)
        ids: dict[str, int] = {}
        nums: dict[str, RuleNumber] = {}
        marks = ",".join("?" * len(release_ids))
        conn = store.conn
        # grouped by SQLite: most rules keep their text over many releases (a tenth the rows)
        for num, text, rids in conn.execute(
            f"SELECT number, text, group_concat(release_id) FROM rules "
            f"WHERE release_id IN ({marks}) GROUP BY number, text ORDER BY number, text",
            release_ids,
        ):
            n = nums.get(num)
            if n is None:
                n = nums[num] = RuleNumber.parse(num)
            i = ids.get(text)
            if i is None:
                i = ids[text] = len(texts)
                texts.append(text)
            v = versions[n]
            for rid in rids.split(","):
                v[pos[rid]] = i
        for rid, num, title in conn.execute(
            f"SELECT release_id, number, title FROM sections WHERE release_id IN ({marks})",
            release_ids,
        ):
            sections[RuleNumber.parse(num)][pos[str(rid)]] = title or ""
        return cls(texts, dict(versions), dict(sections), len(release_ids))

    def to_json(self) -> dict:
        """The index as JSON-ready values (for a cache; :meth:`from_json` reads it back)."""
        return {
            "size": self.size,
            "texts": self.texts,
            "rules": {
                str(n): [x for kv in sorted(v.items()) for x in kv]
                for n, v in self.versions.items()
            },
            "sections": {
                str(n): [x for kv in sorted(v.items()) for x in kv]
                for n, v in self.sections.items()
            },
        }

    @classmethod
    def from_json(cls, data: dict) -> "RuleIndex":
        """The index :meth:`to_json` wrote."""
        parse = RuleNumber.parse
        versions = {parse(n): dict(zip(flat[::2], flat[1::2])) for n, flat in data["rules"].items()}
        sections = {
            parse(n): dict(zip(flat[::2], flat[1::2])) for n, flat in data["sections"].items()
        }
        return cls(data["texts"], versions, sections, data["size"])

    # -- lookups ---------------------------------------------------------------------------
    def has(self, n: RuleNumber, k: int) -> bool:
        """True if release ``k`` has rule (or section) ``n``."""
        table = self.sections if n.kind == "section" else self.versions
        got = table.get(n)
        return got is not None and k in got

    def holders(self, n: RuleNumber) -> list[int]:
        """The releases (chain positions, ascending) that have ``n``."""
        table = self.sections if n.kind == "section" else self.versions
        return sorted(table.get(n, ()))

    def stable(self, n: RuleNumber, a: int, b: int) -> bool:
        """True when every release from ``a`` to ``b`` (either order) has ``n`` with the same
        text (a section: the same title): reading ``n`` against any of them gives the same
        answer."""
        table = self.sections if n.kind == "section" else self.versions
        got = table.get(n)
        if not got:
            return False
        lo, hi = min(a, b), max(a, b)
        first = got.get(lo)
        return first is not None and all(got.get(k) == first for k in range(lo + 1, hi + 1))

    def text(self, n: RuleNumber, k: int) -> str | None:
        """``n``'s text in release ``k`` (a section's title), or ``None``."""
        if n.kind == "section":
            return self.sections.get(n, {}).get(k)
        i = self.versions.get(n, {}).get(k)
        return None if i is None else self.texts[i]

    def key(self, i: int) -> str:
        """The comparison key of text ``i`` (:func:`mtgcr.crossref.textkey.match_key`)."""
        k = self._keys[i]
        if k is None:
            k = self._keys[i] = match_key(self.texts[i])
        return k

    def variants(self, n: RuleNumber) -> dict[int, list[int]]:
        """``{text id: [releases]}``: the different texts ``n`` had (kept)."""
        got = self._variants.get(n)
        if got is None:
            out: dict[int, list[int]] = defaultdict(list)
            for k, i in sorted(self.versions.get(n, {}).items()):
                out[i].append(k)
            got = self._variants[n] = dict(out)
        return got

    def key_words(self, i: int) -> frozenset[str]:
        """The distinct words of text ``i``'s comparison key (kept)."""
        got = self._key_words.get(i)
        if got is None:
            got = self._key_words[i] = frozenset(self.key(i).split())
        return got

    def words(self, n: RuleNumber, k: int) -> frozenset[str]:
        """The words (:func:`title_words`) of ``n``'s text and of the headings above it in
        release ``k`` — what a title beside ``n`` is checked against (kept per distinct text:
        most releases repeat them)."""
        return self._title_data(n, k)[0]

    def heading_keys(self, n: RuleNumber, k: int) -> frozenset[str]:
        """:func:`~mtgcr.crossref.textkey.title_key` of each heading of :meth:`headings` (and
        of ``n``'s own text when it is a heading)."""
        return self._title_data(n, k)[1]

    def _title_data(self, n: RuleNumber, k: int) -> tuple[frozenset[str], frozenset[str]]:
        sig = []
        cur: RuleNumber | None = n
        while cur is not None:
            table = self.sections if cur.kind == "section" else self.versions
            sig.append((table.get(cur) or {}).get(k))
            cur = cur.parent
        key = (n.kind, tuple(sig))
        got = self._words.get(key)
        if got is None:
            heads = self.headings(n, k)
            out: set[str] = set()
            for h in [self.text(n, k) or "", *heads]:
                out |= title_words(h)
            got = self._words[key] = (frozenset(out), frozenset(title_key(h) for h in heads))
        return got

    def headings(self, n: RuleNumber, k: int) -> list[str]:
        """The headings ``n`` stands under in release ``k``: its own text when it is a heading,
        its rule's heading (``702.19`` *Trample* for 702.19b) and its section's title."""
        out = []
        cur: RuleNumber | None = n
        while cur is not None:
            t = self.text(cur, k)
            if t is not None and (cur.kind == "section" or _is_heading(t)):
                out.append(t)
            cur = cur.parent
        return out

    # -- searches --------------------------------------------------------------------------
    def heading_owners(self, title: str) -> list[tuple[RuleNumber, int]]:
        """Every ``(number, release)`` whose heading is ``title`` (letters and digits compared,
        case folded)."""
        if self._headings is None:
            idx: dict[str, list[tuple[RuleNumber, int]]] = defaultdict(list)
            keys = [title_key(t) if _is_heading(t) else None for t in self.texts]
            for n, vs in self.versions.items():
                for k, i in vs.items():
                    tk = keys[i]
                    if tk is not None:
                        idx[tk].append((n, k))
            for n, ts in self.sections.items():
                for k, t in ts.items():
                    idx[title_key(t)].append((n, k))
            self._headings = idx
        return self._headings.get(title_key(title), [])

    def find_text(self, quote_key: str, min_score: float = QUOTE_MIN) -> list[TextHit]:
        """The stored rule texts ``quote_key`` (a comparison key) is, or is part of, or that are
        part of it, best first (only the best and those within :data:`NEAR` points of it: a
        quote of one keyword's rule also scores 90+ against the same sentence of every other
        keyword; several rules that near each other make the quote ambiguous).

        Candidates are the texts holding two of the quote's three rarest word pairs (a pasted
        text has the word pairs of its source; pairs are rare enough to leave a few texts),
        of which those sharing 60 % of their words with the quote are scored with rapidfuzz
        ``partial_ratio`` (≥ ``min_score``). Texts and quotes under :data:`QUOTE_WORDS` words
        are never matched."""
        seq = quote_key.split()
        words = frozenset(seq)
        if len(words) < QUOTE_WORDS:
            return []
        if self._postings is None:
            self._build()
        assert self._postings is not None and self._owners is not None
        post = self._postings
        known = sorted({(len(post[p]), p) for p in zip(seq, seq[1:]) if p in post})
        if not known:
            return []
        seen: dict[int, int] = defaultdict(int)
        for _, p in known[:3]:
            for i in post[p]:
                seen[i] += 1
        need = min(2, len(known))
        cands = [i for i, c in seen.items() if c >= need]
        out: list[TextHit] = []
        for i in cands:
            tw = self.key_words(i)
            if len(tw) < QUOTE_WORDS or len(words & tw) < 0.6 * min(len(words), len(tw)):
                continue
            score = fuzz.partial_ratio(quote_key, self.key(i), score_cutoff=min_score)
            if score >= min_score:
                by_number: dict[RuleNumber, list[int]] = defaultdict(list)
                for n, k in self._owners[i]:
                    by_number[n].append(k)
                out += [
                    TextHit(n, tuple(sorted(ks)), score, len(self.key(i).split()))
                    for n, ks in by_number.items()
                ]
        out.sort(key=lambda h: (-h.score, h.number))
        return [h for h in out if h.score >= out[0].score - NEAR] if out else out

    def _build(self) -> None:
        owners: dict[int, list[tuple[RuleNumber, int]]] = defaultdict(list)
        for n, vs in self.versions.items():
            for k, i in vs.items():
                owners[i].append((n, k))
        post: dict[tuple[str, str], list[int]] = defaultdict(list)
        for i in range(len(self.texts)):
            seq = self.key(i).split()
            for p in set(zip(seq, seq[1:])):
                post[p].append(i)
        self._owners, self._postings = owners, dict(post)


_TITLE_WORD = re.compile(r"[a-z]+")


def title_words(text: str) -> set[str]:
    """The words of a title or text, case folded, a plural ``s`` dropped (``Actions`` fits
    ``action``)."""
    out = set()
    for w in _TITLE_WORD.findall(text.casefold()):
        out.add(w[:-1] if len(w) > 3 and w.endswith("s") else w)
    return out


def _is_heading(text: str) -> bool:
    """A rule text that is a heading: a few words, no full stop (``Gravestorm``)."""
    t = text.strip()
    return 0 < len(t.split()) <= HEADING_WORDS and not t.endswith((".", ":")) and "." not in t
