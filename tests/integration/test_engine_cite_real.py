"""cite-check / cite-migrate on the real corpus: the truths the issue lists (every official EN
release and the normalised copies, 2026-04-17 among them, ingested into a temporary store).
The engine files are written here; the one pasted rule text is read from the store."""

from __future__ import annotations

import json

import pytest

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import Chain
from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.cli.main import main

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("engine_cite_real")]

NORMALIZED = CORPUS / "en" / "normalized"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    need(OFFICIAL)
    need(NORMALIZED / "20260417_En.txt")
    path = tmp_path_factory.mktemp("engine_cite") / "store.sqlite"
    assert main(["--silent", "--store", str(path), "ingest", str(OFFICIAL), str(NORMALIZED)]) == 0
    return path


def check(capsys, store, tree, *opts):
    code = main(
        ["--silent", "--store", str(store), "cite-check", str(tree), "--format", "jsonl", *opts]
    )
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    return code, {r["text"]: r for r in lines if r["kind"] == "citation"}, lines[-1]


def test_stamped_citations_move_as_the_corpus_says(store, tmp_path, capsys):
    src = tmp_path / "xmage" / "Rules.java"
    src.parent.mkdir()
    src.write_text(
        "class Rules {\n"
        "  //201300713 - 704.5k\n"
        "  //20210215 - 702.84a\n"
        "  //20100423 - 113.3\n"
        "  //20091005 - 114.2a\n"
        "  // 20240202 - 702.134c\n"
        "  // 20210723 - 702.2c\n"
        "}\n",
        encoding="utf-8",
    )
    code, r, summary = check(capsys, store, src.parent, "--release", "2026-01-16")
    assert summary["controls_ok"] and summary["target"] == "2026-01-16" and code == 1
    legend = r["201300713 - 704.5k"]
    assert legend["release"] == "2013-07-13" and legend["stamp"]["flag"]  # file 2013-07-11
    assert legend["checks"][0]["now"] == ["704.5j"] and legend["verdict"] == "moved"
    assert r["20210215 - 702.84a"]["checks"][0]["now"] == ["702.85a"]
    assert r["20100423 - 113.3"]["checks"][0]["now"] == ["115.3"]
    assert r["20091005 - 114.2a"]["release"] == "2009-10-01"
    assert r["20091005 - 114.2a"]["checks"][0]["now"] == ["116.2a"]
    # by effective date, not file label: 20240202 is the file labelled 2024-02-06
    assert r["20240202 - 702.134c"]["release"] == "2024-02-02"
    assert r["20210723 - 702.2c"]["release"] == "2021-07-23"  # the file labelled 2021-07-12
    st = Store(store)
    labels = {r.effective_date: r.label for r in st.releases("en")}
    st.close()
    assert labels["2024-02-02"] == "20240206" and labels["2021-07-23"] == "20210712"


def test_absent_and_current_depend_on_the_release(store, tmp_path, capsys):
    src = tmp_path / "phase" / "sba.rs"
    src.parent.mkdir()
    src.write_text("// CR 605.1c: mana abilities\n/// CR 702.190a\nfn f() {}\n", encoding="utf-8")
    _, r, _ = check(capsys, store, src.parent, "--release", "2026-04-17")
    assert r["CR 605.1c"]["verdict"] == "absent" and r["CR 702.190a"]["verdict"] == "current"
    _, r, _ = check(capsys, store, src.parent, "--release", "2026-01-16")
    assert r["CR 702.190a"]["verdict"] == "absent"


def test_state_based_actions_of_2017_migrate(store, tmp_path, capsys, monkeypatch):
    tree = tmp_path / "forge"
    tree.mkdir()
    (tree / "Sba.java").write_text(
        "// Rule 704.5r - counters\n// CR 704.5m: the world rule\n"
        "void f() { stateBasedAction704_5r(c); }\n",
        encoding="utf-8",
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
            "2017-01-19",
            "--to",
            "2026-01-16",
        ]
    )
    out = capsys.readouterr()
    assert "+// Rule 704.5q - counters" in out.out and "+// CR 704.5k: the world rule" in out.out
    assert "stateBasedAction704_5q" in out.err and code == 1


def test_pasted_copy_text_is_a_mismatch_now_and_moved_from_its_own_release(
    store, tmp_path, capsys, monkeypatch
):
    st = Store(store)
    chain = Chain(st)
    own = [
        k
        for k in range(len(chain))
        if R.parse("706.9e") in chain.ruleset(k).rules
        and "copy" in chain.ruleset(k).rules[R.parse("706.9e")].text.lower()
    ]
    assert own, "no release has 706.9e as a copy rule"
    k = own[-1]
    text = chain.ruleset(k).rules[R.parse("706.9e")].text
    when = chain.releases[k].effective_date.isoformat()
    st.close()
    tree = tmp_path / "engine"
    tree.mkdir()
    (tree / "Copy.java").write_text(
        f"/**\n * 706.9e {text}\n */\nclass Copy {{}}\n", encoding="utf-8"
    )
    _, r, _ = check(capsys, store, tree)
    [rec] = r.values()
    assert rec["verdict"] == "mismatch" and rec["checks"][0]["match"] == "707.9e"
    monkeypatch.chdir(tree)
    main(
        [
            "--silent",
            "--store",
            str(store),
            "cite-migrate",
            ".",
            "--from",
            when,
            "--to",
            "2026-04-17",
        ]
    )
    assert "+ * 707.9e " in capsys.readouterr().out
