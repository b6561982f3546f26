"""Which release is this text from? Place a fragment of rule text among the stored releases.

A page of the mtg.ru site, a wiki quote, a pasted fragment: rule text whose release nobody
states (or whose stated release is doubtful). Each candidate release is compared rule by
rule with the fragment:

* **same language** (an English fragment against English releases, a ZH fragment against
  stored ZH releases): comparison keys of the texts — NFKC, curly quotes and dashes folded,
  white space collapsed (``same``); failing that, the words only, with symbols (``{T}``),
  ``Example:`` labels and the split between text and examples ignored (``same-loose``: a page
  that lost its symbol images or example labels still matches); otherwise ``differs`` with
  the first word-level changes and a similarity 0–100;
* **another language** (a translation fragment against English releases): the
  language-independent evidence of :mod:`mtgcr.crossref.translation.langpair` (cited rule numbers, numerals,
  symbols, Latin words) — ``same`` when it all agrees, ``differs`` otherwise;
* section headings on the page (and the neighbouring sections its navigation names) are
  compared by title; glossary entries (a glossary page) by headword, then definition.

The releases where every rule and section agrees are the fragment's **range**; when none
agrees fully, the releases with the highest score are listed with ``exact = False``. For the
last release of the range the module also follows the fragment's section forward to the
newest release — through the release alignment (:func:`chain_follower` over a
:class:`mtgcr.crossref.chain.Chain`) or, without one, by titles and rule text
(:func:`follow_section`): when it was retitled, when it changed number, and what it is
called now.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

from mtgcr.extract.model import Rule, Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.translation.langpair import TextOwner, compare_evidence, EvidenceCache
from mtgcr.crossref.textkey import compare_form, title_key

__all__ = [
    "RuleEvidence",
    "SectionEvidence",
    "ReleaseMatch",
    "Identification",
    "LineageStep",
    "identify",
    "compare_aligned",
    "follow_section",
    "chain_follower",
    "text_key",
    "loose_key",
]

#: Sections followed to the newest release only for fragments with at most this many sections.
MAX_LINEAGE_SECTIONS = 5

_SYMBOLS = re.compile(r"\{[^{}\s]{0,6}\}")
_LABEL = re.compile(r"\bExamples?:\s*")
_WORDS = re.compile(r"[^\W_]+(?:[.'][^\W_]+)*")


def text_key(text: str) -> str:
    """The strict comparison key: NFKC, quotes and dashes folded, white space collapsed
    (:func:`mtgcr.crossref.textkey.compare_form`, the form the release alignment compares on)."""
    return compare_form(text)


def loose_key(text: str) -> str:
    """The loose comparison key: lower-case words and numbers only (any script), no symbols,
    punctuation or ``Example:`` labels."""
    t = _LABEL.sub(" ", _SYMBOLS.sub(" ", text_key(text))).lower()
    return " ".join(_WORDS.findall(t))


@dataclass
class RuleEvidence:
    """How one rule of the fragment compares with the rule of the same number in a release.

    Attributes:
        number: the rule number.
        status: ``"same"``, ``"same-loose"`` (equal after dropping symbols and labels),
            ``"differs"`` or ``"absent"`` (no rule of that number in the release).
        similarity: 0–100 (rapidfuzz ratio of the loose keys; evidence agreement for
            translations).
        changes: for ``differs``, up to five ``{"op", "fragment", "release"}`` word-level
            changes (fragment words vs release words), or evidence disagreements for a
            translation (``{"op": "evidence", "detail"}``).
        now: the number(s) the rule has in the compared release when it was followed through
            the release alignment (``()`` when compared by number, or removed there).
        change: the alignment's change kind on the way there (``unchanged``, ``renumbered``,
            ``modified``, ``moved``, ``split``, ``merged``, ``removed``, ``ambiguous``), or
            ``None`` when compared by number.
        joined: for ``merged``, the other rules (numbers of the earlier release) merged with it.
        owner: for a rule that differs from (or is absent in) the compared release, whose
            text it is when another rule of that release, or this number or another in
            another release, has it word for word (:class:`TextOwner`: "this is the text of M
            in release R", not a small difference under its own number), else ``None``.
    """

    number: RuleNumber
    status: str
    similarity: float = 100.0
    changes: list[dict] = field(default_factory=list)
    now: tuple[RuleNumber, ...] = ()
    change: str | None = None
    joined: tuple[RuleNumber, ...] = ()
    owner: TextOwner | None = None

    def as_json(self) -> dict:
        """JSON-ready dict (``now``, ``change`` and ``joined`` only when aligned)."""
        out = {
            "number": str(self.number),
            "status": self.status,
            "similarity": round(self.similarity, 1),
            "changes": self.changes,
        }
        if self.owner is not None:
            out["owner"] = self.owner.as_json()
        if self.change is not None:
            out.update(
                now=[str(n) for n in self.now],
                change=self.change,
                joined=[str(n) for n in self.joined],
            )
        return out


@dataclass
class SectionEvidence:
    """A section heading of the fragment against the release: ``same``, ``differs`` (the
    title), ``absent``. When followed through the release alignment, ``release_number`` is
    the section's number there and ``change`` the alignment's section change kind
    (``unchanged``, ``moved``, ``retitled``, ``merged``, ``split``, ``removed``)."""

    number: RuleNumber
    title: str
    status: str
    release_title: str | None = None
    release_number: RuleNumber | None = None
    change: str | None = None

    def as_json(self) -> dict:
        """JSON-ready dict."""
        out = {
            "number": str(self.number),
            "title": self.title,
            "status": self.status,
            "release_title": self.release_title,
        }
        if self.change is not None:
            out.update(
                release_number=str(self.release_number) if self.release_number else None,
                change=self.change,
            )
        return out


@dataclass
class ReleaseMatch:
    """The comparison of the fragment with one release."""

    lang: str
    label: str
    effective_date: str | None
    rules: list[RuleEvidence] = field(default_factory=list)
    sections: list[SectionEvidence] = field(default_factory=list)
    glossary: list[dict] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        """Rules by status, sections and glossary entries that agree / disagree."""
        c = {"same": 0, "same-loose": 0, "differs": 0, "absent": 0}
        for r in self.rules:
            c[r.status] += 1
        c["sections_same"] = sum(s.status == "same" for s in self.sections)
        c["sections_other"] = sum(s.status != "same" for s in self.sections)
        if self.glossary:
            c["glossary_same"] = sum(
                g["status"] != "differs" and g["status"] != "absent" for g in self.glossary
            )
            c["glossary_other"] = len(self.glossary) - c["glossary_same"]
        return c

    @property
    def exact(self) -> bool:
        """Every rule, section heading and glossary entry agrees (strictly or loosely)."""
        return (
            all(r.status in ("same", "same-loose") for r in self.rules)
            and all(s.status == "same" for s in self.sections)
            and all(g["status"] in ("same", "same-loose") for g in self.glossary)
        )

    @property
    def score(self) -> float:
        """Agreement score: 2 per same rule or glossary entry, 1.5 per loose match,
        similarity/100 per differing one, −1 per absent one; ±1 per section heading."""
        s = 0.0
        for r in self.rules:
            s += {"same": 2.0, "same-loose": 1.5, "absent": -1.0}.get(r.status, r.similarity / 100)
        for g in self.glossary:
            s += {"same": 2.0, "same-loose": 1.5, "absent": -1.0}.get(
                g["status"], g["similarity"] / 100
            )
        for sec in self.sections:
            s += 1.0 if sec.status == "same" else -1.0
        return s

    @property
    def release(self) -> str:
        """The effective date (or the label when the date is unknown)."""
        return self.effective_date or self.label

    def as_json(self, details: bool = True) -> dict:
        """JSON-ready dict; ``details`` adds per-rule and per-section evidence."""
        out = {
            "release": self.release,
            "label": self.label,
            "lang": self.lang,
            "exact": self.exact,
            "score": round(self.score, 2),
            "counts": self.counts,
        }
        if details:
            out["rules"] = [r.as_json() for r in self.rules]
            out["sections"] = [s.as_json() for s in self.sections]
            if self.glossary:
                out["glossary"] = self.glossary
        return out


@dataclass
class LineageStep:
    """One step of a section's life after the fragment's range.

    ``event`` is ``"retitled"``, ``"renumbered"``, ``"renumbered and retitled"`` or ``"gone"``;
    ``release`` the first release showing it; ``number``/``title`` the section there;
    ``how`` says what identified it (``"title"``, ``"number and rule text"``, ``"rule text"``).
    """

    event: str
    release: str
    number: RuleNumber | None
    title: str | None
    how: str = ""

    def as_json(self) -> dict:
        """JSON-ready dict."""
        return {
            "event": self.event,
            "release": self.release,
            "number": str(self.number) if self.number else None,
            "title": self.title,
            "how": self.how,
        }


@dataclass
class Identification:
    """Where a fragment fits.

    Attributes:
        source: the fragment's document.
        lang: its language.
        rules, sections: how many rules and section headings it carries.
        matches: one :class:`ReleaseMatch` per candidate release, oldest first.
        best: the matches with the highest score (all exact ones when any), oldest first.
        after: the first release after the range, compared (what changed), or ``None``.
        lineage: for each section of the fragment (a fragment of at most
            :data:`MAX_LINEAGE_SECTIONS` sections), its steps up to the newest release.
        lineage_source: ``"alignment"`` (the release alignment's lineage) or ``"titles and
            text"`` (:func:`follow_section`).
        newest: the newest candidate release (effective date or label).
        after_source: how ``after`` was compared: ``"alignment"`` (each rule and section
            followed through the release alignment) or ``"number"`` (translations compared
            by evidence with the rule of the same number).
        now: for a fragment of at most :data:`MAX_LINEAGE_SECTIONS` sections and a chain,
            each rule (by its number in the range) → ``{"numbers": [...] in the newest
            release, "reason": why none, "changes": alignment kinds on the way}``.
    """

    source: str
    lang: str
    rules: int
    sections: int
    matches: list[ReleaseMatch] = field(default_factory=list)
    best: list[ReleaseMatch] = field(default_factory=list)
    after: ReleaseMatch | None = None
    lineage: dict[str, list[LineageStep]] = field(default_factory=dict)
    newest: str | None = None
    lineage_source: str | None = None
    after_source: str = "number"
    now: dict[str, dict] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        """The best releases agree on every rule and heading."""
        return bool(self.best) and self.best[0].exact

    @property
    def releases(self) -> list[str]:
        """Effective dates (or labels) of the best releases, oldest first."""
        return [m.release for m in self.best]

    @property
    def ranges(self) -> list[tuple[str, str]]:
        """The best releases as runs of consecutive candidates: ``[(first, last), …]``."""
        order = [m.release for m in self.matches]
        runs: list[list[str]] = []
        for r in self.releases:
            if runs and order.index(r) == order.index(runs[-1][-1]) + 1:
                runs[-1].append(r)
            else:
                runs.append([r])
        return [(run[0], run[-1]) for run in runs]

    def as_json(self, details: bool = True) -> dict:
        """JSON-ready dict: ``releases``, ``best``, ``exact``, ``ranges``, per-rule
        ``evidence`` of the best release, ``after``, ``lineage`` and a ``scores`` list."""
        best = self.best[-1] if self.best else None
        return {
            "source": self.source,
            "lang": self.lang,
            "rules": self.rules,
            "sections": self.sections,
            "exact": self.exact,
            "releases": self.releases,
            "ranges": [{"first": a, "last": b} for a, b in self.ranges],
            "best": best.release if best else None,
            "evidence": best.as_json(details) if best else None,
            "after": self.after.as_json(details) if self.after else None,
            "lineage": {k: [s.as_json() for s in v] for k, v in self.lineage.items()},
            "lineage_source": self.lineage_source,
            "after_source": self.after_source if self.after else None,
            "now": self.now,
            "newest": self.newest,
            "scores": [
                {"release": m.release, "score": round(m.score, 2), "exact": m.exact}
                for m in self.matches
            ],
        }


def _word_changes(a: str, b: str, limit: int = 5) -> list[dict]:
    wa, wb = text_key(a).split(" "), text_key(b).split(" ")
    sm = difflib.SequenceMatcher(a=wa, b=wb, autojunk=False)
    out = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        out.append({"op": op, "fragment": " ".join(wa[i1:i2]), "release": " ".join(wb[j1:j2])})
        if len(out) >= limit:
            break
    return out


class _Keys:
    """Comparison keys of rules, computed once per rule object."""

    def __init__(self) -> None:
        self._strict: dict[int, tuple] = {}
        self._loose: dict[int, str] = {}

    def strict(self, rule: Rule) -> tuple:
        k = self._strict.get(id(rule))
        if k is None:
            k = self._strict[id(rule)] = (
                text_key(rule.text),
                tuple(text_key(e.text) for e in rule.examples),
            )
        return k

    def loose(self, rule: Rule) -> str:
        k = self._loose.get(id(rule))
        if k is None:
            k = self._loose[id(rule)] = loose_key(rule.text_with_examples())
        return k


def _compare_rule(
    frag: Rule,
    rel: Rule | None,
    same_lang: bool,
    cache: EvidenceCache,
    keys: _Keys,
    frag_rs: Ruleset,
    rel_rs: Ruleset,
) -> RuleEvidence:
    if rel is None:
        return RuleEvidence(frag.number, "absent", 0.0)
    if not same_lang:
        a, d, details = compare_evidence(
            cache.of(frag_rs, frag.number), cache.of(rel_rs, rel.number)
        )
        sim = 100.0 * a / (a + d) if a + d else 50.0
        if d == 0:
            return RuleEvidence(frag.number, "same", sim)
        return RuleEvidence(
            frag.number, "differs", sim, [{"op": "evidence", "detail": x} for x in details]
        )
    if keys.strict(frag) == keys.strict(rel):
        return RuleEvidence(frag.number, "same")
    fa, ra = keys.loose(frag), keys.loose(rel)
    if fa == ra:
        return RuleEvidence(frag.number, "same-loose")
    from rapidfuzz import fuzz

    return RuleEvidence(frag.number, "differs", fuzz.ratio(fa, ra))  # changes: _add_changes


def _add_changes(m: "ReleaseMatch", fragment: Ruleset, rel: Ruleset) -> None:
    """Fill the word-level changes of the differing rules of one match (done only for the
    matches that are reported: word diffs of every rule of every release would be slow)."""
    for ev in m.rules:
        if ev.status == "differs" and not ev.changes:
            there = "\n".join(
                rel.rules[n].text_with_examples()
                for n in (ev.now or (ev.number,))
                if n in rel.rules
            )
            ev.changes = _word_changes(fragment.rules[ev.number].text_with_examples(), there)


def _add_owners(
    m: "ReleaseMatch", fragment: Ruleset, pool: Sequence[Ruleset], i: int, keys: _Keys
) -> None:
    """For each rule of the reported match that differs or is absent: whose text it is, when
    some rule has it word for word (loose key) — another rule of the same section in the
    matched release, else this number in another release (nearest first), else another rule
    of this section in another release (:attr:`RuleEvidence.owner`)."""
    order = sorted(range(len(pool)), key=lambda k: (abs(k - i), -k))
    text_only: dict[int, str] = {}

    def fits(r: Rule, frag: Rule, want: str) -> bool:
        if keys.loose(r) == want:
            return True
        if frag.examples:  # a quote without its examples is compared on the rule text
            return False
        k = text_only.get(id(r))
        if k is None:
            k = text_only[id(r)] = loose_key(r.text)
        return k == want

    for ev in m.rules:
        if ev.status not in ("differs", "absent"):
            continue
        frag = fragment.rules[ev.number]
        want = keys.loose(frag)
        if not want:
            continue
        found = None
        for k in order:
            rel = pool[k]
            same = rel.rules.get(ev.number)
            if same is not None and fits(same, frag, want):
                # (in the matched release itself: its own rule, shown without examples)
                found = TextOwner(ev.number, rel.release, "release") if k != i else None
                break
            hit = next(
                (
                    r
                    for n, r in rel.rules.items()
                    if n.section == ev.number.section and n != ev.number and fits(r, frag, want)
                ),
                None,
            )
            if hit is not None:
                found = TextOwner(hit.number, rel.release, "number")
                break
        ev.owner = found


def _compare(fragment: Ruleset, rel: Ruleset, cache: EvidenceCache, keys: _Keys) -> ReleaseMatch:
    same_lang = fragment.release.lang == rel.release.lang
    eff = rel.release.effective_date
    m = ReleaseMatch(rel.release.lang, rel.release.label, eff.isoformat() if eff else None)
    for num, rule in fragment.rules.items():
        m.rules.append(
            _compare_rule(rule, rel.rules.get(num), same_lang, cache, keys, fragment, rel)
        )
    if same_lang and fragment.glossary:
        from rapidfuzz import fuzz

        index: dict[str, list] = {}
        for g in rel.glossary:  # a headword may occur twice (ZH 传奇: Legend and Legendary)
            index.setdefault(text_key(g.term).casefold(), []).append(g)
        seen: dict[str, int] = {}
        for g in fragment.glossary:
            k = text_key(g.term).casefold()
            same_head = index.get(k, [])
            nth = seen[k] = seen.get(k, -1) + 1
            other = next(
                (o for o in same_head if text_key(o.text) == text_key(g.text)),
                same_head[nth] if nth < len(same_head) else None,
            )
            if other is None:
                m.glossary.append({"term": g.term, "status": "absent", "similarity": 0.0})
            elif text_key(g.text) == text_key(other.text):
                m.glossary.append({"term": g.term, "status": "same", "similarity": 100.0})
            elif loose_key(g.text) == loose_key(other.text):
                m.glossary.append({"term": g.term, "status": "same-loose", "similarity": 100.0})
            else:
                m.glossary.append(
                    {
                        "term": g.term,
                        "status": "differs",
                        "similarity": round(
                            fuzz.ratio(loose_key(g.text), loose_key(other.text)), 1
                        ),
                        "changes": _word_changes(g.text, other.text),
                    }
                )
    if same_lang:
        for num, sec in fragment.sections.items():
            other = rel.sections.get(num)
            if other is None:
                m.sections.append(SectionEvidence(num, sec.title, "absent"))
            else:
                ok = title_key(sec.title) == title_key(other.title)
                m.sections.append(
                    SectionEvidence(num, sec.title, "same" if ok else "differs", other.title)
                )
    return m


def _text_of(rel: Ruleset, numbers: Sequence[RuleNumber]) -> Rule | None:
    """The rule(s) ``numbers`` of ``rel`` as one rule (a split's pieces joined), or ``None``."""
    there = [rel.rules[n] for n in numbers if n in rel.rules]
    if not there:
        return None
    if len(there) == 1:
        return there[0]
    return Rule(
        there[0].number,
        "\n".join(r.text for r in there),
        there[0].line,
        [e for r in there for e in r.examples],
    )


def compare_aligned(
    fragment: Ruleset,
    start: Ruleset,
    rel: Ruleset,
    alignment,
    cache: EvidenceCache | None = None,
    keys: _Keys | None = None,
) -> ReleaseMatch:
    """Compare the fragment with ``rel``, the release after ``start``, following each rule and
    section through ``alignment`` (a :class:`mtgcr.crossref.model.Alignment` of ``start`` →
    ``rel``) instead of by number: a rule of the fragment that is rule 711.1c in ``start``
    is compared with whatever 711.1c became in ``rel`` (711.3 after a merge), and a section
    heading with the section it moved to.

    Rules or sections the alignment does not know (not in ``start``) are compared by number.

    Returns:
        A :class:`ReleaseMatch` for ``rel`` whose evidence carries ``now``/``change``
        (rules) and ``release_number``/``change`` (sections).
    """
    cache, keys = cache or EvidenceCache(), keys or _Keys()
    m = _compare(fragment, rel, cache, keys)
    same_lang = fragment.release.lang == rel.release.lang
    for i, ev in enumerate(m.rules):
        ch = alignment.change_of_old(ev.number) if ev.number in start.rules else None
        if ch is None:
            continue
        if ch.kind in ("removed", "ambiguous"):
            m.rules[i] = RuleEvidence(ev.number, "absent", 0.0, now=tuple(ch.new), change=ch.kind)
            continue
        frag = fragment.rules[ev.number]
        # a split's pieces are joined into a temporary rule: keys cached by id() must not see it
        k = keys if len(ch.new) == 1 else _Keys()
        new = _compare_rule(frag, _text_of(rel, ch.new), same_lang, cache, k, fragment, rel)
        new.number, new.now, new.change = ev.number, tuple(ch.new), ch.kind
        new.joined = tuple(n for n in ch.old if n != ev.number) if ch.kind == "merged" else ()
        m.rules[i] = new
    for i, sec in enumerate(m.sections):
        sc = alignment.section_change_of_old(sec.number) if sec.number in start.sections else None
        if sc is None:
            continue
        if sc.kind == "removed" or sc.new is None:
            m.sections[i] = SectionEvidence(sec.number, sec.title, "absent", change=sc.kind)
            continue
        ok = title_key(sec.title) == title_key(sc.new_title or "")
        m.sections[i] = SectionEvidence(
            sec.number, sec.title, "same" if ok else "differs", sc.new_title, sc.new, sc.kind
        )
    return m


def identify(
    fragment: Ruleset,
    candidates: Sequence[Ruleset],
    follow: Callable[[Ruleset, RuleNumber], list[LineageStep] | None] | None = None,
    chain=None,
) -> Identification:
    """Compare a fragment with candidate releases and find where it fits.

    Args:
        fragment: the rules of the fragment (a partial ruleset; its own release label is
            ignored).
        candidates: complete rulesets, any order; those in the fragment's language are
            compared by text, others by language-independent evidence. When both kinds are
            given, only the fragment's language is used.
        follow: how to follow a section from the last release of the range to the newest:
            ``follow(release ruleset, section number)`` → steps, or ``None`` when it cannot
            tell (then :func:`follow_section`, a title/text lookup, is used). Pass
            :func:`chain_follower` of an alignment chain to use the release alignment.
        chain: a :class:`mtgcr.crossref.chain.Chain` of the candidates' language, or ``None``. The
            release after the range is compared through the alignment of the two releases
            (:func:`compare_aligned`): the chain's cached alignment when both are consecutive
            in it, else :func:`mtgcr.crossref.align.releases.align_releases` of the two. With a chain (and
            a fragment of at most :data:`MAX_LINEAGE_SECTIONS` sections), ``now`` gives
            each rule's number(s) in the chain's newest release (:meth:`Lineage.remap`), and
            ``follow`` defaults to :func:`chain_follower`.

    Returns:
        An :class:`Identification` (``best`` is empty only when there are no candidates or the
        fragment has no rules and no sections).
    """
    same = [c for c in candidates if c.release.lang == fragment.release.lang]
    pool = same or list(candidates)
    pool = sorted(
        pool,
        key=lambda r: (
            r.release.effective_date.isoformat() if r.release.effective_date else "",
            r.release.label,
        ),
    )
    cache, keys = EvidenceCache(), _Keys()
    ident = Identification(
        fragment.source, fragment.release.lang, len(fragment.rules), len(fragment.sections)
    )
    if not pool:
        return ident
    ident.newest = _when(pool[-1])
    ident.matches = [_compare(fragment, rel, cache, keys) for rel in pool]
    if not fragment.rules and not fragment.sections and not fragment.glossary:
        return ident
    exact = [m for m in ident.matches if m.exact]
    if exact:
        ident.best = exact
    else:
        top = max(m.score for m in ident.matches)
        ident.best = [m for m in ident.matches if m.score == top]
    last = ident.best[-1]
    i = next(k for k, m in enumerate(ident.matches) if m is last)
    _add_changes(last, fragment, pool[i])
    if fragment.release.lang == pool[i].release.lang:
        _add_owners(last, fragment, pool, i, keys)
    if follow is None and chain is not None:
        follow = chain_follower(chain)
    if i + 1 < len(ident.matches):
        if fragment.release.lang == pool[i].release.lang:
            al = _alignment(chain, pool[i], pool[i + 1])
            ident.after = compare_aligned(fragment, pool[i], pool[i + 1], al, cache, keys)
            ident.after_source = "alignment"
        else:
            ident.after = ident.matches[i + 1]
        _add_changes(ident.after, fragment, pool[i + 1])
    if fragment.release.lang == pool[-1].release.lang:
        own = [n for n in fragment.sections if any(r.section == n.section for r in fragment.rules)]
        own = own or list(fragment.sections)
        if len(own) <= MAX_LINEAGE_SECTIONS and chain is not None:
            ident.now = _now(chain, pool[i], fragment)
        if len(own) <= MAX_LINEAGE_SECTIONS:  # a page or a quote, not a whole release
            for num in own:
                steps = follow(pool[i], num) if follow is not None else None
                ident.lineage_source = "alignment" if steps is not None else "titles and text"
                if steps is None:
                    steps = follow_section(pool[i], num, pool[i + 1 :])
                ident.lineage[str(num)] = steps
    return ident


def _alignment(chain, old: Ruleset, new: Ruleset):
    """The alignment ``old`` → ``new``: the chain's (cached) one when they are consecutive in
    it, else aligned here."""
    if chain is not None:
        labels = [r.label for r in chain.releases]
        if old.release.label in labels:
            k = labels.index(old.release.label)
            if k + 1 < len(labels) and labels[k + 1] == new.release.label:
                return chain.alignment(k)
    from mtgcr.crossref.align.releases import align_releases

    return align_releases(old, new)


def _now(chain, start: Ruleset, fragment: Ruleset) -> dict[str, dict]:
    """Each fragment rule's number(s) in the chain's newest release, through the alignment."""
    from mtgcr.crossref.lineage import Lineage

    releases = chain.releases
    k = next((j for j, r in enumerate(releases) if r.label == start.release.label), None)
    if k is None:
        return {}
    lin = Lineage(
        releases[k:],
        [chain.alignment(j) for j in range(k, len(releases) - 1)],
        present=lambda j, n: n in chain.ruleset(k + j).rules,
    )
    out: dict[str, dict] = {}
    for num in fragment.rules:
        if num not in start.rules:
            continue
        res = lin.remap(num, 0, len(releases) - 1 - k)
        kinds = sorted({e.kind for e in res.path[1:]} - {"unchanged", "typography"})
        out[str(num)] = {
            "numbers": [str(n) for n in res.numbers],
            "reason": res.reason,
            "changes": kinds,
        }
    return out


def _when(rs: Ruleset) -> str:
    eff = rs.release.effective_date
    return eff.isoformat() if eff else rs.release.label


def _section_text(rs: Ruleset, num: RuleNumber) -> str:
    return " ".join(loose_key(r.text) for n, r in rs.rules.items() if n.section == num.section)


def follow_section(
    start: Ruleset, number: RuleNumber, later: Sequence[Ruleset], threshold: float = 70.0
) -> list[LineageStep]:
    """Follow a section from ``start`` through ``later`` releases (oldest first).

    A title/text lookup, release to release: the section is the one with the same title
    (wherever its number); failing that, the same number if its rules' text is similar
    (token-set ratio ≥ ``threshold``: retitled in place); failing that, the section whose
    rules' text is most similar (≥ ``threshold``: renumbered and retitled).

    Returns:
        The steps where the number or title changed (and ``"gone"`` if it was lost), each with
        the first release showing it; an empty list when nothing changed.
    """
    from rapidfuzz import fuzz

    sec = start.sections.get(number)
    if sec is None:
        return []
    cur_num, cur_title, cur_text = number, sec.title, _section_text(start, number)
    steps: list[LineageStep] = []
    for rel in later:
        found, how = None, ""
        by_title = [s for s in rel.sections.values() if title_key(s.title) == title_key(cur_title)]
        if by_title:
            found = min(by_title, key=lambda s: abs(s.number.section - cur_num.section))
            how = "title"
        else:
            same_num = rel.sections.get(cur_num)
            if (
                same_num is not None
                and fuzz.token_set_ratio(cur_text, _section_text(rel, cur_num)) >= threshold
            ):
                found, how = same_num, "number and rule text"
            else:
                scored = [
                    (fuzz.token_set_ratio(cur_text, _section_text(rel, s.number)), s)
                    for s in rel.sections.values()
                    if s.number.chapter == cur_num.chapter
                ]
                if scored:
                    score, best = max(scored, key=lambda x: x[0])
                    if score >= threshold:
                        found, how = best, "rule text"
        if found is None:
            steps.append(
                LineageStep(
                    "gone", _when(rel), None, None, "no section with that title or similar rules"
                )
            )
            return steps
        moved = found.number != cur_num
        retitled = title_key(found.title) != title_key(cur_title)
        if moved or retitled:
            event = (
                "renumbered and retitled"
                if moved and retitled
                else ("renumbered" if moved else "retitled")
            )
            steps.append(LineageStep(event, _when(rel), found.number, found.title, how))
        cur_num, cur_title, cur_text = found.number, found.title, _section_text(rel, found.number)
    return steps


def chain_follower(chain) -> Callable[[Ruleset, RuleNumber], list[LineageStep] | None]:
    """A ``follow`` for :func:`identify` that reads a section's steps from the release
    alignment: :class:`mtgcr.crossref.lineage.Lineage` over ``chain`` (a
    :class:`mtgcr.crossref.chain.Chain` of the fragment's language) from the given release to the
    newest, aligning (and caching) only those pairs.

    The follower answers ``None`` when the release is not in the chain or the alignment does
    not know the section; each step's ``how`` is the alignment's change kind.
    """
    from mtgcr.crossref.lineage import Lineage

    releases = chain.releases

    def follow(start: Ruleset, number: RuleNumber) -> list[LineageStep] | None:
        k = next((j for j, r in enumerate(releases) if r.label == start.release.label), None)
        if k is None:
            return None
        alignments = [chain.alignment(j) for j in range(k, len(releases) - 1)]
        lin = Lineage(
            releases[k:], alignments, present=lambda j, n: n in chain.ruleset(k + j).sections
        )
        try:
            entries = lin.history(number, 0)
        except KeyError:
            return None
        steps: list[LineageStep] = []
        prev_num: RuleNumber | None = number
        prev_title = start.sections[number].title if number in start.sections else None
        for e in entries[1:]:
            when = e.release.name
            if not e.numbers:
                event = "ambiguous" if e.kind == "ambiguous" else "gone"
                steps.append(LineageStep(event, when, None, None, e.kind))
                break
            moved = e.number != prev_num
            retitled = (
                e.title is not None
                and prev_title is not None
                and title_key(e.title) != title_key(prev_title)
            )
            if moved or retitled:
                event = (
                    "renumbered and retitled"
                    if moved and retitled
                    else ("renumbered" if moved else "retitled")
                )
                steps.append(LineageStep(event, when, e.number, e.title, f"alignment: {e.kind}"))
            prev_num, prev_title = e.number, e.title or prev_title
        return steps

    return follow
