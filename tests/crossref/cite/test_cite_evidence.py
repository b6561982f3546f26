"""What the words beside a number, its stamp and the file's journal say, through cite-check on
the four test releases (tests/cite_releases.py); the SARIF export validated by its consumer's
schema; the result cache."""

from __future__ import annotations

import json

import pytest

from cite_releases import DATES, R1, R3, R4, cr_file
from helpers import SHARED, ingested_store, need, write_tree
from mtgcr.cli.main import main

POISON_R1 = (
    "Poisonous is a triggered ability. Poisonous N means that whenever this creature deals "
    "combat damage to a player, that player gets N poison counters."
)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("releases")
    return ingested_store(folder, {f"cr-{r}.txt": cr_file(r) for r in DATES})


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGCR_CITE_CACHE", str(tmp_path / "cite-cache.sqlite"))


def check(capsys, store, tree, *opts) -> tuple[int, dict, dict]:
    code = main(
        ["--silent", "--store", str(store), "cite-check", str(tree), "--format", "jsonl"]
        + [str(o) for o in opts]
    )
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    return code, {r["text"]: r for r in lines if r["kind"] == "citation"}, lines[-1]


def test_a_title_confirms_its_number_or_names_the_rule_meant(store, tmp_path, capsys):
    tree = write_tree(
        tmp_path / "e",
        {
            "A.java": (
                "// 702.3. Poisonous\n"  # Poisonous was 702.3 in R1 only: written then
                "// CR 702.4: Poisonous\n"  # 702.4 is Poisonous in R2 and R4: current
                "// 702.6. Gravestorm\n"  # Gravestorm was never 702.6: the title says 702.4/702.3
                "// CR 702.1: Deathtouch\n"
            )
        },
    )
    code, r, _ = check(capsys, store, tree)
    a = r["702.3"]
    assert (a["verdict"], a["as_of"], a["release"], a["suggestion"], a["certain"]) == (
        "moved",
        "text",
        R1,
        "702.4",
        True,
    )
    assert a["title"] == "Poisonous" and a["checks"][0]["evidence"][0]["kind"] == "title"
    b = r["CR 702.4"]
    assert (b["verdict"], b["as_of"], b["release"]) == ("current", "text", R4)
    c = r["702.6"]
    assert (c["verdict"], c["checks"][0]["match"], c["suggestion"], c["certain"]) == (
        "mismatch",
        "702.3",
        "702.3",
        True,
    )
    assert r["CR 702.1"]["verdict"] == "current" and code == 1


def test_a_quote_dates_its_number_and_a_stamp_it_contradicts_is_left_to_a_human(
    store, tmp_path, capsys
):
    tree = write_tree(
        tmp_path / "e",
        {
            "A.java": f"/**\n * 702.3a {POISON_R1}\n */\n",
            # the stamp says R3 (702.3a: Flying's evasion rule); the text is R1's Poisonous
            "B.java": f"//20320505 - 702.3a: {POISON_R1}\n",
        },
    )
    _, r, _ = check(capsys, store, tree)
    a = r["702.3a"]
    assert (a["verdict"], a["as_of"], a["release"], a["suggestion"], a["certain"]) == (
        "moved",
        "text",
        R1,
        "702.4a",
        True,
    )
    b = r["20320505 - 702.3a"]
    assert b["verdict"] == "mismatch" and not b["certain"]
    assert b["checks"][0]["now"] == ["702.4a"] and "stamp" in b["checks"][0]["note"]


def test_a_reference_inside_pasted_rule_text_is_read_in_the_quote_s_release(
    store, tmp_path, capsys
):
    # R1's Poisonous text with a reference in it: the reference is the CR's own, of R1
    text = POISON_R1.replace("counters.", "counters (see rule 704.5c).")
    tree = write_tree(tmp_path / "e", {"A.java": f"/**\n * 702.3a {text}\n */\n"})
    _, r, _ = check(capsys, store, tree)
    inner = r["see rule 704.5c"]
    assert (inner["as_of"], inner["release"], inner["verdict"]) == ("quoted", R1, "moved")
    assert inner["checks"][0]["now"] == ["704.5d"] and not inner["certain"]
    assert "update the quote by hand" in inner["reason"]


def test_a_pasted_quote_ends_where_the_rule_text_ends(store, tmp_path, capsys):
    # the engine's own words after the pasted text cite a rule of their own: not the quote's
    tree = write_tree(
        tmp_path / "e",
        {
            "A.java": f"// 702.3a {POISON_R1.replace('that player', chr(10) + '// that player')}"
            " Counted by the\n// poison check (CR 704.5c) in the state code.\n"
        },
    )
    _, r, _ = check(capsys, store, tree)
    assert r["702.3a"]["release"] == R1
    own = r["CR 704.5c"]
    assert own["as_of"] != "quoted" and own["release"] == R4


def test_the_same_citation_again_on_its_line_is_read_as_the_first(store, tmp_path, capsys):
    # a table row: the rule with its R1 text pasted, then the code comment citing it again
    tree = write_tree(
        tmp_path / "e",
        {"A.md": f"| poisonous | CR 702.3a: {POISON_R1} | `// CR 702.3a: poison counters` |\n"},
    )
    main(["--silent", "--store", str(store), "cite-check", str(tree), "--format", "jsonl"])
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    cites = [r for r in rows if r["kind"] == "citation"]
    assert [(r["release"], r["verdict"], r["suggestion"]) for r in cites] == [
        (R1, "moved", "CR 702.4a")
    ] * 2
    assert "same citation at column" in cites[1]["note"]


def test_a_short_quote_of_a_sibling_that_fits_a_far_rule_too_is_no_certain_answer():
    # 702.9a cited with the first sentence of 702.9b, which is word for word the far 702.17b:
    # the sibling is in the running, so the quote decides nothing alone
    from mtgcr.crossref.cite.evidence import text_evidence
    from mtgcr.crossref.cite.rule_index import RuleIndex
    from mtgcr.extract.rulenum import RuleNumber

    block = "A creature with flying can't be blocked except by creatures with flying and/or reach."
    texts = [
        "Flying is an evasion ability.",
        block
        + " A creature with flying can block a creature with or without flying. (See rule 509,"
        ' "Declare Blockers Step," and rule 702.17, "Reach.")',
        block,
    ]
    n = RuleNumber.parse
    index = RuleIndex(
        texts, {n("702.9a"): {0: 0}, n("702.9b"): {0: 1}, n("702.17b"): {0: 2}}, {}, 1
    )
    ev = text_evidence(index, n("702.9a"), None, block)
    assert {m for m, *_ in ev.others} == {n("702.9b"), n("702.17b")}


def test_placeholders_weak_numbers_and_the_default(store, tmp_path, capsys):
    tree = write_tree(
        tmp_path / "e",
        {
            "A.java": (
                "// CR 702.1 + CR 704.5x\n"  # no release has 704.5x: a placeholder in a list
                "// timeout of 123.45 seconds\n"  # rule-shaped, in no release: not a citation
                "// CR 722.1\n"  # no evidence
            )
        },
    )
    code, r, summary = check(capsys, store, tree)
    a = r["CR 702.1 + CR 704.5x"]
    assert [c["verdict"] for c in a["checks"]] == ["current", "placeholder"]
    assert summary["ignored_numbers"] == 1 and summary["citations"] == 2
    assert r["CR 722.1"]["as_of"] == "assumed" and r["CR 722.1"]["verdict"] == "current"
    assert code == 0
    _, r, _ = check(capsys, store, tree, "--from", R1)
    c = r["CR 722.1"]
    assert (c["as_of"], c["release"], c["verdict"], c["suggestion"]) == (
        "default",
        R1,
        "moved",
        "CR 723.1",
    )


def test_sarif_is_valid_and_annotates_the_stale_lines(store, tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(
        need(SHARED / "schemas" / "sarif" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
    )
    tree = write_tree(
        tmp_path / "e",
        {"src/A.java": "class A {\n    // 702.3. Poisonous\n    // CR 702.1: Deathtouch\n}\n"},
    )
    code = main(["--silent", "--store", str(store), "cite-check", str(tree), "--format", "sarif"])
    log = json.loads(capsys.readouterr().out)
    jsonschema.validate(log, schema)
    [res] = log["runs"][0]["results"]  # only the stale citation
    loc = res["locations"][0]["physicalLocation"]
    assert res["ruleId"] == "cr-citation/moved" and res["level"] == "error" and code == 1
    assert loc["artifactLocation"]["uri"].endswith("src/A.java")
    assert loc["region"] == {
        "startLine": 2,
        "startColumn": 8,
        "endLine": 2,
        "endColumn": 13,  # the column after the region (SARIF 3.30.6)
        "snippet": {"text": "702.3"},
    }
    fix = res["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert fix["insertedContent"] == {"text": "702.4"}
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
    # a planted fault fails the schema
    bad = json.loads(json.dumps(log))
    bad["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


def test_an_unchanged_file_costs_nothing_the_second_time(store, tmp_path, capsys):
    tree = write_tree(
        tmp_path / "e", {"A.java": "// 702.3. Poisonous\n", "B.java": "// CR 702.1\n"}
    )
    cache = tmp_path / "c.sqlite"
    _, first, s1 = check(capsys, store, tree, "--cache", cache)
    _, again, s2 = check(capsys, store, tree, "--cache", cache)
    assert (s1["cached_files"], s2["cached_files"]) == (0, 2) and again == first
    (tree / "B.java").write_text("// CR 702.1\n// CR 702.2\n", encoding="utf-8")
    _, third, s3 = check(capsys, store, tree, "--cache", cache)
    assert s3["cached_files"] == 1 and len(third) == 3
    _, _, s4 = check(capsys, store, tree, "--no-cache")
    assert s4["cached_files"] == 0 and s4["cache"] == "off"
    # a damaged cache file is no error: the run reads every file and says so
    cache.write_bytes(b"not a database")
    code, fourth, s5 = check(capsys, store, tree, "--cache", cache)
    assert fourth == third and s5["cached_files"] == 0 and "not used" in s5["cache"]


def test_the_library_call_and_its_frame(store, tmp_path):
    import mtgcr

    tree = write_tree(tmp_path / "e", {"A.java": "// 702.3. Poisonous\n// CR 722.1\n"})
    check_ = mtgcr.open(store).cite_check_source(tree, git=False)
    files = list(check_)  # one result per file as it is done
    assert [len(f.citations) for f in files] == [2]
    frame = check_.to_frame()
    assert list(frame["verdict"]) == ["moved", "current"]
    assert check_.summary()["stale"] == 1 and check_.exit_status() == 1
    assert list(frame["as_of"]) == ["text", "assumed"] and R3 not in list(frame["release"])
