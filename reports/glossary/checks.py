"""Terminology QA: does a translation use its glossary's terms where English uses the EN term?

Two kinds of finding (:class:`CheckReport`):

* :class:`Drift` — a translated rule whose EN rule (same number, same release) uses an EN term
  of the glossary, while the translated rule uses none of that concept's translated forms: the
  rendering drifted (or the rule says it another way; a person decides);
* :class:`SharedTerm` — one translated term given for two different EN concepts.

How terms are found (format knowledge from the JA 20260116 and ZH 20260417 texts):

* EN: the headword as whole words, case-insensitive, with the inflections the rules use
  (``-s``, ``-es``, ``-d``, ``-ed``, ``-ing``: "tramples", "exiled", "attacking"); a use
  inside a longer glossary term's use is that term's ("draw" in "draw step", "triggered
  ability" in "delayed triggered ability");
* translated: every form the catalog gives for the concept (glossary term, keyword heading,
  the senses of one EN entry — ``引く`` and ``引き分け`` for Draw), each also split on ``、``
  (``覇権、覇権された``), without bracketed placeholders (``［性質］``, ``[名前]``) and, for JA
  verbs, without ``する`` / ``を行う`` (``起動する`` is found in ``起動した``); compared after
  NFKC with spaces and ``・`` removed (the JA text writes ``相棒 能力``).

Concepts whose EN term is a function word of running English (:data:`UNCHECKED`: "You", "X")
obsolete pairs and provisional names with no EN glossary entry are not checked, nor concepts whose translated term is in fewer than
:data:`CONSISTENT` of the rules using the EN word (the EN word has other senses there: "in
that case", "if"); the report's notes name them with their counts.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable

from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.glossary.model import Catalog, Status, TermPair

__all__ = [
    "Drift",
    "SharedTerm",
    "CheckReport",
    "check_catalog",
    "check_store",
    "term_forms",
    "UNCHECKED",
]

#: EN headwords not checked: words of running English the rules use without meaning the term.
UNCHECKED = frozenset({"you", "your", "x", "y", "as though", "becomes", "unless", "deal", "play"})
#: A concept is checked when its translated term is in at least this share of the translated
#: rules whose EN rule uses the EN term (below it, the EN word has other senses: "case",
#: "if", "enter"); concepts used in fewer than :data:`MIN_USES` rules are always checked.
CONSISTENT = 0.75
MIN_USES = 4
_BRACKETS = re.compile(r"[［\[][^］\]]*[］\]]|[～〜~]")
_VERB_TAIL = re.compile(r"(?:する|を行う|させる)$")
#: The last kana of a JA verb in dictionary form (``唱える`` is found in ``唱えた``).
_GODAN = re.compile(r"(?<=[\u3040-\u309f\u4e00-\u9fff])[うくぐすつぬぶむる]$")


@dataclass(frozen=True)
class Drift:
    """A translated rule that lacks the concept's translated term where EN uses the EN term.

    Attributes:
        rule: the rule number (the same in both languages).
        concept: the concept id; en: the EN term as found in the EN rule (``tramples``).
        term: the translated term expected (the glossary's); forms: every form looked for.
        line: the translated rule's line in its document.
    """

    rule: RuleNumber
    concept: str
    en: str
    term: str
    forms: tuple[str, ...]
    line: int

    def as_json(self) -> dict:
        """JSON-ready dict."""
        return {
            "rule": str(self.rule),
            "section": self.rule.section,
            "concept": self.concept,
            "en": self.en,
            "term": self.term,
            "forms": list(self.forms),
            "line": self.line,
        }


@dataclass(frozen=True)
class SharedTerm:
    """One translated term given for several EN concepts (``en``: their EN terms)."""

    term: str
    en: tuple[str, ...]
    concepts: tuple[str, ...]
    where: tuple[str, ...]

    def as_json(self) -> dict:
        """JSON-ready dict."""
        return {
            "term": self.term,
            "en": list(self.en),
            "concepts": list(self.concepts),
            "where": list(self.where),
        }


@dataclass
class CheckReport:
    """Findings of one translation release.

    Attributes:
        lang, release, en_release: what was checked (release names).
        drift, shared: the findings.
        pairs_checked, rules_checked: how much was looked at.
        notes: what could not be checked and why.
    """

    lang: str
    release: str
    en_release: str
    drift: list[Drift] = field(default_factory=list)
    shared: list[SharedTerm] = field(default_factory=list)
    pairs_checked: int = 0
    rules_checked: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def findings(self) -> int:
        """Number of findings of both kinds."""
        return len(self.drift) + len(self.shared)

    def per_section(self) -> dict[int, int]:
        """Drift findings per CR section, by section number."""
        out: dict[int, int] = {}
        for d in self.drift:
            out[d.rule.section] = out.get(d.rule.section, 0) + 1
        return dict(sorted(out.items()))

    def per_term(self) -> dict[str, int]:
        """Drift findings per EN concept id, most first."""
        out: dict[str, int] = {}
        for d in self.drift:
            out[d.concept] = out.get(d.concept, 0) + 1
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    def as_json(self) -> dict:
        """JSON-ready dict (findings, counts per section and per concept)."""
        return {
            "lang": self.lang,
            "release": self.release,
            "en_release": self.en_release,
            "pairs_checked": self.pairs_checked,
            "rules_checked": self.rules_checked,
            "findings": self.findings,
            "per_section": {str(k): v for k, v in self.per_section().items()},
            "per_concept": self.per_term(),
            "notes": self.notes,
            "drift": [d.as_json() for d in self.drift],
            "shared": [s.as_json() for s in self.shared],
        }


def _norm(text: str) -> str:
    return re.sub(r"[\s・･]", "", unicodedata.normalize("NFKC", text)).casefold()


def term_forms(term: str) -> tuple[str, ...]:
    """The forms a translated term is looked for in (normalised: NFKC, no spaces or ``・``).

    >>> term_forms("覇権、覇権された")
    ('覇権', '覇権された')
    >>> term_forms("起動する")
    ('起動する', '起動')
    >>> term_forms("［性質］探索")
    ('探索',)
    """
    out: list[str] = []
    for part in re.split(r"[、，,／/]", term):
        p = _norm(_BRACKETS.sub("", part))
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


def _en_pattern(names: Iterable[str]) -> re.Pattern | None:
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


def _rule_text(rule) -> str:
    return "\n".join([rule.text] + [e.text for e in rule.examples])


def check_catalog(
    cat: Catalog, tr: Ruleset, en: Ruleset, section: int | None = None
) -> CheckReport:
    """Check the translated rules ``tr`` against the EN rules ``en`` with the pairs of ``cat``.

    Args:
        cat: the catalog (its pairs give the terms).
        tr, en: the complete translated and EN rulesets of the same release.
        section: report only the rules of that section (which concepts are checked is still
            judged on every rule, so a section's findings are those of the whole check).

    Returns:
        A :class:`CheckReport` (drift in rule order, then shared terms).
    """
    rep = CheckReport(cat.lang, cat.release_name, en.release.label)
    groups: dict[str, list[TermPair]] = {}
    for p in cat.pairs:
        if (
            p.status is Status.OBSOLETE
            or not p.concept
            or (p.status is Status.PROVISIONAL and p.anchor is None)
        ):
            continue  # a provisional name with no EN entry ("Store") is no rules term yet
        groups.setdefault(p.concept, []).append(p)
    checks = []
    for concept, pairs in groups.items():
        pat = _en_pattern({pairs[0].en})
        forms = tuple(dict.fromkeys(f for p in pairs for f in term_forms(p.term)))
        if pat is None or not forms:
            continue
        core = re.split(r"[\s\-\[]+", pairs[0].en.casefold())[0][:4]
        checks.append((concept, pat, forms, pairs[0].term, core))
    rep.pairs_checked = sum(len(groups[c]) for c, *_ in checks)
    uses: dict[str, list[tuple[RuleNumber, str, bool, int]]] = {c[0]: [] for c in checks}
    for n, en_rule in en.rules.items():
        rule = tr.rules.get(n)
        if rule is None:
            continue
        rep.rules_checked += section is None or n.section == section
        en_text = _rule_text(en_rule)
        low = en_text.casefold()
        tr_text = _norm(_rule_text(rule))
        found = []  # (start, end, concept, match, forms): every use of an EN term
        for concept, pat, forms, _term, core in checks:
            if core in low:
                found += [
                    (m.start(), m.end(), concept, m.group(), forms) for m in pat.finditer(en_text)
                ]
        seen: set[str] = set()
        for a, b, concept, text, forms in found:
            if concept in seen or any(
                x <= a and b <= y and (y - x) > (b - a) for x, y, *_ in found
            ):
                continue  # "draw" inside "draw step": the longer term is the one used
            seen.add(concept)
            uses[concept].append((n, text, any(f in tr_text for f in forms), rule.line))
    skipped = []
    for concept, _pat, forms, term, _core in checks:
        got = uses[concept]
        used = sum(1 for *_, ok, _line in got if ok)
        if len(got) >= MIN_USES and used / len(got) < CONSISTENT:
            skipped.append(f"{concept} ({used} of {len(got)})")
            continue
        rep.drift += [
            Drift(n, concept, found, term, forms, line) for n, found, ok, line in got if not ok
        ]
    if section is not None:  # consistency is judged on every rule, findings kept for one section
        rep.drift = [d for d in rep.drift if d.rule.section == section]
    rep.drift.sort(key=lambda d: (d.rule, d.concept))
    if skipped:
        rep.notes.append(
            f"{len(skipped)} concepts not checked: their EN word is used in other "
            f"senses too (the translated term is in fewer than "
            f"{CONSISTENT:.0%} of the rules using it): " + ", ".join(skipped)
        )
    by_term: dict[str, list[TermPair]] = {}
    for p in cat.pairs:
        if p.concept:
            by_term.setdefault(_norm(p.term), []).append(p)
    for pairs in by_term.values():
        concepts = tuple(dict.fromkeys(p.concept for p in pairs if p.concept))
        if len(concepts) > 1:
            rep.shared.append(
                SharedTerm(
                    pairs[0].term,
                    tuple(dict.fromkeys(p.en for p in pairs)),
                    concepts,
                    tuple(str(p.provenance[0]) for p in pairs if p.provenance),
                )
            )
    return rep


def check_store(store, cat: Catalog, section: int | None = None) -> CheckReport:
    """:func:`check_catalog` with the complete translated and EN rulesets of the catalog's
    release loaded from ``store``.

    Raises:
        GlossaryError: no complete translated or EN release of that label is stored.
    """
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
    return check_catalog(cat, tr, en, section)
