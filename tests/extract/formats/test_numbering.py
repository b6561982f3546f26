"""The reading of a section's printed numbers (extract/formats/numbering.py), on number
sequences shaped like the official files' (each test names the file and place it imitates)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mtgcr.extract.formats.numbering import (
    EnglishNumbers,
    NumberingEvidence,
    PrintedLine,
    ReadingKind,
    cited_numbers,
    in_sequence,
    read_section,
)
from mtgcr.extract.rulenum import RuleNumber

N = RuleNumber.parse


def section(*numbers: str, texts: dict[int, str] | None = None) -> list[PrintedLine]:
    """Printed lines 10, 12, 14 … with the given numbers (texts distinct unless given)."""
    texts = texts or {}
    return [
        PrintedLine(10 + 2 * k, N(n), texts.get(k, f"rule text number {k} about {n}"))
        for k, n in enumerate(numbers)
    ]


def read(lines, **kw) -> list[str]:
    return [str(r.number) for r in read_section(lines[0].number.section, lines, **kw)]


SECTION_702 = (
    "702.1 702.1a 702.2 702.2a 702.2b 702.2c 702.2d 702.2e 702.3 702.3a 702.3b 702.4 702.4a "
    "702.4b 702.4c 702.5 702.5a"
).split()


def test_numbers_in_order_are_read_as_printed_in_one_pass():
    lines = section("702.1", "702.1a", "702.1b", "702.2", "702.3", "702.3a")
    assert in_sequence(702, [pl.number for pl in lines])
    got = read_section(702, lines)
    assert [r.kind for r in got] == [ReadingKind.PRINTED] * 6
    assert [str(r.after) for r in got] == ["None", "702.1", "702.1a", "702.1b", "702.2", "702.3"]


def test_a_misprinted_run_stays_local_and_the_warning_says_why():
    # The case: three subrules of one rule printed with a later rule's number (same
    # letters) before the correctly printed rest of the section.
    printed = list(SECTION_702)
    printed[4:7] = ["702.4b", "702.4c", "702.4d"]  # 702.2b–702.2d printed as 702.4b–702.4d
    lines = section(*printed)
    got = read_section(702, lines)
    assert [str(r.number) for r in got] == SECTION_702
    repaired = [r for r in got if r.kind is ReadingKind.REPAIRED]
    assert [str(r.printed.number) for r in repaired] == ["702.4b", "702.4c", "702.4d"]
    reason = repaired[0].reason
    assert reason == (
        "the run 702.4b–702.4d, lines 18–22, breaks the sequence 702.2a … 702.2e; read as "
        "printed, 10 other printed numbers would change (702.2e–702.5a)"
    )
    assert {r.reason for r in repaired} == {reason}


@pytest.mark.parametrize("length", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("shift", [1, 2, 5])
def test_runs_of_one_to_five_in_the_middle_of_a_section(length, shift):
    numbers = [
        "100.1",
        "100.2",
        *(f"100.2{c}" for c in "abcdefg"),
        "100.3",
        "100.3a",
        "100.4",
        "100.5",
        "100.5a",
    ]
    printed = numbers[:]
    for k in range(3, 3 + length):  # 100.2b … printed with the number of a later rule
        printed[k] = f"100.{2 + shift}{numbers[k][-1]}"
    assert read(section(*printed)) == numbers


def test_a_real_gap_stays_as_printed():
    # official 2009-07-11 … 2009-10-01: 113.7c is followed by 113.9 (113.8 was removed)
    numbers = [
        "113.6",
        "113.7",
        "113.7a",
        "113.7b",
        "113.7c",
        "113.9",
        "113.9a",
        "113.9b",
        "113.10",
    ]
    lines = section("113.1", *numbers)
    assert read(lines) == ["113.1", *numbers]
    # 2023-04-14: 712.3. followed by 712.3d–712.3f (the next release prints 712.3a–712.3c):
    # three changes cost more than the gap they would close
    assert read(section("712.1", "712.2", "712.3", "712.3d", "712.3e", "712.3f", "712.4")) == [
        "712.1",
        "712.2",
        "712.3",
        "712.3d",
        "712.3e",
        "712.3f",
        "712.4",
    ]


def test_an_orphan_run_is_read_under_the_rule_before_it():
    # official 2021-09-24: 724.2. (no subrules) then 724.3a–724.3c, the end of the section;
    # 2021-11-15 prints them 724.2a–724.2c
    lines = section("724.1", "724.1a", "724.2", "724.3a", "724.3b", "724.3c")
    got = read_section(724, lines)
    assert [str(r.number) for r in got] == [
        "724.1",
        "724.1a",
        "724.2",
        "724.2a",
        "724.2b",
        "724.2c",
    ]
    assert got[3].reason.endswith("read as printed, 724.3a would have no rule 724.3")


def test_a_number_printed_twice_where_the_next_is_missing_is_the_next():
    # official 2009-09-04: 702.30d twice (different texts), then 702.31
    lines = section("702.30", "702.30a", "702.30b", "702.30c", "702.30d", "702.30d", "702.31")
    got = read_section(702, lines)
    assert [str(r.number) for r in got][4:] == ["702.30d", "702.30e", "702.31"]
    assert got[5].reason.startswith("702.30d is printed on the line before too, with another text")


def test_the_same_number_twice_with_a_variant_text_is_a_stale_duplicate():
    # JA 20260116: 505.4. twice, the second the older wording, then 505.5, 505.6, 505.6a
    old, new = (
        "次に、英雄譚の上に伝承カウンターを置く。",
        "次に、英雄譚の上に伝承カウンターをそれぞれ置く。",
    )
    lines = section(
        "505.1",
        "505.2",
        "505.3",
        "505.4",
        "505.4",
        "505.5",
        "505.6",
        "505.6a",
        texts={3: new, 4: old},
    )
    got = read_section(505, lines)
    assert [str(r.number) for r in got][3:] == ["505.4", "505.4", "505.5", "505.6", "505.6a"]
    stale = got[4]
    assert stale.kind is ReadingKind.STALE_DUPLICATE and stale.first_line == lines[3].line
    assert stale.reason.startswith("a variant of the text at line 16")
    assert "read as 505.5, 3 other printed numbers would change (505.5–505.6a)" in stale.reason


def test_a_number_of_an_earlier_section_is_set_aside():
    lines = section("101.1", "101.2", "100.1")
    got = read_section(101, lines, known={N("100.1")})
    assert got[2].kind is ReadingKind.STALE_DUPLICATE and got[2].first_line is None
    # one that was read nowhere and fits no change of one part goes back, as printed
    got = read_section(101, section("101.1", "101.2", "100.7"))
    assert got[2].kind is ReadingKind.OUT_OF_ORDER and str(got[2].number) == "100.7"


def test_a_section_misprint_under_its_heading():
    # official 2006-05-01: 501.2–501.6 under the heading of section 510, after 510.1
    lines = section("510.1", "501.2", "501.3", "501.4", "501.5", "501.6")
    got = read_section(510, lines)
    assert [str(r.number) for r in got] == ["510.1", "510.2", "510.3", "510.4", "510.5", "510.6"]
    assert got[1].reason.startswith("the run 501.2–501.6, lines 12–20, stands under the heading")


def test_the_whole_subrule_list_of_the_last_rule_moved_is_ambiguous_and_kept():
    # as printed it reads like a lost rule line: fewer changes than the run has
    assert read(section(*AMBIGUOUS)) == AMBIGUOUS


#: The last rule of a section, 600.4, with its five subrules printed as 600.5a–600.5e.
AMBIGUOUS = ["600.1", "600.2", "600.3", "600.4", *(f"600.5{c}" for c in "abcde")]
REPAIRED = [*AMBIGUOUS[:4], *(f"600.4{c}" for c in "abcde")]


def test_english_numbers_and_citations_are_evidence():
    # a translation: the English release of the same date has 600.4a–600.4e, no 600.5a
    english = frozenset(N(n) for n in REPAIRED)
    ev = NumberingEvidence(english=EnglishNumbers(english, "EN 2026-01-16"))
    got = read_section(600, section(*AMBIGUOUS), ev)
    assert [str(r.number) for r in got] == REPAIRED
    assert got[4].reason.endswith("EN 2026-01-16 has 600.4a–600.4e, not 600.5a–600.5e")
    # an English file with 600.4a and 600.4b cited by other rules
    ev = NumberingEvidence(cited={N("600.4a"): 99, N("600.4b"): 101})
    got = read_section(600, section(*AMBIGUOUS), ev)
    assert [str(r.number) for r in got] == REPAIRED
    assert got[4].reason.endswith("600.4a is cited at line 99, 600.4b is cited at line 101")
    # a citation on the misprinted line itself is no evidence
    ev = NumberingEvidence(cited={N("600.4a"): 18, N("600.4b"): 20})
    assert read(section(*AMBIGUOUS), evidence=ev) == AMBIGUOUS


def test_cited_numbers_skips_each_lines_own_number():
    lines = [
        "702.19a Trample. See rule 702.19c and rule 510.1c–d.",
        "Example: as in 702.19b.",
        "702.19c 702.19c. Printed twice; cites 601.2f.",
    ]
    got = cited_numbers(lines)
    assert {str(n): line for n, line in got.items()} == {
        "702.19c": 1,
        "510.1c": 1,
        "702.19b": 2,
        "601.2f": 3,
    }


_LETTERS = "abcdefghijkmnpqrstuvwxyz"


@st.composite
def planted_sections(draw):
    """A section 100 of rules 100.1 … with 0–8 subrules each, and a run of 1–5 consecutive
    subrules of one rule printed with the number of a later rule (same letters)."""
    sizes = draw(st.lists(st.integers(0, 8), min_size=3, max_size=14))
    numbers = []
    for r, size in enumerate(sizes, 1):
        numbers += [f"100.{r}", *(f"100.{r}{_LETTERS[k]}" for k in range(size))]
    rules = [r for r, size in enumerate(sizes, 1) if size]
    assume(rules)
    r = draw(st.sampled_from(rules))
    length = draw(st.integers(1, min(5, sizes[r - 1])))
    start = draw(st.integers(0, sizes[r - 1] - length))
    shift = draw(st.integers(1, 5))
    first = numbers.index(f"100.{r}") + 1 + start
    printed = numbers[:]
    for k in range(first, first + length):
        printed[k] = f"100.{r + shift}{numbers[k][-1]}"
    return numbers, printed, set(range(first, first + length))


@given(planted_sections())
@settings(max_examples=300, deadline=None)
def test_a_planted_run_never_changes_another_line(case):
    numbers, printed, planted = case
    got = read(section(*printed))
    assert [g for k, g in enumerate(got) if k not in planted] == [
        n for k, n in enumerate(numbers) if k not in planted
    ]
    for k in planted:  # each planted line is repaired or kept as printed
        assert got[k] in (numbers[k], printed[k])
