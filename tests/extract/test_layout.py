"""A parsed CR text renders back to its source lines (extract/layout.py), on small files written
for the tests in the official format, each imitating an official quirk (see extract/formats/cr_text.py)."""

from __future__ import annotations

import pytest

from helpers import make_doc
from crfile import cr_text, line_of
from mtgcr.corpus.store import Store
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.layout import LayoutError, LineRole, render_lines
from mtgcr.extract.records import from_record, to_record
from mtgcr.extract.rulenum import RuleNumber

NAME = "MagicCompRules 20310303.txt"


def body(*rules: str, section: str = "100. General") -> str:
    return f"1. Game Concepts\n\n{section}\n\n" + "\n\n".join(rules) + "\n"


def round_trip(text: str, newline: str = "\n"):
    doc = make_doc(text, NAME, newline=newline)
    rs = parse_cr_text(doc)
    assert render_lines(rs) == doc.lines
    assert rs.layout.unsourced() == []
    return rs, doc


QUIRKS = {
    "number forms": body(
        "100.1. First rule.",
        "100.1a. A subrule with a dot.",
        "100.2 No dot.",
        "100.3.No space after the dot.",
        "100.3a  Two spaces.",
        "100. 3b A space inside.",
        "100.4. One.",
        "100.4a Sub a.",
        "100.b Sub b without its rule number.",
    ),
    "examples": body(
        "100.1. Rule.\nExample:Example: A doubled marker.",
        "Example: After a blank line.\nA second paragraph of the example.",
    ),
    "misprints and duplicates": body(
        "100.1. One.", "100.2. Two.", "100.3. Three.", "100.1. Four, misprinted."
    )
    + "\n101. Next\n\n101.1. A.\n\n100.1. Again, under 101.\n",
    "text under a heading, a stray line": body(
        "Text between the heading and its first rule.", "100.1. Rule.\nf", "100.2. Two."
    ),
    "indented and trailing spaces": body("  100.1. Indented rule.  ", "100.2. Trailing tab.\t"),
}


@pytest.mark.parametrize("name", sorted(QUIRKS))
def test_quirks_render_back(name):
    rs, doc = round_trip(cr_text(QUIRKS[name]))
    assert rs.warnings or name == "indented and trailing spaces"


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_endings_are_the_documents_not_the_layouts(newline):
    rs, doc = round_trip(cr_text(), newline)
    assert len(render_lines(rs)) == len(doc.lines) == cr_text().count("\n") + 1


def test_the_layout_is_made_of_the_model():
    """Rule, example, glossary and front-matter lines render from the model's text: change a
    rule's text and its line changes; printed-only lines are blanks, contents, headings, dates."""
    text = cr_text(body("100.1. First paragraph.\nSecond paragraph.\nExample: An example."))
    rs, doc = round_trip(text)
    n = line_of(text, "100.1.")
    lines = rs.layout.lines
    assert [p if isinstance(p, str) else p.text() for p in lines[n - 1].parts] == [
        "100.1. ",
        "First paragraph.",
    ]
    assert (lines[n].role, lines[n + 1].role) == (LineRole.RULE, LineRole.EXAMPLE)
    rule = rs.get("100.1")
    rule.text = rule.text.replace("Second", "2nd")
    assert render_lines(rs)[n] == "2nd paragraph."
    rs.get("100.1").examples[0].text = "An Example."  # (slices keep their bounds: same length)
    assert render_lines(rs)[n + 1] == "Example: An Example."
    rs.title = "Another title"
    assert render_lines(rs)[0] == "Another title"
    printed = {ln.role for ln in lines if not ln.role.from_model}
    assert printed == {LineRole.BLANK, LineRole.CONTENTS, LineRole.HEADING, LineRole.DATE}
    assert [lines[i].role for i, s in enumerate(doc.lines) if s == "Glossary"] == [
        LineRole.CONTENTS,
        LineRole.HEADING,
    ]


def test_text_the_parser_leaves_out_is_a_warned_printed_line():
    text = cr_text("1. Game Concepts\n\nText before any section.\n\n100. General\n\n100.1. Rule.\n")
    rs, doc = round_trip(text)
    n = line_of(text, "Text before any section.")
    assert rs.layout.line(n - 1).role is LineRole.IGNORED
    assert [w.line for w in rs.warnings if "ignored" in w.message] == [n]


def test_a_stale_duplicate_kept_apart_renders_on_its_own_line():
    text = cr_text(QUIRKS["misprints and duplicates"])
    rs, _ = round_trip(text)
    assert rs.get("100.1").text == "One."
    assert [(str(r.number), r.text) for r in rs.stale] == [("100.1", "Again, under 101.")]
    assert rs.get("100.4").text == "Four, misprinted."  # read as the number its position demands
    n = line_of(text, "100.1. Again")
    assert render_lines(rs)[n - 1] == "100.1. Again, under 101."
    assert rs.layout.line(n - 1).role is LineRole.RULE


def test_hard_wrapped_paragraphs_are_cut_back_where_they_were_joined():
    filler = "".join(
        f"100.{n}. Filler rule number {n} with a long enough text. \ncontinued here.\n\n"
        for n in range(2, 102)
    )
    b = (
        "1. Game Concepts\n\n100. General\n\n100.1. A rule that refers to another rule; see rule \n"
        '100.2 "Filler." Then it goes on about face-\ndown cards.\n     A new indented paragraph.\n\n'
        + filler
    )
    text = cr_text(b, "Face-Down\nA card is face down when its back \nshows. See rule 100.1.\n")
    rs, _ = round_trip(text)
    assert rs.get("100.1").text.startswith("A rule that refers to another rule; see rule 100.2")


def test_glued_glossary_sense_and_japanese_style_glossary():
    text = cr_text(
        glossary="Ability1. Text on an object.\n2. An ability on the stack.\n\n"
        "Kicker, Kicked\nA keyword.\n"
    )
    rs, _ = round_trip(text)
    entry = rs.define("Ability")
    assert entry.heading == "Ability" and entry.text.startswith("1. Text on an object.")
    n = line_of(text, "Ability1.")
    assert len([p for p in rs.layout.line(n - 1).parts if not isinstance(p, str)]) == 2


def test_a_ruleset_from_the_store_has_no_layout(tmp_path):
    rs, doc = round_trip(cr_text())
    with Store(tmp_path / "s.sqlite") as st:
        st.add_document(doc, "cr-text", [to_record(rs)])
        back = from_record(st.release_rows(st.releases()[0].id))
    assert back.layout is None and back == rs  # (the layout is not part of equality)
    with pytest.raises(LayoutError, match="no layout"):
        render_lines(back)
    assert back.get(RuleNumber.parse("100.1")) is not None


def test_release_rows_of_some_tables_only(tmp_path):
    # pair --against all reads other releases for their rule texts only (issue 28)
    rs, doc = round_trip(cr_text())
    with Store(tmp_path / "s.sqlite") as st:
        st.add_document(doc, "cr-text", [to_record(rs)])
        rid = st.releases()[0].id
        whole = st.release_rows(rid)
        some = st.release_rows(rid, tables=("rules", "examples"))
    assert some.rules == whole.rules and some.examples == whole.examples
    assert whole.glossary and whole.sections
    assert some.glossary == [] and some.sections == [] and some.chapters == []
    back = from_record(some)
    assert back.rules == rs.rules and back.release == rs.release
    assert back.rules[RuleNumber.parse("100.1")].text == rs.rules[RuleNumber.parse("100.1")].text
