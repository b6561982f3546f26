"""The fast paths of the speed work give what the general code gives (issue "speed near the
floor"): 8-bit detection on the bytes, the reference search that jumps to the numbers, the
canonical rule-number reader, the layout's blank-line pass."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcr.corpus import decode
from mtgcr.extract import references
from mtgcr.extract.layout import Layout, LineRole
from mtgcr.extract.rulenum import RuleNumber

_BYTES = st.lists(
    st.sampled_from(list(b"ab Z.,\t\r\n") + list(range(0x80, 0x100))), max_size=20
).map(bytes)


@settings(max_examples=300)
@given(_BYTES)
def test_window_scores_equal_the_text_scores(data):
    windows = decode._high_windows(data)
    for enc in decode._EIGHT_BIT:
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        chars = decode._CHARS[enc]
        score = sum(
            n * decode._char_score(chars[h], chars[b[0]], chars[a[0]])
            for (b, h, a), n in windows.items()
        )
        assert score == decode._plausibility(text)


@settings(max_examples=300)
@given(
    st.lists(
        st.sampled_from(
            [
                "rule ",
                "rules ",
                "section",
                "CR:",
                " ",
                "\n",
                "702",
                "1234",
                "601.2a",
                "–",
                "and ",
                ", ",
                "“Dash,”",
                "правило ",
                "规则",
                "x",
                "(",
                "７０２",
            ]
        ),
        max_size=10,
    ).map("".join)
)
def test_the_number_jump_finds_what_the_scan_finds(text):
    norm = references.normalise_width(text)
    ref_re = references._patterns()[0]
    for pos in range(len(norm) + 1):
        fast = references._search(ref_re, norm, pos, True)
        slow = ref_re.search(norm, pos)
        assert (fast and fast.span(), fast and fast.groupdict()) == (
            slow and slow.span(),
            slow and slow.groupdict(),
        )


def test_keywords_of_letters_only():
    assert references._letters_only("[Пп]равил[а-яё]{0,3}")
    assert references._letters_only("rules?")
    assert not references._letters_only(r"см\. правило")
    assert not references._letters_only(r"\w+")


_GENERAL = re.compile(r"^\s*(\d{3})\s*(?:\.\s*(?:(\d{1,3})([a-z]{1,2})?\.?)?)?\s*$")


@settings(max_examples=500)
@given(st.text(alphabet="0123456789.abz ", min_size=1, max_size=8))
def test_canonical_numbers_read_as_the_general_pattern_reads_them(text):
    m = _GENERAL.match(text)
    want = None
    if m:
        try:
            want = RuleNumber(int(m[1]), int(m[2]) if m[2] is not None else None, m[3] or None)
        except ValueError:
            want = None
    got = RuleNumber.try_parse(text)
    assert got == want
    if got is not None:
        assert (got.section, got.rule, got.letters) == (want.section, want.rule, want.letters)


def test_blank_lines_pass_and_unset_lines():
    fresh = Layout(["a", "", "  ", "b"])
    assert fresh.put_blank_lines() == 2
    assert fresh.unset() == [0, 3]
    assert fresh.roles() == {LineRole.IGNORED: 2, LineRole.BLANK: 2}
    used = Layout(["a", "", "  ", "b"])
    used.put_printed(0, LineRole.DATE)
    assert used.put_blank_lines() == 2
    assert used.unset() == [3]
    assert used.roles()[LineRole.DATE] == 1


_OLD_CITE = re.compile(r"(?<![\d.])([1-9]\d{2})\.(\d{1,3})([a-z]{1,2})?(?![a-z0-9])")


@settings(max_examples=500)
@given(
    st.lists(
        st.sampled_from(
            ["702", "1", "0", ".", "..", "19", "c", "ab", " ", "rule ", "\n", "x", "601.2f", "9"]
        ),
        max_size=14,
    ).map("".join)
)
def test_the_citation_pattern_matches_as_the_look_behind_first_one(text):
    from mtgcr.extract.formats.numbering import _CITE

    def found(rx):
        return [(m.span(), m.groups()) for m in rx.finditer(text)]

    assert found(_CITE) == found(_OLD_CITE)
