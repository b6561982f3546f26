"""Importing a completed kit (reports/translation/importing.py, Corpus.import_translation,
``mtgcr translate import``): the CR text written, parsed back, stored as a copy and paired —
and every bad input refused with one line, nothing written or stored."""

from __future__ import annotations

import json
import sqlite3

import pytest

from translate_helpers import ZH_SAMPLE, completed, sample_corpus, written
from mtgcr.cli.main import main
from mtgcr.errors import MtgcrError, RefusedOutput
from mtgcr.reports.translation.importing import KitImportError, detect_format
from mtgcr.reports.translation.kitfile import KitFileError


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    folder = tmp_path_factory.mktemp("imp")
    cr = sample_corpus(folder)
    kit = cr.translation_kit("zh", "20300110", "2030-04-05")
    return cr, kit, folder


def _stored(cr) -> tuple[int, int]:
    """Documents and releases in the store (a failed import must change neither)."""
    with sqlite3.connect(cr.path) as c:
        return (
            c.execute("SELECT count(*) FROM documents").fetchone()[0],
            c.execute("SELECT count(*) FROM releases").fetchone()[0],
        )


@pytest.mark.parametrize("fmt", ["xliff2", "po"])
def test_import_writes_parses_stores_and_pairs(setup, tmp_path, fmt):
    cr, kit, _ = setup
    done = completed(kit)
    path = tmp_path / f"zh-20300405.{fmt}"
    path.write_bytes(written(fmt, done))
    res = cr.import_translation(path, "zh", "20300405")
    assert res.text == tmp_path / "zh-20300405.txt" and res.text.exists()
    rs = res.ruleset
    assert (rs.release.lang, rs.release.name) == ("zh", "2030-04-05")
    assert rs.rules[rs.get("100.1b").number].text == "多人游戏以三位或更多牌手开始。参见规则702.2。"
    assert rs.get("101.3").text == "先手牌手随机决定。"
    assert rs.get("701.1").text == "译：A sample counter is a marker placed on a permanent."
    assert [e.text for e in rs.get("702.2").examples] == [
        "操控者选择主动牌手施放哪些咒语。",
        "操控者也选择进行攻击的生物如何分配其伤害。",
    ]
    assert [g.term for g in rs.glossary][:2] == ["以太衍生物", "操控，操控者"]
    assert res.status in ("ingested", "unchanged") and res.format == fmt
    # the same text imported from another format is the same copy ("unchanged")
    copies = [c for c in cr.release_copies("zh").copies if c.source.endswith("zh-20300405.txt")]
    assert [c.origin.value for c in copies] == ["translated"]
    counts = res.pairing.counts()
    assert counts["conflict"] == 0 and counts["verified"] >= 5
    text = res.text.read_text(encoding="utf-8").splitlines()
    assert text[:3] == ["万智牌完整规则", "", "此规则于2030年4月5日起生效。"]
    assert "100.1b 多人游戏以三位或更多牌手开始。参见规则702.2。" in text


def test_kit_for_another_release_or_language_is_refused(setup, tmp_path):
    cr, kit, _ = setup
    path = tmp_path / "kit.xlf"
    path.write_bytes(written("xliff2", completed(kit)))
    before = _stored(cr)
    with pytest.raises(
        KitImportError, match=r"a kit for the EN release 2030-04-05, not 2030-01-10"
    ):
        cr.import_translation(path, "zh", "20300110")
    with pytest.raises(KitImportError, match="a kit for zh, not ja"):
        cr.import_translation(path, "ja", "20300405")
    assert _stored(cr) == before and not (tmp_path / "kit.txt").exists()


def _po_without(data: bytes, ctx: str) -> bytes:
    import polib

    po = polib.pofile(data.decode("utf-8"))
    po.remove(next(e for e in po if e.msgctxt == ctx))
    return str(po).encode("utf-8")


def test_missing_duplicated_unknown_and_untranslated_units(setup, tmp_path):
    cr, kit, _ = setup
    before = _stored(cr)
    done = written("po", completed(kit))
    cases = {
        "missing": (_po_without(done, "101.3"), "unit en:2030-04-05:101.3 is missing"),
        "untranslated": (written("po", kit), "has no translation"),
        "edited": (
            done.replace(b'msgid "Each player shuffles their deck."', b'msgid "Each player."', 1),
            "its source is not the EN text of 2030-04-05",
        ),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / f"{name}.po"
        path.write_bytes(data)
        with pytest.raises(KitImportError, match=message) as exc:
            cr.import_translation(path, "zh", "20300405")
        assert "nothing imported" in str(exc.value) and "\n" not in str(exc.value)
        assert not (tmp_path / f"{name}.txt").exists()
    xlf = written("xliff2", completed(kit))
    i = xlf.index(b'<unit id="en:2030-04-05:101.3"')
    j = xlf.index(b"</unit>", i) + len(b"</unit>")
    dup = tmp_path / "dup.xlf"
    dup.write_bytes(xlf[:j] + xlf[i:j] + xlf[j:])
    with pytest.raises(KitImportError, match=r"unit en:2030-04-05:101.3 twice \(.*dup.xlf:\d+"):
        cr.import_translation(dup, "zh", "20300405")
    unknown = tmp_path / "unknown.xlf"
    unknown.write_bytes(xlf.replace(b'id="en:2030-04-05:101.3"', b'id="en:2030-04-05:999.9"', 1))
    with pytest.raises(KitImportError, match="unit en:2030-04-05:999.9 is no piece of EN"):
        cr.import_translation(unknown, "zh", "20300405")
    assert _stored(cr) == before


def test_broken_files_and_inline_markup(setup, tmp_path):
    cr, kit, _ = setup
    before = _stored(cr)
    xlf = written("xliff2", completed(kit))
    broken = tmp_path / "broken.xlf"
    broken.write_bytes(xlf[: len(xlf) // 2])
    with pytest.raises(KitFileError, match="broken.xlf: not XML"):
        cr.import_translation(broken, "zh", "20300405")
    inline = tmp_path / "inline.xlf"
    inline.write_bytes(
        xlf.replace(
            '<target xml:space="preserve">先手'.encode(),
            '<target xml:space="preserve">先手<pc id="1">牌手</pc>'.encode(),
            1,
        )
    )
    with pytest.raises(
        KitFileError, match=r"inline.xlf:\d+: unit en:2030-04-05:101.3: inline markup <pc>"
    ):
        cr.import_translation(inline, "zh", "20300405")
    other = tmp_path / "other.txt"
    other.write_text("just some text\n", encoding="utf-8")
    with pytest.raises(KitFileError, match="not a translation kit"):
        cr.import_translation(other, "zh", "20300405", text=tmp_path / "out.txt")
    assert _stored(cr) == before


def test_a_translation_that_breaks_the_line_format_is_refused(setup, tmp_path):
    cr, kit, _ = setup
    from dataclasses import replace

    done = completed(kit)
    k = next(i for i, u in enumerate(done.units) if u.id == "en:2030-04-05:101.3")
    bad = "先手牌手随机决定。\n101.9. 这一行是另一条规则。"  # a rule line inside a rule
    done.units[k] = replace(done.units[k], target=bad)
    path = tmp_path / "format.json"
    path.write_bytes(written("json", done))
    before = _stored(cr)
    with pytest.raises(KitImportError, match="does not read back as translated"):
        cr.import_translation(path, "zh", "20300405")
    assert _stored(cr) == before and not (tmp_path / "format.txt").exists()


def test_text_file_is_not_replaced_without_force(setup, tmp_path):
    cr, kit, _ = setup
    path = tmp_path / "k.po"
    path.write_bytes(written("po", completed(kit)))
    (tmp_path / "k.txt").write_text("mine\n", encoding="utf-8")
    with pytest.raises(RefusedOutput, match="k.txt exists; give --force"):
        cr.import_translation(path, "zh", "20300405")
    assert (tmp_path / "k.txt").read_text(encoding="utf-8") == "mine\n"


def test_detect_format():
    assert detect_format(b'<?xml version="1.0"?>\n<tmx version="1.4">') == "tmx"
    assert detect_format(b'\xef\xbb\xbf{"lang": "zh"}') == "json"
    assert detect_format(b'# x\nmsgid ""\nmsgstr ""\n') == "po"
    assert detect_format(b"<html>") is None


# -- the command line --------------------------------------------------------------------------


def test_cli_kit_and_import(setup, tmp_path, capsys):
    cr, kit, folder = setup
    out = tmp_path / "kits"
    kit_cmd = f"--store {cr.path} --silent translate kit --lang zh --from 20300110 --to 2030-04-05"
    assert main([*kit_cmd.split(), "--format", "tmx", "--out", f"{out}/"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "zh-20300405-kit-review.tmx",
        "zh-20300405-kit.tmx",
    ]
    assert main([*kit_cmd.split(), "--format", "tmx", "--out", f"{out}/"]) == 2
    assert "exists; give --force" in capsys.readouterr().err
    assert main([*kit_cmd.split(), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["units"] == len(kit.units) and data["target"]["label"] == "20300405"
    done = tmp_path / "done.po"
    done.write_bytes(written("po", completed(kit)))
    imp = f"--store {cr.path} translate import {done} --lang zh --release"
    code = main([*imp.split(), "20300405", "--format", "json"])
    res = json.loads(capsys.readouterr().out)
    assert res["release"]["label"] == "20300405" and res["text"].endswith("done.txt")
    assert code == (1 if res["warnings"] or res["pairing"]["differences"] else 0)
    assert main([*imp.split(), "20300110"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not 2030-01-10" in err


def test_names_the_release_to_ingest(setup, tmp_path):
    cr, _, _ = setup
    zh = tmp_path / "zh2.txt"  # a ZH text of a release whose EN is not stored
    zh.write_text(
        ZH_SAMPLE.read_text(encoding="utf-8").replace("2030年1月10日", "2030年3月1日"),
        encoding="utf-8",
    )
    cr.ingest(zh)
    with pytest.raises(MtgcrError, match="translates EN 20300301, which is not stored"):
        cr.translation_kit("zh", "20300301", "2030-04-05")
