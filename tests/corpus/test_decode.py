import codecs

import pytest

from mtgcr.corpus.decode import DecodeError, decode_bytes, split_lines

LINE = "Æther Storm says “don’t” – it’s the card’s text™\r\n"


def test_cp1252_with_non_ascii_letter():
    d = decode_bytes(("Rule text\r\n" + LINE * 3).encode("cp1252"))
    assert d.encoding == "cp1252"
    assert "Æther Storm" in d.text and "Ćther" not in d.text


def test_cp437_card_names_in_ascii_file():
    # DOS code page 437 bytes in otherwise ASCII text: 0x92 Æ, 0x83 â, 0xA0 á
    data = b"Cards: Dand\x83n, Ghazb\xa0n Ogre, Matron; \x92ther Storm\r\n"
    d = decode_bytes(data)
    assert d.encoding == "cp437"
    assert "Dandân, Ghazbán Ogre, Matron; Æther Storm" in d.text


def test_mac_roman_with_bare_cr():
    data = "El-Hajjâj is a card\r102.1. Text – with dash™\r".encode("mac_roman")
    d = decode_bytes(data)
    assert d.encoding == "mac_roman"
    assert "El-Hajjâj" in d.text and "– with dash™" in d.text


@pytest.mark.parametrize(
    "enc, bom", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE)]
)
def test_utf16_with_bom(enc, bom):
    d = decode_bytes(bom + "Æther\r\nrule".encode(enc))
    assert d.encoding == enc and d.bom and d.text == "Æther\r\nrule"


def test_utf8_bom_and_line_endings():
    d = decode_bytes(codecs.BOM_UTF8 + "a\r\r\nb\rc\nd".encode())
    assert d.encoding == "utf-8-sig"
    assert d.line_endings == {"CRLF": 1, "CR": 2, "LF": 1}
    assert split_lines(d.text) == ["a", "", "b", "c", "d"]


def test_literal_question_mark_kept():
    d = decode_bytes(b"Controlling Another Player?s Turn\r\n")
    assert "Player?s" in d.text


@pytest.mark.parametrize(
    "data, reason",
    [
        (b"", "empty"),
        (b"\x7fELF\x02\x01\x01\x00\x00\x00" * 20, "binary"),
        (b"text\x01\x02 with controls", "control character"),
    ],
)
def test_rejects(data, reason):
    with pytest.raises(DecodeError, match=reason):
        decode_bytes(data, "bad.txt")


from hypothesis import given, strategies as st  # noqa: E402


@given(st.text(alphabet="ab \r\n\x0c\u2028", max_size=40))
def test_split_lines_is_a_split_on_crlf_cr_lf(text):
    import re

    assert split_lines(text) == re.split(r"\r\n|\r|\n", text)


@given(st.text(alphabet="ab\r\n", max_size=40))
def test_line_ending_counts(text):
    d = decode_bytes(text.encode("utf-8") or b" ")
    breaks = len(split_lines(d.text)) - 1
    assert sum(d.line_endings.values()) == breaks
    assert d.line_endings.get("CRLF", 0) == d.text.count("\r\n")


# -- HTML charset declarations, office files ---------------------------------------------------

PAGE_1251 = (
    "<html><head>\n{meta}\n<title>Полные правила Magic</title></head>\n"
    "<body><p>702.1. Некоторые объекты имеют ключевые слова.</p></body></html>\n"
)


@pytest.mark.parametrize(
    "meta, declared",
    [
        (
            '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">',
            "windows-1251",
        ),
        ("<meta charset='cp1251'>", "cp1251"),
        ('<META CHARSET="Windows-1251" />', "Windows-1251"),
    ],
)
def test_html_meta_charset_is_honoured(meta, declared):
    data = PAGE_1251.format(meta=meta).encode("cp1251")
    d = decode_bytes(data, "page.html")
    assert d.encoding == "cp1251" and d.evidence == f"HTML <meta> charset {declared}"
    assert "Полные правила Magic" in d.text and "702.1. Некоторые объекты" in d.text


def test_html_charset_does_not_override_valid_utf8_and_plain_text_is_not_html():
    meta = '<meta charset="windows-1251">'
    d = decode_bytes(PAGE_1251.format(meta=meta).encode("utf-8"), "page.html")
    assert d.encoding == "utf-8" and "Полные правила" in d.text
    # not HTML: the declaration inside a text file is just text; the 8-bit guess decides
    text = ("Rule text " + meta + "\r\n" + LINE).encode("cp1252")
    assert decode_bytes(text).encoding == "cp1252"


def test_html_naming_an_unknown_charset_falls_back_to_the_guess():
    data = (
        "<html><head><meta charset=x-no-such-codec></head><body>" + LINE + "</body></html>"
    ).encode("cp1252")
    d = decode_bytes(data, "page.html")
    assert d.encoding == "cp1252" and d.evidence.startswith("8-bit")


@pytest.mark.parametrize(
    "data, what",
    [
        (
            b"PK\x03\x04\x14\x00\x06\x00"
            + b"\x00" * 22
            + b"[Content_Types].xml"
            + b"\x00" * 40
            + b"word/document.xml",
            "a Word document (.docx)",
        ),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "a Word 97-2003 document (.doc)"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "a PDF document"),
        (b"PK\x03\x04" + b"\x00" * 30 + b"rules.txt", "a ZIP archive"),
    ],
)
def test_office_files_are_named_not_called_binary(data, what):
    with pytest.raises(DecodeError) as info:
        decode_bytes(data, "rules.docx")
    assert str(info.value).startswith(f"rules.docx: {what}")
    assert "save the rules as plain text (.txt)" in str(info.value)


def test_mtgru_html_fixture_is_stored_as_windows_1251(tmp_path):
    """The mtg.ru page fixture (written for the tests, windows-1251, charset in a <meta>) is
    recorded in the documents table with the codec it declares, not an 8-bit guess."""
    from pathlib import Path

    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest import ingest_paths

    page = Path(__file__).parents[1] / "fixtures" / "mtgru" / "712.html"
    with Store(tmp_path / "s.sqlite") as store:
        [res] = ingest_paths(store, [page])
        assert res.status == "ingested" and res.encoding == "cp1251"
        enc, evidence = store.conn.execute(
            "SELECT encoding, encoding_evidence FROM documents"
        ).fetchone()
    assert enc == "cp1251" and evidence.startswith("HTML <meta> charset")
