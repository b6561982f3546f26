"""The one output policy (issue 22): nothing is written over the store or an input of the run,
an existing output only with ``--force`` (the same option everywhere), folders only when mtgcr
created them (the ``.mtgcr-output`` journal), and ``site`` never replaces a user's own
``index.html``. CR files are written for these tests (:mod:`crfile`)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from crfile import cr_text
from mtgcr.api import Corpus
from mtgcr.cli.main import main
from mtgcr.errors import RefusedOutput

MARKER = ".mtgcr-output"

LATER = "These rules are effective as of June 7, 2031."


@pytest.fixture
def store(tmp_path, capsys) -> Path:
    """A store of two releases (2031-03-03, 2031-06-07) ingested from ``tmp_path/in``."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.txt").write_text(cr_text(), encoding="utf-8")
    (src / "b.txt").write_text(cr_text(date=LATER), encoding="utf-8")
    s = tmp_path / "store.sqlite"
    assert main(["--store", str(s), "--silent", "ingest", str(src)]) == 0
    capsys.readouterr()
    return s


def run(store: Path, capsys, *args: str) -> tuple[int, str]:
    code = main(["--store", str(store), *args])
    return code, capsys.readouterr().err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- the store and the inputs: never, whatever the options ------------------------------------


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_the_store_is_never_an_output(store, capsys, suffix):
    target = Path(f"{store}{suffix}")
    before = digest(store)
    for force in ([], ["--force"]):
        code, err = run(store, capsys, "--out", str(target), *force, "releases")
        what = "the store" if not suffix else f"the {suffix[1:]} file of the store"
        assert code == 2 and err == (
            f"mtgcr: --out {target} is {what} {store}: not written, whatever the options; give "
            f"another file\n"
        )
    assert digest(store) == before
    assert main(["--store", str(store), "releases", "--format", "json"]) == 0  # still a store


def test_a_hard_link_to_the_store_is_the_store(store, tmp_path, capsys):
    link = tmp_path / "other-name.sqlite"
    os.link(store, link)
    code, err = run(store, capsys, "--out", str(link), "--force", "releases")
    assert code == 2 and f"is the store {store}" in err


def test_an_input_file_of_the_run_is_never_an_output(store, tmp_path, capsys):
    page = tmp_path / "in" / "a.txt"
    before = page.read_text(encoding="utf-8")
    for force in ([], ["--force"]):
        code, err = run(store, capsys, "identify", str(page), "--out", str(page), *force)
        assert code == 2 and err == (
            f"mtgcr: --out {page} is an input of this run ({page}): not written, whatever the "
            f"options; give another file\n"
        )
    assert page.read_text(encoding="utf-8") == before


def test_a_file_inside_an_input_folder_is_never_an_output(store, tmp_path, capsys):
    src = tmp_path / "in"
    target = src / "b.txt"
    before = target.read_text(encoding="utf-8")
    code, err = run(store, capsys, "--force", "--out", str(target), "ingest", str(src))
    assert code == 2 and err == (
        f"mtgcr: --out {target} is inside {src}, an input folder of this run: not written, "
        f"whatever the options; give another file\n"
    )
    assert target.read_text(encoding="utf-8") == before
    fresh = src / "new-report.txt"  # a new file beside the inputs replaces nothing
    assert run(store, capsys, "--out", str(fresh), "ingest", str(src))[0] == 0
    assert "already stored" in fresh.read_text(encoding="utf-8")


def test_the_decisions_file_beside_the_store_is_an_input(store, tmp_path, capsys):
    decisions = tmp_path / "decisions.toml"
    decisions.write_text("# no decisions yet\n", encoding="utf-8")
    code, err = run(store, capsys, "--force", "--out", str(decisions), "history", "100.1")
    assert code == 2 and "is an input of this run" in err
    assert decisions.read_text(encoding="utf-8") == "# no decisions yet\n"


# -- an existing file: only with --force ------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["--out", "{t}", "releases"],  # the global --out before the command
        ["releases", "--out", "{t}"],  # … and after it
        ["diff", "2031-03-03", "2031-06-07", "--out", "{t}"],  # diff's own --out
    ],
)
def test_an_existing_file_is_replaced_only_with_force(store, tmp_path, capsys, args):
    target = tmp_path / "report.txt"
    target.write_text("mine", encoding="utf-8")
    argv = [a.format(t=target) for a in args]
    code, err = run(store, capsys, *argv)
    assert code == 2 and err == (
        f"mtgcr: --out {target} exists: not replaced; give --force to replace it, or another file\n"
    )
    assert target.read_text(encoding="utf-8") == "mine"
    assert run(store, capsys, *argv, "--force")[0] == 0
    assert target.read_text(encoding="utf-8") != "mine"
    assert run(store, capsys, "--force", *argv)[0] == 0  # --force before the command too


def test_in_place_rewrites_may_write_an_input_but_never_the_store(tmp_path):
    from mtgcr.corpus.safe_write import Replace, guarding, write_atomic

    page = tmp_path / "page.txt"
    page.write_text("old", encoding="utf-8")
    store = tmp_path / "s.sqlite"
    store.write_bytes(b"SQLite format 3\0")
    with guarding([store], [page]):
        write_atomic(page, "new", Replace.IN_PLACE)
        with pytest.raises(RefusedOutput, match="is an input of this run"):
            write_atomic(page, "newer", Replace.IF_FORCED)
        with pytest.raises(RefusedOutput, match="is the store"):
            write_atomic(store, "text", Replace.IN_PLACE)
    assert page.read_text(encoding="utf-8") == "new"
    assert store.read_bytes() == b"SQLite format 3\0"


# -- output folders -------------------------------------------------------------------------------


def test_site_refuses_a_folder_it_did_not_create_and_takes_it_with_force(store, tmp_path, capsys):
    out = tmp_path / "public"
    out.mkdir()
    (out / "notes.txt").write_text("my notes", encoding="utf-8")
    code, err = run(store, capsys, "--silent", "site", "--out", str(out))
    assert code == 2 and err == (
        f"mtgcr: --out {out} is a folder mtgcr did not create (1 entry: notes.txt; no "
        f".mtgcr-output file): nothing written; give a new or empty folder, or --force to write "
        f"into it\n"
    )
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    assert run(store, capsys, "--silent", "site", "--out", str(out), "--force")[0] == 0
    assert (out / "notes.txt").read_text(encoding="utf-8") == "my notes"
    assert (out / "index.html").is_file() and (out / MARKER).is_file()
    # now the folder is mtgcr's: a rebuild needs no --force and rewrites nothing unchanged
    assert main(["--store", str(store), "--silent", "site", "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("site: 0 written, ")


def test_site_never_replaces_a_users_own_index_html(store, tmp_path, capsys):
    out = tmp_path / "public"
    out.mkdir()
    (out / "index.html").write_text("<h1>my home page</h1>", encoding="utf-8")
    for force in ([], ["--force"]):
        code, err = run(store, capsys, "--silent", "site", "--out", str(out), *force)
        assert code == 2
    assert err == (
        f"mtgcr: {out / 'index.html'} is not a file mtgcr wrote: 'site' never replaces it, not "
        f"even with --force; move it away or give another --out\n"
    )
    assert [p.name for p in out.iterdir()] == ["index.html"]  # nothing written at all
    assert (out / "index.html").read_text(encoding="utf-8") == "<h1>my home page</h1>"


def test_a_page_the_user_edited_in_the_site_is_kept_and_named(store, tmp_path, capsys):
    out = tmp_path / "site"
    assert run(store, capsys, "--silent", "site", "--out", str(out))[0] == 0
    page = out / "en" / "latest" / "100.html"
    page.write_text(page.read_text(encoding="utf-8") + "<!-- my note -->", encoding="utf-8")
    (out / "index.html").write_text("<h1>edited</h1>", encoding="utf-8")
    code, err = run(store, capsys, "--silent", "site", "--out", str(out))
    assert code == 2 and "site' never replaces it" in err  # the edited index refuses the build
    (out / "index.html").unlink()
    code, err = run(store, capsys, "--silent", "site", "--out", str(out))
    # the section reads the same in both releases: latest/100.html is a hard link to their
    # one file, so the edit is in each of its paths, and each is kept and named
    same = sorted(p for p in out.rglob("100.html") if p.samefile(page))
    assert same == [out / "en" / key / "100.html" for key in ("2031-03-03", "2031-06-07", "latest")]
    assert code == 1 and err == "".join(
        f"kept: {p} (not a file mtgcr wrote, or edited since: not replaced; move it away, "
        f"or give --force to replace it)\n"
        for p in same
    )
    assert page.read_text(encoding="utf-8").endswith("<!-- my note -->")
    assert (out / "index.html").is_file()  # the index mtgcr writes was written again
    assert run(store, capsys, "--silent", "site", "--out", str(out), "--force")[0] == 0
    assert not page.read_text(encoding="utf-8").endswith("<!-- my note -->")


def test_build_refuses_a_folder_of_the_users_before_ingesting(store, tmp_path, capsys):
    out = tmp_path / "reports"
    out.mkdir()
    (out / "draft.md").write_text("draft", encoding="utf-8")
    fresh = tmp_path / "fresh.sqlite"
    code, err = run(fresh, capsys, "--silent", "build", str(tmp_path / "in"), "--out", str(out))
    assert code == 2 and "is a folder mtgcr did not create" in err
    assert not fresh.exists()  # refused before anything was ingested
    code, _ = run(
        fresh, capsys, "--silent", "build", str(tmp_path / "in"), "--out", str(out), "--force"
    )
    assert code == 0 and (out / "draft.md").read_text(encoding="utf-8") == "draft"
    assert (out / "en" / "2031-03-03_2031-06-07.md").is_file()


def test_the_library_applies_the_same_policy(store, tmp_path):
    out = tmp_path / "lib-site"
    out.mkdir()
    (out / "x.txt").write_text("x", encoding="utf-8")
    with pytest.raises(RefusedOutput, match="is a folder mtgcr did not create"):
        Corpus(store).site(out)
    assert Corpus(store).site(out, force=True).written > 0


def test_a_link_inside_an_output_folder_is_not_followed(tmp_path):
    from mtgcr.corpus.output_folder import OutputFolder, WriteOutcome

    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    with OutputFolder(out, "test") as folder:
        assert folder.write("a/one.txt", "1") is WriteOutcome.WRITTEN
    (out / "b").symlink_to(elsewhere, target_is_directory=True)
    with OutputFolder(out, "test") as folder, pytest.raises(RefusedOutput, match="symbolic link"):
        folder.write("b/two.txt", "2")
    assert list(elsewhere.iterdir()) == []
    with OutputFolder(out, "test") as folder, pytest.raises(RefusedOutput, match="not a path"):
        folder.write("../escape.txt", "3")
    assert not (tmp_path / "escape.txt").exists()


def test_the_journal_is_written_before_the_rename(tmp_path, monkeypatch):
    """A run killed between the journal line and the rename leaves a folder whose files are
    all still mtgcr's (the old bytes and the new are both recorded until the journal is
    compacted)."""
    import mtgcr.corpus.output_folder as of
    from mtgcr.corpus.output_folder import OutputFolder, WriteOutcome

    assert of.MARKER == MARKER
    out = tmp_path / "out"
    with OutputFolder(out, "test") as folder:
        folder.write("page.html", "v1")

    def killed(path, data, before_replace=None):
        before_replace()  # the journal line is written …
        raise KeyboardInterrupt  # … and the process dies before the rename

    folder = OutputFolder(out, "test").open()
    monkeypatch.setattr(of, "replace_file", killed)
    with pytest.raises(KeyboardInterrupt):
        folder.write("page.html", "v2")
    monkeypatch.undo()  # (no close: the process is gone)
    with OutputFolder(out, "test") as again:
        assert again.write("page.html", "v3") is WriteOutcome.WRITTEN  # v1 is still known
    assert (out / "page.html").read_text() == "v3"
    lines = [l for l in (out / MARKER).read_text().splitlines() if not l.startswith("#")]
    assert lines == [f"{hashlib.sha256(b'v3').hexdigest()} page.html"]  # compacted
