import codecs

import pytest

from corpus.decode import DecodeError, decode_bytes, split_lines

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


@pytest.mark.parametrize("enc, bom", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE)])
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


@pytest.mark.parametrize("data, reason", [
    (b"", "empty"), (b"\x7fELF\x02\x01\x01\x00\x00\x00" * 20, "binary"),
    (b"text\x01\x02 with controls", "control character"),
])
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
