"""Line dates and changed lines from git (extract/citations/gitlines.py), and what they do to a
check: real repositories built here with dated commits (GIT_AUTHOR_DATE/GIT_COMMITTER_DATE)."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date

import pytest

from cite_releases import DATES, R1, R3, R4, cr_file
from gitrepo import Repo
from helpers import ingested_store
from mtgcr.cli.main import main
from mtgcr.extract.citations.gitlines import GitHistory, changed_lines, repository_top

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def test_line_dates_follow_renames_ignore_moves_and_reindents(tmp_path):
    repo = Repo(tmp_path / "r")
    repo.commit({"src/A.java": "// CR 100.1\n// CR 100.2\nclass A {}\n"}, "2020-01-10")
    repo.commit({"src/A.java": "// CR 100.1\n// CR 100.3\nclass A {}\n// CR 100.4\n"}, "2021-05-05")
    repo.git("mv", "src/A.java", "src/B.java")
    repo.commit(
        {"src/B.java": "    // CR 100.1\n// CR 100.3\nclass A {}\n// CR 100.4\n"}, "2022-03-03"
    )
    # the last line moved to the top, unchanged: it keeps its date
    repo.commit(
        {"src/B.java": "// CR 100.4\n    // CR 100.1\n// CR 100.3\nclass A {}\n"}, "2023-07-07"
    )
    path = repo.root / "src" / "B.java"
    path.write_text(path.read_text() + "// CR 100.5\n", encoding="utf-8")  # not committed
    top = repository_top(path)
    assert top == repo.root.resolve()
    hist = GitHistory(top, [repo.root / "src"])
    lines = path.read_text().splitlines()
    got = hist.line_dates(path, lines, today=date(2030, 1, 1))
    assert got == {
        "// CR 100.4": date(2021, 5, 5),  # moved within the file: its own date
        "// CR 100.1": date(2020, 1, 10),  # re-indented, renamed with its file
        "// CR 100.3": date(2021, 5, 5),
        "class A {}": date(2020, 1, 10),
        "// CR 100.5": date(2030, 1, 1),  # only in the work tree
    }
    assert hist.span(path, path.read_text(), today=date(2030, 1, 1)) == (
        date(2020, 1, 10),
        date(2030, 1, 1),
    )
    hist.close()
    assert repository_top(tmp_path) is None


def test_changed_lines_against_a_base(tmp_path):
    repo = Repo(tmp_path / "r")
    repo.commit({"a.rs": "// CR 100.1\nfn a() {}\n// CR 100.2\n"}, "2020-01-10")
    base = repo.git("rev-parse", "HEAD").strip()
    repo.commit({"a.rs": "// CR 100.1\nfn a() {}\n// CR 100.3\n// CR 100.4\n"}, "2020-02-02")
    (repo.root / "new.rs").write_text("// CR 100.9\n", encoding="utf-8")  # untracked
    got = changed_lines(repo.root, base, [repo.root])
    assert got == {(repo.root / "a.rs").resolve(): {3, 4}, (repo.root / "new.rs").resolve(): None}
    assert changed_lines(repo.root, "HEAD", [repo.root]) == {(repo.root / "new.rs").resolve(): None}


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("releases")
    return ingested_store(folder, {f"cr-{r}.txt": cr_file(r) for r in DATES})


def check(capsys, store, *args) -> tuple[int, list[dict], dict]:
    code = main(["--silent", "--store", str(store), "cite-check", *map(str, args)])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    return code, [r for r in lines if r["kind"] == "citation"], lines[-1]


def test_a_line_reads_against_the_release_in_force_when_it_was_written(store, tmp_path, capsys):
    repo = Repo(tmp_path / "r")
    # 702.3 is Poisonous in R1 (2031-03-03) and Gravestorm in R4 (2033-01-01)
    repo.commit({"old/A.java": "// CR 702.3\nclass A {}\n"}, "2031-04-01")
    repo.commit({"new/B.java": "// CR 702.3\nclass B {}\n"}, "2033-02-01")
    code, recs, _ = check(capsys, store, repo.root, "--format", "jsonl", "--no-cache")
    by = {r["file"].rsplit("/", 2)[-2]: r for r in recs}
    a, b = by["old"], by["new"]
    assert (b["verdict"], b["as_of"], b["release"]) == ("current", "git", R4)
    assert (a["verdict"], a["as_of"], a["release"], a["line_date"], a["suggestion"]) == (
        "moved",
        "git",
        R1,
        "2031-04-01",
        "CR 702.4",
    )
    assert a["checks"][0]["evidence"][0]["kind"] == "git" and code == 1
    # without git the same lines are read against the target, marked assumed
    code, recs, _ = check(capsys, store, repo.root, "--format", "jsonl", "--no-cache", "--no-git")
    assert {r["as_of"] for r in recs} == {"assumed"} and {r["verdict"] for r in recs} == {"current"}


def test_a_line_written_just_after_a_release_may_follow_the_one_before(store, tmp_path, capsys):
    repo = Repo(tmp_path / "r")
    # 702.3 is Flying in R3 and Gravestorm in R4 (effective 2033-01-01); code lags the CR
    repo.commit(
        {"a/A.java": "// CR 702.3: Flying creatures are blocked only by fliers.\n"}, "2033-01-11"
    )
    repo.commit(
        {"b/B.java": "// CR 702.3: Gravestorm copies the spell for each permanent.\n"}, "2033-01-11"
    )
    repo.commit(
        {"c/C.java": "// CR 702.3: Flying creatures are blocked only by fliers.\n"}, "2033-04-15"
    )  # > 60 days
    code, recs, _ = check(capsys, store, repo.root, "--format", "jsonl", "--no-cache")
    by = {r["file"].rsplit("/", 2)[-2]: r for r in recs}
    a = by["a"]
    assert (a["verdict"], a["release"], a["suggestion"], a["certain"]) == (
        "moved",
        R3,
        "CR 702.2",
        False,
    )
    assert "10 days after 2033-01-01" in a["reason"]
    assert (by["b"]["verdict"], by["b"]["release"]) == ("current", R4)
    assert (by["c"]["verdict"], by["c"]["release"]) == ("current", R4)


def test_changed_only_reports_the_lines_of_a_pull_request(store, tmp_path, capsys):
    repo = Repo(tmp_path / "r")
    repo.commit({"A.java": "// CR 702.3\nclass A {}\n"}, "2031-04-01")  # stale, but old
    base = repo.git("rev-parse", "HEAD").strip()
    repo.commit({"A.java": "// CR 702.3\nclass A {}\n// CR 702.4: Poisonous\n"}, "2033-02-01")
    code, recs, summary = check(
        capsys,
        store,
        repo.root,
        "--format",
        "jsonl",
        "--no-cache",
        "--changed-only",
        "--base",
        base,
    )
    assert [(r["line"], r["verdict"]) for r in recs] == [(3, "current")] and code == 0
    assert summary["changed_since"] == base
    # a stale number added in the work tree is caught (pre-commit: against HEAD): its title
    # dates it to R3, where Gravestorm was 702.4
    p = repo.root / "A.java"
    p.write_text(p.read_text() + "// 702.4. Gravestorm\n", encoding="utf-8")
    code, recs, _ = check(
        capsys, store, repo.root, "--format", "jsonl", "--no-cache", "--changed-only"
    )
    assert [(r["line"], r["verdict"], r["suggestion"]) for r in recs] == [(4, "moved", "702.3")]
    assert code == 1
    # nothing changed: nothing to report, and that is success
    repo.git("checkout", "--", "A.java")
    code, recs, _ = check(
        capsys, store, repo.root, "--format", "jsonl", "--no-cache", "--changed-only"
    )
    assert recs == [] and code == 0
    assert (
        main(["--silent", "--store", str(store), "cite-check", str(tmp_path), "--changed-only"])
        == 2
    )
    assert "not in a git repository" in capsys.readouterr().err


def test_migrate_reads_dates_from_history(store, tmp_path, capsys, monkeypatch):
    repo = Repo(tmp_path / "r")
    repo.commit({"A.java": "// CR 702.3\n"}, "2031-04-01")
    repo.commit({"B.java": "// CR 702.3\n"}, "2033-02-01")
    monkeypatch.chdir(repo.root)
    code = main(["--silent", "--store", str(store), "cite-migrate", ".", "--to", R4, "--no-cache"])
    patch = capsys.readouterr().out
    assert code == 0 and "+// CR 702.4" in patch and "B.java" not in patch


def test_a_shallow_clone_dates_no_line_it_cannot_see_the_start_of(tmp_path):
    repo = Repo(tmp_path / "r")
    repo.commit({"A.java": "// CR 100.1\n"}, "2020-01-10")
    repo.commit({"A.java": "// CR 100.1\n// CR 100.2\n"}, "2021-05-05")
    shallow = tmp_path / "s"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{repo.root}", str(shallow)],
        check=True,
        capture_output=True,
    )
    hist = GitHistory(shallow, [shallow])
    path = shallow / "A.java"
    got = hist.line_dates(path, path.read_text().splitlines())
    assert hist.shallow and got == {}  # both lines are in the one commit the clone has
    assert hist.span(path, path.read_text()) is None
    hist.close()


class DictMemo(dict):
    """A memo in memory (the checker uses the result cache)."""

    def put(self, key, value):
        self[key] = json.loads(json.dumps(value))  # as the cache keeps it: JSON


def test_the_history_is_kept_and_a_later_run_reads_only_the_new_commits(tmp_path, monkeypatch):
    repo = Repo(tmp_path / "r")
    repo.commit({"A.java": "// CR 100.1\n"}, "2020-01-10")
    memo = DictMemo()
    first = GitHistory(repo.root, [repo.root], memo)
    path = repo.root / "A.java"
    assert first.line_dates(path, ["// CR 100.1"]) == {"// CR 100.1": date(2020, 1, 10)}
    first.close()
    repo.git("mv", "A.java", "B.java")
    repo.commit({"B.java": "// CR 100.1\n// CR 100.2\n"}, "2021-05-05")
    reads = []
    real = GitHistory._read_log

    def counting(self, commits):
        reads.append(commits)
        return real(self, commits)

    monkeypatch.setattr(GitHistory, "_read_log", counting)
    later = GitHistory(repo.root, [repo.root], memo)
    path = repo.root / "B.java"
    got = later.line_dates(path, path.read_text().splitlines())
    assert got == {"// CR 100.1": date(2020, 1, 10), "// CR 100.2": date(2021, 5, 5)}
    assert reads == [reads[0]] and reads[0].endswith("..HEAD")  # only the commits since
    later.close()
    again = GitHistory(repo.root, [repo.root], memo)
    assert again.line_dates(path, ["// CR 100.2"]) == {"// CR 100.2": date(2021, 5, 5)}
    assert len(reads) == 1  # the same HEAD: nothing read
    again.close()
