"""Translations in their legacy code pages (issue 22): a plain-text JA CR in Shift_JIS and a RU
CR in Windows-1251 are detected (the RU one used to be called "Italian", the JA one read as
DOS 437), and ``ingest --encoding`` reads anything else. The texts are the JA and RU texts
written for the format tests (``test_ja_cr_text.JA``, ``tests/fixtures/ru``), encoded here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import OFFICIAL, need
from mtgcr.cli.main import main
from mtgcr.corpus.decode import decode_bytes
from ja_samples import JA

RU = (Path(__file__).parents[1] / "fixtures" / "ru" / "MagicCompRules_RU.txt").read_text(
    encoding="utf-8"
)


@pytest.mark.parametrize("codec", ["cp932", "shift_jis"])
def test_shift_jis_japanese_is_detected(codec):
    dec = decode_bytes(JA.encode(codec), "ja.txt")
    assert dec.encoding == "cp932" and dec.text == JA
    assert dec.evidence.startswith("Shift_JIS (cp932): ")


def test_windows_1251_russian_is_detected():
    dec = decode_bytes(RU.encode("cp1251"), "ru.txt")
    assert dec.encoding == "cp1251" and dec.text == RU


def test_latin_text_with_many_accents_stays_latin():
    fr = (
        "Règle 100.1. Ces règles s’appliquent à toute partie à deux joueurs ou plus. "
        "Élément, créature, éphémère, rituel, défausse, bibliothèque, cimetière. "
    ) * 20
    assert decode_bytes(fr.encode("cp1252"), "fr.txt").encoding == "cp1252"
    de = "Übersicht: Kreaturen, Fähigkeiten, Zauberspruch, Spieler, Größe, Bibliothek. " * 20
    assert decode_bytes(de.encode("cp1252"), "de.txt").encoding == "cp1252"


@pytest.mark.integration
def test_no_official_file_is_taken_for_a_translation():
    for f in sorted(need(OFFICIAL).glob("*.txt")):
        assert decode_bytes(f.read_bytes(), f.name).encoding not in ("cp932", "cp1251"), f.name


def _ingest(store, capsys, *args: str) -> tuple[int, str]:
    code = main(["--store", str(store), "--silent", "ingest", *args])
    return code, capsys.readouterr().err


def _releases(store, capsys) -> list[tuple[str, str]]:
    assert main(["--store", str(store), "releases", "--format", "json"]) == 0
    return [(r["lang"], r["label"]) for r in json.loads(capsys.readouterr().out)]


def test_ingest_reads_the_legacy_translations(tmp_path, capsys):
    (tmp_path / "ja.txt").write_bytes(JA.encode("cp932"))
    (tmp_path / "ru.txt").write_bytes(RU.encode("cp1251"))
    store = tmp_path / "s.sqlite"
    code, err = _ingest(store, capsys, str(tmp_path / "ja.txt"), str(tmp_path / "ru.txt"))
    assert code == 0, err
    assert _releases(store, capsys) == [("ja", "20300110"), ("ru", "20170708")]


def test_ingest_encoding_reads_another_code_page(tmp_path, capsys):
    koi8 = RU.replace("—", "-").replace("«", '"').replace("»", '"').encode("koi8_r")
    (tmp_path / "ru-koi8.txt").write_bytes(koi8)
    store = tmp_path / "s.sqlite"
    code, err = _ingest(store, capsys, str(tmp_path / "ru-koi8.txt"))
    assert code == 1 and "not a recognised document kind" in err  # not guessed
    code, err = _ingest(store, capsys, str(tmp_path / "ru-koi8.txt"), "--encoding", "koi8_r")
    assert code == 0, err
    assert _releases(store, capsys) == [("ru", "20170708")]
    # the stored bytes are read with the same codec when they are re-read
    assert main(["--store", str(store), "check"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "releases: 1 ok, 0 damaged"


def test_ingest_encoding_errors_name_the_codec_or_the_line(tmp_path, capsys):
    (tmp_path / "ja.txt").write_bytes(JA.encode("cp932"))
    store = tmp_path / "s.sqlite"
    code, err = _ingest(store, capsys, str(tmp_path / "ja.txt"), "--encoding", "klingon")
    assert code == 2 and err == "mtgcr: --encoding klingon: not an encoding Python knows\n"
    code, err = _ingest(store, capsys, str(tmp_path / "ja.txt"), "--encoding", "ascii")
    assert code == 1
    assert f"error: {tmp_path / 'ja.txt'}:1: byte 0x83 at offset 0 does not decode as ascii" in err
