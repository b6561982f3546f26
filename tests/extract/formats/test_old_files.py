"""Old and damaged CR files (fixtures written for the tests in the shapes real copies have):
a damaged title line, a title split over lines, a banner line before the title, and the
plain hard wrap of the 2001/2002 archive copies."""

from __future__ import annotations

import pytest

from helpers import make_doc
from crfile import cr_text
from mtgcr.extract.formats.cr_shape import TitleForm, recognise, refusal
from mtgcr.extract.formats.cr_text import CRFormatError, parse_cr_text
from mtgcr.extract.kinds import UnknownKindError
from mtgcr.extract.registry import parse_document
from mtgcr.extract.rulenum import RuleNumber as R

WORDS = (
    "each player draws a card then the active player untaps every permanent they "
    "control and the game goes on to the next step of the turn"
).split()


def body(sections: int = 6, rules: int = 5) -> str:
    """Chapter 1 with ``sections`` sections of ``rules`` rules each, one line per rule."""
    out = ["1. Game Concepts", ""]
    for s in range(100, 100 + sections):
        out += [f"{s}. Section {s - 99}", ""]
        for r in range(1, rules + 1):
            text = " ".join(WORDS[(s + r) % 7 : (s + r) % 7 + 12])
            out += [f"{s}.{r}. Rule {r} of section {s}: {text}.", ""]
    return "\n".join(out)


def without_title(text: str) -> str:
    return text.split("\n", 1)[1]


@pytest.mark.parametrize(
    "title,form",
    [
        ("Magic: The Gatheringr Comprehensive Rules", TitleForm.DAMAGED),  # ® lost, "r" left
        ("Magic: The Gathering Comprehensive Rulse", TitleForm.DAMAGED),
        ("MAGIC: THE GATHERING\nCOMPREHENSIVE\nRULES", TitleForm.SPLIT),
        ("Magic: The Gathering\n\nComprehensive Rules", TitleForm.SPLIT),
    ],
)
def test_damaged_and_split_titles_parse(title, form):
    text = cr_text(body(), title=title)
    doc = make_doc(text, "MagicCompRules 20310303.txt")
    ev = recognise(doc)
    assert ev is not None and ev.title.form is form and ev.title.line == 1
    assert parse_document(doc).kind == "cr-text"
    rs = parse_cr_text(doc)
    assert str(rs.release.effective_date) == "2031-03-03"
    assert len(rs.sections) == 6 and len(rs.rules) == 30 and rs.complete
    assert rs.title == " ".join(t.strip() for t in title.split("\n") if t.strip())
    kind = "title split over lines" if form is TitleForm.SPLIT else "title line not recognised"
    assert [w.line for w in rs.warnings if w.message.startswith(kind)] == [1]
    assert "Comprehensive" not in rs.introduction and "RULES" not in rs.introduction


def test_banner_line_before_the_title():
    text = "*** Downloaded from a rules archive ***\n" + cr_text(body())
    rs = parse_cr_text(make_doc(text, "CR-2031-03-03.txt"))
    assert rs.title == "Magic: The Gathering Comprehensive Rules"
    assert [(w.line, w.message) for w in rs.warnings if "before the title" in w.message] == [
        (1, "line before the title ignored: '*** Downloaded from a rules archive ***'")
    ]
    assert len(rs.rules) == 30


def test_damaged_title_needs_a_body_that_is_clearly_a_cr():
    # two sections and four rules: too little to make up for a title that does not match
    small = cr_text(body(2, 2), title="Magic: The Gatheringr Comprehensive Rules")
    doc = make_doc(small, "x.txt")
    assert recognise(doc) is None
    reason = refusal(doc)
    assert "no 'Comprehensive Rules' title line" in reason
    assert "an effective-date statement (en, line 3)" in reason
    assert "needs at least 5 sections, 20 rules and a glossary heading" in reason
    with pytest.raises(CRFormatError, match="x.txt: not a Comprehensive Rules text"):
        parse_cr_text(doc)


def test_refusals_name_what_is_missing_not_a_false_reason():
    titled = make_doc(
        "Magic: The Gathering Comprehensive Rules\n\nIntroduction\n\nNo date.\n", "titled.txt"
    )
    reason = refusal(titled)
    assert reason.startswith(
        "not a Comprehensive Rules text: it has the title "
        "'Magic: The Gathering Comprehensive Rules' (line 1) but no "
        "effective-date statement"
    )
    assert "no 'Comprehensive Rules' title" not in reason
    with pytest.raises(UnknownKindError, match="titled.txt: not a recognised document kind"):
        parse_document(titled)
    dated = make_doc(without_title(cr_text(body(1, 2))), "dated.txt")
    reason = refusal(dated)
    assert "it has an effective-date statement (en, line 2)" in reason
    assert "no 'Comprehensive Rules' title line in the first 12 lines" in reason
    letter = make_doc("Dear reader,\n\nThe Comprehensive Rules are attached.\n", "letter.txt")
    assert refusal(letter) == (
        "not a Comprehensive Rules text: no 'Comprehensive Rules' title "
        "line in the first 12 lines; no effective-date statement (like "
        "'These rules are effective as of May 1, 2026.')"
    )


# -- the plain hard wrap of the 2001/2002 archive copies ------------------------------------


def wrap(text: str, width: int = 72) -> list[str]:
    lines, cur = [], ""
    for w in text.split():
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    return lines + [cur]


def long_rule(k: int) -> str:
    return " ".join(WORDS[k % 5 :] + WORDS + [f"(see rule 100.{k})", "and", "so", "on."])


def wrapped_body(n: int = 25) -> tuple[str, dict[str, str]]:
    out, texts = ["1. Game Concepts", "", "100. General", ""], {}
    for k in range(1, n + 1):
        text = f"Rule {k} says {long_rule(k)}"
        texts[f"100.{k}"] = text
        lines = wrap(f"100.{k}. {text}")
        out += lines + [""]
    # a wrapped example, and a reference wrapped to the start of a line
    out += [
        "100.30. A player who casts a spell follows the steps of",
        "100.2c).",
        "Example: A player casts a spell with two targets and then the game goes",
        "on to the next step.",
        "",
    ]
    return "\n".join(out), texts


def test_plain_hard_wraps_are_joined():
    text, texts = wrapped_body()
    rs = parse_cr_text(make_doc(cr_text(text), "CR-2031-03-03.txt"))
    assert {str(n): r.text for n, r in rs.rules.items() if str(n) in texts} == texts
    assert not [n for n, r in rs.rules.items() if "\n" in r.text]
    r30 = rs.rules[R.parse("100.30")]
    assert r30.text == "A player who casts a spell follows the steps of 100.2c)."
    assert [e.text for e in r30.examples] == [
        "A player casts a spell with two targets and then the game goes on to the next step."
    ]


def test_short_multi_paragraph_rules_are_not_read_as_wrapped():
    # a file with one paragraph per line whose rules have short second paragraphs
    lines = ["1. Game Concepts", "", "100. General", ""]
    for k in range(1, 30):
        lines += [
            f"100.{k}. Rule {k} has a first paragraph that is of a fair length here.",
            "A second paragraph.",
            "",
        ]
    rs = parse_cr_text(make_doc(cr_text("\n".join(lines)), "CR-2031-03-03.txt"))
    assert rs.rules[R.parse("100.3")].text == (
        "Rule 3 has a first paragraph that is of a fair length here.\nA second paragraph."
    )
