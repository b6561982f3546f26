"""Pair a translated ruleset with the English ruleset of the same release, rule by rule.

A translation (ZH, JA, RU …) of release R uses the numbering of the English release R, so the
pairing is by rule number. Every pair is then *verified* by evidence that survives translation:

* **references** — rule numbers cited in the text ("参见规则601.2b" / "See rule 601.2b"),
  found by :func:`mtgcr.extract.references.find_references` in any language (a bare three-digit
  number with no "rule" keyword is a numeral: "exactly 100 cards");
* **numerals** — digits in the translation must occur in the English text as digits or as
  number words ("60张" / "60 cards", "2" / "two"), and digits in the English text must occur in
  the translation (as digits or the profile's number words); a "1" only ever agrees (JA "1枚"
  is English "a");
* **symbols** — ``{T}``, ``{2}{R}``, ``{P}`` are kept as written;
* **Latin words** — card names and terms a translation leaves in English ("Oracle",
  "Mindslaver", JA "変身／transform") must occur in the English text (a word may be the start
  of an English word: "create" / "created"); "rule", "see", "section", URLs and the letter
  "A" do not count, and a single letter English lacks (a variable: JA "N個") is no evidence
  against;
* **examples** — the number of examples under the rule. A quote that gives no examples is
  compared with the English rule text alone (the examples' numerals and names are not
  evidence against it).

Translator's notes (the profile's ``note_re``, ZH ``（译注：…）``, JA ``(日本語版では…)``)
are removed first: they have no English counterpart; so are terms whose digits are no
numerals (the profile's ``non_numeral_re``, JA ``第2面`` "back face").

A pair whose evidence agrees is ``verified``; with no evidence either way it is
``unverified`` (paired by number only). When some evidence disagrees, the neighbouring English
rules are tried: if one of them fits with no disagreement and clearly more agreement (two
more items, or a cited rule number the paired rule lacks), the pair is a ``conflict`` (the text belongs to another number: a typo in the rule number or a shifted
block); otherwise the pair stands and ``differs`` (the translation differs in a detail: a
stale cross-reference, an omitted sentence, an added note). Other English releases given as
``alternatives`` are tried too: a rule (or the whole text) that fits another release better is
a stale translation or a mislabeled quote. The result also lists translated rules with
no English counterpart and English rules absent from the translation (for a partial
translation or a quote, "not quoted" — the EN rules of the quoted sections it leaves out —
rather than "missing"). A translated rule with no EN rule of its number whose evidence fits a
sibling EN rule shows where the translation's numbering runs ahead (it keeps a rule English
removed): that sibling's own pair is then a conflict.

Generic over languages: nothing here depends on the translation's language beyond the
profile's ``note_re``. Used for ZH (19 community releases), RU (judge translation) and JA
(the official 20260116 translation and partial wiki quotes).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Literal, Sequence

from mtgcr.extract.model import Release, Ruleset, WarningKind
from mtgcr.extract.profiles import PROFILES
from mtgcr.extract.references import find_references
from mtgcr.extract.rulenum import RuleNumber, letters_index

__all__ = [
    "Evidence",
    "evidence",
    "RulePair",
    "TextOwner",
    "PairStatus",
    "LangPairing",
    "pair_rulesets",
    "ReleaseFit",
    "release_fit",
    "compare_evidence",
    "evidence_items",
    "english_counterpart",
    "english_release",
    "pair_rule",
    "pair_section_rule",
    "paired_default",
    "EvidenceCache",
]

_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
_NUMBER_WORDS.update(
    {
        "thirty": "30",
        "forty": "40",
        "fifty": "50",
        "sixty": "60",
        "seventy": "70",
        "eighty": "80",
        "ninety": "90",
        "hundred": "100",
        "thousand": "1000",
        "once": "1",
        "twice": "2",
        "single": "1",
        "first": "1",
        "second": "2",
        "third": "3",
        "fourth": "4",
        "fifth": "5",
        "half": "2",
        "double": "2",
        "triple": "3",
        "both": "2",
    }
)
_SYMBOL = re.compile(r"\{[^{}\s]{1,6}\}")
_DIGITS = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d])")
_LATIN = re.compile(r"[A-Za-z][A-Za-z'’\-]*(?:[ .&][A-Za-z][A-Za-z'’\-]*)*")
_EN_WORD = re.compile(r"[a-z]+")
_URLISH = re.compile(
    r"(?:https?://)?[A-Za-z0-9.-]+\.(?:com|org|net|info|jp|ru|cn)(?![A-Za-z0-9])"
    r"[A-Za-z0-9/._-]*",
    re.I,
)
#: Words that introduce references or examples ("rule 8〔…〕参照" in JA, "See rule …"): they say
#: nothing about which rule a text translates.
_KEYWORDS = frozenset({"rule", "rules", "see", "section", "sections", "cr", "example", "examples"})


_MARKS = str.maketrans({"™": " ", "®": " ", "©": " "})
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def _nfkc(text: str) -> str:
    """NFKC after dropping trademark signs (NFKC would turn ™ into the word "TM")."""
    return unicodedata.normalize("NFKC", text.translate(_MARKS))


@dataclass(frozen=True)
class Evidence:
    """Language-independent features of one rule's text (text and examples).

    Attributes:
        refs: cited rule numbers (canonical strings, e.g. ``"601.2b"``) with counts.
        numerals: digit numerals outside references and symbols (``"60"``, ``"2"``).
        symbols: mana and other symbols as written (``"{T}"``, ``"{R}"``), upper case.
        latin: Latin-script words and phrases (casefolded), for a translation; empty for EN.
        number_words: for English text, numerals written as words ("two" → ``"2"``).
        words: for English text, every Latin word (casefolded), to look translation words up.
        examples: number of examples (``None``: unknown — a quote that gives no examples).
    """

    refs: Counter
    numerals: Counter
    symbols: Counter
    latin: tuple[str, ...] = ()
    number_words: frozenset = frozenset()
    words: str = ""
    examples: int | None = 0

    @property
    def empty(self) -> bool:
        """True if there is nothing to compare (no refs, numerals, symbols or Latin words)."""
        return not (self.refs or self.numerals or self.symbols or self.latin)


def evidence(
    text: str,
    english: bool,
    note_re: re.Pattern | None = None,
    examples: int | None = 0,
    numeral_words: Iterable[tuple[str, str]] = (),
    non_numerals: re.Pattern | None = None,
    latin_words: bool = True,
) -> Evidence:
    """Extract :class:`Evidence` from a rule's text.

    Args:
        text: the rule text (and its examples, joined), in any language; full-width digits and
            letters are normalised (NFKC) for matching.
        english: the text is the English original (Latin words are then the lookup space,
            not evidence to find elsewhere).
        note_re: translator's notes to drop before extracting (translations only).
        examples: the rule's number of examples (``None`` if unknown).
        numeral_words: the translation's number words (profile data, ZH ``两`` → ``"2"``);
            those found in the text are kept in :attr:`Evidence.number_words`.
        non_numerals: the translation's terms whose digits are no numerals (profile data, JA
            ``第2面`` "back face"); dropped before numerals are read.
        latin_words: keep the translation's Latin-script words as evidence (card names and
            terms left in English, in a text of another script); ``False`` for a translation
            written in the Latin script itself (its profile's ``[detect] script``), where
            every word is Latin and none is evidence.
    """
    if note_re is not None:
        text = note_re.sub(" ", text)
    if non_numerals is not None:
        text = non_numerals.sub(" ", text)
    text = _THOUSANDS.sub("", _nfkc(text))
    refs: Counter = Counter()
    spans = []
    for ref in find_references(text, require_keyword=False):
        if not ref.keyword and ref.last is None and ref.first.kind == "section":
            continue  # a bare "100" is a numeral ("exactly 100 cards"), not section 100
        for n in ref.numbers:
            refs[str(n)] += 1
        spans.append((ref.start, ref.end))
    masked = list(text)
    for a, b in spans:
        masked[a:b] = " " * (b - a)
    rest = "".join(masked)
    symbols = Counter(s.upper() for s in _SYMBOL.findall(rest))
    rest = _SYMBOL.sub(" ", rest)
    rest = _URLISH.sub(" ", rest)
    numerals = Counter(_DIGITS.findall(rest))
    if english:
        low = rest.casefold()
        words = _EN_WORD.findall(low)
        nwords = frozenset(_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS)
        return Evidence(refs, numerals, symbols, (), nwords, " " + " ".join(words) + " ", examples)
    latin = (
        tuple(
            w
            for w in (m.group(0).casefold().rstrip(".") for m in _LATIN.finditer(rest))
            if w not in _KEYWORDS
        )
        if latin_words
        else ()
    )
    nwords = frozenset(d for w, d in numeral_words if w in rest)
    return Evidence(refs, numerals, symbols, latin, nwords, "", examples)


def compare_evidence(tr: Evidence, en: Evidence) -> tuple[int, int, list[str]]:
    """Compare a translation's evidence with an English rule's.

    Returns:
        ``(agree, disagree, details)``: counts of evidence items that agree and disagree, and
        one short line per disagreement ("reference 601.2b not in EN", "numeral 3 not in EN" …).
    """
    agreeing, details = evidence_items(tr, en)
    return len(agreeing), len(details), details


def evidence_items(tr: Evidence, en: Evidence) -> tuple[list[str], list[str]]:
    """The evidence items of a translation and an English rule, spelled out.

    Returns:
        ``(agreeing, disagreeing)``: one short line per item — agreeing ones name what both
        sides have (``"cites 601.2b"``, ``"numeral 3"``, ``"symbol {T}"``, ``"word 'mindslaver'"``,
        ``"2 examples"``), disagreeing ones what one side lacks (as in :func:`compare_evidence`).
    """
    agreeing: list[str] = []
    details: list[str] = []
    tr_nums, en_nums = set(tr.numerals), set(en.numerals)
    for n in sorted(set(tr.refs) | set(en.refs), key=lambda x: RuleNumber.parse(x).sort_key):
        if n in tr.refs and n in en.refs:
            agreeing.append(f"cites {n}")
        elif (n in tr.refs and n in en_nums) or (n in en.refs and n in tr_nums):
            agreeing.append(f"cites {n}")  # "see rule 704" on one side, a bare "704" on the other
            tr_nums.discard(n)
            en_nums.discard(n)
        elif n in tr.refs:
            details.append(f"cites {n}, EN does not")
        else:
            details.append(f"EN cites {n}, translation does not")
    # A translation may write a symbol in its own words ({横置} for {T}): such symbols are
    # neither evidence for nor against, and excuse as many missing English symbols.
    translated = sum(1 for s in tr.symbols if not s.isascii())
    for s in sorted(set(tr.symbols) | set(en.symbols)):
        if not s.isascii():
            continue
        if s in tr.symbols and s in en.symbols:
            agreeing.append(f"symbol {s}")
        elif s in tr.symbols:
            details.append(f"symbol {s} not in EN")
        elif translated:
            translated -= 1
        else:
            details.append(f"EN symbol {s} not in translation")
    en_all = set(en.numerals) | en.number_words
    for n in sorted(tr_nums):
        if n in en_all:
            agreeing.append(f"numeral {n}")
        elif n == "1":
            continue  # "1人", "1枚" where English says "a": neither for nor against
        else:
            details.append(f"numeral {n} not in EN")
    for n in sorted(en_nums):
        if n not in tr.numerals and n not in tr.number_words:
            details.append(f"EN numeral {n} not in translation")
    for w in dict.fromkeys(tr.latin):
        words = _EN_WORD.findall(w)
        if not words or w == "a":
            continue  # "A" (player A) would always find the English article
        if " " + " ".join(words) + " " in en.words or all(
            len(x) >= 4 and " " + x in en.words for x in words
        ):
            agreeing.append(
                f"word {w!r}"
            )  # the phrase, or each word as the start of an English word
        elif len(w) == 1:
            continue  # a variable English writes otherwise (JA "N個"): neither for nor against
        else:
            details.append(f"word {w!r} not in EN")
    if tr.examples is None:
        pass
    elif tr.examples == en.examples and en.examples:
        agreeing.append(f"{en.examples} example{'s' if en.examples > 1 else ''}")
    elif tr.examples != en.examples:
        details.append(f"{tr.examples} examples, EN has {en.examples}")
    return agreeing, details


#: The status of a rule pair (see :class:`RulePair`); the JSON value is the string itself.
PairStatus = Literal["verified", "unverified", "differs", "conflict"]


@dataclass(frozen=True)
class TextOwner:
    """Whose text a translated (or quoted) rule is when it is not its own number's in the
    release it is paired with.

    Attributes:
        number: the EN rule whose text it is.
        release: the EN release that has that rule so.
        via: how it was found: ``"number"`` (another rule of the paired release fits),
            ``"release"`` (the same number in another release fits), ``"lineage"`` (the
            translation keeps a rule the EN lineage removed or renumbered since: its
            numbering is that of an older release).
        fate: for ``"lineage"``, what became of the rule in ``then``: ``"removed"``,
            ``"renumbered"`` …, else ``None``.
        then: the release where that happened (the one after :attr:`release`).
    """

    number: RuleNumber
    release: Release
    via: str
    fate: str | None = None
    then: Release | None = None

    def sentence(self) -> str:
        """``"the text of EN 805.10f of 2024-07-30 (removed in 2024-11-08)"`` (the owner's
        language: a quote compared with its own language's releases names a JA rule)."""
        out = f"the text of {self.release.lang.upper()} {self.number} of {self.release.name}"
        if self.fate and self.then is not None:
            out += f" ({self.fate} in {self.then.name})"
        return out

    def as_json(self) -> dict:
        """``{"number", "release" (label), "release_name", "via", "fate", "then"}``."""
        return {
            "number": str(self.number),
            "release": self.release.label,
            "release_name": self.release.name,
            "via": self.via,
            "fate": self.fate,
            "then": self.then.label if self.then is not None else None,
        }


@dataclass
class RulePair:
    """One translated rule and the English rule of the same number.

    Attributes:
        number: the rule number (the same on both sides).
        status: ``"verified"`` (evidence agrees), ``"unverified"`` (no evidence either way),
            ``"differs"`` (some evidence disagrees; the pair stands) or ``"conflict"`` (a
            neighbouring EN rule fits better: the pair is wrong).
        agree, disagree: counts of evidence items.
        details: one line per disagreement.
        better_number: for a conflict, the neighbouring EN rule whose evidence fits the
            translation with no disagreement (a translation typo in the number, or a shifted
            block), else ``None``.
        better_release: the label of another EN release whose rule of this number fits with no
            disagreement while this release's does not (a stale translation), else ``None``.
        evidence: one line per agreeing evidence item (``"cites 202.3b"``, ``"numeral 0"``).
        taken_by: for a conflict, the translated rule of another number (with no EN rule of
            its own) whose evidence fits this EN rule: the translation's numbering runs ahead
            here (it keeps a rule English removed), else ``None``.
        owner: whose text the translated rule is, when not this number's in this release
            (:class:`TextOwner`: another rule, the same number in another release, or —
            with the lineage, :func:`mtgcr.crossref.translation.pairing.attach_owners` — a
            rule English removed since), else ``None``.
    """

    number: RuleNumber
    status: PairStatus
    agree: int
    disagree: int
    details: list[str] = field(default_factory=list)
    better_number: RuleNumber | None = None
    better_release: str | None = None
    evidence: list[str] = field(default_factory=list)
    taken_by: RuleNumber | None = None
    owner: TextOwner | None = None

    def as_json(self) -> dict:
        """JSON-ready dict of the pair."""
        return {
            "number": str(self.number),
            "status": self.status,
            "agree": self.agree,
            "disagree": self.disagree,
            "details": self.details,
            "evidence": self.evidence,
            "better_number": str(self.better_number) if self.better_number else None,
            "better_release": self.better_release,
            "taken_by": str(self.taken_by) if self.taken_by else None,
            "owner": self.owner.as_json() if self.owner is not None else None,
        }

    def summary(self) -> str:
        """One line a person reads: the status, the disagreements, whose text it is."""
        out = f"{self.status} ({self.agree} agree, {self.disagree} disagree)"
        if self.details:
            out += " — " + "; ".join(self.details)
        if self.owner is not None:
            out += f"; {self.owner.sentence()}"
        return out


@dataclass
class ReleaseFit:
    """How well a translation's evidence fits one English release.

    ``score`` is agreeing minus disagreeing evidence items over the translated rules that
    have a rule of the same number in that release; ``present`` counts those rules.
    """

    label: str
    effective_date: str | None
    score: int
    agree: int
    disagree: int
    present: int


@dataclass
class LangPairing:
    """The pairing of a translation with an English ruleset.

    Attributes:
        translation, english: the two releases.
        complete: the translation is a complete text (else a quote or one page).
        pairs: one :class:`RulePair` per rule number present on both sides, in EN order.
        only_translation: translated rules with no EN rule of that number.
        only_english: EN rules absent from the translation ("missing" for a complete
            translation, "not quoted" for a partial one).
        sections_only_translation / sections_only_english: section numbers on one side only.
        fits: :class:`ReleaseFit` of the paired release and of every alternative given,
            best first.
        duplicates: parent rule number → (duplicated number, line) for numbers the translation
            prints twice (from its parse warnings): where a sibling's number was mistyped.
        stale: ``(number, line)`` of each second text of a number the translation prints
            (kept apart by the parser, :attr:`mtgcr.extract.model.Ruleset.stale`): never
            paired, never joined to the first text.
        misread: rule number → (number as printed, line) for misprinted numbers the parser
            read as the number their position demands (from its parse warnings): these pairs
            exist only thanks to that reading.
        not_quoted: for a partial translation, the EN rules of the sections it quotes that it
            leaves out (a quote that skips a rule; empty for a complete translation).
        counterparts: translated rule with no EN rule of its number → the neighbouring EN rule
            whose evidence fits it (with the agreeing items): where the translation's numbering
            runs ahead of English.
        elsewhere: translated rule with no EN rule of its number → the label of another EN
            release (of ``alternatives``) whose rule of that number fits it (a stale translation).
    """

    translation: Release
    english: Release
    complete: bool
    pairs: list[RulePair] = field(default_factory=list)
    only_translation: list[RuleNumber] = field(default_factory=list)
    only_english: list[RuleNumber] = field(default_factory=list)
    sections_only_translation: list[RuleNumber] = field(default_factory=list)
    sections_only_english: list[RuleNumber] = field(default_factory=list)
    fits: list[ReleaseFit] = field(default_factory=list)
    duplicates: dict[RuleNumber, tuple[str, int]] = field(default_factory=dict)
    misread: dict[RuleNumber, tuple[str, int]] = field(default_factory=dict)
    stale: list[tuple[RuleNumber, int]] = field(default_factory=list)
    not_quoted: list[RuleNumber] = field(default_factory=list)
    counterparts: dict[RuleNumber, tuple[RuleNumber, list[str]]] = field(default_factory=dict)
    elsewhere: dict[RuleNumber, str] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Rule numbers on either side (for a partial translation: the translated ones)."""
        if self.complete:
            return len(self.pairs) + len(self.only_translation) + len(self.only_english)
        return len(self.pairs) + len(self.only_translation)

    @property
    def paired(self) -> list[RulePair]:
        """Pairs that stand (verified, unverified, differs): every status but conflict."""
        return [p for p in self.pairs if p.status != "conflict"]

    @property
    def rate(self) -> float:
        """Share of rule numbers that pair and are not contradicted, 0.0–1.0."""
        return len(self.paired) / self.total if self.total else 1.0

    def counts(self) -> dict[str, int]:
        """Pairs by status plus ``only_translation`` / ``only_english`` counts."""
        c = Counter(p.status for p in self.pairs)
        out = {k: c.get(k, 0) for k in ("verified", "unverified", "differs", "conflict")}
        out["only_translation"] = len(self.only_translation)
        out["only_english"] = len(self.only_english)
        if not self.complete:
            out["not_quoted"] = len(self.not_quoted)
        return out

    def exceptions(self) -> list[tuple[str, str]]:
        """Every rule number that does not pair, as ``(number, reason)``, in number order.

        Reasons: ``"a second text at line L, kept apart as a stale duplicate"``; ``"no EN
        rule of this number"`` (with the EN rule its evidence fits, and
        another release that has it, when known); ``"missing in translation"`` (complete
        translations only; with ``"(number printed as X, line L)"`` when the translation has a
        duplicated sibling number there); for conflicts the disagreements and the EN rule that
        fits better (or the translated rule that fits this EN rule).
        """
        out: list[tuple[RuleNumber, str]] = []
        for n in self.only_translation:
            why = "no EN rule of this number"
            if n in self.counterparts:
                m, items = self.counterparts[n]
                why += f"; its text is EN {m}'s ({', '.join(items)})"
            if n in self.elsewhere:
                why += f"; EN {self.elsewhere[n]} has a {n} that fits it"
            out.append((n, why))
        if self.complete:
            for n in self.only_english:
                why = "missing in translation"
                dup = self.duplicates.get(n.parent) if n.parent else None
                if dup:
                    why += f" (its number printed as {dup[0]}, line {dup[1]})"
                out.append((n, why))
        for n, line in self.stale:
            out.append(
                (n, f"a second text at line {line}, kept apart as a stale duplicate (not paired)")
            )
        for p in self.pairs:
            if p.status == "conflict" and p.taken_by is not None:
                stale = (
                    f"; {p.owner.sentence()}"
                    if p.owner is not None and p.owner.via == "lineage"
                    else ""
                )
                out.append(
                    (
                        p.number,
                        f"conflict: {'; '.join(p.details)}; the translation's "
                        f"{p.taken_by} fits EN {p.number} better{stale}",
                    )
                )
            elif p.status == "conflict":
                out.append(
                    (
                        p.number,
                        f"conflict: {'; '.join(p.details)}; fits EN {p.better_number} better",
                    )
                )
        return [(str(n), why) for n, why in sorted(out, key=lambda x: x[0])]

    def repairs(self) -> list[tuple[str, str]]:
        """Pairs that exist because the parser read a misprinted number, as ``(number,
        "printed as X, line L")``, in number order."""
        return [
            (str(n), f"printed as {printed}, line {line}")
            for n, (printed, line) in sorted(self.misread.items())
            if n in self._paired_numbers()
        ]

    def _paired_numbers(self) -> set[RuleNumber]:
        return {p.number for p in self.pairs}

    def differences(self) -> list[tuple[str, str]]:
        """Pairs that stand but whose evidence differs, as ``(number, details)``: stale
        references, omissions, additions (with the release that fits better, if any)."""
        out = []
        for p in self.pairs:
            if p.status == "differs":
                why = "; ".join(p.details)
                if p.owner is not None:  # not a small difference: another release's text
                    why += f"; {p.owner.sentence()}"
                out.append((str(p.number), why))
        return out

    @property
    def better_release(self) -> ReleaseFit | None:
        """Another release whose evidence fits the whole translation better, else ``None``."""
        if not self.fits:
            return None
        own = next((f for f in self.fits if f.label == self.english.label), None)
        best = self.fits[0]
        if own is None or best.label == own.label or best.score <= own.score:
            return None
        return best

    def as_json(self) -> dict:
        """JSON-ready summary: releases, counts, rate, exceptions, fits."""
        rel = lambda r: {
            "lang": r.lang,
            "label": r.label,
            "effective_date": r.effective_date.isoformat() if r.effective_date else None,
        }
        return {
            "translation": rel(self.translation),
            "english": rel(self.english),
            "complete": self.complete,
            "counts": self.counts(),
            "rate": round(self.rate, 5),
            "exceptions": [{"number": n, "reason": r} for n, r in self.exceptions()],
            "differences": [{"number": n, "details": r} for n, r in self.differences()],
            "repairs": [{"number": n, "reason": r} for n, r in self.repairs()],
            "not_quoted": [str(n) for n in self.not_quoted],
            "sections_only_translation": [str(n) for n in self.sections_only_translation],
            "sections_only_english": [str(n) for n in self.sections_only_english],
            "fits": [f.__dict__ for f in self.fits],
        }


class EvidenceCache:
    """Evidence per (ruleset, rule number), computed once; English evidence once per distinct
    text (a rule's text is the same in most releases: the 112 EN releases hold 225,000 rules
    and 12,000 distinct texts), and the counts of a comparison once per pair of evidences."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, RuleNumber, bool], Evidence] = {}
        self._english: dict[tuple[str, int], Evidence] = {}
        self._counts: dict[tuple[int, int], tuple[int, int]] = {}
        self._rules: dict[tuple[int, bool], Evidence] = {}  # (id of an EN Rule, examples)
        self._translated: dict[int, list[tuple[RuleNumber, Evidence]]] = {}

    def get(self, rs: Ruleset, number: RuleNumber, examples: bool = True) -> Evidence | None:
        """The evidence of rule ``number`` of ``rs`` (``None`` if absent); ``examples=False``:
        of the rule text alone (EN only — what a quote that leaves the examples out is
        compared with)."""
        key = (id(rs), number, examples)
        ev = self._cache.get(key)
        if ev is None:
            rule = rs.rules.get(number)
            if rule is None:
                return None
            if rs.release.lang == "en":
                text = rule.text_with_examples() if examples else rule.text
                ekey = (text, len(rule.examples))
                ev = self._english.get(ekey)
                if ev is None:
                    ev = self._english[ekey] = evidence(text, True, None, len(rule.examples))
            else:
                prof = PROFILES.get(rs.release.lang)
                # a quote often leaves the examples out: none quoted says nothing
                n_ex = len(rule.examples) if rs.complete or rule.examples else None
                ev = evidence(
                    rule.text_with_examples(),
                    False,
                    prof.note_re if prof else None,
                    n_ex,
                    prof.numeral_words if prof else (),
                    getattr(prof, "non_numeral_re", None),
                    latin_words=prof is None or prof.script != "Latin",
                )
            self._cache[key] = ev
        return ev

    def translated(self, rs: Ruleset) -> list[tuple[RuleNumber, Evidence]]:
        """``(number, evidence)`` of every rule of ``rs``, in order (made once per ruleset)."""
        got = self._translated.get(id(rs))
        if got is None:
            got = self._translated[id(rs)] = [(n, self.of(rs, n)) for n in rs.rules]
        return got

    def english_rule(self, rs: Ruleset, number: RuleNumber, examples: bool) -> Evidence | None:
        """:meth:`get` of an English ruleset, looked up by the rule object (its evidence is
        its text's, computed once per distinct text); other languages go through :meth:`get`."""
        if rs.release.lang != "en":
            return self.get(rs, number, examples)
        rule = rs.rules.get(number)
        if rule is None:
            return None
        key = (id(rule), examples)
        ev = self._rules.get(key)
        if ev is None:
            text = rule.text_with_examples() if examples else rule.text
            ekey = (text, len(rule.examples))
            ev = self._english.get(ekey)
            if ev is None:
                ev = self._english[ekey] = evidence(text, True, None, len(rule.examples))
            self._rules[key] = ev
        return ev

    def counts(self, tr_ev: Evidence, en_ev: Evidence) -> tuple[int, int]:
        """``(agree, disagree)`` of :func:`compare_evidence`, once per pair of evidences
        (both are kept by this cache, so their ids stay theirs)."""
        key = (id(tr_ev), id(en_ev))
        hit = self._counts.get(key)
        if hit is None:
            a, d, _ = compare_evidence(tr_ev, en_ev)
            hit = self._counts[key] = (a, d)
        return hit

    def of(self, rs: Ruleset, number: RuleNumber, examples: bool = True) -> Evidence:
        """Like :meth:`get` for a rule ``rs`` has. Raises ``KeyError`` when it lacks it."""
        ev = self.get(rs, number, examples)
        if ev is None:
            raise KeyError(f"{rs.source}: no rule {number}")
        return ev

    def english(self, tr_ev: Evidence, english: Ruleset, number: RuleNumber) -> Evidence | None:
        """The evidence of EN rule ``number`` to compare ``tr_ev`` with: of the rule text
        alone when the translation gives no examples (a quote), else of text and examples."""
        return self.get(english, number, examples=tr_ev.examples is not None)

    def english_of(self, tr_ev: Evidence, english: Ruleset, number: RuleNumber) -> Evidence:
        """Like :meth:`english` for a rule ``english`` has; ``KeyError`` when it lacks it."""
        return self.of(english, number, examples=tr_ev.examples is not None)


def release_fit(
    translation: Ruleset, english: Ruleset, _cache: EvidenceCache | None = None
) -> ReleaseFit:
    """How well ``translation``'s evidence fits ``english`` (rules compared by number)."""
    cache = _cache or EvidenceCache()
    agree = disagree = present = 0
    for n, tr_ev in cache.translated(translation):
        en = cache.english_rule(english, n, tr_ev.examples is not None)
        if en is None:
            continue
        present += 1
        a, d = cache.counts(tr_ev, en)
        agree += a
        disagree += d
    eff = english.release.effective_date
    return ReleaseFit(
        english.release.label,
        eff.isoformat() if eff else None,
        agree - disagree,
        agree,
        disagree,
        present,
    )


def _neighbours(english: Ruleset, number: RuleNumber, reach: int = 3) -> list[RuleNumber]:
    keys = list(english.rules)
    try:
        i = keys.index(number)
    except ValueError:
        return []
    return [k for k in keys[max(0, i - reach) : i + reach + 1] if k != number]


def _better_neighbour(
    tr_ev: Evidence, english: Ruleset, number: RuleNumber, agree: int, cache: EvidenceCache
) -> RuleNumber | None:
    """A neighbouring EN rule that fits with no disagreement and at least two more agreeing
    items, or that shares a cited rule number the paired rule lacks (a single numeral is too
    weak to move a pair)."""
    en_ev = cache.english_of(tr_ev, english, number)
    for m in _neighbours(english, number):
        other = cache.english_of(tr_ev, english, m)
        a2, d2, _ = compare_evidence(tr_ev, other)
        if d2:
            continue
        shared_ref = any(r in other.refs and r not in en_ev.refs for r in tr_ev.refs)
        if a2 >= agree + 2 or (shared_ref and a2 > agree):
            return m
    return None


def pair_rulesets(
    translation: Ruleset, english: Ruleset, alternatives: Iterable[Ruleset] = ()
) -> LangPairing:
    """Pair a translated ruleset with an English ruleset by rule number and verify each pair.

    Args:
        translation: the translated ruleset (complete or partial; any language).
        english: the English ruleset of the release the translation claims (normally the
            same label; the caller chooses).
        alternatives: other English rulesets to test the translation against (neighbouring
            releases); they fill :attr:`LangPairing.fits` and :attr:`RulePair.better_release`.

    Returns:
        A :class:`LangPairing`. Nothing is raised for mismatching inputs: a translation of
        another numbering simply pairs badly, and the report says so.
    """
    cache = EvidenceCache()
    alts: Sequence[Ruleset] = [a for a in alternatives if a is not english]
    out = LangPairing(translation.release, english.release, translation.complete)
    tr_nums, en_nums = set(translation.rules), set(english.rules)
    out.only_translation = sorted(tr_nums - en_nums)
    out.only_english = sorted(en_nums - tr_nums)
    out.sections_only_translation = sorted(set(translation.sections) - set(english.sections))
    out.sections_only_english = sorted(set(english.sections) - set(translation.sections))
    for w in translation.warnings:
        num = w.number
        if num is None:
            continue
        if w.kind is WarningKind.DUPLICATE_RULE and num.parent is not None:
            out.duplicates.setdefault(num.parent, (str(num), w.line))
        elif w.kind is WarningKind.MISPRINT_REPAIRED and w.printed is not None:
            out.misread[num] = (w.printed, w.line)
    out.stale = [(r.number, r.line) for r in translation.stale]
    for n in english.rules:
        if n in tr_nums:
            out.pairs.append(_pair_one(translation, english, n, cache, alts))
    if not translation.complete:
        quoted = {n.section for n in tr_nums}
        out.not_quoted = [n for n in out.only_english if n.section in quoted]
    _find_counterparts(out, translation, english, cache, alts)
    fits = [release_fit(translation, english, cache)] + [
        release_fit(translation, a, cache) for a in alts
    ]
    out.fits = sorted(fits, key=lambda f: (-f.score, f.label))
    return out


def english_counterpart(release: Release, english: Iterable):
    """The English release a translation belongs to, among ``english`` (objects with ``label``
    and ``effective_date`` — :class:`mtgcr.extract.model.Release` or :class:`mtgcr.corpus.store.ReleaseInfo`).

    The same label first (ZH and JA carry the EN label); else the same effective date (the
    RU translation states only "от 8 июля 2017", the date in the body of EN label 20170707).

    Returns:
        The matching item, or ``None``.
    """
    items = list(english)
    same = [e for e in items if e.label == release.label]
    if same:
        return same[0]
    if release.effective_date is None:
        return None
    want = release.effective_date.isoformat()
    for e in items:
        eff = e.effective_date
        if eff is not None and (eff if isinstance(eff, str) else eff.isoformat()) == want:
            return e
    return None


def paired_default(store, lang: str, pivot: str = "en"):
    """The release of translation ``lang`` a command pairing with ``pivot`` defaults to:
    the newest one (complete preferred, as :meth:`mtgcr.corpus.store.Store.resolve` with no
    spec) when a complete ``pivot`` release of its label (or effective date) is stored,
    else the newest complete one that has such a counterpart, else the newest partial one.

    Args:
        store: an open :class:`mtgcr.corpus.store.Store`.
        lang: the translation's language (``"zh"``, ``"ja"``, ``"ru"``).
        pivot: the original's language.

    Returns:
        ``(release info, note or None)``; the note (one sentence) says why the newest
        release was not taken and which ``pivot`` release to ingest to pair it, e.g. ``"zh
        20260417 has no en release stored (ingest the en release 20260417 to pair it);
        showing zh 20260116, the newest with one"``; when no release of ``lang`` has a
        counterpart, the newest is returned with a note naming the ``pivot`` label to ingest.

    Raises:
        mtgcr.corpus.store.StoreError: no release of ``lang`` is stored.
    """
    newest = store.resolve(None, lang)
    from mtgcr.crossref.chain import complete_releases  # chain imports nothing from here

    english = complete_releases(store, pivot)

    def counterpart(info):
        return english_counterpart(Release.of_info(info), english)

    if counterpart(newest) is not None:
        return newest, None
    want = (
        f"{lang} {newest.label} has no {pivot} release stored (ingest the {pivot} release "
        f"{newest.label} to pair it)"
    )
    rels = store.releases(lang)
    paired = [r for r in rels if counterpart(r) is not None]
    if not paired:
        return newest, want
    full = [r for r in paired if r.complete] or paired
    best = max(full, key=lambda r: (r.effective_date or "", r.label))
    return best, f"{want}; using {lang} {best.name}, the newest with one"


def english_release(store, release, pivot: str = "en"):
    """The complete ``pivot`` release a translation release belongs to — same label, else
    same effective date (:func:`english_counterpart`) — among the store's complete releases of
    ``pivot``, the official copy preferred (:func:`mtgcr.crossref.chain.complete_releases`).

    Args:
        store: an open :class:`mtgcr.corpus.store.Store`.
        release: the translation's :class:`~mtgcr.extract.model.Release` or its
            :class:`~mtgcr.corpus.store.ReleaseInfo`.
        pivot: the original's language.

    Returns:
        The :class:`~mtgcr.corpus.store.ReleaseInfo`, or ``None`` when the store has none.
    """
    from mtgcr.crossref.chain import complete_releases  # chain imports nothing from here

    rel = release if isinstance(release, Release) else Release.of_info(release)
    return english_counterpart(rel, complete_releases(store, pivot))


def pair_section_rule(
    translation: Ruleset,
    english: Ruleset,
    number: RuleNumber,
    alternatives: Iterable[Ruleset] = (),
) -> RulePair | None:
    """The :class:`RulePair` of one rule number exactly as :func:`pair_rulesets` gives it in
    the whole pairing (its section is paired whole: a translated rule of another number that
    takes this EN rule is seen, :attr:`RulePair.taken_by`), or ``None`` when either side
    lacks the rule. ``show --pair``, ``history`` and ``pair`` agree through it."""
    if number not in translation.rules or number not in english.rules:
        return None

    def section(rs: Ruleset) -> Ruleset:
        rules = {n: r for n, r in rs.rules.items() if n.section == number.section}
        return replace(rs, rules=rules)

    p = pair_rulesets(section(translation), section(english), [section(a) for a in alternatives])
    return next((x for x in p.pairs if x.number == number), None)


def pair_rule(translation: Ruleset, english: Ruleset, number: RuleNumber) -> RulePair | None:
    """The :class:`RulePair` of one rule number (as :func:`pair_rulesets` would give it), or
    ``None`` when either side lacks the rule. Neighbours are tried for a conflict; other
    releases, and translated rules of other numbers (:attr:`RulePair.taken_by`), are not."""
    if number not in translation.rules or number not in english.rules:
        return None
    return _pair_one(translation, english, number, EvidenceCache(), ())


def _pair_one(
    translation: Ruleset,
    english: Ruleset,
    n: RuleNumber,
    cache: EvidenceCache,
    alts: Sequence[Ruleset],
) -> RulePair:
    """The pair of rule ``n`` (present on both sides), its status and the release that fits
    better when its evidence differs."""
    tr_ev = cache.of(translation, n)
    agreeing, details = evidence_items(tr_ev, cache.english_of(tr_ev, english, n))
    a, d = len(agreeing), len(details)
    pair = RulePair(n, "verified" if a else "unverified", a, d, details, evidence=agreeing)
    if d:
        pair.status = "differs"
        pair.better_number = _better_neighbour(tr_ev, english, n, a, cache)
        if pair.better_number is not None:
            pair.status = "conflict"
            pair.owner = TextOwner(pair.better_number, english.release, "number")
        alt = _fits_elsewhere(tr_ev, n, alts, cache)
        if alt is not None:
            pair.better_release = alt.label
            if pair.owner is None:
                pair.owner = TextOwner(n, alt, "release")
    return pair


def _fits_elsewhere(
    tr_ev: Evidence, n: RuleNumber, alts: Sequence[Ruleset], cache: EvidenceCache
) -> Release | None:
    """The first release of ``alts`` whose rule ``n`` fits with some agreement and no
    disagreement, else ``None``."""
    for alt in alts:
        en2 = cache.english(tr_ev, alt, n)
        if en2 is None:
            continue
        a2, d2 = cache.counts(tr_ev, en2)
        if d2 == 0 and a2 > 0:
            return alt.release
    return None


def _find_counterparts(
    out: LangPairing,
    translation: Ruleset,
    english: Ruleset,
    cache: EvidenceCache,
    alts: Sequence[Ruleset],
) -> None:
    """For each translated rule with no EN rule of its number: the sibling EN rule (same
    parent, up to three places away) whose evidence fits it with no disagreement and a cited
    rule number or two agreeing items, when that EN rule is unpaired or its own pair differs
    with less agreement; that pair then becomes a ``conflict`` (:attr:`RulePair.taken_by`).
    Also the alternative release that has the number and fits (:attr:`LangPairing.elsewhere`).
    (The JA 20260116 text keeps EN 2024-08-02's 805.10f, so its 805.10g is EN 2026-01-16's
    805.10f.)"""
    pairs = {p.number: p for p in out.pairs}
    for n in out.only_translation:
        tr_ev = cache.of(translation, n)
        where = _fits_elsewhere(tr_ev, n, alts, cache)
        if where is not None:
            out.elsewhere[n] = where.label
        sibs = [m for m in english.rules if m.parent == n.parent and m.section == n.section]
        sibs.sort(key=lambda m: abs(_ordinal(m) - _ordinal(n)))
        best = None
        for m in sibs[:3]:
            agreeing, details = evidence_items(tr_ev, cache.english_of(tr_ev, english, m))
            if details or not (len(agreeing) >= 2 or any(x.startswith("cites ") for x in agreeing)):
                continue
            own = pairs.get(m)
            if own is not None and (
                own.status not in ("differs", "conflict") or own.agree >= len(agreeing)
            ):
                continue
            if best is None or len(agreeing) > len(best[1]):
                best = (m, agreeing)
        if best is None:
            continue
        out.counterparts[n] = best
        own = pairs.get(best[0])
        if own is not None and own.taken_by is None:
            own.status, own.taken_by = "conflict", n


def _ordinal(n: RuleNumber) -> int:
    """The position of a rule among its siblings: the rule's own number (``805.10`` → 10) or
    the subrule's letters in publication order (``805.10g`` → 6)."""
    if n.letters is not None:
        try:
            return letters_index(n.letters)
        except ValueError:
            return 0
    return n.rule or 0
