"""Default data files (issue 22): the set list of ``site`` and the archive metadata of ``fetch
archive`` come from ``$MTGCR_SHARED``, the checkout's ``shared`` folder or the store's folder —
never from the folder the command runs in. The set lists are written for the test."""

from __future__ import annotations

import json

import pytest

from crfile import cr_text
from mtgcr.cli.main import main


def _sets(folder, name):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "versions_test.json").write_text(
        json.dumps([{"setCode": "TST", "setName": name, "creationDay": "2031-03-01"}]),
        encoding="utf-8",
    )


@pytest.fixture(autouse=True)
def no_checkout_shared(tmp_path, monkeypatch):
    """The checkout's own ../shared (present in development and CI) is not what these tests
    are about: the package is made to run from a folder without one."""
    import mtgcr.corpus.data_paths as data_paths

    monkeypatch.setattr(data_paths, "_PACKAGE_ROOT", tmp_path / "checkout" / "mtgcr")


@pytest.fixture
def store(tmp_path, capsys):
    (tmp_path / "a.txt").write_text(cr_text(), encoding="utf-8")
    s = tmp_path / "db" / "s.sqlite"
    assert main(["--store", str(s), "--silent", "ingest", str(tmp_path / "a.txt")]) == 0
    capsys.readouterr()
    return s


def _index(store, out) -> str:
    assert main(["--store", str(store), "--silent", "site", "--out", str(out)]) == 0
    return (out / "index.html").read_text(encoding="utf-8")


def test_the_set_list_never_comes_from_the_current_folder(store, tmp_path, monkeypatch):
    monkeypatch.delenv("MTGCR_SHARED", raising=False)
    _sets(tmp_path / "shared" / "corpus" / "derived", "Set Of The Current Folder")
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")  # ../shared/corpus/derived is there
    assert "Set Of The Current Folder" not in _index(store, tmp_path / "site1")
    _sets(store.parent, "Set Beside The Store")
    assert "Set Beside The Store" in _index(store, tmp_path / "site2")
    _sets(tmp_path / "env" / "corpus" / "derived", "Set Of MTGCR_SHARED")
    monkeypatch.setenv("MTGCR_SHARED", str(tmp_path / "env"))
    assert "Set Of MTGCR_SHARED" in _index(store, tmp_path / "site3")


def test_fetch_archive_without_metadata_says_where_it_looked(store, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MTGCR_SHARED", str(tmp_path / "nothing-here"))
    (tmp_path / "shared" / "corpus" / "derived").mkdir(parents=True)
    (tmp_path / "shared" / "corpus" / "derived" / "archive_metadata.json").write_text("{}")
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    code = main(
        [
            "--store",
            str(store),
            "fetch",
            "archive",
            "2030-01-10",
            "--base-url",
            "http://127.0.0.1:9",
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(
        "mtgcr: fetch archive: no archive metadata: give --metadata FILE"
    )
    assert str(tmp_path / "nothing-here" / "corpus" / "derived") in err
    assert str(tmp_path / "checkout" / "shared" / "corpus" / "derived") in err
