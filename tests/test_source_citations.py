"""The source-code citation reader: every engine syntax, on small files written for the tests."""

from __future__ import annotations

from datetime import date

from mtgcr.extract.citations.source import (
    Region,
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
    assert [nums(c) for c in cites(doc, Family.DOC)] == [["609.7"], ["702.2c"]]
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
