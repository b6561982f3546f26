"""``--out`` writes only regular files, atomically, ``-`` is stdout; a folder ingest names what
it could not read; a full disk stops an ingest at once, naming the store (issue 9, part 7).

The CR files are written for these tests (:mod:`crfile`); the full disk is a real 1 MiB
tmpfs mounted for the test (skipped where mounting is not allowed), the device is the real
``/dev/full``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from crfile import cr_text
from mtgcr.cli.main import main
from mtgcr.corpus.safe_write import RefusedOutput, check_out_path, write_atomic

NEWER = "These rules are effective as of June 7, 2031."


@pytest.fixture
def store(tmp_path, capsys) -> Path:
    s = tmp_path / "store.sqlite"
    for name, date in (
        ("a.txt", "These rules are effective as of March 3, 2031."),
        ("b.txt", NEWER),
    ):
        (tmp_path / "in").mkdir(exist_ok=True)
        (tmp_path / "in" / name).write_text(cr_text(date=date), encoding="utf-8")
    assert main(["--store", str(s), "--silent", "ingest", str(tmp_path / "in")]) == 0
    capsys.readouterr()
    return s


def diff(store, out, capsys, *more: str) -> tuple[int, str, str]:
    code = main(
        ["--store", str(store), "diff", "2031-03-03", "2031-06-07", "--out", str(out), *more]
    )
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_device_is_refused_and_stays_a_device(store, capsys):
    code, out, err = diff(store, "/dev/full", capsys)
    assert code == 2 and out == ""
    assert err == (
        "mtgcr: --out /dev/full is a device, not a regular file: not written; give a "
        "regular file (or - for standard output)\n"
    )
    assert Path("/dev/full").is_char_device()


def test_folder_fifo_socket_and_links_are_refused(store, tmp_path, capsys):
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    sock_path = tmp_path / "s.sock"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    real = tmp_path / "real.md"
    real.write_text("keep me")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    dangling = tmp_path / "dangling.md"
    dangling.symlink_to(tmp_path / "nowhere.md")
    try:
        for target, what in (
            (tmp_path, "a folder"),
            (fifo, "a FIFO (named pipe)"),
            (sock_path, "a socket"),
            (link, "a symbolic link"),
            (dangling, "a symbolic link"),
        ):
            code, out, err = diff(store, target, capsys)
            assert code == 2 and err.startswith(
                f"mtgcr: --out {target} is {what}, not a regular file"
            ), err
            assert err.count("\n") == 1
    finally:
        sock.close()
    assert (
        real.read_text() == "keep me"
        and link.is_symlink()
        and not (tmp_path / "nowhere.md").exists()
    )
    assert fifo.is_fifo() and sock_path.is_socket()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


def test_dash_is_stdout_and_a_regular_file_is_replaced_whole(store, tmp_path, capsys):
    code, out, err = diff(store, "-", capsys)
    assert code == 0 and out.startswith(
        "# Comprehensive Rules (en): changes from 2031-03-03 to 2031-06-07"
    )
    assert not (tmp_path / "-").exists()
    target = tmp_path / "reports" / "new" / "r.md"
    code, _, err = diff(store, target, capsys)
    assert code == 0 and err == f"created folder {target.parent}\nwrote {target}\n"
    assert target.read_text(encoding="utf-8") == out
    target.write_text("old text that is longer than nothing")
    os.chmod(target, 0o640)
    code, _, err = diff(store, target, capsys)  # an existing file: only with --force
    assert code == 2 and err == (
        f"mtgcr: --out {target} exists: not replaced; give --force to replace it, or another file\n"
    )
    assert target.read_text() == "old text that is longer than nothing"
    assert diff(store, target, capsys, "--force")[0] == 0
    assert target.read_text(encoding="utf-8") == out
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)  # the replaced file's permissions
    assert [p.name for p in target.parent.iterdir()] == ["r.md"]  # no temporary file left


def test_a_new_file_gets_the_umask_permissions(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "x.txt", "x")
    finally:
        os.umask(old)
    assert oct((tmp_path / "x.txt").stat().st_mode & 0o777) == oct(0o640)


def test_a_parent_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "f").write_text("")
    with pytest.raises(RefusedOutput, match=r"f is a file, not a folder"):
        check_out_path(tmp_path / "f" / "sub" / "x.md")


def test_build_refuses_a_report_path_that_is_a_link(store, tmp_path, capsys):
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").symlink_to(tmp_path / "elsewhere.html")
    cmd = ["--store", str(store), "--silent", "build", str(tmp_path / "in"), "--out", str(out)]
    assert main(cmd) == 2  # a folder mtgcr did not create
    assert "is a folder mtgcr did not create (1 entry: index.html" in capsys.readouterr().err
    assert main([*cmd, "--force"]) == 2  # written into, but a link is never replaced
    err = capsys.readouterr().err
    assert (
        err == f"mtgcr: {out / 'index.html'} is a symbolic link, not a regular file: not replaced\n"
    )
    assert not (tmp_path / "elsewhere.html").exists()


# -- a full disk: a real, small tmpfs ---------------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path):
    """A 1 MiB tmpfs mounted at ``tmp_path/disk`` (needs root and a kernel that allows it)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root and mount(8)")
    r = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True, text=True
    )
    if r.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], check=False)


def test_a_full_disk_leaves_the_old_file_and_no_temporary(tiny_disk, capsys, store):
    target = tiny_disk / "r.md"
    target.write_text("old")
    with pytest.raises(OSError) as err:
        write_atomic(target, "x" * 2_000_000)
    assert err.value.filename == str(target)
    assert target.read_text() == "old" and sorted(p.name for p in tiny_disk.iterdir()) == ["r.md"]
    big = tiny_disk / "fill"
    with pytest.raises(OSError):
        big.write_bytes(b"\0" * 2_000_000)  # the disk is now full
    code, _, err = diff(store, target, capsys, "--force")
    assert code == 2 and err == f"mtgcr: --out {target}: cannot write (No space left on device)\n"
    assert target.read_text() == "old"


def test_a_full_disk_stops_an_ingest_at_the_first_failure(tiny_disk, tmp_path, capsys):
    src = tmp_path / "many"
    src.mkdir()
    filler = "\n".join(
        f"100.{i}. Rule {i} of a test file that fills the small disk quickly "
        f"{'and more words ' * 20}"
        for i in range(1, 400)
    )
    for k in range(6):
        body = f"1. Game Concepts\n\n100. General\n\n{filler}\n"
        date = f"These rules are effective as of March {k + 1}, 2031."
        (src / f"2031-03-0{k + 1}.txt").write_text(cr_text(body, date=date), encoding="utf-8")
    store = tiny_disk / "s.sqlite"
    code = main(["--store", str(store), "--silent", "ingest", str(src)])
    err = capsys.readouterr().err
    lines = [l for l in err.splitlines() if l.startswith("mtgcr: ")]
    assert code == 2 and len(lines) == 1, err
    assert lines[0].startswith(f"mtgcr: cannot write {store}: the disk is full")
    assert "(stopped after" in lines[0]
    assert not any(l.startswith("error:") for l in err.splitlines()), (
        err
    )  # no file-by-file failures


# -- unreadable folders and entries ----------------------------------------------------------------

#: Root reads any folder; ``setpriv`` runs the child as root without the capabilities that
#: bypass permissions, so a mode-000 folder is unreadable to it as it is to any user.
_NO_DAC = [
    "setpriv",
    "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
]


def _tree(tmp_path) -> Path:
    src = tmp_path / "src"
    (src / "ok").mkdir(parents=True)
    (src / "ok" / "a.txt").write_text(cr_text(), encoding="utf-8")
    os.mkfifo(src / "pipe.txt")
    (src / "broken.txt").symlink_to(tmp_path / "gone.txt")
    (src / "folderlink").symlink_to(src / "ok")
    return src


def test_folder_ingest_names_every_entry_that_is_no_file(tmp_path, capsys):
    src = _tree(tmp_path)
    assert main(["--store", str(tmp_path / "s.sqlite"), "ingest", str(src)]) == 1
    err = capsys.readouterr().err
    assert [l for l in err.splitlines() if l.startswith("error:")] == [
        f"error: {src / 'folderlink'}: a symbolic link to a folder; not followed (name it to read it)",
        f"error: {src / 'broken.txt'}: a broken symbolic link (No such file or directory); not read",
        f"error: {src / 'pipe.txt'}: a FIFO, not a file; not read",
    ], err
    assert "1 ingested, 0 already stored, 0 failed, 3 unreadable" in err


def test_folder_ingest_names_a_subfolder_it_cannot_list(tmp_path):
    src = tmp_path / "src"
    (src / "ok").mkdir(parents=True)
    (src / "ok" / "a.txt").write_text(cr_text(), encoding="utf-8")
    (src / "locked").mkdir()
    (src / "locked" / "b.txt").write_text(cr_text(), encoding="utf-8")
    os.chmod(src / "locked", 0)
    store = tmp_path / "s.sqlite"
    cmd = [sys.executable, "-m", "mtgcr.cli.main", "--store", str(store), "ingest", str(src)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root (who reads any folder) and no setpriv to drop that")
        cmd = _NO_DAC + cmd
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    finally:
        os.chmod(src / "locked", 0o755)
    assert r.returncode == 1, r.stderr
    assert [l for l in r.stderr.splitlines() if l.startswith("error:")] == [
        f"error: {src / 'locked'}: cannot read folder (Permission denied)"
    ], r.stderr
    assert "1 ingested, 0 already stored, 0 failed, 1 unreadable" in r.stderr


# -- --out on every command ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["show", "100.1"], ["releases", "--format", "json"], ["history", "100.1"], ["define", "Deck"]],
)
def test_every_command_writes_its_output_to_out(store, tmp_path, capsys, args):
    assert main(["--store", str(store), *args]) == 0
    printed = capsys.readouterr().out
    target = tmp_path / "o" / "out.txt"
    assert main(["--store", str(store), *args, "--out", str(target)]) == 0
    cap = capsys.readouterr()
    assert cap.out == "" and cap.err.endswith(f"wrote {target}\n")
    assert target.read_text(encoding="utf-8") == printed
    assert main(["--store", str(store), "--out", "-", *args]) == 0
    assert capsys.readouterr().out == printed


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_every_command_refuses_a_device_before_the_work(store, capsys):
    assert main(["--store", str(store), "releases", "--out", "/dev/full"]) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and cap.err.startswith("mtgcr: --out /dev/full is a device")
    assert Path("/dev/full").is_char_device()


def test_a_failed_command_writes_nothing(store, tmp_path, capsys):
    target = tmp_path / "kept.txt"
    target.write_text("old")
    assert main(["--store", str(store), "show", "999.9", "--out", str(target)]) == 2
    assert target.read_text() == "old"


def test_out_before_the_command_name_works_for_diff_too(store, tmp_path, capsys):
    target = tmp_path / "d.md"
    assert (
        main(["--store", str(store), "--out", str(target), "diff", "2031-03-03", "2031-06-07"]) == 0
    )
    assert target.read_text(encoding="utf-8").startswith("# Comprehensive Rules (en)")
    assert capsys.readouterr().out == ""
