"""Checking the CR citations of engine source trees against the releases in the store.

Each citation read by :mod:`mtgcr.extract.citations.source` is checked number by number:

1. **the release it was written against**, from evidence (:mod:`mtgcr.crossref.cite.evidence`):
   its own date stamp; else the date its line was written (git), narrowed by the title or
   quote beside it; else the title or quote alone (the latest release up to the target in
   which the number had it); else the file's journal release, ``--from R``, or the target
   (``assumed``). A number that is not in that release is read against the latest release
   up to it that has it (``inferred``).
2. **the target**: ``--release R``, the release of a pinned CR copy (``--pin FILE``,
   :func:`pin_release`), else the newest stored release.
3. **the verdict** (:class:`~mtgcr.crossref.cite.verdicts.Verdict`), through the alignment
   chain (:class:`~mtgcr.crossref.cite.target_map.TargetMap`): ``current``; ``moved`` (another
   number in the target: given); ``changed`` (same number, wording changed since: word diff);
   ``gone`` (removed; why); ``absent`` (in no stored release up to the target);
   ``mismatch`` (the title or quote beside the number is another rule's, or contradicts the
   stamp: the rule it belongs to, in the target, is the suggestion); ``placeholder``
   (``CR 701.x``, or ``CR 704.5x`` where no stored release has 704.5x); ``malformed``.

Every number also says whether a rewrite of it is **certain** (:attr:`NumberCheck.certain`):
only when the alignment gives exactly one number and every piece of evidence on the line
agrees — the stamp, the line's date, the title or quote (which must fit the new number of the
target too). Otherwise :attr:`NumberCheck.reason` says why it is left to a human.

A citation's verdict is the most serious of its numbers' (:data:`SEVERITY`). Built-in controls
(:func:`run_controls`) check known-good and known-bad citations through the same reader and
checker on every run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from mtgcr.crossref.anchor import text_sha256
from mtgcr.crossref.cite.evidence import (
    EXACT,
    rule_distance,
    GIT_GRACE,
    AFTER_GRACE,
    AsOf,
    Evidence,
    EvidenceKind,
    ReleaseDates,
    TextEvidence,
    text_evidence,
    text_fits,
)
from mtgcr.crossref.cite.rule_index import QUOTE_WORDS, RuleIndex, title_words
from mtgcr.crossref.textkey import match_key
from rapidfuzz import fuzz
from mtgcr.crossref.cite.target_map import TargetMap
from mtgcr.crossref.cite.verdicts import SEVERITY, STALE, Verdict
from mtgcr.crossref.worddiff import word_diff
from mtgcr.extract.citations.comments import Family
from mtgcr.extract.citations.source import (
    SourceCitation,
    StampScope,
    Syntax,
    find_source_citations,
)
from mtgcr.extract.model import Release, Ruleset
from mtgcr.extract.references import mask_references
from mtgcr.extract.rulenum import RuleNumber

#: Words after a number that score at least this (0–100) against its text read like it.
LOOSE = 70.0
#: Readings that rest on a date alone (the line's, or a default): the words beside the number
#: may still overrule them.
_DATED_ONLY = frozenset({AsOf.GIT, AsOf.DEFAULT, AsOf.JOURNAL})
#: Words that say nothing about which rule is meant.
_STOPWORDS = frozenset(
    "the a an of and or to in on for is are be it its this that with as by at from not no "
    "cr rule see per when if then can may must all any each one two here also only".split()
)

__all__ = [
    "Verdict",
    "AsOf",
    "NumberCheck",
    "CheckedCitation",
    "CitationChecker",
    "Context",
    "Control",
    "run_controls",
    "pin_release",
    "SEVERITY",
    "STALE",
]


@dataclass(frozen=True)
class NumberCheck:
    """One cited number, checked.

    Attributes:
        number: the number cited.
        verdict: see :class:`~mtgcr.crossref.cite.verdicts.Verdict`.
        release: the release it was read against (``None`` when in no stored release, or
            when only the words beside it say which rule it is).
        as_of: where that release comes from.
        now: its number(s) in the target; for ``mismatch``, the number(s) in the target of
            the rule the words beside it belong to (``()`` when none).
        note: why, in words.
        diff: for ``changed``: the word diff ``[-old-]{+new+}`` from ``release`` to the target.
        match: for ``mismatch``: the rule the words beside it are (in ``match_release``).
        score: for a quote that decided: its score against the rule it matched (0–100).
        evidence: every piece of evidence, each saying whether it agrees.
        certain: a rewrite to ``now[0]`` is certain (see the module docstring); also true of
            a ``current`` or ``changed`` number whose evidence agrees.
        reason: why it is not certain, else ``""``.
    """

    number: RuleNumber
    verdict: Verdict
    release: Release | None
    as_of: AsOf
    now: tuple[RuleNumber, ...] = ()
    note: str = ""
    diff: str | None = None
    match: RuleNumber | None = None
    score: float | None = None
    evidence: tuple[Evidence, ...] = ()
    certain: bool = True
    reason: str = ""

    def as_json(self) -> dict:
        """``{number, verdict, release, as_of, now, note, diff, match, score, certain,
        reason, evidence}`` (numbers as strings, the release by name)."""
        return {
            "number": str(self.number),
            "verdict": self.verdict.value,
            "release": self.release.name if self.release else None,
            "as_of": self.as_of.value,
            "now": [str(n) for n in self.now],
            "note": self.note,
            "diff": self.diff,
            "match": str(self.match) if self.match else None,
            "score": round(self.score, 1) if self.score is not None else None,
            "certain": self.certain,
            "reason": self.reason,
            "evidence": [e.as_json() for e in self.evidence],
        }


def _check_record(c: NumberCheck) -> list:
    return [
        str(c.number),
        c.verdict.value,
        c.release.name if c.release else None,
        c.as_of.value,
        [str(n) for n in c.now],
        c.note,
        c.diff,
        str(c.match) if c.match else None,
        c.score,
        [[e.kind.value, list(e.releases), e.agrees, e.detail] for e in c.evidence],
        c.certain,
        c.reason,
    ]


def _check_from(rec: list, releases: dict[str, Release]) -> NumberCheck:
    num, v, rel, as_of, now, note, diff, match, score, ev, certain, reason = rec
    parse = RuleNumber.parse
    return NumberCheck(
        parse(num),
        Verdict(v),
        releases[rel] if rel is not None else None,
        AsOf(as_of),
        tuple(parse(n) for n in now),
        note,
        diff,
        parse(match) if match else None,
        score,
        tuple(Evidence(EvidenceKind(k), tuple(r), a, d) for k, r, a, d in ev),
        certain,
        reason,
    )


@dataclass(frozen=True)
class CheckedCitation:
    """A citation of a source file with its verdict.

    Attributes:
        file: the file's path as given or found.
        citation: the citation as read.
        release: the release its first number was read against, or ``None``.
        as_of: where that release comes from.
        target: the target release.
        verdict: the most serious verdict of its numbers (:data:`SEVERITY`).
        checks: one per number, in order.
        note: about the citation as a whole (malformed reason, stamp typo).
        suggestion: the citation as written with every moved or mismatched number rewritten
            (and its date stamp set to the target's effective date), when each has exactly one
            number in the target and can be written in place; else ``None``. A suggestion is
            applied by ``cite-migrate`` only when :attr:`certain`.
        line_date: the date its line was written (git), when known.
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
    line_date: date | None = None

    @property
    def certain(self) -> bool:
        """True when every number's reading is certain (a suggestion may then be applied)."""
        return all(c.certain for c in self.checks) and self.verdict is not Verdict.MALFORMED

    @property
    def stale(self) -> bool:
        """True when the verdict says the citation names the wrong rule now (:data:`STALE`)."""
        return self.verdict in STALE

    @property
    def reason(self) -> str:
        """Why a rewrite is not certain (the numbers' reasons), else ``""``."""
        return "; ".join(dict.fromkeys(c.reason for c in self.checks if c.reason))

    def to_record(self) -> list:
        """Everything but the file name and the target, JSON-ready (for result caches);
        :meth:`from_record` reads it back."""
        return [
            self.citation.to_record(),
            self.release.name if self.release else None,
            self.as_of.value,
            self.verdict.value,
            [_check_record(c) for c in self.checks],
            self.note,
            self.suggestion,
            self.line_date.isoformat() if self.line_date else None,
        ]

    @classmethod
    def from_record(
        cls, rec: list, file: str, target: Release, releases: dict[str, Release]
    ) -> "CheckedCitation":
        """The checked citation :meth:`to_record` wrote, for ``file`` checked against
        ``target``; ``releases`` maps release names to the chain's releases."""
        cit, rel, as_of, verdict, checks, note, sugg, ld = rec
        return cls(
            file,
            SourceCitation.from_record(cit),
            releases[rel] if rel is not None else None,
            AsOf(as_of),
            target,
            Verdict(verdict),
            tuple(_check_from(c, releases) for c in checks),
            note,
            sugg,
            date.fromisoformat(ld) if ld else None,
        )

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
            "release": self.release.name if self.release else None,
            "as_of": self.as_of.value,
            "target": self.target.name,
            "verdict": self.verdict.value,
            "suggestion": self.suggestion,
            "certain": self.certain,
            "reason": self.reason,
            "note": self.note,
            "stamp": None
            if c.stamp is None
            else {
                "written": c.stamp.written,
                "date": c.stamp.date.isoformat() if c.stamp.date else None,
                "flag": c.stamp.flag,
                "scope": c.stamp.scope.value,
            },
            "line_date": self.line_date.isoformat() if self.line_date else None,
            "identifier": c.identifier,
            "title": c.title,
            "quote": c.quote,
            "checks": [k.as_json() for k in self.checks],
        }


@dataclass(frozen=True)
class Context:
    """What is known about a citation besides its text.

    Attributes:
        line_date: the date its line got its current text (git), or ``None``.
        family: ``(release position, rule, title)`` of a heading citation just above
            (``702.97. Cipher``) whose title dates it: its subrules cited below it without
            words of their own are read in that release.
        line_span: instead of the exact date, the dates between which the line was written
            (the file's first commit and its current version), when every release between
            them reads the citation alike (then ``line_date`` is the later one).
        inner: ``(release position, number)`` when it is a reference inside rule text pasted
            beside an earlier citation, read against that quote's release.
        default: the chain position and kind (``JOURNAL`` or ``DEFAULT``) of the release read
            when there is no evidence, or ``None`` for the target (``ASSUMED``).
    """

    line_date: date | None = None
    inner: tuple[int, RuleNumber] | None = None
    default: tuple[int, AsOf] | None = None
    line_span: tuple[date, date] | None = None
    family: tuple[int, RuleNumber, str] | None = None


def _diff_text(old: str, new: str) -> str:
    out = []
    for op, t in word_diff(old, new):
        out.append(t if op == "equal" else f"[-{t}-]" if op == "delete" else f"{{+{t}+}}")
    return "".join(out)


def _join(*parts: str) -> str:
    return "; ".join(p for p in parts if p)


class CitationChecker:
    """Checks citations against a chain of releases (one language, normally EN).

    Args:
        chain: a :class:`mtgcr.crossref.chain.Chain`.
        target: the target release's position in the chain (default: the newest).
        default: the position of the release citations without evidence are read against
            (``--from R``; default: the target, ``assumed``).
        index: the chain's :class:`~mtgcr.crossref.cite.rule_index.RuleIndex` (built from
            the chain's store when not given).
        stamps: honour date stamps (``False``: read stamped citations like the others).

    The lineage (the consecutive alignments) is read on first need only: a tree whose
    citations all read against the target follows nothing.
    """

    def __init__(
        self,
        chain,
        target: int | None = None,
        default: int | None = None,
        index: RuleIndex | None = None,
        stamps: bool = True,
    ) -> None:
        self.chain = chain
        self.k_target = len(chain) - 1 if target is None else target
        self.default = default
        self.stamps = stamps
        self.releases: list[Release] = chain.releases
        self.target = self.releases[self.k_target]
        self.names = [r.name for r in self.releases]
        self.index = index or RuleIndex.from_store(chain.store, [i.id for i in chain.infos])
        self.dates = ReleaseDates([r.effective_date or date.min for r in self.releases])
        self.map = TargetMap(chain.lineage, self.names, self.k_target, self.index.has)
        self._numbers: dict[tuple, NumberCheck] = {}
        self._text: dict[tuple, TextEvidence] = {}

    # -- what counts -----------------------------------------------------------------------
    def is_citation(self, cit: SourceCitation) -> bool:
        """False for a number read by a weak syntax (``(613.10)``, a number in prose) that no
        stored release has: it is not counted as a citation."""
        if not cit.weak:
            return True
        return any(self.index.holders(n) for n in cit.numbers)

    def date_matters(self, cit: SourceCitation, since: date) -> bool:
        """False when the date of ``cit``'s line cannot change its reading: it has a stamp of
        its own, or every number of it reads the same text in every release from the one in
        force on ``since`` (the file's first commit) to the target."""
        if cit.malformed or cit.syntax is Syntax.PLACEHOLDER:
            return False
        if self.stamps and cit.stamp is not None and cit.stamp.date is not None:
            return False
        k, _ = self.dates.in_force(since)
        return not all(self.index.stable(n, k, self.k_target) for n in cit.numbers)

    # -- one citation ----------------------------------------------------------------------
    def check(self, file: str, cit: SourceCitation, ctx: Context = Context()) -> CheckedCitation:
        """Check one citation of ``file`` (see the module docstring).

        Args:
            file: the file's name as reported.
            cit: the citation.
            ctx: its line's date, an enclosing quote, the default release.
        """
        notes = []
        if cit.stamp is not None and cit.stamp.flag:
            notes.append(f"stamp {cit.stamp.flag}")
        if cit.syntax is Syntax.PLACEHOLDER or cit.malformed:
            placeholder = cit.syntax is Syntax.PLACEHOLDER
            return CheckedCitation(
                file,
                cit,
                None,
                AsOf.ASSUMED,
                self.target,
                Verdict.PLACEHOLDER if placeholder else Verdict.MALFORMED,
                note="a placeholder: no rule to check"
                if placeholder
                else _join(cit.malformed, *notes),
                line_date=None if placeholder else ctx.line_date,
            )
        single = len(cit.numbers) == 1
        placeholders = {t.number for t in cit.tokens if t.placeholder_like}
        checks = []
        for n in cit.numbers:
            if n in placeholders and not self.index.holders(n):
                checks.append(
                    NumberCheck(
                        n,
                        Verdict.PLACEHOLDER,
                        None,
                        AsOf.ASSUMED,
                        note=f"{n} is no rule of any stored release: a placeholder",
                    )
                )
                continue
            checks.append(self.check_number(n, cit, ctx, single))
        verdict = max((c.verdict for c in checks), key=SEVERITY.index, default=Verdict.MALFORMED)
        first = checks[0] if checks else None
        out = CheckedCitation(
            file,
            cit,
            first.release if first else None,
            first.as_of if first else AsOf.ASSUMED,
            self.target,
            verdict,
            tuple(checks),
            _join(*notes),
            line_date=ctx.line_date,
        )
        if verdict in (Verdict.MOVED, Verdict.MISMATCH):
            from mtgcr.crossref.cite.source_migrate import apply_edits, citation_edits

            plan = citation_edits(out, rename=True, stamp_to=self.target.effective_date, force=True)
            if plan.edits and not plan.problems:
                text = apply_edits(cit.text, [e.shifted(-cit.start) for e in plan.edits])
                out = replace(out, suggestion=text)
        return out

    # -- one number ------------------------------------------------------------------------
    def text_of(self, n: RuleNumber, cit: SourceCitation) -> TextEvidence:
        """What the title and quote beside ``n`` say (cached per number, title and quote)."""
        key = (n, cit.title, cit.quote)
        got = self._text.get(key)
        if got is None:
            got = self._text[key] = text_evidence(self.index, n, cit.title, cit.quote)
        return got

    def check_number(
        self, n: RuleNumber, cit: SourceCitation, ctx: Context, single: bool = True
    ) -> NumberCheck:
        """Check number ``n`` of citation ``cit`` (module docstring). Results are cached by
        everything they depend on: a tree cites the same rules, written alike, many times."""
        stamp_k = None
        stamp_note = ""
        if self.stamps and cit.stamp is not None and cit.stamp.date is not None:
            stamp_k, ok = self.dates.in_force(cit.stamp.date)
            if not ok:
                stamp_note = (
                    f"the stamp {cit.stamp.date.isoformat()} is older than every stored "
                    f"release; read against the oldest ({self.names[0]}): ingest older releases"
                )
        git = None
        if ctx.line_date is not None and ctx.inner is None:
            g, known = self.dates.in_force(ctx.line_date)
            bound, _ = self.dates.in_force(ctx.line_date + GIT_GRACE)
            if known:  # a line older than every stored release says nothing about them
                git = (g, bound)
        words = (cit.title, cit.quote) if single and ctx.inner is None else (None, None)
        key = (n, words, stamp_k, stamp_note, git, ctx)
        got = self._numbers.get(key)
        if got is None:
            got = self._numbers[key] = self._check_number(
                n, cit, words, stamp_k, stamp_note, git, ctx
            )
        return got

    def _check_number(
        self,
        n: RuleNumber,
        cit: SourceCitation,
        words: tuple[str | None, str | None],
        stamp_k: int | None,
        stamp_note: str,
        git: tuple[int, int] | None,
        ctx: Context,
    ) -> NumberCheck:
        name = self.names
        if ctx.inner is not None:
            k_quote, container = ctx.inner
            ev = Evidence(
                EvidenceKind.QUOTE,
                (name[k_quote],),
                True,
                f"a reference inside the rule text pasted beside {container} ({name[k_quote]})",
            )
            chk = self._read(n, k_quote, AsOf.QUOTED, [ev], "", TextEvidence(), (None, None))
            if chk.verdict is not Verdict.CURRENT:
                chk = replace(
                    chk,
                    certain=False,
                    reason=f"a reference inside the rule text pasted beside {container}: "
                    f"update the quote by hand",
                )
            return chk
        title, quote = words
        tev = self.text_of(n, cit) if (title or quote) else TextEvidence()
        conf = tev.confirms
        fam = ctx.family
        if (
            fam is not None
            and not conf
            and not tev.others
            and n.kind == "subrule"
            and n.parent == fam[1]
            and self.index.has(n, fam[0])
        ):
            # under a heading whose title dates it (702.97. Cipher): read in its release
            tev = replace(tev, title_ks=[fam[0]], heading=f"{fam[1]} {fam[2]}")
            conf = tev.confirms
        evidence: list[Evidence] = []
        conflict = ""
        k: int
        if stamp_k is not None:
            k, as_of = stamp_k, AsOf.STAMP
            assert cit.stamp is not None
            evidence.append(
                Evidence(
                    EvidenceKind.STAMP,
                    (name[k],),
                    True,
                    f"stamp {cit.stamp.written}: {name[k]} in force"
                    + (
                        f" (under the heading CR {cit.stamp.written})"
                        if cit.stamp.scope is StampScope.BLOCK
                        else ""
                    ),
                )
            )
            if conf and k not in conf:
                q = min(conf, key=lambda x: abs(x - k))
                meant = self.map.numbers(n, q)[0]
                if meant != self.map.numbers(n, k)[0]:
                    # the words say which rule: the citation is stale, the stamp disputed
                    note = (
                        f"the {tev.kind.value} beside {n} is {n} of {name[q]}"
                        + (f" ({meant[0]} in {name[self.k_target]})" if meant else "")
                        + f", but the stamp says {name[k]}, where {n} is another rule"
                    )
                    ev_text = Evidence(tev.kind, (name[q],), False, note)
                    return NumberCheck(
                        n,
                        Verdict.MISMATCH,
                        self.releases[k],
                        as_of,
                        meant,
                        note,
                        match=n,
                        evidence=(*evidence, ev_text),
                        certain=False,
                        reason="the stamp and the words beside the number disagree",
                    )
            elif not conf and tev.others:
                agree = self._others_agree(n, k, tev)
                if agree is None:
                    return self._mismatch(n, k, as_of, tev, evidence, "the stamp", k, words)
                evidence.append(agree)
        elif git is not None:
            g, bound = git
            if ctx.line_span is not None:
                lo = self.dates.in_force(ctx.line_span[0])[0]
                when = (
                    f"line written between {ctx.line_span[0].isoformat()} and "
                    f"{ctx.line_span[1].isoformat()}: {name[lo]} … {name[g]}, which read it alike"
                )
            else:
                when = f"line written {ctx.line_date.isoformat() if ctx.line_date else '?'}: {name[g]} in force"
            git_ev = Evidence(EvidenceKind.GIT, (name[g],), True, when)
            evidence.append(git_ev)
            if conf:
                upto = [q for q in conf if q <= bound]
                if upto:
                    k, as_of = max(upto), AsOf.TEXT
                else:
                    k, as_of = g, AsOf.GIT
                    conflict = (
                        f"the {tev.kind.value} beside {n} is {n} of {name[conf[0]]} or later, "
                        f"newer than the line ({ctx.line_date})"
                    )
            else:
                k, as_of = g, AsOf.GIT
                if tev.others:
                    agree = self._others_agree(n, g, tev)
                    if agree is None:
                        return self._mismatch(
                            n, g, as_of, tev, evidence, "the line's date", bound, words
                        )
                    evidence.append(agree)
                elif ctx.line_date is not None:
                    # the earliest day it may have been written
                    day = ctx.line_span[0] if ctx.line_span is not None else ctx.line_date
                    lag = self._written_before(n, g, day, words)
                    if lag is not None:
                        k, conflict = g - 1, lag.detail
                        evidence.append(lag)
        elif conf:
            upto = [q for q in conf if q <= self.k_target]
            k, as_of = (max(upto) if upto else min(conf)), AsOf.TEXT
        elif tev.others and self._others_agree(n, self._fallback(ctx)[0], tev) is None:
            return self._mismatch(n, None, AsOf.TEXT, tev, evidence, "", None, words)
        elif tev.others:
            k, _ = self._fallback(ctx)
            as_of = AsOf.TEXT
            agree = self._others_agree(n, k, tev)
            assert agree is not None
            evidence.append(agree)
        elif ctx.default is not None or self.default is not None:
            k, as_of = self._fallback(ctx)
            evidence.append(
                Evidence(
                    EvidenceKind.JOURNAL if as_of is AsOf.JOURNAL else EvidenceKind.DEFAULT,
                    (name[k],),
                    True,
                    f"no evidence: read against {name[k]} "
                    + (
                        "(the release the file was migrated to)"
                        if as_of is AsOf.JOURNAL
                        else "(--from)"
                    ),
                )
            )
        else:
            k, as_of = self.k_target, AsOf.ASSUMED
        if conf:
            evidence.append(
                Evidence(
                    tev.kind,
                    tuple(dict.fromkeys((name[conf[0]], name[conf[-1]]))),
                    not conflict,
                    (
                        f"under the heading {tev.heading} of {name[conf[0]]}"
                        if tev.heading
                        else f"the {tev.kind.value} beside it is {n}'s in {name[conf[0]]}"
                        + (f" … {name[conf[-1]]}" if conf[-1] != conf[0] else "")
                    ),
                )
            )
        return self._read(n, k, as_of, evidence, _join(stamp_note, conflict), tev, words)

    def _fallback(self, ctx: Context) -> tuple[int, AsOf]:
        """The release read when there is no evidence: the file's journal release, --from,
        else the target."""
        if ctx.default is not None:
            return ctx.default
        if self.default is not None:
            return self.default, AsOf.DEFAULT
        return self.k_target, AsOf.ASSUMED

    def _others_agree(self, n: RuleNumber, k: int, tev: TextEvidence) -> Evidence | None:
        """When the words beside ``n`` are another number's text (``420.5a`` of 2009, the
        text of 704.5a before the renumbering) that is the same rule as ``n`` read in release
        ``k``, they confirm the reading: the evidence saying so; else ``None``."""
        mine = self.map.numbers(n, k)[0] if self.index.has(n, k) else ()
        if not mine:
            return None
        targets: set[RuleNumber] = set()
        for m, ks, _, _ in tev.others:
            q = k if k in ks else max(ks)
            targets.update(self.map.numbers(m, q)[0][:1])
        if len(targets) != 1 or not targets <= set(mine):
            return None
        m, ks, _, kind = tev.others[0]
        return Evidence(
            kind,
            (self.names[min(ks)], self.names[max(ks)]),
            True,
            f"the {kind.value} beside it is {m} of {self.names[max(ks)]}, the same rule as "
            f"{n} of {self.names[k]}",
        )

    def _read(
        self,
        n: RuleNumber,
        k: int,
        as_of: AsOf,
        evidence: list[Evidence],
        conflict: str,
        tev: TextEvidence,
        words: tuple[str | None, str | None],
    ) -> NumberCheck:
        """``n`` read against release ``k``, followed to the target."""
        ix, T, name, rels = self.index, self.k_target, self.names, self.releases
        ev = tuple(evidence)
        note = ""
        if not ix.has(n, k):
            holders = ix.holders(n)
            upto = [i for i in holders if i <= max(k, T)]
            if not upto:
                later = (
                    f"; it first appears in {name[holders[0]]}, after the target" if holders else ""
                )
                return NumberCheck(
                    n,
                    Verdict.ABSENT,
                    None,
                    as_of,
                    note=f"{n} is in no stored release up to {name[max(k, T)]}{later}",
                    evidence=ev,
                    certain=False,
                    reason="absent",
                )
            k2 = max(i for i in upto if i <= k) if any(i <= k for i in upto) else min(upto)
            note = (
                f"{n} is not in {name[k]}; read against {name[k2]}, the latest release that has it"
            )
            k, as_of = k2, AsOf.INFERRED
        now, why = self.map.numbers(n, k)
        certain, reason = not conflict, conflict
        if as_of is AsOf.INFERRED and certain:
            certain, reason = False, note

        def made(verdict: Verdict, *notes: str, diff: str | None = None) -> NumberCheck:
            return NumberCheck(
                n,
                verdict,
                rels[k],
                as_of,
                now,
                _join(note, conflict, *notes),
                diff=diff,
                evidence=ev,
                certain=certain,
                reason=reason,
            )

        if now == (n,):
            old, new = ix.text(n, k), ix.text(n, T)
            if (
                k != T
                and old is not None
                and new is not None
                and text_sha256(mask_references(old)) != text_sha256(mask_references(new))
            ):
                return made(
                    Verdict.CHANGED,
                    f"the wording of {n} changed between {name[k]} and {name[T]}",
                    diff=_diff_text(old, new),
                )
            return made(Verdict.CURRENT)
        if n in now:
            # split, and the number still names part of the rule: not stale
            others = ", ".join(str(x) for x in now if x != n)
            return made(Verdict.CHANGED, f"{n} of {name[k]} was split: part of it is now {others}")
        if now:
            extra = f"split: also {', '.join(map(str, now[1:]))}" if len(now) > 1 else ""
            if len(now) > 1 and certain:
                certain, reason = False, f"{n} is {' and '.join(map(str, now))} now (split)"
            title, quote = words
            if certain and tev.confirms:
                # the words that dated the number must fit its new number too
                if tev.heading:
                    fits = text_fits(ix, now[0], T, tev.heading.split(" ", 1)[1], None)
                elif tev.quote_ks:
                    fits = text_fits(ix, now[0], T, None, quote)
                else:
                    fits = text_fits(ix, now[0], T, title, None)
                if not fits:
                    certain = False
                    reason = f"the words beside {n} do not fit {now[0]} of {name[T]}"
            if certain and not tev.strong and quote and as_of in _DATED_ONLY:
                other = self._reads_like_other(n, k, quote) or self._unrelated(n, k, quote)
                if other:
                    certain, reason = False, other
            return made(Verdict.MOVED, f"{n} of {name[k]} is {now[0]} in {name[T]}", extra)
        certain, reason = False, why or "gone"
        return made(Verdict.GONE, why, self._now_names(n))

    def _written_before(
        self, n: RuleNumber, g: int, day: date, words: tuple[str | None, str | None]
    ) -> Evidence | None:
        """A line written within :data:`AFTER_GRACE` of release ``g`` taking effect may still
        follow the release before (code lags the CR): when ``n`` names another rule in ``g``
        than in the release before and the words beside it fit only the older one (``CR
        730.2a: it's neither day nor night`` two days after 730 became *Merging with
        Permanents*), the evidence for reading it in the older release (not a certain one);
        else ``None``."""
        if g == 0 or (day - self.dates.dates[g]) > AFTER_GRACE:
            return None
        ix = self.index
        if not (ix.has(n, g - 1) and ix.has(n, g)) or ix.stable(n, g - 1, g):
            return None
        if self.map.numbers(n, g - 1)[0] == (n,):
            return None  # the same rule in both: its wording changed, not its number
        text = " ".join(w for w in words if w)
        said = title_words(" ".join(text.split()[:12])) - _STOPWORDS
        if not said or said & ix.words(n, g) or not said & ix.words(n, g - 1):
            return None
        name = self.names
        return Evidence(
            EvidenceKind.GIT,
            (name[g - 1],),
            True,
            f"line written {day.isoformat()}, {(day - self.dates.dates[g]).days} days after "
            f"{name[g]} took effect, and the words beside {n} fit {n} of {name[g - 1]}, "
            f"not of {name[g]}: written against {name[g - 1]}?",
        )

    def _reads_like_other(self, n: RuleNumber, k: int, quote: str) -> str:
        """When the words after ``n`` (no quote of any release, so no evidence) do not read
        like ``n`` of release ``k`` and read like another rule much better, why a rewrite of
        ``n`` is not certain; else ``""``. Guards a reading by the line's date alone: a line
        copied or rewrapped later is dated later than the rule it cites."""
        qk = match_key(quote)
        if len(qk.split()) < QUOTE_WORDS:
            return ""
        own_text = self.index.text(n, k)
        own = fuzz.partial_ratio(qk, match_key(own_text)) if own_text else 0.0
        if own >= LOOSE:
            return ""
        hits = [h for h in self.index.find_text(qk, LOOSE) if h.number != n]
        if not hits or hits[0].score < own + 15:
            return ""
        h = hits[0]
        return (
            f"the words after {n} read like {h.number} of {self.names[max(h.releases)]} "
            f"({h.score:.0f}/100), not like {n} of {self.names[k]} ({own:.0f}/100)"
        )

    def _unrelated(self, n: RuleNumber, k: int, words: str) -> str:
        """When the words after ``n`` (a few, no quote of any release) share no word with
        ``n``'s text and headings in release ``k`` (``CR 722: Monarch triggers`` where 722 of
        that release is *Controlling Another Player*), why a rewrite is not certain."""
        said = title_words(" ".join(words.split()[:12])) - _STOPWORDS
        if not said or said & self.index.words(n, k):
            return ""
        return (
            f"the words after {n} ({' '.join(words.split()[:6])}) share nothing with {n} of "
            f"{self.names[k]}"
        )

    def _now_names(self, n: RuleNumber) -> str:
        return f"{n} now names another rule" if self.index.has(n, self.k_target) else ""

    def _mismatch(
        self,
        n: RuleNumber,
        k: int | None,
        as_of: AsOf,
        tev: TextEvidence,
        evidence: list[Evidence],
        primary: str,
        bound: int | None,
        words: tuple[str | None, str | None] = (None, None),
    ) -> NumberCheck:
        """The words beside ``n`` are another rule's: that rule, in the target, is the
        suggestion — looked for in release ``k`` first (the one the stamp or the line's date
        reads), then wherever the words are. ``bound``: the newest release the other evidence
        allows for the words (the stamp's release; the line's date plus the grace)."""
        name, T = self.names, self.k_target
        # the nearest rule to n first (702.9b for a 702.9a citation), then the best, newest
        cands = sorted(tev.others, key=lambda o: (rule_distance(n, o[0]), -o[2], -max(o[1])))
        if k is not None:
            cands = [o for o in cands if k in o[1]] or cands
        targets: dict[RuleNumber, tuple[RuleNumber, int, float]] = {}
        for m, ks, score, _ in cands:
            if k is not None and k in ks:
                q = k
            else:  # the newest release the other evidence allows, else the newest
                allowed = [x for x in ks if bound is None or x <= bound]
                q = max(allowed or ks)
            for x in self.map.numbers(m, q)[0][:1]:
                targets.setdefault(x, (m, q, score))
        kind = cands[0][3]
        shown = ", ".join(f"{m} of {name[max(ks)]}" for m, ks, _, _ in cands[:4])
        seen = sorted({q for _, ks, _, _ in cands for q in (min(ks), max(ks))})
        evidence = [
            *evidence,
            Evidence(
                kind, tuple(name[q] for q in seen), False, f"the {kind.value} beside {n} is {shown}"
            ),
        ]
        rel = self.releases[k] if k is not None else None
        if len(targets) != 1:
            return NumberCheck(
                n,
                Verdict.MISMATCH,
                rel,
                as_of,
                tuple(targets),
                f"the {kind.value} beside {n} is another rule's: {shown}"
                + (f" ({', '.join(map(str, targets))} in {name[T]})" if targets else ""),
                evidence=tuple(evidence),
                certain=False,
                reason=(
                    "the words beside it fit several rules: "
                    + ", ".join(f"{m} ({sc:.0f}/100)" for m, _, sc, _ in cands[:4])
                )
                if targets
                else "no counterpart in the target",
            )
        ((x, (m, q, score)),) = targets.items()
        certain, reason = score >= EXACT, ""
        if not certain:
            reason = f"the quote matches {m} only at {score:.0f}/100"
        elif bound is not None and q > bound:
            certain = False
            reason = (
                f"{primary} reads {name[k] if k is not None else '?'}, older than the text of {m}"
            )
        if kind is EvidenceKind.TITLE and n.kind == "subrule" and m.kind == "rule":
            # the title names the rule (702.21 Ward); the citation's letter names a subrule
            assert m.rule is not None
            sub = RuleNumber(m.section, m.rule, n.letters)
            now = self.map.numbers(sub, q)[0] if self.index.has(sub, q) else ()
            if len(now) == 1:
                x, m = now[0], sub
                if certain and not text_fits(self.index, sub, q, None, words[1]):
                    certain = False
                    reason = (
                        f"the title names rule {sub.parent}; whether {sub} is the subrule "
                        f"meant is for a human"
                    )
            else:
                certain = False
                reason = f"the title names rule {m}; which subrule is meant is for a human"
        return NumberCheck(
            n,
            Verdict.MISMATCH,
            rel,
            as_of,
            (x,),
            f"the {kind.value} beside {n} is {m} of {name[q]}"
            + (f" ({x} in {name[T]})" if x != m else ""),
            match=m,
            score=score,
            evidence=tuple(evidence),
            certain=certain,
            reason=reason,
        )


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
            checker.check("<control>", c).verdict
            for c in find_source_citations(src, Family.C)
            if checker.is_citation(c)
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
        if rel.label == best or rel.name == best:
            return k, f"by its text (identify: {best})"
    raise ValueError(f"the pinned copy matches {best}, which is not in the release chain")
