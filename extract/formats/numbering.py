"""Reading the rule numbers of one section: as printed, or as the fewest changes demand.

A CR text prints a number before every rule and subrule of a section, meant to run in order
(``702.19``, ``702.19a`` … ``702.19g``, ``702.20`` …; letters skip ``l`` and ``o``). A
misprinted number breaks that order. Reading each line against the one before it only (mtgcr
up to 0.1) cannot tell a short misprinted run from the correctly printed tail after it: three
subrules printed with a later rule's number (``702.21b``–``702.21d`` between ``702.19a`` and
``702.19e``) made every following rule of the section "misprinted", and 552 numbers moved.

:func:`read_section` chooses the reading of the whole section at once, by a dynamic programme
over its lines (each line read as printed, as the number after the reading before it, or as a
stale second copy of the number printed on the line before), at the least cost:

* **hard constraints** — the readings strictly increase through the section (the section's
  own order: no number twice, none going back); a changed number keeps its printed kind (rule
  or subrule);
* **changes** — each printed part a reading changes (section, rule, letters) costs
  :data:`CHANGE`; a line read as a stale duplicate :data:`DUPLICATE` (its text a variant of
  the first: :data:`VARIANT_DUPLICATE`);
* **defects a reading leaves** — a break of the sequence :data:`BREAK`, plus :data:`MISSING`
  for each number it leaves out; :data:`ORPHAN` for a subrule whose rule is not read before
  it; :data:`AGREE` when it breaks between two lines the print has in order; :data:`OUTSIDE`
  for a number outside the section's heading;
* **evidence** — a reading that another rule of the file cites (``See rule 702.19c``) earns
  :data:`CITED`; for a translation, one that the English release of the same date has earns
  :data:`ENGLISH`.

So a run that breaks the sequence is read as the misprint (3 changes), not the long correct
tail after it (552); a real numbering gap stays as printed (``113.7c`` → ``113.9``, official
2009-07-11 … 2009-10-01; ``712.3`` → ``712.3d``, 2023-04-14: one break is cheaper than
renumbering what follows); a number printed twice where the next subrule is missing is read
as that subrule (``702.30d`` twice, 2009-09-04); the same number twice with a variant text
(JA 20260116 505.4, the second the pre-2024-11 wording) keeps the first and the second is a
stale duplicate, kept apart; an orphan run is read under the rule before it when that costs
fewer changes than it leaves defects (official 2021-09-24 prints ``724.3a``–``724.3c`` after
``724.2.``, which has no subrules: read as ``724.2a``–``724.2c``, as 2021-11-15 prints them).

A run is only ambiguous when reading it as printed costs as little: the whole subrule list of
the last rule of a section printed with a later rule's number reads, as printed, like a lost
rule line (such a run is kept as printed, with the numbering-gap and orphan warnings).
Checked by planting runs of 1–5 subrules of one rule with a later rule's number in every
official EN release (``tests/integration/test_misprint_runs.py``; 560 runs, 1,638 lines: no
other line changed, 1,623 planted lines read back as their original numbers, 15 kept as
printed) and in random sections (``tests/extract/formats/test_numbering.py``).

Format knowledge: the 112 official EN files 2003-03-15 … 2026-01-16, the normalised and
archive copies, the JA 20260116 and ZH 20220610 … 20260417 translations (their misprints are
listed in :mod:`mtgcr.extract.formats.cr_text`).
"""

from __future__ import annotations

import difflib
import enum
import re
from dataclasses import dataclass, field
from functools import partial
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Collection, Iterator, Mapping, Sequence

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber, letters_index, next_letters

__all__ = [
    "PrintedLine",
    "ReadingKind",
    "Reading",
    "EnglishNumbers",
    "EnglishLookup",
    "english_evidence",
    "ENGLISH_LOOKUP",
    "NumberingEvidence",
    "read_section",
    "in_sequence",
    "cited_numbers",
    "CHANGE",
    "BREAK",
    "MISSING",
    "AGREE",
    "ORPHAN",
    "OUTSIDE",
    "DUPLICATE",
    "VARIANT_DUPLICATE",
    "VARIANT",
    "CITED",
    "ENGLISH",
]

#: Cost of each printed part (section, rule, letters) a reading changes.
CHANGE = 1.0
#: Cost of a reading that is not the next number after the reading before it (a break) …
BREAK = 0.25
#: … plus this for each number the break leaves out (at most :data:`_MAX_MISSING` counted).
MISSING = 0.6
_MAX_MISSING = 10
#: Extra cost of a break between two lines whose printed numbers follow each other: a reading
#: should not break what the print has in order.
AGREE = 1.0
#: Extra cost of a subrule read without its rule before it (its parent missing).
ORPHAN = 3.5
#: Cost of reading a number outside the section under whose heading it stands.
OUTSIDE = 2.0
#: Cost of reading a line as a stale second copy of the number printed on the line before,
#: when its text is another rule's (then the next number misprinted is likelier) …
DUPLICATE = 4.0
#: … and when its text is a variant of the first (at least :data:`VARIANT` alike).
VARIANT_DUPLICATE = 2.5
#: Cost of reading a number as printed though it goes back (no reading fits the line).
OUT_OF_ORDER = 6.0
#: Text similarity (0–1, difflib ratio of the characters) from which a second text of a number
#: is a variant of the first (JA 20260116 505.4: 0.96; different EN rules mostly ≈ 0.3, but
#: parallel rules reach 0.98 — so similarity only lowers the cost, never decides alone).
VARIANT = 0.8
#: Credit for a reading that another rule of the file cites.
CITED = 0.5
#: Credit for a reading that the English release of the same date has (translations).
ENGLISH = 0.5
#: States kept per line (the cheapest) and how far above the cheapest a state may be.
_BEAM = 24
_MARGIN = 8.0


@dataclass(frozen=True, slots=True)
class PrintedLine:
    """One numbered line of a section as printed.

    Attributes:
        line: 1-based source line.
        number: the number as printed (a number printed without its rule, ``306.b``, as the
            parser completed it).
        text: the rule's text (to tell a variant second text of a number).
    """

    line: int
    number: RuleNumber
    text: str = ""


class ReadingKind(enum.Enum):
    """How a line's number is read."""

    PRINTED = "printed"  #: as printed
    REPAIRED = "repaired"  #: as another number (a misprint)
    STALE_DUPLICATE = "stale-duplicate"  #: a second text of a number read before, kept apart
    OUT_OF_ORDER = "out-of-order"  #: as printed though it goes back (no other reading fits)


@dataclass(frozen=True, slots=True)
class Reading:
    """The reading of one :class:`PrintedLine`.

    Attributes:
        printed: the line as printed.
        number: the number it is read as (for a stale duplicate: the number it repeats).
        kind: :class:`ReadingKind`.
        after: the reading before it in the section (``None`` at the section's start).
        first_line: for a stale duplicate, the line of the number's first text, else ``None``.
        reason: for a repaired line or a stale duplicate, why (one clause for a warning).
    """

    printed: PrintedLine
    number: RuleNumber
    kind: ReadingKind
    after: RuleNumber | None = None
    first_line: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class EnglishNumbers:
    """The rule numbers of the English release a translation translates.

    Attributes:
        numbers: every rule and subrule number of it.
        name: how a reason names it (``"EN 2026-01-16"``).
    """

    numbers: frozenset[RuleNumber]
    name: str


#: Finds the English release's numbers for a translation's release (``None``: none stored).
EnglishLookup = Callable[[Release], "EnglishNumbers | None"]

#: The lookup in use while the ingest parses a document (:func:`english_evidence`): a
#: translation's numbers are read with the stored English release of its date as evidence.
ENGLISH_LOOKUP: ContextVar[EnglishLookup | None] = ContextVar("english_numbers", default=None)


@contextmanager
def english_evidence(lookup: EnglishLookup | None) -> Iterator[None]:
    """Parse with ``lookup`` giving the English numbers of a translation's release (the
    ingest's store: :func:`mtgcr.extract.records.english_numbers`)."""
    token = ENGLISH_LOOKUP.set(lookup)
    try:
        yield
    finally:
        ENGLISH_LOOKUP.reset(token)


@dataclass(frozen=True)
class NumberingEvidence:
    """What else speaks for a reading.

    Attributes:
        cited: number → the 1-based line of its first citation in the file (``See rule
            702.19c``); see :func:`cited_numbers`.
        english: for a translation, the English release of the same date (``None``: an
            English file, or none stored).
    """

    cited: Mapping[RuleNumber, int] = field(default_factory=dict)
    english: EnglishNumbers | None = None


def _successors(r: RuleNumber | None, section: int) -> tuple[RuleNumber, RuleNumber | None]:
    """The next rule and the next subrule after the reading ``r`` (``None``: the section's
    start, where no subrule can come next)."""
    if r is None or r.section != section or r.rule is None:
        return RuleNumber.trusted(section, 1), None
    return (
        RuleNumber.trusted(r.section, r.rule + 1),
        RuleNumber.trusted(r.section, r.rule, next_letters(r.letters)),
    )


def in_sequence(section: int, numbers: Sequence[RuleNumber]) -> bool:
    """True when ``numbers`` run without a break from the start of ``section`` (nothing to
    choose: the common case)."""
    prev: RuleNumber | None = None
    for n in numbers:
        if n not in _successors(prev, section):
            return False
        prev = n
    return True


def _parts(a: RuleNumber, b: RuleNumber) -> int:
    """How many of section, rule and letters differ between ``a`` and ``b``."""
    return (a.section != b.section) + (a.rule != b.rule) + (a.letters != b.letters)


def _missing(prev: RuleNumber | None, r: RuleNumber) -> int:
    """How many numbers reading the subrule ``r`` right after ``prev`` leaves out: the letters
    skipped inside one rule, or for a subrule read without its rule the rules skipped, its
    rule line and the letters before it (at most :data:`_MAX_MISSING`). A rule read ahead of
    its turn leaves out none that count: a section may start late or skip rules (an excerpt,
    a removed rule), and only the break is a defect then."""
    if r.letters is None:
        return 0
    p_rule, p_letters = (
        (0, None)
        if prev is None or prev.section != r.section or prev.rule is None
        else (prev.rule, prev.letters)
    )
    rule = r.rule or 0
    if rule == p_rule:
        before = letters_index(p_letters) + 1 if p_letters else 0
        n = letters_index(r.letters) - before
    else:
        n = rule - p_rule + letters_index(r.letters)
    return min(max(n, 0), _MAX_MISSING)


def _orphan(prev: RuleNumber | None, r: RuleNumber) -> bool:
    """A subrule read without its rule (or a subrule of it) right before it."""
    return r.letters is not None and (
        prev is None or (prev.section, prev.rule) != (r.section, r.rule)
    )


def _step(prev: RuleNumber | None, r: RuleNumber, section: int) -> float:
    """The defects reading ``r`` right after ``prev`` leaves (0 for the next number)."""
    if r in _successors(prev, section):
        return 0.0
    cost = BREAK + MISSING * _missing(prev, r)
    if _orphan(prev, r):
        cost += ORPHAN
    if r.section != section and (prev is None or prev.section != r.section):
        cost += OUTSIDE
    return cost


def _similarity(a: str, b: str) -> float:
    if not a or not b:
        return 0.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


@dataclass(slots=True)
class _State:
    """One reading of line ``k`` and the cheapest way there (``back``: the state of the line
    before; the start state has ``k == -1``).

    ``reading`` is the number the sequence stands at after line ``k`` (a line set aside leaves
    it at the reading before); ``owner`` is the index of the line that reading belongs to;
    ``dup_of``, for a stale duplicate, the index of the line with the number's first text (-1
    when it was read in an earlier section)."""

    k: int
    reading: RuleNumber | None
    cost: float
    back: _State | None
    kind: ReadingKind | None
    owner: int
    dup_of: int = -1


def _offer(
    best: dict[tuple[RuleNumber, bool], _State],
    want: RuleNumber | None,
    st: _State,
    dup: bool = False,
) -> None:
    """Keep ``st`` if it is the cheapest state for its reading (a line set aside, ``dup``,
    apart from one read as that number) and ``want`` (a forced reading) allows it."""
    assert st.reading is not None
    if want is not None and (st.reading != want or st.kind is not ReadingKind.PRINTED):
        return
    old = best.get((st.reading, dup))
    if old is None or st.cost < old.cost:
        best[(st.reading, dup)] = st


def _solve(
    section: int,
    lines: Sequence[PrintedLine],
    ev: NumberingEvidence,
    forced: Mapping[int, RuleNumber] | None = None,
    known: Collection[RuleNumber] = (),
) -> _State | None:
    """The cheapest reading of ``lines`` (its last state; :func:`_path` walks it back), or
    ``None`` when ``forced`` (line index → the number it must be read as, as printed)
    admits none."""
    cited = ev.cited
    english = ev.english.numbers if ev.english is not None else None

    def credit(r: RuleNumber, line: int) -> float:
        at = cited.get(r)
        c = CITED if at is not None and at != line else 0.0  # (not a line citing itself)
        if english is not None and r in english:
            c += ENGLISH
        return c

    states = [_State(-1, None, 0.0, None, None, -1)]
    for k, pl in enumerate(lines):
        p = pl.number
        want = forced.get(k) if forced else None
        best: dict[tuple[RuleNumber, bool], _State] = {}
        offer = partial(_offer, best, want)
        p_credit = credit(p, pl.line)
        # the print has this line follow the one before: a reading that breaks there pays
        agree = AGREE if p in _successors(lines[k - 1].number if k else None, section) else 0.0
        for s in states:
            prev = s.reading
            if prev is None or p.sort_key > prev.sort_key:
                step = _step(prev, p, section)
                cost = s.cost + step + (agree if step else 0.0) - p_credit
                offer(_State(k, p, cost, s, ReadingKind.PRINTED, k))
            nxt_rule, nxt_sub = _successors(prev, section)
            cand = nxt_sub if p.letters is not None else nxt_rule
            if cand is not None and _parts(p, cand) == 1:  # a misprint changes one part
                cost = s.cost + CHANGE - credit(cand, pl.line)
                offer(_State(k, cand, cost, s, ReadingKind.REPAIRED, k))
            if prev is not None and p.sort_key <= prev.sort_key and want is None:
                # set aside, the sequence going on from ``prev``: a second text of a number
                # read before (stale), or, when none fits, a number going back
                first = -1
                if prev == p and s.kind is not ReadingKind.REPAIRED:
                    stale = s.kind is ReadingKind.STALE_DUPLICATE
                    first = s.dup_of if stale else s.owner
                if first >= 0 or p in known:
                    alike = first >= 0 and _similarity(pl.text, lines[first].text) >= VARIANT
                    cost = s.cost + (VARIANT_DUPLICATE if alike else DUPLICATE)
                    aside = _State(k, prev, cost, s, ReadingKind.STALE_DUPLICATE, s.owner, first)
                else:
                    cost = s.cost + OUT_OF_ORDER
                    aside = _State(k, prev, cost, s, ReadingKind.OUT_OF_ORDER, s.owner)
                offer(aside, dup=True)
        if not best:
            return None
        ranked = sorted(best.values(), key=lambda st: st.cost)
        floor = ranked[0].cost
        states = [st for st in ranked[:_BEAM] if st.cost <= floor + _MARGIN]
    return min(states, key=lambda st: st.cost)


def _path(last: _State) -> list[_State]:
    """The states of every line, first to last."""
    out = []
    s: _State | None = last
    while s is not None and s.k >= 0:
        out.append(s)
        s = s.back
    out.reverse()
    return out


def read_section(
    section: int,
    lines: Sequence[PrintedLine],
    evidence: NumberingEvidence | None = None,
    known: Collection[RuleNumber] = (),
) -> list[Reading]:
    """Read the numbers of one section's lines (see the module docstring).

    Args:
        section: the number of the section heading the lines stand under (100–999).
        lines: the section's numbered lines in document order.
        evidence: citations in the file and, for a translation, the English numbers.
        known: numbers read in earlier sections (a line printing one of them again, where
            nothing else fits, is a stale duplicate).

    Returns:
        One :class:`Reading` per line, in order; the lines read otherwise than printed carry
        their reason. Lines that run in order come back as printed after one pass.
    """
    ev = evidence or NumberingEvidence()
    if in_sequence(section, [pl.number for pl in lines]):
        out, prev = [], None
        for pl in lines:
            out.append(Reading(pl, pl.number, ReadingKind.PRINTED, prev))
            prev = pl.number
        return out
    last = _solve(section, lines, ev, known=known)
    assert last is not None  # unforced, every line has a reading (at worst set aside)
    readings = []
    for st in _path(last):
        assert st.kind is not None
        pl = lines[st.k]
        prev = st.back.reading if st.back is not None else None
        if st.kind is ReadingKind.STALE_DUPLICATE:
            first = lines[st.dup_of].line if st.dup_of >= 0 else None
            readings.append(Reading(pl, pl.number, st.kind, prev, first))
        elif st.kind is ReadingKind.OUT_OF_ORDER:
            readings.append(Reading(pl, pl.number, st.kind, prev))
        else:
            assert st.reading is not None
            readings.append(Reading(pl, st.reading, st.kind, prev))
    return _explain(section, lines, readings, ev, known)


# -- reasons ----------------------------------------------------------------------------------
def _span(a: RuleNumber, b: RuleNumber) -> str:
    return str(a) if a == b else f"{a}–{b}"


def _lines(a: PrintedLine, b: PrintedLine) -> str:
    return f"line {a.line}" if a.line == b.line else f"lines {a.line}–{b.line}"


def _runs(readings: Sequence[Reading]) -> list[tuple[int, int]]:
    """``[start, stop)`` index ranges of consecutive repaired readings."""
    out, k = [], 0
    while k < len(readings):
        if readings[k].kind is ReadingKind.REPAIRED:
            j = k
            while j < len(readings) and readings[j].kind is ReadingKind.REPAIRED:
                j += 1
            out.append((k, j))
            k = j
        else:
            k += 1
    return out


def _explain(
    section: int,
    lines: Sequence[PrintedLine],
    readings: list[Reading],
    ev: NumberingEvidence,
    known: Collection[RuleNumber],
) -> list[Reading]:
    """Give each repaired run and each stale duplicate its reason."""
    out = list(readings)
    for a, b in _runs(readings):
        run = readings[a:b]
        first, last = run[0], run[-1]
        p0 = first.printed.number
        before = str(first.after) if first.after is not None else f"section heading {section}"
        if a + 1 == b:
            what = f"{p0}"
        else:
            what = (
                f"the run {_span(p0, last.printed.number)}, {_lines(first.printed, last.printed)},"
            )
        if a > 0 and lines[a - 1].number == p0 and a + 1 == b:
            pct = round(100 * _similarity(lines[a - 1].text, first.printed.text))
            why = f"{p0} is printed on the line before too, with another text ({pct} % alike)"
        elif p0.section != section:
            why = f"{what} stands under the heading of section {section}"
        else:
            nxt = next(
                (
                    r.printed.number
                    for r in readings[b:]
                    if r.kind is not ReadingKind.STALE_DUPLICATE
                ),
                None,
            )
            seq = f"{before} … {nxt}" if nxt is not None else f"after {before}"
            why = f"{what} breaks the sequence {seq}"
        parts = [why, _as_printed(section, lines, readings, a, b, ev, known)]
        cites = [
            r
            for r in run
            if ev.cited.get(r.number, r.printed.line) != r.printed.line
            and r.printed.number not in ev.cited
        ]
        if cites:
            parts.append(
                ", ".join(f"{r.number} is cited at line {ev.cited[r.number]}" for r in cites[:3])
            )
        eng = ev.english
        if eng is not None:
            have = [r.number for r in run if r.number in eng.numbers]
            lack = [r.printed.number for r in run if r.printed.number not in eng.numbers]
            if have and lack:
                parts.append(
                    f"{eng.name} has {_span(have[0], have[-1])}, not {_span(lack[0], lack[-1])}"
                )
        reason = "; ".join(parts)
        for k in range(a, b):
            r = readings[k]
            out[k] = Reading(r.printed, r.number, r.kind, r.after, None, reason)
    for k, r in enumerate(readings):
        if r.kind is ReadingKind.OUT_OF_ORDER:
            reason = f"no number after {r.after} fits a change of one part of it"
            out[k] = Reading(r.printed, r.number, r.kind, r.after, None, reason)
            continue
        if r.kind is not ReadingKind.STALE_DUPLICATE:
            continue
        if r.first_line is None:
            reason = f"{r.number} was read in an earlier section; no number after {r.after} fits"
        else:
            first_pl = next(pl for pl in lines if pl.line == r.first_line)
            pct = round(100 * _similarity(r.printed.text, first_pl.text))
            kind = "a variant of" if pct >= 100 * VARIANT else "another text than"
            read_on = _as_printed(section, lines, readings, k, k + 1, ev, known, as_next=True)
            reason = f"{kind} the text at line {first_pl.line} ({pct} % alike); {read_on}"
        out[k] = Reading(r.printed, r.number, r.kind, r.after, r.first_line, reason)
    return out


def _as_printed(
    section: int,
    lines: Sequence[PrintedLine],
    readings: Sequence[Reading],
    a: int,
    b: int,
    ev: NumberingEvidence,
    known: Collection[RuleNumber],
    as_next: bool = False,
) -> str:
    """What reading lines ``[a, b)`` otherwise would mean, in one clause: as printed (or, for
    a stale duplicate, ``as_next``: as the next number), the numbers it would change on
    other lines, or the numbers it leaves out."""
    if as_next:
        after = readings[a].after
        assert after is not None  # a stale duplicate stands after a reading
        want = _next_of_kind(after, lines[a].number)
        forced = {a: want}
        head = f"read as {want}"
        last = _solve(section, _with_numbers(lines, forced), ev, forced, known)
    else:
        forced = {k: lines[k].number for k in range(a, b)}
        head = "read as printed"
        last = _solve(section, lines, ev, forced, known)
    if last is None:
        return f"{head}, the numbers would go back or repeat"
    path = _path(last)
    changed = [
        lines[st.k].number
        for st in path
        if not a <= st.k < b and st.kind is not ReadingKind.PRINTED
    ]
    if changed:
        n = len(changed)
        return (
            f"{head}, {n} other printed number{'s' if n != 1 else ''} would change "
            f"({_span(changed[0], changed[-1])})"
        )
    for st in path[a : b + 1]:
        prev = st.back.reading if st.back is not None else None
        assert st.reading is not None
        if _orphan(prev, st.reading):
            return f"{head}, {st.reading} would have no rule {st.reading.parent}"
        if _missing(prev, st.reading):
            return f"{head}, numbers would be missing before {st.reading}"
    return f"{head}, the sequence would stay broken"


def _next_of_kind(prev: RuleNumber, printed: RuleNumber) -> RuleNumber:
    """The number after ``prev`` of the kind ``printed`` has (a subrule: the next letters)."""
    if printed.letters is not None and prev.rule is not None:
        return RuleNumber.trusted(prev.section, prev.rule, next_letters(prev.letters))
    return RuleNumber.trusted(prev.section, (prev.rule or 0) + 1)


def _with_numbers(
    lines: Sequence[PrintedLine], numbers: Mapping[int, RuleNumber]
) -> list[PrintedLine]:
    return [
        PrintedLine(pl.line, numbers[k], pl.text) if k in numbers else pl
        for k, pl in enumerate(lines)
    ]


# -- evidence ---------------------------------------------------------------------------------
# (the look-behind follows the first digit, "not after a digit or a dot" as before: a pattern
# that begins with a character class lets re skip to the digits instead of trying the
# look-behind at every character, 2.5× faster over the official files, same matches)
_CITE = re.compile(r"([1-9](?<![\d.][1-9])\d{2})\.(\d{1,3})([a-z]{1,2})?(?![a-z0-9])")
_LINE_NUMBER = re.compile(r"\s*[1-9]\d{2}\.\s?\d{1,3}[a-z]{0,2}\.?")


def cited_numbers(lines: Sequence[str], start: int = 0) -> dict[RuleNumber, int]:
    """Every rule number cited in ``lines[start:]`` → the 1-based line of its first citation
    (a number a line starts with is that line's own, not a citation). A number cited only on
    the line of the rule that would have it is no evidence (:func:`read_section` checks).

    A cheap pass for :class:`NumberingEvidence` (``See rule 702.19c``, ``(see 601.2f)``,
    ``rule 704〔状況起因処理〕参照``); the full reference reader is
    :func:`mtgcr.extract.references.find_references`.
    """
    out: dict[RuleNumber, int] = {}
    for i in range(start, len(lines)):
        line = lines[i]
        if "." not in line:
            continue
        m = _LINE_NUMBER.match(line)
        for c in _CITE.finditer(line, m.end() if m else 0):
            num = RuleNumber.trusted(int(c.group(1)), int(c.group(2)), c.group(3))
            out.setdefault(num, i + 1)
    return out
