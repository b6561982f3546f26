"""phase.rs's cr-suite schema mirrored in Python (conformance/fixtures/schema.py): every file mtgcr
writes passes it; phase-shaped files (tests/data/cr_suite, written for these tests) are read
unchanged and round-trip byte for byte; each kind of issue is found with its line."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mtgcr.conformance import suite as bundled
from mtgcr.conformance.fixtures.schema import (
    ASSERTIONS,
    CURRENT,
    STEPS,
    STRUCTS,
    IssueKind,
    Revision,
    is_strict,
    locate,
    revisions_accepting,
    validate,
)
from mtgcr.conformance.fixtures.tomlio import read_fixture, read_fixtures, rewrite
from mtgcr.conformance.fixtures.write import scenario_text
from mtgcr.errors import BadArgument

DATA = Path(__file__).parent / "data"
OURS = DATA / "cr_suite"
OLD = DATA / "cr_suite_a99e381"


def _all_files():
    return sorted(bundled.path().rglob("cr_*.toml")) + sorted(
        bundled.path().parent.joinpath("findings").rglob("cr_*.toml")
    )


def test_the_schema_has_every_kind_of_phase_cd9ef1b():
    """The mirror lists what schema.rs at cd9ef1b has: 6 steps, 18 assertion kinds, 5 structs."""
    steps = sorted(n for n, v in STEPS.items() if CURRENT in v.revisions)
    assert steps == sorted(
        [
            "pass_priority",
            "pass_both",
            "cast_lightning_bolt",
            "resolve_top",
            "advance_until_stack_empty",
            "check_sbas",
        ]
    )
    assert len([v for v in ASSERTIONS.values() if CURRENT in v.revisions]) == 18
    assert [f.name for f in STRUCTS["ScenarioFile"]][:2] == ["rule", "section"]
    required = {s: [f.name for f in fs if f.required] for s, fs in STRUCTS.items()}
    assert required == {
        "ScenarioFile": ["rule", "section"],
        "SetupSpec": [],
        "PlayerSetup": ["id"],
        "CreatureSpec": ["id", "player", "power", "toughness"],
        "LightningBoltSpec": ["id", "player"],
    }


def test_every_file_of_the_suite_is_strict():
    files = _all_files()
    assert len(files) >= 200
    for p in files:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
        assert validate(data) == [], p


def test_our_phase_shaped_files_cover_every_field_step_and_kind():
    """tests/data/cr_suite (cd9ef1b) and cr_suite_a99e381 use every field, step and kind."""
    docs = [tomllib.loads(p.read_text()) for p in sorted(DATA.glob("cr_suite*/*/cr_*.toml"))]
    seen_fields: set[tuple[str, str]] = set()
    for d in docs:
        seen_fields |= {("ScenarioFile", k) for k in d}
        setup = d.get("setup") or {}
        seen_fields |= {("SetupSpec", k) for k in setup}
        for group, struct in (
            ("players", "PlayerSetup"),
            ("creatures", "CreatureSpec"),
            ("lightning_bolts", "LightningBoltSpec"),
        ):
            for item in setup.get(group, []):
                seen_fields |= {(struct, k) for k in item}
    want = {(s, f.name) for s, fs in STRUCTS.items() for f in fs}
    assert want - seen_fields == set()
    assert {s["action"] for d in docs for s in d.get("steps", [])} == set(STEPS)
    assert {a["kind"] for d in docs for a in d.get("assertions", [])} == set(ASSERTIONS)


def test_phase_shaped_files_are_read_unchanged_and_round_trip_byte_identical():
    fixtures, errors = read_fixtures(OURS)
    assert errors == [] and len(fixtures) == 5
    for fx in fixtures:
        assert fx.issues == [], fx.path
        assert rewrite(fx.source) == fx.source  # nothing to change: the same bytes
        same = {"rule": str(fx.rule), "section": fx.section}
        assert rewrite(fx.source, same, {k: v for k, v in fx.meta.items()}) == fx.source
    skeleton = read_fixture(OURS / "100" / "cr_100_1.toml")
    assert skeleton.section == 100 and skeleton.status.value == "skeleton" and skeleton.notes == ""


def test_an_earlier_revision_is_read_and_named():
    fx = read_fixture(OLD / "704" / "cr_704_5g_marked.toml")
    assert revisions_accepting(fx.data) == [Revision.A99E381]
    assert validate(fx.data, Revision.A99E381) == []
    kinds = [(i.kind, i.path) for i in fx.issues]  # against cd9ef1b
    assert (IssueKind.IGNORED, "setup.creatures[0].damage_marked") in kinds
    assert (IssueKind.REJECTED, "steps[0].action") in kinds
    bolt = tomllib.loads((OURS / "704" / "cr_704_5a_bolt.toml").read_text())
    assert revisions_accepting(bolt) == [Revision.CD9EF1B]  # stack_is_empty is cd9ef1b's


SRC = """rule = "704.5g"
section = 704
status = "executable"

[setup]
phase = "Precombat"

[[setup.players]]
id = 0
poison = 3

[[setup.players]]
id = 300

[[setup.creatures]]
id = "bear"
player = 1
power = 2

[[setup.lightning_bolts]]
id = "bear"
player = 0

[[steps]]
action = "cast_lightning_bolt"
spell = "bolt"
target_player = 1
target_creature = "bear"

[[steps]]
action = "declare_attackers"

[[assertions]]
kind = "creature_zone"
creature = "nobody"
zone = "Limbo"

[meta]
anchor = 5
"""


def test_each_issue_kind_is_found_with_its_line():
    issues = validate(tomllib.loads(SRC), source=SRC)
    got = {(i.kind.value, i.path, i.line) for i in issues}
    assert ("ignored", "setup.players[0].poison", 10) in got
    assert ("rejected", "setup.players[1].id", 13) in got  # 300 is out of u8
    assert ("rejected", "setup.creatures[0].toughness", 15) in got  # required, missing
    assert ("rejected", "steps[1].action", 31) in got  # no such step in phase's schema
    assert ("rejected", "meta.anchor", 39) in got  # [meta] holds strings only
    assert ("runtime", "setup.phase", 6) in got  # not a phase serde name
    assert ("runtime", "setup.lightning_bolts[0].id", 21) in got  # duplicate handle
    assert ("runtime", "steps[0].spell", 26) in got  # no such bolt
    assert ("runtime", "steps[0]", 24) in got  # both targets given
    assert ("runtime", "assertions[0].creature", 35) in got
    assert ("runtime", "assertions[0].zone", 36) in got
    assert not is_strict(tomllib.loads(SRC))
    assert validate({"rule": "1.1", "section": "1"})[0].message.startswith("must be u32")


def test_locate_finds_nested_array_tables():
    assert locate(SRC, "setup.creatures[0].power") == 18
    assert locate(SRC, "steps[1]") == 30
    assert locate(SRC, "meta.anchor") == 39
    assert locate(SRC, "steps[5].action") == 0


def test_writer_refuses_a_document_phase_would_not_read():
    doc = {"rule": "704.5f", "section": 704, "status": "executable", "setup": {}}
    doc["setup"]["creatures"] = [{"id": "z", "player": 0, "power": 1, "toughness": 0}]
    text = scenario_text(doc)
    assert validate(tomllib.loads(text)) == []
    doc["setup"]["creatures"][0]["tapped"] = True  # a key phase would silently ignore
    with pytest.raises(BadArgument, match="tapped"):
        scenario_text(doc)
    with pytest.raises(BadArgument, match="u32"):
        scenario_text({"rule": "704.5f", "section": "704"})


def test_cli_validate_names_file_line_and_revision(capsys):
    from mtgcr.cli.main import main

    assert main(["fixtures", "validate", str(OURS)]) == 0
    assert "5 of 5 fixtures strict for phase's schema at cd9ef1b" in capsys.readouterr().out
    assert main(["fixtures", "validate", str(OLD)]) == 1
    out = capsys.readouterr().out
    path = OLD / "704" / "cr_704_5g_marked.toml"
    assert (
        f"{path}:17: setup.creatures[0].damage_marked: CreatureSpec has no field 'damage_marked' "
        "at cd9ef1b; serde skips it (ignored by phase)" in out
    )
    assert f"{path}:20: steps[0].action: 'mark_damage' is not an action" in out
    assert main(["fixtures", "validate", str(OLD), "--revision", "a99e381"]) == 0
