"""The pytest plugin, as a user runs it: ``python -m pytest --cr-fixtures DIR`` in a fresh
process (the plugin is found through its ``pytest11`` entry point), on the real engine."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'mtgcr[phase]')")

from mtgcr.crossref.anchor import text_sha256  # noqa: E402
from mtgcr.conformance import suite as bundled  # noqa: E402

from fixture_helpers import two_release_store  # noqa: E402

pytestmark = pytest.mark.slow  # subprocesses: the full suite runs them, make test-fast does not


def pytest_run(cwd, *args):
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-q",
            "-rs",
            "-W",
            "default",
            *map(str, args),
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return p.returncode, p.stdout + p.stderr


@pytest.fixture
def suite(tmp_path):
    dest = tmp_path / "suite"
    shutil.copytree(bundled.path(), dest)
    return dest


@pytest.mark.slow
def test_suite_items_skips_wrong_copy_and_results_file(suite, tmp_path):
    wrong = suite / "119" / "cr_119_2_wrong.toml"
    wrong.write_text(
        (suite / "119" / "cr_119_2.toml").read_text().replace("life = 17", "life = 16")
    )
    (suite / "999").mkdir()
    (suite / "999" / "cr_999_1.toml").write_text('rule = "999.1"\nstatus = "skeleton"\n')
    (suite / "999" / "cr_999_2.toml").write_text('rule = "999.2"\nstatus = "deferred"\n')
    files = list(bundled.path().rglob("cr_*.toml"))
    n = sum('status = "executable"' in p.read_text() for p in files)
    skipped = len(files) - n + 2
    results = tmp_path / "results.json"
    code, out = pytest_run(tmp_path, "--cr-fixtures", suite, "--cr-results", results)
    assert code == 1, out
    assert f"1 failed, {n} passed, {skipped} skipped" in out
    assert (
        "cr_119_2_wrong.toml: CR 119.2[wrong]: assertion 1 (player_life): player 1 life: "
        "expected 16, got 17" in out
    )
    assert "SKIPPED [1] suite/999/cr_999_1.toml: skeleton" in out.replace("..", "")
    assert "deferred" in out
    data = json.loads(results.read_text())
    by = {(r["rule"], r["variant"]): r for r in data["results"]}
    assert data["engine"] == "phase" and len(by) == len(files) + 3
    assert by[("119.2", "wrong")]["outcome"] == "failed"
    assert by[("704.5a", "bolt_below_zero")]["outcome"] == "passed"
    assert (
        by[("999.1", None)]["outcome"] == "skipped" and by[("999.1", None)]["message"] == "skeleton"
    )
    # ids carry rule and variant: select one by its id
    code, out = pytest_run(tmp_path, "--cr-fixtures", suite, "-k", "bolt_below_zero", "-v", "-v")
    assert code == 0 and "cr_704_5a_bolt_below_zero.toml::704.5a[bolt_below_zero] PASSED" in out


def test_a_bad_file_is_a_one_line_collection_error(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "cr_100_1.toml").write_text('rule = "100.1"\nstatus = "done"\n')
    code, out = pytest_run(tmp_path, "--cr-fixtures", tmp_path / "s")
    assert code == 2
    assert "cr_100_1.toml:2: 'status' = 'done' is not one of skeleton, executable" in out
    code, out = pytest_run(tmp_path, "--cr-fixtures", tmp_path / "missing")
    assert code == 4 and "--cr-fixtures" in out and "no such folder" in out


@pytest.mark.slow
def test_stale_fixtures_fail_or_warn_with_the_verdict(tmp_path):
    store = two_release_store(tmp_path)
    text = "Each player brings a deck of at least forty cards."
    (tmp_path / "s" / "100").mkdir(parents=True)
    (tmp_path / "s" / "100" / "cr_100_2.toml").write_text(f'''rule = "100.2"
section = 100
title = "General"
status = "executable"
text = "{text}"

[setup]
phase = "PreCombatMain"

[[steps]]
action = "pass_both"

[[assertions]]
kind = "player_life"
player = 0
life = 20

[meta]
anchor = "en:2031-03-03:100.2"
text_sha256 = "{text_sha256(text)}"
''')
    args = ["--cr-fixtures", tmp_path / "s", "--cr-store", store]
    code, out = pytest_run(tmp_path, *args, "--cr-release", "2031-03-03")
    assert code == 0 and "1 passed" in out
    code, out = pytest_run(tmp_path, *args, "--cr-release", "2031-06-09")
    assert code == 1
    assert "CR 100.2: not current against 2031-06-09: cr_100_2.toml 100.2: moved → 100.3" in out
    code, out = pytest_run(tmp_path, *args, "--cr-release", "2031-06-09", "--cr-stale", "warn")
    assert code == 0 and "1 passed" in out and "StaleFixtureWarning" in out
    code, out = pytest_run(tmp_path, *args, "--cr-release", "1999-01-01")
    assert code == 4 and "--cr-release 1999-01-01: no en release '1999-01-01'" in out
