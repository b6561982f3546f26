"""Terminology QA: where a translation renders a glossary concept otherwise than its glossary.

A finding is reported only on positive evidence that the rendering differs, never because the
glossary's term is merely absent (a translation leaves words implicit all the time: 唱える for
"cast a spell", a dropped subject). The kinds (:class:`FindingKind`):

* ``variant`` — the rule writes the term another way: an edit of the term at the same place
  (``共有ライフの総量`` for 共有ライフ総量, ``文字框`` for 文字栏, ``延迟触发异能`` for
  延迟触发式异能, ``ゲーム外`` for ゲームの外部, ``アンタップ、`` for アンタップ状態), or, in
  Japanese, the same reading in other script (``表向き`` for オモテ向き, read with SudachiPy);
* ``rendering`` — a rendering that recurs in the rules that lack the term (``ルール文`` for
  ルール・テキスト in several rules);
* ``other-term`` — another glossary term stands where EN names this concept, one the EN rule
  does not account for, sharing the term's head (``アクティブ・プレイヤー`` for defending player,
  ``誘発条件`` for trigger event, the hypernym ``异能`` for mana ability);
* ``paraphrase`` — the term's parts, spread (``文章を変更するような効果`` for 文章変更効果);
* ``unused`` — the glossary's term is in none of the (at least three) rules whose EN uses the
  EN term (JA ``へや`` for Room: the rules write 部屋);
* ``shared`` — one translated term given for two EN concepts (senses of one headword, and an
  obsolete term and its successor, are no finding);
* ``definition`` — a glossary definition that cites other rules than the EN one (a number the
  EN renumbered, a citation left out), or that uses an obsolete term (JA ``場`` for 戦場);
* ``orthography`` — one term written two ways across the text (``＋1/＋1`` in 60 lines and
  ``+1/+1`` in 35; ``表向き`` and ``オモテ向き``).

What is not a finding (format knowledge from JA 20260116 and ZH 20220610 … 20260417): a
grammatical form of the term (``単独では攻撃``, ``ゲームの勝利``, ``洗该牌库``), a compound with
another term the EN rule names (``衍生生物`` "creature token"), card names (EN Title Case names
``Witness Protection``, JA ``《…》``), the EN word in another sense than the glossary's
(``if``, ``you``, ``option``; ``back face up`` of a double-faced card), JA term inserts
``「手掛かり／Clue」`` (the English in the term), and rules whose translated text belongs to
another number (:func:`mtgcr.crossref.translation.langpair.pair_rulesets` conflicts).

EN terms are found as whole words, case-insensitive, with the inflections the rules use; a use
inside a longer glossary term's use is that term's ("draw" in "draw step").
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Sequence

from rapidfuzz.distance import Levenshtein

from mtgcr.extract.model import Rule, Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.glossary.model import Catalog, Status, TermPair

__all__ = [
    "FindingKind",
    "Finding",
    "CheckReport",
    "check_catalog",
    "check_store",
    "term_forms",
    "fold",
    "UNCHECKED",
]

#: EN headwords not checked: words of running English the rules use without meaning the term.
UNCHECKED = frozenset(
    {
        "you",
        "your",
        "x",
        "y",
        "as though",
        "unless",
        "if",
        "option",
        "options",
        "instead",
        "becomes",
        "deal",
        "play",
        "variant",
        "variants",
    }
)
#: EN words before a glossary term that make it another sense: the face of a double-faced card
#: ("with its back face up") is not the face-up status.
OTHER_SENSE = {
    "face up": re.compile(r"(?:front|back|same)\s*$", re.I),
    "face down": re.compile(r"(?:front|back|same)\s*$", re.I),
}
#: A concept whose term is in none of this many rules using its EN term is ``unused``.
MIN_UNUSED = 3


class FindingKind(str, Enum):
    """What a finding says (see the module docstring)."""

    VARIANT = "variant"
    RENDERING = "rendering"
    OTHER_TERM = "other-term"
    PARAPHRASE = "paraphrase"
    UNUSED = "unused"
    SHARED = "shared"
    DEFINITION = "definition"
    ORTHOGRAPHY = "orthography"


@dataclass(frozen=True)
class Finding:
    """One finding.

    Attributes:
        kind: :class:`FindingKind`.
        concept: the concept id (``en-glossary-shared-life-total``); for ``shared`` and
            ``orthography`` the first concept concerned.
        en: the EN term as found in the EN rule (``shared life total``), or the EN headword.
        term: the glossary's term expected (``共有ライフ総量``).
        found: what the translation writes instead (``共有ライフの総量``), or the evidence.
        rule: the rule number (``None`` for findings about the glossary or the whole text).
        line: the translated rule's (or glossary entry's) line in its document, 0 if none.
        note: one sentence that says it.
        rules: every rule the finding covers (a rendering found in several rules is one
            finding), ``(rule,)`` for a finding about one rule.
    """

    def __post_init__(self) -> None:
        if self.rule is not None and not self.rules:
            object.__setattr__(self, "rules", (self.rule,))

    kind: FindingKind
    concept: str
    en: str
    term: str
    found: str
    rule: RuleNumber | None = None
    line: int = 0
    note: str = ""
    rules: tuple[RuleNumber, ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        """``(rule or "", concept short name)``: how the labelled sample names a finding
        (``("810.4", "shared-life-total")``)."""
        return (str(self.rule) if self.rule else "", self.concept.removeprefix("en-glossary-"))

    def as_json(self) -> dict:
        """JSON-ready dict."""
        return {
            "kind": self.kind.value,
            "rule": str(self.rule) if self.rule else None,
            "section": self.rule.section if self.rule else None,
            "concept": self.concept,
            "en": self.en,
            "term": self.term,
            "found": self.found,
            "line": self.line,
            "note": self.note,
            "rules": [str(n) for n in self.rules],
        }


@dataclass
class CheckReport:
    """Findings of one translation release.

    Attributes:
        lang, release, en_release: what was checked (release names).
        findings: the findings, rule findings in rule order, then the others.
        concepts_checked, rules_checked: how much was looked at.
        notes: what could not be checked and why.
    """

    lang: str
    release: str
    en_release: str
    findings: list[Finding] = field(default_factory=list)
    concepts_checked: int = 0
    rules_checked: int = 0
    notes: list[str] = field(default_factory=list)

    def of_kind(self, kind: FindingKind) -> list[Finding]:
        """The findings of one kind."""
        return [f for f in self.findings if f.kind is kind]

    def per_kind(self) -> dict[str, int]:
        """Findings per kind (every kind, zeros included)."""
        return {k.value: len(self.of_kind(k)) for k in FindingKind}

    def per_section(self) -> dict[int, int]:
        """Rule findings per CR section, by section number."""
        out: dict[int, int] = {}
        for f in self.findings:
            if f.rule is not None:
                out[f.rule.section] = out.get(f.rule.section, 0) + 1
        return dict(sorted(out.items()))

    def as_json(self) -> dict:
        """JSON-ready dict (findings, counts per kind and per section)."""
        return {
            "lang": self.lang,
            "release": self.release,
            "en_release": self.en_release,
            "concepts_checked": self.concepts_checked,
            "rules_checked": self.rules_checked,
            "count": len(self.findings),
            "per_kind": self.per_kind(),
            "per_section": {str(k): v for k, v in self.per_section().items()},
            "notes": self.notes,
            "findings": [f.as_json() for f in self.findings],
        }


# -- text forms ------------------------------------------------------------------------------
_SPACES = re.compile(r"[\s・･]")
_INSERT = re.compile(r"[／/][A-Za-z][A-Za-z0-9 ,.'’\-]*")
_CARD = re.compile(r"《[^》]*》")
_BRACKETS = re.compile(r"[［\[][^］\]]*[］\]]|[～〜~]|[“”]")
_NOTE = re.compile(r"[（(](?:译者注|译注|訳注)[:：][^）)]*[）)]")
_VERB_TAIL = re.compile(r"(?:する|を行う|させる)$")
#: The last kana of a JA verb in dictionary form (``唱える`` is found in ``唱えた``).
_GODAN = re.compile(r"(?<=[\u3040-\u309f\u4e00-\u9fff])[うくぐすつぬぶむる]$")
#: JA particles: an edit of one of them is grammar (``単独では攻撃``), except の (a compound
#: written with の is a variant: ``共有ライフの総量``); ZH 的 likewise.
_PARTICLES = frozenset("のにはをがでとへもや的")
_GENITIVE = frozenset("の的")
_BOUNDARY = frozenset('、，。．,.；;：:）)」』”"') | _PARTICLES


def fold(text: str) -> str:
    """A translated text as terms are looked for in it: NFKC, lower case, without spaces,
    ``・``, 「」『』, JA English inserts (``「手掛かり／Clue」``) and card names (``《…》`` → ``〇``)."""
    t = unicodedata.normalize("NFKC", text)
    t = re.sub(r"[「」『』“”]", "", t)
    t = _INSERT.sub("", t)
    t = _CARD.sub("〇", t)
    return _SPACES.sub("", t).casefold()


def term_forms(term: str) -> tuple[str, ...]:
    """The forms a translated term is looked for in (folded, :func:`fold`).

    >>> term_forms("覇権、覇権された")
    ('覇権', '覇権された')
    >>> term_forms("起動する")
    ('起動する', '起動')
    >>> term_forms("［性質］探索")
    ('探索',)
    """
    out: list[str] = []
    term = _NOTE.sub("", term)
    for part in re.split(r"[、，,／/]", term):
        p = fold(_BRACKETS.sub("", part))
        p = re.sub(r"[（(][^）)]*[）)]$", "", p)
        if not p:
            continue
        out.append(p)
        stem = _VERB_TAIL.sub("", p)
        if stem == p:
            stem = _GODAN.sub("", p)
        if stem and stem != p:
            out.append(stem)
    return tuple(dict.fromkeys(out))


def _script(c: str) -> str:
    if "\u30a0" <= c <= "\u30ff" or c == "ー":
        return "kata"
    if "\u4e00" <= c <= "\u9fff":
        return "han"
    if "\u3040" <= c <= "\u309f":
        return "hira"
    return "other"


def _is_word(c: str) -> bool:
    return _script(c) in ("kata", "han", "hira") or c.isalnum()


# -- EN side ---------------------------------------------------------------------------------
def en_term_pattern(names: Iterable[str]) -> re.Pattern | None:
    """The pattern that finds an EN glossary term in rule text: any of ``names`` (headword and
    aliases; bracketed parts dropped, words joined by spaces or hyphens), with its inflections
    (``-s``, ``-es``, ``-d``, ``-ed``, ``-ing``, possessive), as a whole word, case-folded.
    ``None`` when every name is one the check leaves out (general-sense words). Used by
    ``glossary check`` and by the translation kit's term hints (one matcher)."""
    alts = []
    for n in names:
        n = re.sub(r"\s*\[[^\]]*\]\s*", " ", n).strip()
        if not n or n.casefold() in UNCHECKED:
            continue
        words = [re.escape(w) for w in re.split(r"[\s\-]+", n) if w]
        alts.append(r"[\s\-]+".join(words))
    if not alts:
        return None
    alts.sort(key=len, reverse=True)
    return re.compile(
        r"(?<![\w\-])(?:" + "|".join(alts) + r")(?:s|es|d|ed|ing|'s|’s)?(?![\w\-])", re.I
    )


#: Text in quotation marks: card text the rules quote (its wording follows the cards' own
#: translation, ``クリーチャーやプレインズウォーカーやプレイヤーのうち1つを対象とする`` for "any
#: target"), never checked.
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
#: A term right after "and"/"or": its head may be shared with the term before (JA 軽減・置換効果
#: for "prevention or replacement effect").
_COORDINATED = re.compile(r"\b(?:and|or|and/or)\s+$", re.I)
_COORDINATED_AFTER = re.compile(r"\s*,?\s+(?:and/or|and|or)\s+(?:the\s+|a\s+|an\s+)?[\w\-]+", re.I)
_ELLIPSIS = re.compile(
    r"(?P<firsts>[a-z\-]+(?:,\s*[a-z\-]+)*,?\s+(?:or|and)\s+[a-z\-]+)\s+(?P<head>[a-z]+)", re.I
)
_TITLE_RUN = re.compile(
    r"(?:[A-Z][\w’'\-]*|of|the|and|a|from|to|in|with)(?:\s+(?:[A-Z][\w’'\-]*|of|the|and|a|from|to|in|with))+"
)


def card_name_spans(text: str) -> list[tuple[int, int]]:
    """Where EN text names cards: runs of two or more capitalised words (``Witness
    Protection``, ``Library of Alexandria``) not merely starting a sentence."""
    spans = []
    for m in _TITLE_RUN.finditer(text):
        caps = [w for w in m.group(0).split() if w[0].isupper()]
        if len(caps) < 2:
            continue
        before = text[: m.start()].rstrip()
        if (not before or before[-1] in '.:“"(') and len(caps) < 3:
            continue
        spans.append((m.start(), m.end()))
    return spans


def _segments(rule: Rule) -> list[str]:
    return [rule.text] + [e.text for e in rule.examples]


@dataclass
class _Concept:
    cid: str
    names: tuple[str, ...]
    forms: tuple[str, ...]
    term: str
    reading: str | None
    pattern: re.Pattern
    head: str
    definition_en: str = ""

    def is_a(self, other: "_Concept") -> bool:
        """This concept's EN definition names ``other`` as its genus ("Land Type: A subtype
        …"): a land type is a kind of subtype."""
        body = re.sub(r"^\s*[1-9]\.\s*", "", self.definition_en).casefold()
        return any(
            re.match(rf"(?:an?|the)\s+(?:\w+\s+)?{re.escape(n.casefold())}\b", body)
            for n in other.names
        )


@dataclass
class _Use:
    number: RuleNumber
    en: str
    segment: int
    present: bool
    line: int
    coordinated: bool = False


def _concepts(cat: Catalog) -> list[_Concept]:
    groups: dict[str, list[TermPair]] = {}
    for p in cat.pairs:
        if (
            p.status is Status.OBSOLETE
            or not p.concept
            or (p.status is Status.PROVISIONAL and p.anchor is None)
        ):
            continue  # a provisional name with no EN entry ("Store") is no rules term yet
        groups.setdefault(p.concept, []).append(p)
    out = []
    for cid, pairs in groups.items():
        names = tuple(dict.fromkeys(n for p in pairs for n in p.names))
        pat = en_term_pattern(names)
        forms = tuple(dict.fromkeys(f for p in pairs for f in term_forms(p.term)))
        if pat is None or not forms:
            continue
        first = pairs[0]
        out.append(
            _Concept(
                cid,
                names,
                forms,
                forms[0],
                first.reading,
                pat,
                names[0].casefold(),
                first.definition_en,
            )
        )
    return out


# -- the check -------------------------------------------------------------------------------
_NO_COUNTS: Counter = Counter()  # a segment where no concept is named (never written to)


class _Checker:
    def __init__(self, cat: Catalog, tr: Ruleset, en: Ruleset, conflicts: frozenset) -> None:
        self.cat, self.tr, self.en = cat, tr, en
        self.concepts = _concepts(cat)
        self.by_id = {c.cid: c for c in self.concepts}
        self.by_name = {n.casefold(): c.cid for c in self.concepts for n in c.names}
        self.all_forms = {f for c in self.concepts for f in c.forms if len(f) >= 2}
        # each concept with the first four letters of its head's first word: a rule whose EN
        # text lacks them cannot use the concept (scan's quick test, made once, not per rule)
        self.prefixed = [(c, c.head.split()[0][:4]) for c in self.concepts]
        self.by_first: dict[str, list[str]] = defaultdict(list)
        for f in self.all_forms:
            self.by_first[f[0]].append(f)
        self._mined: dict[str, list[str]] = {}
        self._components: dict[str, list[str]] = {}
        self._ends_in_term: dict[str, bool] = {}
        self._longer: dict[tuple[str, str], list[str]] = {}
        self.zh = cat.lang == "zh"
        self.conflicts = conflicts
        self.uses: dict[str, list[_Use]] = defaultdict(list)
        self.counts: dict[tuple[RuleNumber, int], Counter] = defaultdict(Counter)
        self.folded: dict[RuleNumber, list[str]] = {}
        self.named_in: dict[RuleNumber, set[str]] = defaultdict(set)
        self._readings: dict[RuleNumber, dict[str, str]] | None = None
        self.text = "\n".join(fold(t) for r in tr.rules.values() for t in _segments(r))

    def scan(self) -> None:
        """Every use of every concept's EN term in the EN rules that have a translation."""
        for n, er in self.en.rules.items():
            r = self.tr.rules.get(n)
            if r is None or n in self.conflicts:
                continue
            segs = _segments(er)
            tsegs = [fold(s) for s in _segments(r)]
            self.folded[n] = tsegs
            whole = "".join(tsegs)
            low = "\n".join(segs).casefold()
            candidates = [c for c, prefix in self.prefixed if prefix in low]
            for si, seg in enumerate(segs):
                cards = card_name_spans(seg) + [m.span() for m in _QUOTED.finditer(seg)]
                for cid in self.elliptic(seg):
                    self.counts[(n, si)][cid] += 1
                    self.named_in[n].add(cid)
                found = []
                for c in candidates:
                    for m in c.pattern.finditer(seg):
                        if any(a <= m.start() < b for a, b in cards):
                            continue
                        ctx = OTHER_SENSE.get(c.head)
                        if ctx is not None and ctx.search(seg[: m.start()]):
                            continue
                        found.append((m.start(), m.end(), c, m.group(0)))
                for a, b, c, text in found:
                    if any(x <= a and b <= y and (y - x) > (b - a) for x, y, *_ in found):
                        continue  # "draw" inside "draw step": the longer term is the one used
                    self.counts[(n, si)][c.cid] += 1
                    self.named_in[n].add(c.cid)
                    if any(u.number == n for u in self.uses[c.cid][-1:]):
                        continue
                    present = any(f in whole for f in c.forms)
                    coordinated = bool(
                        _COORDINATED.search(seg[:a]) or _COORDINATED_AFTER.match(seg[b:])
                    )
                    self.uses[c.cid].append(_Use(n, text, si, present, r.line, coordinated))

    def longer_forms(self, f2: str, cid2: str) -> list[str]:
        """The forms of other concepts that contain ``f2`` (a form of ``cid2``), in the order
        of :attr:`all_forms` (made once per form)."""
        key = (f2, cid2)
        got = self._longer.get(key)
        if got is None:
            own = self.by_id[cid2].forms
            got = self._longer[key] = [
                g for g in self.all_forms if f2 in g and g != f2 and g not in own
            ]
        return got

    @staticmethod
    def same_word(other: _Concept, en: str) -> bool:
        """``en`` is a form of one of ``other``'s names: they share their first four letters
        (``tapped`` of Tap, ``phasing`` of Phased In)."""
        low = en.casefold().split()[0]
        return any(
            len(w) >= 3 and low.startswith(w[:4])
            for nm in other.names
            for w in re.split(r"[\s,]+", nm.casefold())
        )

    def verb_after(self, tt: str, f2: str) -> bool:
        """``f2`` is a JA verb here: it ends in する, or one of its occurrences outside longer
        terms is followed by a verb ending (され, し, す, せ)."""
        if f2.endswith("する"):
            return True
        hits = [
            m
            for m in re.finditer(re.escape(f2), tt)
            if not any(
                tt.startswith(g, k)
                and len(g) > len(f2)
                and not (k == m.start() and g.startswith(f2))
                for k in range(max(0, m.start() - 6), m.start() + 1)
                for g in self.by_first.get(tt[k], ())
                if k + len(g) >= m.end()
            )
        ]
        return any(re.match(r"(?:す|さ|し|せ)", tt[m.end() :]) for m in hits)

    def elliptic(self, seg: str) -> set[str]:
        """Concepts an EN segment names in a coordination that shares their last word
        ("an activated or triggered ability" names activated ability)."""
        out = set()
        for m in _ELLIPSIS.finditer(seg):
            for first in re.split(r",\s*|\s+(?:or|and)\s+", m.group("firsts")):
                name = f"{first.strip()} {m.group('head')}".casefold()
                cid = self.by_name.get(name) or self.by_name.get(name.rstrip("s"))
                if cid:
                    out.add(cid)
        return out

    # -- per rule -------------------------------------------------------------------------
    def named(self, n: RuleNumber) -> set[str]:
        """The concepts the EN rule ``n`` names."""
        return self.named_in.get(n, set())

    def seg_text(self, n: RuleNumber, si: int) -> str:
        tsegs = self.folded[n]
        en_segs = _segments(self.en.rules[n])
        if len(tsegs) == len(en_segs) and si < len(tsegs):
            return tsegs[si]
        return "".join(tsegs)

    def starts_term(self, text: str, at: int) -> bool:
        """A glossary form starts at ``text[at]``."""
        return at < len(text) and any(
            text.startswith(g, at) for g in self.by_first.get(text[at], ())
        )

    def ends_in_term(self, f: str) -> bool:
        """``f`` ends with another concept's form (``サブタイプ`` with タイプ)."""
        got = self._ends_in_term.get(f)
        if got is None:
            got = self._ends_in_term[f] = any(
                f.endswith(g) for g in self.all_forms if g != f and len(g) >= 2
            )
        return got

    def near_form(self, f: str, tt: str, explained: Sequence[str]) -> str | None:
        """A window of ``tt`` that writes ``f`` another way, ``"grammar"`` for a grammatical
        form of it, or ``None``."""
        n = len(f)
        if n < 3:
            return None
        maxd = 1 if n <= 5 else 2
        starts = [i for i, c in enumerate(tt) if c == f[0]]
        if n >= 5:  # the head kept, the modifier changed: 直前の情報 for 最後の情報
            for m in re.finditer(re.escape(f[-3:]), tt):
                for length in range(n - 2, n + 3):
                    a = m.end() - length
                    if a >= 0 and a not in starts:
                        starts.append(a)
        best: tuple[int, str] | None = None
        for i in starts:
            for length in range(max(2, n - maxd), n + maxd + 1):
                w = tt[i : i + length]
                if len(w) < max(3, length) or w == f or not all(_is_word(c) for c in w):
                    continue
                d = Levenshtein.distance(f, w)
                lim = maxd
                if n >= 5 and w[:2] == f[:2] and w[-2:] == f[-2:]:
                    lim = n // 2
                elif n >= 5 and w[-3:] == f[-3:] and not self.ends_in_term(f):
                    lim = 2
                if d == 0 or d > lim:
                    continue
                if (_script(w[0]) == "hira") != (_script(f[0]) == "hira") or (
                    _script(w[-1]) == "hira"
                ) != (_script(f[-1]) == "hira"):
                    continue
                prev = tt[i - 1 : i]
                if (prev and _script(prev) == _script(w[0]) == "kata") or w[0] == "ー":
                    continue  # the window starts inside a longer word
                if not self.zh and prev and _script(prev) == _script(w[0]) == "han":
                    continue  # 択ルール in 選択ルール, 生する in 発生する
                if _stem(w) == _stem(f):
                    if best is None or d < best[0]:
                        best = (d, "grammar")
                    continue  # 閉鎖されて for 閉鎖された: the same word, another ending
                ops = Levenshtein.editops(f, w)
                src = [f[o.src_pos] for o in ops if o.tag != "insert" and o.src_pos < n]
                dst = [w[o.dest_pos] for o in ops if o.tag != "delete" and o.dest_pos < len(w)]
                edits = src + dst
                genitive = len(edits) == 1 and edits[0] in _GENITIVE
                if any(c in _PARTICLES and c not in _GENITIVE for c in edits) or (
                    edits and all(_script(c) == "hira" for c in edits) and not genitive
                ):
                    if (best is None or d < best[0]) and _stem(w)[-1:] == _stem(f)[-1:]:
                        best = (d, "grammar")  # the whole term, another grammatical form
                    continue
                if w in self.all_forms:
                    continue  # another concept's term: not a spelling of this one
                nxt = tt[i + length : i + length + 1]
                if (
                    nxt
                    and _script(nxt) == _script(w[-1])
                    and _script(nxt) in (("kata",) if self.zh else ("kata", "han"))
                    and not f.startswith(w)
                    and w[-1] != f[-1]
                ):
                    continue  # 守備カ(ウンター), 種類細(別): the window runs into a longer word
                if self.zh and all(o.tag == "delete" for o in ops) and f.startswith(w):
                    continue  # 拥有(者): Chinese has no word ends to tell a shorter word by
                at = [o.dest_pos for o in ops if o.tag in ("replace", "insert")]
                if any(self.starts_term(tt, i + p) for p in at):
                    continue  # 衍生生物, 衍生永久物: the changed character starts another term
                if all(o.tag == "delete" for o in ops) and f.startswith(w):
                    if nxt and nxt not in _BOUNDARY:
                        continue  # a prefix of a longer word
                if w[-1] != f[-1] and not f.startswith(w) and w[:2] != f[:2]:
                    continue
                if w[0] != f[0] and w[-3:] != f[-3:]:
                    continue
                if w[0] != f[0] and self.ends_in_term(f) and not set(w[:2]) & set(f[: len(f) - 3]):
                    continue  # 持つクリーチャー for 攻撃クリーチャー: another word before the same term
                if any(e in w and e not in f for e in explained):
                    continue  # a compound with a term EN names
                if self.zh and w[-1] != f[-1] and nxt and self.text.count(w[-1] + nxt) >= 3:
                    continue  # 未受阻挡的情(况): a Chinese window runs into a common word
                if best is None or d < best[0]:
                    best = (d, w)
        return best[1] if best else None

    def readings(self) -> dict[RuleNumber, dict[str, str]]:
        """JA only: per translated rule, every run of one to four SudachiPy tokens whose
        reading (katakana) is a concept's (of three kana or more: the only ones looked up) by
        that reading → its text (the first)."""
        if self._readings is None:
            self._readings = {}
            try:
                from sudachipy import dictionary

                tok = dictionary.Dictionary().tokenizer()
            except Exception:  # pragma: no cover - SudachiPy is a dependency
                return self._readings
            wanted = {_kata(c.reading) for c in self.concepts if c.reading and len(c.reading) >= 3}
            # a run whose reading starts no wanted reading cannot become one by growing
            starts = {w[:k] for w in wanted for k in range(1, len(w) + 1)}
            for n, r in self.tr.rules.items():
                got: dict[str, str] = {}
                for seg in _segments(r):
                    toks = [(m.surface(), m.reading_form()) for m in tok.tokenize(seg)]
                    for i in range(len(toks)):
                        read = surf = ""
                        for j in range(i, min(len(toks), i + 4)):
                            read += toks[j][1]
                            if read not in starts:
                                break
                            surf += toks[j][0]
                            if read in wanted:
                                got.setdefault(read, surf)
                self._readings[n] = got
        return self._readings

    def reading_variant(self, c: _Concept, n: RuleNumber) -> str | None:
        """JA only: a word of translated rule ``n`` with the reading of the term (at least
        three kana) but another spelling (``表向き`` for オモテ向き)."""
        if self.cat.lang != "ja" or not c.reading or len(c.reading) < 3:
            return None
        surf = self.readings().get(n, {}).get(_kata(c.reading))
        if surf and re.search(r"[A-Za-z]", surf):
            return None  # "Event" in "Magic Store & Event Locator"
        if (
            surf
            and set(surf) & set(c.term)
            and fold(surf) not in c.forms
            and not any(fold(surf).startswith(f) for f in c.forms)
        ):
            return surf
        return None

    def components(self, f: str) -> list[str]:
        """The parts of a term: other terms inside it (longest first, their own parts when
        long), then runs of one script, Han runs of 3+ in pairs; particles dropped."""
        got = self._components.get(f)
        if got is None:
            got = self._components[f] = self._split(f) or [f]
        return got

    def _split(self, f: str) -> list[str]:
        parts: list[str | tuple[str]] = [f]
        for g in sorted(
            (g for g in self.all_forms if 2 <= len(g) < len(f) and g in f), key=len, reverse=True
        ):
            new: list[str | tuple[str]] = []
            for p in parts:
                if isinstance(p, tuple):
                    new.append(p)
                    continue
                bits = p.split(g)
                for k, b in enumerate(bits):
                    if b:
                        new.append(b)
                    if k < len(bits) - 1:
                        new.append((g,))
            parts = new
        out: list[str] = []
        for p in parts:
            if isinstance(p, tuple):
                sub = self.components(p[0]) if len(p[0]) >= 4 else [p[0]]
                out += sub if len(sub) >= 2 else [p[0]]
                continue
            for run in re.findall(r"[\u4e00-\u9fff]+|[\u30a0-\u30ffー]+|[a-z0-9]+", p):
                if _script(run[0]) == "han" and len(run) >= 3:
                    out += [run[k : k + 2] for k in range(0, len(run) - 1, 2)]
                elif len(run) >= 2:
                    out.append(run)
        return out

    def mined(self, c: _Concept) -> list[str]:
        """Other renderings of a concept: words that start like its term and recur in the
        translated rules that lack it (at least two, a fifth of them)."""
        got = self._mined.get(c.cid)
        if got is None:
            got = self._mined[c.cid] = self._mine(c)
        return got

    def _mine(self, c: _Concept) -> list[str]:
        lacking = ["".join(self.folded[u.number]) for u in self.uses[c.cid] if not u.present]
        having = ["".join(self.folded[u.number]) for u in self.uses[c.cid] if u.present]
        if len(lacking) < 2:
            return []
        cnt: Counter = Counter()
        for f in c.forms:
            comps = self.components(f)
            p = comps[0] if len(comps) >= 2 else f[: max(1, len(f) // 2)]
            if len(p) < 2 or all(_script(ch) == "hira" for ch in p):
                continue
            for t in lacking:
                seen = set()
                for m in re.finditer(re.escape(p), t):
                    rest = t[m.end() :]
                    for length in range(1, max(2, len(f) - len(p)) + 1):
                        x = p + rest[:length]
                        if not all(_is_word(ch) for ch in rest[:length]):
                            break
                        if self.starts_term(rest, 0):
                            break
                        if len(x) < 2 or x == f or x in self.all_forms:
                            continue
                        if any(g.startswith(x) for g in self.by_first.get(x[0], ())):
                            continue  # 反転状(態): the start of another term
                        if any(g.startswith(x) for g in c.forms):
                            continue
                        nxt = rest[length : length + 1]
                        if nxt and _script(nxt) == _script(x[-1]) == "kata":
                            continue
                        if x[-1] in _PARTICLES or not any(
                            _script(ch) in ("han", "kata") for ch in rest[:length]
                        ):
                            continue  # オモテにし, 変種であ: an ending, not another word
                        seen.add(x)
                cnt.update(seen)
        out = [
            x
            for x, k in cnt.items()
            if k >= 2 and k * 5 >= len(lacking) and sum(x in t for t in having) <= k // 2
        ]
        out.sort(key=lambda x: (-cnt[x], -len(x)))
        return out

    @staticmethod
    def spread(comps: list[str], st: str) -> tuple[list[str], int]:
        """The most parts of a term found in order in ``st``, each within 16 characters of
        the one before (tried from every place the first part found occurs)."""
        best: tuple[list[str], int] = ([], 0)
        starts = [m.start() for m in re.finditer(re.escape(comps[0]), st)] or [0]
        for start in starts:
            pos, got, last = start, [], None
            for comp in comps:
                k = st.find(comp, pos)
                if k < 0 or (last is not None and k - last > 16):
                    continue
                got.append(comp)
                pos = last = k + len(comp)
            if len(got) > len(best[0]):
                best = (got, pos)
        return best

    def rule_findings(self, c: _Concept, u: _Use) -> Finding | None:
        n = u.number
        tt = "".join(self.folded[n])
        named = self.named(n)
        explained = [f for cid in named if cid != c.cid for f in self.by_id[cid].forms]

        def finding(kind: FindingKind, found: str, note: str) -> Finding:
            return Finding(kind, c.cid, u.en, c.term, found, n, u.line, note)

        if u.coordinated:  # "prevention or replacement effect": 置換・軽減効果 shares the head
            for f in c.forms:
                comps = self.components(f)
                for k in range(len(tt)):
                    if tt.startswith(comps[0], k):
                        got, pos = self.spread(comps, tt[k : k + len(f) + 6])
                        if len(got) == len(comps):
                            return None
        grammar = False
        predicate = not self.zh and _script(c.term[-1:]) == "hira"  # 終了する, 組である
        for f in c.forms:
            w = self.near_form(f, tt, explained)
            if w == "grammar":
                grammar = True
                break
            if w:
                return finding(FindingKind.VARIANT, w, f"{w} where the glossary gives {f}")
        if grammar:
            return None  # the term, in another grammatical form
        w = self.reading_variant(c, n)
        if w:
            return finding(
                FindingKind.VARIANT, w, f"{w}: the reading of {c.term}, written another way"
            )
        if predicate:
            return None  # a JA verb or predicate: its voice and endings vary with grammar
        segs = sorted({x.segment for x in self.uses[c.cid] if x.number == n} | {u.segment})
        texts = [(si, self.seg_text(n, si)) for si in segs]
        for f in c.forms:
            comps = self.components(f)
            if len(comps) < 2:
                continue
            for _, st in texts:
                for e in sorted(explained, key=len, reverse=True):
                    if e not in f:
                        st = st.replace(e, "〇" * len(e))  # 選択ルール: another term's own part
                got, pos = self.spread(comps, st)
                if len(got) >= 2 and len(got) * 3 >= len(comps) * 2 and comps[-1] in got:
                    span = st[st.find(got[0]) : pos]
                    if any(
                        g in span
                        and g.endswith(comps[-1])
                        and g != f
                        and len(g) > len(comps[-1])
                        and g not in comps
                        for g in self.all_forms
                    ):
                        continue  # 軽減・置換効果: a sibling term shares the head
                    return finding(
                        FindingKind.PARAPHRASE,
                        "…".join(got),
                        f"the parts of {f} without the term ({'…'.join(got)})",
                    )
        for cid2, f2 in ((cid, f) for cid, con in self.by_id.items() for f in con.forms):
            if cid2 == c.cid or len(f2) < 2 or f2 not in tt:
                continue
            extra = 0
            longer = self.longer_forms(f2, cid2)
            for si, st in texts:
                inside = sum(st.count(g) for g in longer)
                named_here = self.counts.get((n, si), _NO_COUNTS).get(cid2, 0)
                extra = max(extra, st.count(f2) - inside - named_here)
            if extra <= 0:
                continue
            other = self.by_id[cid2]
            if other.is_a(c):
                continue  # 土地タイプ (a land type is a subtype) where EN says subtype
            if self.same_word(other, u.en) and (self.zh or self.verb_after(tt, f2)):
                continue  # タップされる (Tap) for "is tapped": the same EN word as a verb
            f = c.forms[0]
            hypernym = (f.endswith(f2) or f.startswith(f2)) and f != f2  # 能力, アンタップ
            mine, theirs = set(self.components(f)), set(self.components(f2))
            if hypernym or (mine & theirs and f2 not in f):
                return finding(
                    FindingKind.OTHER_TERM,
                    f2,
                    f"{f2} ({self.by_id[cid2].names[0]}) where EN says {u.en} ({f})",
                )
        for alt in self.mined(c):
            if alt in tt:
                return finding(
                    FindingKind.RENDERING, alt, f"{alt}, a rendering of {u.en} the rules repeat"
                )
        return None


def _scripts(text: str) -> str:
    return "".join(sorted({_script(ch) for ch in text if _script(ch) != "other"}))


def _other_script(a: str, b: str) -> bool:
    """``a`` and ``b`` are written in different scripts (表向き: Han; オモテ向き: Katakana and
    Han), neither in Latin letters."""
    if re.search(r"[A-Za-z]", a + b):
        return False
    return _scripts(a) != _scripts(b)


def _stem(text: str) -> str:
    """``text`` without its trailing hiragana (a JA word's inflected ending)."""
    return re.sub(r"[\u3040-\u309f]+$", "", text)


def _kata(text: str) -> str:
    """Hiragana → katakana (readings compare in katakana, as SudachiPy gives them)."""
    return "".join(chr(ord(ch) + 0x60) if "\u3041" <= ch <= "\u3096" else ch for ch in text)


def check_catalog(
    cat: Catalog,
    tr: Ruleset,
    en: Ruleset,
    section: int | None = None,
    conflicts: Iterable[RuleNumber] = (),
) -> CheckReport:
    """Check the translated rules ``tr`` against the EN rules ``en`` with the pairs of ``cat``.

    Args:
        cat: the catalog (its pairs give the terms).
        tr, en: the complete translated and EN rulesets of the same release.
        section: report only the rules of that section (concept-level findings are judged on
            every rule; those about the glossary and the whole text are kept).
        conflicts: translated rules whose text belongs to another number (left out).

    Returns:
        A :class:`CheckReport`.
    """
    rep = CheckReport(cat.lang, cat.release_name, en.release.label)
    ck = _Checker(cat, tr, en, frozenset(conflicts))
    ck.scan()
    rep.concepts_checked = len(ck.concepts)
    rep.rules_checked = sum(1 for n in ck.folded if section is None or n.section == section)
    unused: set[str] = set()
    for c in ck.concepts:
        uses = ck.uses.get(c.cid, [])
        predicate = cat.lang == "ja" and _script(c.term[-1:]) == "hira"
        if len(uses) >= MIN_UNUSED and not any(u.present for u in uses) and not predicate:
            unused.add(c.cid)
            rep.findings.append(
                Finding(
                    FindingKind.UNUSED,
                    c.cid,
                    c.names[0],
                    c.term,
                    f"0 of {len(uses)}",
                    note=f"{c.term} is in none of the {len(uses)} rules whose EN uses "
                    f"{c.names[0]!r} (first: {uses[0].number})",
                    rules=tuple(u.number for u in uses),
                )
            )
    per_rule: list[Finding] = []
    for c in ck.concepts:
        if c.cid in unused:
            continue
        for u in ck.uses.get(c.cid, []):
            if u.present or (section is not None and u.number.section != section):
                continue
            f = ck.rule_findings(c, u)
            if f is not None:
                per_rule.append(f)
    per_rule = _gather(per_rule)
    per_rule.sort(key=lambda f: (f.rule.sort_key if f.rule else (), f.concept))
    rep.findings = per_rule + rep.findings
    rep.findings += _shared(cat) + _definitions(cat) + _orthography(cat, tr, ck)
    return rep


#: A rendering found in this many rules is one finding naming them all.
GATHER = 3


def _gather(findings: list[Finding]) -> list[Finding]:
    """One finding per concept, kind and rendering that recurs (``游戏外`` for 游戏之外 in 12
    rules is one finding naming the rules, at the first of them); renderings (mined from the
    rules) always."""
    groups: dict[tuple[str, FindingKind, str], list[Finding]] = {}
    for f in findings:
        groups.setdefault((f.concept, f.kind, f.found), []).append(f)
    out = []
    for (_, kind, found), fs in groups.items():
        if kind is FindingKind.RENDERING and len(fs) < 2:
            continue  # a rendering is one the rules repeat
        if kind is not FindingKind.RENDERING and len(fs) < GATHER:
            out += fs
            continue
        rules = ", ".join(str(f.rule) for f in fs[:12]) + (" …" if len(fs) > 12 else "")
        first = fs[0]
        out.append(
            Finding(
                kind,
                first.concept,
                first.en,
                first.term,
                found,
                first.rule,
                first.line,
                f"{found} where EN says {first.en} and the glossary gives {first.term}, "
                f"in {len(fs)} rule{'s' if len(fs) > 1 else ''} ({rules})",
                tuple(f.rule for f in fs if f.rule is not None),
            )
        )
    return out


def _shared(cat: Catalog) -> list[Finding]:
    """One translated term given for two EN concepts (not senses of one headword, not an
    obsolete term and its successor)."""
    by_term: dict[str, list[TermPair]] = {}
    for p in cat.pairs:
        if (
            p.concept
            and p.provenance
            and p.provenance[0].origin.value
            in (
                "glossary",
                "bilingual-glossary",
            )
        ):
            by_term.setdefault(fold(p.term), []).append(p)
    out = []
    for pairs in by_term.values():
        concepts = list(dict.fromkeys(p.concept for p in pairs if p.concept))
        if len(concepts) < 2:
            continue
        firsts = {c: next(p for p in pairs if p.concept == c) for c in concepts}
        chain = {  # an obsolete term and the one that replaced it: one term, no finding
            c
            for c, p in firsts.items()
            if p.successor and p.successor.partition("-sense-")[0] in firsts
        }
        rest = [c for c in concepts if c not in chain]
        if len(rest) < 2:
            continue
        ens = [firsts[c].names[0] for c in rest]
        where = ", ".join(str(firsts[c].provenance[0]) for c in rest if firsts[c].provenance)
        out.append(
            Finding(
                FindingKind.SHARED,
                rest[0],
                " / ".join(ens),
                pairs[0].term,
                " / ".join(ens),
                line=firsts[rest[0]].provenance[0].line if firsts[rest[0]].provenance else 0,
                note=f"{pairs[0].term} is given for {', '.join(ens)} ({where})",
            )
        )
    return out


def _definitions(cat: Catalog) -> list[Finding]:
    """Glossary definitions that cite other rules than the EN definition, or that use an
    obsolete concept's term for what its successor names."""
    out = []
    seen: set[tuple[str, str]] = set()
    whole: dict[str, set] = {}  # a definition not split into senses: EN's rules of them all
    for p in cat.pairs:
        if p.sense:
            whole.setdefault(f"{p.concept}|{p.definition}", set()).update(p.rules_en)
    for p in cat.pairs:
        if (
            not p.definition
            or not p.provenance
            or p.provenance[0].origin.value
            not in (
                "glossary",
                "bilingual-glossary",
            )
        ):
            continue
        a, b = set(p.rules), set(p.rules_en)
        senses = {
            q.sense for q in cat.pairs if q.concept == p.concept and q.definition == p.definition
        }
        if p.sense and len(senses) > 1:
            b = whole[f"{p.concept}|{p.definition}"]
        k = (p.concept or "", p.definition)
        if a and b and a != b and k not in seen:
            seen.add(k)
            mine = ", ".join(sorted(map(str, a)))
            theirs = ", ".join(sorted(map(str, b)))
            out.append(
                Finding(
                    FindingKind.DEFINITION,
                    p.concept or p.entry_id,
                    p.en,
                    p.term,
                    mine,
                    line=p.provenance[0].line,
                    note=f"the definition of {p.term} cites {mine}; the EN definition cites {theirs}",
                )
            )
    obsolete = [
        (p, fold(p.term))
        for p in cat.pairs
        if p.status is Status.OBSOLETE and p.successor and len(fold(p.term)) >= 1
    ]
    defs: dict[str, TermPair] = {}
    for p in cat.pairs:
        if p.status is not Status.OBSOLETE and p.definition and p.provenance:
            defs.setdefault(p.entry_id, p)
    for old, t in obsolete:
        succ = next((q for q in cat.pairs if q.entry_id == old.successor), None)
        if succ is None or t in fold(succ.term):
            continue
        for p in defs.values():
            d = fold(p.definition)
            if not re.search(rf"\b{re.escape(succ.en)}", p.definition_en, re.I):
                continue  # the EN definition does not name what replaced the old term
            if any(f in d for f in term_forms(succ.term)):
                continue  # the definition uses the successor's term too
            for m in re.finditer(re.escape(t), d):
                before, after = d[m.start() - 1 : m.start()], d[m.end() : m.end() + 1]
                if len(t) == 1 and (_script(before) == "han" or _script(after) == "han"):
                    continue  # 場 in 戦場, 場合: part of another word
                if old.names[0].casefold() in p.definition_en.casefold():
                    continue  # the EN definition names the old term too
                out.append(
                    Finding(
                        FindingKind.DEFINITION,
                        p.concept or p.entry_id,
                        p.en,
                        p.term,
                        old.term,
                        line=p.provenance[0].line,
                        note=f"the definition of {p.term} uses the obsolete {old.term} "
                        f"({old.en}); the term now is {succ.term} ({succ.en})",
                    )
                )
                break
    return out


_FULLWIDTH = re.compile(r"[\uff01-\uff5e]")
#: A signed power/toughness or modifier: +1/+1, ＋X/＋0, -1/-1 (the JA text writes both widths).
_SIGNED = re.compile(r"[+＋\-－][0-9０-９XＸ]+[/／][+＋\-－][0-9０-９XＸ]+")


def _orthography(cat: Catalog, tr: Ruleset, ck: _Checker) -> list[Finding]:
    """Terms written two ways across the translated text: in full-width and half-width
    characters (``＋1/＋1`` and ``+1/+1``), or, in Japanese, in other script with the same
    reading (``表向き`` and ``オモテ向き``)."""
    lines = [r.text for r in tr.rules.values()] + [
        e.text for r in tr.rules.values() for e in r.examples
    ]
    out = []
    # widths: signs and numbers in full width (＋1/＋1) and half width (+1/+1), by shape
    wide: Counter = Counter()
    narrow: Counter = Counter()
    examples: dict[str, Counter] = defaultdict(Counter)
    for text in lines:
        for m in _SIGNED.finditer(text):
            s = m.group(0)
            shape = re.sub(r"[0-9０-９XＸ]+", "N", unicodedata.normalize("NFKC", s))
            (wide if _FULLWIDTH.search(s) else narrow)[shape] += 1
            examples[shape][s] += 1
    for shape in sorted(wide):
        if narrow.get(shape):
            ws = [x for x in examples[shape] if _FULLWIDTH.search(x)]
            ns = [x for x in examples[shape] if not _FULLWIDTH.search(x)]
            out.append(
                Finding(
                    FindingKind.ORTHOGRAPHY,
                    "",
                    shape,
                    ns[0],
                    ws[0],
                    note=f"{shape} written in full width ({', '.join(ws[:3])}) {wide[shape]} "
                    f"times and in half width ({', '.join(ns[:3])}) {narrow[shape]} times",
                )
            )
    if cat.lang == "ja":
        spelled: dict[str, Counter] = defaultdict(Counter)  # reading → spelling → rules
        for got in ck.readings().values():
            for read, surf in got.items():
                spelled[read][surf] += 1
        for c in ck.concepts:
            if not c.reading or len(c.reading) < 3:
                continue
            cnt = spelled.get(_kata(c.reading), Counter())
            mine = sum(k for w, k in cnt.items() if fold(w) in c.forms)
            for w, k in cnt.items():
                fw = fold(w)
                if fw in c.forms or any(fw.startswith(f) or f.startswith(fw) for f in c.forms):
                    continue
                if not _other_script(w, c.term) or not set(w) & set(c.term):
                    continue  # 戦術 / 占術, 真か / 進化: two words that sound alike
                if mine:
                    out.append(
                        Finding(
                            FindingKind.ORTHOGRAPHY,
                            c.cid,
                            c.names[0],
                            c.term,
                            w,
                            note=f"{w} in {k} rules and {c.term} in {mine} rules "
                            f"(the same reading)",
                        )
                    )
    return out


def check_store(store, cat: Catalog, section: int | None = None) -> CheckReport:
    """:func:`check_catalog` with the complete translated and EN rulesets of the catalog's
    release loaded from ``store`` (rules whose translated text belongs to another number, by
    :func:`mtgcr.crossref.translation.langpair.pair_rulesets`, left out).

    Raises:
        GlossaryError: no complete translated or EN release of that label is stored.
    """
    from mtgcr.crossref.translation.langpair import pair_rulesets
    from mtgcr.extract.records import from_record

    from mtgcr.reports.glossary.build import GlossaryError

    label = cat.release.label if cat.release else ""
    tr_info = next((r for r in store.releases(cat.lang) if r.label == label and r.complete), None)
    en_info = next(
        (
            r
            for r in store.releases("en")
            if cat.en_release is not None and r.label == cat.en_release.label and r.complete
        ),
        None,
    )
    if tr_info is None:
        raise GlossaryError(
            f"no complete {cat.lang} release {label} stored to check (ingest "
            f"the translation's rules, not only its glossary)"
        )
    if en_info is None:
        raise GlossaryError(
            f"no complete EN release {label} stored to check {cat.lang} {label} against (ingest it)"
        )
    tr = from_record(store.release_rows(tr_info.id))
    en = from_record(store.release_rows(en_info.id))
    conflicts = [p.number for p in pair_rulesets(tr, en).pairs if p.status == "conflict"]
    return check_catalog(cat, tr, en, section, conflicts)
