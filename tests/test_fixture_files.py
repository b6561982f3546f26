"""Fixture files: names, reading (errors name file and line), format-preserving rewrites."""

from __future__ import annotations

import pytest

from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.conformance.fixtures.model import (
    FixtureError,
    FixtureStatus,
    fixture_name,
    fixture_path,
    variant_of,
)
from mtgcr.conformance.fixtures.tomlio import parse_fixture, read_fixtures, rewrite

FIXTURE = """# a comment the author wrote
rule = "704.5a"
section = "704"
title = "State-Based Actions"
status = "executable"
text = "If a player has 0 or less life, that player loses the game."
notes = ""
engine_owner = "ana"   # unknown key: kept

[setup]
phase = "precombat_main"
seed = 3

[[setup.players]]
id = 1
life = 0

[[steps]]
action = "check_sbas"

[[assertions]]
kind = "game_over"
winner = 0

[meta]
anchor = "en:2031-03-03:704.5a"
text_sha256 = "00"
ticket = "ENG-7"
"""


def test_file_names_and_variants(tmp_path):
    assert fixture_name(R.parse("704.5a")) == "cr_704_5a.toml"
    assert fixture_name(R.parse("704.5a"), "two_players") == "cr_704_5a_two_players.toml"
    assert fixture_path(tmp_path, R.parse("103.4")) == tmp_path / "103" / "cr_103_4.toml"
    assert variant_of(tmp_path / "cr_704_5a_two_players.toml", R.parse("704.5a")) == "two_players"
    assert variant_of(tmp_path / "cr_704_5a.toml", R.parse("704.5a")) is None
    # 704.5 is not a prefix match of 704.5a's file
    assert variant_of(tmp_path / "cr_704_5a.toml", R.parse("704.5")) is None
    with pytest.raises(ValueError):
        fixture_name(R.parse("704.5a"), "two players")


def test_parse_reads_fields_and_provenance(tmp_path):
    """FIXTURE is a file of an older mtgcr: it is read (check and migrate work on it), and what
    phase would not read as written is listed with its line."""
    fx = parse_fixture(FIXTURE, tmp_path / "704" / "cr_704_5a_zero.toml")
    assert (str(fx.rule), fx.variant, fx.section, fx.status) == (
        "704.5a",
        "zero",
        704,
        FixtureStatus.EXECUTABLE,
    )
    assert [(i.kind.value, i.path, i.line) for i in fx.issues] == [
        ("rejected", "section", 3),  # phase's u32
        ("ignored", "engine_owner", 8),  # serde skips a key ScenarioFile has no field for
        ("runtime", "setup.phase", 11),  # phase's runner knows "PreCombatMain", not this
    ]
    assert str(fx.anchor) == "en:2031-03-03:704.5a" and fx.anchor.text_sha256 == "00"
    assert fx.data["steps"] == [{"action": "check_sbas"}]
    assert fx.test_id == "704.5a[zero]"


@pytest.mark.parametrize(
    "bad, line, words",
    [
        (FIXTURE.replace("seed = 3", "seed = = 3"), 12, "not TOML"),
        (FIXTURE.replace('rule = "704.5a"', "rule = 704"), 2, "'rule' must be a string"),
        (FIXTURE.replace('rule = "704.5a"', 'rule = "7x4"'), 2, "not a rule number"),
        (FIXTURE.replace('status = "executable"', 'status = "done"'), 5, "'status' = 'done'"),
        (FIXTURE.replace('ticket = "ENG-7"', "ticket = 7"), 28, "[meta] ticket must be a string"),
        (
            FIXTURE.replace('anchor = "en:2031-03-03:704.5a"', 'anchor = "704.5a"'),
            26,
            "not an anchor",
        ),
    ],
)
def test_errors_name_the_file_and_line(tmp_path, bad, line, words):
    with pytest.raises(FixtureError) as exc:
        parse_fixture(bad, tmp_path / "cr_704_5a.toml")
    assert exc.value.line == line
    assert str(exc.value).startswith(f"{tmp_path / 'cr_704_5a.toml'}:{line}: ")
    assert words in str(exc.value)


def test_read_fixtures_keeps_going_and_reports_every_bad_file(tmp_path):
    (tmp_path / "704").mkdir()
    (tmp_path / "704" / "cr_704_5a.toml").write_text(FIXTURE, encoding="utf-8")
    (tmp_path / "704" / "cr_704_5b.toml").write_text("rule = \n", encoding="utf-8")
    (tmp_path / "704" / "cr_704_5c.toml").write_bytes(b'rule = "704.5c"\ntext = "\xff"\n')
    (tmp_path / "704" / "notes.toml").write_text("not a fixture", encoding="utf-8")
    fixtures, errors = read_fixtures(tmp_path)
    assert [f.path.name for f in fixtures] == ["cr_704_5a.toml"]
    assert [(e.path.name, e.line) for e in errors] == [("cr_704_5b.toml", 1), ("cr_704_5c.toml", 2)]
    assert "not UTF-8" in str(errors[1])


def test_rewrite_changes_only_what_it_must():
    new = rewrite(
        FIXTURE,
        {"rule": "704.5b", "title": "State-Based Actions"},
        {"anchor": "en:2031-06-09:704.5b", "previous_rules": "en:2031-03-03:704.5a"},
    )
    old_lines, new_lines = FIXTURE.splitlines(), new.splitlines()
    changed = [(a, b) for a, b in zip(old_lines, new_lines) if a != b]
    assert changed == [
        ('rule = "704.5a"', 'rule = "704.5b"'),
        ('anchor = "en:2031-03-03:704.5a"', 'anchor = "en:2031-06-09:704.5b"'),
    ]
    assert new_lines[len(old_lines) :] == ['previous_rules = "en:2031-03-03:704.5a"']
    assert rewrite(FIXTURE) == FIXTURE


def test_rewrite_adds_keys_before_the_tables_and_a_meta_table_when_missing():
    src = 'rule = "100.1"\n\n[setup]\nseed = 1\n'
    out = rewrite(src, {"text": "two\nlines"}, {"anchor": "en:2031-03-03:100.1"})
    fx = parse_fixture(out, "cr_100_1.toml")
    assert fx.text == "two\nlines" and fx.data["setup"] == {"seed": 1}
    assert str(fx.anchor) == "en:2031-03-03:100.1"
    assert out.startswith('rule = "100.1"\ntext = """two\nlines"""\n')


def test_fixture_files_reached_through_links_are_collected(tmp_path):
    """A strict editable install links each file: a fixture that is a link into another folder
    still belongs to the folder given to --cr-fixtures; one outside it does not."""
    from mtgcr.conformance.pytest_plugin import _under

    real = tmp_path / "real" / "704"
    real.mkdir(parents=True)
    (real / "cr_704_5a.toml").write_text("rule = '704.5a'\n")
    tree = tmp_path / "tree" / "704"
    tree.mkdir(parents=True)
    (tree / "cr_704_5a.toml").symlink_to(real / "cr_704_5a.toml")
    root = (tmp_path / "tree").resolve()
    assert _under(tree / "cr_704_5a.toml", root)
    assert _under(real / "cr_704_5a.toml", (tmp_path / "real").resolve())
    assert not _under(real / "cr_704_5a.toml", root)
