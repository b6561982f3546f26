"""The ``mtgcr`` command line on bad stores, bad paths, odd terminals and user-typed input
(files written for the tests): one clear line each, no traceback, no store damaged."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from helpers import ROOT
from crfile import cr_text
from mtgcr.cli.main import main

BODY = """\
1. Game Concepts

100. General

100.1. Æther rules describe a small game.

100.1a A subrule.

100.2. Each player brings a deck.

101. Other Things

101.1. Another rule.

2. Parts of a Card

200. General

200.1. A card has parts.
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


@pytest.fixture
def store(tmp_path, capsys) -> Path:
    """A store with releases of 2031-03-03, 2031-06-07 and 2032-01-20 (empty glossary)."""
    s = tmp_path / "store.sqlite"
    files = [
        write(tmp_path / "in" / "2031-03-03.txt", cr_text(BODY)),
        write(
            tmp_path / "in" / "2031-06-10.txt",
            cr_text(BODY, date="These rules are effective as of June 7, 2031."),
        ),
        write(
            tmp_path / "in" / "2032-01-20.txt",
            cr_text(BODY, glossary="", date="These rules are effective as of January 20, 2032."),
        ),
    ]
    assert main(["--store", str(s), "--silent", "ingest", *map(str, files)]) == 0
    capsys.readouterr()
    return s


def run_cli(
    *args: str, env: dict | None = None, prefix: list[str] | None = None
) -> subprocess.CompletedProcess:
    e = {**os.environ, "COLUMNS": "200", **(env or {})}
    e.pop("MTGCR_DEBUG", None)
    return subprocess.run(
        [*(prefix or []), sys.executable, "-m", "mtgcr.cli.main", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=e,
        timeout=120,
    )


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


# -- 5. OS errors, foreign and damaged stores, read-only stores, odd terminals ------------------------


def test_store_folder_that_cannot_be_created(tmp_path, capsys):
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    f = write(tmp_path / "in" / "2031-03-03.txt", cr_text(BODY))
    assert main(["--store", str(blocker / "s.sqlite"), "ingest", str(f)]) == 2
    assert one_line(capsys.readouterr().err) == (
        f"mtgcr: cannot write {blocker / 's.sqlite'}: cannot create its folder {blocker}: File exists"
    )


@pytest.mark.parametrize(
    "exc, line",
    [
        (
            IsADirectoryError(21, "Is a directory", "/tmp/out"),
            "mtgcr: cannot write /tmp/out: Is a directory",
        ),
        (
            FileExistsError(17, "File exists", "/tmp/site"),
            "mtgcr: cannot write /tmp/site: File exists",
        ),
        (
            PermissionError(13, "Permission denied", "/root/x.html"),
            "mtgcr: cannot write /root/x.html: Permission denied",
        ),
        (
            FileNotFoundError(2, "No such file or directory", "/no/such/folder/x.csv"),
            "mtgcr: cannot write /no/such/folder/x.csv: No such file or directory",
        ),
    ],
)
def test_os_errors_anywhere_are_one_line_naming_the_file(store, monkeypatch, capsys, exc, line):
    from mtgcr.cli.commands import releases

    def fail(args, ctx):
        raise exc

    monkeypatch.setattr(releases, "run", fail)
    assert main(["--store", str(store), "releases"]) == 2
    assert one_line(capsys.readouterr().err) == line


def test_out_pointing_at_a_file(store, tmp_path, capsys):
    target = tmp_path / "report.html"
    target.write_text("keep me")
    code = main(["--store", str(store), "build", str(tmp_path / "in"), "--out", str(target)])
    assert code == 2
    assert one_line(capsys.readouterr().err) == (
        f"mtgcr: --out {target} is a file, not a folder: give a folder for the build output "
        f"(created if missing)"
    )
    assert target.read_text() == "keep me"


def test_a_file_that_is_not_sqlite_is_not_a_store(tmp_path, capsys):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"these are not the bytes of an SQLite database\n" * 100)
    for args in (["releases"], ["show", "100.1"], ["define", "Deck"]):
        assert main(["--store", str(junk), *args]) == 2
        assert (
            one_line(capsys.readouterr().err)
            == f"mtgcr: {junk}: not an mtgcr store (file is not a database)"
        )


def test_a_truncated_store_is_reported_not_crashed_on(store, tmp_path, capsys):
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(store.read_bytes()[: store.stat().st_size // 3])
    for args in (["releases"], ["show", "100.1"]):
        assert main(["--store", str(cut), *args]) == 2
        assert one_line(capsys.readouterr().err) == (
            f"mtgcr: {cut}: the store is damaged (database disk image is malformed); 'mtgcr "
            f"check' says which releases are affected and 'mtgcr check --repair' rebuilds them "
            f"from the stored files"
        )


def test_another_programs_sqlite_database_is_refused_and_left_unchanged(tmp_path, capsys):
    other = tmp_path / "photos.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO albums (name) VALUES ('holidays')")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    f = write(tmp_path / "in" / "2031-03-03.txt", cr_text(BODY))
    assert main(["--store", str(other), "ingest", str(f)]) == 2
    assert one_line(capsys.readouterr().err) == (
        f"mtgcr: {other}: not an mtgcr store (an SQLite database of another program, tables: "
        f"albums); left unchanged"
    )
    assert main(["--store", str(other), "releases"]) == 2
    capsys.readouterr()
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "photos.sqlite"]


def _read_only_prefix(folder: Path) -> list[str] | None:
    """A command prefix that runs a process seeing ``folder`` read-only, or ``None``."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    probe = subprocess.run(
        [
            unshare,
            "-m",
            "sh",
            "-c",
            f"mount --bind -o ro '{folder}' '{folder}' && ! touch '{folder}/probe' 2>/dev/null",
        ],
        capture_output=True,
    )
    if probe.returncode != 0:
        return None
    return [
        unshare,
        "-m",
        "sh",
        "-c",
        f"mount --bind -o ro '{folder}' '{folder}' && exec \"$@\"",
        "sh",
    ]


def test_store_on_a_read_only_location_is_readable(store, tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    shutil.copy(store, ro / "store.sqlite")
    prefix = _read_only_prefix(ro)
    if prefix is None:
        pytest.skip(
            "cannot make a read-only location here (not root with unshare, and chmod "
            "does not bind root)"
        )
    try:
        rel = run_cli(
            "--store", str(ro / "store.sqlite"), "releases", "--format", "json", prefix=prefix
        )
        assert rel.returncode == 0, rel.stderr
        assert '"label": "20320120"' in rel.stdout
        show = run_cli(
            "--store", str(ro / "store.sqlite"), "show", "100.1", "-r", "2031-03-03", prefix=prefix
        )
        assert show.returncode == 0, show.stderr
        assert "100.1. Æther rules describe a small game." in show.stdout
        put = run_cli(
            "--store", str(ro / "store.sqlite"), "ingest", str(tmp_path / "in"), prefix=prefix
        )
        assert put.returncode == 2 and put.stderr.startswith(
            f"mtgcr: cannot write {ro / 'store.sqlite'}: "
        )
    finally:
        ro.chmod(0o755)


def test_ascii_only_stdout_gets_escapes_not_a_crash(store):
    proc = run_cli(
        "--store",
        str(store),
        "show",
        "100.1",
        "-r",
        "2031-03-03",
        env={"PYTHONIOENCODING": "ascii"},
    )
    assert proc.returncode == 0, proc.stderr
    assert "100.1. \\xc6ther rules describe a small game." in proc.stdout
    assert "\\xb7 section 100 General" in proc.stdout  # the "·" of the heading line
    rel = run_cli("--store", str(store), "releases", env={"PYTHONIOENCODING": "ascii"})
    assert rel.returncode == 0 and "20310303" in rel.stdout


# -- 7. what users type ----------------------------------------------------------------------------------


def test_upper_case_rule_numbers_and_language_codes(store, capsys):
    assert main(["--store", str(store), "show", "100.1A", "--lang", "EN", "-r", "2031-03-03"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "100.1a A subrule."
    assert main(["--store", str(store), "releases", "--lang", "En", "--format", "json"]) == 0
    assert '"20310303"' in capsys.readouterr().out


def test_show_a_chapter_lists_its_sections(store, capsys):
    assert main(["--store", str(store), "show", "1", "-r", "20310303"]) == 0
    lines = cr_text(BODY).split("\n")
    chapter_line = lines.index("1. Game Concepts", lines.index("Contents") + 3) + 1
    assert capsys.readouterr().out.splitlines() == [
        f"1. Game Concepts  (en 2031-03-03, line {chapter_line})",
        "100. General",
        "101. Other Things",
    ]
    assert main(["--store", str(store), "show", "2.", "--format", "json"]) == 0
    import json

    got = json.loads(capsys.readouterr().out)
    assert (got["kind"], got["title"], [s["number"] for s in got["sections"]]) == (
        "chapter",
        "Parts of a Card",
        ["200"],
    )
    assert got["sections"][0]["rules"] == 1
    assert main(["--store", str(store), "show", "9"]) == 2
    assert (
        one_line(capsys.readouterr().err)
        == "mtgcr: chapter 9 does not exist in en 2032-01-20 (chapters: 1, 2)"
    )


def test_releases_of_a_language_not_stored(store, capsys):
    for fmt in ("table", "json"):
        assert main(["--store", str(store), "releases", "--lang", "xx", "--format", fmt]) == 2
        assert (
            one_line(capsys.readouterr().err)
            == f"mtgcr: no xx releases in {store} (languages stored: en)"
        )


def test_global_options_after_the_command_name(store, tmp_path, capsys):
    f = write(
        tmp_path / "more" / "2033-01-01.txt",
        cr_text(BODY, date="These rules are effective as of January 1, 2033."),
    )
    assert main(["ingest", "--silent", "--store", str(store), str(f)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and err == ""
    assert main(["--store", str(store), "releases", "--format", "json"]) == 0
    assert '"20330101"' in capsys.readouterr().out
    assert (
        main(["--silent", "--store", str(store), "releases", "--format", "json"]) == 0
    )  # before: still fine
    assert '"20330101"' in capsys.readouterr().out


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    from importlib.metadata import version

    assert capsys.readouterr().out == f"mtgcr {version('mtgcr')}\n"


def test_unknown_release_lists_the_nearest_and_slashed_dates_work(store, capsys):
    assert main(["--store", str(store), "show", "100.1", "-r", "2031-07-01"]) == 2
    assert one_line(capsys.readouterr().err) == (
        "mtgcr: no en release '2031-07-01' in the store; nearest: 2031-06-07 (label 20310610), "
        "2031-03-03, 2032-01-20"
    )
    assert (
        main(["--store", str(store), "show", "100.1", "-r", "2031/06/07", "--format", "json"]) == 0
    )
    assert '"label": "20310610"' in capsys.readouterr().out
    assert (
        main(["--store", str(store), "show", "100.1", "-r", "2031/06/10", "--format", "json"]) == 0
    )
    assert '"label": "20310610"' in capsys.readouterr().out


def test_define_empty_term_and_empty_glossary(store, capsys):
    assert main(["--store", str(store), "define", "  "]) == 2
    assert (
        one_line(capsys.readouterr().err)
        == "mtgcr: define: an empty TERM; give a glossary headword (like Kicker)"
    )
    assert main(["--store", str(store), "define", "Deck", "-r", "2032-01-20"]) == 2
    assert (
        one_line(capsys.readouterr().err)
        == "mtgcr: no glossary entry 'Deck' in en 2032-01-20; its glossary is empty"
    )
    assert main(["--store", str(store), "define", "Deco", "-r", "2031-03-03"]) == 2
    assert (
        one_line(capsys.readouterr().err)
        == "mtgcr: no glossary entry 'Deco' in en 2031-03-03; closest: Deck"
    )


def test_warnings_column_has_one_layout(tmp_path, capsys):
    one = write(
        tmp_path / "w" / "2031-03-03.txt", cr_text(BODY.replace("100.2. Each", "100.2 Each"))
    )
    two = write(
        tmp_path / "w" / "2031-06-07.txt",
        cr_text(
            BODY.replace("100.2. Each", "100.2 Each").replace("101.1. Another", "101.1.  Another"),
            date="These rules are effective as of June 7, 2031.",
        ),
    )
    assert two.parent == one.parent
    assert main(["--store", str(tmp_path / "s.sqlite"), "ingest", str(one.parent)]) == 0
    out = capsys.readouterr().out
    cells = {
        l.split("│")[1].strip(): l.split("│")[10].strip() for l in out.splitlines() if ".txt" in l
    }
    line = cr_text(BODY).split("\n").index("100.2. Each player brings a deck.") + 1
    assert cells == {
        "2031-03-03.txt": f"1: {line}: no dot after rule 100.2",
        "2031-06-07.txt": f"2: {line}: no dot after rule 100.2",
    }


def test_folder_ingest_counts_files_skipped_by_suffix_and_names_word_files(tmp_path, capsys):
    d = tmp_path / "mixed"
    write(d / "2031-03-03.txt", cr_text(BODY))
    (d / "2031-06-10.docx").write_bytes(b"PK\x03\x04" + b"\x00" * 26 + b"word/document.xml")
    (d / "scan.pdf").write_bytes(b"%PDF-1.4\n")
    (d / "old.docx").write_bytes(b"PK\x03\x04")
    assert main(["--store", str(tmp_path / "s.sqlite"), "ingest", str(d)]) == 0
    err = capsys.readouterr().err
    assert (
        "note: skipped 3 files in the folders by suffix: 2 .docx, 1 .pdf (only .htm, .html, .md, "
        ".txt, .wiki, .wikitext and no suffix are read; name a file directly to try it)"
    ) in err.splitlines()
    assert main(["--store", str(tmp_path / "s.sqlite"), "ingest", str(d / "2031-06-10.docx")]) == 1
    assert (
        f"error: {d / '2031-06-10.docx'}: a Word document (.docx), not a text file; save the rules "
        f"as plain text (.txt) and ingest that"
    ) in capsys.readouterr().err.splitlines()


# -- 7. set-up: Makefile, pyproject --------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("make") is None, reason="make not installed")
def test_make_passes_shared_to_pytest_and_check_names_a_missing_shared(tmp_path):
    dry = subprocess.run(
        ["make", "-n", "-W", "pyproject.toml", "test", f"SHARED={tmp_path}/elsewhere"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert f"MTGCR_SHARED={tmp_path}/elsewhere " in dry.stdout
    check = subprocess.run(
        ["make", "-o", ".venv/bin/mtgcr", "check", f"SHARED={tmp_path}/nowhere"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode != 0
    assert (
        f"make check: {tmp_path}/nowhere/checks/batch1.sh not found: the shared folder (real corpus "
        f"and checks) is missing"
    ) in check.stderr


def test_pyproject_license_is_an_spdx_string():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["license"] == "MIT"
    assert any(r.startswith("setuptools>=77") for r in meta["build-system"]["requires"])
