"""Unit tests of the CR text parser on small files written for the tests in the official format.

Each test names the official quirk it imitates (file and shape, see extract/cr_text.py).
"""

from __future__ import annotations

import codecs
from datetime import date

import pytest

from helpers import make_doc
from crfile import cr_text, line_of
from mtgcr.corpus.document import document_from_bytes
from mtgcr.extract.formats.cr_text import (
    CRFormatError,
    label_from_name,
    parse_cr_text,
    split_headword,
)
from mtgcr.extract.model import WarningKind
from mtgcr.extract.rulenum import RuleNumber

NAME = "MagicCompRules 20310303.txt"


def parse(text: str, name: str = NAME, newline: str = "\n", encoding: str = "utf-8"):
    return parse_cr_text(make_doc(text, name, encoding=encoding, newline=newline))


def messages(rs) -> list[str]:
    return [w.message for w in rs.warnings]


def warnings_of(rs, part: str) -> list[tuple[int, str]]:
    """``(line, message)`` of the warnings whose message contains ``part``."""
    return [(w.line, w.message) for w in rs.warnings if part in w.message]


def body(*rules: str, section: str = "100. General", chapter: str = "1. Game Concepts") -> str:
    return f"{chapter}\n\n{section}\n\n" + "\n\n".join(rules) + "\n"


# -- structure -------------------------------------------------------------------------------


def test_default_file_structure_and_line_numbers():
    text = cr_text()
    rs = parse(text)
    assert rs.title == "Magic: The Gathering Comprehensive Rules"
    assert rs.release.label == "20310303" and rs.release.effective_date == date(2031, 3, 3)
    assert rs.introduction.startswith("Introduction\n\nThis file was written")
    assert [str(n) for n in rs.rules] == ["100.1", "100.1a", "100.1b", "100.2"]
    for needle in ("100.1.", "100.1a", "100.1b", "100.2."):
        num = RuleNumber.parse(needle)
        assert rs.rules[num].line == line_of(text, needle)
    assert rs.sections[RuleNumber(100)].title == "General"
    assert rs.sections[RuleNumber(100)].line == line_of(text, "100. General")
    assert [(c.number, c.title, c.line) for c in rs.chapters] == [
        (1, "Game Concepts", line_of(text, "1. Game"))
    ]
    assert rs.glossary[0].term == "Deck" and rs.glossary[0].line == line_of(text, "Deck")
    assert (
        rs.credits
        == "Written for the mtgcr tests.\n\nThese rules are effective as of March 3, 2031."
    )
    assert rs.warnings == []


def test_contents_lines_do_not_create_rules_or_sections():
    # The contents repeat every heading; a contents line shaped like a rule must not count either.
    text = cr_text(
        contents="1. Game Concepts\n100. General\n100.9. Not a rule\n999. Nowhere\nGlossary\nCredits"
    )
    rs = parse(text)
    assert list(rs.sections) == [RuleNumber(100)]
    assert RuleNumber.parse("100.9") not in rs.rules
    assert len(rs.chapters) == 1 and rs.chapters[0].line == line_of(text, "1. Game")


def test_rule_text_paragraphs_and_several_examples_after_blank_lines():
    b = body(
        "100.1. A rule with two paragraphs.\nThe second paragraph of the rule.",
        "Example: The first example, after a blank line.",
        "Example: The second example.\nExample: The third example, right below.",
        "100.2. Next rule.",
    )
    text = cr_text(b)
    rs = parse(text)
    r = rs.get("100.1")
    assert r.text == "A rule with two paragraphs.\nThe second paragraph of the rule."
    assert [e.text for e in r.examples] == [
        "The first example, after a blank line.",
        "The second example.",
        "The third example, right below.",
    ]
    assert [e.line for e in r.examples] == [
        line_of(text, "Example: The first"),
        line_of(text, "Example: The second"),
        line_of(text, "Example: The third"),
    ]
    assert rs.get("100.2").examples == [] and rs.counts()["examples"] == 3


def test_doubled_example_marker():
    # 2014-09-26 … 2015-03-27: "Example:Example: A player ..."
    text = cr_text(body("100.1. Rule.\nExample:Example: A doubled marker."))
    rs = parse(text)
    assert [e.text for e in rs.get("100.1").examples] == ["A doubled marker."]
    assert "example marker printed twice" in messages(rs)


# -- official defects in rule lines ----------------------------------------------------------


def test_extra_dot_after_subrule_no_dot_after_rule_no_space_and_double_spaces():
    b = body(
        "100.1. First rule.",
        "100.1a. A subrule with a dot (like 119.1d.).",
        "100.2 A rule without its dot (like 606.5 If).",
        "100.3.No space after the dot (like 901.4.All).",
        "100.3a  Two spaces after a subrule (like 701.47d).",
        "100.4.  Two spaces after a rule (like 201.3.).",
    )
    text = cr_text(b)
    rs = parse(text)
    assert {str(n): r.text for n, r in rs.rules.items()} == {
        "100.1": "First rule.",
        "100.1a": "A subrule with a dot (like 119.1d.).",
        "100.2": "A rule without its dot (like 606.5 If).",
        "100.3": "No space after the dot (like 901.4.All).",
        "100.3a": "Two spaces after a subrule (like 701.47d).",
        "100.4": "Two spaces after a rule (like 201.3.).",
    }
    by_line = {w.line: w.message for w in rs.warnings}
    assert by_line[line_of(text, "100.1a.")] == "extra dot after subrule 100.1a"
    assert by_line[line_of(text, "100.2 ")] == "no dot after rule 100.2"
    assert by_line[line_of(text, "100.3.No")] == "no space after 100.3."
    assert by_line[line_of(text, "100.3a")] == "2 spaces after 100.3a"
    assert by_line[line_of(text, "100.4.")] == "2 spaces after 100.4."
    assert len(rs.warnings) == 5


def test_space_inside_number_and_missing_rule_number():
    # 2005-08-01: "606. 8b Players win ..."; 2008-10-01: "306.b If an effect ..." after 306.3a.
    b = body(
        "100.1. One.",
        "100.1a Sub a.",
        "100. 1b Sub b with a space inside the number.",
        "100.2. Two.",
        "100.2a Sub a.",
        "100.b Sub b without its rule number.",
    )
    text = cr_text(b)
    rs = parse(text)
    assert [str(n) for n in rs.rules] == ["100.1", "100.1a", "100.1b", "100.2", "100.2a", "100.2b"]
    assert rs.get("100.1b").text == "Sub b with a space inside the number."
    assert rs.get("100.2b").text == "Sub b without its rule number."
    assert rs.get("100.2b").line == line_of(text, "100.b")
    by_line = {w.line: w.message for w in rs.warnings}
    assert by_line[line_of(text, "100. 1b")] == "space inside the number 100. 1b"
    assert (
        by_line[line_of(text, "100.b")]
        == "rule number missing in 100.b; read as 100.2b (after 100.2a)"
    )
    assert list(rs.sections) == [RuleNumber(100)]


@pytest.mark.parametrize(
    "printed, after, read_as",
    [
        (
            "105.2c",
            ["109.2. Two.", "109.2a A.", "109.2b B."],
            "109.2c",
        ),  # 605.2c under 609 (2005-08-01)
        ("101.2.", ["109.1. One."], "109.2"),  # 501.2 under 510 (2006-05-01)
        ("190.2b", ["109.2. Two.", "109.2a A."], "109.2b"),  # 432.2b after 423.2a (2006-10-01)
        (
            "109.1b",
            ["109.1. One.", "109.2. Two.", "109.2a A."],
            "109.2b",
        ),  # 502.35b after 502.36a (2006-06-01)
        ("109.2a", ["109.2. Two.", "109.2a A."], "109.2b"),  # 702.30d twice (2009-09-04)
    ],
)
def test_misprinted_number_read_by_position(printed, after, read_as):
    b = (
        "1. Game Concepts\n\n101. Other\n\n101.1. Other one.\n\n101.2. Other two.\n\n"
        "109. Section\n\n" + "\n\n".join(after) + f"\n\n{printed} The misprinted one.\n"
    )
    text = cr_text(b)
    rs = parse(text)
    rule = rs.get(read_as)
    assert rule is not None and rule.text == "The misprinted one."
    assert rule.line == line_of(text, f"{printed} The misprinted")
    printed_num = RuleNumber.parse(printed)
    assert f"rule number {printed_num} misprinted" in " ".join(messages(rs))
    assert f"read as {read_as}" in " ".join(messages(rs))
    # the rule the misprint names is untouched (or absent)
    other = rs.get(printed_num)
    assert other is None or other.text != "The misprinted one." and "misprinted" not in other.text


def test_rule_number_with_extra_digit_read_from_its_subrules():
    # 2010-06-18: "505.54. Third, ..." followed by 505.5a, 505.5b.
    text = cr_text(
        body("100.1. One.", "100.24. Two, misprinted.", "100.2a Sub a.", "100.2b Sub b.")
    )
    rs = parse(text)
    assert [str(n) for n in rs.rules] == ["100.1", "100.2", "100.2a", "100.2b"]
    assert rs.get("100.2").text == "Two, misprinted."
    assert not any("no parent" in m or "gap" in m for m in messages(rs))


def test_a_number_of_an_earlier_section_printed_again_is_kept_apart():
    # Under section 101 after 101.2, "100.1." fits no number after 101.2 (101.3 differs in two
    # parts): it is a second text of 100.1, kept apart as a stale duplicate, not appended.
    text = cr_text(
        body("100.1. One.", "100.2. Two.") + "\n101. Next\n\n101.1. A.\n\n101.2. B.\n\n"
        "100.1. One again.\n"
    )
    rs = parse(text)
    assert rs.get("100.1").text == "One."
    assert [str(n) for n in rs.rules] == ["100.1", "100.2", "101.1", "101.2"]
    line = line_of(text, "100.1. One again")
    assert [(str(r.number), r.text, r.line) for r in rs.stale] == [("100.1", "One again.", line)]
    ((kind, msg),) = [(w.kind, w.message) for w in rs.warnings if w.line == line]
    assert kind is WarningKind.DUPLICATE_RULE
    assert msg.startswith(
        f"rule 100.1 appears twice (first at line {line_of(text, '100.1.')}); the first is "
        "the rule; this line is kept apart as a stale duplicate (100.1 was read in an "
        "earlier section"
    )


def test_rule_after_a_later_one_read_as_the_next():
    # 2008-10-01: "306.1c" after 306.3b is read as 306.3c; likewise a rule number going back.
    text = cr_text(body("100.1. One.", "100.2. Two.", "100.3. Three.", "100.1. Four, misprinted."))
    rs = parse(text)
    assert rs.get("100.4").text == "Four, misprinted." and rs.get("100.1").text == "One."
    assert messages(rs) == [
        "rule number 100.1 misprinted: it stands after 100.3; read as 100.4 (100.1 breaks the "
        "sequence after 100.3; read as printed, the numbers would go back or repeat)"
    ]


def test_the_same_number_twice_with_a_variant_text_keeps_the_first():
    # JA 20260116: "505.4." printed twice (the second the older wording), then 505.5, 505.6:
    # the first is the rule, the second a stale duplicate kept with its line; nothing is
    # renumbered and nothing concatenated.
    text = cr_text(
        body(
            "100.1. One.",
            "100.2. Two, new wording of the rule.",
            "100.2. Two, old wording of the rule.",
            "100.3. Three.",
            "100.3a Three a.",
        )
    )
    rs = parse(text)
    assert [str(n) for n in rs.rules] == ["100.1", "100.2", "100.3", "100.3a"]
    assert rs.get("100.2").text == "Two, new wording of the rule."
    assert rs.get("100.3").line == line_of(text, "100.3.")
    line = line_of(text, "100.2. Two, old")
    assert [(str(r.number), r.text, r.line) for r in rs.stale] == [
        ("100.2", "Two, old wording of the rule.", line)
    ]
    (w,) = [w for w in rs.warnings if w.line == line]
    assert (w.kind, w.number, w.first_line) == (
        WarningKind.DUPLICATE_RULE,
        RuleNumber.parse("100.2"),
        line_of(text, "100.2. Two, new"),
    )
    assert "a variant of the text at line" in w.message
    assert "read as 100.3, 2 other printed numbers would change (100.3–100.3a)" in w.message


def test_same_line_printed_twice_kept_once():
    text = cr_text(body("100.1. One.", "100.2. Two.", "100.2. Two.", "100.3. Three."))
    rs = parse(text)
    assert [str(n) for n in rs.rules] == ["100.1", "100.2", "100.3"] and rs.get(
        "100.2"
    ).text == "Two."
    second = text.split("\n").index("100.2. Two.", line_of(text, "100.2."))
    assert messages(rs) == [
        f"rule 100.2 printed twice with the same text (first at line "
        f"{line_of(text, '100.2.')}); kept once"
    ]
    assert rs.warnings[0].line == second + 1


def test_numbers_below_100_are_text():
    rs = parse(
        cr_text(body("100.1. One.\n050.1. Not a rule: sections start at 100.", "100.2. Two."))
    )
    assert [str(n) for n in rs.rules] == ["100.1", "100.2"]
    assert rs.get("100.1").text == "One.\n050.1. Not a rule: sections start at 100."


def test_number_printed_twice():
    rs = parse(cr_text(body("100.1. One.", "100.1a 100.1a Doubled number.")))
    assert rs.get("100.1a").text == "Doubled number."
    assert "number 100.1a printed twice" in messages(rs)


def test_letters_skip_l_and_o_and_two_letter_subrules():
    letters = "abcdefghijkmnpqrstuvwxyz"
    subs = [f"100.1{x} Subrule {x}." for x in letters] + [
        "100.1aa Subrule aa.",
        "100.1ab Subrule ab.",
    ]
    text = cr_text(body("100.1. Many subrules.", *subs))
    rs = parse(text)
    assert rs.counts()["subrules"] == 26
    assert rs.get("100.1m").text == "Subrule m." and rs.get("100.1ab").text == "Subrule ab."
    assert rs.get("100.1aa").line == line_of(text, "100.1aa")
    assert rs.warnings == []  # k→m, n→p and z→aa are not gaps


def test_real_gaps_and_orphans_reported_with_lines():
    # gaps the next release keeps (2009-07-11: 113.7c → 113.9; 2003-03-15: 214.8i → 214.8k) and
    # an orphan whose letters follow no subrule before it are read as printed, with warnings
    text = cr_text(
        body(
            "100.1. One.",
            "100.1a A.",
            "100.1c C skips b.",
            "100.3. Three skips two.",
            "100.3a Three a.",
            "100.5a Orphan subrule.",
            "100.6. Six.",
        )
    )
    rs = parse(text)
    got = {(w.line, w.message) for w in rs.warnings}
    assert got == {
        (line_of(text, "100.1c"), "numbering gap: 100.1c where 100.1b was expected"),
        (line_of(text, "100.3."), "numbering gap: 100.3 where 100.2 was expected"),
        (line_of(text, "100.5a"), "subrule 100.5a has no parent rule 100.5"),
    }  # 100.6 follows 100.5a: no gap


def test_stray_short_line_kept_with_warning():
    # 2021-11-15: a line holding only "f" between 702.148b and 702.149.
    text = cr_text(body("100.1. One.", "100.1a Sub a.\nf", "100.2. Two."))
    rs = parse(text)
    assert rs.get("100.1a").text == "Sub a.\nf"
    assert (line_of(text, "f"), "stray line 'f' kept as a paragraph of 100.1a") in {
        (w.line, w.message) for w in rs.warnings
    }


def test_pre_2009_numbering_and_current_as_of():
    # Files up to 2009-05-01: "current as of", sections like 212 with rules 212.1 … and
    # keyword rules like "502.28 Double Strike" (no dot), "212.1b." (extra dot).
    b = (
        "1. The Basics\n\n100. General\n\n100.1. A general rule.\n\n2. Parts of a Card\n\n212. Card Types\n\n212.1. Enchantments\n\n212.1a An old-style rule.\n\n"
        "212.1b. Another old rule.\n\n5. Additional Rules\n\n502. Keyword Abilities\n\n"
        "502.1. Flying\n\n502.1a A keyword rule.\n\n502.2 Double Strike\n\n502.2a Another keyword rule.\n"
    )
    text = cr_text(b, date="These rules are current as of February 1, 2008.")
    rs = parse(text, name="MagicCompRules 20080201.txt")
    assert rs.release.effective_date == date(2008, 2, 1) and rs.release.label == "20080201"
    assert [str(n) for n in rs.rules] == [
        "100.1",
        "212.1",
        "212.1a",
        "212.1b",
        "502.1",
        "502.1a",
        "502.2",
        "502.2a",
    ]
    assert rs.get("502.2").text == "Double Strike"
    assert [c.number for c in rs.chapters] == [1, 2, 5]
    assert set(messages(rs)) == {"extra dot after subrule 212.1b", "no dot after rule 502.2"}


def test_hard_wrapped_file():
    # 2003-10-01 … 2004-02-01: lines wrapped at ~100 columns with a trailing space, a wrapped
    # reference starting a line, a word broken after a hyphen, indented new paragraphs.
    filler = "".join(
        f"100.{n}. Filler rule number {n} with a long enough text. \ncontinued here.\n\n"
        for n in range(2, 102)
    )
    b = (
        "1. Game Concepts\n\n100. General\n\n100.1. A rule that refers to another rule; see rule \n"
        '100.2 "Filler." Then it goes on about face-\ndown cards.\n     A new indented paragraph.\n\n'
        + filler
    )
    glossary = "Face-Down\nA card is face down when its back \nshows. See rule 100.1.\n"
    text = cr_text(b, glossary)
    rs = parse(text)
    assert rs.get("100.1").text == (
        'A rule that refers to another rule; see rule 100.2 "Filler." '
        "Then it goes on about face-down cards.\nA new indented paragraph."
    )
    assert rs.get("100.2").text == "Filler rule number 2 with a long enough text. continued here."
    assert rs.get("100.2").line == line_of(text, "100.2. Filler")
    assert rs.counts()["rules"] == 101
    assert rs.define("Face-Down").text == "A card is face down when its back shows. See rule 100.1."


def test_unwrapped_continuation_keeps_paragraphs():
    rs = parse(cr_text(body("100.1. First paragraph. \nSecond paragraph.")))
    assert rs.get("100.1").text == "First paragraph.\nSecond paragraph."


# -- glossary ---------------------------------------------------------------------------------

GLOSSARY = """\
Active Player, Nonactive Player Order
A system that determines the order in which players act. See rule 100.1.

Ability
1. Text on an object that says what it does.
2. An ability on the stack.
See rule 100.2.

Caster (Obsolete)
An old word for a controller.

Ante (obsolete)
An old way to play.

Fizzle (Informal)
A nickname for a spell that does nothing.

Kicker, Kicked
An optional additional cost; a spell whose kicker was paid is "kicked."

Partner, “Partner—[text],” “Partner with [name]”
Two keyword abilities that let two commanders share a deck.

Remove from the Game, Removed, Removed-from-the-Game Zone (Obsolete)
Old words for exile.

Y, Z
See X.
"""


def test_glossary_terms_aliases_senses_and_markers():
    text = cr_text(glossary=GLOSSARY)
    rs = parse(text)
    got = [(g.term, g.aliases, g.obsolete) for g in rs.glossary]
    assert got == [
        ("Active Player, Nonactive Player Order", (), False),
        ("Ability", (), False),
        ("Caster", (), True),
        ("Ante", (), True),
        ("Fizzle", (), False),
        ("Kicker", ("Kicked",), False),
        ("Partner", ("“Partner—[text]”", "“Partner with [name]”"), False),
        ("Remove from the Game", ("Removed", "Removed-from-the-Game Zone"), True),
        ("Y", ("Z",), False),
    ]
    ability = rs.define("ability")
    assert ability.text == (
        "1. Text on an object that says what it does.\n2. An ability on the stack.\nSee rule 100.2."
    )
    assert ability.line == line_of(text, "Ability")
    assert rs.define("Kicked") is rs.define("Kicker")
    assert rs.define("Fizzle").heading == "Fizzle (Informal)"
    assert rs.define("Nonactive Player Order") is None
    assert (rs.counts()["rules"], rs.counts()["subrules"]) == (
        2,
        2,
    )  # senses "1." "2." are not rules
    assert rs.warnings == []


def test_glossary_sense_glued_to_headword():
    # 2021-06-09: "Ability1. Text on an object ..." then "2. ..."
    text = cr_text(
        glossary="Ability1. Text on an object.\n2. An ability on the stack.\n\n"
        "Flash1. Not a sense: no second one follows.\n"
    )
    rs = parse(text)
    a = rs.define("Ability")
    assert a.text == "1. Text on an object.\n2. An ability on the stack." and a.line == line_of(
        text, "Ability1."
    )
    assert rs.glossary[1].term == "Flash1. Not a sense: no second one follows."
    assert any(m.startswith("headword 'Ability' glued to its sense 1") for m in messages(rs))


def test_glossary_sub_list_after_blank_lines_stays_in_its_entry():
    # 2003-03-15: under "Expansion Symbol", a list with sub-headings and indented items.
    glossary = (
        "Expansion Symbol\nThe small icon that tells the set.\n     The symbols so far:\n\n"
        "First Sets\n\n     Alpha Set [symbol]\n\n     Beta Set [symbol]\n\nOther Sets\n\n"
        "     Gamma Set [symbol]\n\nExtra Turn\nA turn added after the current one.\n"
    )
    rs = parse(cr_text(glossary=glossary))
    assert [g.term for g in rs.glossary] == ["Expansion Symbol", "Extra Turn"]
    assert rs.glossary[0].text == (
        "The small icon that tells the set.\nThe symbols so far:\nFirst Sets\n"
        "Alpha Set [symbol]\nBeta Set [symbol]\nOther Sets\nGamma Set [symbol]"
    )
    assert rs.warnings == []


@pytest.mark.parametrize(
    "head, want",
    [
        ("Kicker, Kicked", ("Kicker", ("Kicked",))),
        ("Active Player, Nonactive Player Order", ("Active Player, Nonactive Player Order", ())),
        ("Banding, “Bands with Other”", ("Banding", ("“Bands with Other”",))),
        (
            "Banding, ?Bands with Other?",
            ("Banding", ("?Bands with Other?",)),
        ),  # 2008-05-01 "?" quotes
        ("Base Power, Base Toughness", ("Base Power", ("Base Toughness",))),
        ("You, Your", ("You", ("Your",))),
        ("Modal, Mode", ("Modal", ("Mode",))),
        ("Y, Z", ("Y", ("Z",))),
        ("Deck", ("Deck", ())),
    ],
)
def test_split_headword(head, want):
    assert split_headword(head) == want


# -- dates, labels, encodings, line endings ----------------------------------------------------


@pytest.mark.parametrize(
    "name, body_date, label, noted",
    [
        ("MagicCompRules 20231117.txt", date(2023, 11, 17), "20231117", False),
        ("2023-11-17.txt", date(2023, 11, 17), "20231117", False),
        ("MagicCompRules 04102024.txt", date(2024, 4, 12), "20240410", True),  # month-first name
        ("2024-02-06.txt", date(2024, 2, 2), "20240206", True),  # name is the label
        ("2006-06-01.txt", date(2004, 6, 1), "20040601", True),  # name far from the body
        ("rules.txt", date(2030, 1, 10), "20300110", False),
        ("rules.txt", None, None, False),
        ("20301231.txt", None, "20301231", False),
    ],
)
def test_label_from_name(name, body_date, label, noted):
    got, note = label_from_name(name, body_date)
    assert got == label and (note is not None) == noted


def test_month_first_file_name_label_and_effective_date_from_body():
    rs = parse(
        cr_text(date="These rules are effective as of April 12, 2031."),
        name="MagicCompRules 04102031.txt",
    )
    assert rs.release.label == "20310410" and rs.release.effective_date == date(2031, 4, 12)
    assert messages(rs) == ["file name says 2031-04-10, body says effective 2031-04-12"]
    assert rs.warnings[0].line == 3


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_line_endings_keep_line_numbers(newline):
    text = cr_text()
    rs = parse(text, newline=newline)
    assert rs.get("100.1b").line == line_of(text, "100.1b")
    assert rs.get("100.1b").text == "A multiplayer game starts with three or more players."


def test_cr_cr_lf_before_chapters_counts_two_breaks():
    # Bare-CR files put "\r\r\n" before each chapter heading: that is two line breaks.
    text = cr_text(
        body("100.1. One.", "100.2. Two.")
        + "\n2. Parts of a Card\n\n200. General\n\n200.1. Three.\n"
    )
    data = text.replace("\n", "\r").replace("\r\r2. Parts", "\r\r\n2. Parts").encode("utf-8")
    doc = document_from_bytes(codecs.BOM_UTF8 + data, NAME)
    assert doc.line_endings["CRLF"] == 1
    rs = parse_cr_text(doc)
    lines = text.split("\n")
    want = lines.index("200.1. Three.") + 1  # the LF of "\r\n" adds no extra line
    assert rs.get("200.1").line == want
    assert doc.lines[want - 1] == "200.1. Three."
    assert [c.number for c in rs.chapters] == [1, 2]


def test_cp1252_file_with_aether():
    b = body("100.1. An Æther token has no characteristics.", "100.2. Dandân – a card’s name™.")
    text = cr_text(b, glossary="Æther Token\nA marker described in rule 100.1.\n")
    doc = make_doc(text, NAME, encoding="cp1252", newline="\r\n")
    assert doc.encoding == "cp1252"
    rs = parse_cr_text(doc)
    assert rs.get("100.1").text == "An Æther token has no characteristics."
    assert rs.get("100.2").text == "Dandân – a card’s name™."
    assert rs.define("Æther Token").line == line_of(text, "Æther Token")
    assert "Ćther" not in doc.text


# -- not a CR text -----------------------------------------------------------------------------


def test_truncated_file_without_glossary_is_refused():
    text = cr_text()
    cut = text[: text.index("100.2.")]
    with pytest.raises(CRFormatError, match=r"x\.txt: no glossary heading .*truncated"):
        parse(cut, name="x.txt")


def test_file_ending_inside_glossary_parses_with_warnings():
    # 2013-02-01 ends after the headword "Attack Multiple Players".
    text = cr_text(glossary="Deck\nThe cards.\n\nDraw").rsplit("Credits", 1)[0].rstrip() + "\n"
    rs = parse(text)
    assert [g.term for g in rs.glossary] == ["Deck", "Draw"]
    assert "glossary entry 'Draw' has no definition" in messages(rs)
    assert any(m.startswith("no credits heading after the glossary") for m in messages(rs))


def test_file_cut_right_after_the_glossary_heading_keeps_its_whole_rule_tree():
    text = cr_text()
    cut = text[: text.rindex("\nGlossary\n") + len("\nGlossary\n")]
    rs = parse(cut)
    # `complete` speaks of the rule tree, which is whole; the truncation is a warning
    assert (
        rs.complete is True
        and rs.glossary == []
        and rs.get("100.2").text == "Each player brings a deck."
    )
    assert any(
        m.startswith("no credits heading after the glossary: the file looks truncated")
        for m in messages(rs)
    )
    assert parse(text).complete is True


HOLE_BODY = """\
1. Game Concepts

100. General

100.1. A rule of section 100.

101. Second Section

101.1. A rule of section 101.

102. Third Section

102.1. A rule of section 102.

2. Parts of a Card

200. General

200.1. A rule of section 200.
"""


def test_sections_the_contents_list_but_the_body_lacks_are_holes():
    full = cr_text(HOLE_BODY)
    contents = full.split("Contents\n\n", 1)[1].split("\n\n", 1)[0]
    # The body loses sections 101 and 102 (cut out), the contents still list them.
    holed = full.replace(
        HOLE_BODY,
        HOLE_BODY[: HOLE_BODY.index("101. Second")] + HOLE_BODY[HOLE_BODY.index("2. Parts") :],
    )
    rs = parse(holed)
    lines = holed.split("\n")
    assert rs.complete is False
    assert sorted(str(n) for n in rs.sections) == ["100", "200"]
    assert warnings_of(rs, "the contents list") == [
        (
            lines.index("101. Second Section") + 1,
            "the contents list section 101 (Second Section) but the body has no section 101: the file has a hole",
        ),
        (
            lines.index("102. Third Section") + 1,
            "the contents list section 102 (Third Section) but the body has no section 102: the file has a hole",
        ),
    ]
    assert "101. Second Section" in contents and "102. Third Section" in contents
    assert parse(full).complete is True and warnings_of(parse(full), "contents") == []


def test_body_sections_and_chapters_missing_from_the_contents_are_warned_only():
    # Like "215. This section is now empty." (2004-10-01 … 2007-02-01): in the body, not the contents.
    body = HOLE_BODY.replace(
        "2. Parts of a Card", "103. This section is now empty.\n\n2. Parts of a Card"
    )
    contents = "\n".join(
        [
            "1. Game Concepts",
            "100. General",
            "101. Second Section",
            "102. Third Section",
            "200. General",
            "Glossary",
            "Credits",
        ]
    )
    rs = parse(cr_text(body, contents=contents))
    text = cr_text(body, contents=contents)
    assert rs.complete is True
    assert warnings_of(rs, "not in the contents") == [
        (line_of(text, "2. Parts of a Card"), "chapter 2 (Parts of a Card) is not in the contents"),
        (
            line_of(text, "103. This section"),
            "section 103 (This section is now empty.) is not in the contents",
        ),
    ]


def test_not_a_cr_text():
    doc = make_doc("Dear reader,\n\nthis is a letter, not the rules.\n", "letter.txt")
    with pytest.raises(CRFormatError, match="letter.txt: not a Comprehensive Rules text"):
        parse_cr_text(doc)


# -- robustness --------------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

_LINE = st.one_of(
    st.builds(
        lambda s, r, l, d, t: f"{s}.{r}{l}{d} {t}",
        st.sampled_from(["100", "101", "105", "099"]),
        st.integers(0, 12),
        st.sampled_from(["", "a", "b", "k", "m", "aa"]),
        st.sampled_from(["", "."]),
        st.sampled_from(["Text.", "", "  Spaced.", "(see rule 100.1)"]),
    ),
    st.sampled_from(
        [
            "",
            "Example: An example.",
            "Example:Example: Twice.",
            "101. Another Section",
            "2. Second Chapter",
            "200. Parts",
            "100.b Missing rule.",
            "100. 3 Spaced number.",
            "f",
            "     Indented.",
            "Plain continuation text.",
            "See rule ",
        ]
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINE, max_size=40))
def test_parser_never_crashes_and_keeps_line_numbers(lines):
    text = cr_text(
        "1. Game Concepts\n\n100. General\n\n100.1. First.\n\n" + "\n".join(lines) + "\n"
    )
    rs = parse(text)
    src = text.split("\n")
    for rule in rs.rules.values():
        first = src[rule.line - 1]
        assert first[:3].isdigit() and int(first[:3]) >= 100
        for ex in rule.examples:
            assert src[ex.line - 1].startswith("Example:") and ex.line > rule.line
    assert rs.get("100.1").line == line_of(text, "100.1. First.")


def test_a_second_cr_text_concatenated_after_the_first_is_refused_with_its_line():
    # issue 22: "cat 2023-11-17.txt 2024-08-02.txt" was stored as one release whose credits
    # held the whole second text (939 kB); the second text starts at its title line
    first = cr_text()
    second = cr_text(date="These rules are effective as of May 5, 2032.")
    text = first + "\ufeff" + second
    start = len(first.split("\n"))  # the second title's 1-based line
    with pytest.raises(CRFormatError) as exc:
        parse(text)
    assert str(exc.value) == (
        f"{NAME}:{start}: a second Comprehensive Rules text (English) starts here "
        "('Magic: The Gathering Comprehensive Rules', after the glossary of the first); "
        f"split the file into one file per release (the first ends at line {start - 1}) and "
        "ingest each"
    )
    # the first text alone, with a credits block that names the rules, is read as before
    rs = parse(first.replace("Written for the mtgcr tests.", "Comprehensive Rules team."))
    assert rs.credits.startswith("Comprehensive Rules team.")


def test_a_malformed_rule_number_line_is_kept_as_text_with_a_warning():
    # issue 22: "999999.9999zz …" was glued onto the rule above without a word
    text = cr_text(body("100.1. One.", "100.1a Sub.\n999999.9999zz Not a number.", "100.2. Two."))
    rs = parse(text)
    assert rs.get("100.1a").text == "Sub.\n999999.9999zz Not a number."
    line = line_of(text, "999999.9999zz")
    assert [(w.line, w.kind, w.message) for w in rs.warnings] == [
        (
            line,
            WarningKind.TEXT_KEPT,
            "'999999.9999zz' starts the line like a rule number but is none; the line is "
            "kept as text of 100.1a",
        )
    ]


def test_a_banner_line_with_a_date_stands_for_the_title():
    # an all-caps banner and no title line; the date statement only after the introduction
    # (not in the first lines): read by its body — date, sections, rules, glossary
    sections = "\n".join(
        f"10{k}. Part {k}\n\n"
        + "\n\n".join(f"10{k}.{n}. Rule {n} of part {k}." for n in range(1, 5))
        + "\n"
        for k in range(0, 5)
    )
    text = cr_text(
        "1. Game Concepts\n\n" + sections, title="MTG COMPREHENSIVE RULES — 3 MARCH 2031"
    )
    date = "These rules are effective as of March 3, 2031."
    text = text.replace(f"{date}\n\nIntroduction\n\n", "Introduction\n\n", 1).replace(
        "unit tests.\n", f"unit tests.\n\n{date}\n\n" + "More introduction.\n\n" * 12, 1
    )
    rs = parse(text)
    assert rs.release.label == "20310303" and rs.title == "MTG COMPREHENSIVE RULES — 3 MARCH 2031"
    assert rs.get("104.4").text == "Rule 4 of part 4."
    (w,) = [w for w in rs.warnings if w.line == 1]
    assert w.message.startswith("no title line, only the banner 'MTG COMPREHENSIVE RULES")
    # the same banner over a file that is not clearly a CR (no glossary) is refused
    with pytest.raises(CRFormatError):
        parse(text.replace("Glossary", "Appendix"))


def test_upper_case_example_labels():
    text = cr_text(body("100.1. One.", "100.1a Sub.\nEXAMPLE: A player wins.", "100.2. Two."))
    rs = parse(text)
    assert [e.text for e in rs.get("100.1a").examples] == ["A player wins."]
    assert rs.get("100.1a").text == "Sub." and rs.warnings == []


def test_an_index_after_the_glossary_is_no_glossary_entries():
    glossary = "Deck\nThe cards a player starts the game with. See rule 100.2.\n\n"
    index = "Index\n\nDeck, 100.2\nPlayer, 100.1, 100.1a\n\nTwo-player game, 100.1a\n"
    text = cr_text(glossary=glossary + index)
    rs = parse(text)
    assert [g.term for g in rs.glossary] == ["Deck"]
    start = line_of(text, "Index")
    (w,) = rs.warnings
    assert (w.line, w.kind) == (start, WarningKind.TEXT_IGNORED)
    assert w.message.startswith(f"an index follows the glossary (lines {start}–")
    assert rs.credits.startswith("Written for the mtgcr tests.") and not rs.truncated


def test_numbered_senses_set_apart_by_blank_lines_stay_one_entry():
    glossary = (
        "Ability\n1. Text on an object that explains what it does.\n\n"
        "2. An activated or triggered ability on the stack.\n\n"
        "Deck\nThe cards a player starts the game with.\n"
    )
    rs = parse(cr_text(glossary=glossary))
    assert [(g.term, g.text) for g in rs.glossary] == [
        (
            "Ability",
            "1. Text on an object that explains what it does.\n"
            "2. An activated or triggered ability on the stack.",
        ),
        ("Deck", "The cards a player starts the game with."),
    ]
    # a "2." after a blank line with no sense 1 before it is no sense of the entry above
    rs = parse(cr_text(glossary="Deck\nThe cards.\n\n2. Odd\nA stray headword.\n"))
    assert [g.term for g in rs.glossary] == ["Deck", "2. Odd"]
