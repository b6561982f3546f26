"""The source-code citation reader: every engine syntax, on small files written for the tests."""

from __future__ import annotations

from datetime import date

from mtgcr.extract.citations.source import (
    Region,
    StampScope,
    Syntax,
    TokenForm,
    find_source_citations,
    read_stamp,
)
from mtgcr.extract.citations.comments import Family, comment_text, family_of


def cites(src: str, family: Family = Family.C):
    return find_source_citations(src, family)


def one(src: str, family: Family = Family.C):
    [c] = cites(src, family)
    return c


def nums(c) -> list[str]:
    return [str(n) for n in c.numbers]


def test_phase_rs_forms():
    c = one("// CR 704.5a: If a player has 0 or less life, that player loses the game.\n")
    assert (c.syntax, c.text, nums(c), c.line, c.column) == (
        Syntax.CR_PREFIX,
        "CR 704.5a",
        ["704.5a"],
        1,
        4,
    )
    assert c.quote == "If a player has 0 or less life, that player loses the game."
    assert nums(one("/// CR 704.5b\nfn f() {}\n")) == ["704.5b"]
    c = one("// needs CR 107.3b + CR 601.2f\n")
    assert (c.text, nums(c)) == ("CR 107.3b + CR 601.2f", ["107.3b", "601.2f"])
    c = one("// CR 301.5a/f\n")
    assert nums(c) == ["301.5a", "301.5f"]
    assert [t.form for t in c.tokens] == [TokenForm.FULL, TokenForm.LETTERS]
    assert nums(one("// CR 702.151a-b\n")) == ["702.151a", "702.151b"]
    assert nums(one("// CR 601/602\n")) == ["601", "602"]
    c = one("// CR 701.x\n")
    assert (c.syntax, c.numbers) == (Syntax.PLACEHOLDER, ())


def test_citation_split_across_a_comment_line_break():
    src = "x();\n    // a player may concede, as the CR\n    // 110.2a says\nfoo();\n"
    c = one(src)
    assert nums(c) == ["110.2a"] and c.text == "CR\n    // 110.2a" and (c.line, c.column) == (2, 37)
    tok = c.tokens[0]
    assert src[tok.start : tok.end] == "110.2a"


def test_xmage_forms():
    c = one("        //20091005 - 704.5i\n")
    assert (c.syntax, nums(c), c.stamp.date, c.stamp.flag) == (
        Syntax.DATE_STAMP,
        ["704.5i"],
        date(2009, 10, 5),
        "",
    )
    c = one("// 20240202 - 702.134c\n")
    assert (nums(c), c.stamp.written) == (["702.134c"], "20240202")
    c = one("//201300713 - 704.5k\n")
    assert (
        c.stamp.date == date(2013, 7, 13) and "9 digits" in c.stamp.flag and nums(c) == ["704.5k"]
    )
    c = one("    // 903.4d\n")
    assert (c.syntax, nums(c), c.quote) == (Syntax.BARE_NUMBER, ["903.4d"], None)
    c = one("/**\n * 702.94a Soulbond is a keyword that represents two static abilities.\n */\n")
    assert c.syntax is Syntax.PASTED_RULE and c.quote.startswith("Soulbond is a keyword")
    c = one("// rule 114.4. A spell or ability on the stack is an illegal target for itself.\n")
    assert (c.syntax, nums(c)) == (Syntax.RULE_WORD, ["114.4"]) and c.quote.startswith("A spell")
    assert nums(one("/* See rule 609.7 */\n")) == ["609.7"]
    assert nums(one("// CR 702.2c\n")) == ["702.2c"]


def test_forge_forms():
    src = "if (stateBasedAction704_5r(c)) { game.archenemy904_10(); }\n"
    a, b = cites(src)
    assert (a.syntax, a.region, a.identifier, nums(a)) == (
        Syntax.IDENTIFIER,
        Region.CODE,
        "stateBasedAction704_5r",
        ["704.5r"],
    )
    assert (b.identifier, nums(b)) == ("archenemy904_10", ["904.10"])
    c = one(
        "// Rule 704.5f - a creature with toughness 0 or less is put into its owner's graveyard\n"
    )
    assert (c.syntax, nums(c)) == (Syntax.RULE_WORD, ["704.5f"])
    c = one("//702.12b. A permanent with indestructible can't be destroyed.\n")
    assert (c.syntax, nums(c)) == (Syntax.PASTED_RULE, ["702.12b"])


def test_links_taglets_and_ranges_in_document_order():
    c = one("// see https://yawgatog.com/resources/magic-rules/#R70219b\n")
    assert (c.syntax, nums(c), c.tokens[0].written) == (
        Syntax.YAWGATOG_ANCHOR,
        ["702.19b"],
        "70219b",
    )
    c = one("/** {@mtg.rule 613.1-613.7} */\n")
    assert c.syntax is Syntax.JAVADOC_TAGLET and nums(c) == [f"613.{k}" for k in range(1, 8)]
    c = one("// [CR#704.5k..704.5n]\n")
    assert c.syntax is Syntax.CR_HASH and nums(c) == ["704.5k", "704.5m", "704.5n"]  # no l


def test_numbers_that_are_not_citations():
    src = (
        "int[] a = new int[100]; double v = 0.5; // since 2009, version 1.2.3\n"
        'String s = "CR 704.5a"; // ip 192.168.1.1 and 100 rules\n'
    )
    assert cites(src) == []
    assert cites("# rule of thumb: 3 tries\nx = 704.5\n", Family.HASH) == []


def test_malformed_citations_are_kept():
    c = one("// CR 704.5l\n")
    assert c.numbers == () and "l and o" in c.malformed
    c = one("// CR 7045\n")
    assert "not a rule number" in c.malformed
    c = one("// [CR#704.5n..704.5k]\n")
    assert "backwards" in c.malformed


def test_hash_family_and_docs():
    a, b = cites(
        'def f():\n    """Implements CR 704.5a."""\n    # 20091005 - 704.5i\n', Family.HASH
    )
    assert (nums(a), a.syntax, nums(b), b.syntax) == (
        ["704.5a"],
        Syntax.CR_PREFIX,
        ["704.5i"],
        Syntax.DATE_STAMP,
    )
    doc = "# Rules\n\n704.5a is listed here\n\nSee rule 609.7 and CR 702.2c.\n"
    got = cites(doc, Family.DOC)
    assert [(nums(c), c.syntax) for c in got] == [
        (["704.5a"], Syntax.IN_TEXT),  # weak: a citation only if a stored release has it
        (["609.7"], Syntax.RULE_WORD),
        (["702.2c"], Syntax.CR_PREFIX),
    ]
    assert got[0].weak and not got[1].weak
    assert family_of("A.JAVA") is Family.C and family_of("card.txt") is None


def test_stamp_reading():
    assert read_stamp("20091005").date == date(2009, 10, 5)
    assert read_stamp("201300713").date == date(2013, 7, 13)
    assert read_stamp("20091399").date is None


def test_comment_text_maps_back():
    src = 'a = "// no";\n/* one\n * two */\nb(); // three\n'
    ct = comment_text(src, Family.C)
    for word in ("one", "two", "three"):
        i = ct.text.index(word)
        o = ct.original(i)
        assert src[o : o + len(word)] == word
    assert "no" not in ct.text and ct.in_code(src.index("b()"))


# -- the forms issue 21 lists as not read, each written here in the engines' styles ----------


def test_a_real_rule_that_looks_like_a_placeholder_is_a_number_in_its_list():
    c = one("    // CR 310.10 + CR 704.5w + CR 704.5x: controller chooses a new protector.\n")
    assert (c.syntax, nums(c)) == (Syntax.CR_PREFIX, ["310.10", "704.5w", "704.5x"])
    assert [t.placeholder_like for t in c.tokens] == [False, False, True]
    for ph in ("// CR 701.x\n", "// CR 7xx\n", "// CR 702.?\n", "// CR 702.xx\n"):
        assert one(ph).syntax is Syntax.PLACEHOLDER, ph


def test_spaced_alternatives_and_lists():
    assert nums(one("// CR 701.57a / 702.85a: exile until\n")) == ["701.57a", "702.85a"]
    assert nums(one("/// per CR 107.4e / 107.4f.\n")) == ["107.4e", "107.4f"]
    assert nums(one("// CR 614.3 / CR 701.19b: pause\n")) == ["614.3", "701.19b"]


def test_parenthesised_numbers_with_the_title_before_them():
    a, b = cites("/// Discover (701.57a) / Cascade (702.85a) loop\n")
    assert (a.syntax, nums(a), a.title) == (Syntax.PARENTHESISED, ["701.57a"], "Discover")
    assert (nums(b), b.title) == (["702.85a"], "Cascade")
    c = one("    // to handle rule changing effects (613.10)\n")
    assert (c.syntax, nums(c), c.text, c.weak) == (
        Syntax.PARENTHESISED,
        ["613.10"],
        "(613.10)",
        True,
    )
    assert one("// deals excess damage with trample (702.19b) here\n").title == "trample"


def test_stamps_anywhere_and_without_a_dash():
    c = one("/**\n * see 20110715 - 605.1b\n */")
    assert (c.syntax, nums(c), c.stamp.date) == (Syntax.DATE_STAMP, ["605.1b"], date(2011, 7, 15))
    c = one("    //20130711 708.6c\n")
    assert (c.syntax, nums(c), c.stamp.written) == (Syntax.DATE_STAMP, ["708.6c"], "20130711")
    c = one("//20091005 - 613\n")
    assert nums(c) == ["613"]
    # a number that is not a date is no stamp in the middle of a line
    assert [x.syntax for x in cites("// id 12345678 - 605.1b\n")] == [Syntax.IN_TEXT]


def test_a_cr_release_date_stamps_its_comment_and_is_no_citation():
    src = "/*\n * CR 2023-04-14\n * 205.1a. Some effects set an object's card type.\n */\nx();\n// 205.1b\n"
    a, b = cites(src)
    assert (nums(a), a.stamp.written, a.stamp.scope) == (["205.1a"], "2023-04-14", StampScope.BLOCK)
    assert a.stamp.date == date(2023, 4, 14) and not a.malformed
    assert b.stamp is None  # another comment


def test_checklists():
    a, b = cites(
        "        // [x] 603.10a leaves-the-battlefield abilities\n"
        "        // [ ] 603.10f Abilities that trigger when a player loses the game look back.\n"
    )
    assert (a.syntax, nums(a), b.syntax, nums(b)) == (
        Syntax.CHECKLIST,
        ["603.10a"],
        Syntax.CHECKLIST,
        ["603.10f"],
    )
    assert b.quote == "Abilities that trigger when a player loses the game look back."


def test_see_forms_and_letter_ranges_with_an_en_dash():
    c = one("/* costs (see 601.2b and 601.2f\u2013h). */")
    assert (c.syntax, nums(c)) == (Syntax.SEE, ["601.2b", "601.2f", "601.2g", "601.2h"])
    c = one("/** See 508.7 in the CR for ruling details */")
    assert (c.syntax, nums(c), c.quote) == (Syntax.SEE, ["508.7"], None)


def test_numbers_in_prose_and_in_pasted_paragraphs():
    c = one("        // Not yet included in 601.2b but this is where it will be\n")
    assert (c.syntax, nums(c), c.quote, c.weak) == (Syntax.IN_TEXT, ["601.2b"], None, True)
    a, b, d = cites(
        "/*\n * 702.37. Amplify 702.37a Amplify is a static ability. It works.\n"
        " * 702.37b If a creature has multiple instances of amplify, each one works.\n */\n"
    )
    assert [nums(x) for x in (a, b, d)] == [["702.37"], ["702.37a"], ["702.37b"]]
    assert (a.title, b.quote) == ("Amplify", "Amplify is a static ability. It works.")
    assert d.quote == "If a creature has multiple instances of amplify, each one works."
    # examples in quotes or backticks, versions and addresses are not citations
    assert cites('/// Matches patterns like "704.5a" or `702.2c`, v1.702.5, a/702.5\n') == []


def test_titles_and_quotes_beside_numbers():
    assert one("// 702.69. Poisonous\n").title == "Poisonous"
    assert one("// CR 702.19b: Trample \u2014 excess damage goes on\n").title == "Trample"
    assert one("// 701.26. Tap and Untap\n").title == "Tap and Untap"
    c = one("// CR 704.5a: A player with 0 or less life loses the game.\n")
    assert c.title is None and c.quote == "A player with 0 or less life loses the game."
    # a reference inside pasted rule text stays in the quote, and has none of its own
    src = "/* 800.4a When a player leaves the game, all objects (see rule 109) owned by that player leave. */"
    a, b = cites(src)
    assert a.quote.startswith("When a player leaves") and "(see rule 109) owned" in a.quote
    assert a.end <= b.start < a.quote_end and b.quote is None
    # HTML in javadoc ends a quote at a paragraph tag
    c = cites("/**\n * 702.98. Evolve\n * <p>\n * 702.98a Evolve is a triggered ability.\n */")[0]
    assert (c.title, c.quote) == ("Evolve", "Evolve")
