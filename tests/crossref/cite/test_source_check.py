"""cite-check and cite-migrate on source trees, against a store of two small releases written
for the tests (tests/crfile.py), through the CLI; patches checked with the real ``git apply``."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from helpers import ingested_store, write_tree
from crfile import cr_text
from mtgcr.cli.main import main

OLD = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.1a A two-player game starts with two players.

100.1b A multiplayer game starts with three or more players.

100.2. Each player brings a deck of sixty cards.

100.3. Each player starts with twenty life.

100.4. A player who draws from an empty library loses the game.
"""
NEW = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.1a A two-player game starts with two players.

100.1b A multiplayer game starts with three or more players seated in a circle.

100.2. Each player shuffles before the game begins and may mulligan once per game.

100.3. Each player brings a deck of sixty cards.

100.4. Each player starts with twenty life.

100.5. A player who draws from an empty library loses the game at once, and nothing else happens.
"""


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    """The result cache of the CLI runs in the test's folder, never the user's."""
    monkeypatch.setenv("MTGCR_CITE_CACHE", str(tmp_path / "cite-cache.sqlite"))


@pytest.fixture
def store(tmp_path):
    return ingested_store(
        tmp_path,
        {
            "old.txt": cr_text(OLD, date="These rules are effective as of March 3, 2031."),
            "new.txt": cr_text(NEW, date="These rules are effective as of May 5, 2032."),
        },
    )


def run_jsonl(capsys, store, *args):
    code = main(
        ["--silent", "--store", str(store), "cite-check", *map(str, args), "--format", "jsonl"]
    )
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    return code, [x for x in lines if x["kind"] == "citation"], lines[-1]


def by_text(records):
    return {r["text"]: r for r in records}


def test_verdicts_against_the_newest_release(store, tmp_path, capsys):
    tree = write_tree(
        tmp_path / "engine",
        {
            "src/Game.java": (
                "class Game {\n"
                "  //20310401 - 100.2\n"  # moved: the deck rule is 100.3 in 2032
                "  //20310401 - 100.4\n"  # moved to 100.5 (its text changed too)
                "  // CR 100.1a: two players\n"  # current
                "  // CR 100.9\n"  # absent
                "  // CR 100.x\n"  # placeholder
                "  // CR 100.1l\n"  # malformed
                "  /**\n   * 100.3 Each player brings a deck of sixty cards.\n   */\n"  # pasted, right
                "}\n"
            )
        },
    )
    code, recs, summary = run_jsonl(capsys, store, tree)
    r = by_text(recs)
    assert code == 1 and summary["controls_ok"] and summary["citations"] == 7
    assert r["20310401 - 100.2"]["verdict"] == "moved"
    assert r["20310401 - 100.2"]["checks"][0]["now"] == ["100.3"]
    assert (
        r["20310401 - 100.2"]["release"] == "2031-03-03"
        and r["20310401 - 100.2"]["as_of"] == "stamp"
    )
    assert r["20310401 - 100.4"]["verdict"] == "moved" and r["20310401 - 100.4"]["checks"][0][
        "now"
    ] == ["100.5"]
    assert r["CR 100.1a"]["verdict"] == "current"
    assert r["CR 100.9"]["verdict"] == "absent"
    assert r["CR 100.x"]["verdict"] == "placeholder"
    assert r["CR 100.1l"]["verdict"] == "malformed"
    assert r["100.3"]["verdict"] == "current" and r["100.3"]["syntax"] == "pasted-rule"


def test_pasted_text_of_an_older_release_is_read_there_and_moves(store, tmp_path, capsys):
    # 100.2's text of 2031 beside its number: written against 2031, the rule is 100.3 now
    tree = write_tree(
        tmp_path / "e", {"A.java": "/**\n * 100.2 Each player brings a deck of sixty cards.\n */\n"}
    )
    code, [r], _ = run_jsonl(capsys, store, tree)
    chk = r["checks"][0]
    assert (r["verdict"], r["as_of"], r["release"], chk["now"]) == (
        "moved",
        "text",
        "2031-03-03",
        ["100.3"],
    )
    assert r["certain"] and r["suggestion"] == "100.3" and code == 1
    assert [e["kind"] for e in chk["evidence"]] == ["quote"]


def test_pasted_text_of_another_rule_is_a_mismatch_with_that_rule_as_suggestion(
    store, tmp_path, capsys
):
    # 100.4 never read so: the text is the deck rule (100.2 of 2031, 100.3 of 2032)
    tree = write_tree(
        tmp_path / "e", {"A.java": "/**\n * 100.4 Each player brings a deck of sixty cards.\n */\n"}
    )
    code, [r], _ = run_jsonl(capsys, store, tree)
    chk = r["checks"][0]
    assert (r["verdict"], chk["match"], chk["now"], r["suggestion"], r["certain"]) == (
        "mismatch",
        "100.3",
        ["100.3"],
        "100.3",
        True,
    )
    assert code == 1


def test_changed_gives_a_word_diff(store, tmp_path, capsys):
    tree = write_tree(tmp_path / "e", {"A.java": "// CR 100.4\n"})
    code, [r], _ = run_jsonl(capsys, store, tree, "--release", "2032-05-05")
    assert r["verdict"] == "current"  # read against the target itself
    tree2 = write_tree(tmp_path / "f", {"B.java": "//20310303 - 100.4\n"})
    code, [r], _ = run_jsonl(capsys, store, tree2)
    assert r["verdict"] == "moved" and r["checks"][0]["now"] == ["100.5"]
    tree3 = write_tree(tmp_path / "g", {"C.java": "//20310303 - 100.1\n"})
    code, [r], _ = run_jsonl(capsys, store, tree3)
    assert r["verdict"] == "current" and code == 0
    tree4 = write_tree(tmp_path / "h", {"D.java": "//20310303 - 100.1b\n"})
    code, [r], _ = run_jsonl(capsys, store, tree4)
    assert r["verdict"] == "changed" and code == 0  # same rule, new wording: not stale
    assert (
        r["checks"][0]["diff"]
        == "A multiplayer game starts with three or more players[-.-]{+ seated in a circle.+}"
        or "{+" in r["checks"][0]["diff"]
        and "seated in a circle" in r["checks"][0]["diff"]
    )


def test_removed_rule_is_gone(tmp_path, capsys):
    removed = NEW.replace(
        "100.1b A multiplayer game starts with three or more players seated in a circle.\n\n", ""
    )
    store = ingested_store(
        tmp_path,
        {
            "old.txt": cr_text(OLD, date="These rules are effective as of March 3, 2031."),
            "new.txt": cr_text(removed, date="These rules are effective as of May 5, 2032."),
        },
    )
    tree = write_tree(tmp_path / "e", {"A.java": "//20310303 - 100.1b\n"})
    code, [r], _ = run_jsonl(capsys, store, tree)
    chk = r["checks"][0]
    assert r["verdict"] == "gone" and code == 1 and "removed in 2032-05-05" in chk["note"]
    assert chk["now"] == [] and chk["match"] is None  # nothing took its words over


def test_exit_2_when_no_citation(store, tmp_path, capsys):
    tree = write_tree(tmp_path / "e", {"A.java": "class A { int x = 100; }\n"})
    code, recs, summary = run_jsonl(capsys, store, tree)
    assert code == 2 and recs == [] and summary["exit_status"] == 2


def test_gitignore_is_honoured(store, tmp_path, capsys):
    tree = write_tree(
        tmp_path / "e",
        {
            ".gitignore": "build/\n*.gen.java\n",
            "A.java": "// CR 100.1a\n",
            "build/B.java": "// CR 100.9\n",
            "x/C.gen.java": "// CR 100.9\n",
            "cards/c.txt": "CR 100.9\n",
        },
    )
    code, recs, summary = run_jsonl(capsys, store, tree)
    assert [r["file"].rsplit("/", 1)[-1] for r in recs] == ["A.java"] and code == 0
    assert summary["ignored_files"] == 1 and summary["other_files"] >= 1


def _git(cwd, *args):
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_migrate_patch_applies_with_git_and_does_not_cascade(store, tmp_path, capsys, monkeypatch):
    repo = write_tree(
        tmp_path / "repo",
        {
            "src/A.java": (
                "// CR 100.2 and CR 100.3\n"  # 100.2 → 100.3 and 100.3 → 100.4, not 100.4 twice
                "//20310303 - 100.2\n"  # stamp updated with the rewrite
                "// https://yawgatog.com/resources/magic-rules/#R1003\n"
                "class A { void rule100_2() {} void g() { rule100_2(); } }\n"
                "// CR 100.9"
            ),  # no newline at the end; absent: listed
        },
    )
    assert _git(repo, "init", "-q").returncode == 0
    monkeypatch.chdir(repo)
    code = main(
        [
            "--silent",
            "--store",
            str(store),
            "cite-migrate",
            "src",
            "--from",
            "2031-03-03",
            "--to",
            "2032-05-05",
        ]
    )
    out = capsys.readouterr()
    assert code == 1 and "CR 100.9" in out.err and "rule100_2" in out.err
    (tmp_path / "p.diff").write_text(out.out, encoding="utf-8")
    check = _git(repo, "apply", "--check", str(tmp_path / "p.diff"))
    assert check.returncode == 0, check.stderr
    assert _git(repo, "apply", str(tmp_path / "p.diff")).returncode == 0
    text = (repo / "src" / "A.java").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "// CR 100.3 and CR 100.4"
    assert text.splitlines()[1] == "//20320505 - 100.3"
    assert "#R1004" in text and "rule100_2()" in text and text.endswith("// CR 100.9")
    # --write --rename-identifiers on a fresh copy: the identifier and its uses follow
    fresh = tmp_path / "fresh"
    shutil.copytree(repo, fresh, ignore=shutil.ignore_patterns(".git"))
    _git(repo, "checkout", "-q", "--", ".")
    (fresh / "src" / "A.java").write_text(
        (repo / "src" / "A.java").read_text(encoding="utf-8"), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    write_tree(
        fresh,
        {
            "src/A.java": "// CR 100.2 and CR 100.3\n"
            "class A { void rule100_2() {} void g() { rule100_2(); } }\n"
        },
    )
    args = ["--silent", "--store", str(store), "cite-migrate", str(fresh / "src")]
    args += ["--from", "2031-03-03", "--to", "2032-05-05", "--write", "--rename-identifiers"]
    assert main(args) == 1  # the identifier is listed (and renamed)
    capsys.readouterr()
    text = (fresh / "src" / "A.java").read_text(encoding="utf-8")
    assert "void rule100_3() {}" in text and "{ rule100_3(); }" in text
    assert text.splitlines()[0] == "// CR 100.3 and CR 100.4"
    # the same run again: the journal says the file is migrated: nothing moves twice (what
    # the first run left for a human is listed again)
    assert main(args[:-1]) == 1
    assert (fresh / "src" / "A.java").read_text(encoding="utf-8") == text
    assert "already migrated" not in capsys.readouterr().err  # --silent


def test_pin_names_the_release_checked_against(store, tmp_path, capsys):
    pin = tmp_path / "MagicCompRules.txt"
    pin.write_text(
        cr_text(OLD, date="These rules are effective as of March 3, 2031."), encoding="utf-8"
    )
    tree = write_tree(tmp_path / "e", {"A.java": "// CR 100.2: decks\n// CR 100.5\n"})
    code, recs, summary = run_jsonl(capsys, store, tree, "--pin", pin)
    r = by_text(recs)
    assert summary["target"] == "2031-03-03" and "pinned copy" in summary["target_from"]
    assert r["CR 100.2"]["verdict"] == "current"
    assert r["CR 100.5"]["verdict"] == "absent"  # only in 2032, after the pinned release
    bad = tmp_path / "nothing.txt"
    bad.write_text("no rules here\n", encoding="utf-8")
    assert (
        main(["--silent", "--store", str(store), "cite-check", str(tree), "--pin", str(bad)]) == 2
    )
    assert "--pin" in capsys.readouterr().err


def test_help_and_text_output(store, tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["cite-migrate", "--help"])
    assert "Example: mtgcr cite-migrate" in " ".join(capsys.readouterr().out.split())
    tree = write_tree(tmp_path / "e", {"A.java": "//20310303 - 100.2\n// CR 100.1a\n"})
    code = main(["--silent", "--store", str(store), "cite-check", str(tree)])
    out = capsys.readouterr().out
    assert code == 1 and "moved" in out and "100.3" in out and "controls: 5/5 ok" in out
    assert "1 current citations not listed" in out


def test_wiki_pages_keep_their_own_run(store, tmp_path, capsys):
    page = tmp_path / "page.txt"
    page.write_text("just text\n", encoding="utf-8")
    # not a source file: the wiki path answers as before (no wiki page given → exit 2)
    assert main(["--silent", "--store", str(store), "cite-check", str(page)]) == 2
    assert "no wiki pages" in capsys.readouterr().err
    assert (
        main(
            ["--silent", "--store", str(store), "cite-check", str(page), "--release", "2032-05-05"]
        )
        == 2
    )
    assert "--release and --pin are for source trees" in capsys.readouterr().err


def test_migration_keeps_the_syntax(store, tmp_path, capsys, monkeypatch):
    tree = write_tree(
        tmp_path / "e",
        {
            "A.java": (
                "/** {@mtg.rule 100.2-100.4} */\n"
                "// [CR#100.2..100.3] and https://yawgatog.com/resources/magic-rules/#R1002\n"
                "//20310303 - 100.2, 100.3\n"
            )
        },
    )
    monkeypatch.chdir(tree)
    code = main(
        [
            "--silent",
            "--store",
            str(store),
            "cite-migrate",
            ".",
            "--from",
            "2031-03-03",
            "--to",
            "2032-05-05",
        ]
    )
    added = [
        x[1:]
        for x in capsys.readouterr().out.splitlines()
        if x.startswith("+") and not x.startswith("+++")
    ]
    assert added == [
        "/** {@mtg.rule 100.3-100.5} */",
        "// [CR#100.3..100.4] and https://yawgatog.com/resources/magic-rules/#R1003",
        "//20320505 - 100.3, 100.4",
    ]
    assert code == 0
    # the stamped citation, checked: its suggestion carries the target's date
    _, recs, _ = run_jsonl(capsys, store, tree)
    assert by_text(recs)["20310303 - 100.2, 100.3"]["suggestion"] == "20320505 - 100.3, 100.4"


def test_pin_with_a_wrong_date_is_identified_by_its_text(store, tmp_path, capsys):
    pin = tmp_path / "cr.txt"  # the 2031 text under a date no stored release has
    pin.write_text(
        cr_text(OLD, date="These rules are effective as of June 6, 2031."), encoding="utf-8"
    )
    tree = write_tree(tmp_path / "e", {"A.java": "// CR 100.2\n"})
    code, _, summary = run_jsonl(capsys, store, tree, "--pin", pin)
    assert (
        summary["target"] == "2031-03-03" and "by its text" in summary["target_from"] and code == 0
    )


def test_walk_honours_nested_gitignore_and_negation(tmp_path):
    from mtgcr.extract.citations.tree import TreeScan, walk_sources

    write_tree(
        tmp_path,
        {
            ".gitignore": "*.gen.java\ngenerated/\n",
            "a/.gitignore": "!keep.gen.java\n",
            "a/keep.gen.java": "",
            "a/drop.gen.java": "",
            "a/A.java": "",
            "generated/G.java": "",
            ".git/x.java": "",
            "docs/r.md": "",
            "c.txt": "",
        },
    )
    scan = TreeScan()
    found = sorted(f.path.relative_to(tmp_path).as_posix() for f in walk_sources([tmp_path], scan))
    assert found == ["a/A.java", "a/keep.gen.java", "docs/r.md"]
    assert scan.ignored == 1 and scan.other == 3  # drop.gen.java; c.txt and the two .gitignore
