"""The CI files at the repository's root: the composite GitHub Action (action.yml) and the
pre-commit hook (.pre-commit-hooks.yaml), read as their consumers read them (YAML), and the
command lines they run, run for real on a git repository built here."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from cite_releases import DATES, R1, cr_file
from gitrepo import Repo
from helpers import ingested_store
from mtgcr.cli.main import main

yaml = pytest.importorskip("yaml")
ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("releases")
    return ingested_store(folder, {f"cr-{r}.txt": cr_file(r) for r in DATES})


def repo(root: Path) -> Path:
    Repo(root).commit({"A.java": "// CR 702.1: Deathtouch\nclass A {}\n"}, R1)
    return root


def test_the_action_is_a_composite_action_whose_inputs_are_declared():
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    assert {"paths", "cr", "release", "changed-only", "base", "sarif"} <= set(action["inputs"])
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    used = set(re.findall(r"inputs\.([a-z-]+)", text))
    assert used <= set(action["inputs"]), used - set(action["inputs"])
    for step in action["runs"]["steps"]:
        assert "uses" in step or ("run" in step and step.get("shell") == "bash"), step


def test_the_action_s_command_line_writes_valid_sarif(store, tmp_path, monkeypatch):
    jsonschema = pytest.importorskip("jsonschema")
    from helpers import SHARED, need

    schema = json.loads(
        need(SHARED / "schemas" / "sarif" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
    )
    root = repo(tmp_path / "engine")
    (root / "A.java").write_text(
        "// CR 702.1: Deathtouch\n// 702.6. Gravestorm\nclass A {}\n", encoding="utf-8"
    )
    monkeypatch.chdir(root)
    monkeypatch.setenv("MTGCR_CITE_CACHE", str(tmp_path / "cache.sqlite"))
    sarif = tmp_path / "cr.sarif"
    # the arguments the action's check step gives
    args = ["--format", "sarif", "--out", str(sarif), "--changed-only", "--base", "HEAD"]
    code = main(["--silent", "--store", str(store), "cite-check", ".", *args])
    log = json.loads(sarif.read_text(encoding="utf-8"))
    jsonschema.validate(log, schema)
    [res] = log["runs"][0]["results"]  # the changed line only
    assert code == 1 and res["level"] == "error"
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == 2


def test_the_pre_commit_hook_checks_the_changed_lines(store, tmp_path, monkeypatch):
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "mtgcr-cite-check" and hook["language"] == "python"
    assert {"java", "rust", "python", "markdown"} <= set(hook["types_or"])
    entry = shlex.split(hook["entry"])
    assert entry[0] == "mtgcr"
    root = repo(tmp_path / "engine")
    monkeypatch.chdir(root)
    monkeypatch.setenv("MTGCR_CITE_CACHE", str(tmp_path / "cache.sqlite"))
    # pre-commit runs: entry, the hook's args, the staged files
    argv = [*entry[1:], "--store", str(store), "--silent", "A.java"]
    assert main(argv) == 0  # nothing changed yet
    (root / "A.java").write_text(
        "// CR 702.1: Deathtouch\n// 702.6. Gravestorm\n", encoding="utf-8"
    )
    assert main(argv) == 1  # a stale citation on a changed line
