"""Parse warnings are values: kinds and typed fields from the parser, kept by the store, and
read by the translation pairing without looking at the message text (files written for the tests)."""

from __future__ import annotations

import sqlite3

from helpers import make_doc
from crfile import cr_text
from mtgcr.corpus.store import Store
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.model import ParseWarning, Rule, WarningKind
from mtgcr.extract.records import from_record, to_record, warning_from_row, warning_row
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.crossref.translation.langpair import pair_rulesets

N = RuleNumber.parse


def body(*rules: str) -> str:
    return "1. Game Concepts\n\n100. General\n\n" + "\n\n".join(rules) + "\n"


def parse(text: str):
    return parse_cr_text(make_doc(text, "MagicCompRules 20310303.txt"))


def test_the_parser_gives_each_warning_a_kind_and_its_fields():
    text = cr_text(
        body(
            "100.1. One.",
            "100.2. Two.",
            "100.3. Three.",
            "100.1. Four, misprinted.",
            "100.5a Orphan.",
            "100.5c A gap.",
            "100.7. Skips 100.6.",
        )
        + "\n101. Next\n\n101.1. A.\n\n100.7. Twice, under 101.\n"
    )
    rs = parse(text)
    lines = text.split("\n")
    by_kind = {}
    for w in rs.warnings:
        by_kind.setdefault(w.kind, []).append(w)
    (mis,) = by_kind[WarningKind.MISPRINT_REPAIRED]
    assert (mis.printed, mis.number, mis.expected) == ("100.1", N("100.4"), N("100.4"))
    assert lines[mis.line - 1] == "100.1. Four, misprinted."
    (dup,) = by_kind[WarningKind.DUPLICATE_RULE]
    assert dup.number == N("100.7") and lines[dup.line - 1] == "100.7. Twice, under 101."
    assert lines[dup.first_line - 1] == "100.7. Skips 100.6."
    # the second text is kept apart, never appended to the first
    assert [(str(r.number), r.text, r.line) for r in rs.stale] == [
        ("100.7", "Twice, under 101.", dup.line)
    ]
    assert rs.get("100.7").text == "Skips 100.6."
    gaps = {(str(w.number), str(w.expected)) for w in by_kind[WarningKind.NUMBERING_GAP]}
    assert gaps == {("100.5c", "100.5b"), ("100.7", "100.6")}
    assert [str(w.number) for w in by_kind[WarningKind.ORPHAN_SUBRULE]] == ["100.5a", "100.5c"]
    # the message a person reads says which reading and why
    assert str(mis) == (
        f"{rs.source}:{mis.line}: rule number 100.1 misprinted: it stands after "
        f"100.3; read as 100.4 (100.1 breaks the sequence 100.3 … 100.5a; read as printed, "
        f"the numbers would go back or repeat)"
    )


def test_number_form_warnings_name_their_number():
    rs = parse(cr_text(body("100.1. One.", "100.1a. Dot too many.", "100.2 No dot.")))
    forms = [(w.kind, str(w.number)) for w in rs.warnings]
    assert forms == [(WarningKind.NUMBER_FORM, "100.1a"), (WarningKind.NUMBER_FORM, "100.2")]


def test_warning_rows_round_trip_through_the_store(tmp_path):
    rs = parse(
        cr_text(
            body("100.1. One.", "100.2. Two.", "100.3. Three.", "100.1. Four.")
            + "\n101. Next\n\n101.1. A.\n\n100.1. Again, under 101.\n"
        )
    )
    assert {w.kind for w in rs.warnings} >= {
        WarningKind.MISPRINT_REPAIRED,
        WarningKind.DUPLICATE_RULE,
    }
    for w in rs.warnings:
        assert warning_from_row(warning_row(w)) == w
    with Store(tmp_path / "s.sqlite") as st:
        st.add_document(make_doc("x"), "cr-text", [to_record(rs)])
        back = from_record(st.release_rows(st.releases()[0].id))
    assert back.warnings == rs.warnings


def test_a_store_written_before_warning_kinds_still_opens_and_pairs(tmp_path):
    """An old store (warnings table without kind/data) opens; its duplicate and misprint rows
    get their kinds back, so the translation pairing says what it said before."""
    path = tmp_path / "old.sqlite"
    en = parse(cr_text(body("100.1. One 1.", "100.2. Two 2.", "100.3. Three 3.", "100.4. Four 4.")))
    zh = parse(
        cr_text(
            body("100.1. 一 1。", "100.2. 二 2。", "100.3. 三 3。")
            + "\n101. Next\n\n101.1. A.\n\n100.3. 四 4。\n"
        )
    )
    assert [w.kind for w in zh.warnings] == [WarningKind.DUPLICATE_RULE]
    with Store(path) as st:
        st.add_document(make_doc("zh"), "cr-text", [to_record(zh)])
    con = sqlite3.connect(path)
    con.execute("UPDATE warnings SET kind=NULL, data=NULL")  # what an old store holds
    con.commit()
    con.close()
    with Store(path) as st:
        old = from_record(st.release_rows(st.releases()[0].id))
    (w,) = old.warnings
    assert (w.kind, w.number, w.first_line) == (
        WarningKind.DUPLICATE_RULE,
        N("100.3"),
        zh.warnings[0].first_line,
    )
    old.release = en.release.__class__("zh", en.release.label, en.release.effective_date)
    p = pair_rulesets(old, en)
    assert (
        "100.4",
        f"missing in translation (its number printed as 100.3, line {w.line})",
    ) in p.exceptions()


def test_the_pairing_reads_kinds_not_message_text():
    """A warning of another kind worded like a duplicate says nothing to the pairing."""
    en = parse(cr_text(body("100.1. One 1.", "100.2. Two 2.")))
    zh = parse(cr_text(body("100.1. 一 1。")))
    zh.release = en.release.__class__("zh", en.release.label, en.release.effective_date)
    zh.warnings = [ParseWarning(zh.source, 9, "rule 100.1 appears twice (first at line 3); x")]
    assert pair_rulesets(zh, en).exceptions() == [("100.2", "missing in translation")]
    zh.warnings = [ParseWarning.duplicate_rule(zh.source, 9, N("100.1"), 3)]
    assert pair_rulesets(zh, en).exceptions() == [
        ("100.2", "missing in translation (its number printed as 100.1, line 9)")
    ]
    assert zh.rules[N("100.1")] == Rule(N("100.1"), "一 1。", zh.rules[N("100.1")].line)


def test_a_store_of_the_old_schema_opens_read_only_and_is_migrated_when_written(tmp_path):
    """A store whose warnings table has no kind/data columns (written before them) reads as
    before, read-only too; opening it for writing adds the columns and keeps every row."""
    path = tmp_path / "old.sqlite"
    rs = parse(
        cr_text(
            body("100.1. One.", "100.2. Two.", "100.3. Three.")
            + "\n101. Next\n\n101.1. A.\n\n100.1. Again, under 101.\n"
        )
    )
    with Store(path) as st:
        st.add_document(make_doc("x"), "cr-text", [to_record(rs)])
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE w_old AS SELECT document_id, release_id, source, line, message FROM warnings;
        DROP TABLE warnings;
        ALTER TABLE w_old RENAME TO warnings;""")
    con.close()
    with Store(path, readonly=True) as st:
        back = from_record(st.release_rows(st.releases()[0].id))
    assert [(w.line, w.message) for w in back.warnings] == [
        (w.line, w.message) for w in rs.warnings
    ]
    dup = next(w for w in back.warnings if w.kind is WarningKind.DUPLICATE_RULE)
    assert dup.number == N("100.1")
    with Store(path) as st:  # opened for writing: the additive migration adds the columns
        cols = {r[1] for r in st.conn.execute("PRAGMA table_info(warnings)")}
        assert {"kind", "data"} <= cols
        again = from_record(st.release_rows(st.releases()[0].id))
    assert [(w.line, w.message) for w in again.warnings] == [
        (w.line, w.message) for w in rs.warnings
    ]
