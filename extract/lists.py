"""Lists inside rule text, as items: the creature types of 205.3m, the artifact types of
205.3g, the steps a rule enumerates.

A list is a run of at least :data:`MIN_ITEMS` short items in one sentence, joined by the
language's separators — English ``,`` with ``and``/``or`` before the last item, Chinese ``、``
with ``及``/``以及``, Russian ``,`` with ``и``; the Japanese translation writes each item in
「」 with nothing between them — (the profile's ``[lists]`` and ``[references] conjunctions``,
:mod:`mtgcr.extract.profiles`). A note in brackets after an item (``Attraction (see rule
717)``, ``景点（参见规则717）``, ``「血／Blood」(rule 717 参照)``) stays out of the item; the words
that introduce the list (``The artifact types are``, ``包括``, ``：``) are not its first item.

Format knowledge: 205.3g–205.3m of the official EN files 2009–2026, the ZH 20220610 …
20260417 and JA 20260116 translations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


__all__ = ["ListItem", "ItemList", "find_lists", "MIN_ITEMS"]

#: Items a run needs to be a list (a sentence with two commas is no list).
MIN_ITEMS = 3
#: Longest item: words (space-separated languages) or characters (the others).
_MAX_WORDS = 3
_MAX_CHARS = 24
_OPEN = "(（[〔【"
_CLOSE = ")）]〕】"


@dataclass(frozen=True)
class ListItem:
    """One item: its text and its span (character offsets) in the rule text."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class ItemList:
    """A list in a rule text: its items and its span (from the first item to the last)."""

    items: tuple[ListItem, ...]

    @property
    def start(self) -> int:
        """Offset of the first item."""
        return self.items[0].start

    @property
    def end(self) -> int:
        """Offset after the last item."""
        return self.items[-1].end

    def texts(self) -> list[str]:
        """The items' texts, in order."""
        return [i.text for i in self.items]

    def as_json(self) -> dict:
        """``{"start", "end", "items": [{"text", "start", "end"}]}``."""
        return {
            "start": self.start,
            "end": self.end,
            "items": [{"text": i.text, "start": i.start, "end": i.end} for i in self.items],
        }


@dataclass(frozen=True)
class _Language:
    separators: tuple[str, ...]
    finals: tuple[str, ...]
    openers: re.Pattern | None
    closers: re.Pattern | None
    spaced: bool
    quoted: bool


@lru_cache(maxsize=32)
def _language(lang: str, version: int) -> _Language:
    from mtgcr.extract import profiles

    prof = profiles.PROFILES.get(lang) or profiles.PROFILES["en"]
    seps = prof.list_separators or ((",",) if prof.script in ("Latin", "Cyrillic") else ("、",))
    spaced = prof.script in ("Latin", "Cyrillic", "Greek")
    openers = re.compile("|".join(prof.list_openers)) if prof.list_openers else None
    closers = re.compile("|".join(prof.list_closers)) if prof.list_closers else None
    return _Language(seps, prof.conjunctions, openers, closers, spaced, prof.list_quoted)


def _segments(text: str, a: int, b: int, seps: tuple[str, ...]) -> list[tuple[int, int]]:
    """``text[a:b]`` split at the separators outside brackets: ``[(start, end)]``.

    Only the places where a bracket or a separator's first character stands are looked at
    (one regular-expression scan), the rest of the text is skipped over."""
    out, depth, start, skip = [], 0, a, a
    for m in _stops(seps).finditer(text, a, b):
        i = m.start()
        if i < skip:  # inside a separator just taken
            continue
        ch = text[i]
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE and depth:
            depth -= 1
        elif depth == 0:
            sep = next((s for s in seps if text.startswith(s, i)), None)
            if sep is not None:
                out.append((start, i))
                skip = start = i + len(sep)
    out.append((start, b))
    return out


@lru_cache(maxsize=32)
def _stops(seps: tuple[str, ...]) -> re.Pattern:
    """The characters :func:`_segments` stops at: brackets and separators' first characters."""
    return re.compile(
        "[" + re.escape("".join(sorted({*_OPEN, *_CLOSE, *(s[0] for s in seps)}))) + "]"
    )


_NOTE = re.compile(r"\s*[(（\[〔][^()（）\[\]〔〕]*[)）\]〕]\s*$")


def _core(text: str, s: int, e: int) -> tuple[int, int]:
    """The item inside ``text[s:e]``: without white space, a note in brackets at its end and
    a final full stop."""
    while s < e and text[s].isspace():
        s += 1
    while e > s and (text[e - 1].isspace() or text[e - 1] in ".。;；"):
        e -= 1
    m = _NOTE.search(text, s, e)
    while m and m.end() == e and m.start() > s:
        e = m.start()
        m = _NOTE.search(text, s, e)
    return s, e


def _short(item: str, lang: _Language) -> bool:
    if not item or any(q in item for q in '“”"') or item.lower().startswith("see "):
        return False  # (a quotation or a reference is no item)
    if lang.spaced:
        return len(item.split()) <= _MAX_WORDS
    return len(item) <= _MAX_CHARS


def _sentences(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in re.finditer(r"(?<=[.!?])\s+(?=[A-ZА-Я\"“])|(?<=[。！？])", text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return [(a, b) for a, b in out if b > a]


def _quoted_lists(text: str) -> list[ItemList]:
    """Runs of 「…」 items with only notes in brackets between them (the JA translation)."""
    out = []
    run: list[ListItem] = []
    last_end = -1
    for m in re.finditer(r"「([^「」]+)」", text):
        between = text[last_end : m.start()] if last_end >= 0 else None
        # (a stray 「 between two items is a typo, JA 20260116 205.3m 「「邪魔者／Pest」)
        if between is not None and not re.fullmatch(
            r"[\s「」]*(?:[(（][^()（）]*[)）])?[\s「」]*", between
        ):
            if len(run) >= MIN_ITEMS:
                out.append(ItemList(tuple(run)))
            run = []
        run.append(ListItem(m.group(1), m.start(1), m.end(1)))
        last_end = m.end()
    if len(run) >= MIN_ITEMS:
        out.append(ItemList(tuple(run)))
    return out


def find_lists(text: str, lang: str = "en") -> list[ItemList]:
    """The lists in one rule text (see the module docstring), in text order.

    Args:
        text: a rule's text.
        lang: its language (the profile whose separators apply; English when unknown).

    Returns:
        One :class:`ItemList` per list; ``[]`` for a text without one. The same text asked
        again (a rule unchanged across releases) is answered from a bounded cache.
    """
    from mtgcr.extract import profiles  # the language profiles: imported when lists are read

    return list(_lists_of(text, lang, profiles.registry_version()))


@lru_cache(maxsize=1 << 15)
def _lists_of(text: str, lang: str, version: int) -> tuple[ItemList, ...]:
    """:func:`find_lists` of one text, for one version of the profile registry."""
    return tuple(_find_lists(text, lang))


def _find_lists(text: str, lang: str = "en") -> list[ItemList]:
    """The lists in one text, computed (:func:`find_lists`)."""
    from mtgcr.extract import profiles

    L = _language(lang, profiles.registry_version())
    if L.quoted:
        found = _quoted_lists(text)
        if found:
            return found
    if not any(s in text for s in L.separators):
        return []
    out = []
    finals = sorted(L.finals, key=len, reverse=True)
    for a, b in _sentences(text):
        segs = _segments(text, a, b, L.separators)
        if len(segs) >= MIN_ITEMS - 1 and L.spaced:
            # "Еда и Машина", "B and C": the last two items joined by the conjunction alone
            s, e = segs[-1]
            for f in finals:
                m = re.search(rf"\S\s+{re.escape(f)}\s", text[s:e])  # (not "and Vehicle")
                if m:
                    segs[-1:] = [(s, s + m.start() + 1), (s + m.start() + 1, e)]
                    break
        if len(segs) < MIN_ITEMS:
            continue
        items: list[ListItem] = []
        for k, (s, e) in enumerate(segs):
            s, e = _core(text, s, e)
            item = text[s:e]
            for f in finals:  # "and Vehicle", "以及载具", "и …"
                cut = f + " " if L.spaced else f
                if item.startswith(cut) and k > 0:
                    s += len(cut)
                    item = text[s:e]
                    break
            if k == 0:  # the words that introduce the list are not its first item
                opener = None
                for m in re.finditer(r"[:：]", item):
                    opener = m
                if L.openers is not None:
                    for m in L.openers.finditer(item):
                        if opener is None or m.end() > opener.end():
                            opener = m
                if opener is not None:
                    s += opener.end()
                    s, e = _core(text, s, e)
                    item = text[s:e]
                elif L.spaced:
                    words = item.split()
                    if len(words) > _MAX_WORDS:
                        s = e - len(words[-1])
                        item = text[s:e]
            if k == len(segs) - 1 and L.closers is not None:  # "沼泽是基本地类别": 沼泽
                m = L.closers.search(item)
                if m and m.start() > 0:
                    e = s + m.start()
                    item = text[s:e]
            if L.spaced and k in (0, len(segs) - 1) and not _short(item, L):
                # "Swamp are the basic land types": the capitalised words next to the others
                words = re.findall(r"\S+", item)
                keep = []
                for w in words if k else reversed(words):
                    if not w[:1].isupper():
                        break
                    keep.append(w)
                if keep:
                    item = " ".join(keep if k else reversed(keep))
                    s = text.index(item, s) if k == 0 else s
                    e = s + len(item)
            if _short(item, L) and (k == 0 or items):
                items.append(ListItem(item, s, e))
            elif items:
                if len(items) >= MIN_ITEMS:
                    out.append(ItemList(tuple(items)))
                items = [ListItem(item, s, e)] if _short(item, L) else []
        if len(items) >= MIN_ITEMS:
            out.append(ItemList(tuple(items)))
    if not L.spaced:
        return out
    # a list's items are mostly names of a word or two ("instead that player mills, then
    # stops" are clauses)
    return [
        _capitalised(x)
        for x in out
        if sorted(len(i.text.split()) for i in x.items)[len(x.items) // 2] <= 2
    ]


def _capitalised(lst: ItemList) -> ItemList:
    """In a list of capitalised names (Forest, Island …): a first item that is the start of
    its sentence (``Of that list``) is none, and the last ends before its first word in
    lower case (``Swamp are the basic land types`` → ``Swamp``)."""
    inner = lst.items[1:-1]
    caps = [all(w[:1].isupper() for w in i.text.split()) for i in inner]
    if not caps or sum(caps) < 0.8 * len(caps):
        return lst
    items = list(lst.items)
    last = items[-1]
    words = last.text.split()
    keep = next((k for k, w in enumerate(words) if not w[:1].isupper()), len(words))
    if 0 < keep < len(words):
        text = " ".join(words[:keep])
        items[-1] = ListItem(text, last.start, last.start + len(text))
    first = items[0]
    if not all(w[:1].isupper() for w in first.text.split()) and len(items) > MIN_ITEMS:
        items = items[1:]
    return ItemList(tuple(items))
