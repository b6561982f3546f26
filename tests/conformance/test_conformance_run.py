"""``mtgcr fixtures run`` on the real engines: phase.rs (phase-python) and python-mtg 0.1.1 in its
own environment (a worker process, started once per session). The matrix, the disagreements read
against the rule text, and the JUnit XML read back by a JUnit reader (junitparser)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'mtgcr[phase]')")
junitparser = pytest.importorskip("junitparser", reason="junitparser is a test dependency")

from mtgcr.cli.main import main  # noqa: E402
from mtgcr.conformance import suite as bundled  # noqa: E402
from mtgcr.conformance.engines.phase import PhaseAdapter  # noqa: E402
from mtgcr.conformance.engines.pymtg import PyMtgAdapter, interpreter  # noqa: E402
from mtgcr.conformance.fixtures.results import Outcome, read_results  # noqa: E402
from mtgcr.conformance.fixtures.tomlio import read_fixtures  # noqa: E402
from mtgcr.conformance.junit import matrix_junit  # noqa: E402
from mtgcr.conformance.run import run_matrix  # noqa: E402

FINDINGS = bundled.path().parent / "findings"


@pytest.fixture(scope="session")
def engines():
    if not interpreter().exists():
        pytest.skip(
            f"python-mtg's environment is missing ({interpreter()}): make pymtg, or "
            "mtgcr fixtures engines --install python-mtg"
        )
    phase, pymtg = PhaseAdapter(), PyMtgAdapter()
    yield {"phase": phase, "python-mtg": pymtg}
    pymtg.close()


@pytest.fixture(scope="session")
def matrix(engines):
    fixtures, errors = read_fixtures(bundled.path())
    more, _ = read_fixtures(FINDINGS)
    assert errors == []
    return run_matrix(fixtures + more, ["phase", "python-mtg"], adapters=engines)


def check_junit(text: str, path: Path) -> dict[str, tuple[int, int, int, int]]:
    """Read a JUnit file with junitparser (what CI plugins use) and check that every suite's
    totals are its test cases' results. Returns {suite: (tests, failures, errors, skipped)}."""
    path.write_text(text, encoding="utf-8")
    xml = junitparser.JUnitXml.fromfile(str(path))
    out = {}
    for suite in xml:
        cases = list(suite)
        fail = sum(any(isinstance(r, junitparser.Failure) for r in c.result) for c in cases)
        err = sum(any(isinstance(r, junitparser.Error) for r in c.result) for c in cases)
        skip = sum(any(isinstance(r, junitparser.Skipped) for r in c.result) for c in cases)
        assert (suite.tests, suite.failures, suite.errors, suite.skipped) == (
            len(cases),
            fail,
            err,
            skip,
        ), suite.name
        assert all(c.classname.startswith("cr.") and c.name for c in cases)
        out[suite.name] = (suite.tests, fail, err, skip)
    return out


@pytest.mark.slow
def test_matrix_of_both_engines(matrix):
    phase, pymtg = matrix.counts("phase"), matrix.counts("python-mtg")
    n_exec = sum(r.fixture.status.value == "executable" for r in matrix.rows)
    assert phase[Outcome.PASSED] == n_exec - 1  # all but the finding
    assert phase[Outcome.FAILED] == 1 and phase[Outcome.UNSUPPORTED] == 0
    # python-mtg has no priority model, no target choice for Lightning Bolt, no marked damage
    assert pymtg[Outcome.UNSUPPORTED] > 100
    assert pymtg[Outcome.PASSED] >= 20
    assert matrix.versions["python-mtg"] == "python-mtg 0.1.1"


@pytest.mark.slow
def test_disagreements_are_read_against_the_rule(matrix):
    found = {(str(d.row.fixture.rule), d.row.fixture.variant): d for d in matrix.disagreements()}
    # phase.rs skips the declare attackers step when nobody can attack (CR 506.1, 508.8)
    d = found[("506.1", "no_attackers")]
    assert d.passing == ("python-mtg",) and d.failing == ("phase",)
    assert "got EndCombat" in d.reading() and "candidate phase bug" in d.reading()
    # python-mtg keeps an indestructible 0-toughness creature (CR 704.5f, 702.12b)
    d = found[("704.5f", "indestructible")]
    assert d.passing == ("phase",) and d.failing == ("python-mtg",)
    assert "expected zone Graveyard, got Battlefield" in d.reading()
    assert ("704.5b", None) in found  # python-mtg's draw comes at the end of the draw step


@pytest.mark.slow
def test_junit_is_read_back_by_a_junit_reader_and_a_planted_fault_is_caught(matrix, tmp_path):
    text = matrix_junit(matrix)
    got = check_junit(text, tmp_path / "run.xml")
    n = len(matrix.rows)
    assert got["phase"] == (
        n,
        1,
        0,
        n - sum(r.fixture.status.value == "executable" for r in matrix.rows),
    )
    assert got["python-mtg"][0] == n
    planted = text.replace(f'name="phase" tests="{n}"', f'name="phase" tests="{n + 1}"', 1)
    assert planted != text
    with pytest.raises(AssertionError):
        check_junit(planted, tmp_path / "planted.xml")


@pytest.mark.slow
def test_cli_run_formats_and_exit_codes(engines, tmp_path, capsys):
    suite = tmp_path / "suite"
    shutil.copytree(bundled.path() / "704", suite / "704")
    shutil.copytree(FINDINGS / "506", suite / "506")
    argv = [
        "--silent",
        "fixtures",
        "run",
        str(suite),
        "--engine",
        "phase",
        "--engine",
        "python-mtg",
    ]
    assert main([*argv, "--format", "json"]) == 1  # the finding fails on phase
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "mtgcr-fixture-matrix/1"
    assert [e["name"] for e in data["engines"]] == ["phase", "python-mtg"]
    assert any(d["rule"] == "506.1" for d in data["disagreements"])
    # the run's JSON is a results file for coverage
    (tmp_path / "run.json").write_text(json.dumps(data))
    res = read_results(tmp_path / "run.json", "python-mtg")
    assert {o.outcome for o in res.values()} >= {Outcome.PASSED, Outcome.UNSUPPORTED}
    assert main([*argv, "--format", "text"]) == 1
    out = capsys.readouterr().out
    assert (
        "506/cr_506_1_no_attackers.toml" in out
        and "disagreements (read against the rule text)" in out
    )
    (suite / "506" / "cr_506_1_no_attackers.toml").unlink()
    assert main([*argv[:-2], "--format", "junit"]) == 0  # phase alone: every fixture passes
    check_junit(capsys.readouterr().out, tmp_path / "cli.xml")


def test_an_engine_that_is_not_installed_is_named(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MTGCR_PYMTG_PYTHON", str(tmp_path / "no" / "python"))
    suite = tmp_path / "s"
    shutil.copytree(bundled.path() / "119", suite / "119")
    assert main(["--silent", "fixtures", "run", str(suite), "--engine", "python-mtg"]) == 2
    assert (
        "engine python-mtg: python-mtg is not installed: no interpreter at"
        in capsys.readouterr().err
    )


def test_the_worker_never_imports_python_mtg_into_mtgcr():
    assert "mtg" not in sys.modules and "effect_handlers" not in sys.modules


def test_cli_engines_lists_both_engines(engines, capsys):
    assert main(["fixtures", "engines"]) == 0
    out = capsys.readouterr().out
    assert "phase-python 0.103" in out and "python-mtg 0.1.1" in out
