"""The phase.rs adapter on the real engine (the phase-python wheel): the starter suite passes,
a wrong copy fails, outcomes come from the engine, unsupported vocabulary is an error."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'mtgcr[phase]')")

from mtgcr.conformance.engines import StepError, Unsupported, run_fixture  # noqa: E402
from mtgcr.conformance.engines.phase import PhaseAdapter  # noqa: E402
from mtgcr.conformance.fixtures import starter  # noqa: E402
from mtgcr.conformance.fixtures.model import FixtureStatus  # noqa: E402
from mtgcr.conformance.fixtures.tomlio import parse_fixture, read_fixture, read_fixtures  # noqa: E402

STARTER = sorted(starter.path().rglob("cr_*.toml"))


@pytest.fixture(scope="module")
def adapter():
    return PhaseAdapter()


def test_the_starter_suite_covers_the_rules_the_issue_names():
    fixtures, errors = read_fixtures(starter.path())
    assert errors == []
    rules = {str(f.rule) for f in fixtures}
    assert {
        "103.4",
        "704.5a",
        "120.3a",
        "704.5f",
        "704.5g",
        "305.2",
        "302.6",
        "510.2",
        "704.5j",
        "121.1",
    } <= rules
    assert all(f.status is FixtureStatus.EXECUTABLE for f in fixtures)
    assert all(
        str(f.anchor).startswith("en:2026-01-16:") and f.anchor.text_sha256 for f in fixtures
    )


@pytest.mark.parametrize("path", STARTER, ids=lambda p: p.stem)
def test_starter_fixture_passes_on_phase(adapter, path):
    report = run_fixture(adapter, read_fixture(path))
    assert report.outcomes and report.passed, [o.message for o in report.failures()]


def _variant(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text
    return parse_fixture(text.replace(old, new), path)


def test_a_wrong_copy_fails(adapter):
    fx = _variant(starter.path() / "120" / "cr_120_3a.toml", "life = 17", "life = 16")
    report = run_fixture(adapter, fx)
    assert not report.passed
    [bad] = report.failures()
    assert bad.message == "player 1 life: expected 16, engine has 17"


def test_the_engine_applies_the_state_based_action_not_the_setup(adapter):
    # the same 2/0 creature without the step that gives priority: still on the battlefield
    fx = _variant(
        starter.path() / "704" / "cr_704_5f.toml", '[[steps]]\naction = "check_sbas"\n', ""
    )
    assert fx.data.get("steps") is None
    report = run_fixture(adapter, fx)
    assert not report.passed
    assert report.failures()[0].message == (
        "creature 'bear': expected in Graveyard, engine has it in Battlefield"
    )
    # and a player at 0 life: the game is over only after priority was checked
    fx = _variant(
        starter.path() / "704" / "cr_704_5a.toml", '[[steps]]\naction = "check_sbas"\n', ""
    )
    assert not run_fixture(adapter, fx).passed


def test_a_second_land_play_is_refused_by_the_engine(adapter):
    fx = _variant(
        starter.path() / "305" / "cr_305_2.toml",
        '[[assertions]]\nkind = "action_legal"',
        '[[steps]]\naction = "play_land"\ncard = "Forest"\n\n[[assertions]]\nkind = "action_legal"',
    )
    with pytest.raises(
        StepError, match=r"step 2 \(play_land\): player 0 has no legal land play of 'Forest'"
    ):
        run_fixture(adapter, fx)


def test_unsupported_vocabulary_is_an_error_not_a_pass(adapter):
    base = starter.path() / "704" / "cr_704_5a.toml"
    with pytest.raises(Unsupported, match="step action 'teleport'"):
        run_fixture(adapter, _variant(base, 'action = "check_sbas"', 'action = "teleport"'))
    with pytest.raises(Unsupported, match="assertion kind 'mood'"):
        run_fixture(adapter, _variant(base, 'kind = "game_over"', 'kind = "mood"'))
    with pytest.raises(Unsupported, match="card 'Black Lotus' has no card record"):
        run_fixture(adapter, _variant(base, "life = 0", 'hand = ["Black Lotus"]'))
    with pytest.raises(Unsupported, match="no \\[\\[assertions\\]\\]"):
        text = base.read_text()
        run_fixture(adapter, parse_fixture(text[: text.index("[[assertions]]")], base))


def test_extra_card_files_load(tmp_path):
    import json

    (tmp_path / "more.json").write_text(
        json.dumps(
            {
                "data": {
                    "Gray Ogre": [
                        {
                            "name": "Gray Ogre",
                            "layout": "normal",
                            "type": "Creature — Ogre",
                            "supertypes": [],
                            "types": ["Creature"],
                            "subtypes": ["Ogre"],
                            "text": "",
                            "manaCost": "{2}{R}",
                            "manaValue": 3,
                            "power": "2",
                            "toughness": "2",
                            "colors": ["R"],
                            "colorIdentity": ["R"],
                            "identifiers": {},
                            "legalities": {},
                        }
                    ]
                }
            }
        )
    )
    ad = PhaseAdapter((tmp_path / "more.json",))
    fx = _variant(
        starter.path() / "704" / "cr_704_5f.toml", 'name = "Grizzly Bears"', 'name = "Gray Ogre"'
    )
    assert run_fixture(ad, fx).passed
