"""Checking the CR citations of engine source trees against the releases in the store.

Each citation read by :mod:`mtgcr.extract.citations.source` is checked number by number:

1. **the release it is read against** (:class:`AsOf`): its own date stamp when it has one
   (the release whose *effective* date is the latest on or before the stamp: stamp 20240202
   → the file labelled 2024-02-06, effective February 2, 2024); else the target release.
   A number that is not in that release is read against the latest release on or before the
   target that has it (``inferred``, said in the note).
2. **the target**: ``--release R``, the release of a pinned CR copy (``--pin FILE``,
   identified by :func:`pin_release`), else the newest stored release.
3. **the verdict** (:class:`Verdict`), through the alignment chain
   (:meth:`mtgcr.crossref.lineage.Lineage.remap`): ``current``; ``moved`` (another number in
   the target: given); ``changed`` (same number, wording changed since: word diff);
   ``gone`` (removed; what the number names now, if anything); ``absent`` (in no stored
   release up to the target: fabricated, or newer than the target); ``mismatch`` (the rule
   text pasted beside the number matches another rule of the release far better: named);
   ``placeholder`` (``CR 701.x``); ``malformed`` (not a rule number).

A citation's verdict is the most serious of its numbers' (:data:`SEVERITY`). Built-in
controls (:func:`run_controls`) check known-good and known-bad citations through the same
reader and checker on every run.
"""

from __future__ import annotations

import bisect
import enum
from dataclasses import dataclass, field
from datetime import date

from rapidfuzz import fuzz, process

from mtgcr.extract.model import Release, Ruleset
from mtgcr.extract.references import mask_references
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.citations.source import SourceCitation, Syntax, find_source_citations
from mtgcr.extract.citations.comments import Family

from mtgcr.crossref.anchor import text_sha256
from mtgcr.crossref.textkey import compare_form
from mtgcr.crossref.worddiff import word_diff

from mtgcr.crossref.cite.verdicts import SEVERITY, Verdict

__all__ = [
    "Verdict",
    "AsOf",
    "NumberCheck",
    "CheckedCitation",
    "CitationChecker",
    "Control",
    "run_controls",
    "pin_release",
    "SEVERITY",
    "MISMATCH_MIN",
    "MISMATCH_MARGIN",
    "MISMATCH_WORDS",
    "REPLACED_MIN",
]

#: A pasted text "matches another rule far better" when that rule scores at least this
#: (rapidfuzz ``partial_ratio``, 0–100, numbers masked, typography folded) …
MISMATCH_MIN = 85.0
#: … and at least this much more than the cited rule.
MISMATCH_MARGIN = 15.0
#: A removed rule's text this similar (0–100) to a rule of the target names what replaced it.
REPLACED_MIN = 80.0
#: Pasted text shorter than this many words is never tested (a paraphrase, not a quote).
MISMATCH_WORDS = 6


class AsOf(enum.Enum):
    """Where the release a citation is read against comes from."""

    STAMP = "stamp"  #: its own date stamp
    TARGET = "target"  #: the target release (``--release``, ``--pin`` or the newest),
    #: or for ``cite-migrate --from R1`` the release R1
    INFERRED = "inferred"  #: the number is not in either: the latest release that has it


@dataclass(frozen=True)
class NumberCheck:
    """One cited number, checked.

    Attributes:
        number: the number cited.
        verdict: see :class:`Verdict`.
        release: the release it was read against (``None`` when in no stored release).
        now: its number(s) in the target (``()`` when none).
        note: why, in words (removed when, what the number names now, …).
        diff: for ``changed``: the word diff ``[-old-]{+new+}`` from ``release`` to the target.
        match: for ``mismatch``: the rule of ``release`` the pasted text matches (its number
            in the target is ``now``); for ``gone``: the target's rule closest to the removed
            one's text (what replaced it), if any.
        score: for ``mismatch``: ``(cited rule, matching rule)`` similarity, 0–100; for
            ``gone``: ``(0, similarity of the closest rule)``.
    """

    number: RuleNumber
    verdict: Verdict
    release: Release | None
    now: tuple[RuleNumber, ...] = ()
    note: str = ""
    diff: str | None = None
    match: RuleNumber | None = None
    score: tuple[float, float] | None = None

    def as_json(self) -> dict:
        """``{number, verdict, release, now, note, diff, match, score}`` (numbers as strings,
        the release as its effective date)."""
        return {
            "number": str(self.number),
            "verdict": self.verdict.value,
            "release": _when(self.release),
            "now": [str(n) for n in self.now],
            "note": self.note,
            "diff": self.diff,
            "match": str(self.match) if self.match else None,
            "score": [round(x, 1) for x in self.score] if self.score else None,
        }


@dataclass(frozen=True)
class CheckedCitation:
    """A citation of a source file with its verdict.

    Attributes:
        file: the file's path as given or found.
        citation: the citation as read.
        release: the release it is read against (its first number's), or ``None``.
        as_of: where that release comes from.
        target: the target release.
        verdict: the most serious verdict of its numbers (:data:`SEVERITY`).
        checks: one per number, in order.
        note: about the citation as a whole (malformed reason, stamp typo).
        suggestion: the citation as written with every moved number rewritten (and its date
            stamp set to the target's effective date), when every one of them can be written
            in place; else ``None``.
    """

    file: str
    citation: SourceCitation
    release: Release | None
    as_of: AsOf
    target: Release
    verdict: Verdict
    checks: tuple[NumberCheck, ...] = ()
    note: str = ""
    suggestion: str | None = None

    def as_json(self) -> dict:
        """The record of a JSON line (keys in a fixed order; see README)."""
        c = self.citation
        return {
            "kind": "citation",
            "file": self.file,
            "line": c.line,
            "column": c.column,
            "text": c.text,
            "syntax": c.syntax.value,
            "region": c.region.value,
            "numbers": [str(n) for n in c.numbers],
            "release": _when(self.release),
            "as_of": self.as_of.value,
            "target": _when(self.target),
            "verdict": self.verdict.value,
            "suggestion": self.suggestion,
            "note": self.note,
            "stamp": None
            if c.stamp is None
            else {
                "written": c.stamp.written,
                "date": c.stamp.date.isoformat() if c.stamp.date else None,
                "flag": c.stamp.flag,
            },
            "identifier": c.identifier,
            "quote": c.quote,
            "checks": [k.as_json() for k in self.checks],
        }


def _when(rel: Release | None) -> str | None:
    if rel is None:
        return None
    return rel.effective_date.isoformat() if rel.effective_date else rel.label


def _diff_text(old: str, new: str) -> str:
    out = []
    for op, t in word_diff(old, new):
        out.append(t if op == "equal" else f"[-{t}-]" if op == "delete" else f"{{+{t}+}}")
    return "".join(out)


def _key(text: str) -> str:
    return compare_form(mask_references(text)).lower()


@dataclass
class _Texts:
    """Comparison keys of one release's rules, for mismatch tests."""

    numbers: list[RuleNumber] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)


class CitationChecker:
    """Checks citations against a chain of releases (one language, normally EN).

    Args:
        chain: a :class:`mtgcr.crossref.chain.Chain`.
        target: the target release's position in the chain (default: the newest).
        read_against: the position of the release citations without a stamp are read
            against (default: the target).
        stamps: read a stamped citation against its stamp's release (else against
            ``read_against`` like the others).

    The lineage (every consecutive alignment) is built on first need only: a tree whose
    citations are all read against the target never aligns anything.
    """

    def __init__(
        self, chain, target: int | None = None, read_against: int | None = None, stamps: bool = True
    ) -> None:
        self.chain = chain
        self.k_target = len(chain) - 1 if target is None else target
        self.k_read = self.k_target if read_against is None else read_against
        self.stamps = stamps
        self.target = chain.releases[self.k_target]
        self._dates = [r.effective_date or date.min for r in chain.releases]
        self._ids = {info.id: k for k, info in enumerate(chain.infos)}
        self._have: dict[RuleNumber, list[int]] = {}
        self._lineage = None
        self._remaps: dict[tuple[RuleNumber, int], tuple[tuple[RuleNumber, ...], str]] = {}
        self._texts: dict[int, _Texts] = {}
        self._mismatches: dict[tuple, tuple[RuleNumber, float, float] | None] = {}
        self._checks: dict[tuple, tuple[NumberCheck, AsOf]] = {}
        self._citations: dict[tuple, tuple] = {}

    # -- releases ------------------------------------------------------------------------
    def release_for(self, when: date) -> tuple[int, str]:
        """The chain position of the release whose effective date is the latest on or before
        ``when``, and a note when there is none (then the oldest)."""
        k = bisect.bisect_right(self._dates, when) - 1
        if k < 0:
            return 0, (
                f"the stamp {when.isoformat()} is older than every stored release; read "
                f"against the oldest ({_when(self.chain.releases[0])}): ingest older releases"
            )
        return k, ""

    def has(self, k: int, n: RuleNumber) -> bool:
        """True if release ``k`` of the chain has rule (or section) ``n``."""
        return k in self._holders(n)

    def _holders(self, n: RuleNumber) -> list[int]:
        ks = self._have.get(n)
        if ks is None:
            ids = self.chain.store.releases_with_number(str(n), section=n.kind == "section")
            ks = self._have[n] = sorted(self._ids[i] for i in ids if i in self._ids)
        return ks

    def _remap(self, n: RuleNumber, k: int) -> tuple[tuple[RuleNumber, ...], str]:
        if k == self.k_target:
            return (n,), ""
        got = self._remaps.get((n, k))
        if got is None:
            lineage = self._lineage
            if lineage is None:
                lineage = self._lineage = self.chain.lineage()
            r = lineage.remap(n, k, self.k_target)
            got = self._remaps[(n, k)] = (tuple(r.numbers), r.reason)
        return got

    def _rule_text(self, k: int, n: RuleNumber) -> str | None:
        rs: Ruleset = self.chain.ruleset(k)
        if n.kind == "section":
            s = rs.sections.get(n)
            return s.title if s else None
        r = rs.rules.get(n)
        return r.text if r else None

    def _keys(self, k: int) -> _Texts:
        t = self._texts.get(k)
        if t is None:
            t = self._texts[k] = _Texts()
            for n, r in self.chain.ruleset(k).rules.items():
                t.numbers.append(n)
                t.keys.append(_key(r.text))
        return t

    # -- one number ----------------------------------------------------------------------
    def _mismatch(
        self, n: RuleNumber, k: int, quote: str
    ) -> tuple[RuleNumber, float, float] | None:
        """The rule of release ``k`` the quote matches far better than ``n``'s, if any (quotes
        of fewer than :data:`MISMATCH_WORDS` words are never a mismatch; results cached)."""
        if len(quote.split()) < MISMATCH_WORDS:
            return None
        key = (n, k, quote)
        if key in self._mismatches:
            return self._mismatches[key]
        q = _key(quote)
        own = self._rule_text(k, n) if n.kind != "section" else None
        own_score = fuzz.partial_ratio(q, _key(own)) if own else 0.0
        found = None
        if own_score < MISMATCH_MIN:
            texts = self._keys(k)
            floor = 0.6 * len(q)
            hit = process.extractOne(
                q,
                [t if len(t) >= floor else "" for t in texts.keys],
                scorer=fuzz.partial_ratio,
                score_cutoff=max(MISMATCH_MIN, own_score + MISMATCH_MARGIN),
            )
            if hit is not None and texts.numbers[hit[2]] != n:
                found = (texts.numbers[hit[2]], own_score, hit[1])
        self._mismatches[key] = found
        return found

    def check_number(
        self, n: RuleNumber, k: int, as_of: AsOf, quote: str | None = None
    ) -> tuple[NumberCheck, AsOf]:
        """Check number ``n`` read against release ``k`` (see the module docstring; results
        are cached: a tree cites the same rules many times).

        Returns:
            ``(check, where the release it was finally read against comes from)``.
        """
        key = (n, k, as_of, quote)
        got = self._checks.get(key)
        if got is None:
            got = self._checks[key] = self._check_number(n, k, as_of, quote)
        return got

    def _check_number(
        self, n: RuleNumber, k: int, as_of: AsOf, quote: str | None
    ) -> tuple[NumberCheck, AsOf]:
        rels = self.chain.releases
        note = ""
        if not self.has(k, n):
            holders = self._holders(n)
            upto = [i for i in holders if i <= max(k, self.k_target)]
            if not upto:
                later = (
                    f"; it first appears in {_when(rels[holders[0]])}, after the target"
                    if holders
                    else ""
                )
                return NumberCheck(
                    n,
                    Verdict.ABSENT,
                    None,
                    note=f"{n} is in no stored release up to "
                    f"{_when(rels[max(k, self.k_target)])}{later}",
                ), as_of
            if quote:
                mm = self._mismatch(n, k, quote)
                if mm:
                    return self._mismatch_check(n, k, mm, f"{n} is not in {_when(rels[k])}"), as_of
            k2 = max(i for i in upto if i <= k) if any(i <= k for i in upto) else min(upto)
            note = (
                f"{n} is not in {_when(rels[k])}; read against {_when(rels[k2])}, the "
                f"latest release that has it"
            )
            k, as_of = k2, AsOf.INFERRED
        if quote:
            mm = self._mismatch(n, k, quote)
            if mm:
                return self._mismatch_check(n, k, mm, note), as_of
        now, why = self._remap(n, k)
        rel = rels[k]
        join = lambda *xs: "; ".join(x for x in xs if x)
        if now == (n,):
            old, new = self._rule_text(k, n), self._rule_text(self.k_target, n)
            if (
                k != self.k_target
                and old is not None
                and new is not None
                and text_sha256(mask_references(old)) != text_sha256(mask_references(new))
            ):
                return NumberCheck(
                    n,
                    Verdict.CHANGED,
                    rel,
                    now,
                    join(
                        note,
                        f"the wording of {n} changed between {_when(rel)} and {_when(self.target)}",
                    ),
                    diff=_diff_text(old, new),
                ), as_of
            return NumberCheck(n, Verdict.CURRENT, rel, now, note), as_of
        if now:
            extra = f"split: also {', '.join(map(str, now[1:]))}" if len(now) > 1 else ""
            return NumberCheck(
                n,
                Verdict.MOVED,
                rel,
                now,
                join(note, f"{n} of {_when(rel)} is {now[0]} in {_when(self.target)}", extra),
            ), as_of
        names = ""
        if self.has(self.k_target, n):
            names = f"{n} now names another rule"
        closest = self._closest(n, k)
        if closest is not None:
            names = join(
                names,
                f"its text is closest to {closest[0]} of {_when(self.target)} "
                f"(similarity {closest[1]:.0f}/100)",
            )
        return NumberCheck(
            n,
            Verdict.GONE,
            rel,
            (),
            join(note, why, names),
            match=closest[0] if closest else None,
            score=(0.0, closest[1]) if closest else None,
        ), as_of

    def _closest(self, n: RuleNumber, k: int) -> tuple[RuleNumber, float] | None:
        """The target's rule whose text is closest to ``n``'s text in release ``k``
        (rapidfuzz ``token_set_ratio`` ≥ :data:`REPLACED_MIN`, numbers masked): what
        replaced a removed rule, if anything did."""
        old = self._rule_text(k, n) if n.kind != "section" else None
        if not old:
            return None
        texts = self._keys(self.k_target)
        hit = process.extractOne(
            _key(old), texts.keys, scorer=fuzz.token_set_ratio, score_cutoff=REPLACED_MIN
        )
        return (texts.numbers[hit[2]], hit[1]) if hit else None

    def _mismatch_check(self, n: RuleNumber, k: int, mm, note: str) -> NumberCheck:
        other, own_score, score = mm
        now, _ = self._remap(other, k)
        there = f" ({now[0]} in {_when(self.target)})" if now and now[0] != other else ""
        return NumberCheck(
            n,
            Verdict.MISMATCH,
            self.chain.releases[k],
            now,
            "; ".join(
                x
                for x in (
                    note,
                    f"the text beside {n} is {other} of {_when(self.chain.releases[k])}{there}",
                )
                if x
            ),
            match=other,
            score=(own_score, score),
        )

    # -- one citation --------------------------------------------------------------------
    def check(self, file: str, cit: SourceCitation) -> CheckedCitation:
        """Check one citation of ``file`` (see the module docstring). Citations written
        alike (same syntax, text, pasted text and stamp) are checked once."""
        key = (cit.syntax, cit.text, cit.quote, cit.stamp.written if cit.stamp else None)
        hit = self._citations.get(key)
        if hit is not None:
            return CheckedCitation(file, cit, *hit)
        out = self._check(file, cit)
        self._citations[key] = (
            out.release,
            out.as_of,
            out.target,
            out.verdict,
            out.checks,
            out.note,
            out.suggestion,
        )
        return out

    def _check(self, file: str, cit: SourceCitation) -> CheckedCitation:
        if cit.syntax is Syntax.PLACEHOLDER:
            return CheckedCitation(
                file,
                cit,
                None,
                AsOf.TARGET,
                self.target,
                Verdict.PLACEHOLDER,
                note="a placeholder: no rule to check",
            )
        k, as_of, notes = self.k_read, AsOf.TARGET, []
        if cit.stamp is not None and self.stamps:
            if cit.stamp.flag:
                notes.append(f"stamp {cit.stamp.flag}")
            if cit.stamp.date is not None:
                k, why = self.release_for(cit.stamp.date)
                as_of = AsOf.STAMP
                if why:
                    notes.append(why)
        if cit.malformed:
            return CheckedCitation(
                file,
                cit,
                self.chain.releases[k],
                as_of,
                self.target,
                Verdict.MALFORMED,
                note="; ".join([cit.malformed, *notes]),
            )
        checks, first_as_of = [], None
        for n in cit.numbers:
            chk, got = self.check_number(n, k, as_of, cit.quote if len(cit.numbers) == 1 else None)
            checks.append(chk)
            first_as_of = first_as_of or got
        verdict = max((c.verdict for c in checks), key=SEVERITY.index, default=Verdict.MALFORMED)
        release = checks[0].release if checks else None
        out = CheckedCitation(
            file,
            cit,
            release,
            first_as_of or as_of,
            self.target,
            verdict,
            tuple(checks),
            "; ".join(notes),
        )
        if verdict is Verdict.MOVED:
            from mtgcr.crossref.cite.source_migrate import citation_edits, apply_edits

            plan = citation_edits(out, rename=True, stamp_to=self.target.effective_date)
            if not plan.problems:
                text = apply_edits(cit.text, [e.shifted(-cit.start) for e in plan.edits])
                out = CheckedCitation(**{**out.__dict__, "suggestion": text})
        return out


# -- controls --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Control:
    """One built-in control: a small source text, the verdicts it must give, what it gave."""

    name: str
    source: str
    expected: tuple[Verdict, ...]
    got: tuple[Verdict, ...]

    @property
    def ok(self) -> bool:
        """True when the control gave exactly what it must."""
        return self.expected == self.got

    def as_json(self) -> dict:
        """``{name, source, expected, got, ok}``."""
        return {
            "name": self.name,
            "source": self.source,
            "expected": [v.value for v in self.expected],
            "got": [v.value for v in self.got],
            "ok": self.ok,
        }


def run_controls(checker: CitationChecker) -> list[Control]:
    """Check known-good and known-bad citations through the reader and the checker, as the
    engines' own sweeps do: the first rule of the target must be ``current``; a number in no
    release (section 999 does not exist in any release) ``absent``; ``CR 701.x`` a
    placeholder; ``CR 704.5l`` malformed (no ``l`` subrules); and numbers that are not
    citations (a year, a version, ``0.5``, an array size) must give nothing.

    Returns:
        The controls, each with what it gave; a control fails when :attr:`Control.ok` is False.
    """
    rs = checker.chain.ruleset(checker.k_target)
    good = next(iter(rs.rules), None)
    cases = [
        ("known-good", f"// CR {good}: first rule of the target\n", (Verdict.CURRENT,)),
        ("known-bad", "// CR 999.999z\n", (Verdict.ABSENT,)),
        ("placeholder", "/// CR 701.x\n", (Verdict.PLACEHOLDER,)),
        ("malformed", "// See CR 704.5l\n", (Verdict.MALFORMED,)),
        ("not-citations", "int[] a = new int[100]; double v = 0.5; // since 2009, v1.2.3\n", ()),
    ]
    out = []
    for name, src, want in cases:
        got = tuple(
            checker.check("<control>", c).verdict for c in find_source_citations(src, Family.C)
        )
        out.append(Control(name, src.strip(), want, got))
    return out


def pin_release(chain, pinned: Ruleset) -> tuple[int, str]:
    """The release of a CR copy kept beside an engine (``--pin FILE``).

    The copy's stated effective date picks the stored release of that date when most of its
    rules (90 %) have that release's text; otherwise its text is compared with every stored
    release (:func:`mtgcr.crossref.identify.identify`) and the newest best match wins.

    Args:
        chain: the chain of the copy's language.
        pinned: the copy, parsed.

    Returns:
        ``(chain position, how it was identified)``.

    Raises:
        ValueError: nothing in the store matches the copy.
    """
    when = pinned.release.effective_date
    for k, rel in enumerate(chain.releases):
        if when is not None and rel.effective_date == when:
            rs = chain.ruleset(k)
            same = sum(
                1
                for n, r in pinned.rules.items()
                if n in rs.rules and text_sha256(rs.rules[n].text) == text_sha256(r.text)
            )
            if pinned.rules and same >= 0.9 * len(pinned.rules):
                return (
                    k,
                    f"by its date ({when.isoformat()}) and text ({same}/{len(pinned.rules)} rules)",
                )
    from mtgcr.crossref.identify import identify

    ident = identify(pinned, [chain.ruleset(k) for k in range(len(chain))])
    if not ident.best:
        raise ValueError("the pinned copy matches no stored release")
    best = ident.best[-1].release
    for k, rel in enumerate(chain.releases):
        if rel.label == best or _when(rel) == best:
            return k, f"by its text (identify: {best})"
    raise ValueError(f"the pinned copy matches {best}, which is not in the release chain")
