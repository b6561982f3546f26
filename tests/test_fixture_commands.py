"""``mtgcr fixtures generate|check|migrate|coverage`` on two small releases written for the
tests (see fixture_helpers: R1 2031-03-03, R2 2031-06-09)."""

from __future__ import annotations

import json

import pytest

from mtgcr.crossref.anchor import text_sha256
from mtgcr.cli.main import main
from mtgcr.conformance.fixtures.tomlio import read_fixture

from fixture_helpers import R1_BODY, author, two_release_store


@pytest.fixture
def store(tmp_path):
    return two_release_store(tmp_path)


def run(store, *args):
    return main(["--silent", "--store", str(store), "fixtures", *args])


def check_json(store, folder, release, capsys):
    capsys.readouterr()
    code = run(store, "check", str(folder), "--release", release, "--format", "json")
    data = json.loads(capsys.readouterr().out)
    return code, {(f["rule"], f["variant"]): f for f in data["fixtures"]}


def test_generate_writes_exact_text_title_and_anchor(store, tmp_path, capsys):
    out = tmp_path / "suite"
    assert (
        run(store, "generate", "--release", "2031-03-03", "--section", "100", "--out", str(out))
        == 0
    )
    assert "5 rules of en 2031-03-03" in capsys.readouterr().out
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.toml"))
    assert names == [f"100/cr_100_{i}.toml" for i in range(1, 6)]
    fx = read_fixture(out / "100" / "cr_100_3.toml")
    assert fx.text == "Each player starts the game with twenty life."  # as R1 has it
    assert fx.title == "General — CR 100.3" and fx.status.value == "skeleton"
    assert fx.section == 100 and fx.data["section"] == 100  # phase's u32, not a string
    assert fx.issues == []  # strict: phase's serde reads it as written
    assert fx.meta["anchor"] == "en:2031-03-03:100.3" and fx.meta["cr_label"] == "20310303"
    assert fx.meta["text_sha256"] == text_sha256("Each player starts the game with twenty life.")
    assert fx.meta["generator"].startswith("mtgcr ")
    # R2's own heading names the section "Basics"
    assert (
        run(
            store,
            "generate",
            "--release",
            "2031-06-09",
            "--rule",
            "100.2",
            "--out",
            str(tmp_path / "s2"),
        )
        == 0
    )
    assert read_fixture(tmp_path / "s2" / "100" / "cr_100_2.toml").title == "Basics — CR 100.2"


def test_generate_never_overwrites_authored_fixtures_and_refreshes_skeletons(
    store, tmp_path, capsys
):
    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    authored = author(out / "100" / "cr_100_4.toml")
    skeleton = out / "100" / "cr_100_1.toml"
    skeleton.write_text(skeleton.read_text().replace('text = "', 'text = "OLD '), encoding="utf-8")
    capsys.readouterr()
    assert run(store, "generate", "--release", "2031-03-03", "--out", str(out)) == 0
    assert "4 exists, 1 kept" in capsys.readouterr().out
    assert "OLD" in skeleton.read_text()
    assert run(store, "generate", "--release", "2031-03-03", "--out", str(out), "--refresh") == 0
    assert "OLD" not in skeleton.read_text()
    assert (out / "100" / "cr_100_4.toml").read_text() == authored


def test_generate_errors_are_one_line(store, tmp_path, capsys):
    assert (
        run(
            store,
            "generate",
            "--release",
            "2031-03-03",
            "--rule",
            "100.9",
            "--out",
            str(tmp_path / "x"),
        )
        == 2
    )
    assert capsys.readouterr().err.strip() == "mtgcr: rule 100.9 is not in en:20310303"
    assert run(store, "generate", "--release", "1999-01-01", "--out", str(tmp_path / "x")) == 2
    assert "no en release '1999-01-01'" in capsys.readouterr().err


def test_check_verdicts_against_the_newer_release(store, tmp_path, capsys):
    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    code, res = check_json(store, out, "2031-06-09", capsys)
    assert code == 1
    got = {k[0]: (v["status"], v["new_rules"]) for k, v in res.items()}
    assert got == {
        "100.1": ("current", ["100.1"]),
        "100.2": ("moved", ["100.3"]),
        "100.3": ("edited", ["100.4"]),
        "100.4": ("moved", ["100.5"]),
        "100.5": ("removed", []),
    }
    assert res[("100.4", None)]["citations_only"] is True
    assert res[("100.3", None)]["diff"] == [
        ["equal", "Each player starts the game with twenty"],
        ["insert", "-five"],
        ["equal", " life."],
    ]
    assert res[("100.5", None)]["anchor"] == "en:2031-03-03:100.5"
    assert "removed in 2031-06-09" in res[("100.5", None)]["reason"]
    # the text form shows the word diff
    capsys.readouterr()
    run(store, "check", str(out), "--release", "2031-06-09")
    text = capsys.readouterr().out
    assert "cr_100_3.toml 100.3: edited → 100.4" in text
    assert "twenty{+-five+} life" in text
    assert "5 fixtures against 2031-06-09: 1 current, 2 moved, 1 edited, 1 removed" in text
    # against its own release everything is current
    assert check_json(store, out, "2031-03-03", capsys)[0] == 0


def test_check_not_in_release_unanchored_and_a_paraphrase(store, tmp_path, capsys):
    out = tmp_path / "suite"
    run(
        store,
        "generate",
        "--release",
        "2031-06-09",
        "--rule",
        "100.2",
        "--rule",
        "100.4",
        "--out",
        str(out),
    )
    loose = out / "100" / "cr_100_3_loose.toml"
    loose.write_text(
        'rule = "100.3"\nstatus = "deferred"\n'
        'text = "Every player brings a deck of forty or more cards."\n'
    )
    para = out / "100" / "cr_100_4.toml"
    para.write_text(para.read_text().replace("twenty-five life", "25 life"), encoding="utf-8")
    code, res = check_json(store, out, "2031-03-03", capsys)
    assert code == 1
    assert res[("100.2", None)]["status"] == "not-in-release"
    assert res[("100.2", None)]["new_rules"] == []
    # unanchored: the best candidate by text is named (R1 numbers that text 100.2)
    assert res[("100.3", "loose")]["status"] == "unanchored"
    assert res[("100.3", "loose")]["new_rules"] == ["100.2"]
    # a paraphrased text is an edit even where the anchored text is unchanged
    code, res = check_json(store, out, "2031-06-09", capsys)
    assert res[("100.4", None)]["status"] == "edited"
    assert res[("100.2", None)]["status"] == "current"


def test_check_exit_2_on_errors_or_no_fixture(store, tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run(store, "check", str(empty), "--release", "2031-03-03") == 2
    assert "no fixture (cr_*.toml) under" in capsys.readouterr().err
    (empty / "cr_100_1.toml").write_text('rule = "100.1"\n[meta]\nanchor = "en:2020-01-01:100.1"\n')
    assert run(store, "check", str(empty), "--release", "2031-03-03") == 2
    assert "no stored en release is effective 2020-01-01" in capsys.readouterr().err
    (empty / "cr_100_1.toml").write_text('rule = "100.1"\n[meta]\nanchor = "en:2031-03-03:100.9"\n')
    assert run(store, "check", str(empty), "--release", "2031-03-03") == 2
    assert "anchor en:2031-03-03:100.9: en 2031-03-03 has no rule 100.9" in capsys.readouterr().err
    assert run(store, "check", str(tmp_path / "nope"), "--release", "2031-03-03") == 2
    assert "nope" in capsys.readouterr().err


def test_migrate_dry_run_then_write_keeps_setup_steps_assertions(store, tmp_path, capsys):
    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    authored = author(out / "100" / "cr_100_2.toml")
    before = {p: p.read_bytes() for p in out.rglob("*.toml")}
    capsys.readouterr()
    assert run(store, "migrate", str(out), "--to", "2031-06-09") == 1  # edited, removed listed
    cap = capsys.readouterr()
    assert {p: p.read_bytes() for p in out.rglob("*.toml")} == before  # dry run: nothing written
    assert (
        "100/cr_100_3.toml 100.3: edited to 100.4, but 100/cr_100_4.toml exists; not renamed "
        "(its text edit also waits for --accept-edits)" in cap.err
    )
    assert "cr_100_5.toml 100.5: removed" in cap.err
    # 100.3 (edited) is not accepted and stays, so 100.2 cannot take its name
    assert "100/cr_100_2.toml 100.2: moved to 100.3, but 100/cr_100_3.toml exists" in cap.err
    assert "rename from" not in cap.out
    # with --accept-edits the chain still waits on cr_100_5.toml (its rule was removed)
    assert run(store, "migrate", str(out), "--to", "2031-06-09", "--accept-edits") == 1
    cap = capsys.readouterr()
    assert "100/cr_100_4.toml 100.4: moved to 100.5, but 100/cr_100_5.toml exists" in cap.err
    assert {p: p.read_bytes() for p in out.rglob("*.toml")} == before
    # a human retires the removed rule's fixture; then every rename goes through
    (out / "100" / "cr_100_5.toml").unlink()
    assert run(store, "migrate", str(out), "--to", "2031-06-09", "--accept-edits") == 0
    cap = capsys.readouterr()
    assert "rename from 100/cr_100_2.toml\nrename to 100/cr_100_3.toml\n" in cap.out
    assert '-rule = "100.2"\n+rule = "100.3"\n' in cap.out
    assert '+previous_rules = "en:2031-03-03:100.2"\n' in cap.out
    assert run(store, "migrate", str(out), "--to", "2031-06-09", "--accept-edits", "--write") == 0
    assert "4 fixtures written (3 renamed)" in capsys.readouterr().out
    names = sorted(p.name for p in (out / "100").glob("*.toml"))
    assert names == ["cr_100_1.toml", "cr_100_3.toml", "cr_100_4.toml", "cr_100_5.toml"]
    moved = read_fixture(out / "100" / "cr_100_3.toml")
    assert moved.meta["previous_rules"] == "en:2031-03-03:100.2"
    assert moved.meta["anchor"] == "en:2031-06-09:100.3" and moved.title == "Basics — CR 100.3"
    assert moved.meta["ticket"] == "ENG-42" and moved.data["reviewer"] == "ana"
    tail = authored[authored.index("[setup]") : authored.index("[meta]")]
    assert tail in (out / "100" / "cr_100_3.toml").read_text()  # byte for byte
    edited = read_fixture(out / "100" / "cr_100_4.toml")
    assert edited.text == "Each player starts the game with twenty-five life."
    code, res = check_json(store, out, "2031-06-09", capsys)
    assert code == 0 and len(res) == 4


def test_migrate_write_renames_pure_renumbers_while_an_edit_waits(store, tmp_path, capsys):
    """Issue 27: --write renames the pure renumbers even when another fixture in the folder needs
    --accept-edits; the edited one is renumbered too (so it frees its old name) and stays listed,
    its text and anchor untouched until the edit is accepted."""
    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    (out / "100" / "cr_100_5.toml").unlink()  # the removed rule's fixture, retired by a human
    edited_before = (out / "100" / "cr_100_3.toml").read_text()
    capsys.readouterr()
    assert run(store, "migrate", str(out), "--to", "2031-06-09", "--write") == 1
    cap = capsys.readouterr()
    assert "4 fixtures written (3 renamed)" in cap.out  # 100.1: re-anchored
    assert (
        "cr_100_3.toml 100.3: edited → 100.4 (pass --accept-edits to take the new text); renumbered"
        in cap.err
    )
    names = sorted(p.name for p in (out / "100").glob("*.toml"))
    assert names == ["cr_100_1.toml", "cr_100_3.toml", "cr_100_4.toml", "cr_100_5.toml"]
    renumbered = read_fixture(out / "100" / "cr_100_4.toml")
    assert str(renumbered.rule) == "100.4"
    assert renumbered.title == "Basics — CR 100.4" and renumbered.section == 100
    assert renumbered.text == "Each player starts the game with twenty life."  # not taken
    assert renumbered.meta["anchor"] == "en:2031-03-03:100.3"  # still anchored to its text
    assert (
        edited_before.replace('rule = "100.3"', 'rule = "100.4"').replace(
            "General — CR 100.3", "Basics — CR 100.4"
        )
        == (out / "100" / "cr_100_4.toml").read_text()
    )  # only those two lines changed
    code, res = check_json(store, out, "2031-06-09", capsys)
    assert code == 1
    assert {k[0]: v["status"] for k, v in res.items()} == {
        "100.1": "current",
        "100.3": "current",
        "100.4": "edited",
        "100.5": "current",
    }
    assert run(store, "migrate", str(out), "--to", "2031-06-09", "--write", "--accept-edits") == 0
    assert read_fixture(out / "100" / "cr_100_4.toml").text.endswith("twenty-five life.")
    assert check_json(store, out, "2031-06-09", capsys)[0] == 0


def test_migrate_moves_a_chain_of_renames(store, tmp_path, capsys):
    out = tmp_path / "suite"
    run(
        store,
        "generate",
        "--release",
        "2031-03-03",
        "--rule",
        "100.2",
        "--rule",
        "100.4",
        "--out",
        str(out),
    )
    authored = out / "100" / "cr_100_2_big.toml"
    (out / "100" / "cr_100_2.toml").rename(authored)
    assert run(store, "migrate", str(out), "--to", "2031-06-09", "--write") == 0
    assert sorted(p.name for p in (out / "100").glob("*.toml")) == [
        "cr_100_3_big.toml",
        "cr_100_5.toml",
    ]
    fx = read_fixture(out / "100" / "cr_100_5.toml")
    assert fx.text == "A player with no life left loses the game. See rule 100.4."  # cited number
    assert check_json(store, out, "2031-06-09", capsys)[0] == 0


def test_coverage_counts_and_results_file(store, tmp_path, capsys):
    out = tmp_path / "suite"
    run(
        store,
        "generate",
        "--release",
        "2031-06-09",
        "--rule",
        "100.1",
        "--rule",
        "100.5",
        "--out",
        str(out),
    )
    author(out / "100" / "cr_100_5.toml")
    results = tmp_path / "results.json"
    results.write_text(
        json.dumps(
            {
                "format": "mtgcr-fixture-results/1",
                "engine": "phase",
                "release": None,
                "results": [
                    {
                        "path": str(out / "100" / "cr_100_5.toml"),
                        "rule": "100.5",
                        "variant": None,
                        "outcome": "passed",
                        "message": "",
                    }
                ],
            }
        )
    )
    capsys.readouterr()
    assert (
        run(
            store,
            "coverage",
            str(out),
            "--release",
            "2031-06-09",
            "--results",
            str(results),
            "--format",
            "json",
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    [sec] = data["sections"]
    assert (
        sec["section"],
        sec["title"],
        sec["rules"],
        sec["covered"],
        sec["fixtures"],
        sec["executable"],
        sec["passing"],
    ) == ("100", "Basics", 5, 2, 2, 1, 1)
    assert sec["missing"] == ["100.2", "100.3", "100.4"]
    assert run(store, "coverage", str(out), "--release", "2031-06-09", "--format", "html") == 0
    page = capsys.readouterr().out
    assert page.startswith("<!doctype html>") and "<td>Basics</td>" in page
    results.write_text("{}")
    assert (
        run(store, "coverage", str(out), "--release", "2031-06-09", "--results", str(results)) == 2
    )
    assert "not an mtgcr results file" in capsys.readouterr().err


def test_r1_body_is_what_the_helpers_say():
    assert "100.5. A player who controls two copies" in R1_BODY


def test_split_and_merged_are_listed_never_edited(tmp_path, capsys):
    from fixture_helpers import split_merge_store

    store = split_merge_store(tmp_path)
    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    code, res = check_json(store, out, "2031-06-09", capsys)
    assert code == 1
    assert {k[0]: (v["status"], v["new_rules"]) for k, v in res.items()} == {
        "100.1": ("current", ["100.1"]),
        "100.2": ("split", ["100.2", "100.3"]),
        "100.3": ("merged", ["100.4"]),
        "100.4": ("merged", ["100.4"]),
        "100.5": ("current", ["100.5"]),
    }
    before = {
        p: p.read_bytes()
        for p in out.rglob("*.toml")
        if p.name in ("cr_100_2.toml", "cr_100_3.toml", "cr_100_4.toml")
    }
    assert run(store, "migrate", str(out), "--to", "2031-06-09", "--write", "--accept-edits") == 1
    err = capsys.readouterr().err
    assert "3 fixtures for a human" in err and "100.2: split → 100.2 + 100.3" in err
    assert {p: p.read_bytes() for p in before} == before


def test_generate_does_not_shadow_a_renumbered_authored_fixture(store, tmp_path, capsys):
    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--rule", "100.2", "--out", str(out))
    author(out / "100" / "cr_100_2.toml")
    capsys.readouterr()
    assert (
        run(store, "generate", "--release", "2031-06-09", "--section", "100", "--out", str(out))
        == 0
    )
    text = capsys.readouterr().out
    assert (
        "100.3: no skeleton; " in text
        and "cr_100_2.toml is this rule under an older number" in text
    )
    assert not (out / "100" / "cr_100_3.toml").exists()
    # R2's new 100.2 finds the authored file at its name: kept, not overwritten
    assert sorted(p.name for p in (out / "100").glob("*.toml")) == [
        "cr_100_1.toml",
        "cr_100_2.toml",
        "cr_100_4.toml",
        "cr_100_5.toml",
    ]
    assert read_fixture(out / "100" / "cr_100_2.toml").status.value == "executable"


def test_typography_is_not_an_edit_in_the_word_diff():
    from mtgcr.crossref.worddiff import word_diff
    from mtgcr.conformance.fixtures.check import fold_typography, render_word_diff

    runs = fold_typography(
        word_diff(
            'the owner\'s graveyard, the "legend rule"', "the owner’s graveyard, the “legend rule”"
        )
    )
    assert runs == [("equal", "the owner’s graveyard, the “legend rule”")]
    runs = fold_typography(word_diff("a player's hand", "that player’s hand"))
    # inside a real change the quote style travels with the words
    assert render_word_diff(runs) == "[-a player's-]{+that player’s+} hand"


PLAN = """release = "2031-03-03"

[[rule]]
rule = "100.3"
priority = "high"
assertions = ["player_life"]

[[rule]]
rule = "100.4"
priority = "low"
"""


def test_coverage_reports_statuses_and_the_plan(store, tmp_path, capsys):
    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    author(out / "100" / "cr_100_3.toml")  # executable now
    p4 = out / "100" / "cr_100_4.toml"
    p4.write_text(p4.read_text().replace('status = "skeleton"', 'status = "deferred"'))
    (tmp_path / "plan.toml").write_text(PLAN)  # beside DIR: read without --plan
    capsys.readouterr()
    assert run(store, "coverage", str(out), "--release", "2031-03-03", "--format", "json") == 0
    data = json.loads(capsys.readouterr().out)
    [sec] = data["sections"]
    assert sec["statuses"] == {"skeleton": 3, "executable": 1, "not-applicable": 0, "deferred": 1}
    assert [(r["rule"], r["priority"], r["status"]) for r in sec["plan"]] == [
        ("100.3", "high", "executable"),
        ("100.4", "low", "deferred"),
    ]
    assert data["totals"]["plan"] == {
        "high": {"executable": 1, "planned": 1},
        "low": {"executable": 0, "planned": 1},
    }
    assert run(store, "coverage", str(out), "--release", "2031-03-03", "--no-plan") == 0
    assert "plan (2031-03-03 numbers)" not in capsys.readouterr().out
    (tmp_path / "plan.toml").write_text(PLAN.replace('"low"', '"soon"'))
    assert run(store, "coverage", str(out), "--release", "2031-03-03") == 2
    err = capsys.readouterr().err
    assert "plan.toml: [[rule]] 2 (100.4): priority 'soon' is not one of high, medium" in err


def test_migrate_write_shows_progress_on_a_terminal(store, tmp_path, capsys, monkeypatch):
    """Issue 28: a long migration says how far it is (checking, then writing) on stderr when
    that is a terminal, and nothing with --silent (the other tests)."""
    import io

    from rich.console import Console

    from mtgcr.cli import engine_cite

    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    (out / "100" / "cr_100_5.toml").unlink()  # the removed rule's fixture, retired by a human
    capsys.readouterr()
    terminal = io.StringIO()  # a terminal's stderr, as rich writes to one
    monkeypatch.setattr(
        engine_cite, "err_console", Console(file=terminal, force_terminal=True, width=100)
    )
    monkeypatch.setenv("TERM", "xterm")
    code = main(
        ["--store", str(store), "fixtures", "migrate", str(out), "--to", "2031-06-09"]
        + ["--write", "--accept-edits"]
    )
    assert code == 0
    assert "4 fixtures written (3 renamed)" in capsys.readouterr().out
    shown = terminal.getvalue()
    assert "fixtures migrate" in shown and "4/4" in shown and "written" in shown


def test_apply_migrations_reports_each_file_written(store, tmp_path):
    from mtgcr.conformance.fixtures.check import FixtureChecker
    from mtgcr.conformance.fixtures.migrate import apply_migrations, plan_migrations
    from mtgcr.conformance.fixtures.tomlio import read_fixtures
    from mtgcr.corpus.store import Store

    out = tmp_path / "suite"
    run(store, "generate", "--release", "2031-03-03", "--out", str(out))
    (out / "100" / "cr_100_5.toml").unlink()
    fixtures, _ = read_fixtures(out)
    with Store(store) as st:
        checker = FixtureChecker(st, "2031-06-09")
        plan = plan_migrations([checker.check(f) for f in fixtures], accept_edits=True)
    seen: list[tuple[int, int]] = []
    n = apply_migrations(plan, lambda k, total: seen.append((k, total)))
    assert n == 4 and seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
