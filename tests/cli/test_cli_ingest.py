"""The ``mtgcr`` commands of the ingest part (ingest, releases, show, define) on files written
for the tests: bad input is refused file by file with one line each, good files still go in."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT
from crfile import cr_text
from mtgcr.corpus.store import Store
from mtgcr.cli.main import main

BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game.

100.1a A subrule with [cost] in square brackets.

Example: An example of 100.1a.

Example: Another example of 100.1a.

100.2 A rule without its dot.
"""

GLOSSARY = """\
Kicker, Kicked
An optional additional cost paid in Æther. See rule 100.1a.

Fizzle (Informal)
A nickname. See rule 100.2.
"""


def big_body(n: int = 200) -> str:
    return "1. Game Concepts\n\n100. General\n\n" + "".join(
        f"100.{k}. Test rule number {k} of a long file that is cut in the middle.\n\n"
        for k in range(1, n + 1)
    )


@pytest.fixture
def good(tmp_path: Path) -> list[Path]:
    d = tmp_path / "good"
    d.mkdir()
    a = d / "2031-03-03.txt"
    a.write_bytes(cr_text(BODY, GLOSSARY).replace("\n", "\r\n").encode("cp1252"))
    b = d / "MagicCompRules 06102031.txt"  # month-first label, effective June 7
    b.write_bytes(
        b"\xef\xbb\xbf"
        + cr_text(date="These rules are effective as of June 7, 2031.")
        .replace("\n", "\r")
        .encode("utf-8")
    )
    return [a, b]


@pytest.fixture
def bad(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Bad files and the reason their error line must give."""
    d = tmp_path / "bad"
    d.mkdir()
    files = {}

    def put(name: str, data: bytes, reason: str) -> None:
        (d / name).write_bytes(data)
        files[name] = (d / name, reason)

    put("empty.txt", b"", "empty file")
    full = cr_text(big_body()).encode("utf-8")
    put(
        "truncated.txt",
        full[: len(full) // 2],
        "no glossary heading after the rules; the file looks truncated",
    )
    put(
        "picture.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4, "binary data"
    )
    put(
        "saved.html",
        (
            "<!DOCTYPE html>\n<html><head><title>Comprehensive Rules</title></head>\n<body><pre>\n"
            + cr_text()
            + "</pre></body></html>\n"
        ).encode("utf-8"),
        "an HTML page",
    )
    put(
        "rules.csv",
        b"number,text\n100.1,These test rules\n100.2,Each player\n",
        "not a recognised document kind",
    )
    put(
        "letter.txt",
        b"Dear reader,\n\nThe Comprehensive Rules are attached.\n\nRegards\n",
        "not a recognised document kind",
    )
    return files


def run_cli(*args: str, store: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200"}
    env.pop("MTGCR_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "mtgcr.cli.main", "--store", str(store), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_bad_input_refused_one_line_each_and_good_files_ingested(tmp_path, good, bad):
    store = tmp_path / "store.sqlite"
    paths = [str(p) for p, _ in bad.values()] + [str(p) for p in good]
    proc = run_cli("ingest", *paths, store=store)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    errors = [l for l in proc.stderr.splitlines() if l.startswith("error: ")]
    assert len(errors) == len(bad)
    for name, (path, reason) in bad.items():
        mine = [l for l in errors if l.startswith(f"error: {path}: ")]
        assert len(mine) == 1 and reason in mine[0], (name, errors)
    assert proc.stderr.rstrip().endswith("2 ingested, 0 already stored, 6 failed")
    with Store(store, readonly=True) as s:
        stored = sorted(src for (src,) in s.conn.execute("SELECT source FROM documents"))
        assert stored == sorted(str(p) for p in good)
        assert [(r.label, r.effective_date) for r in s.releases()] == [
            ("20310303", "2031-03-03"),
            ("20310610", "2031-06-07"),
        ]


def test_ingest_summary_table_and_warnings(tmp_path, good, capsys):
    store = tmp_path / "store.sqlite"
    assert main(["--store", str(store), "ingest", "--warnings", str(good[0].parent)]) == 0
    out, err = capsys.readouterr()
    row = next(l for l in out.splitlines() if "2031-03-03.txt" in l)
    cells = [c.strip() for c in row.strip("│┃ ").split("│")]
    assert cells[:9] == [
        "2031-03-03.txt",
        "en:20310303",
        "2031-03-03",
        "cp1252",
        "1",
        "2",
        "1",
        "2",
        "2",
    ]
    assert "no dot after rule 100.2" in cells[9]
    line = cr_text(BODY, GLOSSARY).split("\n").index("100.2 A rule without its dot.") + 1
    assert f"warning: {good[0]}:{line}: no dot after rule 100.2" in err.splitlines()
    assert "2 ingested, 0 already stored, 0 failed" in err
    assert main(["--store", str(store), "ingest", str(good[0])]) == 0
    assert "0 ingested, 1 already stored, 0 failed" in capsys.readouterr().err


@pytest.fixture
def store_with_good(tmp_path, good, capsys) -> Path:
    store = tmp_path / "store.sqlite"
    assert main(["--store", str(store), "--silent", "ingest", *map(str, good)]) == 0
    capsys.readouterr()
    return store


def test_releases_json(store_with_good, capsys):
    assert main(["--store", str(store_with_good), "releases", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(r["effective_date"], r["label"], r["lang"]) for r in data] == [
        ("2031-03-03", "20310303", "en"),
        ("2031-06-07", "20310610", "en"),
    ]
    assert data[0]["counts"] == {
        "sections": 1,
        "rules": 2,
        "subrules": 1,
        "examples": 2,
        "glossary": 2,
    }
    assert data[1]["counts"] == {
        "sections": 1,
        "rules": 2,
        "subrules": 2,
        "examples": 0,
        "glossary": 1,
    }


def test_show_json_and_text(store_with_good, capsys):
    s = str(store_with_good)
    assert main(["--store", s, "show", "100.1a", "--release", "20310303", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    line = (
        cr_text(BODY, GLOSSARY)
        .split("\n")
        .index("100.1a A subrule with [cost] in square brackets.")
        + 1
    )
    assert got["number"] == "100.1a" and got["kind"] == "subrule" and got["line"] == line
    assert got["text"] == "A subrule with [cost] in square brackets."
    assert got["examples"] == ["An example of 100.1a.", "Another example of 100.1a."]
    assert got["release"] == {
        "effective_date": "2031-03-03",
        "label": "20310303",
        "lang": "en",
        "revision": None,
    }
    assert got["lang"] == "en" and got["section_title"] == "General"
    assert main(["--store", s, "show", "100.1", "-r", "2031-03-03", "--subrules"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [
        "100.1. These test rules describe a small game.",
        "100.1a A subrule with [cost] in square brackets.",
        "    Example: An example of 100.1a.",
        "    Example: Another example of 100.1a.",
    ]
    assert (
        main(["--store", s, "show", "100", "--format", "json"]) == 0
    )  # newest release: 2031-06-07
    sec = json.loads(capsys.readouterr().out)
    assert sec["kind"] == "section" and sec["title"] == "General"
    assert [r["number"] for r in sec["rules"]] == ["100.1", "100.2"]
    assert sec["release"]["label"] == "20310610"


def test_show_and_define_errors_are_one_line(store_with_good, capsys):
    s = str(store_with_good)
    assert main(["--store", s, "show", "100.9", "-r", "20310303"]) == 2
    assert capsys.readouterr().err == "mtgcr: rule 100.9 does not exist in en 2031-03-03\n"
    assert main(["--store", s, "show", "abc"]) == 2
    assert capsys.readouterr().err == (
        "mtgcr: 'abc' is not a rule number (like 712, 712.8 or 712.8e) "
        "or a chapter number (like 7)\n"
    )
    assert main(["--store", s, "show", "100.1", "-r", "1999-01-01"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgcr: no en release '1999-01-01' in the store") and err.count("\n") == 1
    assert main(["--store", s, "define", "Trample", "-r", "20310303"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("mtgcr: no glossary entry 'Trample' in en 2031-03-03; closest: ")
        and err.count("\n") == 1
    )
    assert main(["--store", str(store_with_good.parent / "none.sqlite"), "releases"]) == 2
    assert "no store here yet" in capsys.readouterr().err


def test_define_by_alias_and_json(store_with_good, capsys):
    s = str(store_with_good)
    assert main(["--store", s, "define", "kicked", "--release", "2031-03-03"]) == 0
    out = capsys.readouterr().out.splitlines()
    line = cr_text(BODY, GLOSSARY).split("\n").index("Kicker, Kicked") + 1
    assert out == [
        f"Kicker, Kicked  (en 2031-03-03, line {line})",
        "An optional additional cost paid in Æther. See rule 100.1a.",
    ]
    assert main(["--store", s, "define", "Fizzle", "-r", "20310303", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["term"], got["aliases"], got["heading"], got["obsolete"]) == (
        "Fizzle",
        [],
        "Fizzle (Informal)",
        False,
    )
    assert got["text"] == "A nickname. See rule 100.2." and got["release"]["label"] == "20310303"
