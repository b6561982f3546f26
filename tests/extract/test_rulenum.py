import pytest
from hypothesis import given, strategies as st

from mtgcr.extract.rulenum import RuleNumber, letters_index, next_letters


@pytest.mark.parametrize(
    "text, expected",
    [
        ("712.8e", (712, 8, "e")),
        ("712.8e.", (712, 8, "e")),
        ("712", (712, None, None)),
        ("712.", (712, None, None)),
        ("702.140a", (702, 140, "a")),
        ("７１２．８ｅ", (712, 8, "e")),
        ("100.1aa", (100, 1, "aa")),
    ],
)
def test_parse(text, expected):
    n = RuleNumber.parse(text)
    assert (n.section, n.rule, n.letters) == expected


@pytest.mark.parametrize("bad", ["", "71", "712.8E", "1234.5", "712.8e1", "abc", "712..8"])
def test_parse_rejects(bad):
    with pytest.raises(ValueError, match="not a rule number"):
        RuleNumber.parse(bad)


def test_numeric_order():
    texts = [
        "702.140a",
        "702.10",
        "702.9",
        "702.100",
        "702",
        "702.9a",
        "702.9k",
        "702.9m",
        "702.9z",
        "702.9aa",
    ]
    ordered = [str(n) for n in sorted(RuleNumber.parse(t) for t in texts)]
    assert ordered == [
        "702",
        "702.9",
        "702.9a",
        "702.9k",
        "702.9m",
        "702.9z",
        "702.9aa",
        "702.10",
        "702.100",
        "702.140a",
    ]


def test_tree_boundaries():
    r120_4 = RuleNumber.parse("120.4")
    assert r120_4.is_ancestor_of(RuleNumber.parse("120.4a"))
    assert not r120_4.is_ancestor_of(RuleNumber.parse("120.40"))
    assert not r120_4.is_ancestor_of(RuleNumber.parse("120.40a"))
    assert not RuleNumber.parse("702.1").is_ancestor_of(RuleNumber.parse("702.10"))
    assert RuleNumber.parse("702").is_ancestor_of(RuleNumber.parse("702.10a"))
    assert RuleNumber.parse("712.8e").parent == RuleNumber.parse("712.8")
    assert RuleNumber.parse("712.8").parent == RuleNumber.parse("712")
    assert RuleNumber.parse("712").parent is None
    assert RuleNumber.parse("712.8").child("e") == RuleNumber.parse("712.8e")


def test_letters_skip_l_and_o():
    assert next_letters("k") == "m"
    assert next_letters("n") == "p"
    assert next_letters("z") == "aa"
    assert letters_index("m") == letters_index("k") + 1
    with pytest.raises(ValueError):
        letters_index("l")


@given(st.integers(100, 999), st.integers(1, 300), st.sampled_from(["", "a", "k", "m", "z", "ab"]))
def test_roundtrip(section, rule, letters):
    n = RuleNumber(section, rule, letters or None)
    assert RuleNumber.parse(str(n)) == n
    assert RuleNumber.parse(n.written) == n


@given(
    st.integers(100, 999), st.integers(0, 999), st.sampled_from([None, "a", "k", "z", "aa", "zz"])
)
def test_trusted_equals_validated(section, rule, letters):
    fast, checked = RuleNumber.trusted(section, rule, letters), RuleNumber(section, rule, letters)
    assert fast == checked and hash(fast) == hash(checked) and str(fast) == str(checked)
    assert fast.sort_key == checked.sort_key
